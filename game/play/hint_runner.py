"""Ask the tiger off the frame: a hint is searched in a worker thread, like a bot seat's move.

A table scene calls ``ask(key, view, legal)`` when the player presses the hint button (``key``
names the position, e.g. ``(len(session.actions), seat)``; the view and legal actions are taken
on the main thread, so the engine is never touched from the worker), then ``poll(key)`` every
frame: it gives the ``Hint`` once the advisor has answered, and None while it thinks, or when
the position has moved on (a stale answer is thrown away). The search gets the runtime budget
(``seconds`` with ``time.monotonic``), as ``BotRunner`` gives a computer seat.
"""
from __future__ import annotations

import logging
import time

from game.bots.advice import Hint, advise
from game.bots.base import Budget
from game.play.worker_job import WorkerJob


class HintRunner(WorkerJob):
    def __init__(self, game: str, seconds: float = 0.25, clock=time.monotonic,
                 log: logging.Logger | None = None):
        super().__init__()
        self.game = game
        self.seconds = seconds
        self.clock = clock
        self.log = log or logging.getLogger("meowcade")

    @property
    def thinking(self) -> bool:
        job = self._job
        return job is not None and not job["done"]

    def ask(self, key, view: dict, legal: list[str]) -> None:
        """Start the advisor on this position (a second ask for the same key is ignored)."""
        job = self._job
        if job is not None and job["key"] == key:
            return
        budget = Budget(seconds=self.seconds, clock=self.clock)
        legal = list(legal)

        def think():
            hint = None
            try:
                hint = advise(self.game, view, legal, budget)
            except Exception:
                self.log.exception("hint for %s failed", self.game)
            return hint

        self._launch({"key": key}, think, "hint")

    def poll(self, key) -> Hint | None:
        """The hint for ``key`` once ready; None while thinking, after a failure, or if the
        position asked about is not ``key`` any more (then it is forgotten)."""
        job = self._job
        if job is None:
            return None
        if job["key"] != key:
            self._job = None
            return None
        done, hint = self._answer(job)
        return hint if done else None
