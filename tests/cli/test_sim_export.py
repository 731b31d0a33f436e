"""simulate --export N FILE: game N of a run as a replay file that plays to the same end, and
whose winners add up, game by game, to the run's wins per seat."""
import json
import subprocess
import sys

import pytest

from game.play import replay
from game.simulation import simulate

from .test_simulate import ROOT

RUNS = [("hungry-meow", 4, 12, ["heuristic"]), ("meow-dice", 3, 10, ["heuristic", "random", "search"]),
        ("zodiac", 3, 8, ["heuristic"])]


@pytest.mark.parametrize("game,players,games,bots", RUNS)
def test_every_exported_game_replays_to_its_end_and_the_wins_add_up(game, players, games, bots):
    plan = simulate.Plan(game, players, games, 7, bots, nodes=20)
    out = simulate.run(plan, progress=False)
    wins = [0] * players
    for index in range(games):
        record = simulate.export_record(plan, index)
        finished = replay.play(json.loads(json.dumps(record)))     # as written to the file
        assert finished.over
        assert finished.winners == record["simulate"]["winners"]
        assert len(record["actions"]) > 0 and record["simulate"]["index"] == index
        for seat in finished.winners:
            wins[seat] += 1
    assert wins == [row["wins"] for row in out["wins_by_seat"]]


def run_cli(*args):
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


def test_export_writes_a_replay_file_the_replay_command_plays(tmp_path):
    path = tmp_path / "g2.json"
    done = run_cli("simulate", "hungry-meow", "--players", "3", "--games", "5", "--bots", "heuristic",
                   "--export", "2", str(path), "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(path.read_text())
    assert data["simulate"]["index"] == 2 and data["game"] == "hungry-meow"
    played = run_cli("replay", str(path))
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["winners"] == data["simulate"]["winners"]


@pytest.mark.parametrize("args,words", [(["5", "x.json"], "this run has games 0-4"),
                                        (["two", "x.json"], "give a game number 0-4"),
                                        (["1", "/no/such/dir/x.json"], "cannot write it")])
def test_a_bad_export_is_one_line(tmp_path, args, words):
    done = run_cli("simulate", "hungry-meow", "--games", "5", "--export", *args)
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1 and words in done.stderr
