"""Seeded random playouts of Meow Meow Dice over every option set and 2-4 seats.

After every action: every card in exactly one place, the running scores equal a from-scratch
recount, turn counts in order (``check_invariants``); the game ends after exactly
turns-per-player x players turns; views hide the deck order; a replay of the same actions
gives the same state.
"""
import random

import pytest

from game.rules.meow_dice import MeowDice, turns_per_player

OPTION_SETS = [
    {},
    {"one_bite": True},
    {"advanced": True},
    {"advanced": True, "one_bite": True},
    {"advanced": True, "specials": True},
    {"advanced": True, "specials": True, "one_bite": True},
]
GAMES = 2016          # 6 option sets x 3 seat counts x 112


def _play(index: int):
    options = OPTION_SETS[index % len(OPTION_SETS)]
    players = 2 + (index // len(OPTION_SETS)) % 3
    game = MeowDice.new(players, 1000 + index, options)
    rng = random.Random(index)
    expected_turns = turns_per_player(players, options.get("specials", False)) * players
    actions = []
    game.check_invariants()
    while not game.over:
        assert game.turn < expected_turns
        legal = game.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = rng.choice(legal)
        turn_before = game.turn
        events = game.apply(action)
        actions.append(action)
        game.check_invariants()
        ended = [e for e in events if e.kind == "TurnEnded"]
        assert game.turn == turn_before + len(ended) and len(ended) <= 1
        assert bool(ended) == (action == "fishbone" or action.startswith("take "))
    assert game.turn == expected_turns
    assert game.current_player is None and game.legal_actions() == [] and len(game.winners) == 1
    return game, options, players, actions


CHUNKS = 3           # each chunk of 672 games still holds every option set and seat count


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_playouts_keep_every_invariant_and_end_on_time(chunk):
    endings = {}
    counters = {}
    share = GAMES // CHUNKS
    for index in range(chunk * share, (chunk + 1) * share):
        game, options, players, actions = _play(index)
        endings[game.end_reason] = endings.get(game.end_reason, 0) + 1
        for key, value in game.sim_stats()["counters"].items():
            counters[key] = counters.get(key, 0) + value
        summary = game.summary()
        assert set(summary) >= {"game", "over", "winners", "current_player", "turn", "scores", "cards",
                                "enthusiasm"}
        assert summary["scores"] == [game.score_parts(s)["total"] for s in range(players)]
        if not options.get("advanced"):
            assert summary["enthusiasm"] == [None] * players
        if index % 200 == 0:
            # same seed, same actions: same state
            again = MeowDice.new(players, 1000 + index, options)
            for action in actions:
                again.apply(action)
            assert again.dump() == game.dump()
    assert set(endings) <= {"score", "tiebreak-food", "tiebreak-dice"} and endings["score"] > share / 2
    assert all(counters[f"slot {s}"] > 0 for s in ("TL", "TR", "BL", "BR")) and counters["fishbone"] > 0


def test_views_hide_exactly_the_hidden_things():
    for index in range(24):
        options = OPTION_SETS[index % len(OPTION_SETS)]
        game = MeowDice.new(2 + index % 3, index, options)
        rng = random.Random(index)
        while not game.over:
            view = game.view(game.current_player)
            dump = game.dump()
            for secret in ("deck", "golden", "fishbones", "box", "rng", "dice_script"):
                assert secret not in view
            assert view["deck_count"] == len(dump["deck"])
            assert view["golden_top"] == (dump["golden"][0] if dump["golden"] else None)
            if options.get("advanced"):
                assert view["fishbone_top"] is None
            else:
                assert view["fishbone_top"] == (dump["fishbones"][0] if dump["fishbones"] else None)
            assert view["hands"] == dump["hands"] and view["slots"] == dump["slots"]
            game.apply(rng.choice(game.legal_actions()))


def test_clone_is_independent_and_equal():
    game = MeowDice.new(3, 5, {"advanced": True, "one_bite": True})
    rng = random.Random(2)
    for _ in range(15):
        game.apply(rng.choice(game.legal_actions()))
    copy = game.clone()
    assert copy.dump() == game.dump()
    action = rng.choice(copy.legal_actions())
    copy.apply(action)
    assert copy.dump() != game.dump()
    game.apply(action)
    assert copy.dump() == game.dump()        # the RNG was copied too


def test_sample_state_is_consistent_with_the_view():
    from game.rules.meow_dice_belief import sample_state
    for index in range(12):
        options = OPTION_SETS[index % len(OPTION_SETS)]
        game = MeowDice.new(2 + index % 3, 300 + index, options)
        rng = random.Random(index)
        while not game.over:
            seat = game.current_player
            view = game.view(seat)
            world = sample_state(view, seat, random.Random(rng.random()))
            world.check_invariants()
            assert world.view(seat) == view
            assert world.legal_actions() == game.legal_actions()
            game.apply(rng.choice(game.legal_actions()))
