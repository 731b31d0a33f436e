"""A worker process where computer cats (and the tiger's hints) think, out of the frame's way.

Why a process: a bot searching in a thread of the game process holds the interpreter lock, and
on a one- or two-core box the frame loop waits for it (measured in ``bench/runtime.py``: frame
p99 with four search bots thinking, pinned to one core). A separate process is scheduled by
the operating system instead, and runs at a lower priority (``nice``) so the frame always
comes first.

One long-lived process (``spawn``: the game process has a window and threads, and forking it
is unsafe) answers one task at a time: a module-level function and its arguments, pickled
both ways. Its answer is ``(True, value)`` or ``(False, traceback text)``. The process ends
when the game process does (its end of the pipe closes). Answers are read by a thread of the
game process, so a frame never waits for the rest of a long answer that a lower-priority
process is still writing.
Each kind of work has its own process (``worker(name)``: "think" for the cats and the tiger).

``enable()`` switches it on (the game and the kiosk do, in ``cli_play``); until then, and if
the process ever dies, ``WorkerJob`` thinks in a thread as before. Tests use threads unless
they switch the process on.
"""
from __future__ import annotations

import itertools
import multiprocessing
import os
import threading
import traceback

NICE = 10            # the worker's priority below the game's (the frame comes first on one core)

_enabled = False
_workers: dict[str, "ThinkWorker"] = {}
_deaths: dict[str, int] = {}
MAX_DEATHS = 3       # a worker that keeps dying is not started again (threads, or no art ahead)


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

    def __init__(self, name: str = "think"):
        ctx = multiprocessing.get_context("spawn")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child,), name=f"meowcade-{name}", daemon=True)
        self.proc.start()
        child.close()
        self.ready = False
        self._tickets = itertools.count(1)
        self._wanted: set[int] = set()
        self._answers: dict[int, tuple[bool, object]] = {}
        self._lock = threading.Lock()
        threading.Thread(target=self._read, name=f"meowcade-{name}-answers", daemon=True).start()

    def alive(self) -> bool:
        return self.proc.is_alive()

    def submit(self, fn, args: tuple) -> int:
        ticket = next(self._tickets)
        with self._lock:
            self._wanted.add(ticket)
        try:
            self.conn.send((ticket, fn, args))
        except BaseException:
            self.forget(ticket)
            raise
        return ticket

    def _read(self) -> None:
        """The answers thread: blocks on the pipe (the interpreter lock is free meanwhile)."""
        while True:
            try:
                ticket, answer = self.conn.recv()
            except (EOFError, OSError, TypeError):     # the process or the pipe has gone
                return
            with self._lock:
                if ticket == "ready":
                    self.ready = True
                elif ticket in self._wanted:
                    self._answers[ticket] = answer

    def answer(self, ticket: int) -> tuple[bool, object] | None:
        """The task's answer, or None while it thinks; WorkerLost if the process died first."""
        with self._lock:
            if ticket in self._answers:
                return self._answers[ticket]
            wanted = ticket in self._wanted
        if not wanted or not self.alive():
            raise WorkerLost(ticket)
        return None

    def forget(self, ticket: int) -> None:
        """Nobody wants this answer any more (it is dropped when it arrives)."""
        with self._lock:
            self._wanted.discard(ticket)
            self._answers.pop(ticket, None)

    def close(self) -> None:
        """End the process (it keeps no state); the answers thread then meets the pipe's end."""
        self.proc.kill()
        self.proc.join(timeout=2)
        self.conn.close()


def enable(on: bool = True) -> None:
    """Think in the worker process from now on (``on``), or in threads."""
    global _enabled
    _enabled = on
    if not on:
        shutdown()


def enabled() -> bool:
    return _enabled


def worker(name: str = "think") -> ThinkWorker | None:
    """The running worker ``name`` (started on first use), or None when threads are to be used."""
    if not _enabled:
        return None
    have = _workers.get(name)
    if have is not None and not have.alive():
        have = None                         # it died: start a fresh one
        _deaths[name] = _deaths.get(name, 0) + 1
    if have is None:
        if _deaths.get(name, 0) >= MAX_DEATHS:
            return None
        try:
            have = _workers[name] = ThinkWorker(name)
        except OSError:                     # no processes here (a sandbox): think in threads
            _workers.pop(name, None)
            return None
    return have


def running(name: str = "think") -> ThinkWorker | None:
    """The worker ``name`` if it is running (never starts one)."""
    have = _workers.get(name)
    return have if have is not None and have.alive() else None


def shutdown() -> None:
    _deaths.clear()
    while _workers:
        _workers.popitem()[1].close()
