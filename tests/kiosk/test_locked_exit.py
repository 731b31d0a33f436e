"""Locked exit: window close, Alt+F4 and Esc never end kiosk mode; the 3 s hold + the PIN does."""
import logging

import pygame
import pytest

from game.files import paths
from kiosk import admin as admin_rules
from kiosk.idle import IdleRules
from kiosk.supervisor import EXIT_QUIT, EXIT_RETRY

from .helpers import key, kiosk_app, steps, text, top_name

EVERY = 4     # these tests read state: every 4th frame drawn (each new screen at once)


@pytest.fixture
def nap_app(tmp_path):
    rules = IdleRules(attract_delay=2, idle_reset=3, still_there=1)
    app, controller = kiosk_app(tmp_path, role="nap", rules=rules, draw_every=EVERY)
    controller.start()
    app.stack.apply_pending()
    app.running = True
    yield app, controller
    controller.close()
    app.shutdown()


def test_quit_events_and_esc_do_not_quit(nap_app):
    app, controller = nap_app
    steps(app, 0.5, [pygame.event.Event(pygame.QUIT)])
    steps(app, 0.1, [pygame.event.Event(pygame.WINDOWCLOSE, window=None)])
    steps(app, 0.1, [key(pygame.K_F4, mod=pygame.KMOD_ALT), key(pygame.K_F4, False)])
    steps(app, 0.1, [key(pygame.K_ESCAPE), key(pygame.K_ESCAPE, False)])    # a plain Esc press
    assert app.running and controller.exit_code is None
    assert top_name(app) == "NapScene"
    assert not app.quit()


def _hold_esc(app, seconds):
    steps(app, seconds, [key(pygame.K_ESCAPE)])


def test_short_hold_shows_progress_then_goes_away(nap_app):
    app, _ = nap_app
    _hold_esc(app, 1.5)
    assert top_name(app) == "AdminHoldScene"
    steps(app, 0.2, [key(pygame.K_ESCAPE, False)])
    assert top_name(app) == "NapScene"


def test_hold_three_seconds_then_pin_opens_the_menu_and_quits(nap_app, caplog):
    app, controller = nap_app
    caplog.set_level(logging.INFO)
    _hold_esc(app, admin_rules.HOLD_SECONDS + 0.3)
    steps(app, 0.1, [key(pygame.K_ESCAPE, False)])
    assert top_name(app) == "PinScene"
    steps(app, 0.1, [text("1111"), key(pygame.K_RETURN)])          # wrong PIN: stays
    assert top_name(app) == "PinScene" and app.stack.top.message
    steps(app, 0.1, [text(admin_rules.DEFAULT_PIN), key(pygame.K_RETURN)])
    assert top_name(app) == "AdminMenuScene"
    assert app.running
    steps(app, 0.1, [key(pygame.K_DOWN)])                          # nap menu: try again, quit
    steps(app, 0.1, [key(pygame.K_RETURN)])
    assert controller.exit_code == EXIT_QUIT and not app.running
    assert any("wrong admin PIN" in r.getMessage() for r in caplog.records)


def test_pad_start_back_combo_and_pin_by_pad(nap_app):
    app, controller = nap_app

    def pad(button, down=True):
        return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP,
                                  instance_id=7, button=button)
    steps(app, admin_rules.HOLD_SECONDS + 0.3,
          [pad(pygame.CONTROLLER_BUTTON_START), pad(pygame.CONTROLLER_BUTTON_BACK)])
    steps(app, 0.1, [pad(pygame.CONTROLLER_BUTTON_START, False), pad(pygame.CONTROLLER_BUTTON_BACK, False)])
    assert top_name(app) == "PinScene"
    pin = app.stack.top
    # walk the pad's focus to each digit and press A
    for digit in admin_rules.DEFAULT_PIN:
        target = pin.buttons[digit]
        for _ in range(8):
            if pin.focus.focused is target:
                break
            a, b = pin.focus.focused.rect.center, target.rect.center
            if abs(a[1] - b[1]) > 5:
                direction = (pygame.CONTROLLER_BUTTON_DPAD_DOWN if b[1] > a[1]
                             else pygame.CONTROLLER_BUTTON_DPAD_UP)
            else:
                direction = (pygame.CONTROLLER_BUTTON_DPAD_RIGHT if b[0] > a[0]
                             else pygame.CONTROLLER_BUTTON_DPAD_LEFT)
            steps(app, 0.05, [pad(direction), pad(direction, False)])
        steps(app, 0.05, [pad(pygame.CONTROLLER_BUTTON_A), pad(pygame.CONTROLLER_BUTTON_A, False)])
    assert pin.entry.digits == admin_rules.DEFAULT_PIN
    pin.focus.set_focus(pin.buttons["ok"])
    steps(app, 0.05, [pad(pygame.CONTROLLER_BUTTON_A), pad(pygame.CONTROLLER_BUTTON_A, False)])
    assert top_name(app) == "AdminMenuScene"
    steps(app, 0.05, [pad(pygame.CONTROLLER_BUTTON_A)])          # first item: try again
    assert controller.exit_code == EXIT_RETRY


def test_pin_by_mouse_clicks(nap_app):
    from .helpers import click
    app, controller = nap_app
    _hold_esc(app, admin_rules.HOLD_SECONDS + 0.3)
    steps(app, 0.1, [key(pygame.K_ESCAPE, False)])
    pin = app.stack.top
    for digit in admin_rules.DEFAULT_PIN + "9":
        steps(app, 0.05, click(pin.buttons[digit].rect.center))
    steps(app, 0.05, click(pin.buttons["del"].rect.center))
    steps(app, 0.05, click(pin.buttons["ok"].rect.center))
    assert top_name(app) == "AdminMenuScene"


