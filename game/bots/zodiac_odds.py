"""Zodiac Catchers' figures, from one seat's view alone: ``unseen_counts(view)`` — how many cards
of each kind are still in play that this seat has never seen (a memory game has no odds worth
showing, but this count helps)."""
from __future__ import annotations

from game.bots.zodiac import KINDS, knowledge


def unseen_counts(view: dict) -> dict[str, int]:
    """Kind → cards of that kind still in play that this seat has never seen (not in its hand,
    not face up now, never revealed where it lies now). Kinds in use only, zeros included."""
    _hands, _centre, pool, _cap = knowledge(view)
    return {name: pool.get(KINDS.index(name), 0) for name in view["kinds"]}
