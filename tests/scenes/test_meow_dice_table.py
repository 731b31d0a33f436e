"""The Meow Meow Dice table, played headless through posted mouse, keyboard and controller events.

The tests read widget rects and the human seat's own view to decide what to press; every rules
action reaches the engine through the table scene (no test calls ``session.apply``). Rule ids
(RULES.md §2) are named where a test checks what the table lets a player do.
"""
from __future__ import annotations

import json
import re

import pygame
import pytest

from game.runtime.app import App
from game.runtime.layout import load_level
from scenes.meow_dice.table import ANCHOR_NAMES, MeowDiceTable
from tests.peek import engine_of, session_of
from tests.scenes.hm_driver import UNSEEN
from tests.scenes.md_driver import Driver, choose, key, make_session

A, B, X = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B, pygame.CONTROLLER_BUTTON_X

# A fixed opening: TL needs a cat face, TR no bell, BL a fish, BR (golden) a cat face.
SLOTS = {"TL": "food/tabby/2/!C", "TR": "toy/calico/1/XB", "BL": "nest/siamese/2/!F", "BR": "food/tabby/4/!C"}


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def open_table(app, session, device="mouse", attract=False) -> Driver:
    table = MeowDiceTable(app, session, attract=attract)
    app.stack.push(table)
    return Driver(app, table, device=device)


def play_whole_game(drv: Driver, press) -> None:
    from scenes.results import ResultsScene

    table = drv.table
    for _ in range(600):
        drv.settle()
        if drv.app.stack.top is not table:
            break
        if engine_of(table).over:
            continue
        before = len(session_of(table).actions)
        names = choose(table)
        for name in names:
            press(name)
        assert len(session_of(table).actions) > before, \
            f"pressing {names} sent nothing ({table.explanation()})"
    for _ in range(600):
        if drv.app.stack.top is not table:
            break
        drv.step(drv.hurry_events() if table.presenter.busy else [])
    assert isinstance(drv.app.stack.top, ResultsScene)
    assert engine_of(table).over


