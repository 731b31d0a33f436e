"""The admin lock, kept in its own file: ``kiosk-admin.json`` in the user data directory, written
0600. It holds the PIN hash and the lockout, apart from the visitor settings, so a damaged or reset
``settings.json`` never brings back the public default PIN, and the lockout holds across PIN pads
and across restarts of the game:

- ``MAX_TRIES`` (5) wrong PINs in a row lock the pad for ``LOCKOUT_SECONDS`` (30 s); every further
  lockout doubles that (60 s, 120 s … at most ``MAX_LOCKOUT``) until the right PIN is typed.
- Times are wall-clock (they must survive a restart); a clock set back cannot make a lockout last
  longer than its own length.
- First run after an update: a ``kiosk_pin`` hash found in ``settings.json`` is moved here.
- A damaged file is set aside (``.bad-N``) with an error in the log; the default PIN applies then.

No pygame here.
"""
from __future__ import annotations

import json
import logging
import time
from pathlib import Path
from typing import Callable

from game.files import paths
from game.files.jsonfile import read_json, short
from game.play import saves
from kiosk.admin import MAX_TRIES, check_pin, valid_stored

FILE_NAME = "kiosk-admin.json"
MAX_FILE_BYTES = 64 * 1024          # the file is ~150 bytes
LOCKOUT_SECONDS = 30.0
MAX_LOCKOUT = 3600.0
MAX_DOUBLINGS = 16          # 30 s x 2^15 is far past MAX_LOCKOUT already


def lock_path(home=None) -> Path:
    return paths.data_dir(home) / FILE_NAME


class AdminLock:
    def __init__(self, path: Path | None, log: logging.Logger | None = None,
                 clock: Callable[[], float] = time.time):
        self.path = path
        self.log = log or logging.getLogger("meowcade.kiosk")
        self.clock = clock
        self.pin = ""              # "" = the default PIN, else a hash from admin.hash_pin
        self.wrong = 0             # wrong PINs since the last lockout or right PIN
        self.lockouts = 0          # lockouts since the last right PIN (each doubles the next)
        self.locked_until = 0.0    # wall-clock time the current lockout ends

    @classmethod
    def open(cls, home=None, log: logging.Logger | None = None,
             clock: Callable[[], float] = time.time) -> "AdminLock":
        lock = cls(lock_path(home), log, clock)
        if lock.path.exists():
            lock._load()
        else:
            lock._migrate(paths.settings_file(home))
        return lock

    # ---- the file --------------------------------------------------------------------------------
    def _load(self) -> None:
        try:
            data = read_json(self.path, max_bytes=MAX_FILE_BYTES)
            if not valid_stored(data.get("pin", "")):
                raise ValueError("no valid PIN entry")
            wrong, lockouts, until = (data.get(k, 0) for k in ("wrong", "lockouts", "locked_until"))
            if not all(isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
                       for v in (wrong, lockouts, until)):
                raise ValueError("bad lockout entries")
        except (OSError, ValueError) as exc:
            self.log.error("kiosk: %s does not load (%s); the default PIN applies until a new one is set",
                           self.path, short(exc))
            saves.set_aside(self.path, short(exc), self.log)
            return
        self.pin = data["pin"]
        # absurd counts (a doctored or damaged file) are capped: they only ever lengthen a lockout
        # up to MAX_LOCKOUT, and locked_for() caps the end time to the lockout's length
        self.wrong = min(int(wrong), MAX_TRIES)
        self.lockouts = min(int(lockouts), MAX_DOUBLINGS)
        self.locked_until = float(until)

    def _migrate(self, settings_file: Path) -> None:
        """Take the PIN hash an older version kept in settings.json (once)."""
        try:
            old = read_json(settings_file, max_bytes=MAX_FILE_BYTES).get("kiosk_pin", "")
        except (OSError, ValueError):
            return
        if old and valid_stored(old):
            self.pin = old
            self.log.info("kiosk: admin PIN moved from %s to %s", settings_file.name, self.path.name)
            self.save()

    def save(self) -> None:
        if self.path is None:
            return
        data = {"pin": self.pin, "wrong": self.wrong, "lockouts": self.lockouts,
                "locked_until": round(self.locked_until, 3)}
        try:
            paths.write_private(self.path, json.dumps(data))
        except OSError as exc:
            self.log.warning("kiosk: could not save %s: %s", self.path, exc)

    # ---- the rules -------------------------------------------------------------------------------
    def lockout_length(self, lockouts: int | None = None) -> float:
        n = self.lockouts if lockouts is None else lockouts
        # (the doubling reaches MAX_LOCKOUT by the 8th lockout: a bigger count, say 5000 from a
        # doctored file, must not become 2**4999, a float overflow)
        return 0.0 if n <= 0 else min(MAX_LOCKOUT, LOCKOUT_SECONDS * 2 ** (min(n, MAX_DOUBLINGS) - 1))

    def locked_for(self) -> float:
        """Seconds until the PIN pad takes PINs again (0: now)."""
        now = self.clock()
        if self.locked_until - now > self.lockout_length():      # the clock was set back
            self.locked_until = now + self.lockout_length()
        return max(0.0, self.locked_until - now)

    def check(self, entered: str) -> str:
        """"ok", "wrong" or "locked" (this try started a lockout, or one is running)."""
        if self.locked_for() > 0:
            return "locked"
        if check_pin(self.pin, entered):
            if self.wrong or self.lockouts:
                self.wrong = self.lockouts = 0
                self.locked_until = 0.0
                self.save()
            return "ok"
        self.wrong += 1
        result = "wrong"
        if self.wrong >= MAX_TRIES:
            self.wrong = 0
            self.lockouts += 1
            self.locked_until = self.clock() + self.lockout_length()
            result = "locked"
        self.save()
        return result

    def set_pin(self, stored: str) -> None:
        self.pin = stored
        self.save()
