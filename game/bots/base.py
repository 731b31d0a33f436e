"""What every computer player looks like, and how a game's bot is made (``make_bot``; each game
names its bot levels in its kit, ``game.rules.kit``).

A bot is made for one seat with its own seeded RNG and answers ``choose(view, legal)`` with one
of the legal action strings. ``view`` is exactly ``game.view(seat)``: the bot never sees more.

Bots read no clock themselves. A search bot gets a ``Budget``: a node count (deterministic, used
by tests and simulate) and optionally seconds plus a clock function injected by the caller
(the runtime passes ``time.monotonic``).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable, NamedTuple

from game.rules.kit import resolve
from game.rules.registry import KITS


@dataclass
class Budget:
    nodes: int = 2000                      # iterations / determinizations per decision
    seconds: float | None = None           # wall-time limit, only with a clock
    clock: Callable[[], float] | None = None

    def deadline(self) -> Callable[[int], bool]:
        """A function of the iteration count that says when to stop."""
        if self.seconds is None or self.clock is None:
            return lambda done: done >= self.nodes
        stop_at = self.clock() + self.seconds
        clock = self.clock
        # Time-budgeted: the node count still caps it so a fast machine does not run away.
        return lambda done: done >= max(self.nodes, 1) * 50 or (done > 0 and clock() >= stop_at)


class Ranked(NamedTuple):
    """One candidate of ``Bot.rank``: the action, the bot's value for it (higher is better; its
    unit is ``why["unit"]``: "win" a win chance, "points" expected points, "capture" a capture
    chance weighted by its worth, "choice" when the bot has no values) and JSON-able facts
    behind it for a hint's words (e.g. rollouts, the chance that the next card is Death)."""

    action: str
    value: float
    why: dict


class Bot:
    """Base class. ``name`` is the level shown to players and used by ``--bots``."""

    name = "bot"

    def __init__(self, seat: int, seed: int, budget: Budget | None = None):
        self.seat = seat
        self.rng = random.Random(seed)
        self.budget = budget or Budget()

    def choose(self, view: dict, legal: list[str]) -> str:
        raise NotImplementedError

    def state_key(self) -> tuple:
        """What this bot carries from one decision to the next that changes what it chooses,
        besides its RNG (a memory of reveals; not a cache). The match driver compares these to
        see a game going round in a loop."""
        return ()

    def rank(self, view: dict, legal: list[str]) -> list[Ranked]:
        """The bot's top candidates from ``view`` alone, its own choice first (the hint
        feature). Bots without values for other actions give their choice only."""
        return [Ranked(self.choose(view, legal), 1.0, {"unit": "choice"})]


class RandomBot(Bot):
    """Uniformly random legal action: the baseline every game shares."""

    name = "random"

    def choose(self, view: dict, legal: list[str]) -> str:
        return self.rng.choice(legal)


def bot_names(game: str) -> list[str]:
    """The levels of a game's bots (its kit's ``bots``; the first after random is the default)."""
    return list(KITS[game].bots) if game in KITS else []


# Accepted by make_bot (simulate --bots) but not offered as a level at seat setup.
EXTRA_BOTS = {"hint": "game.bots.advice:HintBot"}     # plays the advisor's top choice


def make_bot(game: str, name: str, seat: int, seed: int, budget: Budget | None = None) -> Bot:
    kit = KITS.get(game)
    name = kit.aliases.get(name, name) if kit else name
    table = {**kit.bots, **EXTRA_BOTS} if kit else {}
    if name not in table:
        raise KeyError(f"unknown bot {name!r} for {game} (known: {', '.join(table)})")
    return resolve(table[name])(seat, seed, budget)
