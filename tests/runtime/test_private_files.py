"""Issue 11.8: every file the game writes is private (0600, folders 0700) and written through the
one helper (game.files.paths.write_private / open_private); the log names a game by an id, not its seed,
unless --debug; records count the actions actually played and keep attract demos apart."""
import os
import pathlib
import signal
import stat
import subprocess
import sys
import time

import pytest

from game.files import paths
from game.play import records, saves
from game.play.match import new_session
from game.play.session import Seat
from game.runtime import logs

ROOT = pathlib.Path(__file__).resolve().parents[2]
needs_modes = pytest.mark.skipif(sys.platform.startswith("win"), reason="POSIX file modes")


def modes(home: pathlib.Path) -> dict[str, int]:
    """Every file and folder under ``home`` -> its permission bits."""
    return {str(p.relative_to(home)): stat.S_IMODE(p.stat().st_mode) for p in sorted(home.rglob("*"))}


def assert_private(home: pathlib.Path) -> dict[str, int]:
    found = modes(home)
    assert found
    wrong = {name: oct(mode) for name, mode in found.items()
             if mode != ((paths.DIR_MODE if (home / name).is_dir() else paths.FILE_MODE))}
    assert not wrong, f"not private: {wrong}"
    return found


def bot_seats(n: int) -> list[Seat]:
    return [Seat(f"cat{i}", "bot", "random") for i in range(n)]


@needs_modes
def test_write_private_makes_0600_even_over_a_0644_file_and_under_a_loose_umask(tmp_path):
    old = os.umask(0o022)
    try:
        target = tmp_path / "sub" / "f.json"
        target.parent.mkdir()
        target.write_text("old")
        os.chmod(target, 0o644)
        paths.write_private(target, "new")
        assert target.read_text() == "new" and stat.S_IMODE(target.stat().st_mode) == 0o600
        with paths.open_private(tmp_path / "new" / "log.txt", "a") as handle:
            handle.write("x")
        assert stat.S_IMODE((tmp_path / "new" / "log.txt").stat().st_mode) == 0o600
        assert stat.S_IMODE((tmp_path / "new").stat().st_mode) == 0o700
        assert not list(tmp_path.rglob("*.tmp-*"))                   # nothing left behind
    finally:
        os.umask(old)


@needs_modes
def test_settings_autosave_records_and_log_are_private(tmp_path):
    old = os.umask(0o022)          # the helpers, not the process umask, make them private here
    try:
        from game.runtime.settings import load_settings

        log = logs.setup_logging(tmp_path)
        log.info("hello")
        settings = load_settings(tmp_path, log)
        assert settings.save(log)
        session = new_session("zodiac", bot_seats(3), 5, {"rounds": 1})
        save = saves.Autosave(saves.save_path(tmp_path))
        save.attach(session)
        db = records.Records(records.db_path(tmp_path))
        db.start(session)
        db.close()
        handler = next(h for h in log.handlers if getattr(h, "_meowcade", None))
        handler.doRollover()                                     # a rotated log and its new file
        log.info("after rotation")
        found = assert_private(tmp_path)
        for name in ("config/settings.json", "data/autosave.json", "data/records.sqlite3",
                     "data/logs/meowcade.log", "data/logs/meowcade.log.1", "data/logs/game-id.key"):
            assert name in found
    finally:
        os.umask(old)


