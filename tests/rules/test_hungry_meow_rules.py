"""Hungry Meow rules, one test (or more) per rule id HM-1 … HM-12, from fixed setups."""
from __future__ import annotations

import json
import random

import pytest

from game.rules.base import RuleError, SetupError
from game.rules.hungry_meow import (
    ALL_CARDS,
    DEATH,
    FISH,
    LOAF,
    NUMBERED,
    HungryMeow,
)

L, F = LOAF, FISH


# ---- helpers (also used by the playout and bot tests) -----------------------------------------
def rest_of(*used: list[str]) -> list[str]:
    """The cards of the 72 not in ``used``: numbered cards first, Meals and Death last."""
    rest = list(ALL_CARDS)
    for cards in used:
        for card in cards:
            rest.remove(card)
    return rest


def make_game(hands: list[list[str]], top: list[str] = (), bottom: list[str] = (), *,
              rest_to: int | None = None, first: int = 0, options: dict | None = None,
              seed: int = 0) -> HungryMeow:
    """A game from a fixed setup: ``top`` cards on top of the draw pile, ``bottom`` at its bottom,
    every other card in between (numbered first, then Meals and Death), or in seat ``rest_to``'s
    hand (numbered cards only; Meals and Death still go to the pile)."""
    hands = [list(h) for h in hands]
    rest = rest_of(*hands, top, bottom)
    if rest_to is not None:
        hands[rest_to] += [c for c in rest if c in NUMBERED]
        rest = [c for c in rest if c not in NUMBERED]
    deck = list(top) + rest + list(bottom)
    return HungryMeow.new(len(hands), seed, options, {"first": first, "hands": hands, "deck": deck})


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def find(events, kind):
    return [e for e in events if e.kind == kind]


def play(g: HungryMeow, *actions: str) -> list:
    events = []
    for action in actions:
        events += g.apply(action)
        g.check_invariants()
    return events


class ScriptedRandom(random.Random):
    """A Random whose shuffles are scripted: each call moves the named cards to the front."""

    def __init__(self, fronts: list[list[str]]):
        super().__init__(0)
        self.fronts = list(fronts)

    def shuffle(self, x):  # noqa: D401 - same signature as random.Random.shuffle
        if not self.fronts:
            return super().shuffle(x)
        front = self.fronts.pop(0)
        for card in reversed(front):
            x.remove(card)
            x.insert(0, card)


def assert_illegal(g: HungryMeow, action: str, *words: str) -> RuleError:
    before = json.dumps(g.dump(), sort_keys=True)
    with pytest.raises(RuleError) as err:
        g.apply(action)
    assert repr(action) in str(err.value)
    for word in words:
        assert word in err.value.reason, err.value.reason
    assert json.dumps(g.dump(), sort_keys=True) == before
    return err.value


# Five-player setup that keeps every Meal out of the draw pile (no hand already wins), so a
# Death draw's survival draw can only find numbered cards (or Death again).
MEALS_AWAY = [[L, L], [L, L], [L, F], [F]]


# ---- HM-1 ---------------------------------------------------------------------------------------
def test_HM_1_seventy_two_cards():
    assert len(ALL_CARDS) == 72
    assert len(NUMBERED) == len(set(NUMBERED)) == 64
    for colour in "RYBG":
        for symbol in "PX":
            assert [c for c in NUMBERED if c[0] == colour and c[2] == symbol] == \
                [f"{colour}{n}{symbol}" for n in range(1, 9)]
    assert ALL_CARDS.count(LOAF) == 5 and ALL_CARDS.count(FISH) == 2 and ALL_CARDS.count(DEATH) == 1
    for n in range(2, 7):
        HungryMeow.new(n, n).check_invariants()


def test_HM_1_setup_must_hold_exactly_the_72_cards():
    g = HungryMeow.new(2, 1)
    hands, deck = g.hands, g.deck
    good = {"hands": hands, "deck": deck}
    HungryMeow.new(2, 1, setup=good).check_invariants()
    with pytest.raises(SetupError, match="R1P missing|missing"):
        HungryMeow.new(2, 1, setup={"hands": hands, "deck": deck[1:]})
    dup = deck + [deck[0]]
    with pytest.raises(SetupError, match="times"):
        HungryMeow.new(2, 1, setup={"hands": hands, "deck": dup})
    with pytest.raises(SetupError, match="not a Hungry Meow card"):
        HungryMeow.new(2, 1, setup={"hands": hands, "deck": deck[:-1] + ["R9P"]})
    with pytest.raises(SetupError, match="unknown key 'discard'"):
        HungryMeow.new(2, 1, setup={**good, "discard": []})
    with pytest.raises(SetupError, match="unknown key 'speed'"):
        HungryMeow.new(2, 1, options={"speed": 1})
    with pytest.raises(SetupError, match="optional_draw"):
        HungryMeow.new(2, 1, options={"optional_draw": "yes"})
    with pytest.raises(SetupError, match="2 hands"):
        HungryMeow.new(2, 1, setup={"hands": hands[:1], "deck": deck})
    with pytest.raises(SetupError, match="first"):
        HungryMeow.new(2, 1, setup={**good, "first": 2})
    with pytest.raises(SetupError, match="DEATH"):
        make_game([[DEATH], []])
    with pytest.raises(SetupError, match="winning"):
        make_game([[L, L, L], []])
    with pytest.raises(SetupError, match="players"):
        HungryMeow.new(7, 1)
    with pytest.raises(SetupError, match="players"):
        HungryMeow.new(1, 1)


# ---- HM-2 ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_HM_2_setup_deals_five_numbered_cards_and_shuffles_meals_and_death_in(players):
    for seed in range(5):
        g = HungryMeow.new(players, seed)
        g.check_invariants()
        assert all(len(h) == 5 and all(c in NUMBERED for c in h) for h in g.hands)
        assert len(g.deck) == 72 - 5 * players
        assert g.deck.count(LOAF) == 5 and g.deck.count(FISH) == 2 and DEATH in g.deck
        assert g.discard == [] and g.table == []
        assert g.current_player == 0 and g.phase == "direction"
        assert g.legal_actions() == ["direction cw", "direction ccw"]
    assert HungryMeow.new(players, 3).dump() == HungryMeow.new(players, 3).dump()
    assert HungryMeow.new(players, 3).hands != HungryMeow.new(players, 4).hands


