"""Seat links: a random token per phone seat, and which device holds it (no pygame, no I/O).

A token is 128 random bits (``secrets``). The first device that opens a seat's link holds the
seat (its own random device id, kept in a cookie); another device is refused until the seat
is released on the big screen. Tokens live only as long as this object: a new game, a kiosk
idle reset or a restart makes new ones, and ``revoke`` kills one at once.
"""
from __future__ import annotations

import secrets
import threading

TOKEN_BYTES = 16             # 128 bits


def new_secret() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class SeatKeys:
    def __init__(self, seats):
        self._lock = threading.Lock()
        self.token = {seat: new_secret() for seat in seats}     # seat -> token
        self._seat = {t: s for s, t in self.token.items()}       # token -> seat
        self.holder: dict[int, str] = {}                         # seat -> device id

    def seat_of(self, token: str) -> int | None:
        """The seat a live token opens (None: wrong, expired or revoked)."""
        if not isinstance(token, str):
            return None
        with self._lock:
            for known, seat in self._seat.items():
                if secrets.compare_digest(known, token):
                    return seat
        return None

    def claim(self, seat: int, device: str | None) -> tuple[str | None, bool]:
        """(device id holding ``seat`` for this device, fresh) or (None, False) when another
        device holds it. A device without an id gets a new one if the seat is free."""
        with self._lock:
            held = self.holder.get(seat)
            if held is None:
                device = device if device and len(device) >= 20 else new_secret()
                self.holder[seat] = device
                return device, True
            if device and secrets.compare_digest(held, device):
                return device, False
            return None, False

    def holds(self, seat: int, device: str | None) -> bool:
        with self._lock:
            held = self.holder.get(seat)
        return bool(held and device and secrets.compare_digest(held, device))

    def release(self, seat: int) -> None:
        """The seat's link opens on a new device now (the big screen said so)."""
        with self._lock:
            self.holder.pop(seat, None)

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
