"""Issue 12's readable pieces: focus stays where the person was pointing, pieces that differ in
shape and not only in colour, marks that say which way a hand runs."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from tests.peek import engine_of, session_of
from tests.scenes.test_zodiac_table import make_session, open_table

A = pygame.CONTROLLER_BUTTON_A
NO_MERMAIDS = {"first": 0, "hands": [
    ["RAT", "RAT", "TIGER", "DRAGON", "HORSE", "MONKEY", "ROOSTER", "ROOSTER"],
    ["RAT", "TIGER", "TIGER", "DRAGON", "DRAGON", "HORSE", "MONKEY", "ROOSTER"]]}


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def _dist(a, b) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def test_zodiac_focus_stays_near_the_pointed_card(app):
    session = make_session(players=2, humans=(0,), seed=3, setup=NO_MERMAIDS)
    drv = open_table(app, session, "pad")
    drv.settle()
    table = drv.table
    assert table.mode == "point"
    # a card far from the first focusable one: the right end of the centre grid
    centres = sorted((w for w in table.shown_widgets if w.key[0] == "centre"), key=lambda w: w.rect.centerx)
    target = centres[-1]
    drv.pad_focus(f"centre:{target.key[2]}")
    where = target.rect.center
    drv.pad(A)
    assert session.actions[-1] == f"point centre {target.key[2]}"
    drv.settle(hurry=False)
    assert table.mode == "point" and session.game.current_player == 0
    # the focus stays on the card just pointed at (it moved by itself to the nearest face-down
    # card, and Left + Enter then skipped one): never to the far end of the table
    focused = table.focus.focused
    assert focused is target and _dist(focused.rect.center, where) <= table.s(30)


def _corner_share(surf) -> float:
    """How much of the icon's four corner squares is drawn (a square frame fills them, a round
    sign leaves them empty)."""
    mask = pygame.mask.from_surface(surf, 60)
    w, h = surf.get_size()
    k = w // 6
    hits = total = 0
    for x0, y0 in ((0, 0), (w - k, 0), (0, h - k), (w - k, h - k)):
        for x in range(x0, x0 + k):
            for y in range(y0, y0 + k):
                total += 1
                hits += mask.get_at((x, y))
    return hits / total


def test_meow_dice_must_and_must_not_differ_in_shape():
    from game.art.dice_meow_dice import FACES, condition_icon
    for face in FACES:
        must, must_not = condition_icon("!" + face, 64), condition_icon("X" + face, 64)
        assert _corner_share(must) > 0.3, face           # a square frame reaches the corners
        assert _corner_share(must_not) < 0.05, face      # the round no-sign does not
        a, b = pygame.mask.from_surface(must, 60), pygame.mask.from_surface(must_not, 60)
        overlap = a.overlap_area(b, (0, 0))
        union = a.count() + b.count() - overlap
        assert overlap / union < 0.85, face              # the silhouettes differ, not only the colours


def test_tooltip_appears_after_the_focus_rests_and_goes_with_a_move(app):
    from scenes.table.tooltip import DELAY
    session = make_session(players=2, humans=(0,), seed=3, setup=NO_MERMAIDS)
    drv = open_table(app, session, "pad")
    drv.settle()
    table = drv.table
    drv.pad_focus("hand:0:0")                        # my own Rat, face down: I know it
    assert not table.tooltip.shown                   # not at once
    drv.step(frames=int(DELAY / drv.dt) + 3)
    tip = table.tooltip.tip
    assert table.tooltip.shown and tip.picture is not None
    assert tip.title.startswith("Rat") and any("opposite" in line and "Horse" in line for line in tip.lines)
    drv.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)     # another card: the tip waits again
    assert not table.tooltip.shown


def test_meow_dice_condition_token_tooltip_spells_the_condition_out(tmp_path):
    from tests.scenes.md_driver import make_session as md_session
    from tests.scenes.test_meow_dice_table import open_table as md_open
    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        drv = md_open(app, md_session(players=2, humans=(0,), seed=4))
        drv.settle()
        table = drv.table
        from scenes.table.widgets import Spot
        words = table.describe(Spot("tok:XB"))
        assert words.title == "Condition token"
        assert words.lines == ["No die may show a bell.", app.t("md.tip.supply")]
        slot, card = next((k, c) for k, c in table.presenter.board.slots.items() if c)
        tip = table.describe(table.slot_spots[slot])
        assert tip.title == table.card_name(card) and tip.picture is not None
        assert any(line.startswith(("At least one die", "No die")) for line in tip.lines)
    finally:
        app.shutdown()


def test_hungry_meow_pile_click_draws_and_direction_names_who_is_next(app):
    from scenes.hungry_meow.table import HungryMeowTable
    from tests.scenes.hm_driver import Driver
    from tests.scenes.hm_driver import make_session as hm_session
    table = HungryMeowTable(app, hm_session(players=3, humans=(0,), seed=7))
    app.stack.push(table)
    drv = Driver(app, table)
    drv.settle()
    if table.mode == "direction":
        host = engine_of(table).current_player
        names = [table.seat_name(s) for s in range(3)]
        table.focus.set_focus(table.buttons["cw"])
        assert table.direction_words() == f"Clockwise: {names[(host + 1) % 3]} plays next"
        table.focus.set_focus(table.buttons["ccw"])
        assert table.direction_words() == f"Counter-clockwise: {names[(host - 1) % 3]} plays next"
        drv.click("btn:cw")
        drv.settle()
    for _ in range(60):                              # play on (passing) until it is my draw
        if table.mode == "draw" and "draw 1" in table.legal:
            break
        drv.click("btn:pass" if table.mode == "play" else "btn:skip")
        drv.settle()
    assert table.mode == "draw" and "draw 1" in table.legal
    before = len(session_of(table).actions)
    drv.click_at(table.anchors["deck"].rect.center)      # the pile itself, not the button
    assert session_of(table).actions[before:] == ["draw 1"]


def test_prophecy_row_up_does_not_wrap_to_the_buttons(app):
    from game.runtime.input import Intent
    from scenes.hungry_meow.table import HungryMeowTable
    from tests.scenes.hm_driver import make_session as hm_session
    table = HungryMeowTable(app, hm_session(players=2, humans=(0,), seed=7))
    app.stack.push(table)
    app.step(1 / 20, [])
    table.mode = "prophecy"                       # the row as the person sees it in a Prophecy step
    table.prophecy_order = ["R1P", "R2P", "Y3X"]
    table._build_buttons()
    table._layout_widgets()
    table.focus.set_focus(table.pcards[1])
    table.handle_focus(Intent("move", direction="up", device="keyboard"))
    assert table.focus.focused is table.pcards[1]


def test_hungry_meow_big_moments_are_held_whatever_the_speed(app):
    """A knock-out stays on screen 2.4 s even at the faster animation speed; a press ends it."""
    from game.rules.base import Event
    from scenes.hungry_meow.presenter import HOLD
    from scenes.hungry_meow.table import HungryMeowTable
    from tests.scenes.hm_driver import make_session as hm_session
    table = HungryMeowTable(app, hm_session(players=3, humans=(0,), seed=7))
    app.stack.push(table)
    presenter = table.presenter
    presenter.finish_all()
    presenter.present([Event("Eliminated", {"seat": 1, "card": "R5P"})], None)
    dt, shown = 1 / 20, 0.0
    while presenter.busy and shown < 10:
        presenter.update(dt)
        shown += dt
    assert shown >= HOLD and app.settings.speed_factor < 1
    presenter.present([Event("Eliminated", {"seat": 2, "card": "R6P"})], None)
    presenter.update(dt)
    presenter.skip()                                # a press: the moment ends at once
    presenter.update(dt)
    presenter.update(dt)
    assert not presenter.busy


def test_rules_pages_show_the_pieces_they_talk_about(app):
    from game.rules.registry import KITS
    from scenes.rules_help import RulesHelpScene, draw_pictures, pages_for, picture, pictures
    for game, pages in ((game, pictures(game)) for game in KITS):
        count = len(pages_for(app, game))
        assert pages and all(1 <= page <= count for page in pages), game
        for page, items in pages.items():
            for kind, item in items:
                surf = picture(game, kind, item, 120)
                drawn = pygame.mask.from_surface(surf).count()
                assert surf.get_width() >= 100 and drawn > 2000, (game, kind, item)
            target = pygame.Surface((400, 500), pygame.SRCALPHA)
            assert draw_pictures(target, game, page, target.get_rect(), lambda v: v)
            assert pygame.mask.from_surface(target).count() > 4000
    assert not draw_pictures(pygame.Surface((10, 10)), "zodiac", 2, pygame.Rect(0, 0, 10, 10), lambda v: v)
    scene = RulesHelpScene(app, "meow-dice")              # and the page draws with them
    app.stack.push(scene)
    app.step(1 / 20, [])
    scene.turn(4)
    app.step(1 / 20, [])
    assert scene.page == 4


def test_meow_dice_header_counts_the_roll_as_it_is_announced(app):
    from game.rules.base import Event
    from tests.scenes.md_driver import make_session as md_session
    from tests.scenes.test_meow_dice_table import open_table as md_open
    drv = md_open(app, md_session(players=2, humans=(0,), seed=4))
    drv.settle()
    presenter = drv.table.presenter
    presenter.finish_all()
    rolled = {"seat": 1, "dice": [0, 1, 2, 3], "faces": ["C", "F", "Y", "M"], "all": ["C", "F", "Y", "M"],
              "roll": 2, "next_max": 3, "locked": []}
    presenter.present([Event("DiceRolled", rolled)], None)
    presenter.update(1 / 60)
    assert presenter.busy and presenter.board.rolls == 2        # while the dice still tumble


def test_hungry_meow_shown_hand_is_grouped_by_symbol(app):
    from scenes.hungry_meow.rules_view import parse
    from scenes.hungry_meow.table import HungryMeowTable
    from tests.scenes.hm_driver import make_session as hm_session
    table = HungryMeowTable(app, hm_session(players=2, humans=(0,), seed=7))
    app.stack.push(table)
    app.step(1 / 20, [])
    table.presenter.finish_all()
    table.presenter.board.hands[0] = ["R2P", "G3X", "B5P", "LOAF", "Y1X", "R8P"]
    shown = table.display_hand(0)
    assert shown == ["R2P", "B5P", "R8P", "Y1X", "G3X", "LOAF"]
    symbols = [parse(c)[2] for c in shown if parse(c)]
    assert symbols == sorted(symbols, key=["P", "X"].index)      # each symbol lies together


def test_hungry_meow_hand_grouping_setting_changes_the_hand_layout(tmp_path):
    from game.runtime.settings import load_settings
    from scenes.hungry_meow.table import HungryMeowTable
    from scenes.settings import SettingsScene
    from tests.scenes.hm_driver import make_session as hm_session
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        assert app.settings.group_hand                                # on by default
        table = HungryMeowTable(app, hm_session(players=2, humans=(0,), seed=7))
        app.stack.push(table)
        app.step(1 / 20, [])
        table.presenter.finish_all()
        table.presenter.board.hands[0] = ["R2P", "G3X", "B5P", "LOAF", "Y1X", "R8P"]

        def laid_out() -> list[str]:
            app.step(1 / 20, [])
            app.step(1 / 20, [])                                      # the overlay goes between frames
            assert app.stack.top is table
            return [w.card for w in sorted(table.hand_widgets, key=lambda w: w.rect.centerx)]
        assert laid_out() == ["R2P", "B5P", "R8P", "Y1X", "G3X", "LOAF"]
        settings = SettingsScene(app)
        app.stack.push(settings)
        app.step(1 / 20, [])
        settings.change("group_hand", 1)                             # the row in Settings: off
        app.stack.pop()
        assert not app.settings.group_hand
        assert laid_out() == ["Y1X", "R2P", "G3X", "B5P", "R8P", "LOAF"]   # by number, symbols mixed
        assert load_settings(str(tmp_path)).group_hand is False       # saved like the others
    finally:
        app.shutdown()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_zodiac_rules_pictures_speak_the_readers_language(tmp_path, lang):
    """Issue 21 playtest: the rules pages showed Chinese-only Zodiac faces in English (the kit's
    picture function got no language). Each face is now the table's own: "Ox" printed in its
    foot in English, the character alone in Chinese."""
    from game.art.cards_zodiac import card_face
    from scenes.rules_help import picture
    a = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=lang)
    try:
        drawn = picture("zodiac", "card", "OX", 160, a.t)
        named = card_face("OX", 160, "Ox")
        bare = card_face("OX", 160)
        want, other = (named, bare) if lang == "en" else (bare, named)
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(want, "RGBA")
        assert pygame.image.tobytes(drawn, "RGBA") != pygame.image.tobytes(other, "RGBA")
    finally:
        a.shutdown()


def test_a_pointed_piece_tip_leaves_no_focus_frame_on_another_card(app):
    """Issue 21 playtest: the tip of a turned-up card under the pointer showed while the keys'
    focus frame stood on another card: two "this card" marks. The pointed piece's tip takes
    the mark: the focus frame goes until keys or a pad move again."""
    from scenes.table.tooltip import DELAY
    drv = open_table(app, make_session(players=3))
    table = drv.table
    for _ in range(40):
        drv.settle()
        if table.mode == "arrange":
            table._arrange_done()
        elif table.my_turn() and engine_of(table).view(None)["step"] == 0:
            break
    drv.click("hand:0:0")                              # the person's own card turns up
    drv.settle()
    pos = None
    for x in range(0, app.size[0], 8):
        for y in range(app.size[1] // 2, app.size[1], 8):
            found = table.describe_at((x, y))
            if found is not None:
                pos = (x, y)
                break
        if pos:
            break
    assert pos is not None
    other = next(w for w in table.focus.items if not w.rect.collidepoint(pos))
    table.focus.set_focus(other)
    table.tooltip.by_pointer = False
    drv.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
    drv.step(frames=int(DELAY / drv.dt) + 4)
    assert table.tooltip.shown and table.tooltip.target[0] == "at"
    assert table.tooltip.hides_focus
    blank = pygame.Surface(app.size, pygame.SRCALPHA)
    table.draw_focus(blank, 12)
    assert pygame.mask.from_surface(blank).count() == 0     # no frame on the other card
    table.tooltip.tip = None                                 # the tip gone: the frame is back
    table.draw_focus(blank, 12)
    assert pygame.mask.from_surface(blank).count() > 0


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rules_text_keeps_clear_of_the_pictures(tmp_path, size):
    """Stranger 3, item 11: on Hungry Meow's page 8 "Powers" (1280x720, en) the line "...two cards
    of the same number:" ran up to the card pictures. On every page of every game, in both
    languages, the text's drawn block stays a gap clear of the pictures' column."""
    from game.rules.registry import KITS
    from scenes.rules_help import TEXT_GAP, RulesHelpScene, pages_for
    app = App(size=size, home=str(tmp_path), audio=False, lang="en")
    found = []
    try:
        for lang in ("en", "zh_TW"):
            app.set_language(lang)
            for game in KITS:
                scene = RulesHelpScene(app, game)
                app.stack.push(scene)
                for page in range(len(pages_for(app, game))):
                    scene.page = page
                    scene.draw(pygame.Surface(app.size))
                    pics = scene.pictures_rect
                    text = scene.text_rect
                    reach = pygame.Rect(text.x, text.y, text.w + app.s(TEXT_GAP) - 2, text.h)
                    if pics and reach.colliderect(pics):
                        found.append((lang, game, page + 1, tuple(scene.text_rect), tuple(pics)))
                app.stack.pop()
    finally:
        app.shutdown()
    assert not found, found


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_rules_pages_read_at_one_size_and_their_example_dice_are_big(tmp_path, size):
    """stranger40e #15: the "four slots" page drew its example dice ~20 px tall (a strip of four
    dice sized as a square), and Zodiac's pages 1-3 and 5-7 shrank their text (28-34 px) rather
    than wrap it, beside pages at 40. Every page of a game reads at one size, in each language,
    nothing cut; the slot patterns' dice are at least 48 design px tall."""
    from game.rules.registry import KITS
    from game.ui.textfit import fit_text
    from scenes.meow_dice.rules_view import RULES_PICTURES
    from scenes.rules_help import RulesHelpScene, page_text, pages_for, picture

    app = App(size=size, home=str(tmp_path), audio=False, lang="en")
    try:
        for lang in ("en", "zh_TW"):
            app.set_language(lang)
            for game in KITS:
                pages = pages_for(app, game)
                fits = [fit_text(app, *page_text(app, pages, i)) for i in range(len(pages))]
                assert len({f.px for f in fits}) == 1 and fits[0].px >= 36, (lang, game, [f.px for f in fits])
                assert not any(f.overflow for f in fits), (lang, game)
            scene = RulesHelpScene(app, "meow-dice")
            app.stack.push(scene)
            page = next(p for p, items in RULES_PICTURES.items() if items[0][0] == "pattern")
            scene.page = page - 1
            scene.draw(pygame.Surface(app.size))
            strips = scene.picture_rects
            assert len(strips) == 4 and all(scene.panel_rect().contains(r) for r in strips)
            assert not any(a.colliderect(b) for i, a in enumerate(strips) for b in strips[i + 1:])
            strip = picture("meow-dice", "pattern", "TL", strips[0].w)
            dice = pygame.mask.from_surface(strip).get_bounding_rects()
            assert len(dice) == 4 and min(d.h for d in dice) >= app.s(48), [tuple(d) for d in dice]
            app.stack.pop()
    finally:
        app.shutdown()
