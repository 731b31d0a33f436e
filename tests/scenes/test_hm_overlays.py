"""Hungry Meow's banners, speech bubbles and badges are overlays the overlap audit sees (issue 21).

- a banner ends when the person's turn begins: the "wins the trick" banner never stays over the
  Prophecy panel, the Dealer's choice or the person's hand;
- the "Meal? … took a card" badge keeps within its seat's width (two lines), so at 4-6 seats it
  is never under the tiger button, Undo or Moves, nor over the next seat's hand;
- with three action buttons (the Dealer's, the Prophecy's), the tiger button stays off the top one.
Each state is drawn in English and Chinese at 1280x720 and 1920x1080 and checked by
``tests/scenes/overlap_audit.py`` (banners, bubbles and badges are logged as overlays).
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


import pytest  # noqa: E402

from tests.scenes.hm_driver import record_drawn_text  # noqa: E402
from tests.scenes.overlap_audit import problems  # noqa: E402
from tests.scenes.test_overlap_audit import DT, LANGS, person_turn, play_to, rest  # noqa: E402
from tests.scenes.test_overlap_audit import app as audit_app  # noqa: E402

app = audit_app            # the audit's window, at both sizes (module scope)


def both_languages(app, table, where: str) -> list[str]:
    found = []
    for lang in LANGS:
        app.set_language(lang)
        app.step(DT, [])
        found += problems(table, f"{where} {lang} {app.size[0]}x{app.size[1]}")
    app.set_language("en")
    return found


def test_a_banner_ends_when_the_persons_turn_begins(app):
    table = person_turn(app, "hungry-meow", 3)
    table.presenter.banner = ("Tofu wins the trick", (140, 240, 255), 5.0)    # shouted just before
    app.step(DT, [])
    assert table.presenter.banner is None
    assert not any(d.name == "banner" for d in table.boxes.items)
    found = both_languages(app, table, "hungry-meow 3 seats after a banner")
    assert not found, "\n".join(found)


def test_a_banner_is_an_overlay_the_audit_sees(app):
    """While a moment plays the banner is drawn and logged (over the table: the audit would fail
    it at a person's turn, which is why it ends then)."""
    table = person_turn(app, "hungry-meow", 2)
    table.presenter.banner = ("Tofu wins the trick", (140, 240, 255), 5.0)
    table.draw(app.screen)
    assert any(d.name == "banner" and d.layer == "overlay" for d in table.boxes.items)
    assert any("banner" in line for line in problems(table, "banner drawn"))


@pytest.mark.parametrize("n", [4, 5, 6])
def test_the_unsure_meal_badge_keeps_to_its_seat(app, n):
    """Every other seat marked "Meal? <Dealer> took a card" at once (the longest badge each can
    carry): none under the tiger, Undo or Moves, none over a hand or another seat."""
    table = person_turn(app, "hungry-meow", n)
    for seat in range(1, n):
        table.presenter.meals_unsure[seat] = 1 if seat != 1 else 2
    table.presenter.board.passed.clear()
    found = both_languages(app, table, f"hungry-meow {n} seats unsure badges")
    badges = [d for d in table.boxes.items if d.name.startswith("badge:")]
    assert len(badges) == n - 1, [d.name for d in table.boxes.items]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("n", [2, 3])
def test_three_action_buttons_clear_of_the_tiger(app, n):
    """The Dealer's three buttons (take, give, skip) or the Prophecy's (confirm, top/bottom,
    skip), reached in a played game, with the tiger button beside them."""
    def three(t):
        return t.my_turn() and t.mode in ("dealer", "prophecy") and len(t.active_buttons) == 3
    for seed in range(1, 12):
        table = person_turn(app, "hungry-meow", n)
        if play_to(app, table, three, seed):
            break
    else:
        raise AssertionError("no three-button moment came")
    table.refresh_mode()
    found = both_languages(app, table, f"hungry-meow {n} seats, {table.mode}")
    names = set(table.widgets())
    assert "btn:tiger" in names and len([k for k in names if k.startswith("btn:")]) >= 4, names
    assert not found, "\n".join(found)


def test_a_prophecy_cards_keyboard_tooltip_covers_no_other_card(app):
    """During keyboard Prophecy ordering a card's tooltip docks in the status line's place: it
    covered 4 of the 5 cards once. Each card focused in turn, in both languages."""
    from scenes.table.tooltip import DELAY

    def prophecy(t):
        return t.my_turn() and t.mode == "prophecy" and t.pcards
    for seed in range(1, 12):
        table = person_turn(app, "hungry-meow", 2)
        if play_to(app, table, prophecy, seed):
            break
    else:
        raise AssertionError("no Prophecy came")
    found = []
    for lang in LANGS:
        app.set_language(lang)
        for card in list(table.pcards):
            table.focus.set_focus(card)
            table.tooltip.by_pointer = False
            rest(app, int(DELAY / DT) + 2)
            assert table.tooltip.shown
            found += problems(table, f"prophecy card {card.index} focused {lang} {app.size[0]}x{app.size[1]}")
    app.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("n", [2, 4, 6])
def test_speech_and_meal_badges_keep_off_the_cats_faces(app, n):
    """Issue 21 playtest, defect 6: "Pass" was drawn over the top cat's eyes and "Meals: 2" /
    "Meal? Tofu took a card" over the cats' heads. Every seat speaks at once, then every other
    seat carries the longest badge: the audit fails on a bubble or badge over any cat's face."""
    table = person_turn(app, "hungry-meow", n)
    table.presenter.board.passed.clear()
    for seat in range(n):
        table.bubble(seat, app.t("hm.btn.pass"), 60.0)
    found = both_languages(app, table, f"hungry-meow {n} seats speaking")
    assert sum(d.name.startswith("bubble:") for d in table.boxes.items) == n
    assert sum(d.name.startswith("face:") for d in table.boxes.items) == n
    table.bubbles.clear()
    for seat in range(1, n):
        table.presenter.meals_unsure[seat] = 1
    found += both_languages(app, table, f"hungry-meow {n} seats unsure badges")
    assert sum(d.name.startswith("badge:") for d in table.boxes.items) == n - 1
    assert not found, "\n".join(found)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_a_meal_badge_never_hides_its_seats_name(app, n, monkeypatch):
    """At 6 seats and 1280x720 the top-left seat's "Meal?" badge stood on its plate over the name,
    then over its second line (the cards it holds). Every other seat carries the badge; in both
    languages none covers the middle of its seat's name line or of the line under it."""
    table = person_turn(app, "hungry-meow", n)
    for seat in range(1, n):
        table.presenter.meals_unsure[seat] = 1
    bad = []
    for lang in LANGS:
        app.set_language(lang)
        app.step(DT, [])
        said = badges_said(table, monkeypatch)
        for d in table.boxes.items:
            if d.name.startswith("badge:seat"):
                plate = table.plates[int(d.name[len("badge:seat"):])]
                seat = int(d.name[len("badge:seat"):])
                if d.rect.collidepoint(plate.centerx, plate.y + table.s(22)):
                    bad.append((lang, "name", d.name, tuple(d.rect), tuple(plate)))
                # over the line under the name only if it says that line again
                if d.rect.collidepoint(plate.centerx, plate.y + table.s(57)) and \
                        table.plate_status[seat] not in said.get(seat, ""):
                    bad.append((lang, "status", d.name, said.get(seat), table.plate_status[seat]))
    app.set_language("en")
    table.presenter.meals_unsure.clear()
    assert not bad


def test_the_direction_ring_is_bright_while_the_way_is_news_then_faint(app):
    """Issue 21 (stranger21): the turn-direction ring stood over the table all game. It shines
    when the way is chosen and a few seconds after, then stays only as a faint ring under the
    cards (still there to read)."""
    from types import SimpleNamespace

    from scenes.hungry_meow.draw import RING_FAINT

    table = person_turn(app, "hungry-meow", 3)
    rest(app, 120)
    assert table.presenter.board.direction and table.ring_alpha == RING_FAINT
    table.presenter.queue.append(
        lambda: table.presenter.on_DirectionChosen(SimpleNamespace(data={"direction": "ccw"}), []))
    for _ in range(40):
        app.step(DT, [])
        if table.dir_spin > 0:
            break
    assert table.ring_alpha == 255
    rest(app, 200)
    assert table.ring_alpha == RING_FAINT


def test_the_direction_ring_is_small_pieces_with_the_pixels_of_one_picture(app):
    """Issue 23: at 4K each arrow of the ring was one ~600x650 picture made again every frame it
    turned, so the redraw by parts blended and sent all of its box, old and new, though the
    arrow covers a tenth of it. Now an arrow is cut along the ellipse into pictures with tight
    boxes: views into one picture while bright (painted over each frame as it turns: the views
    of each turn show that turn's ring, not a leftover of the last), small pictures no two
    sharing a pixel once faded (a seam blended twice would show). Either way they give the
    pixels of the whole ring drawn on one picture. The fade only sets their alpha (no new
    picture)."""
    import pygame

    from scenes.hungry_meow import ring as ring_art

    def area(rects) -> int:                    # the pixels the rectangles cover
        mask = pygame.mask.Mask(size)
        for r in rects:
            mask.draw(pygame.mask.Mask(r.size, fill=True), r.topleft)
        return mask.count()

    table = person_turn(app, "hungry-meow", 3)
    table.presenter.board.direction = "ccw"
    size = app.screen.get_size()
    for spin in (0.537, 0.21):
        table.dir_spin, table.dir_loud = spin, 4.0
        table.draw(app.screen)
        pieces = table._ring[3]
        whole = pygame.Surface(size, pygame.SRCALPHA)          # the ring on one picture
        covered = 0
        for shapes, boxes in table._ring[1]:
            ring_art.draw(whole, shapes, table._ring[2].topleft)
            arrow_box = boxes[0].unionall(boxes[1:])
            covered += arrow_box.w * arrow_box.h
        assert len(pieces) > 8
        assert area([pygame.Rect(at, p.get_size()) for p, at in pieces]) < 0.35 * covered
        faded = [piece for shapes, boxes in table._ring[1]
                 for piece in ring_art.cut(shapes, boxes, table._ring[2].topleft)]
        assert area([pygame.Rect(at, p.get_size()) for p, at in faded]) < 0.35 * covered
        for alpha, drawn in ((255, pieces), (120, faded), (255, faded)):
            whole.set_alpha(alpha)
            before, after = pygame.Surface(size), pygame.Surface(size)
            before.fill((90, 60, 30))
            after.fill((90, 60, 30))
            before.blit(whole, (0, 0))
            for pic, at in drawn:
                pic.set_alpha(alpha)
                after.blit(pic, at)
            assert pygame.image.tobytes(before, "RGB") == pygame.image.tobytes(after, "RGB")
    table.dir_spin = 0.0
    seen, alphas = set(), set()
    for loud in (0.8, 0.6, 0.4, 0.2, 0.0):
        table.dir_loud = loud
        table.draw(app.screen)
        seen.add(tuple(id(p) for p, _ in table._ring[4]))
        alphas.add(table._ring[4][0][0].get_alpha())
    assert len(alphas) == 5 and len(seen) == 1


def test_the_direction_ring_is_ready_before_it_first_turns(app, monkeypatch):
    """Issue 23: the frame the ring first turned (with the direction's shout and a cat's new
    pose) also made every point along its ellipses and its picture to paint on. They are made
    in a frame before (the table's first without a direction): the first turning frame makes
    only the arrows' ends."""
    from scenes.hungry_meow import ring as ring_art

    table = person_turn(app, "hungry-meow", 3)
    table.presenter.board.direction = None
    ring_art._rims.clear()
    table.__dict__.pop("_ring_ready", None)
    table.__dict__.pop("_ring_views", None)
    table.draw(app.screen)
    assert sorted(len(points) for points in ring_art._rims.values()) == [ring_art.GRID, ring_art.GRID]
    scratch = table._ring_views.scratch
    assert scratch is not None
    made = []
    real = ring_art._rim
    monkeypatch.setattr(ring_art, "_rim", lambda *args: made.append(args) or real(*args))
    table.presenter.board.direction = "cw"
    table.dir_spin, table.dir_loud = 0.8, 4.0
    table.draw(app.screen)
    assert len(made) == 8 and table._ring_views.scratch is scratch       # 2 arrows x 2 bands x 2 ends


@pytest.mark.parametrize("game,n", [("hungry-meow", 4), ("hungry-meow", 6), ("zodiac", 4)])
def test_the_tiger_buttons_words_stand_on_one_line(app, game, n):
    """Issue 21 (stranger21): at 4-6 seats the tools button read "Ask the / tiger" on two lines
    (1920x1080 and 1280x720). A smaller tiger leaves its words one line, inside the button."""
    table = person_turn(app, game, n)
    button = table.advice.button
    for lang in LANGS:
        app.set_language(lang)
        app.step(DT, [])
        assert button.label_lines(app) == [app.t(button.label)], lang
        assert all(button.rect.contains(r) for r in button.label_rects), lang
    app.set_language("en")


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_tools_shelf_shares_one_font_size(app, n):
    """Issue 21 (hz21c): at 4-6 seats "Ask the tiger" was drawn at 24 px under Undo and Moves at
    30. The tiger stands above its words in the taller shelf button, so all three are one size."""
    from game.ui.textfit import fit_text
    from scenes.table.tools import TOOL_LABEL

    table = person_turn(app, "hungry-meow", n)
    tiger, tools = table.advice.button, table.tools
    for lang in LANGS:
        app.set_language(lang)
        app.step(DT, [])
        assert tiger.visible and tools.undo_btn.visible and tools.moves_btn.visible
        sizes = {fit_text(app, b.text(app), TOOL_LABEL).px for b in (tools.undo_btn, tools.moves_btn)}
        sizes.add(tiger.drawn_px)
        assert len({app.font(px).get_height() for px in sizes}) == 1, (lang, sizes)
        assert tiger.label_lines(app) == [app.t(tiger.label)], lang
        assert all(tiger.rect.contains(r) for r in tiger.label_rects), lang
    app.set_language("en")


def test_a_hand_cards_tip_leaves_the_prompt_on_screen(app, monkeypatch):
    """Stranger 3: in the Dealer's first step the tip of a selected hand card, docked in the
    prompt's place, hid "Trade with …". While a tip stands there the prompt is drawn in the
    footer, out from under the tip (as at the Zodiac table)."""
    from scenes.table.tooltip import DELAY
    table = person_turn(app, "hungry-meow", 3)
    assert play_to(app, table, lambda t: t.my_turn() and t.mode == "play" and t.hand_widgets, 1)
    prompt = table._prompt_text()[0]
    table.focus.set_focus(table.hand_widgets[0])
    table.tooltip.by_pointer = False
    rest(app, int(DELAY / DT) + 2)
    assert table.tooltip.shown and table.zone("tooltip") is not None
    said = record_drawn_text(app, monkeypatch)
    app.step(DT, [])
    tip = next(d.rect for d in table.boxes.items if d.name == "tooltip")
    seen = [r for text, r in said if text == prompt and not r.colliderect(tip)]   # not under the tip
    assert seen, (prompt, tip, [x for x in said if x[0] == prompt])



def badges_said(table, monkeypatch) -> dict:
    """Each seat's badge words as drawn now (seat -> words)."""
    said = {}
    real = table.chip

    def spy(surface, text, *a, **k):
        name = k.get("name", a[3] if len(a) > 3 else None)
        if name and name.startswith("badge:seat"):
            said[int(name[len("badge:seat"):])] = text
        return real(surface, text, *a, **k)

    monkeypatch.setattr(table, "chip", spy)
    table.draw(table.app.screen)
    monkeypatch.undo()
    return said


def test_a_passed_seat_keeps_its_meal_badge_and_the_viewer_is_never_unsure(app, monkeypatch):
    """Nori passed holding two Loaves and her badge went; "Meals: 1+? Bao took a card" stood on
    the person's own seat, whose eyes know which card went."""
    table = person_turn(app, "hungry-meow", 4)
    board = table.presenter.board
    me, other = table.viewer, (table.viewer + 2) % 4
    kept = {s: list(board.hands[s]) for s in (me, other)}
    board.hands[other] = ["LOAF", "LOAF", None]
    board.passed.add(other)
    board.hands[me] = kept[me] + ["LOAF"]
    table.presenter.meals_unsure[me] = (me + 1) % 4
    said = badges_said(table, monkeypatch)
    assert app.t("hm.meals_held", n=2) in said.get(other, "")
    assert app.t("hm.meals_held", n=1) in said.get(me, "")
    table.presenter.meals_unsure.clear()
    board.passed.discard(other)
    for seat, hand in kept.items():
        board.hands[seat] = hand


def test_no_meal_badge_after_the_game_is_over(app, monkeypatch):
    table = person_turn(app, "hungry-meow", 3)
    board = table.presenter.board
    other = (table.viewer + 1) % 3
    kept = list(board.hands[other])
    board.hands[other] = kept + ["LOAF"]
    assert other in badges_said(table, monkeypatch)
    monkeypatch.setattr(type(table.feed), "over", property(lambda feed: True))
    assert badges_said(table, monkeypatch) == {}
    board.hands[other] = kept


@pytest.mark.parametrize("n", [2, 4, 6])
def test_the_odds_say_the_five_card_draws_risk_while_it_may_be_chosen(app, n, monkeypatch):
    """Hungry Meow's odds showed only "Death next"; the 5-card draw's risk (12% in one game) was
    known only to the tiger. While "draw 5" may be chosen the chip says both, and it stays clear
    of everything (both languages and sizes)."""
    from game.bots.advice import pct
    from game.bots.hungry_meow_odds import death_chance
    from scenes.hungry_meow.table import HungryMeowTable
    from tests.scenes.hm_driver import fixed_setup, make_session

    pool = [f"{c}{k}{sym}" for c in "YBG" for k in range(2, 9) for sym in "PX"]
    hands = [["R1P"]] + [pool[5 * i:5 * i + 5] for i in range(n - 1)]
    table = HungryMeowTable(app, make_session(players=n, humans=(0,), setup=fixed_setup(hands),
                                              actions=["direction cw"]))
    app.stack.clear_to(table)
    for _ in range(300):
        app.step(DT, [])
        if table.presenter.busy:
            table.presenter.skip()
        elif table.legal:
            break
    assert "draw 5" in table.legal
    view = table.feed.view(table.viewer)
    said = []
    real = table.chip
    monkeypatch.setattr(table, "chip",
                        lambda surface, text, *a, **k: said.append(text) or real(surface, text, *a, **k))
    table.draw(app.screen)
    monkeypatch.undo()
    assert app.t("hm.odds.death_five", pct=pct(death_chance(view)), five=pct(death_chance(view, 5))) in said
    found = both_languages(app, table, f"hungry-meow {n} seats odds with the 5-card draw")
    assert not found, "\n".join(found)
