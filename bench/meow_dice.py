"""Meow Meow Dice figures: random playouts per second and SearchBot think time per whole turn.

    .venv/bin/python -m bench.meow_dice [--games N] [--search-games N]

Prints figures, never passes or fails. Think time is the sum of every ``choose`` call the search
bot makes in one of its turns (pre-roll actions, rerolls, bites, the take), measured here,
outside the bot, as CPU time of this process (``time.process_time``) so that a busy shared
machine does not inflate it; playouts per second likewise use CPU seconds.
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from game.bots.meow_dice import HeuristicBot, SearchBot
from game.rules.meow_dice import MeowDice

OPTION_SETS = {
    "basic": {},
    "basic+bite": {"one_bite": True},
    "advanced": {"advanced": True},
    "advanced+specials+bite": {"advanced": True, "specials": True, "one_bite": True},
}


def random_playouts(games: int) -> dict:
    actions = 0
    start = time.process_time()
    for i in range(games):
        options = list(OPTION_SETS.values())[i % len(OPTION_SETS)]
        game = MeowDice.new(2 + i % 3, i, options)
        rng = random.Random(i)
        while not game.over:
            game.apply(rng.choice(game.legal_actions()))
            actions += 1
    elapsed = time.process_time() - start
    return {"games": games, "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 1),
            "actions_per_s": round(actions / elapsed)}


def search_turns(games: int, options: dict) -> dict:
    turns: list[float] = []
    for i in range(games):
        game = MeowDice.new(2, 7000 + i, options)
        bots = [SearchBot(0, i), HeuristicBot(1, i)] if i % 2 == 0 else [HeuristicBot(0, i), SearchBot(1, i)]
        current, spent = None, 0.0
        while not game.over:
            seat = game.current_player
            bot = bots[seat]
            if isinstance(bot, SearchBot):
                turn_id = game.turn
                if current != turn_id:
                    if current is not None:
                        turns.append(spent)
                    current, spent = turn_id, 0.0
                t0 = time.process_time()
                action = bot.choose(game.view(seat), game.legal_actions())
                spent += time.process_time() - t0
            else:
                action = bot.choose(game.view(seat), game.legal_actions())
            game.apply(action)
        if current is not None:
            turns.append(spent)
    turns.sort()
    return {"turns": len(turns), "median_ms": round(1000 * statistics.median(turns), 2),
            "p95_ms": round(1000 * turns[int(0.95 * (len(turns) - 1))], 2),
            "max_ms": round(1000 * turns[-1], 2)}


def run(games: int = 400, search_games: int = 40) -> dict:
    out = {"random_playouts": random_playouts(games),
           "search_turn": {name: search_turns(search_games, opts) for name, opts in OPTION_SETS.items()}}
    print(json.dumps(out, indent=2))
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--search-games", type=int, default=40)
    args = parser.parse_args()
    run(args.games, args.search_games)
