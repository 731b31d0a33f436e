"""Idle rules of the kiosk, apart from any screen so they can be tested alone.

- On the title, ``attract_delay`` seconds (60) without input start attract mode.
- Anywhere else people can be (a game with human seats, its pause menu, results, table select,
  seat setup …), ``idle_reset`` seconds (90) without input bring "Still there?", which counts down
  ``still_there`` seconds (15) and then goes back to attract mode.
- The kiosk's own screens (attract, still there, admin, nap) are never reset.
"""
from __future__ import annotations

from dataclasses import dataclass

TITLE, PLAY, OWN = "title", "play", "own"     # kinds of top scene


@dataclass
class IdleRules:
    attract_delay: float = 60.0
    idle_reset: float = 90.0
    still_there: float = 15.0

    @classmethod
    def from_settings(cls, settings) -> "IdleRules":
        """Times from the settings object (``kiosk_attract_delay``, ``kiosk_idle_reset``,
        ``kiosk_still_there``); missing or unusable values keep the defaults."""
        rules = cls()
        for attr, key in (("attract_delay", "kiosk_attract_delay"), ("idle_reset", "kiosk_idle_reset"),
                          ("still_there", "kiosk_still_there")):
            value = getattr(settings, key, None)
            if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
                setattr(rules, attr, float(value))
        return rules

    def decide(self, kind: str, idle_seconds: float) -> str | None:
        """What the kiosk should do now: "attract", "still_there" or None."""
        if kind == TITLE and idle_seconds >= self.attract_delay:
            return "attract"
        if kind == PLAY and idle_seconds >= self.idle_reset:
            return "still_there"
        return None
