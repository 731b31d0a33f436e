"""Zodiac Catchers: one test (at least) per rule id ZC-1…ZC-7 with fixed setups (RULES.md §3, §4)."""
import json
import random
from collections import Counter

import pytest

from game.play.replay import ReplayError, play
from game.rules.base import RuleError, SetupError
from game.rules.zodiac import (
    GRID,
    KINDS,
    NUMBER,
    SETUPS,
    Zodiac,
    is_sorted_hand,
    random_arrangement,
)
from game.rules.zodiac_belief import sample_state
from tests.rules.test_zodiac_playouts import kind_at

# ---- fixed deals ------------------------------------------------------------------------------
# 2 players (28 cards: RAT TIGER DRAGON HORSE MONKEY ROOSTER MERMAID), trump ROOSTER (hole at 5).
SETUP_A = {
    "hands": [["RAT", "RAT", "RAT", "TIGER", "DRAGON", "DRAGON", "HORSE", "MERMAID"],
              ["RAT", "TIGER", "TIGER", "DRAGON", "HORSE", "HORSE", "MONKEY", "MERMAID"]],
    "centre": ["TIGER", "DRAGON", "HORSE", "MONKEY", "MONKEY", None,
               "MONKEY", "ROOSTER", "ROOSTER", "ROOSTER", "MERMAID", "MERMAID"],
    "trump": "ROOSTER",
}
# 2 players, MERMAID trump (hole at 4).
SETUP_B = {
    "hands": [["RAT", "RAT", "TIGER", "DRAGON", "HORSE", "MONKEY", "MERMAID", "MERMAID"],
              ["RAT", "TIGER", "TIGER", "DRAGON", "HORSE", "HORSE", "MONKEY", "MERMAID"]],
    "centre": ["RAT", "TIGER", "DRAGON", "DRAGON", None, "HORSE",
               "MONKEY", "MONKEY", "ROOSTER", "ROOSTER", "ROOSTER", "ROOSTER"],
    "trump": "MERMAID",
}
# 2 players, HORSE trump (hole at 3): a trump capture that also makes opposites.
SETUP_C = {
    "hands": [["RAT", "RAT", "RAT", "TIGER", "DRAGON", "DRAGON", "MONKEY", "MERMAID"],
              ["RAT", "TIGER", "TIGER", "DRAGON", "HORSE", "HORSE", "MONKEY", "MERMAID"]],
    "centre": ["TIGER", "DRAGON", "HORSE", None, "MONKEY", "MONKEY",
               "ROOSTER", "ROOSTER", "ROOSTER", "ROOSTER", "MERMAID", "MERMAID"],
    "trump": "HORSE",
}
# 3 players (44 cards), trump DOG (hole at 7).
SETUP_3 = {
    "hands": [["RAT", "RAT", "RAT", "OX", "OX", "RABBIT", "DRAGON", "SNAKE", "HORSE", "MERMAID"],
              ["RAT", "OX", "OX", "RABBIT", "RABBIT", "DRAGON", "GOAT", "GOAT", "ROOSTER", "MERMAID"],
              ["RABBIT", "DRAGON", "DRAGON", "SNAKE", "SNAKE", "HORSE", "HORSE", "DOG", "PIG", "PIG"]],
    "centre": ["SNAKE", "HORSE", "GOAT", "GOAT", "ROOSTER", "ROOSTER", "ROOSTER", None,
               "DOG", "DOG", "PIG", "PIG", "MERMAID", "MERMAID"],
    "trump": "DOG",
}
MISS_A = ["point centre 3", "point centre 7", "point centre 10"]     # MONKEY ROOSTER MERMAID


def new(setup, players=2, options=None, seed=1):
    return Zodiac.new(players, seed, options or {}, json.loads(json.dumps(setup)))


def run(game, actions):
    events = []
    for action in actions:
        events.extend(game.apply(action))
    return events


def kinds_of(events, kind):
    return [e for e in events if e.kind == kind]


