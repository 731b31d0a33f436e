"""Meow Meow Dice setup from the seed or a fixed ``setup`` (RULES.md §2, §4): where each card starts.

From the seed, in this order of RNG use: the fish bones are shuffled, then the golden deck, then
the regular deck (specials included when on); TL, TR, BL are dealt from the regular deck and BR
takes the golden deck's top. A fixed ``deck``/``golden``/``fishbones`` is used as given, top
first, and the cards of that kind it leaves out (and that no slot holds) stay in the box.
"""
from __future__ import annotations

import random

from game.rules.base import SetupError, check_keys
from game.rules.meow_dice_data import SLOT_INDEX, SLOTS, CardSet

BR = 3


def deal(cs: CardSet, specials: bool, setup: dict, rng: random.Random):
    """(slots, fish-bone pile, golden deck, regular deck, box): card ids, piles top first."""
    # every card starts in the box; setup moves it to its place
    regular_pool = list(cs.regular) + (list(cs.special) if specials else [])
    used: set[int] = set()

    def resolve(notation, pool, what):
        if not isinstance(notation, str):
            raise SetupError(f"{what}: {notation!r} is not a card")
        for cid in pool:
            if cid not in used and cs.cards[cid].notation == notation:
                used.add(cid)
                return cid
        if any(cs.cards[c].notation == notation for c in pool):
            raise SetupError(f"{what}: {notation} is used twice")
        raise SetupError(f"{what}: {notation} is not a card of this deck")

    slots_given = setup.get("slots", {})
    check_keys("setup.slots", slots_given, set(SLOTS))
    slots: list[int | None] = [None] * 4
    slot_fixed = [False] * 4
    for name, notation in slots_given.items():
        s = SLOT_INDEX[name]
        slot_fixed[s] = True
        if notation is not None:
            pool = cs.golden if s == BR else regular_pool
            slots[s] = resolve(notation, pool, f"setup.slots.{name}")

    def pile(key, pool, what):
        given = setup.get(key)
        if given is None:
            rest = [c for c in pool if c not in used]
            rng.shuffle(rest)
            used.update(rest)
            return rest
        if not isinstance(given, list):
            raise SetupError(f"setup.{key} must be a list of cards, top first")
        return [resolve(x, pool, f"setup.{key}[{i}]") for i, x in enumerate(given)]

    fishpile = pile("fishbones", cs.fishbones, "fishbones")
    golden = pile("golden", cs.golden, "golden")
    deck = pile("deck", regular_pool, "deck")
    for s in range(3):
        if not slot_fixed[s] and deck:
            slots[s] = deck.pop(0)
    if not slot_fixed[BR] and golden:
        slots[BR] = golden.pop(0)
    box = sorted(set(range(len(cs.cards))) - used)
    return slots, fishpile, golden, deck, box
