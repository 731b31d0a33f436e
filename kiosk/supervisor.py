"""The kiosk supervisor: a small process that keeps the game process running.

``python main.py --kiosk`` starts this; it starts the game as a child (``main.py play --kiosk-child
…`` from source, the binary itself with ``--kiosk-child …`` when frozen) and, whatever the child
dies of (an exception, a non-zero exit, a signal, SIGKILL), logs why and starts it again: at once
when the child had put its first frame on screen (a visitor is waiting for their game), else after
``restart_delay`` seconds (0.25 s: a game that dies while starting must not spin). A child that
exits 0 was told to quit by the admin menu, and the supervisor ends too. After ``max_deaths`` deaths
within ``window`` seconds (5 in 60 s) it runs the nap screen (the same program with ``--kiosk-nap``)
instead of a restart loop; the nap screen exits 0 for "quit to desktop" or ``EXIT_RETRY`` for "try
again" (staff's choice, or by itself after a minute, so a passing cause recovers without anyone).
The game is told how many crash loops came in a row (``NAPS_ENV``; a game that lives ``window``
seconds ends the row). A game that stops putting frames on screen — no heartbeat (``kiosk.lifeline``)
for ``hang_seconds`` — is killed (SIGTERM, SIGKILL 3 s later) and restarted like a crash
(``kiosk.watchdog``).

Standard library only (no pygame): the supervisor must not die of what kills the game.
"""
from __future__ import annotations

import collections
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

from game.runtime.startup import SPAWNED_ENV  # (standard library only, like this file)
from kiosk.lifeline import HEARTBEAT_ENV, SUPERVISOR_ENV
from kiosk.watchdog import HANG_SECONDS, START_GRACE, Watchdog

EXIT_QUIT = 0        # the admin chose "quit to desktop"
EXIT_RETRY = 75      # the nap screen's "try again": start the game afresh
EXIT_ORPHANED = 76   # the game saw its supervisor gone and ended (nobody is left to read it)

READY_ENV = "MEOWCADE_KIOSK_READY"   # file the child writes once its first frame is on screen
DEATHS_ENV = "MEOWCADE_KIOSK_DEATHS"  # how many times the game died within the window, for the child
NAPS_ENV = "MEOWCADE_KIOSK_NAPS"      # crash loops (naps) in a row without a game that lived a window
ROLE_FLAGS = {"child": "--kiosk-child", "nap": "--kiosk-nap"}


def child_command(argv: list[str], role: str = "child", frozen: bool | None = None,
                  main_py: str | os.PathLike | None = None) -> list[str]:
    """The command line that runs the game (``role="child"``) or the nap screen (``"nap"``).

    ``argv`` are the supervisor's own arguments after the program name; ``--kiosk`` and the
    ``play`` sub-command are dropped and the role flag is added, everything else (``--home``,
    ``--lang``, ``--size`` …) is passed on.
    """
    if frozen is None:
        frozen = bool(getattr(sys, "frozen", False))
    rest = [a for a in argv if a not in ("--kiosk", "play", *ROLE_FLAGS.values())]
    flag = ROLE_FLAGS[role]
    if frozen:
        return [sys.executable, flag, *rest]
    if main_py is None:
        main_py = Path(__file__).resolve().parents[1] / "main.py"
    return [sys.executable, str(main_py), "play", flag, *rest]


SOURCE = ("main.py", "cli_play.py", "game", "scenes", "kiosk")   # what the game process imports


def precompile(log: logging.Logger | None = None, root: str | os.PathLike | None = None) -> bool:
    """Write the bytecode of the program's own modules (``__pycache__``) before the first start.

    Python compiles a module whose bytecode is missing or stale on every import and, with
    ``PYTHONDONTWRITEBYTECODE`` (or a read-only folder), never keeps the result: then every restart
    after a crash compiled ~110 modules again, 0.3 s of the 1.5 s a visitor waits for their game.
    Stale files are recompiled, fresh ones left alone (a few ms). The packaged build carries its
    bytecode already. Returns False when something could not be written (the game still runs)."""
    if getattr(sys, "frozen", False):
        return True
    import compileall  # (here: the game process imports this module for its constants)

    base = Path(root) if root is not None else Path(__file__).resolve().parents[1]
    ok = True
    started = time.monotonic()
    for name in SOURCE:
        path = base / name
        try:
            if path.is_dir():
                ok = bool(compileall.compile_dir(path, quiet=2, workers=1)) and ok
            elif path.is_file():
                ok = bool(compileall.compile_file(path, quiet=2)) and ok
        except OSError as exc:
            ok = False
            if log:
                log.warning("kiosk: could not precompile %s: %s", path, exc)
    if log:
        log.info("kiosk: bytecode of the game checked in %.2f s%s", time.monotonic() - started,
                 "" if ok else " (some could not be written: restarts compile them each time)")
    return ok


