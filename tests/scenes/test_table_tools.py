"""Undo, the turn-ending confirm and the move history on every table (issue 12).

Undo follows Board Game Arena's rule: a person takes back their own actions within their turn
until something hidden or random is shown; after that the Undo button is off and Backspace / pad
B change nothing. A turn-ending choice made by one press asks first; Cancel changes nothing. An
undo keeps the autosave a replay of the state on screen.
"""
from __future__ import annotations

import json

import pygame
import pytest

from game.play.match import Match
from game.play.saves import Autosave
from game.play.session import GameSession, Seat
from game.runtime.app import App
from tests.peek import engine_of, session_of
from tests.scenes import md_driver
from tests.scenes.hm_driver import Driver, fixed_setup, key
from tests.scenes.hm_driver import make_session as hm_session
from tests.scenes.test_meow_dice_table import open_table as md_open
from tests.scenes.test_zodiac_table import ZDriver
from tests.scenes.test_zodiac_table import make_session as zc_session


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def open_hm(app, session, device="mouse") -> Driver:
    from scenes.hungry_meow.table import HungryMeowTable
    table = HungryMeowTable(app, session)
    app.stack.push(table)
    return Driver(app, table, device=device, auto_yes=False)


def state(table):
    return list(session_of(table).actions), json.dumps(engine_of(table).dump(), sort_keys=True, default=str)


def saved_state(path):
    data = json.loads(path.read_text("utf-8"))
    data = {k: v for k, v in data.items() if k in ("game", "players", "seed", "options", "setup",
                                                   "actions", "seats", "version", "origin")}
    session = GameSession.from_replay(data)
    return list(session.actions), json.dumps(session.game.dump(), sort_keys=True, default=str)


def undone_note(table) -> bool:
    """The status line says "Undone: <the move's own words>" (not only that a move was taken back)."""
    text = table.message[0] if table.message else ""
    prefix = table.app.t("table.undone_move", move="")
    return text.startswith(prefix) and len(text) > len(prefix) + 3


# ---- the match driver ---------------------------------------------------------------------------
def test_match_undo_is_own_quiet_actions_only():
    seats = [Seat("Mochi", "human"), Seat("Tofu", "bot", "random")]
    match = Match.new("hungry-meow", seats, 3)
    assert match.undoable(0) == 0                          # nothing played yet
    match.apply("direction cw")
    assert match.undoable(0) == 1 and match.undoable(1) == 0
    assert match.undo(0) and match.session.actions == [] and match.game.dump() == Match.new(
        "hungry-meow", seats, 3).game.dump()
    match.apply("direction ccw")
    match.apply(match.game.legal_actions()[0])             # a draw: a card is shown
    before = (list(match.session.actions), match.game.dump())
    assert match.undoable(0) == 0 and not match.undo(0)
    assert (match.session.actions, match.game.dump()) == before


def test_after_continue_undo_reaches_the_quiet_actions_of_the_saved_log():
    """Undo was greyed out after every Continue: the actions of a resumed log were walls. A match
    over a log learns which of them were quiet (and whose) by playing it again."""
    seats = [Seat("Mochi", "human"), Seat("Tofu", "bot", "random")]
    match = Match.new("hungry-meow", seats, 3)
    match.apply("direction cw")
    resumed = Match(GameSession("hungry-meow", seats, 3, {}, {}, list(match.session.actions)))
    assert resumed.undoable(0) == 1 and resumed.undoable(1) == 0
    assert resumed.undo(0) and resumed.session.actions == []
    match.apply(match.game.legal_actions()[0])             # a draw: a card is shown, a wall
    resumed = Match(GameSession("hungry-meow", seats, 3, {}, {}, list(match.session.actions)))
    assert resumed.undoable(0) == 0