def test_whole_game_by_mouse(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    session = make_session(players=2, humans=(0,), seed=21)
    drv = open_table(app, session, "mouse")
    played = []
    play = app.audio.play

    def record(cue, *args, **kw):
        played.append(cue)
        play(cue, *args, **kw)
    app.audio.play = record
    play_whole_game(drv, drv.click)
    verbs = {a.split(" ")[0] for a in session.actions}
    assert {"roll", "take"} <= verbs
    for cue in ("dice_rattle", "dice_clack", "card_flip", "capture_chime", "win_fanfare"):
        assert cue in played, cue


@pytest.mark.parametrize("players", [3, 4])
def test_whole_game_by_controller_advanced_one_bite(app, players):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    session = make_session(players=players, humans=(0,), seed=5 + players,
                           options={"advanced": True, "specials": True, "one_bite": True})
    drv = open_table(app, session, "pad")
    table, walked = drv.table, []

    def press(name: str) -> None:
        """Before each press: RB alone visits every group (the enthusiasm buttons too), and Down
        from a die goes to the dice's action under it (stranger 40e, defect 14: RB went tiger →
        Roll → tiger, and Down from the first die jumped to Moves)."""
        focus = table.focus
        groups = focus.groups()
        seen = set()
        for _ in range(len(groups) + 1):
            drv.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
            seen.add(focus.group(focus.focused))
        assert seen == set(groups), (table.mode, groups, seen)
        spend = [table.widget(f"btn:{k}") for k in ("condition", "lock", "change")]
        if any(b is not None and table.widget_enabled(f"btn:{k}") for b, k in zip(
                spend, ("condition", "lock", "change"), strict=True)):
            assert "spend" in seen, groups
            walked.append("spend")
        die, actions = table.widget("die:0"), [b for b in table.active_buttons if b.enabled]
        if table.mode == "rolling" and die is not None and table.widget_enabled("die:0") and actions:
            focus.set_focus(die)
            drv.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
            assert focus.focused in actions, (focus.focused, table.mode)
            walked.append("down")
        drv.pad_press(name)

    play_whole_game(drv, press)
    assert app.input.device == "pad"
    assert {"spend", "down"} <= set(walked), walked


def test_md7_reroll_must_throw_fewer_dice(app):
    setup = {"slots": SLOTS, "dice": "CCFM" + "FYM" + "YM" + "P"}
    session = make_session(players=2, humans=(0,), setup=setup)
    drv = open_table(app, session, "mouse")
    drv.settle()
    drv.click("btn:roll")
    drv.settle()
    table = drv.table
    assert table.mode == "rolling" and table.view["next_max"] == 3
    assert not table.widget_enabled("btn:reroll")              # nothing picked yet
    for d in range(4):
        drv.click(f"die:{d}")
    assert table.picked_dice == [0, 1, 2, 3]
    assert not table.widget_enabled("btn:reroll")
    assert "At most 3 dice" in table.explanation()
    n = len(session.actions)
    drv.click("btn:reroll")                                   # disabled: explains, sends nothing
    assert len(session.actions) == n
    drv.click("die:3")                                        # unpick one: 3 of 3 may go
    assert table.widget_enabled("btn:reroll")
    assert table.buttons["reroll"].text(app) == "Reroll 3 (max 3)"
    drv.click("btn:reroll")
    assert session.actions[-1] == "reroll 0 1 2"
    drv.settle()
    assert table.view["next_max"] == 2
    drv.click("die:0")
    drv.click("die:1")
    drv.click("btn:reroll")
    assert session.actions[-1] == "reroll 0 1"
    drv.settle()
    drv.click("die:2")
    drv.click("btn:reroll")
    assert session.actions[-1] == "reroll 2"
    drv.settle()
    assert "btn:reroll" not in table.widgets()                # 4 rolls made: no reroll left


def test_md8_only_slots_the_dice_meet_are_enabled_and_the_others_say_why(app):
    setup = {"slots": SLOTS, "dice": "CCFF"}                 # two pairs with a cat face and a fish
    session = make_session(players=2, humans=(0,), setup=setup)
    drv = open_table(app, session, "mouse")
    drv.settle()
    drv.click("btn:roll")
    drv.settle()
    table = drv.table
    assert table.widget_enabled("slot:TR")                    # two pairs, no bell
    for slot in ("TL", "BL", "BR"):
        assert not table.widget_enabled(f"slot:{slot}")
    assert table.slot_text("TR") == "Take it!"
    # the slot's own condition, marked unmet: not a bare negation read as a requirement (stranger 6, 3)
    assert table.slot_text("TL") == "all different ×"
    assert table.slot_text("BL") == "three and one ×"
    assert table.slot_text("BR") == "four of a kind ×"
    n = len(session.actions)
    drv.click("slot:BR")                                      # disabled: the reason, no action
    assert len(session.actions) == n
    assert table.explanation() == "Your dice are not four of a kind"
    assert "btn:fishbone" not in table.widgets()              # something fits: no fish bone
    drv.click("slot:TR")
    assert session.actions[-1] == "take TR"


def test_md8_card_condition_and_tokens_are_explained(app):
    slots = dict(SLOTS, TR="toy/tuxedo/1/XC")                 # two pairs, but no cat face allowed
    session = make_session(players=2, humans=(0,), setup={"slots": slots, "dice": "CCFF"})
    drv = open_table(app, session, "mouse")
    drv.settle()
    drv.click("btn:roll")
    drv.settle()
    assert not drv.table.widget_enabled("slot:TR")
    assert drv.table.slot_text("TR") == "cat face must go"       # the line under the card, short
    drv.click("slot:TR")                                          # a click says it whole
    assert "No cat face allowed" in drv.table.explanation(), drv.table.explanation()
    assert drv.table.widget_enabled("btn:fishbone")           # nothing fits: the fish bone
    drv.click("btn:fishbone")
    assert session.actions[-1] == "fishbone"


def test_md10_cat_token_discards_the_chosen_slots_in_order(app):
    session = make_session(players=2, humans=(0,), setup={"slots": SLOTS})
    drv = open_table(app, session, "keyboard")
    drv.settle()
    table = drv.table
    drv.pad_press("btn:token")
    assert table.mode == "discard"
    assert not table.widget_enabled("btn:discard")
    drv.pad_press("slot:BR")
    drv.pad_press("slot:TL")
    assert table.picked_slots == ["BR", "TL"]
    assert table.buttons["discard"].text(app) == "Discard 2 cards"
    drv.pad_press("btn:discard")
    assert session.actions[-1] == "token BR TL"
    drv.settle()
    assert table.mode == "pre" and "btn:token" in table.widgets()
    assert not table.widget_enabled("btn:token")              # face down until a fish bone


def test_back_cancels_a_choice_then_pauses(app):
    from scenes.pause import PauseScene

    session = make_session(players=2, humans=(0,), setup={"slots": SLOTS})
    drv = open_table(app, session, "keyboard")
    drv.settle()
    drv.click("btn:token")
    assert drv.table.mode == "discard"
    drv.step([key(pygame.K_ESCAPE)])
    assert drv.table.mode == "pre" and drv.app.stack.top is drv.table
    drv.step([key(pygame.K_ESCAPE)])
    drv.step()
    assert isinstance(app.stack.top, PauseScene)
    n = len(session.actions)
    drv.step(frames=60)
    assert len(session.actions) == n


def test_md11_enthusiasm_condition_lock_and_change_by_controller(app):
    session = make_session(players=2, humans=(0,), setup={"slots": SLOTS, "dice": "CCCC"},
                           options={"advanced": True})
    drv = open_table(app, session, "pad")
    drv.settle()
    table = drv.table
    # A. a condition token onto a card other than TL
    drv.pad_press("btn:condition")
    assert table.mode == "cond_slot"
    assert table.widget("slot:TL") is not None and not table.widget_enabled("slot:TL")
    drv.pad_press("slot:BR")
    assert table.mode == "cond_token"
    assert not table.widget_enabled("tok:XC")                 # contradicts the BR !C card
    assert not table.widget_enabled("tok:!C")                 # repeats it
    drv.pad_press("tok:XB")
    assert session.actions[-1] == "condition BR XB"
    drv.settle()
    # B. lock a die to a chosen face
    drv.pad_press("btn:lock")
    drv.pad_press("die:2")
    assert table.mode == "lock_face"
    drv.pad(B)                                                 # back: choose another die
    assert table.mode == "lock_die"
    drv.pad_press("die:1")
    drv.pad_press("face:P")
    assert session.actions[-1] == "lock 1 P"
    drv.settle()
    assert table.presenter.board.dice[1] == "P" and 1 in table.presenter.board.locked
    assert table.view["enthusiasm"][0] == 0
    for name in ("btn:condition", "btn:lock", "btn:change"):   # no enthusiasm left
        assert not table.widget_enabled(name)
    drv.pad_press("btn:roll")
    assert session.actions[-1] == "roll"
    drv.settle()
    assert table.presenter.board.dice == ["C", "P", "C", "C"]  # the locked die kept its face
    assert not table.widget_enabled("die:1")


def test_md11_change_cards(app):
    session = make_session(players=2, humans=(0,), setup={"slots": SLOTS}, options={"advanced": True})
    drv = open_table(app, session, "mouse")
    drv.settle()
    drv.click("btn:change")
    drv.click("slot:TR")
    drv.click("btn:discard")
    assert session.actions[-1] == "change TR"


@pytest.mark.parametrize("device", ["mouse", "pad"])
def test_md13_bite_a_food_card_for_one_more_die(app, device):
    # seat 0 takes the TL food card, seat 1 takes a fish bone; then seat 0 bites
    setup = {"slots": SLOTS, "dice": "CFYM" + "CCFM" + "CCYM" + "YMP" + "YMPB"}
    actions = ["roll", "take TL", "roll", "fishbone"]
    session = make_session(players=2, humans=(0,), setup=setup, actions=actions, options={"one_bite": True})
    drv = open_table(app, session, device)
    press = drv.click if device == "mouse" else drv.pad_press
    drv.settle()
    table = drv.table
    press("btn:roll")
    drv.settle()
    assert table.view["next_max"] == 3
    assert table.mode == "rolling"                            # no bite button: the food card itself
    cards = [n for n in table.widgets() if n.startswith("card:")]
    assert cards == ["card:food/tabby/2/!C#0"]
    press(cards[0])
    assert session.actions[-1] == "bite food/tabby/2/!C"
    drv.settle()
    assert table.view["next_max"] == 4 and not [n for n in table.widgets() if n.startswith("card:")]
    for d in range(4):
        press(f"die:{d}")
    assert table.widget_enabled("btn:reroll")
    press("btn:reroll")
    assert session.actions[-1] == "reroll 0 1 2 3"


def test_dice_tumble_with_a_bounce_and_settle(app):
    session = make_session(players=2, humans=(0,), setup={"slots": SLOTS, "dice": "CFYM"})
    drv = open_table(app, session, "keyboard")
    drv.settle()
    drv.click("btn:roll")
    table = drv.table
    heights, angles = [], []
    for _ in range(200):
        drv.step()
        fx = table.presenter.dice_fx[0]
        heights.append(fx.offset[1])
        angles.append(fx.angle)
        if not table.presenter.busy:
            break
    assert any(abs(a) > 30 for a in angles)                    # it turned
    first = next(i for i, h in enumerate(heights) if h < 0)      # thrown in from above the tray
    flight = heights[first:]
    rises = sum(1 for i in range(1, len(flight)) if flight[i] < flight[i - 1] - 0.5)
    assert rises >= 1                                         # it went up again: a bounce
    assert [fx.face for fx in table.presenter.dice_fx] == list("CFYM")
    assert all(fx.offset == (0.0, 0.0) and fx.angle == 0.0 for fx in table.presenter.dice_fx)


def run_bots(app, speed: str, hurry: bool, actions: int) -> list[str]:
    app.settings.animation_speed = speed
    session = make_session(players=3, humans=(), seed=99, level="heuristic", options={"advanced": True})
    drv = open_table(app, session, "keyboard", attract=True)
    for _ in range(6000):
        if len(session.actions) >= actions or session.game.over:
            break
        if hurry and drv.table.presenter.busy:
            before = json.dumps(session.game.dump(), sort_keys=True)
            drv.step(drv.hurry_events())
            assert json.dumps(session.game.dump(), sort_keys=True) == before   # skip changes no state
        else:
            drv.step()
    app.stack.clear()
    return list(session.actions)


def test_faster_and_skip_do_not_change_the_game(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    slow = run_bots(app, "normal", False, 12)
    fast = run_bots(app, "faster", True, 12)
    assert slow[:12] == fast[:12]


def test_attract_plays_to_the_end_without_results(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    session = make_session(players=4, humans=(), seed=8, level="random")
    drv = open_table(app, session, "keyboard", attract=True)
    for _ in range(20000):
        if drv.table.finished:
            break
        drv.step(drv.hurry_events() if drv.table.presenter.busy else [])
    assert drv.table.finished and session.game.over
    assert drv.app.stack.top is drv.table
    board = drv.table.presenter.board
    assert board.hands == session.game.view(0)["hands"] and board.scores == session.game.scores()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_screens_at_every_table_size(tmp_path, players):
    """A mid-game frame at 1920x1080 for each table size, saved for a person to look at; every
    seat panel, slot and die sits inside the window and no two seat panels overlap."""
    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, speed="faster", lang="en")
    app.draw_every(UNSEEN)          # the way there is not looked at (the roll and the frame saved are)
    try:
        session = make_session(players=players, humans=(0,), seed=40 + players,
                               options={"advanced": players == 3})
        drv = open_table(app, session, "mouse")
        for _ in range(200):                                  # a few turns in, then a roll
            drv.settle()
            if drv.table.mode == "pre" and session.game.turn >= 2 * players:
                break
            for name in choose(drv.table):
                drv.click(name)
        # every frame of the roll drawn, as a person sees it: a seat's cached panel is remade one
        # a frame (scenes/table/look.py ``static``), so one frame after the way there would show
        # the panels a turn old
        app.draw_every(1)
        drv.click("btn:roll")
        drv.settle()
        table = drv.table
        screen = pygame.Rect((0, 0), app.size)
        panels = [table.seat_rect(s) for s in range(players)]
        for i, a in enumerate(panels):
            assert screen.contains(a)
            assert not any(a.colliderect(b) for b in panels[i + 1:])
        for name, rect in table.widgets().items():
            assert screen.contains(rect), name
        pygame.image.save(app.screen, str(tmp_path / f"meow-dice-{players}.png"))
        assert app.screen.get_at(table.slot_card_rect("TL").center) != app.screen.get_at((5, 5))
    finally:
        app.shutdown()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_level_has_every_anchor(players):
    level = load_level("meow-dice", (1920, 1080))
    anchors = level.anchors(players, require=ANCHOR_NAMES)
    assert anchors["seat0"].kind == "anchor"
    assert any(getattr(layer, "data", None) for layer in level.tmx.visible_layers)
    assert (level.tmx.width * level.tmx.tilewidth, level.tmx.height * level.tmx.tileheight) == (1920, 1080)
    common = [anchors[n].rect for n in ("slotTL", "slotTR", "slotBL", "slotBR", "tray", "actions", "prompt")]
    for i in range(players):
        assert not any(anchors[f"seat{i}"].rect.colliderect(r) for r in common)


def test_every_table_string_exists_in_both_languages():
    from game.runtime.i18n import load_language

    en, zh = load_language("en"), load_language("zh_TW")
    assert {k for k in en if k.startswith("md.")} == {k for k in zh if k.startswith("md.")}
    from game.rules.meow_dice_data import DEFAULT_CARDS
    for card in DEFAULT_CARDS.cards:
        assert "md.card." + card.notation in en
    from scenes.meow_dice import draw, presenter, rules_view, table
    for module in (table, draw, presenter, rules_view):
        source = open(module.__file__, encoding="utf-8").read()
        for name in re.findall(r'"(md\.[a-z_]+\.[a-z_.]*[a-z0-9])"', source):
            assert name in en, name
    pages_en, pages_zh = en["rules.meow_dice.pages"], zh["rules.meow_dice.pages"]
    assert len(pages_en) == len(pages_zh) >= 6
    for page in pages_en + pages_zh:
        assert page["title"] and 0 < len(page["lines"]) <= 7


def test_chinese_table_draws(app):
    app.set_language("zh_TW")
    session = make_session(players=3, humans=(0,), setup={"slots": SLOTS, "dice": "CCFF"})
    drv = open_table(app, session, "mouse")
    drv.settle()
    drv.click("btn:roll")
    drv.settle()
    assert drv.table.slot_text("TL") == "四顆都不同 ×"
    assert drv.table.slot_text("TR") == "可以拿！"
