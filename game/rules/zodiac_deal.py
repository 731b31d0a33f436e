"""Zodiac Catchers: dealing a round (ZC-2) from the seed or from a fixed setup (RULES.md §4
``hands``, ``centre``, ``trump``, ``deals``).

A mixin of ``Zodiac``: ``_resolve_deal`` checks a given deal (SetupError with the place that is
wrong) and fills the parts it leaves out from the round's random numbers.
"""
from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.rules.base import SetupError
from game.rules.zodiac_cards import KIND_INDEX, KINDS, SETUPS, dealt_order, deck_counts, is_sorted_hand


class Dealing:
    """The deal of one round as kind indexes (the engine gives the cards their ids)."""

    def _resolve_deal(self, spec: dict, rng: random.Random, where: str = "setup"):
        """(hands, centre, trump) as kind indexes; parts missing from ``spec`` come from ``rng``."""
        n = self.players
        kinds, hand_size, centre_size = SETUPS[n]
        allowed = set(kinds)

        def card(name: Any, at: str) -> int:
            if not isinstance(name, str) or name not in KIND_INDEX:
                raise SetupError(f"{where} {at}: unknown card {name!r}")
            k = KIND_INDEX[name]
            if k not in allowed:
                raise SetupError(f"{where} {at}: {name} is not used with {n} players")
            return k

        given: Counter = Counter()
        hands = spec.get("hands")
        if hands is not None:
            if not isinstance(hands, list) or len(hands) != n:
                raise SetupError(f"{where} hands: need one list per seat ({n})")
            parsed = []
            for s, hand in enumerate(hands):
                if not isinstance(hand, list) or len(hand) != hand_size:
                    raise SetupError(f"{where} hands[{s}]: need {hand_size} cards with {n} players")
                h = [card(c, f"hands[{s}]") for c in hand]
                if not is_sorted_hand(h):
                    raise SetupError(f"{where} hands[{s}]: not sorted by number from the left (ZC-2)")
                given.update(h)
                parsed.append(h)
            hands = parsed
        centre = spec.get("centre")
        if centre is not None:
            if not isinstance(centre, list) or len(centre) != centre_size:
                raise SetupError(f"{where} centre: need {centre_size} positions with {n} players")
            if sum(1 for c in centre if c is None) != 1:
                raise SetupError(f"{where} centre: exactly one position must be null (where the trump was)")
            centre = [None if c is None else card(c, f"centre[{i}]") for i, c in enumerate(centre)]
            given.update(c for c in centre if c is not None)
        trump = spec.get("trump")
        if trump is not None:
            trump = card(trump, "trump")
            given[trump] += 1
        deck = deck_counts(n)
        for k, c in given.items():
            if c > deck[k]:
                raise SetupError(f"{where}: {c} × {KINDS[k]}, but the deck has {deck[k]}")
        pool = sorted((deck - given).elements())
        rng.shuffle(pool)
        if hands is None:
            if len(pool) < n * hand_size:
                raise SetupError(f"{where}: not enough cards left to deal the hands")
            hands = [dealt_order(pool[s * hand_size:(s + 1) * hand_size]) for s in range(n)]
            pool = pool[n * hand_size:]
        if centre is None:
            if len(pool) < centre_size - (trump is not None):
                raise SetupError(f"{where}: not enough cards left for the centre")
            tpos = rng.randrange(centre_size)
            if trump is None:
                trump = pool.pop()
            rest = pool[:centre_size - 1]
            pool = pool[centre_size - 1:]
            centre = rest[:tpos] + [None] + rest[tpos:]
        elif trump is None:
            if not pool:
                raise SetupError(f"{where}: no card left for the trump")
            trump = pool.pop()
        if pool:
            raise SetupError(f"{where}: the cards are not exactly the {sum(deck.values())} cards of "
                             f"{n} players ({len(pool)} left over)")
        return hands, centre, trump
