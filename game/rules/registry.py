"""Which tables exist. An engine joins by adding one line here; the CLI, simulate, the table
select screen and the kiosk rotation all read this list, so nothing else changes."""
from __future__ import annotations

import importlib

from game.rules.base import Game

# game name -> "module:Class". Imported lazily so one broken engine cannot stop the others.
ENGINES: dict[str, str] = {
    "hungry-meow": "game.rules.hungry_meow:HungryMeow",
    "meow-dice": "game.rules.meow_dice:MeowDice",
    "zodiac": "game.rules.zodiac:Zodiac",
}


def available() -> list[str]:
    """Names of engines whose module exists and imports."""
    names = []
    for name in ENGINES:
        try:
            engine(name)
        except (ImportError, AttributeError):
            continue
        names.append(name)
    return names


def engine(name: str) -> type[Game]:
    if name not in ENGINES:
        raise KeyError(f"unknown game {name!r} (known: {', '.join(ENGINES)})")
    module, cls = ENGINES[name].split(":")
    return getattr(importlib.import_module(module), cls)