# ---- Hungry Meow --------------------------------------------------------------------------------
def test_hungry_meow_undo_before_a_draw_refused_after_and_the_autosave_follows(app, tmp_path):
    session = hm_session(players=2, humans=(0,), seed=11)
    save = Autosave(tmp_path / "save.json")
    save.attach(session)
    drv = open_hm(app, session)
    drv.settle()
    table = drv.table
    assert not table.widget_enabled("btn:undo")
    drv.click("btn:cw")                                    # choosing the direction shows nothing
    drv.settle()
    assert session.actions == ["direction cw"] and table.widget_enabled("btn:undo")
    drv.click("btn:undo")
    drv.settle()
    assert session.actions == [] and table.mode == "direction"
    assert saved_state(tmp_path / "save.json") == state(table)
    assert undone_note(table), table.message            # issue 21: Undo says what it took back
    drv.click("btn:ccw")
    drv.settle()
    drv.click("btn:draw1")                                 # a card is shown: no way back
    drv.settle()
    before = state(table)
    assert not table.widget_enabled("btn:undo")
    drv.step([key(pygame.K_u)])                            # U: undo, refused with a note
    drv.settle()
    assert state(table) == before and app.stack.top is table and table.message
    drv.step([key(pygame.K_BACKSPACE)])                    # nothing to undo: back = pause
    assert state(table) == before and app.stack.top is not table
    app.stack.pop()
    drv.step()
    assert saved_state(tmp_path / "save.json") == state(table)


def test_hungry_meow_pass_asks_first_and_cancel_changes_nothing(app):
    setup = fixed_setup([["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"]])
    session = hm_session(players=2, humans=(0,), setup=setup, actions=["direction cw", "draw 1"])
    drv = open_hm(app, session)
    drv.settle()
    table = drv.table
    before = state(table)
    drv.click("btn:pass")
    assert table.tools.pending is not None and "btn:confirm_no" in table.widgets()
    drv.click("btn:confirm_no")
    drv.settle()
    assert table.tools.pending is None and state(table) == before
    drv.click("btn:pass")
    drv.answer(yes=True)
    assert session.actions[len(before[0])] == "pass"


def test_hungry_meow_pass_asks_every_time_with_yes_ready_when_it_is_the_only_move(app):
    """Stranger 6, defect 9: the question came when leading and not when facing a set with
    nothing to beat it. Every pass ends the turn for good (HM-8), so every pass asks; when it is
    the only move the question says so and Yes is ready (issue 21: nothing to lose)."""
    setup = fixed_setup([["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"]])
    session = hm_session(players=2, humans=(0,), setup=setup, actions=["direction cw", "draw 1"])
    drv = open_hm(app, session)
    drv.settle()
    table = drv.table
    assert table.confirm_text("pass") == app.t("hm.confirm.pass")     # a set could be played
    assert not table.confirm_yes_first("pass")
    table.legal = ["pass"]
    assert table.confirm_text("pass") == app.t("hm.confirm.pass_only")
    assert table.confirm_yes_first("pass")
    table.send("pass")
    assert table.tools.pending is not None and table.tools.choice is table.tools.yes_btn


def test_hungry_meow_buttons_keep_one_place_per_action_all_turn():
    """Issue 21: "Skip power" stood where "Draw 1" stood a moment before. Within a turn (power,
    draw, play) no place holds two different actions, except the bottom, which always moves the
    turn on; a decline (skip, pass, draw none) is never where a doing button was."""
    from scenes.hungry_meow.table import BUTTON_PLACE

    declines = {"skip", "skipd", "pass", "draw0"}
    assert {BUTTON_PLACE[k] for k in declines} == {0}
    assert all(BUTTON_PLACE[k] != 0 for k in BUTTON_PLACE if k not in declines)
    turn = [("confirm", "where", "skip"), ("take", "give", "skipd"), ("draw1", "draw5", "draw0"),
            ("play", "pass")]
    for phase in turn:
        assert len({BUTTON_PLACE[k] for k in phase}) == len(phase)


def test_hungry_meow_keyboard_enter_twice_does_not_pass(app):
    setup = fixed_setup([["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"]])
    session = hm_session(players=2, humans=(0,), setup=setup, actions=["direction cw", "draw 1"])
    drv = open_hm(app, session, device="keyboard")
    drv.settle()
    table = drv.table
    table.focus.set_focus(table.widget("btn:pass"))
    before = state(table)
    drv.step([key(pygame.K_RETURN)])
    drv.step([key(pygame.K_RETURN)])                       # the second Enter lands on Cancel
    drv.settle()
    assert state(table) == before and table.tools.pending is None


