"""What a simulation plays: a ``Plan`` (one setting: game, players, games, seed, bots, options,
node budget, card file) and the games of it, each a pure function of (plan, index). The bottom of
game/simulation: the local pool and the Dask cluster (game.simulation.cluster) both play
``play_range`` chunks from here.
"""
from __future__ import annotations

import functools
import json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Iterator

from game.bots.base import Budget, make_bot
from game.play.match import Match
from game.play.session import Seat
from game.rules.base import Game, SetupError
from game.rules.registry import KITS, engine


class SimError(Exception):
    """A setting that cannot run; the message is the one line the designer sees."""


@dataclass
class Plan:
    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    options: dict = field(default_factory=dict)
    nodes: int | None = None
    cards: str | None = None     # meow-dice: another card data file
    cards_text: str | None = None   # the same file's text, for machines that do not have it
    note: str | None = None      # what a --sweep over cards changed ("Tuna can points=3")

    def head(self) -> dict:
        """The settings that go first in the figures' JSON."""
        out = {"game": self.game, "players": self.players, "seed": self.seed, "bots": self.bots,
               "options": self.options}
        if self.cards:
            out["cards"] = self.cards
        if self.note:
            out["sweep"] = self.note
        return out

    def label(self) -> str:
        """A short name of this setting for a column heading."""
        parts = [f"{self.players} players"]
        if self.options:
            parts.append(", ".join(f"{k}={json.dumps(v)}" for k, v in self.options.items()))
        if self.note or self.cards:
            parts.append(self.note or os.path.basename(self.cards))
        return "; ".join(parts)


@functools.lru_cache(maxsize=8)
def _engine_class(game: str, cards: str | None, cards_text: str | None) -> type[Game]:
    cls = engine(game)
    if cards or cards_text:
        if not hasattr(cls, "with_cards"):
            raise SetupError(f"--cards is only for games with card data files, not {game}")
        if cards_text is not None:      # a cluster worker: the text came over the wire
            folder = tempfile.mkdtemp(prefix="meowcade-cards-")
            cards = os.path.join(folder, os.path.basename(cards or "cards.json"))
            with open(cards, "w", encoding="utf-8") as handle:
                handle.write(cards_text)
        cls = cls.with_cards(cards)
    return cls


def engine_class(plan: Plan) -> type[Game]:
    try:
        return _engine_class(plan.game, plan.cards, plan.cards_text)
    except RecursionError:
        raise SetupError(f"cards file {plan.cards}: JSON nested too deeply to read") from None
    except ValueError as err:
        if isinstance(err, SetupError):
            raise
        raise SetupError(f"cards file {plan.cards}: a number has too many digits to read") from None


def seat_bots(plan: Plan, index: int) -> list[str]:
    """Bot names by seat for game ``index`` (rotated; a single name fills every seat)."""
    names = plan.bots if len(plan.bots) == plan.players else plan.bots * plan.players
    return [names[(seat - index) % plan.players] for seat in range(plan.players)]


def play_match(plan: Plan, index: int, cls: type[Game]) -> Match:
    """Game ``index`` of the plan, played out by its bots (the driver every table uses)."""
    seats = [Seat(f"bot{seat}", "bot", name) for seat, name in enumerate(seat_bots(plan, index))]
    match = Match.new(plan.game, seats, plan.seed, plan.options, index=index, engine_class=cls,
                      budget=Budget(nodes=plan.nodes) if plan.nodes else None)
    # a turn is a handful of actions: the action cap only stops a bug
    match.play_out(cls.turn_cap, cls.turn_cap * 60, watch_stall=True)
    return match


# The endings simulate gives a game that did not end by the rules (its engine's endings are in
# its kit). Such games have no winner and are kept out of the length figures.
UNFINISHED = {
    "stalled": "the game came back to a whole state (cards, turn, every bot's memory and "
               "random numbers) it had been in before: it would have gone round that loop for "
               "ever, so it was stopped there",
    "cap": "the game reached simulate's turn limit without ending (its engine's turn_cap)",
}


def endings(game: str) -> dict[str, str]:
    """Every ending a run of ``game`` can show, with what it means."""
    kit = KITS.get(game)
    return {**dict(kit.endings if kit else ()), **UNFINISHED}


def play_one(plan: Plan, index: int, cls: type[Game]) -> dict:
    match = play_match(plan, index, cls)
    game = match.game
    ending = game.end_reason if game.over else ("stalled" if match.stalled else "cap")
    return {"index": index, "bots": seat_bots(plan, index),
            "winners": list(game.winners) if game.over else [],
            "ending": ending, "turns": game.turn, "stats": game.sim_stats() if game.over else {}}


def play_range(plan: Plan, start: int, stop: int) -> list[dict]:
    """Games ``start`` to ``stop - 1``: the unit of work of --jobs and --cluster."""
    cls = engine_class(plan)
    return [play_one(plan, index, cls) for index in range(start, stop)]


def chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """Index ranges small enough to share out evenly, big enough to keep overhead low; made one
    at a time, so a run of a trillion games costs no memory before its first game."""
    size = max(1, min(50, games // (workers * 4) or 1))
    return ((i, min(i + size, games)) for i in range(0, games, size))


def cpu_count() -> int:
    """CPUs this process may run on (a container's limit, not the host's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:          # macOS, Windows
        return os.cpu_count() or 1


def check_plan(plan: Plan) -> None:
    """Fail early (SetupError / KeyError) on a bad card file, bot name, player count or option."""
    cls = engine_class(plan)
    for name in set(plan.bots):
        make_bot(plan.game, name, 0, 0)
    cls.new(plan.players, plan.seed, plan.options)
