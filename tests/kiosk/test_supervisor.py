"""The supervisor restarts a child whatever it dies of, and naps after a crash loop.
Fake child commands (small Python scripts) stand in for the game; delays are zero."""
import logging
import signal
import sys
import textwrap
import time

from kiosk import supervisor as sup

# Each start appends a line to a counter file, then behaves as the script for that start says.
SCRIPT = textwrap.dedent("""
    import os, signal, sys
    counter = sys.argv[1]
    with open(counter, "a") as f:
        f.write("x\\n")
    n = sum(1 for _ in open(counter))
    plan = sys.argv[2].split(",")
    what = plan[min(n, len(plan)) - 1]
    if what == "raise":
        raise RuntimeError("the cat knocked the game off the table")
    if what == "exit3":
        sys.exit(3)
    if what == "sigkill":
        os.kill(os.getpid(), signal.SIGKILL)
    if what == "sigterm":
        os.kill(os.getpid(), signal.SIGTERM)
    if what == "nap":
        sys.exit(0)
    sys.exit(0)
""")


def _cmd(tmp_path, plan, name="child"):
    script = tmp_path / "fake.py"
    script.write_text(SCRIPT)
    return [sys.executable, str(script), str(tmp_path / f"{name}.count"), plan]


def _starts(tmp_path, name="child"):
    path = tmp_path / f"{name}.count"
    return len(path.read_text().splitlines()) if path.exists() else 0