# ---- Meow Meow Dice -----------------------------------------------------------------------------
def test_meow_dice_undo_a_lock_before_the_roll_refused_after(app, tmp_path):
    session = md_driver.make_session(players=2, humans=(0,), options={"advanced": True},
                                     setup={"dice": "CCCCFFFFMMMMYYYY"})
    save = Autosave(tmp_path / "save.json")
    save.attach(session)
    drv = md_open(app, session, "pad")
    drv.auto_yes = False
    drv.settle()
    table = drv.table
    start = state(table)
    quiet = next(a for a in table.legal if a.startswith(("lock ", "condition ")))
    table.send(quiet)
    drv.settle()
    assert table.widget_enabled("btn:undo")
    drv.pad(pygame.CONTROLLER_BUTTON_B)                    # pad B: undo (nothing being chosen)
    drv.settle()
    assert state(table) == start and app.stack.top is table
    assert saved_state(tmp_path / "save.json") == state(table)
    assert undone_note(table), table.message
    table.send("roll")                                     # the dice are shown: no way back
    drv.settle()
    before = state(table)
    assert not table.widget_enabled("btn:undo")
    assert not table.tools.undo()
    assert state(table) == before


def test_meow_dice_undo_steps_back_in_a_half_made_choice(app):
    """Undo was greyed out almost always in Meow Meow Dice: a half-made choice (cards picked for
    the token) is a step a person can take back without new information, and Undo (U) does."""
    session = md_driver.make_session(players=2, humans=(0,), setup={"dice": "CCCCFFFF"})
    drv = md_open(app, session, "keyboard")
    drv.auto_yes = False
    drv.settle()
    table = drv.table
    assert any(a.startswith("token ") for a in table.legal) and not table.feed.undoable(0)
    start = state(table)
    table._start_discard("token")
    drv.step()
    assert table.mode == "discard" and table.widget_enabled("btn:undo")
    drv.step([key(pygame.K_u)])
    assert table.mode == "pre" and state(table) == start
    assert not table.widget_enabled("btn:undo")


def test_meow_dice_asks_only_where_a_press_loses_something(app):
    """Issue 21: a fish bone while dice could still be rerolled asks first; a take never does
    (it gains a card), and a forced fish bone (nothing else to do) does not either."""
    session = md_driver.make_session(players=2, humans=(0,), setup={"dice": "CCCCFFFF"})
    drv = md_open(app, session, "mouse")
    drv.auto_yes = False
    drv.settle()
    table = drv.table
    table.send("roll")
    drv.settle()
    take = next(a for a in table.legal if a.startswith("take "))
    table.send(take)
    assert table.tools.pending is None and session.actions[-1] == take
    for action in ("take TL", "take TR", "take BL", "take BR"):
        assert table.confirm_text(action) is None
    table.legal = ["fishbone", "reroll 0", "reroll 1"]        # rerolls left: a press gives them up
    assert table.confirm_text("fishbone") is not None
    table.legal = ["fishbone"]                                # nothing else left to do
    assert table.confirm_text("fishbone") is None


# ---- Zodiac Catchers ----------------------------------------------------------------------------
def zc_open(app, session, device="mouse") -> ZDriver:
    from scenes.zodiac.table import ZodiacTable
    table = ZodiacTable(app, session)
    app.stack.push(table)
    return ZDriver(app, table, device=device, auto_yes=False)


def test_zodiac_undo_the_mermaids_before_a_card_turns_refused_after(app, tmp_path):
    session = zc_session(setup=None, seed=5)
    save = Autosave(tmp_path / "save.json")
    save.attach(session)
    drv = zc_open(app, session)
    drv.settle()
    table = drv.table
    if table.mode != "arrange":
        pytest.skip("this deal gave the person no mermaid")
    start = state(table)
    table._arrange_done()
    drv.settle()
    assert len(session.actions) == len(start[0]) + 1 and table.widget_enabled("btn:undo")
    drv.click("btn:undo")
    drv.settle()
    assert state(table) == start and table.mode == "arrange"
    assert saved_state(tmp_path / "save.json") == state(table)
    assert undone_note(table), table.message
    table._arrange_done()
    drv.settle()
    table.send(table.legal[0])                             # a card turns up
    drv.settle()
    before = state(table)
    assert not table.widget_enabled("btn:undo") and not table.tools.undo()
    assert state(table) == before


def zc_turn_with_two_monkeys_up(app):
    """Seed 4: the person holds three Monkeys and starts; two of them are pointed at."""
    drv = zc_open(app, zc_session(seed=4))
    table = drv.table
    drv.past_arrange()
    monkeys = [i for i, k in enumerate(engine_of(table).view(0)["hand"]) if k == "MONKEY"]
    for pos in monkeys[:2]:
        table.send(f"point hand 0 {pos}")
        drv.settle()
    assert engine_of(table).view(0)["step"] == 2
    return drv, monkeys


