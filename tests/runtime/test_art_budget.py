"""The shared byte budget of cached pictures (game/art/cache.py): bounded in bytes, least recently
used out first, a table's own pictures given back when its scene ends (issue 11, memory)."""
import pygame
import pytest

from game.art import cache
from game.art.cache import ART, ArtBudget, ArtDict, art_cache, picture_bytes
from game.art.dice_meow_dice import die_tumbling


def surf(w, h=100):
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_pictures_are_weighed_by_their_pixels():
    s = surf(100)
    assert picture_bytes(s) == s.get_pitch() * s.get_height() + 64
    assert picture_bytes((s, (3, 4))) > picture_bytes(s)


def test_the_budget_holds_and_the_least_recently_used_goes_first():
    budget = ArtBudget(budget=3 * picture_bytes(surf(100)))
    for i in range(3):
        budget.put("a", i, surf(100))
    budget.get("a", 0)                      # 0 is used again: 1 is now the oldest
    budget.put("b", "new", surf(100))
    assert budget.total <= budget.budget
    assert budget.get("a", 1) is None
    assert budget.get("a", 0) is not None and budget.get("b", "new") is not None
    assert budget.evicted == 1
    budget.release("a")
    assert budget.stats() == {"b": (1, picture_bytes(surf(100)))}


def test_a_cached_function_gives_the_same_picture_until_it_is_pushed_out(monkeypatch):
    monkeypatch.setattr(cache, "ART", ArtBudget(budget=2 * picture_bytes(surf(50))))
    made = []

    @art_cache("test.pic")
    def pic(w):
        made.append(w)
        return surf(w)

    assert pic(50) is pic(50)
    pic(51), pic(52)                       # over the budget: pic(50) goes
    pic(50)
    assert made == [50, 51, 52, 50]
    assert cache.ART.total <= cache.ART.budget


def test_a_tumbling_die_is_cached_on_the_rounded_angle():
    assert die_tumbling("F", 64, 31) is die_tumbling("F", 64, 29)      # both 30 degrees
    assert die_tumbling("F", 64, 31) is not die_tumbling("F", 64, 40)