def test_HM_2_host_chooses_direction_first_also_with_two_players():
    g = make_game([["R1P", "R2P"], ["Y1P", "Y2P"]], first=1)
    assert g.current_player == 1
    assert_illegal(g, "draw 1", "direction")
    assert_illegal(g, "direction left", "direction cw")
    events = play(g, "direction ccw")
    assert kinds(events) == ["DirectionChosen", "TurnStarted"]
    assert events[0].data == {"seat": 1, "direction": "ccw"} and events[0].seen_by is None
    assert g.current_player == 1 and g.phase == "draw"
    assert_illegal(g, "direction cw", "draw step")


@pytest.mark.parametrize("direction,order", [("cw", [1, 2, 3, 0]), ("ccw", [3, 2, 1, 0])])
def test_HM_2_direction_holds_for_the_whole_game(direction, order):
    hands = [["R1P", "R2P"], ["Y1P", "Y2P"], ["B1P", "B2P"], ["G1P", "G2P"]]
    g = make_game(hands, top=["R3X", "Y3X", "B3X", "G3X", "R4X"])
    play(g, f"direction {direction}")
    seen = []
    for _ in range(4):
        play(g, "draw 1", "pass")
        seen.append(g.current_player)
    assert seen == order
    assert g.turn == 4


# ---- HM-3 ---------------------------------------------------------------------------------------
def test_HM_3_power_step_then_draw_then_play():
    # Seat 0 leads R3P Y3P R5P (Prophecy: two 3s; Dealer: two reds), seat 1 passes.
    g = make_game([["R3P", "Y3P", "R5P", "G1X"], ["B1X", "B2X", "Y7X"]],
                  top=["G2X", "B3X", "R8X", "Y8X", "G8X", "B8X", "R6X"])
    play(g, "direction cw", "draw 1", "play R3P R5P Y3P", "draw 1")
    events = play(g, "pass")
    assert kinds(events) == ["Passed", "TrickWon", "TurnStarted", "PowerOffered"]
    assert g.phase == "prophecy" and g.current_player == 0
    assert_illegal(g, "draw 1", "Prophecy")
    assert_illegal(g, "dealer skip", "Prophecy")
    assert_illegal(g, "pass", "Prophecy")
    play(g, "prophecy skip")
    assert g.phase == "dealer"
    assert_illegal(g, "draw 1", "Dealer")
    play(g, "dealer skip")
    assert g.phase == "draw" and g.legal_actions() == ["draw 1"]
    play(g, "draw 1")
    assert g.phase == "play"


# ---- HM-4 ---------------------------------------------------------------------------------------
def test_HM_4_single_draw_is_compulsory_with_two_to_six_cards():
    g = make_game([["R1P", "R2P", "R3P"], ["Y1P", "Y2P"]], top=["G5X", "G6X"])
    play(g, "direction cw")
    assert g.legal_actions() == ["draw 1"]
    assert_illegal(g, "draw 0", "optional_draw")
    assert_illegal(g, "draw 5", "1 card or none")
    assert_illegal(g, "draw 2", "draw 1")
    assert_illegal(g, "pass", "draw step")
    events = play(g, "draw 1")
    assert find(events, "CardDrawn")[0].data == {"seat": 0, "card": "G5X", "reason": "draw",
                                                  "draw_pile": len(g.deck)}
    assert "G5X" in g.hands[0] and g.phase == "play"


def test_HM_4_no_draw_with_seven_cards_or_more():
    seven = ["R1P", "R2P", "R3P", "R4P", "R5P", "R6P", "R7P"]
    g = make_game([seven, ["Y1P", "Y2P"]], top=["G5X"])
    events = play(g, "direction cw")
    assert kinds(events) == ["DirectionChosen", "TurnStarted", "NoDraw"]
    assert g.phase == "play" and "draw 1" not in g.legal_actions()
    assert_illegal(g, "draw 1", "play step")
    assert g.deck[0] == "G5X"


@pytest.mark.parametrize("hand", [[], ["R1P"], [LOAF]])
def test_HM_4_one_card_or_none_chooses_draw_1_or_draw_5(hand):
    top = ["G1X", "G2X", "G3X", "G4X", "G5X", "G6X"]
    g = make_game([hand, ["Y1P", "Y2P"]], top=top)
    play(g, "direction cw")
    assert g.legal_actions() == ["draw 1", "draw 5"]
    other = g.clone()
    events = play(g, "draw 5")
    drawn = find(events, "CardDrawn")
    assert [e.data["card"] for e in drawn] == top[:5]
    assert all(e.seen_by is None for e in drawn)
    assert sorted(g.hands[0]) == sorted(hand + top[:5])
    play(other, "draw 1")
    assert sorted(other.hands[0]) == sorted(hand + top[:1])


def test_HM_4_optional_draw_allows_declining_with_draw_0():
    g = make_game([["R1P", "R2P"], ["Y1P"]], top=["G1X", "G2X"], options={"optional_draw": True})
    play(g, "direction cw")
    assert g.legal_actions() == ["draw 0", "draw 1"]
    events = play(g, "draw 0")
    assert kinds(events) == ["DrawDeclined"]
    assert g.hands[0] == ["R1P", "R2P"] and g.deck[0] == "G1X" and g.phase == "play"
    play(g, "pass")
    assert g.legal_actions() == ["draw 0", "draw 1", "draw 5"]


def test_HM_4_every_drawn_card_is_shown_to_everyone():
    g = make_game([["R1P", "R2P"], ["Y1P", "Y2P"], ["B1P", "B2P"]], top=[LOAF, "G7X"])
    events = play(g, "direction cw", "draw 1")
    drawn = find(events, "CardDrawn")[0]
    assert drawn.seen_by is None and drawn.data["card"] == LOAF
    for seat in (1, 2):
        assert g.view(seat)["known"][0] == [LOAF]


