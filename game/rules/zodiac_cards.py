"""Zodiac Catchers cards (RULES.md ZC-1, ZC-2): the one place that knows the kinds.

Kinds are indexes 0-12 in the engine (RAT 1 … PIG 12, then MERMAID, which has no number) and
their English names in action strings, views and events. Rules, bots, art and scenes import
the names, numbers, opposites and hand order from here.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

# ---- ZC-1 cards ----------------------------------------------------------------------------
KINDS = ("RAT", "OX", "TIGER", "RABBIT", "DRAGON", "SNAKE", "HORSE", "GOAT", "MONKEY", "ROOSTER",
         "DOG", "PIG", "MERMAID")
MERMAID = 12
KIND_INDEX = {name: i for i, name in enumerate(KINDS)}
NUMBER = {i: i + 1 for i in range(12)}          # RAT 1 … PIG 12; MERMAID has no number
HANZI = {"RAT": "鼠", "OX": "牛", "TIGER": "虎", "RABBIT": "兔", "DRAGON": "龍", "SNAKE": "蛇",
         "HORSE": "馬", "GOAT": "羊", "MONKEY": "猴", "ROOSTER": "雞", "DOG": "狗", "PIG": "豬",
         "MERMAID": "人魚"}


def opposite(k: int) -> int | None:
    """The kind 6 numbers away (ZC-5); None for MERMAID."""
    if k == MERMAID:
        return None
    return k + 6 if k < 6 else k - 6


def _ids(names: str) -> tuple[int, ...]:
    return tuple(KIND_INDEX[n] for n in names.split())


# ---- ZC-2 setups: kinds used, hand size, centre size; GRID: the centre's rows × columns ------
SETUPS: dict[int, tuple[tuple[int, ...], int, int]] = {
    2: (_ids("RAT TIGER DRAGON HORSE MONKEY ROOSTER MERMAID"), 8, 12),
    3: (_ids("RAT OX RABBIT DRAGON SNAKE HORSE GOAT ROOSTER DOG PIG MERMAID"), 10, 14),
    4: (tuple(range(13)), 10, 12),
    5: (tuple(range(13)), 8, 12),
    6: (tuple(range(13)), 7, 10),
}
GRID: dict[int, tuple[int, int]] = {2: (3, 4), 3: (2, 7), 4: (3, 4), 5: (3, 4), 6: (2, 5)}


def deck_counts(players: int) -> Counter:
    return Counter({k: 4 for k in SETUPS[players][0]})


def is_sorted_hand(kinds: list[int]) -> bool:
    """Ascending by number from the left, MERMAIDs anywhere (ZC-2)."""
    last = -1
    for k in kinds:
        if k == MERMAID:
            continue
        if k < last:
            return False
        last = k
    return True


def dealt_order(kinds: list[int]) -> list[int]:
    """A dealt hand: numbers ascending, MERMAIDs at the right end."""
    return sorted(k for k in kinds if k != MERMAID) + [MERMAID] * sum(1 for k in kinds if k == MERMAID)


def arrangements(kinds: list[int]) -> list[list[int]]:
    """Every distinct legal arrangement of a hand's cards (mermaid positions vary)."""
    numbers = sorted(k for k in kinds if k != MERMAID)
    m = len(kinds) - len(numbers)
    out = []
    for spots in combinations(range(len(kinds)), m):
        it = iter(numbers)
        spot = set(spots)
        out.append([MERMAID if i in spot else next(it) for i in range(len(kinds))])
    return out


def random_arrangement(hand: list[str], rng: random.Random) -> list[str]:
    """A uniformly random legal placement of a hand's MERMAIDs (how computer seats place them)."""
    kinds = [KIND_INDEX[c] for c in hand]
    numbers = sorted(k for k in kinds if k != MERMAID)
    m = len(kinds) - len(numbers)
    spots = set(rng.sample(range(len(kinds)), m))
    it = iter(numbers)
    return [KINDS[MERMAID] if i in spots else KINDS[next(it)] for i in range(len(kinds))]
