"""The game process's side of the supervisor's watch (issue 20.4, 20.6).

- Heartbeat: every frame the kiosk's frame hook calls ``Lifeline.update``; at most every ``BEAT``
  seconds it touches the heartbeat file the supervisor named (``HEARTBEAT_ENV``). A frame that
  never ends (a hang) stops the beats, and the supervisor kills and restarts the game
  (``kiosk.watchdog``).
- The supervisor gone: the game must not outlive it (a second supervisor would open a second
  window writing the same save). On Linux the kernel sends SIGTERM when the parent dies
  (``PR_SET_PDEATHSIG``, set in ``arm``); everywhere, ``update`` also sees the parent pid change
  (the orphan is adopted by another process) and says so.

Standard library only.
"""
from __future__ import annotations

import logging
import os
import signal
import sys
import time
from pathlib import Path
from typing import Callable

HEARTBEAT_ENV = "MEOWCADE_KIOSK_HEARTBEAT"     # file the game touches while its frames run
SUPERVISOR_ENV = "MEOWCADE_KIOSK_SUPERVISOR"   # the supervisor's pid
BEAT = 0.5             # seconds between heartbeats (a touch of a file's time: no data written)
PARENT_CHECK = 1.0     # seconds between looks at the parent pid
PR_SET_PDEATHSIG = 1


def die_with_parent(sig: int = signal.SIGTERM) -> bool:
    """Ask Linux to send ``sig`` to this process when its parent ends. False elsewhere."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(sig), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


class Lifeline:
    def __init__(self, heartbeat: str | os.PathLike | None, parent_pid: int | None,
                 log: logging.Logger | None = None, clock: Callable[[], float] = time.monotonic):
        self.heartbeat = Path(heartbeat) if heartbeat else None
        self.parent_pid = parent_pid
        self.log = log or logging.getLogger("meowcade.kiosk")
        self.clock = clock
        self._next_beat = 0.0
        self._next_check = 0.0
        self._beat_failed = False

    @classmethod
    def from_env(cls, log: logging.Logger | None = None, environ=None) -> "Lifeline | None":
        """The lifeline the supervisor set up for this process (None when run without one)."""
        env = os.environ if environ is None else environ
        try:
            parent = int(env.get(SUPERVISOR_ENV, ""))
        except ValueError:
            parent = None
        beat = env.get(HEARTBEAT_ENV) or None
        return cls(beat, parent, log) if (beat or parent) else None

    def arm(self) -> None:
        """At start: die with the parent (Linux), and leave at once if it is already gone."""
        if self.parent_pid is not None:
            die_with_parent()

    def orphaned(self) -> bool:
        """The supervisor that started this process has ended."""
        return self.parent_pid is not None and os.getppid() != self.parent_pid

    def update(self, dt: float = 0.0) -> bool:
        """One frame: beat (rate-limited); True when the supervisor is gone."""
        now = self.clock()
        if self.heartbeat is not None and now >= self._next_beat:
            self._next_beat = now + BEAT
            self.beat()
        if now >= self._next_check:
            self._next_check = now + PARENT_CHECK
            return self.orphaned()
        return False

    def beat(self) -> None:
        try:
            try:
                os.utime(self.heartbeat)
            except FileNotFoundError:
                self.heartbeat.touch()
            self._beat_failed = False
        except OSError as exc:
            if not self._beat_failed:
                self.log.warning("kiosk: cannot touch the heartbeat %s: %s", self.heartbeat, exc)
            self._beat_failed = True