def test_every_kind_of_death_is_restarted_and_logged(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    s = sup.Supervisor(_cmd(tmp_path, "raise,exit3,sigkill,sigterm,quit"), _cmd(tmp_path, "nap", "nap"),
                       restart_delay=0, stderr_path=tmp_path / "stderr.log", max_starts=20)
    assert s.run() == 0
    assert _starts(tmp_path) == 5 and _starts(tmp_path, "nap") == 0
    assert [code for _, code in s.history] == [1, 3, -signal.SIGKILL, -signal.SIGTERM, 0]
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "game exited with status 1: " in text and "RuntimeError: the cat knocked" in text
    assert "game exited with status 3" in text
    assert "killed by SIGKILL" in text and "killed by SIGTERM" in text
    assert "kiosk ends" in text


def test_restart_waits_the_injected_delay():
    slept = []
    s = sup.Supervisor([sys.executable, "-c", "raise SystemExit(2)"], None, restart_delay=0.25,
                       sleep=slept.append, max_starts=3)
    s.run()
    assert s.starts == 3 and slept == [0.25, 0.25, 0.25]


def test_crash_loop_shows_the_nap_screen(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    s = sup.Supervisor(_cmd(tmp_path, "raise"), _cmd(tmp_path, "nap", "nap"), restart_delay=0,
                       max_starts=50)
    assert s.run() == 0
    assert _starts(tmp_path) == 5            # 5 deaths within 60 s, then no sixth start
    assert _starts(tmp_path, "nap") == 1
    assert s.history[-1] == ("nap", 0)
    assert any("showing the nap screen" in r.getMessage() for r in caplog.records)


def test_deaths_spread_out_do_not_count_as_a_loop(tmp_path):
    now = [0.0]

    def sleep(seconds):
        now[0] += 20.0          # every death 20 s after the previous one: at most 3 in 60 s
    s = sup.Supervisor(_cmd(tmp_path, "raise"), _cmd(tmp_path, "nap", "nap"), restart_delay=0,
                       clock=lambda: now[0], sleep=sleep, max_starts=12)
    s.run()
    assert _starts(tmp_path) == 12 and _starts(tmp_path, "nap") == 0


def test_nap_try_again_restarts_the_game(tmp_path):
    nap = [sys.executable, "-c", f"raise SystemExit({sup.EXIT_RETRY})"]
    s = sup.Supervisor(_cmd(tmp_path, "raise,raise,raise,raise,raise,quit"), nap, restart_delay=0,
                       max_starts=20)
    assert s.run() == 0
    assert [role for role, _ in s.history] == ["child"] * 5 + ["nap", "child"]


def test_the_game_is_told_how_many_crash_loops_came_in_a_row(tmp_path):
    """The nap screen's retry keeps the count (the save may be what kills the game); a game that
    lives a whole window ends the row."""
    now = [0.0]
    lives = iter([0.0] * 10 + [61.0] + [0.0] * 10)     # the 11th game lives a minute

    def clock():
        return now[0]

    record = tmp_path / "naps.txt"
    child = [sys.executable, "-c", f"import os; open({str(record)!r}, 'a').write(os.environ['{sup.NAPS_ENV}']"
             " + chr(10)); raise SystemExit(1)"]
    nap = [sys.executable, "-c", f"raise SystemExit({sup.EXIT_RETRY})"]
    s = sup.Supervisor(child, nap, restart_delay=0, clock=clock, max_starts=19,
                       sleep=lambda _s: None)
    real_run_once = s.run_once

    def run_once(role="child"):
        code = real_run_once(role)
        if role == "child":
            now[0] += next(lives)
        return code
    s.run_once = run_once
    s.run()
    assert [int(v) for v in record.read_text().split()] == [0] * 5 + [1] * 5 + [2] + [0] * 4 + [1]
    assert [role for role, _ in s.history].count("nap") == 3


def test_child_commands_from_source_and_frozen():
    argv = ["--kiosk", "--home", "/tmp/h", "--lang", "zh_TW"]
    src = sup.child_command(argv, "child", frozen=False, main_py="/app/main.py")
    assert src == [sys.executable, "/app/main.py", "play", "--kiosk-child",
                   "--home", "/tmp/h", "--lang", "zh_TW"]
    assert sup.child_command(["play"] + argv, "nap", frozen=True) == [
        sys.executable, "--kiosk-nap", "--home", "/tmp/h", "--lang", "zh_TW"]


def test_ready_file_is_reported(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    child = [sys.executable, "-c",
             f"import os, time; open(os.environ['{sup.READY_ENV}'], 'w').write('1'); time.sleep(0.2)"]
    s = sup.Supervisor(child, None, restart_delay=0, ready_path=tmp_path / "ready", max_starts=1)
    s.run()
    assert any("game on screen" in r.getMessage() for r in caplog.records)


def test_a_failing_nap_screen_backs_off(tmp_path):
    slept = []
    s = sup.Supervisor([sys.executable, "-c", "raise SystemExit(1)"],
                       [sys.executable, "-c", "raise SystemExit(4)"], restart_delay=0, sleep=slept.append,
                       max_starts=12)
    s.run()
    assert [role for role, _ in s.history][:6] == ["child"] * 5 + ["nap"]
    assert slept[:4] == [0, 0, 0, 0]                      # four restarts, then the nap screen
    assert slept[4:] == [1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 60.0][: len(slept) - 4]


def test_a_game_that_was_on_screen_comes_back_at_once(tmp_path):
    """A visitor's game that dies is restarted without the restart delay; one that dies before
    its first frame (a start-up crash) waits it, so a broken start never spins."""
    slept = []
    shown = [sys.executable, "-c",
             f"import os; open(os.environ['{sup.READY_ENV}'], 'w').write('1'); raise SystemExit(1)"]
    s = sup.Supervisor(shown, None, restart_delay=0.25, sleep=slept.append,
                       ready_path=tmp_path / "ready", max_starts=3)
    s.run()
    assert s.starts == 3 and slept == []
    blind = sup.Supervisor([sys.executable, "-c", "raise SystemExit(1)"], None, restart_delay=0.25,
                           sleep=slept.append, ready_path=tmp_path / "ready2", max_starts=3)
    blind.run()
    assert slept == [0.25, 0.25, 0.25]


def test_the_child_is_told_when_it_was_started(tmp_path):
    record = tmp_path / "spawned.txt"
    child = [sys.executable, "-c",
             f"import os; open({str(record)!r}, 'w').write(os.environ['{sup.SPAWNED_ENV}'])"]
    before = time.time()
    sup.Supervisor(child, None, restart_delay=0, max_starts=1).run()
    assert before - 0.01 <= float(record.read_text()) <= time.time()


def test_precompile_writes_the_bytecode_once(tmp_path):
    (tmp_path / "game").mkdir()
    (tmp_path / "game" / "cats.py").write_text("PURR = 1\n")
    (tmp_path / "main.py").write_text("import game.cats\n")
    assert sup.precompile(root=tmp_path)
    cached = {p.name.split(".")[0] for p in tmp_path.rglob("*.pyc")}
    assert cached == {"cats", "main"}
    stamp = next((tmp_path / "game" / "__pycache__").glob("*.pyc")).stat().st_mtime_ns
    assert sup.precompile(root=tmp_path)          # fresh bytecode is left alone
    assert next((tmp_path / "game" / "__pycache__").glob("*.pyc")).stat().st_mtime_ns == stamp
