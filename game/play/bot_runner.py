"""Computer seats think off the frame (the think worker process, else a thread), so a frame
never waits for them.

The scene calls ``poll(dt)`` every update. When a bot seat is on turn, the runner snapshots
that seat's view and the legal actions on the main thread (the engine is never touched from the
worker), hands the bot to the worker (``WorkerJob``), and hands back its action once the bot has
answered **and** at least ``min_delay`` seconds have passed (so a person can follow the table).
The bot thinks on its own copy in the worker process and comes back with its new state (its
random generator moved on), which replaces the table's bot once the answer is taken: exactly
as if ``bot.choose`` had run here. The scene then applies the action through
``session.apply``. Any change to the action log while a bot thinks (a human acted, a replay
step) makes the stale answer be thrown away.

Budgets: a bot keeps its node budget (the one ``simulate`` gives it), so a table game is the
same game, action for action, as ``simulate`` game 0 with the same seed and bots, however
slow the machine. ``THINK_SECONDS`` (None) may add a wall-time limit (a soak shortens thinking).
"""
from __future__ import annotations

import logging
import time

from game.bots.base import Budget
from game.play import think_worker
from game.play.worker_job import WorkerJob

THINK_SECONDS: float | None = None   # a wall-time limit on thinking (a soak may set one)


def think(bot, view: dict, legal: list) -> tuple[str | None, object, str | None]:
    """The bot's move from ``view``: (action, the bot after thinking, a problem or None).
    Runs in the think worker (a module-level function, so that it can be sent there)."""
    problem = None
    try:
        action = bot.choose(view, list(legal))
        if action not in legal:
            problem = f"chose illegal {action!r}; using {legal[0]!r}"
            action = legal[0]
    except Exception as exc:
        problem = f"failed ({exc!r}); playing {legal[0] if legal else None!r}"
        action = legal[0] if legal else None
    return action, bot, problem


class BotRunner(WorkerJob):
    """``source``: a ``game.play.match.Match`` (its session, bots and "is a bot to move"), or a bare
    ``GameSession`` with a ``bots`` dict {seat: Bot}."""

    def __init__(self, source, bots: dict | None = None, min_delay: float = 0.6,
                 think_seconds: float | None = None, log: logging.Logger | None = None):
        super().__init__()
        match = source if hasattr(source, "bot_to_move") else None
        self.session = match.session if match else source
        self.bots = dict(match.bots if match else bots)
        self._due = match.bot_to_move if match else None
        self.min_delay = min_delay
        self.log = log or logging.getLogger("meowcade")
        think_seconds = THINK_SECONDS if think_seconds is None else think_seconds
        for bot in self.bots.values():
            budget = getattr(bot, "budget", None)
            if budget is None:
                bot.budget = budget = Budget()
            if think_seconds is not None and budget.clock is None:
                budget.seconds = think_seconds if budget.seconds is None else budget.seconds
                budget.clock = time.monotonic
        self._generation = 0
        think_worker.worker()          # start the worker process now: warm by the first bot turn

    @property
    def thinking_seat(self) -> int | None:
        """The bot seat currently deciding (for a "thinking" cat pose), else None."""
        job = self._job
        return job["seat"] if job else None

    def _due_seat(self) -> int | None:
        if self._due is not None:
            return self._due()
        game = self.session.game
        if game is None or game.over:
            return None
        seat = game.current_player
        return seat if seat in self.bots else None

    def _start(self, seat: int) -> None:
        game = self.session.game
        view, legal = game.view(seat), game.legal_actions()
        self._generation += 1
        job = {"seat": seat, "key": (len(self.session.actions), seat), "elapsed": 0.0,
               "generation": self._generation, "legal": legal}
        self._launch(job, think, (self.bots[seat], view, list(legal)), f"bot-seat-{seat}")

    def poll(self, dt: float) -> str | None:
        """The bot action to apply now, or None (not a bot's turn, still thinking, or too soon)."""
        seat = self._due_seat()
        job = self._job
        if job is not None and (seat is None or job["key"] != (len(self.session.actions), seat)):
            self._job = job = None                       # the state moved on: drop it
        if seat is None:
            return None
        if job is None:
            self._start(seat)
            job = self._job
        job["elapsed"] += dt
        done, answer = self._answer(job)
        if done and job["elapsed"] >= self.min_delay:
            self._job = None
            return self._take(job, answer)
        return None

    def _take(self, job: dict, answer: tuple[bool, object]) -> str | None:
        """The answer's action; the bot's state after thinking becomes the table's bot."""
        seat, legal = job["seat"], job["legal"]
        ok, value = answer
        if not ok:
            self.log.error("bot at seat %s failed:\n%s", seat, value)
            return legal[0] if legal else None
        action, thought, problem = value
        bot = self.bots[seat]
        if thought is not bot:                       # a copy came back from the worker process
            bot.__dict__.update(thought.__dict__)
        if problem:
            self.log.warning("bot %s at seat %s %s", getattr(bot, "name", "?"), seat, problem)
        return action