def _wait(cond, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    raise AssertionError("timed out")


@needs_modes
def test_every_file_of_a_kiosk_run_is_private(tmp_path):
    """The operator's kiosk (supervisor + game): settings, autosave, records, logs, the kiosk's own
    files; run under a loose umask to show the game does not rely on the caller's."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    sup = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play", "--kiosk", "--windowed",
                            "--no-audio", "--size", "640x360", "--home", str(tmp_path)], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                           preexec_fn=lambda: os.umask(0o022))
    try:
        _wait((tmp_path / "data" / "kiosk-ready").exists)
        _wait((tmp_path / "data" / "records.sqlite3").exists)
        time.sleep(1.0)
        sup.send_signal(signal.SIGTERM)
        sup.wait(20)
    finally:
        if sup.poll() is None:
            sup.kill()
            sup.wait(10)
    found = assert_private(tmp_path)
    assert {"data/kiosk-ready", "data/records.sqlite3", "data/logs/meowcade.log"} <= set(found)


def run_demo(home, *extra):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop(logs.DEBUG_ENV, None)
    out = subprocess.run([sys.executable, "main.py", "--demo", "zodiac:3", "--seed", "987654321", "--frames",
                          "20", "--no-audio", "--size", "640x360", "--home", str(home), *extra], cwd=ROOT,
                         env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return (home / "data" / "logs" / "meowcade.log").read_text(encoding="utf-8")


def test_the_log_of_a_game_has_its_id_not_its_seed(tmp_path):
    text = run_demo(tmp_path / "plain")
    assert "987654321" not in text
    line = next(ln for ln in text.splitlines() if "demo game " in ln)
    game_id = line.split("demo game ")[1].split(":")[0]
    assert len(game_id) == 8 and int(game_id, 16) >= 0
    debug = run_demo(tmp_path / "debug", "--debug")
    assert "demo game " in debug and "(seed 987654321)" in debug


def test_a_game_id_is_stable_for_a_game_and_different_for_another(tmp_path):
    logs.setup_logging(tmp_path)
    a = new_session("zodiac", bot_seats(3), 5)
    again = new_session("zodiac", bot_seats(3), 5)
    other = new_session("zodiac", bot_seats(3), 6)
    assert logs.game_id(a) == logs.game_id(again) != logs.game_id(other)
    assert "seed" not in logs.game_ref(a) and str(a.seed) not in logs.game_ref(a)


# ---- records --------------------------------------------------------------------------------------
def play_watched(app, attract: bool, actions: int):
    """A table of computer cats on the stack, the SessionWatcher (autosave + records) watching,
    stepped until ``actions`` actions are played. The watcher is never closed: as if killed."""
    from game.play.watch import SessionWatcher
    from scenes.tables import table_info

    watcher = SessionWatcher(app, app.home)
    session = new_session("hungry-meow", bot_seats(3), 12)
    table = table_info("hungry-meow").scene_class()(app, session, attract=attract)
    table.bot_pace = (0.0, 0.0)
    app.stack.push(table)
    for _ in range(5000):
        app.step(1 / 20, [])
        watcher.update()
        if len(session.actions) >= actions:
            break
        if table.presenter.busy:
            table.presenter.skip()
        table.runner.wait_ready()
    assert len(session.actions) == actions
    return watcher, session


def test_a_game_killed_after_10_actions_is_recorded_with_10(app):
    watcher, session = play_watched(app, attract=False, actions=10)
    # no end, no close: the process dies here. Another process reads the file.
    (row,) = records.Records(records.db_path(app.home)).rows()
    assert row["actions"] == 10 and row["outcome"] is None and row["attract"] == 0
    watcher.records.close()


def test_attract_games_are_recorded_in_their_own_column(app, capsys):
    watcher, session = play_watched(app, attract=True, actions=4)
    db = records.Records(records.db_path(app.home))
    assert db.rows() == []                                   # people's games: none
    (row,) = db.rows(attract=True)
    assert row["attract"] == 1 and row["actions"] == 4
    totals = db.totals()
    assert totals["attract"] == 1 and totals["games"] == 0 and totals["humans"] == 0
    watcher.records.close()
    assert records.main(["--home", str(app.home)]) == 0
    assert "attract demos 1" in capsys.readouterr().out
    assert records.main(["--home", str(app.home), "--csv"]) == 0
    header, line = capsys.readouterr().out.strip().splitlines()
    assert header.endswith(",attract") and line.endswith(",4,1")


def test_a_records_file_from_before_the_attract_column_gains_it(tmp_path):
    import sqlite3

    path = tmp_path / "records.sqlite3"
    old = sqlite3.connect(path)
    old.executescript(records.SCHEMA.replace(",\n    attract INTEGER NOT NULL DEFAULT 0", ""))
    old.execute("INSERT INTO sessions (game, humans, computers, started, actions) VALUES ('zodiac',1,1,1,3)")
    old.commit()
    old.close()
    db = records.Records(path)
    (row,) = db.rows()
    assert row["attract"] == 0 and row["actions"] == 3
    assert not list(tmp_path.glob("*.bad-*"))              # kept, not set aside
