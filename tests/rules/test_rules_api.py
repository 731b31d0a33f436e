"""The rules API every engine shares: ``why_not`` agrees with ``legal_actions`` and with
``apply``; ``view(None)`` is the onlooker's view; ``apply_trusted`` plays the same game.

Positions come from short random playouts; candidate actions are the legal ones plus many
near misses built from the position (cards not held, sets that do not beat, wrong phases…).
"""
from __future__ import annotations

import itertools
import random

import pytest

from game.rules.base import Refusal, RuleError
from game.rules.hungry_meow import HungryMeow
from game.rules.hungry_meow_cards import CARD_KINDS, sort_key
from game.rules.meow_dice import MeowDice
from game.rules.meow_dice_data import FACES, SLOTS
from game.rules.zodiac import KINDS, Zodiac


# ---- candidate actions per game -------------------------------------------------------------
def hm_candidates(g: HungryMeow, rng: random.Random) -> list[str]:
    n = g.players
    hand = g.hands[g.current]
    out = ["pass", "draw 0", "draw 1", "draw 5", "draw 2", "direction cw", "direction ccw",
           "prophecy skip", "dealer skip", "play", "play  R1P", "dance", "pass R1P"]
    words = sorted(set(hand), key=sort_key) + rng.sample(sorted(CARD_KINDS), 4)
    for size in (1, 2, 3, 4):
        for combo in itertools.combinations(words, size):
            if rng.random() < 0.3 or size == 1:
                out.append("play " + " ".join(combo))
    for s in range(n + 1):
        out += [f"dealer take {s}"] + [f"dealer give {s} {c}" for c in words[:5]]
    seen = list(g.prophecy_seen)
    for _ in range(3):
        rng.shuffle(seen)
        out += [f"prophecy top {' '.join(seen)}", f"prophecy bottom {' '.join(seen)}",
                f"prophecy top {' '.join(seen[:-1])}"]
    return out


def md_candidates(g: MeowDice, rng: random.Random) -> list[str]:
    out = ["roll", "roll 1", "fishbone", "fishbone 2", "reroll", "reroll 4", "reroll 0 0", "take XX"]
    out += [f"take {s}" for s in SLOTS]
    out += ["reroll " + " ".join(map(str, c))
            for k in (1, 2, 3, 4) for c in itertools.combinations(range(4), k)]
    for k in (1, 2):
        for perm in itertools.permutations(SLOTS, k):
            out += ["token " + " ".join(perm), "change " + " ".join(perm)]
    out += [f"lock {d} {f}" for d in range(4) for f in FACES[:3]]
    out += [f"condition {s} {p}{f}" for s in SLOTS for p in "!X" for f in FACES[:3]]
    notations = {g.card(c).notation for hand in g.hands for c in hand}
    out += [f"bite {x}" for x in sorted(notations)]
    return out


def zc_candidates(g: Zodiac, rng: random.Random) -> list[str]:
    out = ["point", "point hand", "point centre 99", "point hand 9 0", "arrange", "shout"]
    for s, hand in enumerate(g.hands):
        out += [f"point hand {s} {p}" for p in range(len(hand) + 1)]
        names = [KINDS[g.kind_of[u]] for u in hand]
        out.append(f"arrange {s} " + " ".join(names))
        out.append(f"arrange {s} " + " ".join(reversed(names)))
        out += g.arrange_options(s)[:4]
    out += [f"point centre {p}" for p in range(len(g.centre) + 1)]
    return out


def zc_allowed(g: Zodiac) -> set[str]:
    """Zodiac's ``arrange`` is an out-of-turn action (ZC-2): any seat may arrange before the
    round's first pointing, so the allowed set is the current player's legal actions plus every
    seat's arrangements."""
    out = set(g.legal_actions())
    for s in range(g.players):
        out.update(g.arrange_options(s))
    return out


GAMES = [
    ("hungry-meow", lambda p, seed: HungryMeow.new(p, seed), hm_candidates, lambda g: set(g.legal_actions())),
    ("hungry-meow-optional", lambda p, seed: HungryMeow.new(p, seed, {"optional_draw": True}),
     hm_candidates, lambda g: set(g.legal_actions())),
    ("meow-dice", lambda p, seed: MeowDice.new(min(p, 4), seed), md_candidates,
     lambda g: set(g.legal_actions())),
    ("meow-dice-advanced", lambda p, seed: MeowDice.new(min(p, 4), seed, {"advanced": True, "specials": True,
                                                                           "one_bite": True}),
     md_candidates, lambda g: set(g.legal_actions())),
    ("zodiac", lambda p, seed: Zodiac.new(p, seed), zc_candidates, zc_allowed),
]