def test_HM_4_game_won_midway_through_five_card_draw_stops_the_draw():
    g = make_game([[LOAF], ["Y1P", "Y2P"]], top=["G1X", LOAF, FISH, "G4X", "G5X"])
    events = play(g, "direction cw", "draw 5")
    assert [e.data["card"] for e in find(events, "CardDrawn")] == ["G1X", LOAF, FISH]
    assert g.over and g.winners == [0] and g.end_reason == "meals"
    assert g.deck[:2] == ["G4X", "G5X"]
    assert g.current_player is None and g.legal_actions() == []


# ---- HM-5 ---------------------------------------------------------------------------------------
def test_HM_5_refill_before_draw_and_table_set_stays_out():
    # Seat 1 holds every numbered card not named here: the pile is G1X G2X G3X DEATH (4 cards).
    s0 = ["R1P", "R2P", "R7P"]
    s2 = [LOAF, LOAF]
    s3 = [LOAF, FISH]
    s4 = [LOAF, FISH]
    deck = ["G1X", "G2X", "G3X", DEATH]
    s1 = [LOAF] + [c for c in NUMBERED if c not in s0 + deck]
    g = HungryMeow.new(5, 0, None, {"hands": [s0, s1, s2, s3, s4], "deck": deck})
    g.check_invariants()
    play(g, "direction cw")
    events = play(g, "draw 1")                    # pile 4 < 5, discard empty: no refill
    assert not find(events, "Refilled") and g.hands[0][-1] == "G1X"
    play(g, "play R1P R2P")                       # lead paw 3
    play(g, "play R8P")                           # seat 1 (7+ cards, no draw) beats: R1P R2P → discard
    assert sorted(g.discard) == ["R1P", "R2P"] and g.table == ["R8P"]
    events = play(g, "draw 1")                    # seat 2: pile G2X G3X DEATH: refill first
    refill = find(events, "Refilled")
    assert refill and refill[0].data["count"] == 2 and kinds(events).index("Refilled") < \
        kinds(events).index("CardDrawn")
    assert find(events, "CardDrawn")[0].data["card"] == "G2X"    # the old top stays on top
    assert g.deck[:2] == ["G3X", DEATH] and sorted(g.deck[2:]) == ["R1P", "R2P"]   # discard under
    assert g.table == ["R8P"] and g.discard == []  # the set to beat stays out


# ---- HM-6 ---------------------------------------------------------------------------------------
def test_HM_6_death_returns_the_hand_and_a_numbered_survival_draw_eliminates():
    s0 = ["R1P", "R2P", "R3P"]
    g = make_game([s0, ["Y1P", "Y2P"], ["B1P", "B2P"]], top=[DEATH])
    g.rng = ScriptedRandom([["R2P"]])             # the survival draw finds R2P
    play(g, "direction cw")
    events = play(g, "draw 1")
    assert kinds(events) == ["CardDrawn", "DeathDrawn", "DeathShuffle", "CardDrawn", "Eliminated",
                             "TurnStarted"]
    assert find(events, "DeathDrawn")[0].data == {"seat": 0, "returned": 3}
    assert find(events, "Eliminated")[0].data == {"seat": 0, "card": "R2P"}
    assert g.discard == ["R2P"] and g.hands[0] == [] and g.eliminated[0]
    assert g.current_player == 1 and g.turn == 1 and not g.over
    assert all(e.seen_by is None for e in events)
    assert {"R1P", "R3P", DEATH} <= set(g.deck)   # the rest of the hand went into the pile


def test_HM_6_death_with_no_meal_in_the_pile_always_eliminates():
    g = make_game([["R1P", "R2P", "R3P"]] + MEALS_AWAY, top=[DEATH], seed=11)
    play(g, "direction cw")
    events = play(g, "draw 1")
    elim = find(events, "Eliminated")[0]
    assert elim.data["seat"] == 0 and elim.data["card"] in NUMBERED and g.eliminated[0]
    assert set(kinds(events)[3:-2]) <= {"CardDrawn", "DeathShuffle"}


def test_HM_6_death_survived_with_a_meal_keeps_just_that_meal():
    numbered = [c for c in NUMBERED]
    g = make_game([[LOAF], numbered], top=[DEATH, LOAF, LOAF, LOAF, LOAF, FISH, FISH])
    events = play(g, "direction cw", "draw 1")
    assert find(events, "DeathDrawn")[0].data["returned"] == 1
    survived = find(events, "SurvivedDeath")[0]
    assert g.hands[0] == [survived.data["card"]] and survived.data["card"] in (LOAF, FISH)
    assert g.phase == "play" and g.current_player == 0 and not g.eliminated[0]
    assert g.legal_actions() == ["pass"]
    assert g.view(1)["known"][0] == [survived.data["card"]]


def test_HM_6_death_midway_through_five_card_draw():
    g = make_game([["R1P"]] + MEALS_AWAY, top=["G2X", "B3X", DEATH, "G4X", "G5X"])
    events = play(g, "direction cw", "draw 5")
    draws = [e.data["card"] for e in find(events, "CardDrawn") if e.data["reason"] == "draw"]
    assert draws == ["G2X", "B3X", DEATH]                        # the rest is cancelled
    assert find(events, "DeathDrawn")[0].data["returned"] == 3   # earlier cards go back too
    assert g.eliminated[0] and g.hands[0] == []
    assert {"R1P", "G2X", "B3X", "G4X", "G5X"} - set(g.discard) <= set(g.deck)