# ---- ZC-1 -------------------------------------------------------------------------------------
def test_ZC_1_thirteen_kinds_of_four_cards_numbered_rat_1_to_pig_12():
    assert KINDS[:12] == ("RAT", "OX", "TIGER", "RABBIT", "DRAGON", "SNAKE", "HORSE", "GOAT",
                          "MONKEY", "ROOSTER", "DOG", "PIG")
    assert KINDS[12] == "MERMAID" and len(KINDS) == 13
    assert [NUMBER[i] for i in range(12)] == list(range(1, 13))
    assert 12 not in NUMBER                      # MERMAID has no number
    game = Zodiac.new(4, 3)
    d = game.dump()
    cards = Counter(c for h in d["hands"] for c in h) + Counter(c for c in d["centre"] if c)
    cards[d["trump"]] += 1
    assert cards == Counter({k: 4 for k in KINDS})


# ---- ZC-2 -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, cards, hand, centre", [
    (2, 28, 8, 12), (3, 44, 10, 14), (4, 52, 10, 12), (5, 52, 8, 12), (6, 52, 7, 10)])
def test_ZC_2_setup_by_player_count(players, cards, hand, centre):
    for seed in range(5):
        game = Zodiac.new(players, seed)
        d = game.dump()
        assert [len(h) for h in d["hands"]] == [hand] * players
        assert len(d["centre"]) == centre == GRID[players][0] * GRID[players][1]
        assert d["centre"][d["trump_pos"]] is None and d["centre"].count(None) == 1
        total = Counter(c for h in d["hands"] for c in h) + Counter(c for c in d["centre"] if c)
        total[d["trump"]] += 1
        assert sum(total.values()) == cards
        assert set(total) == {KINDS[k] for k in SETUPS[players][0]}
        assert total[d["trump"]] == 4
        assert sum(c == d["trump"] for h in d["hands"] for c in h) + d["centre"].count(d["trump"]) == 3
        for h in d["hands"]:                     # dealt: sorted, mermaids at the right end
            numbers = [c for c in h if c != "MERMAID"]
            assert h == numbers + ["MERMAID"] * (len(h) - len(numbers))
            assert numbers == sorted(numbers, key=KINDS.index)
        game.check_invariants()


def test_ZC_2_two_player_fixed_deal_with_trump_set_aside():
    game = new(SETUP_A)
    v = game.view(0)
    assert v["hand"] == SETUP_A["hands"][0] and v["hand_sizes"] == [8, 8]
    assert v["grid"] == [3, 4] and v["trump"] == "ROOSTER" and v["trump_pos"] == 5
    assert v["table"]["centre"][5] == "hole" and v["table"]["centre"].count("down") == 11
    assert v["remaining"]["ROOSTER"] == 3 and v["remaining"]["RAT"] == 4
    assert game.current_player == 0
    opening = [e.kind for e in game.opening_events]
    assert opening[:2] == ["RoundStarted", "Dealt"] and "TrumpTurned" in opening
    assert [e.seen_by for e in game.opening_events if e.kind == "HandDealt"] == [frozenset({0}),
                                                                                 frozenset({1})]


def test_ZC_2_three_player_fixed_deal():
    game = new(SETUP_3, players=3)
    v = game.view(2)
    assert v["grid"] == [2, 7] and v["hand_sizes"] == [10, 10, 10]
    assert v["hand"] == SETUP_3["hands"][2] and v["trump"] == "DOG" and v["trump_pos"] == 7
    assert v["kinds"] == ["RAT", "OX", "RABBIT", "DRAGON", "SNAKE", "HORSE", "GOAT", "ROOSTER",
                          "DOG", "PIG", "MERMAID"]
    game.check_invariants()


def test_ZC_2_arrange_moves_only_mermaids_before_the_first_pointing():
    game = new(SETUP_A)
    options = [a for a in game.legal_actions() if a.startswith("arrange")]
    assert len(options) == 8 and all(a.startswith("arrange 0 ") for a in options)
    # seat 1 (not on turn) may arrange too
    events = game.apply("arrange 1 RAT TIGER MERMAID TIGER DRAGON HORSE HORSE MONKEY")
    assert [e.kind for e in events] == ["Arranged", "HandArranged"]
    assert events[0].seen_by is None and events[0].data == {"seat": 1}
    assert events[1].seen_by == frozenset({1})
    assert game.view(1)["hand"][2] == "MERMAID"
    assert game.view(0)["arranged"] == [False, True]
    assert "MERMAID" not in game.view(0)["table"]["hands"][1]         # where is not public
    game.apply("arrange 0 MERMAID RAT RAT RAT TIGER DRAGON DRAGON HORSE")
    assert not [a for a in game.legal_actions() if a.startswith("arrange")]
    events = game.apply("point hand 0 0")
    assert events[0].data["card"] == "MERMAID"
    for bad, reason in [("arrange 1 RAT TIGER TIGER DRAGON HORSE HORSE MONKEY MERMAID", "first pointing")]:
        with pytest.raises(RuleError, match=reason):
            game.apply(bad)


