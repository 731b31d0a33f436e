"""A worker process where computer cats (and the tiger's hints) think, out of the frame's way.

Why a process: a bot searching in a thread of the game process holds the interpreter lock, and
on a one- or two-core box the frame loop waits for it (measured in ``bench/runtime.py``: frame
p99 with four search bots thinking, pinned to one core). A separate process is scheduled by
the operating system instead, and runs at a lower priority (``nice``) so the frame always
comes first.

One long-lived process (``spawn``: the game process has a window and threads, and forking it
is unsafe) answers one task at a time: a module-level function and its arguments, pickled
both ways. Its answer is ``(True, value)`` or ``(False, traceback text)``. The process ends
when the game process does (its end of the pipe closes).

``enable()`` switches it on (the game and the kiosk do, in ``cli_play``); until then, and if
the process ever dies, ``WorkerJob`` thinks in a thread as before. Tests use threads unless
they switch the process on.
"""
from __future__ import annotations

import itertools
import multiprocessing
import os
import traceback

NICE = 10            # the worker's priority below the game's (the frame comes first on one core)

_enabled = False
_worker: "ThinkWorker | None" = None


class WorkerLost(Exception):
    """The worker process died with this task unanswered (the caller thinks in a thread)."""


def run_task(fn, args) -> tuple[bool, object]:
    """Call ``fn(*args)``: (True, its value) or (False, the traceback as text)."""
    try:
        return True, fn(*args)
    except Exception:
        return False, traceback.format_exc()


def _serve(conn) -> None:
    """The worker's loop: tasks in, answers out, until the game process goes away."""
    try:
        os.nice(NICE)
    except (AttributeError, OSError):     # not POSIX, or not allowed: same priority then
        pass
    conn.send(("ready", None))
    while True:
        try:
            ticket, fn, args = conn.recv()
        except (EOFError, OSError):
            return
        conn.send((ticket, run_task(fn, args)))


class ThinkWorker:
    """The game process's side: ``submit`` a task, ``answer`` it later without waiting."""

    def __init__(self):
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), name="meowcade-think", daemon=True)
        self.proc.start()
        child.close()
        self.ready = False
        self._tickets = itertools.count(1)
        self._wanted: set[int] = set()
        self._answers: dict[int, tuple[bool, object]] = {}

    def alive(self) -> bool:
        return self.proc.is_alive()

    def submit(self, fn, args: tuple) -> int:
        ticket = next(self._tickets)
        self.conn.send((ticket, fn, args))
        self._wanted.add(ticket)
        return ticket

    def _collect(self) -> None:
        try:
            while self.conn.poll():
                ticket, answer = self.conn.recv()
                if ticket == "ready":
                    self.ready = True
                elif ticket in self._wanted:
                    self._answers[ticket] = answer
        except (EOFError, OSError):
            pass

    def answer(self, ticket: int) -> tuple[bool, object] | None:
        """The task's answer, or None while it thinks; WorkerLost if the process died first."""
        self._collect()
        if ticket in self._answers:
            return self._answers[ticket]
        if ticket not in self._wanted or not self.alive():
            raise WorkerLost(ticket)
        return None

    def forget(self, ticket: int) -> None:
        """Nobody wants this answer any more (it is dropped when it arrives)."""
        self._wanted.discard(ticket)
        self._answers.pop(ticket, None)

    def close(self) -> None:
        try:
            self.conn.close()
        finally:
            self.proc.join(timeout=2)
            if self.proc.is_alive():
                self.proc.kill()


def enable(on: bool = True) -> None:
    """Think in the worker process from now on (``on``), or in threads."""
    global _enabled
    _enabled = on
    if not on:
        shutdown()


def enabled() -> bool:
    return _enabled


def worker() -> ThinkWorker | None:
    """The running worker (started on first use), or None when threads are to be used."""
    global _worker
    if not _enabled:
        return None
    if _worker is not None and not _worker.alive():
        _worker = None                      # it died: start a fresh one
    if _worker is None:
        try:
            _worker = ThinkWorker()
        except OSError:                     # no processes here (a sandbox): think in threads
            return None
    return _worker


def shutdown() -> None:
    global _worker
    if _worker is not None:
        _worker.close()
        _worker = None