def test_HM_6_death_drawn_again_after_the_reshuffle_is_shuffled_back():
    g = make_game([["R1P", "R2P"], ["Y1P", "Y2P"]], top=[DEATH])
    # 1st shuffle (after the Death draw) brings Death to the top again, the 2nd a Loaf.
    g.rng = ScriptedRandom([[DEATH], [LOAF]])
    events = play(g, "direction cw", "draw 1")
    assert kinds(events)[2:] == ["CardDrawn", "DeathDrawn", "DeathShuffle", "CardDrawn", "DeathShuffle",
                                 "CardDrawn", "SurvivedDeath"]
    drawn = [(e.data["card"], e.data["reason"]) for e in find(events, "CardDrawn")]
    assert drawn == [(DEATH, "draw"), (DEATH, "death"), (LOAF, "death")]
    assert g.hands[0] == [LOAF] and DEATH in g.deck and g.phase == "play"
    assert g.check_invariants() is None


def test_HM_6_death_survival_draw_repeats_until_not_death_then_eliminates():
    g = make_game([["R1P", "R2P"]] + MEALS_AWAY, top=[DEATH])
    g.rng = ScriptedRandom([[DEATH], [DEATH], ["R2P"]])
    events = play(g, "direction cw", "draw 1")
    assert [e.data["card"] for e in find(events, "CardDrawn")] == [DEATH, DEATH, DEATH, "R2P"]
    assert len(find(events, "DeathShuffle")) == 3
    assert find(events, "Eliminated")[0].data == {"seat": 0, "card": "R2P"}
    assert g.discard == ["R2P"]


def test_HM_6_death_alone_in_the_pile_does_not_shuffle_forever():
    # Contrived: seat 0 holds nothing, every other card is in other hands, the pile is just Death.
    numbered = list(NUMBERED)
    hands = [[]] + [meals + numbered[16 * i:16 * i + 16] for i, meals in enumerate(MEALS_AWAY)]
    g = HungryMeow.new(5, 0, None, {"hands": hands, "deck": [DEATH]})
    play(g, "direction cw")
    events = play(g, "draw 1")
    assert [e.data["card"] for e in find(events, "CardDrawn")] == [DEATH, DEATH]
    assert g.hands[0] == [] and not g.eliminated[0] and g.phase == "play" and g.deck == [DEATH]


# ---- HM-7 / HM-8 --------------------------------------------------------------------------------
def test_HM_7_a_set_is_one_to_three_numbered_cards_of_one_symbol():
    hand = ["R1P", "R2P", "R3P", "R4P", "Y5X", LOAF]
    g = make_game([hand, ["Y1P", "Y2P"]], top=["G8X"])
    play(g, "direction cw", "draw 1")
    assert_illegal(g, "play R1P R2P R3P R4P", "1 to 3")
    assert_illegal(g, "play R1P Y5X", "one symbol", "R1P is paw", "Y5X is punch")
    assert_illegal(g, "play LOAF", "never played")
    assert_illegal(g, "play B5P", "you do not hold B5P")
    assert_illegal(g, "play R1P R1P", "named twice")
    assert_illegal(g, "play R9P", "not a card")
    assert_illegal(g, "play", "name the cards")
    assert_illegal(g, "play  R1P", "single spaces")
    sets = [a for a in g.legal_actions() if a.startswith("play ")]
    # paw: R1 R2 R3 R4 → 4 + 6 + 4 = 14 sets; punch: Y5X G8X → 2 + 1 = 3 sets
    assert len(sets) == 17 and len(set(sets)) == 17
    play(g, "play R3P R1P R2P")                 # any order is accepted
    assert g.table == ["R1P", "R2P", "R3P"]


def test_HM_8_answer_needs_the_same_symbol_and_a_greater_sum():
    g = make_game([["B2P", "B4P", "G1X"], ["R3P", "R2P", "Y7P", "G5P", "R8X", "Y6P"]], top=["G8X", "G7X"])
    play(g, "direction cw", "draw 1", "play B2P B4P", "draw 1")
    assert_illegal(g, "play R3P R2P", "paw 3 + paw 2 = 5 does not beat paw 2 + paw 4 = 6 on the table")
    assert_illegal(g, "play Y6P", "paw 6 does not beat")
    assert_illegal(g, "play R8X", "punch does not answer paw")
    legal = set(g.legal_actions())
    assert "play Y7P" in legal and "play R2P G5P" in legal and "play R2P R3P G5P" in legal
    assert "play R2P R3P" not in legal and "play R8X" not in legal and "pass" in legal
    events = play(g, "play G5P R2P")
    assert kinds(events)[:2] == ["SetPlayed", "SetBeaten"]
    assert find(events, "SetBeaten")[0].data == {"seat": 0, "cards": ["B2P", "B4P"], "by": 1}
    assert g.discard == ["B2P", "B4P"] and g.table == ["R2P", "G5P"] and g.table_owner == 1


def test_HM_8_lead_any_set_and_pass_is_always_allowed():
    g = make_game([["R1P", "Y8X"], ["Y1P", "Y2P"]], top=["G8P"])
    play(g, "direction cw", "draw 1")
    assert sorted(g.legal_actions()) == sorted(["pass", "play R1P", "play G8P", "play R1P G8P", "play Y8X"])
    play(g, "pass")
    assert g.table == [] and g.current_player == 1


# ---- HM-9 ---------------------------------------------------------------------------------------
def test_HM_9_trick_won_when_every_other_active_player_passed():
    hands = [["R1P", "Y2P", "B4X"], ["G1X", "G2X"], ["B1X", "B2X"]]
    g = make_game(hands, top=["R5X", "R6X", "R7X", "Y5X", "Y6X"])
    play(g, "direction cw", "draw 1", "play R1P Y2P", "draw 1", "pass")
    assert g.table == ["R1P", "Y2P"] and g.view(2)["passed"] == [1]
    play(g, "draw 1")
    events = play(g, "pass")
    assert kinds(events) == ["Passed", "TrickWon", "TurnStarted"]
    assert find(events, "TrickWon")[0].data == {"seat": 0, "cards": ["R1P", "Y2P"]}
    assert g.table == [] and g.discard == ["R1P", "Y2P"] and g.current_player == 0
    assert g.phase == "draw"                     # no power: R1P Y2P share neither number nor colour


