"""One logger for the whole program, writing a rotating file in the user data directory.

The log names a game by ``game_ref(session)``: a short id (a keyed hash; the key is a private
file beside the log, so the id stays the same across a kiosk restart but does not give the seed
away). The seed, which rebuilds every hand, is written only with ``--debug``.
"""
from __future__ import annotations

import contextlib
import hashlib
import hmac
import logging
import logging.handlers
import os
import secrets

from game.files import paths

LOGGER_NAME = "meowcade"
DEBUG_ENV = "MEOWCADE_DEBUG"     # --debug, passed on to the kiosk's game process
KEY_NAME = "game-id.key"

_id_key: bytes | None = None


class PrivateLogHandler(logging.handlers.RotatingFileHandler):
    """The rotating log file, created 0600 (in a 0700 folder) each time it is opened."""

    def _open(self):
        return paths.open_private(self.baseFilename, self.mode, self.encoding)


def setup_logging(home: str | os.PathLike | None = None, level: int | None = None) -> logging.Logger:
    """Return the ``meowcade`` logger with a rotating file handler (1 MB x 3) attached once.

    A directory that cannot be written leaves the logger with a stderr handler only; logging
    must never stop the game from starting.
    """
    log = logging.getLogger(LOGGER_NAME)
    log.setLevel(level if level is not None else logging.DEBUG if debug_enabled() else logging.INFO)
    target = paths.log_dir(home) / "meowcade.log"
    for handler in list(log.handlers):
        if getattr(handler, "_meowcade", None) == str(target):
            return log
        if getattr(handler, "_meowcade", None) is not None:   # a different home (tests): swap
            log.removeHandler(handler)
            handler.close()
    fmt = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    try:
        handler = PrivateLogHandler(target, maxBytes=1_000_000, backupCount=3, encoding="utf-8")
    except OSError:
        handler = logging.StreamHandler()
    handler.setFormatter(fmt)
    handler._meowcade = str(target)
    log.addHandler(handler)
    _load_key(target.parent)
    return log


class _StderrLines(logging.Handler):
    """Warnings and errors as one line each on stderr (the terminal), no traceback: that stays in
    the log file. Looks stderr up at each line, so a replaced stream (tests) is followed."""

    def emit(self, record: logging.LogRecord) -> None:
        import sys

        if record.exc_info:
            return            # a crash: main.py prints its one line once the game has stopped
        try:
            text = " ".join(record.getMessage().split())
            sys.stderr.write(f"meowcade: {text[:400]}\n")
        except Exception:  # a closed terminal must not stop the game
            pass


@contextlib.contextmanager
def echo_to_terminal():
    """While it lasts (the game outside the kiosk), warnings also print one line on stderr."""
    log = logging.getLogger(LOGGER_NAME)
    handler = _StderrLines(logging.WARNING)
    log.addHandler(handler)
    try:
        yield handler
    finally:
        log.removeHandler(handler)


def debug_enabled() -> bool:
    return os.environ.get(DEBUG_ENV, "") not in ("", "0")


def set_debug(on: bool = True) -> None:
    """``--debug``: seeds in the log and DEBUG lines (the kiosk's game process inherits it)."""
    if on:
        os.environ[DEBUG_ENV] = "1"
    else:
        os.environ.pop(DEBUG_ENV, None)


def _load_key(folder) -> None:
    """The key of game ids: read from the log folder, made there (0600) on first use."""
    global _id_key
    path = folder / KEY_NAME
    try:
        key = path.read_bytes()
        if len(key) < 16:
            raise OSError("short key")
    except OSError:
        key = secrets.token_bytes(32)
        try:
            paths.write_private(path, key)
        except OSError:
            pass              # an unwritable folder: ids hold for this run only
    _id_key = key


def game_id(session) -> str:
    """A short id of a game that does not reveal its seed (8 hex digits)."""
    global _id_key
    if _id_key is None:
        _id_key = secrets.token_bytes(32)
    origin = getattr(session, "origin", None) or [session.seed, 0]
    text = f"{session.game_name}:{session.seed}:{origin[0]}:{origin[1]}".encode()
    return hmac.new(_id_key, text, hashlib.sha256).hexdigest()[:8]


def game_ref(session) -> str:
    """How the log names a game: ``game 1a2b3c4d``, with ``(seed N)`` under ``--debug``."""
    ref = f"game {game_id(session)}"
    return f"{ref} (seed {session.seed})" if debug_enabled() else ref


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
