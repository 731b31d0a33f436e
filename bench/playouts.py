"""Engine speed and search strength, the figures of issue 14's "faster engines".

1. Random playouts per CPU second (``time.process_time``: the machine is shared, wall time
   swings), uniform random legal actions (RandomBot's choice), each engine through both paths:
   ``apply`` (checked and atomic: a backup copy per action, for players and files) and
   ``apply_trusted`` (actions taken from ``legal_actions()``: no copy; what search, simulate
   and playouts use). Workloads: Hungry Meow games at 2-6 seats in turn; Meow Meow Dice games
   at 2-4 seats over the four option sets; Zodiac Catchers single rounds at 2 and at 4 seats.
2. ``--share GAME:SEATS`` (repeatable): the search bot's win share against heuristic seats at
   the runtime's think budget (400 nodes, 0.25 s, here of CPU time so that load does not
   starve it), search seat rotated, with a 95% Wilson interval.

    .venv/bin/python -m bench.playouts [--quick] [--share hungry-meow:2 --games 60]

The script only uses the public rules API, so it also runs on an older checkout (then the
trusted path falls back to ``apply``) to give "before" figures. Prints; never pass/fail.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.bots.base import Budget, make_bot  # noqa: E402
from game.rules.base import derive_seed  # noqa: E402
from game.rules.registry import engine  # noqa: E402

MD_OPTIONS = [{}, {"one_bite": True}, {"advanced": True},
              {"advanced": True, "specials": True, "one_bite": True}]


def _playouts(make, count: int, trusted: bool, cap: int | None = None) -> dict:
    rng = random.Random(1)
    actions = 0
    cpu = time.process_time()
    for i in range(count):
        g = make(i)
        step = getattr(g, "apply_trusted", g.apply) if trusted else g.apply
        while not g.over and (cap is None or g.turn < cap):
            step(rng.choice(g.legal_actions()))
            actions += 1
    elapsed = time.process_time() - cpu
    return {"count": count, "cpu_s": round(elapsed, 3), "per_cpu_s": round(count / elapsed, 1),
            "actions_per_cpu_s": round(actions / elapsed)}


def playout_figures(quick: bool = False) -> dict:
    k = 4 if quick else 1
    hm, md, zc = engine("hungry-meow"), engine("meow-dice"), engine("zodiac")
    work = {
        "hungry-meow games (2-6 seats)": (lambda i: hm.new(2 + i % 5, 100_000 + i), 600 // k, hm.turn_cap),
        "meow-dice games (2-4 seats)": (lambda i: md.new(2 + i % 3, i, MD_OPTIONS[i % 4]), 600 // k, None),
        "zodiac rounds (2 seats)": (lambda i: zc.new(2, 1000 + i, {"rounds": 1}), 200 // k, None),
        "zodiac rounds (4 seats)": (lambda i: zc.new(4, 1000 + i, {"rounds": 1}), 40 // k, None),
    }
    out = {}
    for name, (make, count, cap) in work.items():
        row = {"apply": _playouts(make, count, False, cap),
               "apply_trusted": _playouts(make, count, True, cap)}
        out[name] = row
        print(f"{name:32s} per CPU second: apply {row['apply']['per_cpu_s']:8.1f}   "
              f"apply_trusted {row['apply_trusted']['per_cpu_s']:8.1f}", flush=True)
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def search_share(game: str, seats: int, games: int, seconds: float = 0.25, nodes: int = 400,
                 seed: int = 14) -> dict:
    """Search bot (seat rotated) against heuristic seats at the runtime budget (CPU clock)."""
    cls = engine(game)
    heuristic = "housecat" if game == "zodiac" else "heuristic"
    wins = 0.0
    cpu = time.process_time()
    for i in range(games):
        g = cls.new(seats, derive_seed(seed, i))
        me = i % seats
        bots = [make_bot(game, "search" if s == me else heuristic, s, derive_seed(seed, i, s + 1),
                         Budget(nodes=nodes, seconds=seconds, clock=time.process_time) if s == me else None)
                for s in range(seats)]
        actions = 0
        while not g.over and g.turn < cls.turn_cap and actions < cls.turn_cap * 60:
            for s in range(seats):
                for action in g.computer_setup_actions(s, bots[s].rng):
                    g.apply(action)
            if g.over:
                break
            s = g.current_player
            g.apply(bots[s].choose(g.view(s), g.legal_actions()))
            actions += 1
        if me in g.winners:
            wins += 1 / len(g.winners)
    lo, hi = wilson(wins, games)
    row = {"game": game, "seats": seats, "games": games, "budget_s": seconds, "share": round(wins / games, 3),
           "ci95": [round(lo, 3), round(hi, 3)], "fair": round(1 / seats, 3),
           "cpu_s": round(time.process_time() - cpu, 1)}
    print(f"{game} search vs heuristic, {seats} seats, {games} games at {seconds} s: share "
          f"{row['share']:.3f} (95% {row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}; fair {row['fair']:.3f})",
          flush=True)
    return row


def run(argv: list[str] | None = None) -> dict:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a quarter of the playouts")
    parser.add_argument("--share", action="append", default=[], metavar="GAME:SEATS")
    parser.add_argument("--games", type=int, default=60, help="games per --share row")
    parser.add_argument("--seconds", type=float, default=0.25, help="think budget (CPU seconds)")
    parser.add_argument("--no-playouts", action="store_true")
    args = parser.parse_args(argv if argv is not None else [])
    out: dict = {}
    if not args.no_playouts:
        out["playouts"] = playout_figures(args.quick)
    out["share"] = []
    for spec in args.share:
        game, seats = spec.split(":")
        out["share"].append(search_share(game, int(seats), args.games, args.seconds))
    return out


if __name__ == "__main__":
    print(json.dumps(run(sys.argv[1:]), indent=1))
