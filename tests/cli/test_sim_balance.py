"""Balance tools: --sweep over a card's value or card files, the win rate when a card is taken,
what a stop (Ctrl+C) keeps, and "did you mean" for a mistyped flag or game."""
import json
import signal
import subprocess
import sys
import time

import pytest

from game.simulation import simulate
from game.simulation.stats import Tally

from .test_simulate import ROOT, without_timing


def run_cli(*args, timeout=300):
    return subprocess.run([sys.executable, "main.py", "simulate", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=timeout)


def test_sweep_over_one_cards_points_gives_a_column_per_value():
    args = simulate.build_parser().parse_args(["meow-dice", "--games", "40", "--bots", "heuristic",
                                               "--sweep", "Tuna can:points=0,3"])
    plans = simulate.make_plans(args)
    assert [p.note for p in plans] == ["Tuna can points=0", "Tuna can points=3"]
    for plan, points in zip(plans, (0, 3), strict=True):
        data = json.loads(open(plan.cards, encoding="utf-8").read())
        assert {"card": f"food/tabby/{points}/!C", "name": "Tuna can"} in data["regular"]
    outs = [simulate.run(p, progress=False) for p in plans]
    text = simulate.format_sweep(outs)
    assert "2 players; Tuna can points=0" in text and "Tuna can: win rate when taken" in text
    assert outs[0]["sweep"] == "Tuna can points=0"


def test_sweep_over_card_files(tmp_path):
    done = run_cli("meow-dice", "--games", "10", "--bots", "heuristic", "--sweep",
                   "cards=game/rules/meow_dice_cards.json,game/rules/meow_dice_cards.json", "--json")
    assert done.returncode == 0, done.stderr
    outs = json.loads(done.stdout)["sweep"]
    assert [o["sweep"] for o in outs] == ["meow_dice_cards.json"] * 2
    assert without_timing(outs[0]) == without_timing(outs[1])


@pytest.mark.parametrize("args,words", [
    (["meow-dice", "--sweep", "Tuna cane:points=1"], "no card 'Tuna cane'"),
    (["meow-dice", "--sweep", "Tuna can:colour=1"], "a card's field is one of type, cat, points"),
    (["meow-dice", "--sweep", "Tuna can:points=4"], "repeats a card"),    # the golden Lobster dinner
    (["zodiac", "--sweep", "cards=a.json"], "zodiac has no card files"),
    (["meow-dice", "--sweep", "points"], "give 'CARD:FIELD=V1,V2,"),
    (["meow-dice", "--sweep", "cards=a.json", "--compare", "default", "default"], "one or the other"),
])
def test_a_bad_sweep_is_one_line_before_any_game(args, words):
    done = run_cli(*args, "--games", "5")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and words in done.stderr, done.stderr


def test_win_rate_when_taken_by_hand():
    tally = Tally(2)
    games = [(["a", "b"], ["b"], [0]), (["a"], ["c"], [1]), (["c"], ["a", "c"], [0])]
    for held, other, winners in games:
        tally.add({"bots": ["x", "y"], "winners": winners, "ending": "score", "turns": 6,
                   "stats": {"held": {"cards taken": [held, other]}}})
    out = tally.figures({})["win_when_held"]["cards taken"]
    # a: game 1 seat 0 (won), game 2 seat 0 (lost), game 3 seat 1 (lost) -> 1 of 3
    # b: game 1 seat 0 (won) and seat 1 (lost) -> 1 of 2
    # c: game 2 seat 1 (won), game 3 seat 0 (won) and seat 1 (lost) -> 2 of 3
    assert {k: (v["wins"], v["seats"]) for k, v in out.items()} == {"a": (1, 3), "b": (1, 2), "c": (2, 3)}
    assert list(out) == ["c", "b", "a"]                     # best first


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_stop_writes_the_games_that_finished_marked_partial(tmp_path, jobs):
    report = tmp_path / "r.html"
    proc = subprocess.Popen([sys.executable, "main.py", "simulate", "hungry-meow", "--players", "3",
                             "--games", "1000000", "--bots", "heuristic", "--jobs", jobs, "--json",
                             "--report", str(report)], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    time.sleep(4)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    figures = json.loads(out)
    assert figures["partial"] and figures["games_planned"] == 1000000 and 0 < figures["games"] < 1000000
    assert "marked partial" in err and "PARTIAL: stopped after" in report.read_text(encoding="utf-8")
    # the figures are exactly those of games 0 … k-1
    again = simulate.run(simulate.Plan("hungry-meow", 3, figures["games"], 1, ["heuristic"]), progress=False)
    assert without_timing(again) == {k: v for k, v in without_timing(figures).items()
                                     if k not in ("partial", "games_planned")}


@pytest.mark.parametrize("args,words", [(["zodaic"], "did you mean 'zodiac'?"),
                                        (["zodiac", "--gmaes", "3"], "did you mean --games for --gmaes?"),
                                        (["zodiac", "--plyers", "3"], "did you mean --players")])
def test_did_you_mean(args, words):
    done = run_cli(*args)
    assert done.returncode == 2 and words in done.stderr


def test_a_card_sweeps_report_plots_the_card_setting_by_setting(tmp_path):
    report = tmp_path / "tuna.html"
    done = run_cli("meow-dice", "--games", "20", "--bots", "heuristic", "--sweep", "Tuna can:points=0,3",
                   "--report", str(report))
    assert done.returncode == 0, done.stderr
    page = report.read_text(encoding="utf-8")
    assert "alt='Tuna can across settings'" in page and "alt='Win rate when cards taken'" in page
    assert page.count("seat advantage: p = ") == 2           # the seat test of each setting
