"""Zodiac Catchers figures: random playout speed and the search bot's think time per pointing.

Rates and think times are per CPU second (``time.process_time``: the machine is shared, so wall
time swings); wall figures are printed beside them.

`python -m bench zodiac` (or `python bench/zodiac.py`). Prints and returns a dict; never
pass/fail. Random playouts are uniform random legal actions (RandomBot's choice) through
``Game.apply``, single rounds (option ``rounds: 1``).
"""
from __future__ import annotations

import random
import statistics
import time

from game.bots.base import Budget
from game.bots.zodiac import SearchBot
from game.rules.zodiac import Zodiac


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def random_playouts(players: int, rounds: int, seed: int = 1) -> dict:
    rng = random.Random(seed)
    actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(rounds):
        game = Zodiac.new(players, seed * 1000 + i, {"rounds": 1})
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    wall = time.perf_counter() - start
    elapsed = time.process_time() - cpu
    return {"players": players, "rounds": rounds, "cpu_seconds": round(elapsed, 3),
            "wall_seconds": round(wall, 3), "rounds_per_second": round(rounds / elapsed, 2),
            "actions_per_second": round(actions / elapsed), "actions_per_round": round(actions / rounds, 1)}


def search_think(players: int, decisions: int, nodes: int, seed: int = 2) -> dict:
    """Time SearchBot.choose over pointings of games where every seat is a search bot."""
    times: list[float] = []
    walls: list[float] = []
    game_index = 0
    while len(times) < decisions:
        game = Zodiac.new(players, seed * 1000 + game_index, {"rounds": 1})
        bots = [SearchBot(s, game_index * 10 + s, Budget(nodes=nodes)) for s in range(players)]
        game_index += 1
        while not game.over and len(times) < decisions:
            seat = game.current_player
            legal = game.legal_actions()
            view = game.view(seat)
            start, wall = time.process_time(), time.perf_counter()
            action = bots[seat].choose(view, legal)
            if action.startswith("point"):
                times.append(time.process_time() - start)
                walls.append(time.perf_counter() - wall)
            game.apply(action)
    ms = [t * 1000 for t in times]
    wall_ms = [t * 1000 for t in walls]
    return {"players": players, "nodes": nodes, "pointings": len(ms),
            "median_ms": round(statistics.median(ms), 2), "p95_ms": round(_percentile(ms, 0.95), 2),
            "max_ms": round(max(ms), 2), "wall_median_ms": round(statistics.median(wall_ms), 2),
            "wall_p95_ms": round(_percentile(wall_ms, 0.95), 2)}


def run() -> dict:
    out = {
        "random_playouts": [random_playouts(2, 60), random_playouts(4, 20), random_playouts(6, 10)],
        "search_think": [search_think(2, 300, 2000), search_think(4, 300, 2000),
                         search_think(6, 200, 2000), search_think(2, 300, 500)],
    }
    for row in out["random_playouts"]:
        print(f"random playouts, {row['players']} players: {row['rounds_per_second']} rounds/s, "
              f"{row['actions_per_second']} actions/s per CPU second "
              f"({row['actions_per_round']} actions a round)")
    for row in out["search_think"]:
        print(f"search think per pointing, {row['players']} players, {row['nodes']} nodes: CPU median "
              f"{row['median_ms']} ms, p95 {row['p95_ms']} ms (max {row['max_ms']} ms); wall median "
              f"{row['wall_median_ms']} ms, p95 {row['wall_p95_ms']} ms")
    return out


if __name__ == "__main__":
    run()
