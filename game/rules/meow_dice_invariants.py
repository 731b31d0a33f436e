"""Meow Meow Dice invariants: cards and tokens conserved, running scores right, turns in order.

Random playout tests call ``MeowDice.check_invariants`` after every action.
"""
from __future__ import annotations

from game.rules.meow_dice_data import COND_ORDER, TYPES, cond_bit, satisfiable

BR = 3


def check_invariants(self) -> None:
    """AssertionError if ``self`` (a MeowDice) breaks a conservation or consistency rule."""
    cs = self.CARDSET
    n = self.players
    places: list[int] = (list(self.deck) + list(self.golden) + list(self.fishpile) + list(self.box)
                         + list(self.discard) + [c for c in self.slots if c is not None])
    for hand in self.hands:
        places.extend(hand)
    assert sorted(places) == list(range(len(cs.cards))), "a card is missing or in two places"
    for cid in self.deck:
        assert cs.cards[cid].kind in ("regular", "special"), "non-regular card in the deck"
    for cid in self.golden:
        assert cs.cards[cid].kind == "golden", "non-golden card in the golden deck"
    for cid in self.fishpile:
        assert cs.cards[cid].kind == "fishbone", "non-fish-bone in the fish-bone pile"
    for s in range(3):
        assert self.slots[s] is None or cs.cards[self.slots[s]].kind in ("regular", "special")
    assert self.slots[BR] is None or cs.cards[self.slots[BR]].kind == "golden"
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
        assert any(cid in hand for hand in self.hands) and cs.cards[cid].type == "food"
    for seat in range(n):
        hand = [cs.cards[c] for c in self.hands[seat]]
        assert self.r_points[seat] == sum(c.points for c in hand), "running points"
        assert self.r_own[seat] == sum(1 for c in hand if c.cat == self.cats[seat]), "own cat"
        assert self.r_types[seat] == [sum(1 for c in hand if c.type == t) for t in TYPES], "types"
        assert self.score(seat) == self.score_parts(seat)["total"], "running score"
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
