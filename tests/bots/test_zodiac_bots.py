"""Zodiac Catchers computer players: legal play from the view only, memory, and strength.

Strength runs are seeded single-round games (option ``rounds: 1``: the round's winner has the
most points), seats alternating so no bot keeps the first turn. Margins are generous.
"""
import json
import random

import pytest

from game.bots.base import Budget, make_bot
from game.bots.zodiac import HouseCatBot, KittenBot, SearchBot, TigerBot
from game.rules.zodiac import KIND_INDEX, Zodiac, is_sorted_hand
from game.rules.zodiac_belief import sample_state

SETUP_A = {
    "hands": [["RAT", "RAT", "RAT", "TIGER", "DRAGON", "DRAGON", "HORSE", "MERMAID"],
              ["RAT", "TIGER", "TIGER", "DRAGON", "HORSE", "HORSE", "MONKEY", "MERMAID"]],
    "centre": ["TIGER", "DRAGON", "HORSE", "MONKEY", "MONKEY", None,
               "MONKEY", "ROOSTER", "ROOSTER", "ROOSTER", "MERMAID", "MERMAID"],
    "trump": "ROOSTER",
}


def play_round(names, seed, nodes=500):
    game = Zodiac.new(len(names), seed, {"rounds": 1})
    bots = [make_bot("zodiac", name, seat, seed * 37 + seat, Budget(nodes=nodes))
            for seat, name in enumerate(names)]
    while not game.over:
        seat = game.current_player
        game.apply(bots[seat].choose(game.view(seat), game.legal_actions()))
    return game


def head_to_head(a, b, rounds, seed):
    wins = {a: 0.0, b: 0.0}
    for i in range(rounds):
        names = [a, b] if i % 2 == 0 else [b, a]
        game = play_round(names, seed + i)
        for w in game.winners:
            wins[names[w]] += 1 / len(game.winners)
    return wins


def test_bots_play_legal_actions_and_arrange_their_mermaids_at_random():
    for name in ("kitten", "housecat", "tiger", "search", "heuristic"):
        for players in (2, 5):
            game = Zodiac.new(players, 3, {"target": 6})
            bots = [make_bot("zodiac", name, s, s + 1, Budget(nodes=200)) for s in range(players)]
            arranged = False
            while not game.over and game.turn < 400:
                seat = game.current_player
                legal = game.legal_actions()
                action = bots[seat].choose(game.view(seat), legal)
                assert action in legal
                arranged |= action.startswith("arrange")
                game.apply(action)
                game.check_invariants()
            assert game.over and arranged
    bot = KittenBot(1, 5)
    game = Zodiac.new(3, 2)
    action = bot.arrange_action(game.view(1))
    game.apply(action)
    hand = game.view(1)["hand"]
    assert is_sorted_hand([KIND_INDEX[c] for c in hand]) and bot.arrange_action(game.view(1)) is None


def test_bots_decide_from_the_view_alone():
    """The same view gives the same choice whatever the hidden cards are."""
    game = Zodiac.new(3, 8)
    rng = random.Random(1)
    for _ in range(25):
        game.apply(rng.choice([a for a in game.legal_actions() if a.startswith("point")]))
    seat = game.current_player
    view = game.view(seat)
    for cls in (KittenBot, HouseCatBot, TigerBot, SearchBot):
        first = cls(seat, 99, Budget(nodes=300)).choose(json.loads(json.dumps(view)), game.legal_actions())
        for seed in range(3):
            other = sample_state(view, seat, random.Random(seed))
            again = cls(seat, 99, Budget(nodes=300)).choose(other.view(seat), other.legal_actions())
            assert again == first


def test_a_known_triple_is_captured_and_the_surest_card_comes_first():
    for cls in (HouseCatBot, TigerBot, SearchBot):
        game = Zodiac.new(2, 1, {"target": 99}, json.loads(json.dumps(SETUP_A)))
        game.apply("arrange 0 RAT RAT RAT TIGER DRAGON DRAGON HORSE MERMAID")   # no arranging now
        bot = cls(0, 4, Budget(nodes=400))
        events = []
        for _ in range(3):
            events += game.apply(bot.choose(game.view(0), game.legal_actions()))
        captured = [e.data for e in events if e.kind == "Captured"]
        assert captured and captured[0]["card"] == "RAT" and captured[0]["seat"] == 0


def test_search_goes_for_the_kind_just_revealed_where_it_is_surest():
    game = Zodiac.new(2, 1, {"target": 99}, json.loads(json.dumps(SETUP_A)))
    game.apply("arrange 0 RAT RAT RAT TIGER DRAGON DRAGON HORSE MERMAID")
    game.apply("arrange 1 RAT TIGER TIGER DRAGON HORSE HORSE MONKEY MERMAID")
    game.apply("point centre 1")                                   # seat 0 shows a DRAGON
    bot = SearchBot(0, 1, Budget(nodes=400))
    assert bot.choose(game.view(0), game.legal_actions()) in ("point hand 0 4", "point hand 0 5")


def test_memory_grows_from_kitten_to_tiger():
    game = Zodiac.new(4, 21, {"target": 99})
    rng = random.Random(3)
    while game.view(0)["round"] == 1 and game.turn < 12:
        game.apply(rng.choice([a for a in game.legal_actions() if a.startswith("point")]))
    assert game.view(0)["round"] == 1
    sizes = {}
    for cls in (KittenBot, HouseCatBot, TigerBot):
        total = 0
        for seed in range(30):
            bot = cls(0, seed)
            bot.beliefs(game.view(0))
            total += len(bot.memory)
        sizes[cls.name] = total / 30
    assert sizes["kitten"] < sizes["housecat"] < sizes["tiger"]


def test_search_respects_an_injected_clock():
    ticks = iter(range(10_000))
    budget = Budget(nodes=50, seconds=5.0, clock=lambda: float(next(ticks)))
    game = Zodiac.new(2, 4)
    bot = SearchBot(game.current_player, 1, budget)
    action = bot.choose(game.view(game.current_player), [a for a in game.legal_actions()
                                                          if a.startswith("point")])
    assert action.startswith("point")


def test_housecat_beats_random_over_400_two_player_rounds():
    wins = head_to_head("housecat", "random", 400, seed=10_000)
    assert wins["housecat"] / 400 >= 0.75, wins


@pytest.mark.slow
def test_search_beats_tiger_over_400_two_player_rounds():
    wins = head_to_head("search", "tiger", 400, seed=20_000)
    assert wins["search"] / 400 > 0.5, wins


@pytest.mark.slow
def test_memory_levels_rank_kitten_housecat_tiger_in_four_seat_games():
    order = ["kitten", "housecat", "tiger", "random"]
    share = {name: 0.0 for name in order}
    games = 160
    for i in range(games):
        names = [order[(s - i) % 4] for s in range(4)]
        game = play_round(names, 30_000 + i)
        for w in game.winners:
            share[names[w]] += 1 / len(game.winners)
    assert share["kitten"] < share["housecat"] < share["tiger"], share
