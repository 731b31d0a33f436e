"""Odds shown on the tables (game.bots.<game>_odds) against brute force and exact counts, and never
depending on what the seat cannot see (two states with one view give one figure)."""
import itertools
import random
from collections import Counter
from fractions import Fraction
from functools import lru_cache

import pytest

from game.bots import hungry_meow_odds, meow_dice_odds, zodiac_odds
from game.bots.base import RandomBot
from game.rules.registry import engine
from tests.bots.positions import positions, same_view_state

FACES = "CFYMPB"
PATTERN = {(1, 1, 1, 1): 0, (2, 2): 1, (1, 3): 2, (4,): 3}      # TL TR BL BR (MD-3)


# ---- Meow Meow Dice: brute force over every die index subset and every ordered throw --------------
def meets(dice: tuple, slot: int, conds: tuple) -> bool:
    """MD-3/MD-4 read afresh: the slot pattern by face counts, then each !f / Xf."""
    if PATTERN.get(tuple(sorted(Counter(dice).values()))) != slot:
        return False
    return all((face in dice) == (sign == "!") for sign, face in conds)


SCALE = 6 ** 16       # a turn throws at most 16 dice (4 rolls of 4 with bites): exact integers


@lru_cache(maxsize=None)
def ordered_throws(m: int) -> Counter:
    """Each sorted face tuple of m dice -> how many of the 6**m ordered throws give it (counted
    by going through them all)."""
    return Counter(tuple(sorted(faces)) for faces in itertools.product(FACES, repeat=m))


@lru_cache(maxsize=None)
def _solver(slot: int, conds: tuple, locked: tuple):
    """value(free, k, r, b) * SCALE: the best chance with the free dice ``free`` (a tuple in die
    order) after a roll of k dice, r rolls made, b bites left; every subset of die indexes."""

    @lru_cache(maxsize=None)
    def value(free: tuple, k: int, r: int, b: int) -> int:
        best = SCALE if meets(locked + free, slot, conds) else 0
        if r >= 4:
            return best
        for m in range(1, min(k, len(free)) + 1):
            if m == k and b == 0:
                continue
            for idx in itertools.combinations(range(len(free)), m):
                best = max(best, throw(free, idx, r, b - (m == k)))
        return best

    @lru_cache(maxsize=None)
    def throw(free: tuple, idx: tuple, r: int, b: int) -> int:
        # every ordered throw of the dice at ``idx``, the ones with the same faces counted
        # together; the dice left alone join each (value() takes the free dice sorted)
        kept = tuple(f for i, f in enumerate(free) if i not in idx)
        total = 0
        for after, ways in after_throws(kept, len(idx)):
            total += ways * value(after, len(idx), r + 1, b)
        return total // 6 ** len(idx)

    return value, throw


@lru_cache(maxsize=None)
def after_throws(kept: tuple, m: int) -> list[tuple[tuple, int]]:
    """The free dice after each throw of ``ordered_throws(m)`` joins ``kept`` (sorted, as value()
    takes them), with its number of ordered throws: made once per kept dice, not per solver."""
    return [(tuple(sorted(kept + faces)), ways) for faces, ways in ordered_throws(m).items()]


