"""Meow Meow Dice invariants: cards and tokens conserved, running scores right, turns in order.

Random playout tests call ``MeowDice.check_invariants`` after every action.
"""
from __future__ import annotations

from game.rules.meow_dice_data import COND_ORDER, TYPES, cond_bit, satisfiable, score_parts

BR = 3
TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}


def _kinds(cs) -> tuple:
    """Card ids of each place's allowed kinds, for one card set (made once: every action of a
    playout is checked)."""
    kinds = _KINDS.get(id(cs))
    if kinds is None or kinds[0] is not cs:
        of = lambda *wanted: frozenset(c.id for c in cs.cards if c.kind in wanted)  # noqa: E731
        kinds = _KINDS[id(cs)] = (cs, of("regular", "special"), of("golden"), of("fishbone"),
                                  frozenset(c.id for c in cs.cards if c.type == "food"),
                                  list(range(len(cs.cards))))
    return kinds


_KINDS: dict[int, tuple] = {}


def check_invariants(self) -> None:
    """AssertionError if ``self`` (a MeowDice) breaks a conservation or consistency rule."""
    cs = self.CARDSET
    n = self.players
    _, regular, golden, fishbone, food, every = _kinds(cs)
    places: list[int] = (self.deck + self.golden + self.fishpile + self.box
                         + self.discard + [c for c in self.slots if c is not None])
    for hand in self.hands:
        places.extend(hand)
    assert sorted(places) == every, "a card is missing or in two places"
    assert regular.issuperset(self.deck), "non-regular card in the deck"
    assert golden.issuperset(self.golden), "non-golden card in the golden deck"
    assert fishbone.issuperset(self.fishpile), "non-fish-bone in the fish-bone pile"
    for s in range(3):
        assert self.slots[s] is None or self.slots[s] in regular
    assert self.slots[BR] is None or self.slots[BR] in golden
    if not self.specials:
        assert all(c in self.box for c in cs.special), "special card in play without the option"
    tokens = list(self.supply) + [t for ts in self.slot_tokens for t in ts]
    tokens += [t for ts in self.won_tokens for t in ts]
    assert sorted(tokens, key=COND_ORDER.__getitem__) == list(cs.tokens), "condition tokens lost"
    assert not self.slot_tokens[0], "a token on the TL card"
    for s in range(4):
        if self.slot_tokens[s]:
            assert self.advanced and self.slots[s] is not None, "token without card"
            mask = cs.cards[self.slots[s]].mask
            for t in self.slot_tokens[s]:
                mask |= cond_bit(t)
            assert satisfiable(s, mask), "contradictory conditions on a card"
    if not self.advanced:
        assert not self.won_tokens or all(not t for t in self.won_tokens)
    for cid in self.bitten:
        assert any(cid in hand for hand in self.hands) and cid in food
    cards, type_index = cs.cards, TYPE_INDEX
    for seat in range(n):
        hand = [cards[c] for c in self.hands[seat]]
        points = own = 0
        types = [0] * len(TYPES)
        cat = self.cats[seat]
        for c in hand:                      # one pass: the recount of every running part
            points += c.points
            own += c.cat == cat
            if c.type in type_index:
                types[type_index[c.type]] += 1
        assert self.r_points[seat] == points, "running points"
        assert self.r_own[seat] == own, "own cat"
        assert self.r_types[seat] == types, "types"
        assert self.score(seat) == score_parts(hand, cat, len(self.won_tokens[seat]),
                                               self.enth[seat] if self.enth else None)["total"], \
            "running score"
        if self.enth is not None:
            assert 0 <= self.enth[seat] <= 3, "enthusiasm out of range"
    # turns: seats take turns in order from the first seat
    assert sum(self.turns_by_seat) == self.turns
    for seat in range(n):
        expect = (self.turns - (seat - self.first) % n + n - 1) // n
        assert self.turns_by_seat[seat] == expect, "turn counts out of order"
        assert self.turns_by_seat[seat] <= self.turns_each
    assert self.game_over == (self.turns == self.total_turns), "game end at the wrong turn"
    if not self.game_over:
        assert self.current == (self.first + self.turns) % n, "wrong seat on turn"
        assert 0 <= self.rolls <= 4
        if self.rolls == 0:
            assert all((self.dice[d] is None) != self.locked[d] for d in range(4))
        else:
            assert all(f is not None for f in self.dice)
            assert 0 <= self.last_thrown <= 4
    else:
        assert self.winning_seats and len(self.winning_seats) == 1 and self.ending