def test_ZC_2_random_arrangement_is_sorted_and_keeps_the_cards():
    rng = random.Random(4)
    hand = ["RAT", "OX", "OX", "PIG", "MERMAID", "MERMAID"]
    seen = set()
    for _ in range(200):
        a = random_arrangement(hand, rng)
        assert Counter(a) == Counter(hand) and is_sorted_hand([KINDS.index(c) for c in a])
        seen.add(tuple(a))
    assert len(seen) == 15                       # C(6, 2) mermaid placements
    game = Zodiac.new(5, 9)
    for seat in range(5):
        action = game.random_arrange_action(seat, rng)
        game.apply(action)
    assert game.view(0)["arranged"] == [True] * 5 and game.random_arrange_action(0, rng) is None
    game.check_invariants()


@pytest.mark.parametrize("setup, message", [
    ({"hands": [["RAT"] * 8, ["RAT"] * 8]}, "16 × RAT"),
    ({"hands": [SETUP_A["hands"][0][:7], SETUP_A["hands"][1]]}, "need 8 cards"),
    ({"hands": [list(reversed(SETUP_A["hands"][0])), SETUP_A["hands"][1]]}, "not sorted"),
    ({**SETUP_A, "centre": SETUP_A["centre"][:5] + ["MONKEY"] + SETUP_A["centre"][6:]}, "exactly one"),
    ({**SETUP_A, "trump": "OX"}, "not used with 2 players"),
    ({**SETUP_A, "trump": "MONKEY"}, "MONKEY"),
    ({"first": 2}, "first"),
    ({"bogus": 1}, "unknown key 'bogus'"),
    ({"deals": [{"hands": [], "extra": 1}]}, "unknown key 'extra'"),
    ({"deals": [{"trump": "PIG"}]}, "deals\\[0\\]"),
])
def test_ZC_2_setups_that_break_the_rules_are_refused(setup, message):
    with pytest.raises(SetupError, match=message):
        Zodiac.new(2, 1, {}, setup)


def test_ZC_2_setup_hands_may_hold_mermaids_anywhere_and_missing_parts_come_from_the_seed():
    hands = [["MERMAID", "RAT", "RAT", "RAT", "TIGER", "DRAGON", "DRAGON", "HORSE"], SETUP_A["hands"][1]]
    game = Zodiac.new(2, 7, {}, {"hands": hands})
    again = Zodiac.new(2, 7, {}, {"hands": hands})
    assert game.dump() == again.dump()
    assert game.view(0)["hand"] == hands[0]
    game.check_invariants()


# ---- ZC-3 -------------------------------------------------------------------------------------
def test_ZC_3_three_different_cards_each_revealed_to_all_then_the_next_seat():
    game = new(SETUP_3, players=3)
    events = game.apply("point hand 2 0")                  # seat 0 points into seat 2's hand
    assert events[0].kind == "CardRevealed" and events[0].seen_by is None
    assert events[0].data == {"by": 0, "step": 1, "where": "hand", "seat": 2, "pos": 0, "card": "RABBIT"}
    assert events[0].to_json()["kind"] == "CardRevealed"
    for seat in range(3):                                   # face up for everyone before the next
        assert game.view(seat)["table"]["hands"][2][0] == "RABBIT"
    assert game.current_player == 0
    with pytest.raises(RuleError, match="already face up"):
        game.apply("point hand 2 0")
    game.apply("point hand 0 3")                            # own hand is allowed
    assert game.current_player == 0 and game.turn == 0
    events = game.apply("point centre 0")
    assert [e.kind for e in events] == ["CardRevealed", "TurnedBack", "TurnStarted"]
    assert game.current_player == 1 and game.turn == 1
    run(game, ["point centre 1", "point centre 2", "point centre 4"])
    assert game.current_player == 2
    run(game, ["point centre 1", "point centre 2", "point centre 4"])
    assert game.current_player == 0 and game.turn == 3
    legal = game.legal_actions()
    assert len(legal) == 30 + 13 and all(a.startswith("point") for a in legal)


