"""The menu screens driven only by posted device events: mouse only, keyboard only, controller
only. Each path goes title → table select → seat setup → a table, and through the overlays."""

import json
import random

import pygame
import pytest

from game.files import paths
from game.play.session import GameSession, Seat
from scenes.pause import PauseScene
from scenes.results import CALM, ResultsScene
from scenes.rules_help import RulesHelpScene
from scenes.seat_setup import SeatSetupScene
from scenes.settings import SettingRow, SettingsScene
from scenes.table_select import TableCard, TableSelectScene
from scenes.tables import available_tables, table_info
from scenes.title import TitleScene
from tests.peek import session_of

DT = 1 / 30
PAD = 777
HM = "hungry-meow"
needs_hm = pytest.mark.skipif(HM not in [t.game for t in available_tables()], reason="no Hungry Meow table")


def step(app, *events, frames=1):
    app.step(DT, list(events))
    for _ in range(frames - 1):
        app.step(DT, [])


def click(app, widget_or_pos):
    pos = widget_or_pos if isinstance(widget_or_pos, tuple) else widget_or_pos.rect.center
    step(
        app,
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    )


def key(app, k, mod=0):
    step(
        app,
        pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod),
        pygame.event.Event(pygame.KEYUP, key=k, mod=mod),
    )


def typed(app, text):
    step(app, pygame.event.Event(pygame.TEXTINPUT, text=text))


def pad(app, button):
    step(
        app,
        pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=button),
        pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=button),
    )


def widget(scene, label):
    return next(w for w in scene.widgets if getattr(w, "label", None) == label)


def start(app, scene):
    app.stack.push(scene)
    step(app)
    return scene


def focus_to(app, scene, target, press):
    """Walk the focus with a direction press (keyboard or pad) until it reaches target."""
    for _ in range(40):
        if scene.focus.focused is target:
            return
        a, b = scene.focus.focused.rect.center, target.rect.center
        if abs(a[1] - b[1]) > 10:
            press("down" if b[1] > a[1] else "up")
        else:
            press("right" if b[0] > a[0] else "left")
    raise AssertionError(f"focus never reached {target.label}")


