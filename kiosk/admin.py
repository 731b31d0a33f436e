"""The kiosk's admin exit: the deliberate hold, and the PIN behind it.

The exit is two steps: hold Esc, or Start+Back on a pad, for ``HOLD_SECONDS``; then type the PIN.
The PIN is kept by the admin lock (``lock.py``, its own file): empty means the default PIN
(``DEFAULT_PIN``, given in the README; the log warns at every kiosk start while it is unchanged),
otherwise a salted hash made by ``hash_pin``. The lock also keeps the wrong tries and the lockout.
No pygame here: the screens draw it, this decides it.

The hash is scrypt (memory-hard: ``SCRYPT_N`` 2^15 x ``SCRYPT_R`` 8 x 128 bytes = 32 MiB per
guess, ~0.1 s of one core; a PIN of 4 to ``PIN_MAX`` 12 digits), stored as
``scrypt$<n>$<r>$<p>$<salt>$<digest>``. A file copied off the machine costs an attacker 32 MiB and
~0.1 s per guess, where the old pbkdf2 (20,000 rounds) allowed ~100 guesses a second on the same
core. Old ``pbkdf2$<salt>$<digest>`` entries are still accepted; the next PIN change writes scrypt.
"""
from __future__ import annotations

import hashlib
import hmac
import os
from functools import lru_cache

DEFAULT_PIN = "6369"          # "MEOW" on a phone keypad
HOLD_SECONDS = 3.0
PIN_MIN, PIN_MAX = 4, 12
SCRYPT_N, SCRYPT_R, SCRYPT_P = 2 ** 15, 8, 1     # 32 MiB of memory per guess
_MAXMEM = 64 * 1024 * 1024
MAX_TRIES = 5                 # wrong PINs in a row before a lockout (lock.py: its length)
HOLDS = ("escape", "start+back")   # names of InputMapper.held_seconds()


def hash_pin(pin: str, salt: str | None = None) -> str:
    """A new PIN's stored form (scrypt, a fresh 16-byte salt)."""
    salt = salt if salt is not None else os.urandom(16).hex()
    digest = _scrypt(pin, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${salt}${digest}"


def _scrypt(pin: str, salt: str, n: int, r: int, p: int) -> str:
    return hashlib.scrypt(pin.encode(), salt=bytes.fromhex(salt), n=n, r=r, p=p, maxmem=_MAXMEM,
                          dklen=32).hex()


def _pbkdf2(pin: str, salt: str) -> str:
    """(The old form, only to check PINs set before scrypt.)"""
    return hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(salt), 20000).hex()


def check_pin(stored: str, entered: str) -> bool:
    """Does ``entered`` match the stored PIN (empty or unreadable stored value: the default)?"""
    if not stored or not valid_stored(stored):
        return hmac.compare_digest(entered, DEFAULT_PIN)
    parts = stored.split("$")
    if parts[0] == "pbkdf2":
        return hmac.compare_digest(_pbkdf2(entered, parts[1]), parts[2])
    n, r, p = (int(v) for v in parts[1:4])
    return hmac.compare_digest(_scrypt(entered, parts[4], n, r, p), parts[5])


def is_old_hash(stored: str) -> bool:
    """A PIN stored in the old pbkdf2 form (kept until the next PIN change)."""
    return isinstance(stored, str) and stored.startswith("pbkdf2$")


def _hex(text: str, length: int | None = None) -> bool:
    return (length is None or len(text) == length) and bool(text) and all(
        c in "0123456789abcdef" for c in text)


def valid_stored(stored) -> bool:
    """A value the loader may keep: empty (default PIN) or a well-formed hash (scrypt with the
    parameters this version writes, or the old pbkdf2)."""
    if stored == "":
        return True
    if not isinstance(stored, str) or len(stored) > 300:
        return False
    parts = stored.split("$")
    if len(parts) == 3 and parts[0] == "pbkdf2":
        return _hex(parts[1]) and len(parts[1]) <= 64 and _hex(parts[2], 64)
    # scrypt: only the parameters written here, so a doctored file cannot ask for 2^40 of memory
    return (len(parts) == 6 and parts[0] == "scrypt"
            and parts[1:4] == [str(SCRYPT_N), str(SCRYPT_R), str(SCRYPT_P)]
            and _hex(parts[4], 32) and _hex(parts[5], 64))


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
