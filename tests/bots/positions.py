"""Positions for advice and odds tests: states met in seeded heuristic games, and a second state
that shares one seat's view (the engines' ``sample_state``)."""
from __future__ import annotations

import importlib
import random

from game.bots.base import make_bot
from game.rules.registry import engine


def sample_state(game: str, view: dict, seat: int, rng: random.Random):
    """The engine's ``sample_state`` (in ``<engine>_belief`` once the rules modules are split)."""
    module = game.replace("-", "_")
    for name in (f"game.rules.{module}_belief", f"game.rules.{module}"):
        try:
            return importlib.import_module(name).sample_state(view, seat, rng)
        except ModuleNotFoundError:
            continue
    raise ImportError(f"no sample_state for {game}")


def same_view_state(game: str, view: dict, seat: int, rng: random.Random):
    """Another full state in which ``seat`` sees exactly ``view`` (hidden cards dealt anew)."""
    return sample_state(game, view, seat, rng)


def positions(game: str, count: int, seed: int, players=(2, 3, 4), options=None):
    """``count`` (state, seat on turn) pairs from heuristic games, spread over each game."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        n = rng.choice(players)
        g = engine(game).new(n, rng.randrange(10 ** 6), dict(options or {}))
        bots = [make_bot(game, "heuristic", s, rng.randrange(10 ** 6)) for s in range(n)]
        keep = rng.uniform(0.05, 0.3)
        while not g.over and len(out) < count:
            for other, bot in enumerate(bots):
                for action in g.computer_setup_actions(other, bot.rng):
                    g.apply(action)
            seat = g.current_player
            if rng.random() < keep:
                out.append((g.clone(), seat))
            g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
    return out
