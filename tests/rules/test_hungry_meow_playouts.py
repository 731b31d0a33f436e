"""Seeded random Hungry Meow games, checked after every action (HM-1 … HM-12 as a whole).

After each action: all 72 cards are in exactly one place (``check_invariants``), winners appear
only once the game is over, and (in 1,000 of the games: they were two fifths of the time) every
seat's view holds no card of another seat's hand except what HM-12 shows it — checked against a
tracker built here from the events each seat may see.
"""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from game.bots.base import RandomBot
from game.bots.hungry_meow import HeuristicBot
from game.rules.hungry_meow import CARD_KINDS, DEATH, HungryMeow
from game.rules.hungry_meow_belief import sample_state

GAMES = 2000


class Tracker:
    """Which card names each seat has ever been shown (events it may see, its own hand, its
    Prophecy). A view may only place a card in another seat's hand if that seat saw the card."""

    def __init__(self, g: HungryMeow):
        self.n = g.players
        self.seen = [set(g.hands[s]) for s in range(self.n)]

    def update(self, g: HungryMeow, events) -> None:
        for e in events:
            cards = []
            if "card" in e.data:
                cards.append(e.data["card"])
            cards += e.data.get("cards", [])
            for s in range(self.n):
                if e.visible_to(s):
                    self.seen[s].update(cards)
        for s in range(self.n):
            self.seen[s].update(g.hands[s])
            if g.phase == "prophecy" and g.current == s:
                self.seen[s].update(g.prophecy_seen)


CARD_TOKEN = re.compile(r'"([A-Z][0-9A-Z]{2,4})"')


def check_views(g: HungryMeow, tracker: Tracker, events, scan: bool) -> list[dict]:
    """Check every seat's view; return them (the next bot to move is given its checked view)."""
    n = g.players
    holders: dict[str, set[int]] = {}       # (for the scan only)
    if scan:
        for seat, hand in enumerate(g.hands):
            for card in hand:
                holders.setdefault(card, set()).add(seat)
    # Cards publicly drawn in this action that are still in the drawer's hand: everyone knows.
    must_know: list[tuple[int, str]] = []
    for i, e in enumerate(events):
        if e.kind == "CardDrawn" and e.data["card"] != DEATH:
            o, card = e.data["seat"], e.data["card"]
            moved = any(later.kind in ("DeathDrawn", "DealerCard") and
                        o in (later.data.get("seat"), later.data.get("other")) for later in events[i + 1:])
            if not moved and card in g.hands[o]:
                must_know.append((o, card))
    counts = [len(h) for h in g.hands]
    views = [g.view(s) for s in range(n)]
    for s in range(n):
        v = views[s]
        seen = tracker.seen[s]
        assert sorted(v["hand"]) == sorted(g.hands[s]) and v["hand_counts"] == counts
        for o, known in enumerate(v["known"]):
            if o == s or not known:
                continue
            if len(known) == 1:         # (most lists: one card, no copy of the hand to take from)
                assert known[0] in g.hands[o], f"seat {s} 'knows' {known[0]} in seat {o}'s hand {g.hands[o]}"
            else:
                hand = list(g.hands[o])
                for card in known:
                    assert card in hand, f"seat {s} 'knows' {card} in seat {o}'s hand {g.hands[o]}"
                    hand.remove(card)
            assert seen.issuperset(known), f"seat {s} was never shown {set(known) - seen}"
        for o, card in must_know:
            if o != s:
                assert card in v["known"][o], f"seat {s} should know {card} was drawn by seat {o}"
        for off, card in v["pile_known"]:
            assert g.deck[off] == card and card in seen
        if v["prophecy"] is not None:
            assert g.phase == "prophecy" and g.current == s and v["prophecy"] == g.prophecy_seen
        if not scan:
            continue
        # Every card name anywhere in the view that sits in another seat's hand was shown to s.
        own = g.hands[s]
        for card in set(CARD_TOKEN.findall(json.dumps(v))):
            assert card in CARD_KINDS, card
            others = holders.get(card)
            if others and card not in own and others != {s}:
                assert card in seen, f"seat {s}'s view shows {card} held by {others}"
    return views


