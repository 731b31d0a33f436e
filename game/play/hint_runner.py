"""Ask the tiger off the frame: a hint is searched in the think worker (``WorkerJob``: the worker
process, else a thread), like a bot seat's move.

A table scene calls ``ask(key, view, legal)`` when the player presses the hint button (``key``
names the position, e.g. ``(len(session.actions), seat)``; the view and legal actions are taken
on the main thread, so the engine is never touched from the worker), then ``poll(key)`` every
frame: it gives the ``Hint`` once the advisor has answered, and None while it thinks, or when
the position has moved on (a stale answer is thrown away). The search gets the runtime budget
(``seconds`` with ``time.monotonic``, read in the worker). A hint is advice only: it changes
nothing in the game, so its wall-time budget does not break "the same seed, the same game".
"""
from __future__ import annotations

import logging
import time

from game.bots.advice import Hint, advise
from game.bots.base import Budget
from game.play.worker_job import WorkerJob


def think(game: str, view: dict, legal: list[str], seconds: float, clock) -> Hint:
    """The advisor's hint (runs in the think worker; ``clock`` is picklable there, e.g.
    ``time.monotonic``, or any function in a thread)."""
    return advise(game, view, legal, Budget(seconds=seconds, clock=clock))


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
        return job is not None and not self._answer(job)[0]

    def ask(self, key, view: dict, legal: list[str]) -> None:
        """Start the advisor on this position (a second ask for the same key is ignored)."""
        job = self._job
        if job is not None and job["key"] == key:
            return
        self._launch({"key": key}, think, (self.game, view, list(legal), self.seconds, self.clock), "hint")

    def poll(self, key) -> Hint | None:
        """The hint for ``key`` once ready; None while thinking, after a failure, or if the
        position asked about is not ``key`` any more (then it is forgotten)."""
        job = self._job
        if job is None:
            return None
        if job["key"] != key:
            self._job = None
            return None
        done, answer = self._answer(job)
        if not done:
            return None
        ok, hint = answer
        if not ok:
            self.log.error("hint for %s failed:\n%s", self.game, hint)
            job["result"] = (True, None)            # logged once
            return None
        return hint
