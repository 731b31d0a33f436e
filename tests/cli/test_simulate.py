"""simulate: figures, reproducibility across --jobs, the progress bar and one-line errors."""
import contextlib
import io
import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from game.rules.registry import KITS
from game.simulation import simulate

ROOT = pathlib.Path(__file__).resolve().parents[2]
TIMING = ("seconds", "games_per_second")


def without_timing(out: dict) -> dict:
    return {k: v for k, v in out.items() if k not in TIMING}


@pytest.mark.parametrize("name", list(KITS))
def test_jobs_2_gives_the_same_figures_as_jobs_1(name):
    # random Zodiac bots take long to reach 10 points, and even one round is slow: fewer games
    options = {"rounds": 1} if name == "zodiac" else {}
    games = 4 if name == "zodiac" else 24
    plan = simulate.Plan(name, 2, games, 11, ["random", "random"], options)
    one = simulate.run(plan, jobs=1, progress=False)
    two = simulate.run(plan, jobs=2, progress=False)
    assert without_timing(one) == without_timing(two)
    assert one["games"] == games
    assert sum(one["endings"].values()) == games
    assert one["turns"]["mean"] > 0


def test_figures_add_up_and_bots_rotate_seats():
    plan = simulate.Plan("hungry-meow", 3, 30, 5, ["heuristic", "random", "random"])
    out = simulate.run(plan, progress=False)
    by_bot = out["wins_by_bot"]
    assert by_bot["heuristic"]["games"] == 30 and by_bot["random"]["games"] == 60
    total_wins = sum(row["wins"] for row in out["wins_by_seat"])
    assert total_wins == sum(row["wins"] for row in by_bot.values())
    assert total_wins == 30 - out["endings"].get("cap", 0)
    for row in out["wins_by_seat"]:
        lo, hi = row["ci95"]
        assert 0 <= lo <= row["rate"] <= hi <= 1
    assert [simulate.seat_bots(plan, i)[0] for i in range(3)] == ["heuristic", "random", "random"]


def test_wilson_interval_matches_a_known_value():
    # 40 wins in 100: the textbook Wilson interval is 0.3094-0.4980.
    assert simulate.wilson(40, 100) == [0.3094, 0.498]


def test_meow_dice_reports_scores_and_slots():
    out = simulate.run(simulate.Plan("meow-dice", 2, 10, 3, ["random"]), progress=False)
    assert set(out["scores"]["mean_by_bot"]) == {"random"}
    assert out["counters"]


def test_progress_bar_only_for_long_runs(monkeypatch):
    stream = io.StringIO()
    bar = simulate.Progress(10, stream)
    bar.update(10)
    assert stream.getvalue() == ""          # quick run: no bar
    clock = iter([0.0, 5.0, 6.0])
    monkeypatch.setattr(time, "monotonic", lambda: next(clock))
    bar = simulate.Progress(10, stream)
    bar.update(5)
    bar.update(10)
    assert "5/10 games" in stream.getvalue() and "10/10 games" in stream.getvalue()
    assert "1.0/s  5s left" in stream.getvalue()        # games per second and the time left


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", "simulate", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


def run_in_process(capsys, *args: str) -> subprocess.CompletedProcess:
    """``main.py simulate ARGS`` called in this process (main.main: simulate's own error handling
    and the one-line crash report around it), for tests about what it answers to bad input, not
    about the process; the real process runs in the tests of a whole run, --jobs and the signals."""
    import main

    capsys.readouterr()
    code = main.main(["simulate", *args])
    out = capsys.readouterr()
    return subprocess.CompletedProcess(["main.py", "simulate", *args], code, out.out, out.err)


def test_command_line_table_and_json():
    table = run_cli("hungry-meow", "--players", "3", "--games", "6", "--bots", "heuristic,random,random")
    assert table.returncode == 0, table.stderr
    assert "wins by bot" in table.stdout and "game length (turns)" in table.stdout
    as_json = run_cli("hungry-meow", "--players", "2", "--games", "4", "--json")
    assert as_json.returncode == 0, as_json.stderr
    assert json.loads(as_json.stdout)["games"] == 4


