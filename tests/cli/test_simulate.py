"""simulate: figures, reproducibility across --jobs, the progress bar and one-line errors."""
import io
import json
import pathlib
import subprocess
import sys

import pytest

from game import simulate
from game.rules.registry import ENGINES

ROOT = pathlib.Path(__file__).resolve().parents[2]
TIMING = ("seconds", "games_per_second")


def without_timing(out: dict) -> dict:
    return {k: v for k, v in out.items() if k not in TIMING}


@pytest.mark.parametrize("name", list(ENGINES))
def test_jobs_2_gives_the_same_figures_as_jobs_1(name):
    options = {"rounds": 1} if name == "zodiac" else {}     # random bots take long to reach 10 points
    plan = simulate.Plan(name, 2, 24, 11, ["random", "random"], options)
    one = simulate.run(plan, jobs=1, progress=False)
    two = simulate.run(plan, jobs=2, progress=False)
    assert without_timing(one) == without_timing(two)
    assert one["games"] == 24
    assert sum(one["endings"].values()) == 24
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
    monkeypatch.setattr(simulate.time, "monotonic", lambda: next(clock))
    bar = simulate.Progress(10, stream)
    bar.update(5)
    bar.update(10)
    assert "5/10 games" in stream.getvalue() and "10/10 games" in stream.getvalue()


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", "simulate", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


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
def test_command_line_errors_are_one_line(args, expected):
    out = run_cli(*args)
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
    assert expected in out.stderr


def test_bad_card_file_is_one_line(tmp_path):
    bad = tmp_path / "cards.json"
    bad.write_text("{}")
    out = run_cli("meow-dice", "--cards", str(bad), "--games", "2")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
