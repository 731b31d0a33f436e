"""Kiosk mode: ``meowcade play --kiosk`` (``cli_play`` calls ``run_kiosk(args)``).

The kiosk is the top layer: it imports the scenes and the runtime, nothing below imports it.
Three roles of the same program:

- ``--kiosk``: the supervisor (``supervisor.py``, standard library only). It starts the game as a
  child process and restarts it whatever it dies of, or when it stops putting frames on screen
  (``watchdog.py``: no heartbeat for 15 s, killed like a crash); after a crash loop it shows the
  nap screen. One kiosk per home (``single.py``: a second supervisor says so and exits 1); the
  game ends when its supervisor is gone (``lifeline.py``).
- ``--kiosk-child``: the game itself (``child.py``), fullscreen, quit locked, with the
  ``KioskController`` (attract mode, idle reset, admin exit, autosave/resume, session records).
- ``--kiosk-nap``: the calm "Taking a short nap — please call staff" screen (``screens/nap.py``).

Operator's view: start ``meowcade --kiosk`` and walk away. Admin exit: hold Esc (or a pad's
Start+Back) for 3 s, then type the PIN (default ``6369``, "MEOW" on a phone keypad; the log warns
while it is unchanged). Records: ``python main.py stats [--csv]``.
"""
from __future__ import annotations

import os
import sys

from game.files import paths
from game.runtime import logs
from kiosk.single import HomeLock, HomeTaken
from kiosk.supervisor import Supervisor, child_command, precompile


def child_args(args) -> list[str]:
    """The flags the supervisor passes on to its children (everything but the role)."""
    out: list[str] = []
    if args.home:
        out += ["--home", str(args.home)]
    if args.lang:
        out += ["--lang", args.lang]
    if tuple(args.size) != (1280, 720):
        out += ["--size", f"{args.size[0]}x{args.size[1]}"]
    if args.fullscreen is not None:
        out.append("--fullscreen" if args.fullscreen else "--windowed")
    if args.fps != 60:
        out += ["--fps", str(args.fps)]
    if args.speed:
        out += ["--speed", args.speed]
    if not args.audio:
        out.append("--no-audio")
    return out


def run_supervisor(args) -> int:
    data = paths.data_dir(args.home)
    try:
        home_lock = HomeLock(data).acquire()      # one kiosk per home, held while this runs
    except HomeTaken as exc:
        print(f"meowcade: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"meowcade: cannot lock {data}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    log = logs.setup_logging(args.home).getChild("supervisor")
    rest = child_args(args)
    sup = Supervisor(child_command(rest, "child"), child_command(rest, "nap"), log,
                     stderr_path=paths.log_dir(args.home) / "kiosk-child-stderr.log",
                     ready_path=data / "kiosk-ready", heartbeat_path=data / "kiosk-heartbeat")
    sup.install_signal_handlers()
    log.info("kiosk supervisor started (pid %d)", os.getpid())
    precompile(log)             # every restart imports from bytecode, not from source
    try:
        return sup.run()
    finally:
        home_lock.release()


def run_kiosk(args) -> int:
    """Entry from ``cli_play``: pick the role from the flags."""
    if getattr(args, "kiosk_nap", False) or getattr(args, "kiosk_child", False) \
            or getattr(args, "frames", None) is not None:     # a bounded run needs no supervisor
        # imported here, not above: the supervisor process never loads pygame or the game
        from kiosk.child import run_child

        return run_child(args, nap=getattr(args, "kiosk_nap", False))
    return run_supervisor(args)


__all__ = ["run_kiosk", "run_supervisor", "child_args"]
