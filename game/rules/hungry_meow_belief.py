"""Hungry Meow belief for search: a full state consistent with what one seat knows (HM-12).

Search bots (``game.bots.hungry_meow_search.SearchBot``) deal the cards a seat cannot see at random
with ``sample_state`` and play the sampled worlds out. The engine itself never calls this.
"""
from __future__ import annotations

import random

from game.rules.hungry_meow import PROPHECY_CARDS, REFILL_BELOW, HungryMeow
from game.rules.hungry_meow_cards import ALL_CARDS, DEATH, MEALS, win_reason


def sample_state(view: dict, seat: int | random.Random | None = None,
                 rng: random.Random | None = None) -> HungryMeow:
    """A full state consistent with ``view`` (what ``seat`` knows), hidden cards dealt at random.

    Called as ``sample_state(view, seat, rng)`` or ``sample_state(view, rng)``. Known cards stay
    where the view puts them; Death is always in the draw pile; unseen Meals go to the draw pile
    or to opponents only as far as ``meal_room`` allows, and never so that an opponent would
    already hold a winning hand. The result holds the seat's own knowledge (its ``view(seat)``
    equals ``view``) but does not track knowledge from then on (``track`` is off: faster
    rollouts); its RNG is seeded from ``rng``.
    """
    if isinstance(seat, random.Random):
        seat, rng = None, seat
    if seat is None:
        seat = view["seat"]
    rng = rng or random.Random(0)
    n = view["players"]
    g = HungryMeow.__new__(HungryMeow)
    g.players = n
    g.rng = random.Random(rng.getrandbits(64))
    g.options = dict(view["options"])
    g.optional_draw = g.options.get("optional_draw", False)
    g.first = view["first"]
    g.direction = {"cw": 1, "ccw": -1}.get(view["direction"], 0)
    g.phase = view["phase"]
    g.current = view["current_player"] if view["current_player"] is not None else view["seat"]
    g.turns = view["turn"]
    g.table = list(view["table"])
    g.table_owner = view["table_owner"]
    g.passed = [s in view["passed"] for s in range(n)]
    g.eliminated = [s in view["eliminated"] for s in range(n)]
    g.powers = list(view["powers"])
    g.trick_winner = None
    g.won_set = []
    g.game_over = view["over"]
    g.winning_seats = list(view["winners"])
    g.ending = view["end_reason"]
    g.stats = {"death draws": 0, "eliminations": 0, "tricks won": 0, "prophecies": 0,
               "dealer takes": 0, "dealer gives": 0, "refills": 0}
    g.track = False
    g.known = [[[] for _ in range(n)] for _ in range(n + 1)]     # + the onlooker's row
    g.pile_known = [{} for _ in range(n + 1)]
    g.meal_room = [[0] * n for _ in range(n + 1)]
    g._events = []
    discard = list(view["discard"])
    rng.shuffle(discard)
    g.discard = discard

    pool = list(ALL_CARDS)

    def take(card: str) -> None:
        pool.remove(card)

    for card in view["hand"]:
        take(card)
    for card in view["table"]:
        take(card)
    for card in discard:
        take(card)
    hands: list[list[str]] = [[] for _ in range(n)]
    hands[seat] = list(view["hand"])
    for o in range(n):
        if o != seat:
            for card in view["known"][o]:
                take(card)
                hands[o].append(card)
    pile_size = view["draw_pile"]
    pile: list[str | None] = [None] * pile_size
    for off, card in view["pile_known"]:
        pile[off] = card
        take(card)
    pending: list[str] | None = None
    seen = view.get("prophecy")
    if g.phase == "prophecy":
        if pile_size < REFILL_BELOW and discard:
            pending = list(discard)
            rng.shuffle(pending)
        if seen is not None:
            for i, card in enumerate(seen[:pile_size]):
                if pile[i] is None:
                    pile[i] = card
                    take(card)
            if pending is not None:
                extra = seen[pile_size:]
                rest = list(pending)
                for card in extra:
                    rest.remove(card)
                pending = list(extra) + rest
    # Deal the unknown cards.
    free = [i for i in range(pile_size) if pile[i] is None]
    need = {o: view["hand_counts"][o] - len(hands[o]) for o in range(n) if o != seat}
    meals = [c for c in pool if c in MEALS]
    others = [c for c in pool if c not in MEALS]
    for attempt in range(60):
        rng.shuffle(free)
        rng.shuffle(others)
        slots: list[tuple[str, int]] = [("pile", i) for i in free]
        # After 50 failures (a view this sampler cannot explain), let Meals go to any hand.
        meal_room = {o: (need[o] if attempt >= 50 else min(need[o], view["meal_room"][o])) for o in need}
        for o in need:
            slots += [("hand", o)] * meal_room[o]
        placed: list[list[str]] = [list(h) for h in hands]
        pile_try = list(pile)
        free_left = set(free)
        hand_room = dict(need)
        ok = True
        # Death and meals first (constrained), then the numbered cards fill what is left.
        specials = [c for c in others if c == DEATH] + meals
        for card in specials:
            if card == DEATH:
                options = [s for s in slots if s[0] == "pile" and s[1] in free_left]
            else:
                options = [s for s in slots if (s[0] == "pile" and s[1] in free_left) or
                           (s[0] == "hand" and hand_room[s[1]] > 0 and
                            win_reason(placed[s[1]] + [card]) is None)]
            if not options:
                ok = False
                break
            kind, where = options[rng.randrange(len(options))]
            slots.remove((kind, where))
            if kind == "pile":
                pile_try[where] = card
                free_left.discard(where)
            else:
                placed[where].append(card)
                hand_room[where] -= 1
        if not ok:
            continue
        rest = [c for c in others if c != DEATH]
        fill = sorted(free_left)
        for o in sorted(hand_room):
            take_n = hand_room[o]
            placed[o] += rest[:take_n]
            rest = rest[take_n:]
        if len(rest) != len(fill):
            raise ValueError("view is inconsistent: the hidden cards do not fill the hidden places")
        for i, card in zip(fill, rest, strict=True):
            pile_try[i] = card
        g.hands = placed
        g.deck = pile_try  # type: ignore[assignment]
        break
    else:
        raise ValueError("could not deal the hidden cards consistently with the view")
    for o in range(n):
        rng.shuffle(g.hands[o])
    # The sampled state knows what the seat knows (so its view of ``seat`` equals ``view``).
    g.known[seat] = [list(view["known"][o]) if o != seat else [] for o in range(n)]
    g.pile_known[seat] = {off: card for off, card in view["pile_known"]}
    g.meal_room[seat] = list(view["meal_room"])
    g.pending_refill = pending if g.phase == "prophecy" else None
    g.prophecy_seen = ((g.deck + (pending or []))[:PROPHECY_CARDS] if g.phase == "prophecy" else [])
    return g
