"""Issue 11 points 5 and 6: in kiosk mode a visitor may change only the harmless settings, for
their visit only; staff set the operator's values; full screen is never a visitor's setting;
outside kiosk mode the full-screen toggle puts the window back where and how big it was."""
import json

import pygame

from game.files import paths
from game.runtime.app import App
from game.runtime.settings import VISITOR_KEYS
from kiosk.screens.attract import AttractScene
from scenes.settings import SettingsScene
from scenes.title import TitleScene

from .helpers import kiosk_app, steps


def _keys(scene):
    return [key for key, _ in scene.rows]


def _operator_file(home):
    return json.loads(paths.settings_file(home).read_text())


def test_visitors_see_only_the_harmless_rows_staff_all_but_full_screen(tmp_path):
    app, controller = kiosk_app(tmp_path)
    try:
        assert _keys(SettingsScene(app)) == list(VISITOR_KEYS)
        staff = _keys(SettingsScene(app, staff=True))
        assert "fullscreen" not in staff and {"bot_speed", "colorblind", "show_odds", "mute"} <= set(staff)
        visitor = SettingsScene(app)
        before = app.fullscreen, app.settings.bot_speed, app.settings.colorblind, app.settings.mute
        for key in ("fullscreen", "bot_speed", "colorblind", "show_odds", "mute"):
            visitor.change(key, 1)                   # a row it does not offer changes nothing
        assert (app.fullscreen, app.settings.bot_speed, app.settings.colorblind, app.settings.mute) == before
    finally:
        controller.close()
        app.shutdown()
    plain = App(size=(640, 360), home=str(tmp_path / "plain"), audio=False)
    try:
        # at home every row but the kiosk operator's mute (issue 24)
        assert [k for k, _ in SettingsScene(plain).rows] == [k for k, _ in SettingsScene.ROWS if k != "mute"]
    finally:
        plain.shutdown()


def test_visitor_changes_last_until_attract_mode_and_are_never_saved(tmp_path):
    app, controller = kiosk_app(tmp_path)
    try:
        app.stack.clear_to(TitleScene(app))
        app.stack.push(SettingsScene(app))
        steps(app, 0.1)
        scene = app.stack.top
        scene.change("language", 1)
        scene.change("music_volume", -1)
        scene.change("effects_volume", 1)
        scene.change("animation_speed", 1)
        assert app.settings.language == "zh_TW" and app.i18n.lang == "zh_TW"
        assert app.settings.music_volume == 0.4 and app.settings.animation_speed == "faster"
        saved = _operator_file(tmp_path)              # the file keeps the operator's values
        assert saved["language"] == "en" and saved["music_volume"] == 0.5
        assert saved["animation_speed"] == "normal"
        app.stack.clear_to(AttractScene(app))           # nobody there any more
        steps(app, 0.1)
        assert app.settings.language == "en" and app.i18n.lang == "en"
        assert (app.settings.music_volume, app.settings.effects_volume, app.settings.animation_speed) == (
            0.5, 0.8, "normal")
    finally:
        controller.close()
        app.shutdown()


def test_staff_settings_are_the_operators_and_stay(tmp_path):
    app, controller = kiosk_app(tmp_path)
    try:
        staff = SettingsScene(app, staff=True)
        staff.change("language", 1)
        staff.change("bot_speed", 1)
        staff.change("colorblind", 1)
        saved = _operator_file(tmp_path)
        assert saved["language"] == "zh_TW" and saved["bot_speed"] == "fast" and saved["colorblind"] is True
        app.stack.clear_to(AttractScene(app))
        steps(app, 0.1)
        assert app.settings.language == "zh_TW" and app.settings.colorblind is True
    finally:
        controller.close()
        app.shutdown()
    app, controller = kiosk_app(tmp_path)             # and after a restart
    try:
        assert app.settings.language == "zh_TW" and app.settings.bot_speed == "fast"
    finally:
        controller.close()
        app.shutdown()


def test_full_screen_and_back_restores_the_window_place_and_size(tmp_path, monkeypatch):
    """Under the dummy driver a window has no place, so SDL's position calls are recorded here
    (the same was checked by hand under Xvfb with xdotool: 1280x720+320+180 → full screen at
    +0+0 → 1280x720+320+180 again)."""
    app = App(size=(800, 450), home=str(tmp_path), audio=False)
    moves, where = [], [(123, 77)]
    monkeypatch.setattr(pygame.display, "get_window_position", lambda: where[0])
    monkeypatch.setattr(pygame.display, "set_window_position", lambda pos: (moves.append(tuple(pos)),
                                                                            where.__setitem__(0, pos)))
    try:
        scene = SettingsScene(app)
        row = next(r for r in scene.rows if r[0] == "fullscreen")
        assert row and not app.fullscreen
        scene.change("fullscreen", 1)
        assert app.fullscreen and app.settings.fullscreen
        assert moves == [(0, 0)]                       # full screen from the corner (no WM needed)
        scene.change("fullscreen", 1)
        assert not app.fullscreen and app.size == (800, 450)
        assert moves[-1] == (123, 77)                  # back where it was, as big as it was
    finally:
        app.shutdown()


def test_the_line_under_the_rows_fits_for_staff_and_visitors(tmp_path):
    """The line saying what the focused row does (the operator's mute among them) stands inside
    the panel, clear of the rows and of Done, with the staff's and the visitor's rows too."""
    from game.ui.textfit import fit_text
    from scenes.settings import NOTE, SettingRow

    app, controller = kiosk_app(tmp_path)
    try:
        for scene in (SettingsScene(app, staff=True), SettingsScene(app)):
            app.stack.push(scene)
            steps(app, 0.1)
            note = scene.note_rect()
            assert scene.panel_rect().contains(note)
            assert not any(note.colliderect(w.rect) for w in scene.widgets)
            for row in [w for w in scene.widgets if isinstance(w, SettingRow)]:
                scene.focus.set_focus(row)
                assert not fit_text(app, app.t(scene.note_key()), NOTE).overflow, row.key
            app.stack.pop()
    finally:
        app.shutdown()