# ---- ZC-4 -------------------------------------------------------------------------------------
def test_ZC_4_capture_from_two_hands_closes_them_up_and_turned_back_cards_keep_their_places():
    game = new(SETUP_3, players=3)
    events = run(game, ["point hand 0 5", "point centre 0", "point hand 2 9"])   # RABBIT SNAKE PIG
    back = kinds_of(events, "TurnedBack")[0].data["places"]
    assert back == [{"where": "hand", "seat": 0, "pos": 5}, {"where": "centre", "seat": None, "pos": 0},
                    {"where": "hand", "seat": 2, "pos": 9}]
    assert game.view(1)["table"]["hands"][0][5] == "down"
    events = run(game, ["point hand 0 0", "point hand 0 2", "point hand 1 0"])     # seat 1: RAT × 3
    captured = kinds_of(events, "Captured")[0].data
    assert captured["seat"] == 1 and captured["card"] == "RAT"
    closed = [e.data for e in kinds_of(events, "HandsClosedUp")]
    assert closed == [{"seat": 0, "removed": [0, 2], "size": 8}, {"seat": 1, "removed": [0], "size": 9}]
    d = game.dump()
    assert d["hands"][0] == ["RAT", "OX", "OX", "RABBIT", "DRAGON", "SNAKE", "HORSE", "MERMAID"]
    assert d["hands"][1][0] == "OX" and d["captures"][1] == ["RAT"] and d["points"][1] == 1
    v = game.view(2)
    first = v["reveals"][0]
    assert (first["seat"], first["pos"], first["kind"]) == (0, 5, "RABBIT")
    assert first["now"] == {"where": "hand", "seat": 0, "pos": 3}      # adjusted as the hand closed up
    assert [r["now"] for r in v["reveals"][3:]] == [None, None, None]
    # seat 2 captures GOAT from the centre: holes stay, other centre places do not move
    events = run(game, ["point centre 2", "point centre 3", "point hand 1 5"])
    assert kinds_of(events, "Captured")[0].data["card"] == "GOAT"
    v = game.view(0)
    assert v["table"]["centre"][2:5] == ["hole", "hole", "down"]
    assert game.dump()["centre"][4] == "ROOSTER"
    with pytest.raises(RuleError, match="hole \\(its card was captured\\)"):
        game.apply("point centre 2")
    game.check_invariants()


def test_ZC_4_three_of_a_kind_from_own_hand():
    game = new(SETUP_A)
    events = run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"])
    assert [e.kind for e in events][-4:] == ["Captured", "HandsClosedUp", "PointsScored", "TurnStarted"]
    assert game.view(0)["hand"] == ["TIGER", "DRAGON", "DRAGON", "HORSE", "MERMAID"]
    assert game.view(1)["hand_sizes"] == [5, 8]
    with pytest.raises(RuleError, match="positions 0-4"):
        game.apply("point hand 0 5")


# ---- ZC-5 -------------------------------------------------------------------------------------
def test_ZC_5_mermaid_trump_capture_wins_and_scores_five():
    game = new(SETUP_B, options={"rounds": 1})
    events = run(game, ["point hand 0 6", "point hand 0 7", "point hand 1 7"])
    won = kinds_of(events, "RoundWon")[0].data
    assert won["seat"] == 0 and won["how"] == "trump" and won["conditions"] == ["trump"]
    scored = kinds_of(events, "PointsScored")[0].data
    assert scored["points"] == 5 and scored["parts"] == {"capture": 1, "mermaid": 1, "trump": 1, "win": 2}
    assert game.over and game.winners == [0] and game.end_reason == "rounds"
    assert game.summary()["points"] == [5, 0] and game.summary()["current_player"] is None
    assert game.sim_stats()["counters"]["round trump"] == 1