@needs_hm
def test_mouse_only_title_to_table_and_back_to_title(app):
    title = start(app, TitleScene(app))
    click(app, (app.size[0] // 2, app.size[1] - 30))     # the street (a house opens its table)
    select = app.stack.top
    assert isinstance(select, TableSelectScene)
    card = next(w for w in select.widgets if isinstance(w, TableCard) and w.info.game == HM)
    click(app, card)
    offer = app.stack.top                    # the first time: a guided game is offered
    click(app, widget(offer, "learn.offer_play"))
    setup = app.stack.top
    assert isinstance(setup, SeatSetupScene) and len(setup.seats) == 4
    assert [s.kind for s in setup.seats] == ["human", "bot", "bot", "bot"]
    click(app, widget(setup, "kind1"))  # seat 2 becomes a person
    click(app, widget(setup, "level2"))  # seat 3 plays at the next level
    click(app, widget(setup, "coat0"))
    click(app, widget(setup, "setup.add"))
    assert len(setup.seats) == 5 and setup.seats[1].human
    assert setup.seats[2].level != "heuristic" and setup.seats[0].coat == "calico"
    click(app, setup.start_btn)
    table = app.stack.top
    assert type(table).__name__ == "HungryMeowTable"
    assert [s.name for s in session_of(table).seats] == [s.name for s in setup.seats]
    assert title in app.stack.scenes and setup in app.stack.scenes
    app.stack.push(PauseScene(app, table))
    step(app)
    pause = app.stack.top
    click(app, widget(pause, "pause.quit"))
    ask = app.stack.top                      # two people play: quitting is asked
    click(app, widget(ask, "pause.quit"))
    assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene"]


@needs_hm
def test_keyboard_only_names_a_seat_and_starts(app):
    start(app, TitleScene(app))
    key(app, pygame.K_RETURN)
    select = app.stack.top
    key(app, pygame.K_RETURN)  # the first table card has the focus
    key(app, pygame.K_RIGHT)   # the first time a guided game is offered: no thanks,
    key(app, pygame.K_RETURN)  # just play (Esc is back to the table select now)
    setup = app.stack.top
    assert isinstance(setup, SeatSetupScene) and setup.focus.focused is setup.start_btn
    name0 = widget(setup, "name0")
    focus_to(
        app,
        setup,
        name0,
        lambda d: key(
            app, {"up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT, "right": pygame.K_RIGHT}[d]
        ),
    )
    key(app, pygame.K_RETURN)
    assert setup.editing is name0 and app.input.text_mode
    typed(app, "Whiskers")  # the first text replaces the old name
    assert setup.seats[0].name == "Whiskers"
    key(app, pygame.K_w)  # a letter is text now, not "up"
    typed(app, "w")
    typed(app, "ABCDEFGHIJ")  # capped at 12 characters
    assert setup.seats[0].name == "WhiskerswABC"
    key(app, pygame.K_BACKSPACE)  # deletes one character, does not leave the screen
    key(app, pygame.K_RETURN)
    assert setup.editing is None and not app.input.text_mode and app.stack.top is setup
    assert setup.seats[0].name == "WhiskerswAB"
    key(app, pygame.K_p)  # P = start from anywhere on this screen
    assert session_of(app.stack.top).seats[0].name == "WhiskerswAB"
    assert select in app.stack.scenes


@needs_hm
def test_controller_only_setup_and_pause(app, monkeypatch):
    from game.runtime import input as inp
    from tests.runtime.test_input import FakeModule

    monkeypatch.setattr(inp, "_controller_module", lambda: FakeModule)
    start(app, TitleScene(app))
    step(app, pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=677))  # instance 777
    assert PAD in app.input.controllers
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # the first time a guided game is offered:
    pad(app, pygame.CONTROLLER_BUTTON_A)           # just play (B is back to the table select now)
    setup = app.stack.top
    assert isinstance(setup, SeatSetupScene) and app.device == "pad"
    dirs = {
        "up": pygame.CONTROLLER_BUTTON_DPAD_UP,
        "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN,
        "left": pygame.CONTROLLER_BUTTON_DPAD_LEFT,
        "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
    }
    focus_to(app, setup, widget(setup, "setup.remove"), lambda d: pad(app, dirs[d]))
    pad(app, pygame.CONTROLLER_BUTTON_A)
    pad(app, pygame.CONTROLLER_BUTTON_A)
    assert len(setup.seats) == 2 and not widget(setup, "setup.remove").enabled
    assert setup.focus.focused.label == "setup.add"  # focus left the disabled button
    pad(app, pygame.CONTROLLER_BUTTON_START)
    table = app.stack.top
    assert type(table).__name__ == "HungryMeowTable" and len(session_of(table).seats) == 2
    # unplug and replug mid-game: nothing breaks, the new pad drives the table
    step(app, pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD))
    step(app, pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=677))
    step(app, frames=5)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    step(app)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)    # Seats (a game with a person in it)
    pad(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    pad(app, pygame.CONTROLLER_BUTTON_A)  # Rules
    assert isinstance(app.stack.top, RulesHelpScene)
    pad(app, pygame.CONTROLLER_BUTTON_B)
    assert app.stack.top is pause
    pad(app, pygame.CONTROLLER_BUTTON_B)  # resume
    assert app.stack.top is table


def test_settings_change_language_and_save(app, tmp_path):
    start(app, TableSelectScene(app))
    app.stack.push(SettingsScene(app))
    step(app)
    settings = app.stack.top
    assert settings.overlay and isinstance(settings.focus.focused, SettingRow)
    key(app, pygame.K_RIGHT)  # language → 繁體中文
    assert app.settings.language == "zh_TW" and app.t("pause.resume") == "繼續"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_LEFT)  # music 5 → 4
    row = settings.focus.focused
    left, right = row.arrows(app)
    click(app, left.center)  # → 3 by clicking the left arrow
    saved = json.loads(paths.settings_file(tmp_path).read_text(encoding="utf-8"))
    assert saved["language"] == "zh_TW" and saved["music_volume"] == pytest.approx(0.3)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, TableSelectScene)


