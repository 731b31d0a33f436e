"""``Bot.rank``: the top candidates with values behind the hint feature (issue 13).

Its first entry is what ``choose`` plays (same seed, same view), every entry is legal, and it
reads nothing but the view: two full states that share a seat's view rank alike.
"""
from __future__ import annotations

import random

import pytest

from game.bots.base import Budget, Ranked, make_bot
from game.rules.hungry_meow import HungryMeow
from game.rules.hungry_meow_belief import sample_state
from game.rules.meow_dice import MeowDice
from game.rules.zodiac import Zodiac

CASES = [
    ("hungry-meow", lambda i: HungryMeow.new(2 + i % 3, 40 + i), "search", 60),
    ("meow-dice", lambda i: MeowDice.new(2 + i % 2, 40 + i, {"one_bite": True} if i % 2 else {}),
     "search", 400),
    ("zodiac", lambda i: Zodiac.new(2 + i % 3, 40 + i, {"rounds": 1}), "search", 300),
    ("zodiac", lambda i: Zodiac.new(3, 40 + i, {"rounds": 1}), "housecat", 0),
    ("hungry-meow", lambda i: HungryMeow.new(3, 40 + i), "heuristic", 0),
]


def positions(make, count: int):
    rng = random.Random(5)
    for i in range(count):
        g = make(i)
        for _ in range(rng.randrange(1, 40)):
            if g.over:
                break
            for s in range(g.players):
                for a in g.computer_setup_actions(s, rng):
                    g.apply(a)
            g.apply(rng.choice(g.legal_actions()))
        if not g.over:
            yield g


@pytest.mark.parametrize("game,make,bot,nodes", CASES, ids=[f"{c[0]}-{c[2]}" for c in CASES])
def test_rank_puts_the_bots_own_choice_first(game, make, bot, nodes):
    checked = 0
    for i, g in enumerate(positions(make, 10)):
        seat = g.current_player
        view, legal = g.view(seat), g.legal_actions()
        budget = Budget(nodes=nodes) if nodes else None
        chosen = make_bot(game, bot, seat, 100 + i, budget).choose(view, legal)
        ranked = make_bot(game, bot, seat, 100 + i, budget).rank(view, legal)
        assert ranked and all(isinstance(r, Ranked) for r in ranked)
        assert ranked[0].action == chosen
        assert all(r.action in legal and isinstance(r.value, float) and r.why["unit"] for r in ranked)
        assert len({r.action for r in ranked}) == len(ranked)
        checked += 1
    assert checked >= 5


def test_rank_values_order_the_rest():
    g = MeowDice.new(2, 3, setup={"dice": "CCFY" * 10})
    g.apply("roll")
    ranked = make_bot("meow-dice", "search", 0, 1).rank(g.view(0), g.legal_actions())
    assert ranked[0].why["unit"] == "points" and len(ranked) > 3
    rest = [r.value for r in ranked[1:]]
    assert rest == sorted(rest, reverse=True)
    # the choice is the best of them (expectimax picks its maximum)
    assert ranked[0].value >= max(rest) - 1e-9


def test_the_hint_reads_only_the_players_view():
    """Two full states that share seat 0's view (one re-dealt from that view) rank alike."""
    g = HungryMeow.new(3, 8)
    rng = random.Random(2)
    for _ in range(12):
        g.apply(rng.choice(g.legal_actions()))
    seat = g.current_player
    view = g.view(seat)
    other = sample_state(view, seat, random.Random(9))
    assert other.view(seat) == view
    a = make_bot("hungry-meow", "search", seat, 4, Budget(nodes=60)).rank(view, g.legal_actions())
    b = make_bot("hungry-meow", "search", seat, 4, Budget(nodes=60)).rank(other.view(seat),
                                                                         other.legal_actions())
    assert a == b
