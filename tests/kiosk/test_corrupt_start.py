"""A corrupt save, settings file and records database: the kiosk starts cleanly (attract mode),
with a warning logged for each, and the broken save/database are set aside."""
import logging

from game import paths, records, saves

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
        assert app.settings.kiosk_pin == ""                        # defaults (default PIN)
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


def test_a_save_that_keeps_killing_the_game_is_set_aside(tmp_path, monkeypatch, caplog):
    from game.session import GameSession, Seat
    from kiosk.supervisor import DEATHS_ENV
    from scenes.tables import available_tables
    info = available_tables()[0]
    auto = saves.Autosave(saves.save_path(tmp_path))
    auto.attach(GameSession(info.game, [Seat("Ann", "human"), Seat("Bot")], seed=4))
    auto.detach()
    monkeypatch.setenv(DEATHS_ENV, "1")                  # died once: resume as usual
    app, controller = kiosk_app(tmp_path)
    try:
        assert controller.start() == "resume"
    finally:
        controller.close()
        app.shutdown()
    monkeypatch.setenv(DEATHS_ENV, "2")                  # died again right after resuming
    caplog.set_level(logging.WARNING)
    app, controller = kiosk_app(tmp_path)
    try:
        assert controller.start() == "attract"
        assert any("died 2 times in a row" in r.getMessage() for r in caplog.records)
    finally:
        controller.close()
        app.shutdown()
