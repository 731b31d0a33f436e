"""Seat links: a random token per phone seat, and which device holds it (no pygame, no I/O).

A token is 128 random bits (``secrets``). The first device that opens a seat's link holds the
seat (its own random device id, kept in a cookie); another device is refused until the seat
is released on the big screen, or handed to the device that last asked for it (a phone that
lost its cookie, one confirm on the big screen). A device holds one seat: opening another
seat's link it is asked first (``move``), unless both seats are ``shared`` (seat setup said
one phone serves them). Tokens live as long as this object and, through
``snapshot``, as long as the saved game they belong to (a crash restart resumes them); a new
game or the idle reset makes new ones, and ``revoke`` kills one at once.
"""
from __future__ import annotations

import secrets
import threading

TOKEN_BYTES = 16             # 128 bits


def new_secret() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


FRESH, AGAIN, TAKEN, OTHER = "fresh", "again", "taken", "other"     # what ``claim`` found


class SeatKeys:
    def __init__(self, seats, saved: dict | None = None, shared=()):
        self._lock = threading.Lock()
        self.shared = frozenset(shared)                          # seats one device may hold together
        saved = saved or {}
        tokens, holders = saved.get("tokens", {}), saved.get("holders", {})
        self.token = {seat: _kept(tokens.get(str(seat))) or new_secret() for seat in seats}   # seat -> token
        self._seat = {t: s for s, t in self.token.items()}       # token -> seat
        self.holder: dict[int, str] = {s: d for s, d in ((int(k), _kept(v)) for k, v in holders.items())
                                       if d and s in self.token}    # seat -> device id
        self.asking: dict[int, str] = {}                         # seat -> a refused device, newest

    def snapshot(self) -> dict:
        """Tokens and holders, for the save (a restart opens the same links to the same phones)."""
        with self._lock:
            return {"tokens": {str(s): t for s, t in self.token.items()},
                    "holders": {str(s): d for s, d in self.holder.items()}}

    def seat_of(self, token: str) -> int | None:
        """The seat a live token opens (None: wrong, expired or revoked)."""
        if not isinstance(token, str):
            return None
        with self._lock:
            for known, seat in self._seat.items():
                if secrets.compare_digest(known, token):
                    return seat
        return None

    def claim(self, seat: int, device: str | None) -> tuple[str, str]:
        """(the device's id, what was found): FRESH, the seat is now this device's; AGAIN, it
        already was; OTHER, this device holds another seat (nothing changes until it says
        ``move``); TAKEN, another device holds it (this one is remembered as asking for it: a
        phone that lost its cookie). A device without an id gets a new one."""
        device = device if isinstance(device, str) and 20 <= len(device) <= 64 else new_secret()
        with self._lock:
            held = self.holder.get(seat)
            if held is not None and secrets.compare_digest(held, device):
                return device, AGAIN
            others = self._seats_of_device(device)
            if others and not (seat in self.shared and others <= self.shared):
                return device, OTHER
            if held is not None:
                self.asking[seat] = device
                return device, TAKEN
            self.holder[seat] = device
            return device, FRESH

    def _seat_of_device(self, device: str | None) -> int | None:
        return min(self._seats_of_device(device), default=None)

    def _seats_of_device(self, device: str | None) -> set[int]:
        if not device:
            return set()
        return {seat for seat, held in self.holder.items() if secrets.compare_digest(held, device)}

    def seat_of_device(self, device: str | None) -> int | None:
        """The seat ``device`` holds (None: none)."""
        with self._lock:
            return self._seat_of_device(device)

    def move(self, seat: int, device: str) -> int | None:
        """The device lets its seat go (it returns to its code) and holds ``seat``, if free.
        Returns the seat it let go (None: nothing moved)."""
        with self._lock:
            if seat not in self.token or self.holder.get(seat) is not None:
                return None
            held = self._seats_of_device(device)
            if len(held) != 1:                       # none, or a shared phone's several
                return None
            old = held.pop()
            del self.holder[old]
            self.holder[seat] = device
            return old

    def holds(self, seat: int, device: str | None) -> bool:
        with self._lock:
            held = self.holder.get(seat)
        return bool(held and device and secrets.compare_digest(held, device))

    def release(self, seat: int) -> None:
        """The seat's link opens on a new device now (the big screen said so)."""
        with self._lock:
            self.holder.pop(seat, None)

    def hand_over(self, seat: int) -> bool:
        """The seat goes to the device that last asked for it (its phone lost its cookie: one
        confirm on the big screen); False when none asked."""
        with self._lock:
            device = self.asking.pop(seat, None)
            if device is None or seat not in self.token:
                return False
            for other, held in list(self.holder.items()):     # one device, one seat
                if secrets.compare_digest(held, device):
                    del self.holder[other]
            self.holder[seat] = device
            return True

    def add(self, seat: int) -> None:
        """A seat moved to a phone mid-game gets its own new token."""
        with self._lock:
            if seat not in self.token:
                token = self.token[seat] = new_secret()
                self._seat[token] = seat

    def revoke(self, seat: int) -> None:
        """The seat's link dies (the seat went back to the table)."""
        with self._lock:
            token = self.token.pop(seat, None)
            self._seat.pop(token, None)
            self.holder.pop(seat, None)
            self.asking.pop(seat, None)


def _kept(value) -> str | None:
    """A token or device id read back from a save, if it looks like one of ours."""
    if isinstance(value, str) and 20 <= len(value) <= 64 and all(c.isalnum() or c in "-_" for c in value):
        return value
    return None
