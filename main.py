"""Meowcade command line.

    python main.py [play] [flags]        the game (default)
    python main.py replay FILE [--trace] play a replay file back, print the final state as JSON
    python main.py simulate GAME …       many seeded games with computer players, with figures
    python main.py stats [--csv]         kiosk session records
"""
from __future__ import annotations

import time

STARTED = time.time()          # before any import: the start-up figures begin here (game.runtime.startup)

import sys  # noqa: E402

COMMANDS = {
    "play": "cli_play",
    "replay": "cli_replay",
    "simulate": "game.simulation.simulate",
    "stats": "game.play.records",
}


def main(argv: list[str]) -> int:
    command = "play"
    if argv and argv[0] in COMMANDS:
        command, argv = argv[0], argv[1:]
    elif argv and not argv[0].startswith("-"):
        print(f"meowcade: unknown command {argv[0]!r} (commands: {', '.join(COMMANDS)})",
              file=sys.stderr)
        return 2
    from game.runtime import startup

    startup.mark("main", STARTED)
    try:
        import game.runtime.assets  # noqa: F401  (reads MEOWCADE_ASSETS, an asset root for every command)

        module = __import__(COMMANDS[command], fromlist=["main"])
        return module.main(argv)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # one line here, the traceback in the log file (game.runtime.logs)
        from game.runtime.logs import report_crash

        return report_crash(exc, argv)


if __name__ == "__main__":
    if getattr(sys, "frozen", False):  # simulate --jobs in the packaged build (a start-up cost otherwise)
        import multiprocessing

        multiprocessing.freeze_support()
    sys.exit(main(sys.argv[1:]))