def run_game(index: int, check=True) -> HungryMeow:
    rng = random.Random(index)
    n = 2 + index % 5
    options = {"optional_draw": index % 4 == 3}
    g = HungryMeow.new(n, 10_000 + index, options)
    bots = [(HeuristicBot if (index + s) % 3 == 0 else RandomBot)(s, rng.getrandbits(32)) for s in range(n)]
    tracker = Tracker(g)
    # every seat's view in every other block of five games (each seat count, both draw rules)
    views = check and (index // 5) % 2 == 0
    actions = 0
    checked = None      # the views check_views just made of this state (views are fresh dicts)
    while not g.over and g.turn < g.turn_cap:
        seat = g.current_player
        legal = g.legal_actions()
        assert legal and len(set(legal)) == len(legal)
        action = bots[seat].choose(checked[seat] if checked else g.view(seat), legal)
        assert action in legal
        turn_before = g.turn
        events = g.apply(action)
        actions += 1
        assert g.turn in (turn_before, turn_before + 1)
        g.check_invariants()
        assert bool(g.winners) == g.over and len(g.winners) <= 1
        assert (g.current_player is None) == g.over
        if g.over:
            assert events[-1].kind == "GameWon" and g.end_reason in ("meals", "fish", "last")
        if views:
            tracker.update(g, events)
            checked = check_views(g, tracker, events, scan=index % 4 == 0)   # full JSON scan: 300 games
    assert g.over or g.turn >= g.turn_cap
    assert actions <= 12 * (g.turn + 1) + 2
    return g


CHUNKS = 4      # the games in four tests, so parallel workers share them


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_HM_1_to_HM_12_seeded_playouts_keep_every_invariant(chunk):
    ends = Counter()
    capped = 0
    share = GAMES // CHUNKS
    for index in range(chunk * share, (chunk + 1) * share):
        g = run_game(index)
        ends[g.end_reason] += 1
        capped += not g.over
    assert capped <= share // 100, f"{capped} games hit the turn cap"
    assert ends["meals"] and ends["fish"] and ends["last"], ends


def test_HM_12_sample_state_is_consistent_with_the_view():
    rng = random.Random(5)
    checked = 0
    for index in range(60):
        n = 2 + index % 5
        g = HungryMeow.new(n, 77 + index)
        bots = [(HeuristicBot if s % 2 else RandomBot)(s, index * 10 + s) for s in range(n)]
        step = 0
        while not g.over and g.turn < 200:
            seat = g.current_player
            if step % 7 == 0:
                for s in range(n):
                    v = g.view(s)
                    world = sample_state(v, s, rng)
                    assert json.dumps(world.view(s), sort_keys=True) == json.dumps(v, sort_keys=True)
                    world.track = True
                    world.check_invariants()
                    if g.current_player == s:
                        assert world.legal_actions() == g.legal_actions()
                    assert DEATH in world.deck
                    checked += 1
            g.apply(bots[seat].choose(g.view(seat), g.legal_actions()))
            step += 1
    assert checked > 500


def test_clone_is_independent_and_replays_identically():
    for index in range(20):
        g = HungryMeow.new(2 + index % 5, index)
        bot = RandomBot(0, index)
        log = []
        while not g.over and g.turn < 80:
            action = bot.choose(g.view(g.current_player), g.legal_actions())
            copy = g.clone()
            before = json.dumps(g.dump(), sort_keys=True)
            copy.apply(action)
            assert json.dumps(g.dump(), sort_keys=True) == before
            g.apply(action)
            assert json.dumps(g.dump(), sort_keys=True) == json.dumps(copy.dump(), sort_keys=True)
            log.append(action)
        again = HungryMeow.new(2 + index % 5, index)
        for action in log:
            again.apply(action)
        assert again.dump() == g.dump() and again.summary() == g.summary()


def test_knowledge_check_catches_every_false_belief():
    """``check_invariants`` (hungry_meow_knowledge.check) checks each seat's beliefs about each
    hand once per distinct list: a false belief fails wherever it sits, alone or after a true
    one, and the same true belief held by several seats passes."""
    def broken(change) -> bool:
        g = HungryMeow.new(4, 3)
        change(g)
        try:
            g.check_invariants()
        except AssertionError:
            return True
        return False

    def held(g, seat):
        return sorted(set(g.hands[seat]))

    def shared_truth(g):
        a, b = held(g, 0)[:2]
        g.known[1][0], g.known[2][0], g.known[4][0] = [a, b], [a, b], [b]

    assert not broken(lambda g: None) and not broken(shared_truth)
    def missing(g, seat=0):     # a card seat's hand lacks
        return next(c for c in sorted(CARD_KINDS) if c not in g.hands[seat] and c != DEATH)
    cases = {
        "a card the hand lacks": lambda g: g.known[1][0].append(missing(g)),
        "one copy known twice": lambda g: g.known[2][0].extend([held(g, 0)[0]] * 2),
        "its own hand": lambda g: g.known[0][0].append(held(g, 0)[0]),
        "a false list after the same true one": lambda g: (shared_truth(g), g.known[3][0].extend(
            [held(g, 0)[0], missing(g)])),
        "a false list after a different true one": lambda g: (shared_truth(g), g.known[3][0].extend(
            [held(g, 0)[0]] * 2)),
        "the onlooker's row": lambda g: g.known[4][2].append(missing(g, 2)),
        "a pile card": lambda g: g.pile_known[1].update({0: next(c for c in CARD_KINDS if c != g.deck[0])}),
        "past the pile": lambda g: g.pile_known[3].update({len(g.deck): g.deck[0]}),
    }
    assert [name for name, change in cases.items() if not broken(change)] == []