def test_ZC_5_opposites_rat_and_horse_win():
    game = new(SETUP_A, options={"rounds": 1})
    run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"] + MISS_A)
    assert not game.over
    events = run(game, ["point hand 1 4", "point hand 1 5", "point centre 2"])
    won = kinds_of(events, "RoundWon")[0].data
    assert won["how"] == "opposites" and won["kinds"] == ["RAT", "HORSE"]
    assert game.summary()["points"] == [4, 0] and game.winners == [0]


def test_ZC_5_three_sets_win():
    game = new(SETUP_A, options={"rounds": 1})
    run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"] + MISS_A)          # RAT
    run(game, ["point hand 1 1", "point hand 1 2", "point centre 0"] + MISS_A)          # TIGER
    assert game.summary()["captures"] == [["RAT", "TIGER"], []] and not game.over
    events = run(game, ["point hand 0 1", "point hand 0 2", "point centre 1"])          # DRAGON
    won = kinds_of(events, "RoundWon")[0].data
    assert won["how"] == "three-sets" and won["conditions"] == ["three-sets"]
    assert game.summary()["points"] == [5, 0]


def test_ZC_5_the_win_bonus_counts_once_when_several_conditions_hold():
    game = new(SETUP_C, options={"rounds": 1})
    run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"])
    run(game, ["point centre 0", "point centre 1", "point centre 4"])
    events = run(game, ["point hand 1 4", "point hand 1 5", "point centre 2"])
    won = kinds_of(events, "RoundWon")[0].data
    assert won["conditions"] == ["trump", "opposites"] and won["how"] == "trump"
    assert kinds_of(events, "PointsScored")[0].data["points"] == 4       # 1 + trump 1 + win 2
    assert game.summary()["points"] == [5, 0]


def _three_of(game, kind):
    places = []
    for s, hand in enumerate(game.hands):
        places += [f"point hand {s} {p}" for p, u in enumerate(hand) if KINDS[game.kind_of[u]] == kind]
    places += [f"point centre {p}" for p, u in enumerate(game.centre)
               if u is not None and KINDS[game.kind_of[u]] == kind]
    return places[:3]


def test_ZC_5_a_round_that_runs_down_the_cards_still_ends_with_the_trump():
    """6 players capture every other kind (two each, never opposites) before the trump."""
    game = Zodiac.new(6, 11, {"target": 99})
    trump = game.view(0)["trump"]
    others = [k for k in KINDS if k != trump]
    order = [others[2 * i] for i in range(6)] + [others[2 * i + 1] for i in range(6)]
    for kind in order:
        events = run(game, _three_of(game, kind))
        assert kinds_of(events, "Captured")[0].data["card"] == kind
        assert not kinds_of(events, "RoundWon")
        game.check_invariants()
    assert game.face_down_count() == 15 and game.view(0)["remaining"][trump] == 3
    seat = game.current_player
    events = run(game, _three_of(game, trump))
    won = kinds_of(events, "RoundWon")[0].data
    assert won["seat"] == seat and won["how"] == "trump" and "three-sets" in won["conditions"]
    assert game.view(0)["round"] == 2


def test_ZC_5_fewer_than_three_face_down_cards_ends_the_round_with_no_winner():
    """The Resolved safeguard. A legal deal cannot reach it (the trump's three cards are always
    there), so the state is cut down by hand: only RAT RAT | TIGER | RAT remain, trump gone."""
    game = new(SETUP_A, options={"rounds": 1})
    rat = [u for u in game.hands[0] if KINDS[game.kind_of[u]] == "RAT"]
    tiger = game.hands[1][1]
    centre_rat = game.hands[1][0]
    game.hands = [rat[:2], [tiger]]
    game.centre = [centre_rat] + [None] * 11
    game.holes = {p: "captured" for p in range(1, 12)}
    events = run(game, ["point hand 0 0", "point hand 0 1", "point centre 0"])
    assert [e.kind for e in events][-3:] == ["PointsScored", "RoundNoWinner", "MatchWon"]
    assert game.over and game.winners == [0] and game.sim_stats()["counters"]["round none"] == 1


