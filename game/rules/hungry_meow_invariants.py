"""Hungry Meow's state invariants (``HungryMeow.check_invariants``): what must hold after every
action — every card once, Death only in the pile, no winner mid-game, the phase and the power
step consistent with the state. Random playout tests call it after every action."""
from __future__ import annotations

from collections import Counter
from itertools import chain

from game.rules import hungry_meow_knowledge as knowledge
from game.rules.hungry_meow_cards import DEATH, FULL_COUNTS, HAND_LIMIT, NUM, PROPHECY_CARDS, SYM, win_reason


def check(g) -> None:
    """Raise AssertionError when the state ``g`` (a ``HungryMeow``) breaks a rule of the game."""
    where = dict(Counter(chain(*g.hands, g.deck, g.discard, g.table)))     # (counted at C speed)
    assert where == FULL_COUNTS, f"cards not conserved: {where} != {FULL_COUNTS}"
    assert DEATH not in g.discard and DEATH not in g.table, "Death outside the pile"
    for seat, hand in enumerate(g.hands):
        assert DEATH not in hand, f"seat {seat} holds Death"
        if g.eliminated[seat]:
            assert not hand, f"eliminated seat {seat} holds cards"
        reason = win_reason(hand)
        assert reason is None or (g.over and g.winning_seats == [seat]), \
            f"seat {seat} holds a winning hand ({reason}) but the game goes on"
    if g.table:
        assert 1 <= len(g.table) <= 3 and all(c in NUM for c in g.table), g.table
        assert len({SYM[c] for c in g.table}) == 1, f"mixed table {g.table}"
        assert g.table_owner is not None and not g.eliminated[g.table_owner]
    else:
        assert g.table_owner is None, "owner of an empty table"
    assert g.phase in ("direction", "prophecy", "dealer", "draw", "play", "over"), g.phase
    if g.phase == "over":
        assert g.game_over and len(g.winning_seats) == 1 and g.ending in ("meals", "fish", "last")
        assert not g.eliminated[g.winning_seats[0]]
        if g.ending == "last":
            assert len(g.active_seats()) == 1
    else:
        assert not g.game_over and not g.winning_seats and g.ending is None, "winner before the end"
        assert not g.eliminated[g.current], "an eliminated seat is on turn"
        assert len(g.active_seats()) >= 2
        assert (g.direction == 0) == (g.phase == "direction")
    if g.phase == "prophecy":
        assert g.powers and g.powers[0] == "prophecy"
        pool = g.deck + (g.pending_refill or [])
        assert g.prophecy_seen == pool[:PROPHECY_CARDS]
        if g.pending_refill is not None:
            assert sorted(g.pending_refill) == sorted(g.discard)
    if g.phase == "draw":
        assert len(g.hands[g.current]) < HAND_LIMIT
    if g.track:
        knowledge.check(g)