def test_a_whole_tumble_smooth_turns_only_five_pictures(monkeypatch):
    """Turns past a quarter are the 15-75 degree pictures turned by whole quarters (exact, a tenth
    of a millisecond): one tumble through all 24 angles makes 5 smooth turns, not 23."""
    ART.clear()
    made = []
    put = ART.put
    monkeypatch.setattr(ART, "put",
                        lambda family, key, *rest: made.append((family, key)) or put(family, key, *rest))
    pictures = {angle: die_tumbling("C", 64, angle) for angle in range(0, 360, 15)}
    assert sorted(k[2] for f, k in made if f == "dice_meow_dice._die_turned") == [15, 30, 45, 60, 75]
    for angle in (105, 200, 330):
        quarters, rest = divmod(angle // 15 * 15, 90)
        base = pictures[rest]
        want = pygame.transform.rotate(base, 90 * quarters)
        got = pictures[angle // 15 * 15]
        assert got.get_size() == want.get_size()
        assert pygame.image.tobytes(got, "RGBA") == pygame.image.tobytes(want, "RGBA")


def test_an_art_dict_gives_its_pictures_back():
    d = ArtDict("test.dict")
    d["x"] = surf(10)
    assert d.get("x") is not None and d.family in ART.stats()
    d.release()
    assert d.get("x") is None and d.family not in ART.stats()
    with pytest.raises(KeyError):
        d["x"]


def test_a_table_gives_its_art_back_when_its_scene_ends(app):
    from game.play.session import GameSession, Seat
    from scenes.hungry_meow.table import HungryMeowTable

    seats = [Seat("Mochi", "human", "heuristic", "tabby"), Seat("Tofu", "bot", "heuristic", "calico")]
    table = HungryMeowTable(app, GameSession("hungry-meow", seats, 7, {}, {}, []))
    app.stack.push(table)
    for _ in range(30):
        app.step(1 / 60, ())
    families = [cache.family for cache in table.__dict__.get("_art", {}).values()]
    assert families and any(f in ART.stats() for f in families)
    table.exit()
    assert not any(f in ART.stats() for f in families)


def test_a_big_picture_pushes_out_the_cheapest_small_ones_in_one_scan(monkeypatch):
    small = picture_bytes(surf(10, 10))
    budget = ArtBudget(budget=40 * small)
    for i in range(40):                    # cost: the odd ones are dear to make again
        budget.put("small", i, surf(10, 10), cost=9.0 if i % 2 else 0.1)
    budget.frame += 10                     # none of them drawn lately
    scans = []
    victims = budget._victims
    monkeypatch.setattr(budget, "_victims", lambda need: scans.append(need) or victims(need))
    big = surf(10, 100)                    # ten small ones' room
    budget.put("big", 0, big)
    assert len(scans) == 1
    assert budget.total <= budget.budget and budget.get("big", 0) is big
    gone = [i for i in range(40) if not budget.has("small", i)]
    assert gone and all(i % 2 == 0 for i in gone)       # the cheap ones went, the oldest first
    assert gone == list(range(0, 2 * len(gone), 2))


def test_ellipse_glows_of_every_size_are_scaled_from_one_round_glow(monkeypatch):
    """A breathing seat glow's seven sizes (and each seat's) are one round glow of GLOW_BASE px
    smooth-scaled: its rings are drawn once per colour and strength, not once per size (40
    circles as wide as the ellipse: 4 ms each at 4K)."""
    from game.art import draw
    from game.art.draw import ellipse_glow

    ART.release("draw.glow")
    ART.release("draw.ellipse_glow")
    rings = []
    real = draw.pygame.draw.circle
    monkeypatch.setattr(draw.pygame.draw, "circle", lambda *a, **k: rings.append(a[1]) or real(*a, **k))
    sizes = [(int(638 * k), 204) for k in (0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0)] + [(300, 96), (1400, 820)]
    glows = [ellipse_glow(size, (255, 214, 120), 230) for size in sizes]
    assert [g.get_size() for g in glows] == sizes
    assert ellipse_glow((300, 96), (255, 214, 120), 230) is glows[-2]
    assert 0 < len(rings) <= 40, len(rings)              # one round glow's rings, for all nine
    ellipse_glow((500, 160), (80, 232, 246), 230)        # another colour: its own round glow
    assert 40 < len(rings) <= 80


def test_a_picture_already_in_the_window_format_is_not_copied(app):
    from game.art.cache import window_format

    assert pygame.display.get_surface() is not None
    alpha, plain = surf(40), pygame.Surface((40, 40))
    assert window_format(alpha) is alpha and window_format(plain, alpha=False) is plain
    odd = pygame.Surface((40, 40), 0, 16)                  # another format: converted as before
    assert window_format(odd, alpha=False) is not odd
    assert window_format(odd, alpha=False).get_masks() == pygame.display.get_surface().get_masks()
    faded = pygame.Surface((40, 40))
    faded.set_alpha(90)                                     # a surface alpha: converted as before
    assert window_format(faded, alpha=False) is not faded


def test_a_tumbling_die_turns_the_very_die_the_tray_shows(monkeypatch):
    """The turned die is made from the tray's cached die (one key, ``style`` spelled out): it
    was cached twice at 4K, once for each spelling, and made again (7-9 ms) after each roll."""
    from game.art.dice_meow_dice import die_face

    ART.clear()
    shown = die_face("F", 64, "normal")
    made = []
    put = ART.put
    monkeypatch.setattr(ART, "put", lambda family, key, *rest: made.append(family) or put(family, key, *rest))
    die_tumbling("F", 64, 45)
    assert made == ["dice_meow_dice._die_turned"]
    assert die_tumbling("F", 64, 0) is shown


@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_a_table_background_keeps_no_design_size_glow(app, game):
    """A table's background is painted once per window size; the lamp light painted on it at
    design size (4-5 MiB) is not kept in the budget, where it outlived every cheaper picture."""
    import importlib

    from game.art.draw import ellipse_glow
    from game.runtime.layout import load_level

    draw = importlib.import_module(f"scenes.{game.replace('-', '_')}.draw")
    ART.clear()
    draw.render_background(load_level(game, app.size), app.size)
    assert not [k for (family, k) in ART.entries if family == ellipse_glow.family and k[0][0] >= 1000]

def test_a_full_budget_frees_a_little_more_so_small_pictures_need_no_scan_each(monkeypatch):
    """Over the budget, it frees 1/SLACK of the budget more than the new picture needs: a run of
    small pictures (text, turned dice) put into a full budget then scans for victims once in a
    while, not once each (a scan cost 0.3-1 ms at 4K, and a dice table put hundreds)."""
    small = picture_bytes(surf(10, 10))
    budget = ArtBudget(budget=256 * small)
    for i in range(256):
        budget.put("old", i, surf(10, 10))
    budget.frame += 10
    scans = []
    victims = budget._victims
    monkeypatch.setattr(budget, "_victims", lambda need: scans.append(need) or victims(need))
    for i in range(64):
        budget.put("new", i, surf(10, 10))
        assert budget.total <= budget.budget
    assert 0 < len(scans) <= 64 // (256 // cache.SLACK - 1) + 1, len(scans)

def test_open_fonts_are_bounded_and_a_fitted_size_is_worked_out_once(monkeypatch, app):
    """A text fitted to its box tries font sizes one by one, each an open face with its glyphs
    (about 360 KiB at 4K sizes): the fonts kept are bounded, the least recently asked for going
    first (never one asked for this frame or the last: texts are kept per font object), and
    ``fit_font``'s choice is remembered (menus ask every frame)."""
    from game.runtime import assets as assets_mod

    monkeypatch.setattr(assets_mod, "FONTS_KEPT", 4)
    bank = assets_mod.Assets()
    kept = bank.font(20)
    for px in (22, 24, 26):
        bank.font(px)
    bank.font(30)                    # a fifth in the same frame: kept too (all asked for now)
    assert len(bank._fonts) == 5
    ART.tick()
    ART.tick()
    assert bank.font(20) is kept                     # asked for again: now the most recent
    bank.font(28)                                    # 22, the least recent, asked for frames ago, goes
    assert len(bank._fonts) == 5 and ("assets/fonts/MeowcadeSans-TC.otf", 22) not in bank._fonts
    assert bank.font(20) is kept

    opened = []
    real = app.assets.font
    monkeypatch.setattr(app.assets, "font", lambda px, *a: opened.append(px) or real(px, *a))
    text = "A rather long line of words that will not fit at the biggest size"
    first = app.fit_font(text, 60, app.s(1100))
    tried = len(opened)
    assert tried > 1 and first.size(text)[0] <= app.s(1100)
    opened.clear()
    assert app.fit_font(text, 60, app.s(1100)) is first and len(opened) == 1    # no sizes tried again


def test_when_every_picture_is_in_use_the_cheapest_to_make_goes():
    """A frame whose pictures outgrow the budget loses one of them, made again next frame: the
    cheapest, not the least recently used (at 4K that was the title's backdrop, 50-100 ms, made
    again every frame) and never the one being put."""
    budget = ArtBudget(budget=3 * picture_bytes(surf(100)))
    budget.put("a", "backdrop", surf(100), cost=80.0)
    budget.put("a", "glow", surf(100), cost=2.0)
    budget.put("a", "text", surf(100), cost=0.5)
    budget.put("a", "door", surf(100), cost=5.0)             # all drawn this frame: over the budget
    assert budget.get("a", "text") is None
    assert budget.get("a", "backdrop") is not None and budget.get("a", "door") is not None
    assert budget.evicted == 1