# ---- ZC-6 -------------------------------------------------------------------------------------
def test_ZC_6_target_reached_mid_round_ends_the_match_at_once():
    game = new(SETUP_A, options={"target": 1})
    events = run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"])
    assert [e.kind for e in events][-2:] == ["PointsScored", "MatchWon"]
    assert game.over and game.winners == [0] and game.end_reason == "target"
    assert game.current_player is None and game.legal_actions() == []
    with pytest.raises(RuleError, match="over"):
        game.apply("point centre 0")


def test_ZC_6_target_counts_the_round_win_bonus_of_the_same_capture():
    game = new(SETUP_A, options={"target": 4})
    run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"] + MISS_A)
    events = run(game, ["point hand 1 4", "point hand 1 5", "point centre 2"])
    assert [e.kind for e in events][-3:] == ["RoundWon", "PointsScored", "MatchWon"]
    assert game.winners == [0] and game.summary()["points"] == [4, 0]


def test_ZC_6_rounds_option_deals_from_setup_deals_and_moves_the_start_player():
    game = new({**SETUP_A, "deals": [SETUP_B]}, options={"rounds": 2})
    run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"] + MISS_A)
    events = run(game, ["point hand 1 4", "point hand 1 5", "point centre 2"])
    started = kinds_of(events, "RoundStarted")[0].data
    assert started["round"] == 2 and started["start_player"] == 1
    assert game.current_player == 1 and game.view(1)["hand"] == SETUP_B["hands"][1]
    assert game.summary()["captures"] == [[], []] and game.summary()["points"] == [4, 0]
    events = run(game, ["point hand 0 6", "point hand 0 7", "point hand 1 7"])    # seat 1: mermaid trump
    assert game.over and game.end_reason == "rounds" and game.winners == [1]
    assert game.summary()["points"] == [4, 5]
    stats = game.sim_stats()
    assert stats["counters"]["rounds"] == 2 and stats["counters"]["round opposites"] == 1
    assert stats["per_seat"]["captures"] == [2, 1]


def test_ZC_6_tied_totals_share_the_win():
    game = new({**SETUP_A, "deals": [SETUP_A]}, options={"rounds": 2})
    run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"] + MISS_A)
    run(game, ["point hand 1 4", "point hand 1 5", "point centre 2"])              # seat 0: 4 points
    run(game, ["point hand 0 0", "point hand 0 1", "point hand 0 2"] + MISS_A)      # seat 1 starts
    run(game, ["point hand 1 4", "point hand 1 5", "point centre 2"])              # seat 1: 4 points
    assert game.over and game.winners == [0, 1] and game.summary()["points"] == [4, 4]


def test_ZC_6_start_player_moves_each_round_and_later_deals_come_from_the_seed():
    def trump_win(game):
        run(game, _three_of(game, game.view(0)["trump"]))

    game = Zodiac.new(3, 5, {"rounds": 4}, {"first": 1})
    game2 = Zodiac.new(3, 5, {"rounds": 4}, {"first": 1})
    starts = []
    for _ in range(4):
        starts.append(game.view(0)["start_player"])
        assert game.current_player == starts[-1]
        assert game.dump()["hands"] == game2.dump()["hands"]
        trump_win(game)
        trump_win(game2)
    assert starts == [1, 2, 0, 1] and game.over


def test_ZC_6_options():
    assert Zodiac.parse_options({}) == {"target": 10, "rounds": None}
    assert Zodiac.parse_options({"rounds": 5}) == {"target": None, "rounds": 5}
    for bad, message in [({"target": 5, "rounds": 2}, "not both"), ({"target": 0}, "at least 1"),
                         ({"rounds": True}, "whole number"), ({"speed": 1}, "unknown key")]:
        with pytest.raises(SetupError, match=message):
            Zodiac.new(2, 1, bad)