def brute_keep(view: dict, slot: str, keep, bites: int = 0) -> Fraction | None:
    card = view["slots"][slot]
    if card is None:
        return None
    cond_text = card.split("/")[-1] if "/" in card else ""
    conds = [cond_text[i:i + 2] for i in range(0, len(cond_text), 2)] + view["slot_tokens"][slot]
    conds = tuple(sorted((c[0], c[1]) for c in conds))
    locked_idx = view["locked"]
    locked = tuple(sorted(view["dice"][d] for d in locked_idx))
    free_idx = [d for d in range(4) if d not in locked_idx]
    value, throw = _solver(["TL", "TR", "BL", "BR"].index(slot), conds, locked)
    if view["rolls"] == 0:
        return Fraction(throw(("C",) * len(free_idx), tuple(range(len(free_idx))), 0, bites), SCALE)
    free = [view["dice"][d] for d in free_idx]
    idx = tuple(i for i, d in enumerate(free_idx) if d not in keep)
    if not idx:
        made = meets(locked + tuple(free), ["TL", "TR", "BL", "BR"].index(slot), conds)
        return Fraction(SCALE if made else 0, SCALE)
    k = view["last_thrown"]
    if view["rolls"] >= 4 or len(idx) > (k if view["bite_pending"] else k - 1):
        return None
    order = sorted(range(len(free)), key=lambda i: free[i])      # value() takes sorted free dice
    ordered = tuple(free[i] for i in order)
    return Fraction(throw(ordered, tuple(sorted(order.index(i) for i in idx)), view["rolls"], bites), SCALE)