def test_zodiac_third_card_asks_first(app):
    drv, _ = zc_turn_with_two_monkeys_up(app)
    table = drv.table
    before = state(table)
    table.send(next(a for a in table.legal if a.startswith("point centre")))
    assert table.tools.pending is not None
    drv.step([key(pygame.K_ESCAPE)])                       # Esc cancels the question
    assert table.tools.pending is None and state(table) == before and app.stack.top is table


def test_zodiac_third_card_asks_only_where_a_catch_is_at_stake_and_not_sure(app):
    """Every third pick asked "Point at this third card?", even a sure catch. Now: two alike and
    a third not known to match → asked; a third of the person's own hand that matches, or two
    unlike cards → not asked; the setting "Ask before a turn-ending move" off → never asked."""
    drv, monkeys = zc_turn_with_two_monkeys_up(app)
    table = drv.table
    hand = engine_of(table).view(0)["hand"]
    unlike = "point hand 0 %d" % next(i for i, k in enumerate(hand) if k not in ("MONKEY", "MERMAID"))
    assert table.confirm_text(f"point hand 0 {monkeys[2]}") is None           # a sure catch
    centre = next(a for a in table.legal if a.startswith("point centre"))
    assert table.confirm_text(centre) == app.t("zc.confirm.point")             # a guess
    assert table.confirm_text(unlike) == app.t("zc.confirm.point")             # a sure miss
    app.settings.ask_first = False
    table.send(centre)
    assert table.tools.pending is None and engine_of(table).view(0)["step"] == 0
    app.settings.ask_first = True


def test_zodiac_two_unlike_cards_never_ask_about_the_third(app):
    drv = zc_open(app, zc_session(seed=4))
    table = drv.table
    drv.past_arrange()
    view = engine_of(table).view(0)
    first = next(i for i, k in enumerate(view["hand"]) if k == "MONKEY")
    second = next(i for i, k in enumerate(view["hand"]) if k not in ("MONKEY", "MERMAID"))
    for pos in (first, second):
        table.send(f"point hand 0 {pos}")
        drv.settle()
    assert all(table.confirm_text(a) is None for a in table.legal)


# ---- the move history ---------------------------------------------------------------------------
def test_history_lists_moves_in_words_and_hides_other_seats_secrets(app):
    session = hm_session(players=3, humans=(0,), seed=4)
    drv = open_hm(app, session)
    drv.auto_yes = True
    drv.settle()
    drv.click("btn:cw")
    drv.settle()
    drv.click("btn:draw1")
    drv.settle()
    table = drv.table
    lines = table.tools.lines()
    assert any("Play goes" in line for line in lines) and any(line.startswith("Mochi drew") for line in lines)
    drv.step([key(pygame.K_l)])
    assert table.tools.history_open
    drv.step()                                              # draws without error
    private = [(text, seen) for text, seen in table.presenter.log if seen is not None]
    for text, seen in private:
        assert (text in table.tools.lines()) == (0 in seen)
    drv.click("btn:history")
    assert not table.tools.history_open


# ---- held key moments (Zodiac's round summary) --------------------------------------------------
def held_summary(table):
    """Queue what Zodiac does at a round's end: the summary shown, then held."""
    p = table.presenter
    tl = p.tl()
    tl.call(lambda: setattr(p.board, "summary", {"round": 1, "seat": 0, "how": "trump",
                                                 "points": [3] * table.n, "next": 1}))
    p.hold(tl)
    tl.call(lambda: setattr(p.board, "summary", None))
    p.push(lambda: tl)


def test_a_round_summary_stays_until_a_press_and_8_seconds_in_attract(app):
    from scenes.zodiac.table import ZodiacTable
    from tests.scenes.hm_driver import UNSEEN
    app.draw_every(UNSEEN)          # reads the summary's state over seconds of frames, not pixels
    table = ZodiacTable(app, zc_session(seed=5))
    app.stack.push(table)
    drv = ZDriver(app, table, auto_yes=False)
    drv.settle()
    held_summary(table)
    drv.step(frames=200)                                    # 10 s: still there
    assert table.presenter.board.summary is not None and table.presenter.holding is not None
    drv.step([key(pygame.K_RETURN)])
    drv.step(frames=2)
    assert table.presenter.board.summary is None
    app.stack.clear()
    app.stack.apply_pending()
    demo = ZodiacTable(app, zc_session(players=3, humans=()), attract=True)
    app.stack.push(demo)
    drv = ZDriver(app, demo)
    drv.step()
    demo.presenter.finish_all()
    held_summary(demo)
    drv.step(frames=120)                                    # 6 s
    assert demo.presenter.board.summary is not None
    drv.step(frames=60)                                     # past 8 s
    assert demo.presenter.board.summary is None