def test_rules_help_pages_turn_and_close(app):
    start(app, TitleScene(app))
    app.stack.push(RulesHelpScene(app, HM))
    step(app)
    help_ = app.stack.top
    n = len(help_.pages)
    assert n >= 6 and not help_.prev_btn.enabled
    key(app, pygame.K_RIGHT)
    step(app, pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    assert help_.page == 2
    for _ in range(n + 3):
        click(app, help_.next_btn) if help_.next_btn.enabled else key(app, pygame.K_RIGHT)
    assert help_.page == n - 1 and help_.close_btn.primary and not help_.next_btn.enabled
    assert help_.focus.focused is help_.close_btn
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene)


def finished_session(players=3):
    seats = [Seat(f"Cat{i}", "bot", "random", "tabby") for i in range(players)]
    session = GameSession(HM, seats, 11)
    rng = random.Random(2)
    while not session.game.over:
        session.apply(rng.choice(session.game.legal_actions()))
    return session


@needs_hm
def test_results_show_winner_and_play_again_or_new_setup(app):
    session = finished_session()
    info = table_info(HM)
    setup = start(app, SeatSetupScene(app, info, session.seats))
    results = ResultsScene(app, session)
    app.stack.push(results)
    step(app, frames=round(CALM / DT) + 2)       # the results take no press at first (stranger 6)
    winner = session.seats[session.game.winners[0]].name
    assert results.headline() == f"{winner} wins!"
    assert results.reason_text() != app.t("results.reason.other")
    assert results.out == set(session.game.view(0)["eliminated"])  # knocked-out cats look it
    step(app, frames=30)                     # the results ignore presses for a moment
    assert results.focus.focused is None     # stranger40e: one "go on" press threw them away
    key(app, pygame.K_RETURN)                # the first press shows the focus: "Play again"
    assert app.stack.top is results and results.focus.focused.label == "results.play_again"
    key(app, pygame.K_RETURN)
    table = app.stack.top
    assert type(table).__name__ == "HungryMeowTable"
    assert [s.name for s in session_of(table).seats] == [s.name for s in session.seats]
    assert session_of(table).actions == [] and session_of(table) is not session
    app.stack.replace(ResultsScene(app, session))
    step(app, frames=round(CALM / DT) + 2)
    click(app, widget(app.stack.top, "results.new_setup"))
    assert app.stack.top is setup


def test_title_back_asks_then_quits_and_hints_follow_the_device(app):
    start(app, TitleScene(app))
    app.running = True
    step(app, pygame.event.Event(pygame.MOUSEMOTION, pos=(3, 3), rel=(1, 1), buttons=(0, 0, 0)))
    assert app.device == "mouse" and app.t(f"glyph.{app.device}.any") == "Click"
    key(app, pygame.K_ESCAPE)
    assert app.device == "keyboard" and app.running
    key(app, pygame.K_RIGHT)                 # from "Stay" to "Quit"
    key(app, pygame.K_RETURN)
    assert app.running is False


