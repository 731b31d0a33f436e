"""The kiosk's game process (``--kiosk-child``) and its nap screen process (``--kiosk-nap``): an
``App(kiosk=True)`` with the ``KioskController`` and, for the game, the session watcher."""
from __future__ import annotations

import os
import signal

from game.play.watch import SessionWatcher
from game.runtime import startup
from game.runtime.app import App
from kiosk.controller import KioskController
from kiosk.lifeline import Lifeline
from kiosk.supervisor import EXIT_ORPHANED, READY_ENV


def make_kiosk_app(size=(1280, 720), fullscreen=True, lang=None, home=None, audio=True, speed=None,
                   role: str = "child", rules=None, ready_path=None, lifeline=None):
    """The kiosk game process's ``App(kiosk=True)`` with its controller (and, for the game, the
    session watcher). ``run_child`` uses it; tests use it to get the very same wiring headless."""
    app = App(size=size, fullscreen=fullscreen, lang=lang, kiosk=True, home=home, audio=audio, speed=speed)
    watcher = SessionWatcher(app, home, kiosk=True, log=app.log) if role != "nap" else None
    controller = KioskController(app, home, role, watcher, rules=rules, ready_path=ready_path,
                                 lifeline=lifeline)
    return app, controller


def run_child(args, nap: bool = False) -> int:
    """The game (or nap screen) process. Returns the exit code the supervisor reads."""
    fullscreen = True if args.fullscreen is None else args.fullscreen
    lifeline = Lifeline.from_env()
    if lifeline is not None:
        lifeline.arm()                  # (Linux) SIGTERM when the supervisor dies
        if lifeline.orphaned():         # it died before that was armed
            return EXIT_ORPHANED
    app, controller = make_kiosk_app(args.size, fullscreen, args.lang, args.home, args.audio, args.speed,
                                     "nap" if nap else "child", ready_path=os.environ.get(READY_ENV),
                                     lifeline=lifeline)
    if lifeline is not None:
        lifeline.log = app.log
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
        startup.mark("scene")        # the first screen is built (a resumed game: loaded and replayed)
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
