"""Hungry Meow: the deal (HM-1) and the checks of a fixed ``setup`` (RULES.md §4).

With only ``hands`` in the setup the draw pile is the remaining cards shuffled from the seed;
with only ``deck``, the remaining cards (which must be 5 numbered cards per seat) are dealt. A
setup hand may not hold DEATH or already hold a winning set of Meals (SetupError).
"""
from __future__ import annotations

import random
from typing import Any

from game.rules.base import SetupError, check_keys
from game.rules.hungry_meow_cards import (
    ALL_CARDS,
    CARD_KINDS,
    DEATH,
    FISH,
    LOAF,
    NUM,
    NUMBERED,
    sort_key,
    win_reason,
)


def deal(rng: random.Random, n: int, setup: dict) -> tuple[int, list[list[str]], list[str]]:
    """(first seat, hands, draw pile top first) from ``setup`` and the game's RNG."""
    check_keys("hungry-meow setup", setup, {"first", "hands", "deck"})
    first = setup.get("first", 0)
    if not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < n:
        raise SetupError(f"setup.first must be a seat 0-{n - 1}, got {first!r}")
    hands = setup.get("hands")
    deck = setup.get("deck")
    for key in ("hands", "deck"):
        if key in setup and setup[key] is None:
            raise SetupError(f"setup.{key} must be a list, got null (leave the key out instead)")
    if hands is not None:
        if not isinstance(hands, list) or len(hands) != n:
            raise SetupError(f"setup.hands must be a list of {n} hands (one per seat)")
        for seat, hand in enumerate(hands):
            _check_card_list(f"setup.hands[{seat}]", hand)
            if DEATH in hand:
                raise SetupError(f"setup.hands[{seat}] holds DEATH; Death is never in a hand")
            reason = win_reason(hand)
            if reason:
                raise SetupError(f"setup.hands[{seat}] already holds a winning hand ({reason})")
    if deck is not None:
        _check_card_list("setup.deck", deck)
    if hands is not None and deck is not None:
        _check_exact([c for h in hands for c in h] + list(deck), "setup.hands + setup.deck")
        return first, [list(h) for h in hands], list(deck)
    if hands is not None:
        rest = _rest_of([c for h in hands for c in h], "setup.hands")
        rng.shuffle(rest)
        return first, [list(h) for h in hands], rest
    if deck is not None:
        rest = _rest_of(list(deck), "setup.deck")
        if len(rest) != 5 * n or any(c not in NUM for c in rest):
            raise SetupError(f"setup.deck without setup.hands must leave exactly {5 * n} numbered "
                             f"cards to deal; it leaves {len(rest)} cards")
        rng.shuffle(rest)
        return first, [rest[5 * i:5 * i + 5] for i in range(n)], list(deck)
    numbered = list(NUMBERED)
    rng.shuffle(numbered)
    hands = [numbered[5 * i:5 * i + 5] for i in range(n)]
    deck = numbered[5 * n:] + [LOAF] * 5 + [FISH] * 2 + [DEATH]
    rng.shuffle(deck)
    return first, hands, deck


def _check_card_list(where: str, cards: Any) -> None:
    if not isinstance(cards, list):
        raise SetupError(f"{where} must be a list of cards")
    for card in cards:
        if card not in CARD_KINDS:
            raise SetupError(f"{where}: {card!r} is not a Hungry Meow card")


def _check_exact(cards: list[str], where: str) -> None:
    need: dict[str, int] = {}
    for card in ALL_CARDS:
        need[card] = need.get(card, 0) + 1
    have: dict[str, int] = {}
    for card in cards:
        have[card] = have.get(card, 0) + 1
    problems = []
    for card in sorted(need, key=sort_key):
        h, w = have.get(card, 0), need[card]
        if h < w:
            problems.append(f"{card} missing" if w == 1 else f"{w - h} {card} missing")
        elif h > w:
            problems.append(f"{card} {h} times (expected {w})")
    if problems:
        shown = ", ".join(problems[:6]) + (", …" if len(problems) > 6 else "")
        raise SetupError(f"{where} must be exactly the 72 cards ({len(cards)} given): {shown}")


def _rest_of(cards: list[str], where: str) -> list[str]:
    rest = list(ALL_CARDS)
    for card in cards:
        if card not in rest:
            raise SetupError(f"{where}: {card} appears more often than the 72 cards hold")
        rest.remove(card)
    return rest