def describe_exit(code: int) -> str:
    """A readable cause of death for the log."""
    if code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        return f"killed by {name}"
    if os.name == "nt" and code >= 0xC0000000:
        return f"crashed (status 0x{code:08X})"
    return f"exited with status {code}"


class Supervisor:
    """Start the child, watch it, restart it, and nap after a crash loop.

    ``clock``/``sleep``/``restart_delay``/``kill_grace`` are injectable so tests run in milliseconds;
    ``max_starts`` bounds a test run (None: forever).
    """

    def __init__(self, child_cmd: list[str], nap_cmd: list[str] | None = None,
                 log: logging.Logger | None = None, restart_delay: float = 0.25,
                 max_deaths: int = 5, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic, sleep: Callable[[float], None] = time.sleep,
                 env: dict | None = None, stderr_path: str | os.PathLike | None = None,
                 ready_path: str | os.PathLike | None = None, max_starts: int | None = None,
                 heartbeat_path: str | os.PathLike | None = None, hang_seconds: float = HANG_SECONDS,
                 start_grace: float = START_GRACE, kill_grace: float = 3.0):
        self.child_cmd = list(child_cmd)
        self.nap_cmd = list(nap_cmd) if nap_cmd else None
        self.log = log or logging.getLogger("meowcade.supervisor")
        self.restart_delay = restart_delay
        self.max_deaths = max_deaths
        self.window = window
        self.clock = clock
        self.sleep = sleep
        self.env = dict(os.environ if env is None else env)
        self.stderr_path = Path(stderr_path) if stderr_path else None
        self.ready_path = Path(ready_path) if ready_path else None
        self.max_starts = max_starts
        self.heartbeat_path = Path(heartbeat_path) if heartbeat_path else None
        self.hang_seconds = hang_seconds        # no frame for this long: kill and restart (watchdog)
        self.start_grace = start_grace
        self.kill_grace = kill_grace            # seconds between SIGTERM and SIGKILL
        self.hangs = 0
        self.deaths: collections.deque[float] = collections.deque()
        self.starts = 0
        self.naps = 0
        self.naps_in_row = 0
        self.history: list[tuple[str, int]] = []     # (role, exit code) of every process that ended
        self.proc: subprocess.Popen | None = None
        self.shown = False          # the last child put its first frame on screen
        self.started_at = 0.0
        self.stopping = False

    # ---- one child ------------------------------------------------------------------------------
    def _spawn(self, cmd: list[str]) -> subprocess.Popen:
        env = dict(self.env)
        env[DEATHS_ENV] = str(len(self.deaths))
        env[NAPS_ENV] = str(self.naps_in_row)
        env[SPAWNED_ENV] = f"{time.time():.4f}"
        env[SUPERVISOR_ENV] = str(os.getpid())       # the child ends when this pid is gone
        if self.heartbeat_path is not None:
            env[HEARTBEAT_ENV] = str(self.heartbeat_path)
            try:
                self.heartbeat_path.unlink()
            except OSError:
                pass
        if self.ready_path is not None:
            env[READY_ENV] = str(self.ready_path)
            try:
                self.ready_path.unlink()
            except FileNotFoundError:
                pass
        stderr = None
        if self.stderr_path is not None:
            from game.files.paths import open_private

            stderr = open_private(self.stderr_path, "wb")
        try:
            return subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stderr=stderr)
        finally:
            if stderr is not None:
                stderr.close()

    def _stderr_tail(self, lines: int = 6) -> str:
        if self.stderr_path is None:
            return ""
        try:
            text = self.stderr_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        tail = [ln for ln in text.strip().splitlines() if ln.strip()][-lines:]
        return " | ".join(tail)

    def _wait(self, proc: subprocess.Popen, started: float) -> int:
        """Wait for the child; log once when it reports its first frame."""
        reported = self.ready_path is None
        started_wall = time.time() - (self.clock() - started)
        watch = (Watchdog(self.heartbeat_path, self.hang_seconds, self.start_grace, self.clock)
                 if self.heartbeat_path is not None else None)
        while True:
            try:
                code = proc.wait(timeout=0.05 if not reported else 1.0)
            except subprocess.TimeoutExpired:
                code = None
            if self.stopping and code is None:
                self._terminate(proc)
            if watch is not None and code is None and not self.stopping:
                silent = watch.stalled()
                if silent is not None:      # hung: killed like a crash, then restarted as one
                    self.hangs += 1
                    self.log.error("game stopped responding (no frame for %.0f s, pid %d): killing it",
                                   silent, proc.pid)
                    self._terminate(proc)
                    return proc.wait()
            if not reported and self.ready_path.exists():
                reported = True
                self.shown = True
                try:       # the child writes the wall time of its first frame (first line)
                    shown = float(self.ready_path.read_text().split()[0]) - started_wall
                except (OSError, ValueError, IndexError):
                    shown = self.clock() - started
                self.log.info("game on screen %.2f s after start (pid %d)", shown, proc.pid)
            if code is not None:
                return code

    def _terminate(self, proc: subprocess.Popen) -> None:
        if proc.poll() is not None:
            return
        proc.terminate()
        try:
            proc.wait(timeout=self.kill_grace)
        except subprocess.TimeoutExpired:
            proc.kill()

    def run_once(self, role: str = "child") -> int:
        cmd = self.child_cmd if role == "child" else self.nap_cmd
        started = self.started_at = self.clock()
        self.shown = False
        self.proc = self._spawn(cmd)
        self.starts += 1
        self.log.info("started %s pid %d: %s", "game" if role == "child" else "nap screen",
                      self.proc.pid, " ".join(cmd))
        code = self._wait(self.proc, started)
        self.history.append((role, code))
        self.proc = None
        return code

    # ---- the loop --------------------------------------------------------------------------------
    def _crash_loop(self) -> bool:
        now = self.clock()
        self.deaths.append(now)
        while self.deaths and now - self.deaths[0] > self.window:
            self.deaths.popleft()
        return len(self.deaths) >= self.max_deaths

    def _more(self) -> bool:
        return not self.stopping and (self.max_starts is None or self.starts < self.max_starts)

    def run(self) -> int:
        role = "child"
        nap_delay = 0.0
        while self._more():
            code = self.run_once(role)
            if self.stopping:
                break
            if code == EXIT_QUIT:
                self.log.info("%s exited normally: kiosk ends", "game" if role == "child" else "nap screen")
                return 0
            if role == "nap":
                if code == EXIT_RETRY:
                    self.log.info("nap screen: staff chose to try again")
                    self.deaths.clear()
                    role = "child"
                else:
                    # the nap screen itself failing (no display?): back off up to a minute
                    nap_delay = min(60.0, max(self.restart_delay, 1.0, nap_delay * 2))
                    self.log.warning("nap screen %s; showing it again in %.0f s", describe_exit(code),
                                     nap_delay)
                    self.sleep(nap_delay)
                continue
            if self.clock() - self.started_at >= self.window:
                self.naps_in_row = 0            # it lived a while: whatever looped is over
            tail = self._stderr_tail()
            self.log.warning("game %s%s", describe_exit(code), f": {tail}" if tail else "")
            if self._crash_loop() and self.nap_cmd:
                self.log.error("%d deaths within %.0f s: showing the nap screen instead of restarting",
                               len(self.deaths), self.window)
                self.naps += 1
                self.naps_in_row += 1
                role = "nap"
                nap_delay = 0.0
                continue
            if self.shown:            # it was playing: the visitor's game comes back at once
                self.log.info("restarting the game now")
                continue
            self.log.info("restarting the game in %.1f s", self.restart_delay)
            self.sleep(self.restart_delay)
        return 0

    def stop(self, *_args) -> None:
        """Signal handler (SIGTERM/SIGINT): end the child and the loop."""
        if not self.stopping:
            self.log.info("kiosk supervisor stopping (signal %s): ending the game",
                          _args[0] if _args else "?")
        self.stopping = True
        if self.proc is not None:
            self._terminate(self.proc)

    def install_signal_handlers(self) -> None:
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self.stop)
