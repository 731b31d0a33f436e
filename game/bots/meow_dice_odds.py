"""Meow Meow Dice's odds, from one seat's view alone: ``keep_odds(view, keep)`` — for each card
on the board, the exact chance of making it with the rolls left if the player keeps dice ``keep``
and rerolls the other free dice now (before the first roll: the chance over the whole turn); the
expectimax of ``game.bots.meow_dice_planner.Planner`` with 0/1 values, in exact fractions.
``best_odds(view)``: from the dice as they lie."""
from __future__ import annotations

from fractions import Fraction

from game.bots.meow_dice import info
from game.bots.meow_dice_planner import Planner, stop_table
from game.rules.meow_dice_data import FACE_INDEX, SLOTS, cond_bit


def card_mask(view: dict, slot: str) -> int | None:
    """The condition mask of the card in ``slot`` (its printed condition and any tokens)."""
    card = view["slots"].get(slot)
    if card is None:
        return None
    mask = info(card).mask
    for tok in view["slot_tokens"].get(slot, []):
        mask |= cond_bit(tok)
    return mask


def throw_of(view: dict, keep) -> list[int]:
    """The dice a reroll throws when the player keeps ``keep`` (locked dice are always kept)."""
    locked = set(view["locked"])
    kept = set(keep)
    return [d for d in range(4) if d not in locked and d not in kept]


def keep_allowed(view: dict, keep) -> bool:
    """Whether keeping ``keep`` and rerolling the rest is a legal reroll now."""
    m = len(throw_of(view, keep))
    return view["rolls"] > 0 and 1 <= m <= view["next_max"]


_PLANNERS: dict = {}


def _planner(slot: int, mask: int, locked: tuple) -> Planner:
    key = (slot, mask, locked)
    planner = _PLANNERS.get(key)
    if planner is None:
        if len(_PLANNERS) > 256:
            _PLANNERS.clear()
        values = [None] * 4
        values[slot] = (slot, mask, 1)
        planner = _PLANNERS[key] = Planner(stop_table(values, 0, locked), 4 - len(locked), 0, True)
    return planner


def keep_odds(view: dict, keep=(), bites: int = 0) -> dict[str, Fraction | None]:
    """Slot → exact chance of ending the turn with dice that meet that slot's card, playing for
    it, if the player keeps the dice ``keep`` (indexes) and rerolls the other free dice now.

    Before the first roll ``keep`` is ignored (the chance over the whole turn). Keeping every
    free die means stopping: 1 or 0. A keep the rules do not allow now (too many dice thrown)
    gives None for every card, as does an empty slot. Later rerolls follow MD-7 (fewer dice each
    time, 4 rolls at most); a bite already made counts for this reroll, and ``bites`` more
    bites may be assumed for later ones (default none: the odds the plain rule gives).
    """
    locked_idx = list(view["locked"])
    faces = view["dice"]
    locked = tuple(sorted(FACE_INDEX[faces[d]] for d in locked_idx))
    free_idx = [d for d in range(4) if d not in locked_idx]
    out: dict[str, Fraction | None] = {}
    throw = throw_of(view, keep)
    m = len(throw)
    for s, slot in enumerate(SLOTS):
        mask = card_mask(view, slot)
        if mask is None:
            out[slot] = None
            continue
        planner = _planner(s, mask, locked)
        if view["rolls"] == 0:
            out[slot] = Fraction(planner.first_roll(bites))
        elif m == 0:
            out[slot] = Fraction(planner.stop[tuple(sorted(FACE_INDEX[faces[d]] for d in free_idx))])
        elif not keep_allowed(view, keep):
            out[slot] = None
        else:
            kept = tuple(sorted(FACE_INDEX[faces[d]] for d in free_idx if d not in throw))
            out[slot] = Fraction(planner.E(kept, m, view["rolls"], bites))
    return out


def best_odds(view: dict, bites: int = 0) -> dict[str, Fraction | None]:
    """Slot → exact chance of making that slot's card from the dice as they lie, playing for it
    with the rolls left (before the first roll: over the whole turn). None for an empty slot."""
    if view["rolls"] == 0:
        return keep_odds(view, (), bites)
    locked_idx = list(view["locked"])
    faces = view["dice"]
    locked = tuple(sorted(FACE_INDEX[faces[d]] for d in locked_idx))
    free = tuple(sorted(FACE_INDEX[faces[d]] for d in range(4) if d not in locked_idx))
    k = view["last_thrown"] + (1 if view["bite_pending"] else 0)    # a bite lets k dice go again
    out: dict[str, Fraction | None] = {}
    for s, slot in enumerate(SLOTS):
        mask = card_mask(view, slot)
        out[slot] = (None if mask is None
                     else Fraction(_planner(s, mask, locked).V(free, k, view["rolls"], bites)))
    return out