def md_positions(count: int, seed: int):
    """Views of Meow Meow Dice turns before and between rolls, with a random keep each."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        options = rng.choice([{}, {"one_bite": True}, {"advanced": True},
                              {"advanced": True, "one_bite": True}])
        g = engine("meow-dice").new(rng.choice([2, 3, 4]), rng.randrange(10 ** 6), options)
        bots = [RandomBot(s, rng.randrange(10 ** 6)) for s in range(g.players)]
        while not g.over and len(out) < count:
            view = g.view(g.current_player)
            rolling = view["phase"] == "rolling" and rng.random() < 0.3
            if rolling or (view["rolls"] == 0 and rng.random() < 0.05):
                free = [d for d in range(4) if d not in view["locked"]]
                keep = tuple(d for d in free if rng.random() < 0.5)
                out.append((view, keep))
            g.apply(bots[g.current_player].choose(view, g.legal_actions()))
    return out


@pytest.mark.slow
def test_md_keep_odds_equal_brute_force_for_200_positions():
    checked = 0
    for view, keep in md_positions(200, 1):
        got = meow_dice_odds.keep_odds(view, keep)
        for slot in ("TL", "TR", "BL", "BR"):
            assert got[slot] == brute_keep(view, slot, keep), (view["dice"], view["locked"], keep, slot)
            checked += got[slot] is not None
    assert checked > 300


@pytest.mark.slow
def test_md_keep_odds_with_later_bites_equal_brute_force():
    for view, keep in md_positions(25, 2):
        got = meow_dice_odds.keep_odds(view, keep, bites=1)
        for slot in ("TL", "TR", "BL", "BR"):
            assert got[slot] == brute_keep(view, slot, keep, bites=1)


def test_md_keeping_everything_is_stopping():
    view, _ = next((v, k) for v, k in md_positions(30, 3) if v["rolls"])
    free = [d for d in range(4) if d not in view["locked"]]
    stop = meow_dice_odds.keep_odds(view, free)
    assert set(stop.values()) <= {Fraction(0), Fraction(1), None}


# ---- Hungry Meow: Death on top, by counting the seat's unknown pile places ------------------------
def exact_death_chance(g, seat: int, draws: int) -> Fraction:
    """From the engine's record of what ``seat`` knows (not the view): the pile places it can
    identify are its Prophecy knowledge (and the cards of its own Prophecy in progress); Death is
    in the pile (asserted) and equally likely in every place it cannot identify."""
    assert "DEATH" in g.deck
    known = dict(g.pile_known[seat])
    if g.phase == "prophecy" and g.current == seat:
        for off, card in enumerate(g.prophecy_seen[:len(g.deck)]):
            known.setdefault(off, card)
    for off, card in known.items():
        assert g.deck[off] == card
    if "DEATH" in known.values():
        return Fraction(int(any(known.get(off) == "DEATH" for off in range(draws))))
    unknown = [off for off in range(len(g.deck)) if off not in known]
    return Fraction(sum(1 for off in unknown if off < draws), len(unknown))


def test_hm_death_chance_equals_exact_count_for_200_positions():
    located = 0
    for g, seat in positions("hungry-meow", 200, seed=4):
        view = g.view(seat)
        for draws in (1, 5):
            assert hungry_meow_odds.death_chance(view, draws) == exact_death_chance(g, seat, draws)
        located += hungry_meow_odds.pile_odds(view).located is not None
    assert located, "no position where a Prophecy located Death: the test would miss that case"


def test_hm_same_view_same_death_chance():
    rng = random.Random(5)
    for g, seat in positions("hungry-meow", 60, seed=6):
        view = g.view(seat)
        other = same_view_state("hungry-meow", view, seat, rng)
        assert other.view(seat) == view
        assert other.deck != g.deck or other.hands != g.hands or len(g.deck) < 2
        assert hungry_meow_odds.death_chance(other.view(seat)) == hungry_meow_odds.death_chance(view)
        assert hungry_meow_odds.death_chance(other.view(seat), 5) == hungry_meow_odds.death_chance(view, 5)


def test_hm_death_chance_matches_sampled_worlds():
    """The worlds the bots sample from a view put Death on top about as often as the figure."""
    rng = random.Random(7)
    g, seat = next((g, s) for g, s in positions("hungry-meow", 40, seed=8) if g.view(s)["draw_pile"] < 30)
    view = g.view(seat)
    tops = sum(same_view_state("hungry-meow", view, seat, rng).deck[0] == "DEATH" for _ in range(3000))
    assert abs(tops / 3000 - float(hungry_meow_odds.death_chance(view))) < 0.03


# ---- Zodiac Catchers: kinds never seen, against the state's own record --------------------------
def test_zc_unseen_counts_match_the_state():
    for g, seat in positions("zodiac", 120, seed=9):
        view = g.view(seat)
        seen = set(g.hands[seat]) | set(g.pointed) | {r[-1] for r in g.reveals}
        in_play = [u for h in g.hands for u in h] + [u for u in g.centre if u is not None]
        expect = Counter(g.kind_of[u] for u in in_play if u not in seen)
        got = zodiac_odds.unseen_counts(view)
        assert set(got) == set(view["kinds"])
        for name, count in got.items():
            assert count == expect.get(zodiac_odds.KINDS.index(name), 0), name


def test_zc_unseen_counts_depend_on_the_view_only():
    rng = random.Random(10)
    for g, seat in positions("zodiac", 30, seed=11):
        view = g.view(seat)
        other = same_view_state("zodiac", view, seat, rng)
        assert other.view(seat) == view
        assert zodiac_odds.unseen_counts(other.view(seat)) == zodiac_odds.unseen_counts(view)


def test_heuristic_games_reach_md_positions_with_locks():
    """The random positions cover locked dice (advanced game) too."""
    assert any(v["locked"] for v, _ in md_positions(200, 1))


@pytest.mark.slow
def test_md_best_odds_equal_brute_force():
    """The chance from the dice as they lie, playing for the card with the rolls left."""
    for view, _ in md_positions(30, 12):
        got = meow_dice_odds.best_odds(view)
        for slot in ("TL", "TR", "BL", "BR"):
            if view["rolls"] == 0:
                assert got[slot] == brute_keep(view, slot, ())
                continue
            card = view["slots"][slot]
            if card is None:
                assert got[slot] is None
                continue
            cond_text = card.split("/")[-1]
            conds = [cond_text[i:i + 2] for i in range(0, len(cond_text), 2)] + view["slot_tokens"][slot]
            conds = tuple(sorted((c[0], c[1]) for c in conds))
            locked = tuple(sorted(view["dice"][d] for d in view["locked"]))
            free = tuple(sorted(view["dice"][d] for d in range(4) if d not in view["locked"]))
            value, _ = _solver(["TL", "TR", "BL", "BR"].index(slot), conds, locked)
            k = view["last_thrown"] + (1 if view["bite_pending"] else 0)
            assert got[slot] == Fraction(value(free, k, view["rolls"], 0), SCALE), (view["dice"], slot)
