"""Hungry Meow figures: random playout speed and the search bot's think time per move.

1. Random playouts: uniform random legal actions (what RandomBot does) through ``Game.apply``
   (which keeps a backup clone per action), 2-6 seats in turn, on one core. Rates are per CPU
   second (``time.process_time``: the machine is shared, wall time swings); wall beside them.
2. Search think time: ``SearchBot`` with the runtime's budget (0.25 s, ``time.monotonic``
   injected, node cap as in ``Budget``), two-player games against the heuristic. Every call to
   ``choose`` is timed; "searched" moves are those with more than one candidate (forced moves
   such as the compulsory ``draw 1`` return at once). Rollouts per searched move are counted.

`python -m bench hungry_meow` (or `python bench/hungry_meow.py`). Prints and returns a dict;
never pass/fail.
"""
from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import game.bots.hungry_meow_search as hm_search  # noqa: E402
from game.bots.base import Budget  # noqa: E402
from game.bots.hungry_meow import HeuristicBot  # noqa: E402
from game.bots.hungry_meow_search import SearchBot  # noqa: E402
from game.rules.hungry_meow import HungryMeow  # noqa: E402


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = (len(ordered) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def random_playouts(games: int = 500, seed: int = 1) -> dict:
    rng = random.Random(seed)
    actions = turns = 0
    start, cpu = time.perf_counter(), time.process_time()
    for i in range(games):
        g = HungryMeow.new(2 + i % 5, seed * 100_000 + i)
        while not g.over and g.turn < g.turn_cap:
            g.apply(rng.choice(g.legal_actions()))
            actions += 1
        turns += g.turn
    elapsed = time.process_time() - cpu
    wall = time.perf_counter() - start
    return {"games": games, "players": "2-6", "cpu_seconds": round(elapsed, 3),
            "wall_seconds": round(wall, 3),
            "games_per_second": round(games / elapsed, 1), "actions_per_second": round(actions / elapsed),
            "actions_per_game": round(actions / games, 1), "turns_per_game": round(turns / games, 1)}


def search_think(searched_moves: int = 40, seconds: float = 0.25, seed: int = 2) -> dict:
    walls: list[float] = []
    cpus: list[float] = []
    all_walls: list[float] = []
    rollouts: list[int] = []
    counter = [0]
    real = hm_search.rollout

    def counting(*args):
        counter[0] += 1
        return real(*args)

    hm_search.rollout = counting
    try:
        game_index = 0
        while len(walls) < searched_moves:
            g = HungryMeow.new(2, seed * 1000 + game_index)
            s_seat = game_index % 2
            bots = [None, None]
            bots[s_seat] = SearchBot(s_seat, game_index, Budget(seconds=seconds, clock=time.monotonic))
            bots[1 - s_seat] = HeuristicBot(1 - s_seat, game_index)
            game_index += 1
            while not g.over and g.turn < g.turn_cap and len(walls) < searched_moves:
                seat = g.current_player
                view, legal = g.view(seat), g.legal_actions()
                if seat == s_seat:
                    counter[0] = 0
                    start, cpu = time.perf_counter(), time.process_time()
                    action = bots[seat].choose(view, legal)
                    wall = time.perf_counter() - start
                    all_walls.append(wall)
                    if counter[0]:
                        walls.append(wall)
                        cpus.append(time.process_time() - cpu)
                        rollouts.append(counter[0])
                else:
                    action = bots[seat].choose(view, legal)
                g.apply(action)
    finally:
        hm_search.rollout = real
    return {"budget_seconds": seconds, "searched_moves": len(walls), "all_moves": len(all_walls),
            "searched_wall_median_s": round(statistics.median(walls), 4),
            "searched_wall_p95_s": round(_percentile(walls, 0.95), 4),
            "searched_cpu_median_s": round(statistics.median(cpus), 4),
            "all_moves_wall_median_s": round(statistics.median(all_walls), 4),
            "all_moves_wall_p95_s": round(_percentile(all_walls, 0.95), 4),
            "rollouts_per_searched_move_median": statistics.median(rollouts),
            "rollouts_per_searched_move_min": min(rollouts)}


def run() -> dict:
    figures = {"random_playouts": random_playouts(), "search_think": search_think()}
    for name, value in figures.items():
        print(name, value, flush=True)
    return figures


if __name__ == "__main__":
    run()