def test_every_screen_draws_in_both_languages(app):
    """Every menu screen renders in en and zh_TW without errors (text through the shipped font)."""
    scenes = [
        lambda: TitleScene(app),
        lambda: TableSelectScene(app),
        lambda: SettingsScene(app),
        lambda: RulesHelpScene(app, HM),
    ]
    if HM in [t.game for t in available_tables()]:
        scenes += [
            lambda: SeatSetupScene(app, table_info(HM)),
            lambda: ResultsScene(app, finished_session(2)),
        ]
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        for make in scenes:
            app.stack.clear_to(make())
            step(app, frames=2)
            assert app.screen.get_at((app.size[0] // 2, app.size[1] // 2)) is not None


def test_fullscreen_setting_reopens_the_window_and_relays_out(app):
    select = start(app, TableSelectScene(app))
    before = [w.rect.copy() for w in select.widgets]
    app.stack.push(SettingsScene(app))
    step(app)
    settings = app.stack.top
    row = next(w for w in settings.widgets if getattr(w, "key", None) == "fullscreen")
    click(app, row)
    assert app.fullscreen and app.settings.fullscreen
    assert app.screen is pygame.display.get_surface() and app.size == app.screen.get_size()
    if app.size != (1280, 720):  # the dummy desktop differs: every scene laid out again
        assert [w.rect for w in select.widgets] != before
        assert settings.panel_rect().centerx == app.size[0] // 2
    row = next(w for w in settings.widgets if getattr(w, "key", None) == "fullscreen")
    click(app, row)
    assert not app.fullscreen and app.size == (1280, 720)
    assert [w.rect for w in select.widgets] == before


def joy(app, button=None, hat=None):
    if button is not None:
        step(
            app,
            pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=9, button=button),
            pygame.event.Event(pygame.JOYBUTTONUP, instance_id=9, button=button),
        )
    else:
        step(
            app,
            pygame.event.Event(pygame.JOYHATMOTION, instance_id=9, hat=0, value=hat),
            pygame.event.Event(pygame.JOYHATMOTION, instance_id=9, hat=0, value=(0, 0)),
        )


@needs_hm
def test_pad_names_a_seat_with_the_on_screen_keyboard(app):
    from scenes.seat_setup import NameKeyboard

    setup = start(app, SeatSetupScene(app, table_info(HM)))
    hats = {"up": (0, 1), "down": (0, -1), "left": (-1, 0), "right": (1, 0)}
    focus_to(app, setup, widget(setup, "name1"), lambda d: joy(app, hat=hats[d]))
    joy(app, button=0)  # raw joystick button 0 = confirm
    osk = app.stack.top
    assert isinstance(osk, NameKeyboard) and app.device == "pad"
    joy(app, button=0)  # "A" replaces the old name
    joy(app, hat=(1, 0))
    joy(app, button=0)  # "B"
    joy(app, hat=(1, 0))
    joy(app, button=0)  # "C"
    joy(app, button=1)  # back = delete one letter
    assert osk.text == "AB"
    step(app, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=9, button=7))  # Start = done
    assert app.stack.top is setup and setup.seats[1].name == "AB"


@needs_hm
def test_mouse_names_a_seat_with_the_on_screen_keyboard(app):
    from scenes.seat_setup import NameKeyboard

    setup = start(app, SeatSetupScene(app, table_info(HM)))
    click(app, widget(setup, "name0"))
    osk = app.stack.top
    assert isinstance(osk, NameKeyboard)
    for ch in "ZO":
        click(app, next(k for k in osk.keys if k.char == ch))
    click(app, osk.case_btn)
    click(app, next(k for k in osk.keys if k.char == "E"))
    click(app, osk.space_btn)
    click(app, osk.del_btn)
    click(app, osk.done_btn)
    assert app.stack.top is setup and setup.seats[0].name == "ZOe"
    assert not app.input.text_mode


def test_table_select_rules_button_opens_the_focused_tables_rules(app):
    select = start(app, TableSelectScene(app))
    if not select.tables:
        pytest.skip("no table available")
    click(app, widget(select, "select.rules"))
    assert isinstance(app.stack.top, RulesHelpScene)
    assert app.stack.top.game_name == select.tables[0].game


def test_f11_toggles_full_screen_outside_kiosk_mode(app):
    start(app, TitleScene(app))
    key(app, pygame.K_F11)
    assert app.fullscreen and app.settings.fullscreen
    step(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=pygame.KMOD_LALT))
    assert not app.fullscreen and app.size == (1280, 720)
    assert isinstance(app.stack.top, TitleScene)  # Alt+Enter did not also "press any button"
    app.kiosk = True
    key(app, pygame.K_F11)
    assert not app.fullscreen
