"""Meowcade command line.

    python main.py [play] [flags]        the game (default)
    python main.py replay FILE [--trace] play a replay file back, print the final state as JSON
    python main.py simulate GAME …       many seeded games with computer players, with figures
    python main.py stats [--csv]         kiosk session records
"""
from __future__ import annotations

import multiprocessing
import sys

COMMANDS = {
    "play": "cli_play",
    "replay": "game.replay",
    "simulate": "game.simulate",
    "stats": "game.records",
}


def main(argv: list[str]) -> int:
    command = "play"
    if argv and argv[0] in COMMANDS:
        command, argv = argv[0], argv[1:]
    elif argv and not argv[0].startswith("-"):
        print(f"meowcade: unknown command {argv[0]!r} (commands: {', '.join(COMMANDS)})",
              file=sys.stderr)
        return 2
    try:
        import game.assets  # noqa: F401  (reads MEOWCADE_ASSETS, an asset root for every command)

        module = __import__(COMMANDS[command], fromlist=["main"])
        return module.main(argv)
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # one line here, the traceback in the log file (game.logs)
        from game.logs import report_crash

        return report_crash(exc, argv)


if __name__ == "__main__":
    multiprocessing.freeze_support()   # simulate --jobs in the packaged build
    sys.exit(main(sys.argv[1:]))