# ---- ZC-7 -------------------------------------------------------------------------------------
def test_ZC_7_a_view_holds_own_hand_face_up_cards_and_the_reveal_history_only():
    game = new(SETUP_A)
    game.apply("point hand 0 6")                               # HORSE
    v1 = game.view(1)
    assert v1["hand"] == SETUP_A["hands"][1]
    assert v1["table"]["hands"][0] == ["down"] * 6 + ["HORSE", "down"]
    assert v1["pointed"] == [{"where": "hand", "seat": 0, "pos": 6, "kind": "HORSE"}]
    run(game, ["point centre 0", "point hand 1 7"])
    v1 = game.view(1)
    assert v1["table"]["hands"][0] == ["down"] * 8 and v1["table"]["centre"][0] == "down"
    assert [(r["where"], r["seat"], r["pos"], r["kind"]) for r in v1["reveals"]] == [
        ("hand", 0, 6, "HORSE"), ("centre", None, 0, "TIGER"), ("hand", 1, 7, "MERMAID")]
    text = json.dumps(v1["table"]) + json.dumps(v1["hand_sizes"])
    assert not any(k in text for k in KINDS)
    # another deal of the cards seat 1 has not seen gives exactly the same view
    for seed in range(5):
        other = sample_state(v1, 1, random.Random(seed))
        other.check_invariants()
        assert other.view(1) == v1
    seat0 = {tuple(sample_state(v1, 1, random.Random(seed)).dump()["hands"][0]) for seed in range(8)}
    assert len(seat0) > 1                                    # the unseen cards really vary


# ---- illegal actions change nothing ----------------------------------------------------------------
@pytest.mark.parametrize("action, reason", [
    ("point hand 0 0", "already face up"),
    ("point centre 5", "hole \\(the trump was turned from there\\)"),
    ("point centre 12", "positions 0-11"),
    ("point hand 1 8", "positions 0-7"),
    ("point hand 2 0", "no seat 2"),
    ("point hand x 0", "'x' is not a seat number"),
    ("point centre -1", "whole number"),
    ("point", "write point hand SEAT POS or point centre POS"),
    ("jump centre 1", "expected"),
    ("arrange 0 MERMAID RAT RAT RAT TIGER DRAGON DRAGON HORSE", "first pointing"),
    ("arrange 7 RAT", "no seat 7"),
])
def test_illegal_actions_raise_and_change_nothing(action, reason):
    game = new(SETUP_A)
    game.apply("point hand 0 0")
    before = game.dump()
    with pytest.raises(RuleError, match=reason) as err:
        game.apply(action)
    assert err.value.action == action and action in str(err.value)
    assert game.dump() == before


@pytest.mark.parametrize("action, reason", [
    ("arrange 0 RAT RAT RAT TIGER DRAGON HORSE DRAGON MERMAID", "not sorted"),
    ("arrange 0 RAT RAT RAT TIGER DRAGON DRAGON MERMAID", "whole hand"),
    ("arrange 0 RAT RAT RAT TIGER DRAGON DRAGON HORSE CAT", "'CAT' is not a card"),
    ("arrange x", "'x' is not a seat number"),
])
def test_illegal_arrangements_raise_and_change_nothing(action, reason):
    game = new(SETUP_A)
    before = game.dump()
    with pytest.raises(RuleError, match=reason):
        game.apply(action)
    assert game.dump() == before
    game.apply("arrange 0 RAT MERMAID RAT RAT TIGER DRAGON DRAGON HORSE")
    with pytest.raises(RuleError, match="already arranged"):
        game.apply("arrange 0 RAT RAT RAT TIGER DRAGON DRAGON HORSE MERMAID")


# ---- replay-style setups ------------------------------------------------------------------------
def test_replay_with_setup_and_deals_plays_back_to_the_summary():
    replay = {"game": "zodiac", "players": 2, "seed": 3, "options": {"rounds": 2},
              "setup": {**SETUP_A, "deals": [SETUP_B]},
              "actions": ["arrange 1 MERMAID RAT TIGER TIGER DRAGON HORSE HORSE MONKEY",
                          "point hand 0 0", "point hand 0 1", "point hand 0 2", *MISS_A,
                          "point hand 1 5", "point hand 1 6", "point centre 2",
                          "point hand 0 6", "point hand 0 7", "point hand 1 7"]}
    game = play(json.loads(json.dumps(replay)))
    assert game.summary() == {"game": "zodiac", "over": True, "winners": [1], "current_player": None,
                              "turn": 4, "captures": [[], ["MERMAID"]], "points": [4, 5], "round": 2,
                              "trump": "MERMAID", "end_reason": "rounds"}
    bad = {**replay, "actions": replay["actions"][:3] + ["point hand 0 1"]}
    with pytest.raises(ReplayError, match="action 3 'point hand 0 1': .*already face up"):
        play(bad)
    with pytest.raises(ReplayError, match="bad setup"):
        play({**replay, "setup": {"deals": [{"centre": [None] * 12}]}})


