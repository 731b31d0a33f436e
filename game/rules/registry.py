"""Which games exist: the one place that lists them. A game joins with one line in ``KITS`` (its
kit, ``game.rules.kit``); the CLI, simulate, replays, lessons, the table select, seat setup and
the kiosk rotation all read this list, so nothing else changes. ``register`` adds a kit made
elsewhere (the tests' fourth game registers itself this way, for the length of a test)."""
from __future__ import annotations

from game.rules.base import Game
from game.rules.hungry_meow_kit import KIT as HUNGRY_MEOW
from game.rules.kit import GameKit
from game.rules.meow_dice_kit import KIT as MEOW_DICE
from game.rules.zodiac_kit import KIT as ZODIAC

# game name -> kit, in the order the title and the table select show them. A kit names its
# engine lazily, so one broken engine cannot stop the others.
KITS: dict[str, GameKit] = {kit.name: kit for kit in (HUNGRY_MEOW, MEOW_DICE, ZODIAC)}


def register(kit: GameKit) -> None:
    KITS[kit.name] = kit


def names() -> list[str]:
    return list(KITS)


def kit(name: str) -> GameKit:
    if name not in KITS:
        raise KeyError(f"unknown game {name!r} (known: {', '.join(KITS)})")
    return KITS[name]


def available() -> list[str]:
    """Names of engines whose module exists and imports."""
    out = []
    for name in KITS:
        try:
            engine(name)
        except (ImportError, AttributeError):
            continue
        out.append(name)
    return out


def engine(name: str) -> type[Game]:
    return kit(name).engine_class()
