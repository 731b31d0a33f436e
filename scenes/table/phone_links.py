"""Phone links that outlive a crash: the phones' port, the seats' tokens and which device holds
each, kept beside the save (``phones.json``, owner-readable only) for the game they belong to.
A restart that resumes that game (the kiosk after a crash, "Continue" at home) listens on the
same port with the same tokens, so the pages left open reconnect by themselves; any other game
ignores the file and writes its own. A game that ends forgets it."""
from __future__ import annotations

import json
from pathlib import Path

from game.files import paths

LINKS_NAME = "phones.json"
MAX_BYTES = 64 * 1024


def identity(record: dict) -> dict:
    """What names one game (from its replay record): a resumed save has the same, a new game
    does not."""
    return json.loads(json.dumps({"game": record.get("game"), "seed": record.get("seed"),
                                  "origin": record.get("origin"),
                                  "seats": [s.get("name") for s in record.get("seats", [])]}))


class PhoneLinks:
    def __init__(self, path: str | Path, game: dict, log=None):
        self.path = Path(path)
        self.game = game
        self.log = log
        self.kept: dict | None = None
        self.failed = False

    @classmethod
    def for_table(cls, table) -> "PhoneLinks":
        app = table.app
        folder = Path(paths.data_dir(getattr(app, "home", None)))
        return cls(folder / LINKS_NAME, identity(table.feed.record()), app.log)

    def load(self) -> dict | None:
        """The saved port and seats of this very game (None: none, another game's, or unreadable)."""
        try:
            if self.path.stat().st_size > MAX_BYTES:
                return None
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return None
        if not isinstance(data, dict) or data.get("for") != self.game:
            return None
        port = data.get("port")
        if not isinstance(port, int) or isinstance(port, bool) or not 1024 <= port <= 65535:
            return None
        if not isinstance(data.get("tokens"), dict) or not isinstance(data.get("holders", {}), dict):
            return None
        return {"port": port, "tokens": data["tokens"], "holders": data.get("holders", {})}

    def keep(self, port: int, seats: dict) -> None:
        """Write the port and ``seats`` (``SeatKeys.snapshot``) if they changed since last time."""
        data = {"for": self.game, "port": port, **seats}
        if data == self.kept:
            return
        self.kept = data
        try:
            paths.write_private(self.path, json.dumps(data, separators=(",", ":")))
            self.failed = False
        except OSError as exc:            # a full or read-only disk: links just do not survive
            if self.log is not None and not self.failed:
                self.log.warning("phones: could not keep the links in %s: %s", self.path, exc)
            self.failed = True

    def forget(self) -> None:
        self.kept = None
        try:
            self.path.unlink()
        except OSError:
            pass