# ---- nobody at the screen is left in the game; hot seat -----------------------------------------
def death_first_setup():
    from tests.scenes.hm_driver import ALL_CARDS
    hands = [["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"],
             ["G1X", "G2X", "G3X", "G4X", "G5X"]]
    rest = list(ALL_CARDS)
    for card in [c for h in hands for c in h] + ["DEATH"]:
        rest.remove(card)
    return {"first": 0, "hands": hands, "deck": ["DEATH"] + rest}


def test_knocked_out_person_can_skip_to_the_results(app, tmp_path):
    from scenes.results import ResultsScene
    session = hm_session(players=3, humans=(0,), seed=1, setup=death_first_setup())
    save = Autosave(tmp_path / "save.json")
    save.attach(session)
    drv = open_hm(app, session)
    drv.auto_yes = True
    drv.settle()
    assert "btn:to_results" not in drv.table.widgets()
    drv.click("btn:cw")
    drv.settle()
    drv.click("btn:draw1")                                 # Death, then a numbered card: out
    for _ in range(400):
        drv.step(drv.hurry_events() if drv.table.presenter.busy else [])
        if "btn:to_results" in drv.table.widgets():
            break
    assert 0 in session.game.view(None)["eliminated"] and not session.game.over
    drv.click("btn:to_results")
    drv.step(frames=3)
    assert session.game.over and isinstance(app.stack.top, ResultsScene)
    replayed = GameSession.from_replay(session.to_replay())
    assert replayed.game.dump() == session.game.dump()


def test_hot_seat_hand_turns_face_down_before_the_curtain(app):
    setup = fixed_setup([["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"]])
    session = hm_session(players=2, humans=(0, 1), setup=setup, actions=["direction cw", "draw 1"])
    drv = open_hm(app, session)
    drv.auto_yes = True
    for _ in range(10):
        drv.settle()
        if drv.table.curtain_for is not None:
            drv.table.lift_curtain()
        if drv.table.my_turn():
            break
    drv.step()
    table = drv.table
    assert table.viewer == 0 and any(table.presenter.board.hands[0])
    drv.click("btn:pass")                                  # asks, then Yes: the turn ends
    assert session.actions[-1] == "pass"
    known = session.game.view(None)["known"][0]
    shown = [c for c in table.presenter.board.hands[0] if c is not None]
    assert table.viewer is None and all(c in known for c in shown)   # face down at once


def test_a_resumed_game_shows_its_moves_so_far(app):
    session = hm_session(players=3, humans=(0,), seed=4, actions=["direction cw", "draw 1"])
    drv = open_hm(app, session)
    lines = drv.table.tools.lines()
    assert lines[0].startswith("Play goes") and any(line.startswith("Mochi drew") for line in lines)


@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_a_click_on_the_menu_button_pauses_every_table(app, game):
    """Stranger 6, defect 2: only Esc opened the pause menu; a mouse or touch player could not
    pause, read the rules or leave. Every table shows a pause button beside Undo and Moves."""
    from scenes.pause import PauseScene
    from tests.scenes.test_overlap_audit import person_turn

    table = person_turn(app, game, 3)
    menu = table.tools.menu_btn
    assert menu.visible and table.tools_rect().contains(menu.rect)
    assert not menu.rect.colliderect(table.tools.undo_btn.rect) and not menu.rect.colliderect(
        table.tools.moves_btn.rect)
    app.step(1 / 20, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.rect.center, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.rect.center, button=1)])
    assert isinstance(app.stack.top, PauseScene)


def test_a_lesson_has_the_menu_button_in_its_coach_box(app):
    from game.play.lesson import lessons_for
    from scenes.pause import PauseScene
    from scenes.table.lesson import lesson_scene
    from scenes.tables import table_info

    scene = lesson_scene(app, table_info("hungry-meow"), lessons_for("hungry-meow")[0])
    app.stack.clear_to(scene)
    for _ in range(10):
        app.step(1 / 20, [])
    menu = scene.tools.menu_btn
    assert menu.visible and scene.coach_rect.contains(menu.rect)
    app.step(1 / 20, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=menu.rect.center, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=menu.rect.center, button=1)])
    assert isinstance(app.stack.top, PauseScene)
