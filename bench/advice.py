"""Ask-the-tiger figures: how long a hint takes, and how well following every hint plays.

1. Hint latency: ``advise`` at the runtime budget (0.25 s with ``time.monotonic`` injected, the
   node cap of ``Budget``, as ``game/play/bot_runner.py`` gives a bot seat) for the seat on turn in
   positions met in seeded two-player heuristic games, per game. Every position is timed
   (wall clock: what a player waits); "searched" are those with more than one legal action
   (a forced move answers at once). p50 / p95 / max, and the share of hints over 0.3 s.
2. Following every hint: ``simulate``-style two-player games (``game.simulation.simulate.run``, seats
   rotated, node budgets so the figures repeat) of the ``hint`` bot against the heuristic bot
   (Zodiac: the house cat, its ``heuristic`` alias). Win share with its 95% interval.

`python -m bench advice` (or `python bench/advice.py [games per table]`). Prints and returns a
dict; never pass/fail.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots.advice import advise  # noqa: E402
from game.bots.base import Budget, make_bot  # noqa: E402
from game.rules.registry import engine  # noqa: E402
from game.simulation.simulate import Plan, percentile  # noqa: E402
from game.simulation.simulate import run as simulate  # noqa: E402

GAMES = ("hungry-meow", "meow-dice", "zodiac")
BUDGET_SECONDS = 0.25


def sample_positions(game: str, count: int, seed: int) -> list[tuple]:
    """(view, legal) of the seat on turn, from seeded two-player heuristic games."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        g = engine(game).new(2, rng.randrange(10 ** 6))
        bots = [make_bot(game, "heuristic", s, rng.randrange(10 ** 6)) for s in range(2)]
        while not g.over and len(out) < count:
            for seat, bot in enumerate(bots):
                for action in g.computer_setup_actions(seat, bot.rng):
                    g.apply(action)
            seat = g.current_player
            view, legal = g.view(seat), g.legal_actions()
            if rng.random() < 0.25:
                out.append((view, legal))
            g.apply(bots[seat].choose(view, legal))
    return out


def _summary(values: list[float]) -> dict:
    if not values:
        return {"n": 0}
    return {"n": len(values), "p50_ms": round(statistics.median(values) * 1000, 1),
            "p95_ms": round(percentile(values, 0.95) * 1000, 1), "max_ms": round(max(values) * 1000, 1),
            "over_300ms": round(sum(v > 0.3 for v in values) / len(values), 3)}


def hint_latency(game: str, count: int = 60, seed: int = 1) -> dict:
    walls, searched = [], []
    for view, legal in sample_positions(game, count, seed):
        budget = Budget(seconds=BUDGET_SECONDS, clock=time.monotonic)
        start = time.perf_counter()
        advise(game, view, legal, budget)
        wall = time.perf_counter() - start
        walls.append(wall)
        if len(legal) > 1:
            searched.append(wall)
    return {"budget_seconds": BUDGET_SECONDS, "all": _summary(walls), "searched": _summary(searched)}


def follow_hints(game: str, games: int, seed: int = 7) -> dict:
    out = simulate(Plan(game, 2, games, seed, ["hint", "heuristic"]), jobs=1, progress=False)
    hint = out["wins_by_bot"]["hint"]
    other = out["wins_by_bot"]["heuristic"]
    return {"games": out["games"], "hint_wins": hint["wins"], "hint_rate": hint["rate"],
            "hint_ci95": hint["ci95"], "heuristic_wins": other["wins"],
            "no_winner": out["games"] - hint["wins"] - other["wins"], "seconds": out["seconds"]}


# Games per table for part 2: a Hungry Meow hint searches ~0.06 s a move (200 rollouts).
GAMES_EACH = {"hungry-meow": 200, "meow-dice": 400, "zodiac": 400}


def run(games: int | None = None) -> dict:
    figures = {}
    for game in GAMES:
        figures[game] = {"hint_latency": hint_latency(game)}
        print(game, "hint latency", figures[game]["hint_latency"], flush=True)
        figures[game]["hint_vs_heuristic_2p"] = follow_hints(game, games or GAMES_EACH[game])
        print(game, "hint vs heuristic", figures[game]["hint_vs_heuristic_2p"], flush=True)
    return figures


if __name__ == "__main__":
    run(int(sys.argv[1]) if len(sys.argv) > 1 else None)
