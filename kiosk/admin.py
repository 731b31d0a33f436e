"""The kiosk's admin exit: the deliberate hold, and the PIN behind it.

The exit is two steps: hold Esc, or Start+Back on a pad, for ``HOLD_SECONDS``; then type the PIN.
The PIN is kept by the admin lock (``lock.py``, its own file): empty means the default PIN
(``DEFAULT_PIN``, given in the README; the log warns at every kiosk start while it is unchanged),
otherwise a salted hash made by ``hash_pin``. The lock also keeps the wrong tries and the lockout.
No pygame here: the screens draw it, this decides it.
"""
from __future__ import annotations

import hashlib
import hmac
import os
from functools import lru_cache

DEFAULT_PIN = "6369"          # "MEOW" on a phone keypad
HOLD_SECONDS = 3.0
PIN_MIN, PIN_MAX = 4, 8
MAX_TRIES = 5                 # wrong PINs in a row before a lockout (lock.py: its length)
HOLDS = ("escape", "start+back")   # names of InputMapper.held_seconds()


def hash_pin(pin: str, salt: str | None = None) -> str:
    salt = salt if salt is not None else os.urandom(8).hex()
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), 20000).hex()
    return f"pbkdf2${salt}${digest}"


def check_pin(stored: str, entered: str) -> bool:
    """Does ``entered`` match the stored PIN (empty or unreadable stored value: the default)?"""
    if not stored:
        return hmac.compare_digest(entered, DEFAULT_PIN)
    try:
        kind, salt, digest = stored.split("$")
        if kind != "pbkdf2":
            raise ValueError(kind)
        return hmac.compare_digest(hash_pin(entered, salt), stored)
    except ValueError:
        return hmac.compare_digest(entered, DEFAULT_PIN)


def valid_stored(stored) -> bool:
    """A settings value the loader may keep: empty (default PIN) or a well-formed hash."""
    if stored == "":
        return True
    if not isinstance(stored, str):
        return False
    parts = stored.split("$")
    return (len(parts) == 3 and parts[0] == "pbkdf2" and len(parts[2]) == 64
            and all(c in "0123456789abcdef" for c in parts[1] + parts[2]))


@lru_cache(maxsize=8)
def pin_is_default(stored: str) -> bool:
    """(Cached: screens ask every frame and the hash is deliberately slow.)"""
    return not stored or check_pin(stored, DEFAULT_PIN)


def valid_new_pin(pin: str) -> bool:
    return PIN_MIN <= len(pin) <= PIN_MAX and pin.isascii() and pin.isdigit()


def hold_seconds(input_mapper) -> float:
    """The longest of the admin holds now in progress."""
    return max(input_mapper.held_seconds(name) for name in HOLDS)


class PinEntry:
    """What has been typed; the tries and the lockout are the lock's (``lock.AdminLock``), so they
    hold across PIN pads and restarts. ``press(key)`` takes "0"-"9", "del", "ok" and answers None
    (still typing), "ok" (right PIN), "wrong", "locked" or "short"."""

    def __init__(self, lock):
        self.lock = lock
        self.digits = ""

    @property
    def locked_for(self) -> float:
        return self.lock.locked_for()

    @property
    def locked(self) -> bool:
        return self.locked_for > 0

    def press(self, key: str) -> str | None:
        if self.locked:
            self.digits = ""
            return "locked"
        if key == "del":
            self.digits = self.digits[:-1]
            return None
        if key == "ok":
            return self.submit()
        if len(key) == 1 and key.isdigit() and key.isascii():
            if len(self.digits) < PIN_MAX:
                self.digits += key
        return None

    def submit(self) -> str:
        entered, self.digits = self.digits, ""
        if self.locked:
            return "locked"
        if len(entered) < PIN_MIN:
            return "short"
        return self.lock.check(entered)