def test_HM_9_a_passer_may_play_again_and_a_new_set_restarts_the_passes():
    hands = [["R1P", "Y2P"], ["G5P", "G6P"], ["B7P", "B1X"]]
    g = make_game(hands, top=["R5X", "R6X", "R7X", "Y5X", "Y6X", "Y7X"])
    play(g, "direction cw", "draw 1", "play R1P", "draw 1", "pass", "draw 1", "play B7P")
    assert g.view(0)["passed"] == []
    play(g, "draw 1", "pass", "draw 1")
    play(g, "play G5P G6P")                       # seat 1 passed before, plays now
    play(g, "draw 1", "pass", "draw 1")
    events = play(g, "pass")
    assert find(events, "TrickWon")[0].data["seat"] == 1 and g.current_player == 1


def test_HM_9_eliminated_players_are_skipped_and_never_need_to_pass():
    # Seat 1 dies in its draw step while seat 0's set is on the table; seat 2's pass wins the trick.
    g = make_game([["R1P", "R2P", "Y5X"], ["G1X", "G2X"], ["B1X", "B2X"]],
                  top=["B8X", DEATH, "B7X", "B6X", "B5X", "B4X"])
    g.rng = ScriptedRandom([["B3X"]])
    play(g, "direction cw", "draw 1", "play R1P")
    events = play(g, "draw 1")
    assert g.eliminated[1] and "TrickWon" not in kinds(events) and g.current_player == 2
    events = play(g, "draw 1", "pass")
    assert find(events, "TrickWon")[0].data["seat"] == 0 and g.current_player == 0
    play(g, "draw 1", "pass")
    assert g.current_player == 2                 # seat 1 is skipped
    play(g, "draw 1", "pass")
    assert g.current_player == 0


def test_HM_9_an_elimination_can_complete_the_trick():
    g = make_game([["R1P", "R2P", "Y5X"], ["G1X", "G2X"], ["B1X", "B2X"]],
                  top=["B8X", "B7X", DEATH, "B6X"])
    g.rng = ScriptedRandom([["B3X"]])
    play(g, "direction cw", "draw 1", "play R1P", "draw 1", "pass")
    events = play(g, "draw 1")                    # seat 2 draws Death and is eliminated
    assert kinds(events)[-3:] == ["Eliminated", "TrickWon", "TurnStarted"]
    assert g.current_player == 0 and g.table == [] and sorted(g.discard) == ["B3X", "R1P"]


def test_HM_9_trick_winner_eliminated_in_draw_step_leaves_a_clear_table():
    g = make_game([["R1P", "R2P"], ["G1X", "G2X"], ["B1X", "B2X"]],
                  top=["B8X", "B7X", "B6X", DEATH, "B5X"])
    g.rng = ScriptedRandom([["B3X"]])
    play(g, "direction cw", "draw 1", "play R1P", "draw 1", "pass", "draw 1", "pass")
    assert g.current_player == 0 and g.table == [] and g.phase == "draw"
    play(g, "draw 1")
    assert g.eliminated[0] and g.table == [] and g.current_player == 1
    play(g, "draw 1")
    assert "play G1X" in g.legal_actions() and "play G1X G2X" in g.legal_actions()   # a lead


# ---- HM-10 --------------------------------------------------------------------------------------
def won_trick(set_cards: list[str], top: list[str], *, extra0=(), other=("G1X", "G2X"), players=2,
              options=None, passer_draw="draw 1") -> HungryMeow:
    """Seat 0 leads ``set_cards``; every other seat passes: seat 0 is at its power step."""
    hands = [list(set_cards) + list(extra0)] + [list(other) if s == 1 else [f"Y{s}X", f"B{s}X"]
                                                for s in range(1, players)]
    g = make_game(hands, top=top, options=options)
    play(g, "direction cw", "draw 1", "play " + " ".join(set_cards))
    for _ in range(players - 1):
        if g.phase == "draw":
            play(g, passer_draw)
        play(g, "pass")
    assert g.current_player == 0
    return g


def test_HM_10_prophecy_top_reorders_the_top_five():
    top = ["G8X", "G7X", "R5X", "Y5X", "B5X", "G6X", "Y4X", "B4X"]
    g = won_trick(["R3P", "Y3P"], top)
    assert g.phase == "prophecy" and g.view(0)["powers"] == ["prophecy"]
    seen = g.view(0)["prophecy"]
    assert seen == g.deck[:5] == ["R5X", "Y5X", "B5X", "G6X", "Y4X"]
    assert g.view(1)["prophecy"] is None
    legal = g.legal_actions()
    assert len(legal) == 1 + 2 * 120 and "prophecy skip" in legal
    assert_illegal(g, "prophecy top Y5X B5X G6X Y4X", "exactly the 5 cards")
    assert_illegal(g, "prophecy top Y5X B5X G6X Y4X R1P", "exactly the 5 cards")
    assert_illegal(g, "prophecy top Y5X B5X G6X Y4X Y4X", "exactly the 5 cards")
    assert_illegal(g, "prophecy sideways", "prophecy top")
    assert_illegal(g, "prophecy top B4X Y4X G6X B5X Y5X", "exactly the 5 cards")
    events = play(g, "prophecy top Y4X R5X G6X B5X Y5X")
    assert g.deck[:5] == ["Y4X", "R5X", "G6X", "B5X", "Y5X"]
    used, cards = find(events, "ProphecyUsed")[0], find(events, "ProphecyCards")[0]
    assert used.seen_by is None and "cards" not in used.data
    assert cards.seen_by == frozenset({0}) and cards.data["cards"] == ["Y4X", "R5X", "G6X", "B5X", "Y5X"]
    assert g.view(0)["pile_known"] == [[0, "Y4X"], [1, "R5X"], [2, "G6X"], [3, "B5X"], [4, "Y5X"]]
    assert g.view(1)["pile_known"] == []
    assert g.phase == "draw"                      # R3P Y3P: no colour pair, no Dealer
    play(g, "draw 1")
    assert g.view(0)["pile_known"] == [[0, "R5X"], [1, "G6X"], [2, "B5X"], [3, "Y5X"]]


