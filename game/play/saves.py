"""Autosave: the game in progress, written after every action, atomically.

A save *is* a replay file (``GameSession.to_replay()``, RULES.md §4 plus seats) with a few extra
top-level keys that replays ignore (``attract``, ``record_id``, ``saved_at``). It is written to a
temporary file in the same folder, flushed and fsynced, then ``os.replace``d over the old one, so a
crash or a pulled plug leaves either the previous save or the new one, never half a file.

A save that does not load (bad JSON, another version, an action the engine refuses) is moved aside
to ``autosave.json.bad-<n>`` with a logged warning and the program starts clean.

Pure standard library + ``game.files`` + ``game.play.session`` (no pygame), so the title, the
kiosk and tests share it.
"""
from __future__ import annotations

import json
import logging
import os
import time
from pathlib import Path

from game.files import paths
from game.files.jsonfile import read_json, short
from game.play.session import GameSession

SAVE_NAME = "autosave.json"
MAX_SAVE_BYTES = 8 * 1024 * 1024    # a long game's save is tens of KB

log = logging.getLogger("meowcade.saves")


def data_dir(home: str | os.PathLike | None = None) -> Path:
    """The user data directory (``game.files.paths`` decides; ``home`` overrides it, as ``App(home=)``)."""
    return Path(paths.data_dir(home))


def save_path(home: str | os.PathLike | None = None) -> Path:
    return data_dir(home) / SAVE_NAME


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` (0600) so that readers see the old content or the new, never a mix."""
    paths.write_private(path, text)


def set_aside(path: Path, why: str, logger: logging.Logger | None = None) -> Path | None:
    """Move a file that does not load to ``<name>.bad-<n>`` (first free n) and log a warning."""
    path = Path(path)
    n = 1
    while path.with_name(f"{path.name}.bad-{n}").exists():
        n += 1
    bad = path.with_name(f"{path.name}.bad-{n}")
    try:
        os.replace(path, bad)
    except OSError as exc:
        (logger or log).warning("%s does not load (%s) and could not be moved aside: %s", path, why, exc)
        try:
            path.unlink()
        except OSError:
            pass
        return None
    (logger or log).warning("%s does not load (%s); moved aside to %s", path, why, bad.name)
    return bad


class Autosave:
    """A ``GameSession`` listener that writes the session after every action.

    ``attach(session, attract=False, record_id=None)`` writes at once (so a game is resumable from
    its first frame) and then after each action. Once the game is over the save is removed: there is
    nothing left to resume. ``detach()`` stops writing and, with ``remove=True``, deletes the save
    (a game abandoned on purpose is not offered again).
    """

    def __init__(self, path: str | os.PathLike, logger: logging.Logger | None = None):
        self.path = Path(path)
        self.log = logger or log
        self.session: GameSession | None = None
        self.extra: dict = {}
        self.writes = 0
        self.failed = False

    def attach(self, session: GameSession, attract: bool = False, record_id: int | None = None) -> None:
        if self.session is session:
            return
        self.detach()
        self.session = session
        self.extra = {"attract": bool(attract)}
        if record_id is not None:
            self.extra["record_id"] = record_id
        session.listeners.append(self._on_action)
        self.write()

    def detach(self, remove: bool = False) -> None:
        if self.session is not None and self._on_action in self.session.listeners:
            self.session.listeners.remove(self._on_action)
        self.session = None
        if remove:
            self.remove()

    def remove(self) -> None:
        try:
            self.path.unlink()
        except FileNotFoundError:
            pass
        except OSError as exc:
            self.log.warning("could not remove %s: %s", self.path, exc)

    def _on_action(self, session: GameSession, action: str, events) -> None:
        if session is self.session:
            self.write()

    def write(self) -> None:
        session = self.session
        if session is None:
            return
        if session.game.over:
            self.remove()
            return
        data = session.to_replay()
        data.update(self.extra)
        data["saved_at"] = time.time()
        try:
            write_atomic(self.path, json.dumps(data, separators=(",", ":")))
            self.writes += 1
            self.failed = False
        except OSError as exc:       # a full or read-only disk must not stop the game
            if not self.failed:
                self.log.warning("autosave to %s failed: %s", self.path, exc)
            self.failed = True


def load(path: str | os.PathLike, logger: logging.Logger | None = None) -> tuple[GameSession, dict] | None:
    """The saved session and the save's extra keys, or None (no save, finished game, or set aside)."""
    path = Path(path)
    logger = logger or log
    try:
        data = read_json(path, max_bytes=MAX_SAVE_BYTES)
    except FileNotFoundError:
        return None
    except OSError as exc:
        set_aside(path, f"unreadable: {short(exc)}", logger)
        return None
    except ValueError as exc:     # BadFile: not UTF-8, not JSON, too big, too deep, not an object
        set_aside(path, short(exc), logger)
        return None
    try:
        session = GameSession.from_replay(data)
    except Exception as exc:      # anything at all: a bad save is never a crash
        set_aside(path, short(f"{type(exc).__name__}: {exc}"), logger)
        return None
    if session.game.over:
        try:
            path.unlink()
        except OSError:
            pass
        return None
    extra = {k: data[k] for k in ("attract", "record_id", "saved_at") if k in data}
    return session, extra


def has_resumable(home: str | os.PathLike | None = None, path: str | os.PathLike | None = None) -> bool:
    """True when a people's game (not an attract demo) was left unfinished and loads: the title's
    "Continue". A save that does not load is set aside here, so the title never offers it."""
    loaded = load(path if path is not None else save_path(home))
    return loaded is not None and not loaded[1].get("attract", False)


def load_resumable(home: str | os.PathLike | None = None,
                   path: str | os.PathLike | None = None) -> GameSession | None:
    """The session behind "Continue" (None when there is none)."""
    loaded = load(path if path is not None else save_path(home))
    if loaded is None or loaded[1].get("attract", False):
        return None
    return loaded[0]
