"""The Hungry Meow cards (RULES.md HM-1, notation §4): the one place that knows them.

Cards are strings: numbered ``R5P`` / ``G8X`` (colour R Y B G, number 1-8, symbol P paw /
X punch), ``LOAF`` (×5), ``FISH`` (×2), ``DEATH``. Rules, bots, art and scenes all read cards
through this module, so there is one parser and ONE sort order:

    paw before punch, then number, then colour (R Y B G); then LOAF, FISH, DEATH.

Inside a set (one symbol) that is "by number, then colour", the order of the cards in a
``play`` action string. A hand sorted this way shows its paws and its punches as two runs.
"""
from __future__ import annotations

from typing import NamedTuple

COLOURS = "RYBG"
SYMBOLS = "PX"
COLOUR_NAMES = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}
SYMBOL_NAMES = {"P": "paw", "X": "punch"}
LOAF, FISH, DEATH = "LOAF", "FISH", "DEATH"
MEALS = frozenset((LOAF, FISH))
NUMBERED = tuple(f"{c}{n}{s}" for c in COLOURS for s in SYMBOLS for n in range(1, 9))
ALL_CARDS = NUMBERED + (LOAF,) * 5 + (FISH,) * 2 + (DEATH,)      # the 72 cards
CARD_KINDS = frozenset(ALL_CARDS)
FULL_COUNTS = {card: ALL_CARDS.count(card) for card in CARD_KINDS}
HAND_LIMIT = 7          # 7 or more cards in hand: no draw (HM-4)
PROPHECY_CARDS = 5      # cards a Prophecy looks at (HM-10)
REFILL_BELOW = 5        # the discard pile refills the draw pile below this many cards


class Card(NamedTuple):
    """A numbered card read apart: ``Card("R", 5, "P")`` is ``R5P``."""

    colour: str      # R Y B G
    number: int      # 1-8
    symbol: str      # P (paw) or X (punch)

    def __str__(self) -> str:
        return f"{self.colour}{self.number}{self.symbol}"


# Lookup tables the engine and the bots use in their inner loops.
PARSED = {card: Card(card[0], int(card[1]), card[2]) for card in NUMBERED}
NUM = {card: p.number for card, p in PARSED.items()}
COL = {card: p.colour for card, p in PARSED.items()}
SYM = {card: p.symbol for card, p in PARSED.items()}
ORDER = {card: (SYMBOLS.index(p.symbol), p.number, COLOURS.index(p.colour))
         for card, p in PARSED.items()}
ORDER.update({LOAF: (9, 0, 0), FISH: (9, 1, 0), DEATH: (9, 2, 0)})


def parse(card) -> Card | None:
    """``"R5P"`` -> Card("R", 5, "P"); Meals, Death and anything else -> None."""
    return PARSED.get(card) if isinstance(card, str) else None


def format_card(colour: str, number: int, symbol: str) -> str:
    return f"{colour}{number}{symbol}"


def is_card(word) -> bool:
    return isinstance(word, str) and word in CARD_KINDS


def is_meal(card) -> bool:
    return card in MEALS


def sort_key(card: str) -> tuple:
    """The one order of Hungry Meow cards (see the module notes); unknown words sort last."""
    return ORDER.get(card, (10, 0, 0))


def sort_cards(cards) -> list[str]:
    return sorted(cards, key=sort_key)


def set_sum(cards) -> int:
    return sum(NUM[c] for c in cards if c in NUM)


def symbol_of(cards) -> str | None:
    """The one symbol of a set, or None when empty or mixed."""
    syms = {SYM[c] for c in cards if c in SYM}
    return syms.pop() if len(syms) == 1 else None


def win_reason(hand) -> str | None:
    """HM-2: "fish" (both Fish), "meals" (any 3 Meals) or None."""
    fish = hand.count(FISH)
    if fish >= 2:
        return "fish"
    if fish + hand.count(LOAF) >= 3:
        return "meals"
    return None


def set_powers(cards) -> list[str]:
    """HM-10: the powers a winning set gives, in the order they are used."""
    powers = []
    if len({NUM[c] for c in cards}) < len(cards):
        powers.append("prophecy")
    if len({COL[c] for c in cards}) < len(cards):
        powers.append("dealer")
    return powers


def describe_set(cards) -> str:
    """"paw 3 + paw 2" (English, for RuleError texts and logs)."""
    return " + ".join(f"{SYMBOL_NAMES[SYM[c]]} {NUM[c]}" for c in cards)
