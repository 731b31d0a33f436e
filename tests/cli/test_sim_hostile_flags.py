"""Issue 20, the designer's command line under hostile flags: a trillion games cost no memory
before the first game (9), a report path that cannot be written is refused before any game is
played (11), and `simulate --home DIR` keeps what it writes under DIR (12)."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from game.simulation import plan as plans
from game.simulation import runs, simulate

ROOT = Path(__file__).resolve().parents[2]

# 1.5 GiB of address space: the old up-front chunk list (2·10^10 ranges) fails at once with
# MemoryError; made lazily, the first games are played in a few MiB.
FIRST_GAMES = textwrap.dedent("""
    import itertools, resource, sys
    resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))
    from game.simulation import plan as plans, runs
    plan = plans.Plan("hungry-meow", 2, 10 ** 12, 1, ["random"])
    jobs = int(sys.argv[1])
    got = list(itertools.islice(runs.local_results(plan, jobs), 60))
    assert len(got) == 60 and all(r["winners"] for r in got), got[:2]
    print("played", len(got))
""")


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_trillion_games_start_playing_at_once(jobs):
    out = subprocess.run([sys.executable, "-c", FIRST_GAMES, str(jobs)], cwd=ROOT, capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "played 60"


def test_chunks_are_made_one_at_a_time():
    # (a trillion is tried only in the memory-limited child above: a list of it fills the machine)
    work = plans.chunks(10 ** 6, 2)
    assert iter(work) is work, "chunks must be made one at a time, not as a list"
    assert next(work) == (0, 50) and next(work) == (50, 100)
    assert list(plans.chunks(7, 2)) == [(i, i + 1) for i in range(7)]


def test_jobs_results_equal_jobs_1_in_order():
    plan = simulate.Plan("meow-dice", 3, 23, 5, ["heuristic", "random", "random"])
    assert list(runs.local_results(plan, 2)) == list(runs.local_results(plan, 1))


def test_a_report_that_cannot_be_written_is_refused_before_any_game(tmp_path, capsys, monkeypatch):
    pytest.importorskip("matplotlib")
    played = []
    monkeypatch.setattr(runs, "play_one", lambda *a: played.append(a) or {})
    for target, says in ((tmp_path / "no-such-folder" / "r.html", "cannot write it"),
                         (tmp_path, "that is a folder")):
        code = simulate.main(["hungry-meow", "--games", "5", "--report", str(target)])
        err = capsys.readouterr().err
        assert code == 2 and says in err and len(err.strip().splitlines()) == 1, err
    assert played == []


def test_checking_the_report_path_leaves_an_existing_file_alone(tmp_path):
    from game.simulation import report

    old = tmp_path / "old.html"
    old.write_text("keep me", encoding="utf-8")
    report.check_writable(str(old))
    assert old.read_text(encoding="utf-8") == "keep me"
    new = tmp_path / "new.html"
    report.check_writable(str(new))
    assert not new.exists()


def test_simulate_home_keeps_the_crash_log_under_it(tmp_path):
    """A run that fails writes its log under --home, not into the user's real data folder."""
    fake_user = tmp_path / "user"
    home = tmp_path / "home"
    env = {**os.environ, "HOME": str(fake_user), "XDG_DATA_HOME": str(fake_user / "data"),
           "XDG_CONFIG_HOME": str(fake_user / "config"), "XDG_STATE_HOME": str(fake_user / "state")}
    env.pop("MEOWCADE_HOME", None)
    crash = ("import sys; sys.argv[1:] = ['simulate', 'hungry-meow', '--games', '2', '--home', sys.argv[1]];"
             "from game.simulation import runs;"
             "runs.play_one = lambda *a: 1 / 0;"
             "import runpy; runpy.run_path('main.py', run_name='__main__')")
    out = subprocess.run([sys.executable, "-c", crash, str(home)], cwd=ROOT, env=env, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 1 and len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert str(home) in out.stderr
    assert list(home.rglob("*.log")), "no log under --home"
    assert not list(fake_user.rglob("*.log")), "a log went to the real home"
