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
