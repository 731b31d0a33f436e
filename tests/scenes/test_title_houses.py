"""Issue 21: the title's houses looked like per-game buttons but all led to the same select with
Hungry Meow focused. A click on a lit house opens that table; the street opens the select."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from scenes.title import TitleScene


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def click(app, pos):
    app.step(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    app.step(1 / 30, [])


@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_a_house_opens_its_own_table(app, game):
    title = TitleScene(app)
    app.stack.push(title)
    app.step(1 / 30, [])
    rect = next(r for info, r in title.house_rects() if info.game == game)
    click(app, rect.center)
    top = app.stack.top
    assert type(top).__name__ in ("LearnOfferScene", "SeatSetupScene")
    assert top.info.game == game
    app.stack.pop()
    app.step(1 / 30, [])
    select = app.stack.top
    assert type(select).__name__ == "TableSelectScene" and select.focused_table().game == game


def test_the_street_opens_the_select(app):
    title = TitleScene(app)
    app.stack.push(title)
    app.step(1 / 30, [])
    click(app, (5, 5))
    assert type(app.stack.top).__name__ == "TableSelectScene"


def test_the_4k_title_keeps_its_street_in_the_art_budget(tmp_path, monkeypatch):
    """At 3840x2160 the title's pictures fit the art budget: once its first frames are drawn, the
    backdrop is not made again. (A door's light was kept twice, as itself and as the glow it is,
    and the backdrop's gradient a third window: the pictures outgrew the budget and all were made
    again every frame, 160 ms of them.)"""
    from game.art import cache

    made = []
    real_put = cache.ART.put
    def put(family, key, *a, **k):
        made.append((family, key))
        return real_put(family, key, *a, **k)
    monkeypatch.setattr(cache.ART, "put", put)
    big = App(size=(3840, 2160), home=tmp_path, audio=False, lang="en")
    try:
        big.stack.push(TitleScene(big))
        big.stack.apply_pending()
        for _ in range(12):
            big.step(1 / 60, ())
        settled = len(made)
        for _ in range(6):
            big.step(1 / 60, ())
        later = made[settled:]
        # walking cats (their step's picture from its file, mirrored), the pulsing button
        assert all(family in ("cats", "draw.panel") or (family == "pictures" and "/walk-" in key[0])
                   for family, key in later), later
        ids = [id(entry[0]) for entry in cache.ART.entries.values()]
        assert len(ids) == len(set(ids)), "a picture is counted twice in the art budget"
    finally:
        big.stack.clear()
        cache.ART.clear()


def test_no_house_looks_chosen_until_the_mouse_is_on_it(app):
    """stranger40e: the Hungry Meow house always read as selected (its pink sign), wherever the
    mouse was. A house is drawn as chosen (the focus ring around it) only while the mouse rests
    on it, and none is while it rests on the street."""
    from game.art import palette as P

    title = TitleScene(app)
    app.stack.push(title)
    app.step(1 / 30, [])

    def ringed(game) -> bool:
        rect = next(r for info, r in title.house_rects() if info.game == game)
        column = [tuple(app.screen.get_at((rect.centerx, y)))[:3]
                  for y in range(rect.top - app.s(24), rect.top)]
        return any(sum(abs(a - b) for a, b in zip(px, colour, strict=True)) < 90
                   for px in column for colour in (P.FOCUS[:3], P.FOCUS_2[:3]))

    for game in ("hungry-meow", "meow-dice", "zodiac", None):
        pos = (5, 300) if game is None else next(r for i, r in title.house_rects() if i.game == game).center
        app.step(1 / 30, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
        app.step(1 / 30, [])
        assert (title.hovered().game if title.hovered() else None) == game
        assert [ringed(g) for g in ("hungry-meow", "meow-dice", "zodiac")] == \
            [g == game for g in ("hungry-meow", "meow-dice", "zodiac")], game


def test_the_walking_cats_never_walk_through_each_other(app):
    """Stranger 6: the title's cats passed through each other; now they turn back as they meet."""
    from scenes.title import CAT_GAP

    title = TitleScene(app)
    closest = float("inf")
    for _ in range(120 * 30):                       # two minutes
        title.update(1 / 30)
        xs = sorted(cat.x for cat in title.cats)
        closest = min(closest, min(b - a for a, b in zip(xs, xs[1:], strict=False)))
    assert closest >= CAT_GAP - 10, closest


def test_no_house_looks_chosen_until_one_is_pointed_at(app):
    """Strangers 7 and 8: the Hungry Meow house, pink-framed and pink-signed among gold ones,
    read as chosen before anything was. Every lit sign has one colour until the mouse is on a
    house; each lit door's frame and light are warm lamp colours, not a table's accent."""
    import re
    from pathlib import Path

    from game.art import palette as P

    title = TitleScene(app)
    infos = [info for info, _ in title.house_rects() if info.game in title.open]
    assert len({title.sign_colour(info, True, False) for info in infos}) == 1
    hm = next(info for info in infos if info.game == "hungry-meow")
    assert title.sign_colour(hm, True, True) == P.TABLE_COLOURS["hungry-meow"][1]
    town = Path(__file__).resolve().parents[2] / "assets/pictures/town"
    for info in infos:
        door = (town / f"door-{info.game}.svg").read_text()
        frame = re.search(r'stroke="#(\w{6})" fill="none" stroke-width="8"', door)
        light = re.search(r'stop-color="#(\w{6})"', (town / f"door-light-{info.game}.svg").read_text())
        for colour in (frame.group(1), light.group(1)):
            r, g, b = (int(colour[i:i + 2], 16) for i in (0, 2, 4))
            assert r > 0xe0 and g > 0xb0 and b < 0x90, (info.game, colour)      # lamp light, not pink


def test_walking_cats_never_overlap_on_screen(app):
    """Stranger 8: the walking cats passed through each other. Over ten minutes of the title,
    two cats on the street never stand closer than a drawn cat is wide."""
    from game.art.cats import draw_walking_cat

    widest = 0
    for cat in TitleScene(app).cats:
        for frame in range(8):
            canvas = pygame.Surface((400, 300), pygame.SRCALPHA)
            draw_walking_cat(canvas, (200, 150), 100, cat.coat, frame * 0.1)
            widest = max(widest, canvas.get_bounding_rect().w)
    title = TitleScene(app)
    closest = 10_000.0
    for _ in range(30 * 600):
        title.update(1 / 30)
        xs = sorted(c.x for c in title.cats if -widest < c.x < 1920 + widest)
        closest = min([closest] + [b - a for a, b in zip(xs, xs[1:], strict=False)])
    assert closest >= widest, (closest, widest)


def test_the_footer_says_enter_continues_when_a_game_is_saved(app):
    """Stranger 7: Enter on the title resumed the saved game (Continue has it) while the footer
    said only "Any key: Play"."""
    from game.ui import Button

    title = TitleScene(app)
    app.stack.push(title)
    app.step(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)])
    assert ("confirm", "kiosk.continue") not in title.hints
    title.continue_button = Button((0, 0, 10, 10), "kiosk.continue")
    title.spot = "continue"                      # where keys start when a game is saved
    app.input.device = "keyboard"
    assert title.hints[0] == ("confirm", "kiosk.continue")
    app.input.device = "mouse"                   # a click on the button itself: no footer line
    assert ("confirm", "kiosk.continue") not in title.hints
