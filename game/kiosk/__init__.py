"""Kiosk mode: ``meowcade play --kiosk`` (``game.cli_play`` calls ``run_kiosk(args)``).

Three roles of the same program:

- ``--kiosk``: the supervisor (``supervisor.py``, standard library only). It starts the game as a
  child process and restarts it whatever it dies of; after a crash loop it shows the nap screen.
- ``--kiosk-child``: the game itself, fullscreen, quit locked, with the ``KioskController``
  (attract mode, idle reset, admin exit, autosave/resume, session records).
- ``--kiosk-nap``: the calm "Taking a short nap — please call staff" screen.

Operator's view: start ``meowcade --kiosk`` and walk away. Admin exit: hold Esc (or a pad's
Start+Back) for 3 s, then type the PIN (default ``6369``, "MEOW" on a phone keypad; the log warns
while it is unchanged). Records: ``python main.py stats [--csv]``.
"""
from __future__ import annotations

import os
import signal


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
    from game import logs, paths
    from game.kiosk.supervisor import Supervisor, child_command

    log = logs.setup_logging(args.home).getChild("supervisor")
    rest = child_args(args)
    data = paths.data_dir(args.home)
    sup = Supervisor(child_command(rest, "child"), child_command(rest, "nap"), log,
                     stderr_path=paths.log_dir(args.home) / "kiosk-child-stderr.log",
                     ready_path=data / "kiosk-ready")
    sup.install_signal_handlers()
    log.info("kiosk supervisor started (pid %d)", os.getpid())
    return sup.run()


def make_kiosk_app(size=(1280, 720), fullscreen=True, lang=None, home=None, audio=True, speed=None,
                   role: str = "child", rules=None, ready_path=None):
    """The kiosk game process's ``App(kiosk=True)`` with its controller (and, for the game, the
    session watcher). ``run_child`` uses it; tests use it to get the very same wiring headless."""
    from game.app import App
    from game.kiosk.controller import KioskController

    app = App(size=size, fullscreen=fullscreen, lang=lang, kiosk=True, home=home, audio=audio, speed=speed)
    watcher = None
    if role != "nap":
        from game.kiosk.watch import SessionWatcher
        watcher = SessionWatcher(app, home, kiosk=True, log=app.log)
    controller = KioskController(app, home, role, watcher, rules=rules, ready_path=ready_path)
    return app, controller


def run_child(args, nap: bool = False) -> int:
    """The game (or nap screen) process. Returns the exit code the supervisor reads."""
    from game.kiosk.supervisor import READY_ENV

    fullscreen = True if args.fullscreen is None else args.fullscreen
    app, controller = make_kiosk_app(args.size, fullscreen, args.lang, args.home, args.audio, args.speed,
                                     "nap" if nap else "child", ready_path=os.environ.get(READY_ENV))
    app.fps = args.fps
    app.seed = args.seed

    def terminate(signum, _frame):
        # SDL turns SIGTERM into a window-close event, which kiosk mode refuses: end the loop
        # ourselves (the save stays for the next start) with a code the supervisor restarts on
        app.log.info("kiosk: %s received; leaving", signal.Signals(signum).name)
        controller.exit_code = 128 + signum
        app.quit(force=True)
    signal.signal(signal.SIGTERM, terminate)
    try:
        controller.start()
        app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        controller.close()
        app.shutdown()
    if controller.exit_code is not None:
        return controller.exit_code
    if args.frames is not None:
        return 0
    app.log.error("kiosk: the game loop ended without the admin exit")
    return 3


def table_scene_for(app, session):
    """The table scene for ``session`` (a saved game coming back), or None with a logged reason."""
    from scenes.tables import available_tables

    for info in available_tables():
        if info.game == session.game_name:
            try:
                return info.scene_class()(app, session, attract=False)
            except Exception:
                app.log.exception("could not rebuild the %s table from the save", session.game_name)
                return None
    app.log.warning("saved game %s has no table in this build", session.game_name)
    return None


def continue_scene(app):
    """The title's "Continue" (outside kiosk mode): the table scene of the saved people's game,
    rebuilt at the position it was left, or None when there is nothing (loadable) to continue."""
    from game import saves

    session = saves.load_resumable(app.home)
    return table_scene_for(app, session) if session is not None else None


def run_kiosk(args) -> int:
    """Entry from ``game.cli_play``: pick the role from the flags."""
    if getattr(args, "kiosk_nap", False):
        return run_child(args, nap=True)
    if getattr(args, "kiosk_child", False):
        return run_child(args)
    if getattr(args, "frames", None) is not None:
        # a bounded run (smoke test, screenshot) needs no supervisor
        return run_child(args)
    return run_supervisor(args)


__all__ = ["run_kiosk", "run_child", "run_supervisor", "child_args", "make_kiosk_app", "continue_scene",
           "table_scene_for"]