def test_HM_10_prophecy_bottom_puts_the_last_named_card_at_the_very_bottom():
    top = ["G8X", "G7X", "R5X", "Y5X", "B5X", "G6X", "Y4X", "B4X"]
    g = won_trick(["R3P", "Y3P"], top)
    size = len(g.deck)
    order = ["Y4X", "R5X", "G6X", "B5X", "Y5X"]
    play(g, "prophecy bottom " + " ".join(order))
    assert len(g.deck) == size and g.deck[-5:] == order and g.deck[0] == "B4X"
    assert g.view(0)["pile_known"] == [[size - 5 + i, c] for i, c in enumerate(order)]


def six_seats_no_draws(s0: list[str], deck: list[str]) -> HungryMeow:
    """Six seats; seats 1-5 hold 7+ cards (so they never draw) and every Meal; seat 0 holds s0."""
    numbered = [c for c in NUMBERED if c not in s0 + deck]
    meals = [[], [LOAF, LOAF], [LOAF, LOAF], [LOAF, FISH], [FISH]]
    hands = [list(s0)]
    for seat in range(1, 6):
        hand = meals[seat - 1] + numbered[:7 - len(meals[seat - 1])]
        numbered = numbered[len(hand) - len(meals[seat - 1]):]
        hands.append(hand)
    hands[1] += numbered
    g = HungryMeow.new(6, 3, None, {"hands": hands, "deck": deck})
    g.check_invariants()
    return g


def test_HM_10_prophecy_with_fewer_than_five_cards_refills_only_when_used():
    deck = ["B7X", "B8X", "G8X", DEATH]
    g = six_seats_no_draws(["R3P", "Y3P", "R1X"], deck)
    play(g, "direction cw", "draw 1", "play R3P Y3P")          # seat 0 draws B7X
    for _ in range(5):
        play(g, "pass")
    assert g.current_player == 0 and g.phase == "prophecy"
    assert sorted(g.discard) == ["R3P", "Y3P"] and g.deck == ["B8X", "G8X", DEATH]
    seen = g.view(0)["prophecy"]
    assert len(seen) == 5 and seen[:3] == ["B8X", "G8X", DEATH] and sorted(seen[3:]) == ["R3P", "Y3P"]
    skipped = g.clone()
    events = play(skipped, "prophecy skip")
    assert not find(events, "Refilled") and sorted(skipped.discard) == ["R3P", "Y3P"]
    assert skipped.deck == ["B8X", "G8X", DEATH]
    order = [seen[3], seen[4], "B8X", "G8X", DEATH]
    events = play(g, "prophecy top " + " ".join(order))
    assert kinds(events)[:3] == ["Refilled", "ProphecyUsed", "ProphecyCards"]
    assert g.deck == order and g.discard == []


def test_HM_10_prophecy_sees_fewer_than_five_when_fewer_are_left():
    g = six_seats_no_draws(["R3P", "Y3P", "R1X"], ["B8X", DEATH])
    play(g, "direction cw", "draw 1")             # seat 0 draws B8X: the pile is just Death
    play(g, "play R3P Y3P")
    for _ in range(5):
        play(g, "pass")
    assert g.phase == "prophecy" and g.deck == [DEATH]
    seen = g.view(0)["prophecy"]
    assert seen[0] == DEATH and sorted(seen[1:]) == ["R3P", "Y3P"] and len(seen) == 3
    assert len(g.legal_actions()) == 1 + 2 * 6
    play(g, f"prophecy bottom {DEATH} {seen[1]} {seen[2]}")
    assert g.deck == [DEATH, seen[1], seen[2]]


def test_HM_10_dealer_take_moves_a_random_card_seen_only_by_the_two():
    g = won_trick(["R2P", "R5P"], ["G8X", "G7X", "Y6X"], other=["G1X", "G2X"], players=3)
    assert g.phase == "dealer" and g.view(0)["powers"] == ["dealer"]
    assert_illegal(g, "dealer take 0", "not yourself")
    assert_illegal(g, "dealer take 3", "no seat 3")
    assert_illegal(g, "dealer take x", "not a seat")
    assert_illegal(g, "dealer give 1 R2P", "you do not hold R2P")
    before1 = list(g.hands[1])
    events = play(g, "dealer take 1")
    took, card_event = find(events, "DealerTook")[0], find(events, "DealerCard")[0]
    assert took.seen_by is None and took.data == {"seat": 0, "source": 1}
    assert card_event.seen_by == frozenset({0, 1})
    card = card_event.data["card"]
    assert card in before1 and card in g.hands[0] and len(g.hands[1]) == len(before1) - 1
    assert card in g.view(1)["known"][0] and card not in g.view(2)["known"][0]
    assert g.phase == "draw"


def test_HM_10_dealer_give_and_skip_and_an_empty_hand_cannot_be_taken_from():
    g = won_trick(["R2P", "R5P"], ["G8X", "G7X", "Y6X", "Y5X"], other=[], players=3,
                  options={"optional_draw": True}, passer_draw="draw 0")
    assert g.hands[1] == [] and "dealer take 1" not in g.legal_actions()
    assert_illegal(g, "dealer take 1", "empty hand cannot be taken from")
    assert "dealer take 2" in g.legal_actions()
    skip = g.clone()
    assert kinds(play(skip, "dealer skip")) == ["DealerSkipped"] and skip.phase == "draw"
    card = g.hands[0][0]
    events = play(g, f"dealer give 1 {card}")
    assert find(events, "DealerGave")[0].data == {"seat": 0, "target": 1}
    assert find(events, "DealerCard")[0].seen_by == frozenset({0, 1})
    assert g.hands[1] == [card] and card not in g.hands[0]
    assert g.view(0)["known"][1] == [card] and g.view(2)["known"][1] == []