@pytest.mark.parametrize("args, expected", [
    (("hungry-meow", "--bots", "genius"), "unknown bot 'genius'"),
    (("hungry-meow", "--players", "3", "--bots", "random,random"), "names 2 bots for 3 players"),
    (("hungry-meow", "--players", "9"), "players"),
    (("zodiac", "--options", "{bad"), "not valid JSON"),
    (("zodiac", "--cards", "x.json"), "--cards is only for"),
])
def test_command_line_errors_are_one_line(args, expected, capsys):
    out = run_in_process(capsys, *args)
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
    assert expected in out.stderr


def test_bad_card_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "cards.json"
    bad.write_text("{}")
    out = run_in_process(capsys, "meow-dice", "--cards", str(bad), "--games", "2")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr


# ---- issue 11.7: --jobs capped, workers end with the parent, hostile inputs are one line ----------
def test_jobs_is_capped_at_the_cpu_count_with_a_note():
    out = run_cli("hungry-meow", "--games", "3", "--jobs", "100000", "--json")
    assert out.returncode == 0, out.stderr
    cpus = simulate.cpu_count()
    assert f"--jobs 100000 is more than the {cpus} CPUs here; using {cpus}" in out.stderr
    assert json.loads(out.stdout)["games"] == 3


def children_of(pid: int) -> set[int]:
    """Live (not zombie) processes whose parent is ``pid``, from /proc."""
    found = set()
    for entry in pathlib.Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = pathlib.Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def start_long_run() -> tuple[subprocess.Popen, set[int]]:
    # Search bots with a big budget: each worker's first batch of games takes minutes, so a
    # worker that only noticed its parent's death between batches would still be running.
    proc = subprocess.Popen([sys.executable, "main.py", "simulate", "hungry-meow", "--games", "1000000",
                             "--bots", "search", "--nodes", "100000", "--jobs", "2"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60          # a loaded machine starts processes slowly
    workers: set[int] = set()
    while time.monotonic() < deadline and len(workers) < 2:
        time.sleep(0.2)
        workers = children_of(proc.pid)
    if len(workers) != 2:                     # never leave a million-game run behind
        proc.kill()
        proc.wait(timeout=15)
        for pid in workers:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
    assert len(workers) == 2, "the worker processes did not start"
    return proc, workers


@contextlib.contextmanager
def long_run():
    """A long simulate run and its two workers, killed on the way out whatever the test did
    (a failed wait once left a million-game run behind)."""
    proc, workers = start_long_run()
    try:
        yield proc, workers
    finally:
        for pid in (proc.pid, *workers):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        proc.wait(timeout=15)


def gone_within(pids: set[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.1)
    return False


needs_proc = pytest.mark.skipif(not pathlib.Path("/proc/self/stat").exists() or simulate.cpu_count() < 2,
                                reason="needs /proc and 2 CPUs")


@needs_proc
def test_workers_end_when_the_parent_gets_sigterm():
    with long_run() as (proc, workers):
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)                # a loaded machine can take its time
        assert gone_within(workers, 5), "workers outlived the parent"
        assert "Traceback" not in proc.stderr.read().decode()


@needs_proc
def test_workers_end_when_the_parent_gets_sigint():
    with long_run() as (proc, workers):
        proc.send_signal(signal.SIGINT)     # Ctrl+C
        proc.wait(timeout=60)                # a loaded machine can take its time
        assert gone_within(workers, 5), "workers outlived the parent"
        err = proc.stderr.read().decode()
        assert "Traceback" not in err and proc.returncode != 0
        assert err.strip().splitlines()[-1] == "simulate: stopped"


@needs_proc
def test_workers_end_when_the_parent_is_killed_outright():
    with long_run() as (proc, workers):
        proc.kill()                # SIGKILL: nothing runs in the parent; the workers' watchdog acts
        proc.wait(timeout=60)                # a loaded machine can take its time
        assert gone_within(workers, 5), "workers outlived the parent"


def test_deeply_nested_card_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "cards.json"
    bad.write_text("[" * 100000 + "]" * 100000)
    out = run_in_process(capsys, "meow-dice", "--cards", str(bad), "--games", "2")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert out.stderr.strip() == f"simulate: cards file {bad}: JSON nested too deeply to read"


@pytest.mark.parametrize("options, expected", [
    ("[" * 20000 + "]" * 20000, "nested too deeply"),
    ('{"rounds": %s}' % ("9" * 5000), "too many digits"),
    ("[1, 2]", "must be a JSON object or a list of objects"),
])
def test_hostile_options_are_one_line(options, expected, capsys):
    out = run_in_process(capsys, "zodiac", "--options", options, "--games", "1")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1 and expected in out.stderr
