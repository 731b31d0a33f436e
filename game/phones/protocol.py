"""What a phone may say, checked before anything else sees it (no pygame, no game names).

A message is one JSON object of at most ``MAX_MESSAGE`` bytes:

- ``{"t": "act", "a": ACTION, "v": REV}``   a choice the phone was offered (an action string)
- ``{"t": "pick", "b": BUTTON, "cards": [i, …], "v": REV}``  a button taking the picked cards of
  a row (indices into that row as state ``REV`` showed it)
- ``{"t": "undo", "v": REV}``, ``{"t": "tiger", "v": REV}`` (ask the tiger), ``{"t": "ping"}``
- ``{"t": "lang", "l": CODE}``  this phone's language (a code such as "zh_TW")

Every move names the state revision it was made on (``v``): the table refuses one made on an
older state, whatever its kind (a lagging phone must not move on what it no longer shows).

Anything else is a ``ProtocolError`` with a reason the phone is shown; nothing reaches the table.
"""
from __future__ import annotations

import json
import time

MAX_MESSAGE = 2048           # bytes: the longest real message (a Zodiac arrangement) is ~120
MAX_ACTION = 300
MAX_PICKS = 16
KINDS = ("act", "pick", "undo", "tiger", "ping", "lang")


class ProtocolError(ValueError):
    """A malformed message; ``code`` names the case for the phone's words and the tests."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code


def parse(text) -> dict:
    """The message as a clean dict, or ProtocolError."""
    if not isinstance(text, str):
        raise ProtocolError("malformed", "not text")
    if len(text.encode("utf-8")) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"over {MAX_MESSAGE} bytes")
    try:
        msg = json.loads(text)
    except ValueError:
        raise ProtocolError("malformed", "not JSON") from None
    if not isinstance(msg, dict) or msg.get("t") not in KINDS:
        raise ProtocolError("malformed", "unknown message")
    kind = msg["t"]
    if kind == "act":
        action = msg.get("a")
        if not isinstance(action, str) or not action or len(action) > MAX_ACTION \
                or not action.isprintable():
            raise ProtocolError("malformed", "bad action")
        return {"t": "act", "a": action, "v": _rev(msg)}
    if kind == "pick":
        button, cards = msg.get("b"), msg.get("cards")
        if not isinstance(button, str) or not button or len(button) > 40 or not isinstance(cards, list) \
                or len(cards) > MAX_PICKS \
                or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 64 for c in cards):
            raise ProtocolError("malformed", "bad pick")
        return {"t": "pick", "b": button, "cards": list(cards), "v": _rev(msg)}
    if kind == "lang":
        code = msg.get("l")
        if not isinstance(code, str) or not 2 <= len(code) <= 8 or not code.replace("_", "").isalpha() \
                or not code.isascii():
            raise ProtocolError("malformed", "bad language")
        return {"t": "lang", "l": code}
    if kind in ("undo", "tiger"):
        return {"t": kind, "v": _rev(msg)}
    return {"t": kind}


def _rev(msg: dict) -> int:
    """The state revision the phone acted on."""
    v = msg.get("v")
    if v is None:
        raise ProtocolError("malformed", "no revision")
    if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v < 1 << 31:
        raise ProtocolError("malformed", "bad revision")
    return v


class RateLimit:
    """A token bucket per connection: ``burst`` messages at once, then ``rate`` a second."""

    def __init__(self, rate: float = 8.0, burst: float = 16.0, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.last = clock()
        self.refused = 0                 # in a row: a connection that keeps flooding is closed

    def allow(self) -> bool:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False