def test_HM_10_dealer_only_chooses_active_opponents():
    g = make_game([["R2P", "R5P", "Y1X"], ["G1X", "G2X"], ["B1X", "B2X"]], top=["B8X", DEATH, "B7X"])
    g.rng = ScriptedRandom([["B3X"]])
    play(g, "direction cw", "draw 1", "play R2P R5P", "draw 1")   # seat 1 is eliminated
    assert g.eliminated[1]
    play(g, "draw 1", "pass")
    assert g.phase == "dealer" and g.current_player == 0
    assert [a for a in g.legal_actions() if a.split(" ")[2:3] == ["1"]] == []
    assert_illegal(g, "dealer give 1 Y1X", "eliminated")
    assert_illegal(g, "dealer take 1", "eliminated")


def test_HM_10_both_powers_prophecy_first_then_dealer():
    g = won_trick(["R3P", "Y3P", "R5P"], ["G8X", "G7X", "Y6X", "Y5X", "B5X", "B6X", "B7X"])
    assert g.view(0)["powers"] == ["prophecy", "dealer"] and g.phase == "prophecy"
    assert_illegal(g, "dealer take 1", "Prophecy")
    play(g, "prophecy skip")
    assert g.phase == "dealer" and g.view(0)["powers"] == ["dealer"]
    play(g, "dealer take 1")
    assert g.phase == "draw"


def test_HM_10_a_set_without_pairs_gives_no_power_and_only_the_trick_winner_gets_powers():
    g = won_trick(["R3P", "Y4P", "B5P"], ["G8X", "G7X", "Y6X"])
    assert g.phase == "draw" and g.view(0)["powers"] == []


# ---- HM-11 --------------------------------------------------------------------------------------
def test_HM_11_three_meals_win_at_once_by_drawing():
    g = make_game([[LOAF, FISH, "R1P"], ["Y1P", "Y2P"]], top=[LOAF])
    events = play(g, "direction cw", "draw 1")
    assert kinds(events)[-1] == "GameWon" and events[-1].data == {"seat": 0, "reason": "meals"}
    assert g.over and g.winners == [0] and g.end_reason == "meals" and g.current_player is None
    s = g.summary()
    keys = ("game", "over", "winners", "current_player", "turn", "eliminated", "table")
    assert {k: s[k] for k in keys} == {"game": "hungry-meow", "over": True, "winners": [0],
                                       "current_player": None, "turn": 0, "eliminated": [], "table": []}
    assert s["hands"][0] == [LOAF, FISH, "R1P", LOAF] and s["draw_pile"] == len(g.deck)
    json.dumps(s)
    assert_illegal(g, "pass", "over")


def test_HM_11_both_fish_win():
    g = make_game([[FISH, "R1P"], ["Y1P", "Y2P"]], top=[FISH])
    play(g, "direction cw", "draw 1")
    assert g.winners == [0] and g.end_reason == "fish"


def test_HM_11_meal_taken_by_dealer_wins_for_the_taker():
    g = won_trick(["R2P", "R5P"], ["G8X", "G7X", "Y6X"], extra0=[LOAF, LOAF], other=[FISH],
                  options={"optional_draw": True}, passer_draw="draw 0")
    assert g.hands[1] == [FISH]
    events = play(g, "dealer take 1")
    assert g.over and g.winners == [0] and g.end_reason == "meals"
    assert events[-1].kind == "GameWon"


def test_HM_11_meal_given_by_dealer_wins_for_the_receiver():
    g = won_trick(["R2P", "R5P"], ["G8X", "G7X", "Y6X"], extra0=[FISH], other=[FISH, "G1X"])
    play(g, "dealer give 1 FISH")
    assert g.over and g.winners == [1] and g.end_reason == "fish"


def test_HM_11_last_active_player_wins():
    g = make_game([["R1P", "R2P"]] + MEALS_AWAY[:1], top=["G1X", DEATH], seed=1)
    g.rng = ScriptedRandom([["R1X"]])
    play(g, "direction cw", "draw 1", "pass")
    events = play(g, "draw 1")
    assert g.eliminated[1] and g.over and g.winners == [0] and g.end_reason == "last"
    assert events[-1].kind == "GameWon" and g.current_player is None
    assert g.summary()["eliminated"] == [1]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_HM_11_last_survivor_with_more_players(players):
    # Seats 1 … n-1 each draw Death in turn; every survival draw is a numbered card, and the
    # scripted shuffle puts Death on top again for the next seat.
    hands = [["R1P", "R2P"]] + [[f"Y{s}X", f"B{s}X"] for s in range(1, players)]
    g = make_game(hands, top=["G1X", DEATH])
    fronts = [[f"R{s}X", DEATH] for s in range(1, players - 1)] + [[f"R{players - 1}X"]]
    g.rng = ScriptedRandom(fronts)
    play(g, "direction cw", "draw 1", "pass")
    for seat in range(1, players):
        assert g.current_player == seat
        events = play(g, "draw 1")
        assert find(events, "Eliminated")[0].data == {"seat": seat, "card": f"R{seat}X"}
    assert g.over and g.winners == [0] and g.end_reason == "last"
    assert g.summary()["eliminated"] == list(range(1, players))


# ---- HM-12 --------------------------------------------------------------------------------------
def test_HM_12_a_view_holds_only_what_the_seat_knows():
    g = make_game([["R1P", "R2P"], ["Y1P", "Y2P"], ["B1P", "B2P"]], top=[LOAF, "G7X", "G6X"])
    v = g.view(1)
    assert v["hand"] == ["Y1P", "Y2P"] and v["known"][0] == [] and v["known"][2] == []
    assert v["hand_counts"] == [2, 2, 2] and v["draw_pile"] == len(g.deck)
    text = json.dumps(v)
    for card in ("R1P", "R2P", "B1P", "B2P", "G7X"):
        assert card not in text
    play(g, "direction cw", "draw 1")
    assert g.view(1)["known"][0] == [LOAF] and g.view(2)["known"][0] == [LOAF]
    assert "R1P" not in json.dumps(g.view(1))


