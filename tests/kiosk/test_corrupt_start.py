"""A corrupt save, settings file and records database: the kiosk starts cleanly (attract mode),
with a warning logged for each, and the broken save/database are set aside."""
import logging

from game.files import paths
from game.play import records, saves
from tests.peek import session_of

from .helpers import kiosk_app, steps, top_name


def test_corrupt_files_give_a_clean_start_with_warnings(tmp_path, caplog):
    home = tmp_path
    paths.settings_file(home).parent.mkdir(parents=True)
    paths.settings_file(home).write_text('{"language": "en", "kiosk_pin": ')          # cut short
    save = saves.save_path(home)
    save.parent.mkdir(parents=True)
    save.write_text('{"game": "hungry-meow", "seed": 3, "actions": ["play R99Q"], "seats": [{"name": "A"}]')
    db = records.db_path(home)
    db.write_bytes(b"SQLite format 3\x00" + b"\xff" * 3000)
    caplog.set_level(logging.WARNING)
    app, controller = kiosk_app(home)
    try:
        assert controller.start() == "attract"
        steps(app, 0.5)
        assert top_name(app) == "AttractScene"
        text = "\n".join(r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING)
        assert "settings file" in text and "corrupt" in text
        assert "autosave.json does not load" in text
        assert "records.sqlite3 does not load" in text
        assert (save.parent / "autosave.json.bad-1").exists()
        assert (db.parent / "records.sqlite3.bad-1").exists()
        assert app.settings.language == "en"                      # defaults
        assert controller.watcher.records.db is not None
    finally:
        controller.close()
        app.shutdown()


def test_a_save_from_another_version_is_set_aside(tmp_path, caplog):
    import json
    save = saves.save_path(tmp_path)
    save.parent.mkdir(parents=True)
    save.write_text(json.dumps({"version": 0, "game": "hungry-meow", "seed": 1, "seats": []}))
    caplog.set_level(logging.WARNING)
    app, controller = kiosk_app(tmp_path)
    try:
        assert controller.start() == "attract"
        assert any("save version 0" in r.getMessage() for r in caplog.records)
    finally:
        controller.close()
        app.shutdown()


def _saved_game(home):
    from game.play.session import GameSession, Seat
    from scenes.tables import available_tables
    info = available_tables()[0]
    session = GameSession(info.game, [Seat("Ann", "human"), Seat("Bot")], seed=4)
    auto = saves.Autosave(saves.save_path(home))
    auto.attach(session)
    session.apply(session.game.legal_actions()[0])
    auto.detach()
    return session


def test_a_good_save_is_resumed_whatever_the_death_count(tmp_path, monkeypatch):
    """Resume always (issue 11): deaths within the minute do not make a save suspect."""
    from kiosk.supervisor import DEATHS_ENV
    _saved_game(tmp_path)
    for deaths in ("1", "2", "3", "4", "12"):
        monkeypatch.setenv(DEATHS_ENV, deaths)
        app, controller = kiosk_app(tmp_path)
        try:
            assert controller.start() == "resume", deaths
            app.stack.apply_pending()
            assert len(session_of(app.stack.top).actions) == 1
        finally:
            controller.close()
            app.shutdown()
    assert not list(saves.save_path(tmp_path).parent.glob("*.bad-*"))


def test_a_save_the_game_kept_dying_with_through_two_naps_is_set_aside(tmp_path, monkeypatch, caplog):
    """After a crash loop and the nap screen's retry the save is still trusted once; a second crash
    loop in a row sets it aside (kept as .bad-1), so the next retry starts clean."""
    from kiosk.supervisor import NAPS_ENV
    _saved_game(tmp_path)
    monkeypatch.setenv(NAPS_ENV, "1")
    app, controller = kiosk_app(tmp_path)
    try:
        assert controller.start() == "resume"
    finally:
        controller.close()
        app.shutdown()
    monkeypatch.setenv(NAPS_ENV, "2")
    caplog.set_level(logging.WARNING)
    app, controller = kiosk_app(tmp_path)
    try:
        assert controller.start() == "attract"
        assert any("2 crash loops in a row" in r.getMessage() for r in caplog.records)
        assert (saves.save_path(tmp_path).parent / "autosave.json.bad-1").exists()
    finally:
        controller.close()
        app.shutdown()


def test_a_save_whose_table_does_not_rebuild_is_kept_aside(tmp_path, monkeypatch):
    import kiosk.controller
    _saved_game(tmp_path)
    monkeypatch.setattr(kiosk.controller, "table_scene_for", lambda app, session: None)
    app, controller = kiosk_app(tmp_path)
    try:
        assert controller.start() == "attract"
        assert (saves.save_path(tmp_path).parent / "autosave.json.bad-1").exists()
    finally:
        controller.close()
        app.shutdown()