def positions(make, count: int, seed: int):
    """Random positions: random seat counts, random legal playouts of random length."""
    rng = random.Random(seed)
    for i in range(count):
        g = make(rng.choice([2, 3, 4, 5, 6]), seed * 1000 + i)
        for _ in range(rng.randrange(60)):
            if g.over:
                break
            g.apply(rng.choice(g.legal_actions()))
        yield g, rng


@pytest.mark.parametrize("name,make,candidates,allowed", GAMES, ids=[g[0] for g in GAMES])
def test_why_not_is_none_exactly_for_legal_actions(name, make, candidates, allowed):
    for g, rng in positions(make, 25, 7):
        ok = allowed(g)
        before = g.dump()
        for action in set(candidates(g, rng)) | ok:
            reason = g.why_not(action)
            assert (reason is None) == (action in ok), (name, action, reason, sorted(ok)[:8])
            if reason is not None:
                assert isinstance(reason, Refusal) and reason and reason.code
                # apply refuses it with the same words and changes nothing
                with pytest.raises(RuleError) as err:
                    g.apply(action)
                assert err.value.reason == str(reason) and err.value.code == reason.code
        assert g.dump() == before, "why_not changed the state"


def test_why_not_gives_a_code_a_scene_can_translate():
    g = HungryMeow.new(2, 1, setup={"first": 0, "hands": [["R5P", "G2P", "Y3X"], ["B6P", "R1X", "G1P"]]})
    assert g.why_not("play R5P").code == "hm.phase"
    assert g.why_not(3).code == "syntax"
    g.apply("direction cw")
    assert g.why_not("draw 5").code == "hm.draw5"
    g.apply("draw 1")
    assert g.phase == "play" and g.current == 0
    assert g.why_not("play R5P Y3X").code == "hm.mixed"
    assert g.why_not("play B6P").code == "hm.not_held"
    g.apply("play G2P")
    g.apply("draw 1")
    assert g.phase == "play" and g.current == 1
    refusal = g.why_not("play R1X")
    assert refusal.code == "hm.symbol" and refusal.fmt["want"] == "P" and "punch" in refusal
    refusal = g.why_not("play G1P")
    assert refusal.code == "hm.sum" and refusal.fmt["total"] == 1 and refusal.fmt["target"] == 2
    assert g.why_not("play B6P") is None


@pytest.mark.parametrize("name,make,candidates,allowed", GAMES, ids=[g[0] for g in GAMES])
def test_onlooker_view_shows_no_hand(name, make, candidates, allowed):
    for g, _rng in positions(make, 12, 11):
        public = g.view(None)
        assert public["seat"] is None
        if "hand" in public:
            assert public["hand"] == []
        if name.startswith("hungry"):
            # The onlooker knows only what was shown to all: a subset of every seat's knowledge.
            assert public["prophecy"] is None and public["pile_known"] == []
            for s in range(g.players):
                mine = g.view(s)
                for o in range(g.players):
                    if o != s:
                        left = list(mine["known"][o])
                        for card in public["known"][o]:
                            assert card in left
                            left.remove(card)
        if name == "zodiac":
            assert not public["can_arrange"]
            for s in range(g.players):
                assert public["table"] == g.view(s)["table"]
        if name.startswith("meow-dice"):
            assert {k: v for k, v in public.items() if k != "seat"} == \
                   {k: v for k, v in g.view(0).items() if k != "seat"}


def test_HM_12_onlooker_sees_public_draws_but_not_dealer_cards():
    g = HungryMeow.new(3, 5, setup={"first": 0, "hands": [["R5P", "R2P"], ["B6X"], ["G1X", "G2X"]]})
    g.apply("direction cw")
    events = g.apply("draw 1")
    drawn = [e.data["card"] for e in events if e.kind == "CardDrawn"]
    if drawn and drawn[0] != "DEATH" and not g.over and g.phase == "play":
        assert g.view(None)["known"][0] == drawn
        assert g.view(None)["hand"] == [] and g.view(None)["hand_counts"][0] == 3


@pytest.mark.parametrize("name,make,candidates,allowed", GAMES, ids=[g[0] for g in GAMES])
def test_apply_trusted_plays_the_same_game_as_apply(name, make, candidates, allowed):
    for seed in range(4):
        a, b = make(3, seed), make(3, seed)
        rng = random.Random(seed)
        for _ in range(300):
            if a.over:
                break
            action = rng.choice(a.legal_actions())
            events_a = a.apply(action)
            events_b = b.apply_trusted(action)
            assert [e.to_json() for e in events_a] == [e.to_json() for e in events_b]
        assert a.dump() == b.dump()