def test_HM_12_dealer_move_unseen_by_a_third_seat_makes_its_knowledge_uncertain():
    # Seat 1 drew a Loaf in public; seat 0 takes a random card from seat 1: seat 2 no longer
    # knows where the Loaf is, seats 0 and 1 do.
    hands = [["R2P", "R5P", "Y1X"], ["G1X"], ["B1X", "B2X"]]
    g = make_game(hands, top=["B8X", LOAF, "B7X", "B6X", "B5X"])
    play(g, "direction cw", "draw 1", "play R2P R5P", "draw 1", "pass", "draw 1", "pass")
    assert g.phase == "dealer" and g.view(2)["known"][1] == [LOAF]
    events = play(g, "dealer take 1")
    card = find(events, "DealerCard")[0].data["card"]
    assert g.view(2)["known"][1] == [] and g.view(2)["known"][0] == ["B8X"]   # its own public draw
    assert g.view(2)["meal_room"] == [1, 1, 0]    # the Loaf may now be with seat 0 or seat 1
    assert g.view(0)["known"][1] == ([LOAF] if card == "G1X" else [])
    assert sorted(g.view(1)["known"][0]) == sorted(["B8X", card])


def test_HM_12_death_draw_clears_what_others_knew_of_the_hand_and_the_pile():
    g = make_game([[LOAF, "R1P"], ["Y1P", "Y2P"]], top=["G1X", DEATH])
    g.rng = ScriptedRandom([[FISH]])
    play(g, "direction cw", "draw 1", "pass")
    g.pile_known[1] = {0: DEATH}
    play(g, "draw 1")                              # seat 1 draws Death, survives with the Fish
    assert g.view(0)["known"][1] == [FISH] and g.view(1)["pile_known"] == []


# ---- illegal actions change nothing -----------------------------------------------------------
def is_legal(legal: list[str], action: str) -> bool:
    if action.startswith("play ") and "  " not in action:
        wanted = sorted(action.split(" ")[1:])
        return any(sorted(a.split(" ")[1:]) == wanted for a in legal if a.startswith("play "))
    return action in legal


def probe_actions(g: HungryMeow, rng: random.Random) -> list[str]:
    n = g.players
    me = g.current_player
    hand = g.hands[me]
    others = [c for s in range(n) if s != me for c in g.hands[s]] + g.deck[:3] + g.discard[:2]
    probes = ["", " ", "pass ", "pass now", "PASS", "jump", "draw", "draw 2", "draw 5 5", "draw -1",
              "draw 0", "draw 1", "draw 5", "direction", "direction cw", "direction up", "pass",
              "play", "play R9P", "play LOAF", "play DEATH", "play FISH", "prophecy", "prophecy skip",
              "prophecy skip now", "prophecy top", "prophecy middle R1P", "dealer", "dealer skip",
              "dealer skip 1", "dealer take", "dealer swap 1", "dealer take -1", f"dealer take {n}",
              f"dealer take {me}", "dealer take 01", f"dealer give {me} R1P", "dealer give 1",
              "dealer give 1 R9P", "dealer give 0 LOAF", "play R1P  R2P", "play r1p"]
    for s in range(n):
        probes.append(f"dealer take {s}")
        for card in (hand[:2] + others[:2]):
            probes.append(f"dealer give {s} {card}")
    numbered = [c for c in hand if c in NUMBERED]
    for _ in range(12):
        size = rng.randint(1, 4)
        pool = numbered + others
        if pool:
            probes.append("play " + " ".join(rng.sample(pool, min(size, len(pool)))))
    if numbered:
        probes.append("play " + " ".join(numbered[:4]))
    seen = list(g.prophecy_seen)
    if seen:
        rng.shuffle(seen)
        probes += ["prophecy top " + " ".join(seen[:-1]), "prophecy bottom " + " ".join(seen + seen[:1]),
                   "prophecy top " + " ".join(seen[1:] + ["R1P" if "R1P" not in seen else "R2P"])]
    return probes


@pytest.mark.slow
def test_illegal_actions_raise_and_change_nothing_in_many_states():
    rng = random.Random(2024)
    tried = legal_tried = 0
    phases = set()
    for index in range(20):
        g = HungryMeow.new(2 + index % 5, 500 + index, {"optional_draw": index % 3 == 0})
        step = 0
        while not g.over and g.turn < 120:
            if step % 6 == 0:
                phases.add(g.phase)
                before = g.dump()
                legal = g.legal_actions()     # the same for every probe: each leaves the state as it was
                for action in probe_actions(g, rng):
                    if is_legal(legal, action):
                        copy = g.clone()
                        copy.apply(action)
                        copy.check_invariants()
                        legal_tried += 1
                        continue
                    with pytest.raises(RuleError) as err:
                        g.apply(action)
                    assert repr(action) in str(err.value) and err.value.reason
                    assert g.dump() == before, action
                    tried += 1
            g.apply(rng.choice(g.legal_actions()))
            step += 1
        if g.over:
            for action in ("pass", "draw 1", "direction cw"):
                assert_illegal(g, action, "over")
    assert phases >= {"direction", "draw", "play", "prophecy", "dealer"}
    assert tried > 3_000 and legal_tried > 50


def test_every_listed_action_is_accepted():
    rng = random.Random(7)
    for index in range(15):
        g = HungryMeow.new(2 + index % 5, 900 + index, {"optional_draw": index % 2 == 0})
        while not g.over and g.turn < 100:
            legal = g.legal_actions()
            for action in legal if len(legal) <= 20 else rng.sample(legal, 20):
                copy = g.clone()
                copy.apply(action)
                copy.check_invariants()
            g.apply(rng.choice(legal))


def test_non_string_action_is_rejected():
    g = HungryMeow.new(2, 0)
    before = g.dump()
    with pytest.raises(RuleError):
        g.apply(None)  # type: ignore[arg-type]
    assert g.dump() == before