def _exact_marginals(hands, centre, pool, cap_from):
    """Brute force: every placement of the unknown cards, weighted as the deal makes them."""
    import itertools
    import math

    slots = [(s, p) for s, h in enumerate(hands) for p, k in enumerate(h) if k is None]
    slots += [(-1, p) for p, k in enumerate(centre) if k is None]
    weights = {slot: Counter() for slot in slots}
    total = 0.0
    for perm in set(itertools.permutations(pool.elements())):
        filled = [list(h) for h in hands]
        for (s, p), k in zip(slots, perm, strict=True):
            if s >= 0:
                filled[s][p] = k
        if not all(is_sorted_hand(h) for h in filled):
            continue
        w = 1.0
        for s, h in enumerate(filled):
            c = Counter(h) + cap_from[s]
            numbers = {k: v for k, v in c.items() if k != 12}
            w *= math.factorial(sum(numbers.values()))
            w /= math.prod(math.factorial(v) for v in numbers.values())
        for slot, k in zip(slots, perm, strict=True):
            weights[slot][k] += w
        total += w
    return {slot: [weights[slot][k] / total for k in range(13)] for slot in slots}


def test_ZC_7_the_posterior_chain_matches_brute_force_on_small_tables():
    """What a seat can infer: sorted hands (mermaids anywhere), counts left, cards captured from
    a hand. The search bot's chain converges to the exact posterior."""
    from game.rules.zodiac_belief import HiddenChain

    cases = [
        ([[0, 1, 2, 3], [None, None, None, None]], [None, None, None, -1], Counter({0: 2, 2: 1, 4: 2, 12: 2}),
         [Counter(), Counter()]),
        ([[0], [None, None, None], [None, 5, None]], [None, None, -1], Counter({0: 2, 1: 1, 5: 1, 12: 3}),
         [Counter(), Counter({1: 1}), Counter()]),
    ]
    for hands, centre, pool, cap_from in cases:
        exact = _exact_marginals(hands, centre, pool, cap_from)
        chain = HiddenChain(hands, centre, pool, cap_from, random.Random(1))
        chain.run(1000)
        chain.reset_counts()
        chain.run(60_000)
        got = chain.marginals()
        for slot, row in exact.items():
            assert max(abs(a - b) for a, b in zip(row, got[slot], strict=True)) < 0.03, slot



def test_views_kept_reveals_equal_views_built_afresh():
    """The view keeps its reveal rows between calls (``_reveal_rows``); a state, its clones (which
    share the kept rows, then go their own ways) and the next rounds all show what a view built
    from nothing shows, and no two views share a dict."""
    rng = random.Random(3)
    game = Zodiac.new(3, 7, {"rounds": 6})
    branches = []

    def step(state):        # mostly at a card of the kind just revealed, so that rounds end
        legal = state.legal_actions()
        if state.pointed and rng.random() < 0.6:
            want = state.kind_of[state.pointed[0]]
            matches = [a for a in legal if kind_at(state, a) == want]
            legal = matches or legal
        state.apply(rng.choice(legal))

    while not game.over:
        step(game)
        if game.turn % 3 == 0 and len(branches) < 30:
            branches.append(game.clone())
        for state in [game, *branches[-2:]]:
            if not state.over:
                step(state)
            first, second = state.view(0), state.view(1)
            fresh = state.clone()
            fresh._rows_cache = None
            assert fresh.view(0) == first
            assert first["reveals"] == second["reveals"]
            dicts = [d for v in (first, second) for r in v["reveals"] for d in (r, r["now"]) if d]
            assert len({id(d) for d in dicts}) == len(dicts)
    assert game.over and game.rounds_done == 6 and len(branches) == 30
