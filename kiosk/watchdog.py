"""The supervisor's side of the heartbeat (issue 20.4): a game that stops putting frames on screen
is noticed and killed like a crash. The game touches its heartbeat file every ``BEAT`` seconds
from its frame loop (``kiosk.lifeline``); the supervisor reads the file's time on each poll.

``Watchdog.stalled()`` answers how long the game has been silent once that is more than
``hang_seconds`` (after the first beat) or ``start_grace`` (before it: a game starting imports,
loads and replays its save first). Silence is measured on the supervisor's own monotonic clock
from the moment the file's time last *changed*, so a wall clock that jumps cannot fake a hang.

Standard library only, like the supervisor.
"""
from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Callable

HANG_SECONDS = 15.0      # no frame for this long: the game is hung (a table loads in ~1 s)
START_GRACE = 60.0       # before the first frame (a slow disk, a long save to replay)


class Watchdog:
    def __init__(self, path: str | os.PathLike, hang_seconds: float = HANG_SECONDS,
                 start_grace: float = START_GRACE, clock: Callable[[], float] = time.monotonic):
        self.path = Path(path)
        self.hang_seconds = hang_seconds
        self.start_grace = start_grace
        self.clock = clock
        self.started = clock()
        self.beats = 0
        self._stamp: int | None = None
        self._changed: float | None = None

    def stalled(self) -> float | None:
        """Seconds of silence when they are over the limit, else None."""
        now = self.clock()
        try:
            stamp = os.stat(self.path).st_mtime_ns
        except OSError:
            stamp = None
        if stamp is not None and stamp != self._stamp:
            self._stamp, self._changed = stamp, now
            self.beats += 1
        if self._changed is None:
            quiet, limit = now - self.started, self.start_grace
        else:
            quiet, limit = now - self._changed, self.hang_seconds
        return quiet if quiet > limit else None