def test_staff_screens_lock_again_when_left_alone(nap_app):
    app, _ = nap_app
    _hold_esc(app, admin_rules.HOLD_SECONDS + 0.3)
    steps(app, 0.1, [key(pygame.K_ESCAPE, False)])
    assert top_name(app) == "PinScene"
    steps(app, 3.5)
    assert top_name(app) == "NapScene"


def test_admin_menu_changes_the_pin_and_it_is_kept(nap_app, tmp_path):
    from kiosk.lock import AdminLock, lock_path
    from kiosk.screens.admin import AdminMenuScene
    app, controller = nap_app
    app.stack.push(AdminMenuScene(app))
    steps(app, 0.1)
    menu = app.stack.top
    menu.focus.set_focus(next(b for b in menu.buttons if b.label == "kiosk.admin.change_pin"))
    steps(app, 0.1, [key(pygame.K_RETURN)])
    assert top_name(app) == "PinScene" and app.stack.top.purpose == "new"
    steps(app, 0.1, [text("2468"), key(pygame.K_RETURN)])
    steps(app, 0.1, [text("2469"), key(pygame.K_RETURN)])      # typo: start again
    assert "differ" in app.stack.top.message
    steps(app, 0.1, [text("2468"), key(pygame.K_RETURN)])
    steps(app, 0.1, [text("2468"), key(pygame.K_RETURN)])
    assert top_name(app) == "AdminMenuScene" and controller.notice == "kiosk.pin.changed"
    stored = AdminLock.open(tmp_path).pin                         # saved to the lock's own file
    settings = paths.settings_file(tmp_path)
    assert not settings.exists() or "kiosk_pin" not in settings.read_text()
    assert lock_path(tmp_path).stat().st_mode & 0o777 == 0o600
    assert admin_rules.check_pin(stored, "2468")
    assert not admin_rules.check_pin(stored, admin_rules.DEFAULT_PIN)
    assert not admin_rules.pin_is_default(stored)


def test_in_the_game_esc_and_window_close_do_not_quit(tmp_path):
    from scenes.title import TitleScene
    app, controller = kiosk_app(tmp_path, draw_every=EVERY)
    try:
        app.stack.clear_to(TitleScene(app))
        app.stack.apply_pending()
        app.running = True
        for _ in range(3):
            closing = [pygame.event.Event(pygame.QUIT), pygame.event.Event(pygame.WINDOWCLOSE, window=None)]
            steps(app, 0.1, [key(pygame.K_ESCAPE), key(pygame.K_ESCAPE, False), *closing])
        assert app.running and app.stack.scenes and controller.exit_code is None
    finally:
        controller.close()
        app.shutdown()


def test_the_nap_screen_tries_the_game_again_by_itself_every_minute(tmp_path):
    """A passing cause (a display gone for a moment, a full disk) recovers without staff: after
    a minute the nap screen exits with "try again" and the supervisor starts the game afresh."""
    from kiosk.screens.nap import RETRY_SECONDS

    app, controller = kiosk_app(tmp_path, role="nap", draw_every=EVERY)
    try:
        assert controller.start() == "nap"
        app.running = True
        for _ in range(round((RETRY_SECONDS - 1) / 0.1)):
            app.step(0.1, [])
        assert controller.exit_code is None and app.running          # not before the minute
        for _ in range(20):
            app.step(0.1, [])
        assert controller.exit_code == EXIT_RETRY and not app.running
    finally:
        controller.close()
        app.shutdown()


def test_the_pin_lockout_survives_a_new_pin_pad_and_a_restart(tmp_path):
    """The visitor's trick from issue 11: 5 wrong PINs, Esc, hold Esc again for a fresh pad, 5 more.
    The fresh pad is still locked, and so is the pad of a restarted game process."""
    def open_pad(app):
        _hold_esc(app, admin_rules.HOLD_SECONDS + 0.3)
        steps(app, 0.1, [key(pygame.K_ESCAPE, False)])
        assert top_name(app) == "PinScene"
        return app.stack.top

    app, controller = kiosk_app(tmp_path, role="nap", draw_every=EVERY)
    try:
        controller.start()
        app.stack.apply_pending()
        app.running = True
        open_pad(app)
        for _ in range(admin_rules.MAX_TRIES):
            steps(app, 0.1, [text("1234"), key(pygame.K_RETURN)])
        assert app.stack.top.entry.locked
        steps(app, 0.1, [key(pygame.K_ESCAPE), key(pygame.K_ESCAPE, False)])     # away with that pad
        assert top_name(app) == "NapScene"
        pad = open_pad(app)
        assert pad.entry.locked
        steps(app, 0.1, [text(admin_rules.DEFAULT_PIN), key(pygame.K_RETURN)])   # even the right PIN
        assert top_name(app) == "PinScene" and pad.message.startswith("Too many tries")
    finally:
        controller.close()
        app.shutdown()
    app, controller = kiosk_app(tmp_path, role="nap", draw_every=EVERY)                # the process restarts
    try:
        controller.start()
        app.stack.apply_pending()
        app.running = True
        pad = open_pad(app)
        assert pad.entry.locked and 0 < pad.entry.locked_for <= 30
        steps(app, 0.1, [text(admin_rules.DEFAULT_PIN), key(pygame.K_RETURN)])
        assert top_name(app) == "PinScene"
    finally:
        controller.close()
        app.shutdown()
