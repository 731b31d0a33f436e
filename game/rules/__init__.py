"""Pure rules engines. No pygame, no I/O, no clock, no global random (see tests/test_layering.py)."""
from game.rules.base import Event, Game, RuleError, SetupError

__all__ = ["Event", "Game", "RuleError", "SetupError"]
