"""Hungry Meow's odds, from one seat's view alone (never hidden state): ``death_chance(view,
draws)`` — the chance that Death is among the next cards drawn from the top of the pile, as this
seat knows it (``pile_odds`` gives the counts too). Chances are ``Fraction``s."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from game.bots.hungry_meow import DEATH


@dataclass(frozen=True)
class PileOdds:
    """What a seat knows of the top of the draw pile."""

    chance: Fraction        # Death among the next ``draws`` cards
    unseen: int             # pile cards this seat cannot identify (Death is one of them unless located)
    pile: int               # cards in the draw pile
    located: int | None     # Death's offset from the top when this seat knows it, else None


def known_pile(view: dict) -> dict[int, str]:
    """Offset from the top → card, for every pile card this seat knows (its Prophecy, and the
    cards it is looking at during its own Prophecy step)."""
    known = {off: card for off, card in view["pile_known"]}
    seen = view.get("prophecy") or []
    for off, card in enumerate(seen[:view["draw_pile"]]):
        known.setdefault(off, card)
    return known


def pile_odds(view: dict, draws: int = 1) -> PileOdds:
    """Death is always in the draw pile (HM-6 puts it back there), never in a hand or the
    discard pile, and a refill (HM-5) only adds discards *under* the pile, so the next
    ``draws`` cards hold Death with chance (unknown places among them) / (unknown places)."""
    pile = view["draw_pile"]
    known = known_pile(view)
    unseen = pile - len(known)
    located = next((off for off, card in known.items() if card == DEATH), None)
    draws = max(0, min(draws, pile))
    if located is not None:
        chance = Fraction(1 if located < draws else 0)
    elif unseen <= 0:
        chance = Fraction(0)
    else:
        chance = Fraction(sum(1 for off in range(draws) if off not in known), unseen)
    return PileOdds(chance, unseen, pile, located)


def death_chance(view: dict, draws: int = 1) -> Fraction:
    """The chance, from this seat's view, that the next ``draws`` cards drawn hold Death."""
    return pile_odds(view, draws).chance
