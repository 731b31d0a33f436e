"""One logger for the whole program, writing a rotating file in the user data directory."""
from __future__ import annotations

import logging
import logging.handlers
import os

from game import paths

LOGGER_NAME = "meowcade"


def setup_logging(home: str | os.PathLike | None = None, level: int = logging.INFO) -> logging.Logger:
    """Return the ``meowcade`` logger with a rotating file handler (1 MB x 3) attached once.

    A directory that cannot be written leaves the logger with a stderr handler only; logging
    must never stop the game from starting.
    """
    log = logging.getLogger(LOGGER_NAME)
    log.setLevel(level)
    target = paths.log_dir(home) / "meowcade.log"
    for handler in list(log.handlers):
        if getattr(handler, "_meowcade", None) == str(target):
            return log
        if getattr(handler, "_meowcade", None) is not None:   # a different home (tests): swap
            log.removeHandler(handler)
            handler.close()
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(target, maxBytes=1_000_000, backupCount=3,
                                                       encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler()
    handler.setFormatter(fmt)
    handler._meowcade = str(target)
    log.addHandler(handler)
    return log


def log_file(home: str | os.PathLike | None = None):
    return paths.log_dir(home) / "meowcade.log"


def home_from_argv(argv) -> str | None:
    """``--home DIR`` / ``--home=DIR`` from a command line (None: the environment decides)."""
    argv = list(argv)
    for i, arg in enumerate(argv):
        if arg == "--home" and i + 1 < len(argv):
            return argv[i + 1]
        if arg.startswith("--home="):
            return arg.split("=", 1)[1]
    return None


def report_crash(exc: BaseException, argv=(), stream=None) -> int:
    """An error nothing else caught: its traceback goes to the log file, one line to stderr.
    Returns the exit code (1)."""
    import sys

    stream = stream or sys.stderr
    home = home_from_argv(argv)
    where = ""
    try:
        log = setup_logging(home)
        log.error("stopped by an error", exc_info=exc)
        where = f" (details in {log_file(home)})"
    except Exception:  # no log either: the line alone must still be printed
        pass
    kind, module = type(exc).__name__, type(exc).__module__
    if module not in ("builtins", "__main__") and not module.startswith("game."):
        kind = f"{module.split('.')[0]}.{kind}"        # pygame.error, sqlite3.OperationalError
    text = " ".join(str(exc).split())
    text = f"{kind}: {text}" if text else kind
    if len(text) > 300:
        text = text[:299] + "…"
    print(f"meowcade: {text}{where}", file=stream)
    return 1
