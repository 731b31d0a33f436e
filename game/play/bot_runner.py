"""Computer seats think in a worker thread so a frame never waits for them.

The scene calls ``poll(dt)`` every update. When a bot seat is on turn, the runner snapshots
that seat's view and the legal actions on the main thread (the engine is never touched from the
worker), starts the bot in a daemon thread, and hands back its action once the bot has answered
**and** at least ``min_delay`` seconds have passed (so a person can follow the table). The scene
then applies the action through ``session.apply``. Any change to the action log while a bot
thinks (a human acted, a replay step) makes the stale answer be thrown away.
"""
from __future__ import annotations

import logging
import time

from game.bots.base import Budget
from game.play.worker_job import WorkerJob

THINK_SECONDS = 0.25    # a computer seat's search budget on screen (a soak may shorten it)


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
                bot.budget = Budget(seconds=think_seconds, clock=time.monotonic)
            elif budget.clock is None:
                budget.seconds = think_seconds if budget.seconds is None else budget.seconds
                budget.clock = time.monotonic
        self._generation = 0

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
        bot = self.bots[seat]

        def think():
            try:
                action = bot.choose(view, list(legal))
                if action not in legal:
                    self.log.warning("bot %s at seat %s chose illegal %r; using %r",
                                     getattr(bot, "name", "?"), seat, action, legal[0])
                    action = legal[0]
            except Exception:
                self.log.exception("bot %s at seat %s failed; playing %r",
                                   getattr(bot, "name", "?"), seat, legal[0] if legal else None)
                action = legal[0] if legal else None
            return action

        self._launch(job, think, f"bot-seat-{seat}")

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
        done, action = self._answer(job)
        if done and job["elapsed"] >= self.min_delay:
            self._job = None
            return action
        return None
