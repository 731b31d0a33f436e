"""Drive the Meow Meow Dice table headless through posted device events, like a player would.

Reuses the Hungry Meow ``Driver`` (mouse clicks at widget centres, pad buttons, hurrying). The
decision helper reads only the human seat's view and the widgets shown, and never applies actions.
"""
from __future__ import annotations

from game.play.session import GameSession, Seat
from tests.scenes.hm_driver import Driver, key  # noqa: F401  (re-exported for the tests)

NAMES = ["Mochi", "Tofu", "Biscuit", "Pepper"]
COATS = ["tabby", "calico", "tuxedo", "siamese"]


def make_session(players=2, humans=(0,), seed=7, level="heuristic", setup=None, actions=(), options=None):
    seats = [Seat(NAMES[i], "human" if i in humans else "bot", level, COATS[i]) for i in range(players)]
    return GameSession("meow-dice", seats, seed, dict(options or {}), dict(setup or {}), list(actions))


def choose(table) -> list[str]:
    """What a simple player presses next: roll; take the first slot that is enabled; else reroll
    as many unlocked dice as allowed (from the right); else the fish bone."""
    table.app.show_now()
    shown = table.widgets()
    mode = table.mode
    if mode == "pre":
        return ["btn:roll"]
    if mode == "rolling":
        for slot in ("BR", "BL", "TR", "TL"):
            if table.widget_enabled(f"slot:{slot}"):
                return [f"slot:{slot}"]
        if "btn:reroll" in shown and table.view["next_max"] > 0:
            free = [d for d in range(4) if d not in table.view["locked"]]
            dice = free[-table.view["next_max"]:]
            return [f"die:{d}" for d in dice] + ["btn:reroll"]
        return ["btn:fishbone"]
    raise AssertionError(f"unexpected mode {mode!r}")
