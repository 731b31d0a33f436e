"""What each seat knows in Hungry Meow (HM-12), kept as state and shown by ``view``.

Tables have one row per seat plus a last row for the onlooker (``view(None)``): what was shown
to everyone. Each function below is called by the engine where the table changes hands.

- ``known[s][o]``: cards seat s knows to be in seat o's hand *for certain*: every publicly drawn
  card, plus the card of a Dealer move s took part in. When a card leaves o's hand in a Dealer
  move s did not see, s can no longer be sure of any single card (one copy of each kind is
  dropped: two known Loaves become one). A Death draw empties the hand into the pile.
- ``pile_known[s]``: {offset from the top: card} that s saw in its Prophecy and still knows:
  draws shift it, a refill (cards go under) keeps it, another Prophecy drops the cards it
  moved, a shuffle drops everything.
- ``meal_room[s][o]``: how many cards of o's hand s cannot identify although they might be
  Meals (cards o received in Dealer moves s did not see, and known cards s stopped being sure
  of), since o's last Death draw: an upper bound on Meals hidden there (for ``sample_state``).
The discard pile holds only cards that were shown face up, so its contents are public.
"""
from __future__ import annotations

from game.rules.hungry_meow_cards import MEALS


def fresh(n: int, hands: list[list[str]]) -> tuple[list, list, list]:
    """(known, pile_known, meal_room) at the deal. A setup hand holding Meals makes every
    unseen card of the other hands a possible Meal."""
    mystery = any(c in MEALS for h in hands for c in h)
    known = [[[] for _ in range(n)] for _ in range(n + 1)]
    pile_known = [{} for _ in range(n + 1)]
    meal_room = [[(len(hands[o]) if mystery and o != s else 0) for o in range(n)] for s in range(n + 1)]
    return known, pile_known, meal_room


def blank(n: int) -> tuple[list, list, list]:
    """Tables that know nothing (untracked search states)."""
    return [[[] for _ in range(n)] for _ in range(n + 1)], [{} for _ in range(n + 1)], \
        [[0] * n for _ in range(n + 1)]


def top_drawn(g) -> None:
    """The top card left the pile: every remembered offset moves up one."""
    for s, pk in enumerate(g.pile_known):
        if pk:
            g.pile_known[s] = {o - 1: c for o, c in pk.items() if o > 0}


def shown_into_hand(g, seat: int, card: str) -> None:
    """A publicly drawn card joined ``seat``'s hand: everyone else knows it is there."""
    for s, row in enumerate(g.known):
        if s != seat:
            row[seat].append(card)


def played(g, seat: int, cards) -> None:
    """Cards left ``seat``'s hand face up."""
    for row in g.known:
        k = row[seat]
        for card in cards:
            if card in k:
                k.remove(card)


def hand_returned(g, seat: int) -> None:
    """Death: the hand went into the pile; nothing is known or hidden there any more."""
    for s in range(len(g.known)):
        g.known[s][seat] = []
        g.meal_room[s][seat] = 0


def shuffled(g) -> None:
    g.pile_known = [{} for _ in g.pile_known]


def prophecy(g, seat: int, where: str, order: list[str]) -> None:
    """The prophet put ``order`` on the top or the bottom of the pile (after any refill)."""
    k = len(order)
    for s, pk in enumerate(g.pile_known):
        if where == "top":
            g.pile_known[s] = {o: c for o, c in pk.items() if o >= k}
        else:
            g.pile_known[s] = {o - k: c for o, c in pk.items() if o >= k}
    base = 0 if where == "top" else len(g.deck) - k
    for i, card in enumerate(order):
        g.pile_known[seat][base + i] = card


def dealer(g, giver: int, receiver: int, card: str) -> None:
    """A card moved face down between two hands; only the two seats saw which."""
    for s in range(len(g.known)):
        if s == giver:
            g.known[s][receiver].append(card)
        elif s == receiver:
            k = g.known[s][giver]
            if card in k:
                k.remove(card)
        else:
            before = g.known[s][giver]
            after = _remove_one_of_each(before)
            g.known[s][giver] = after
            g.meal_room[s][giver] += sum(1 for c in before if c in MEALS) - \
                sum(1 for c in after if c in MEALS)
            g.meal_room[s][receiver] += 1


def check(g) -> None:
    """AssertionError if a seat 'knows' something that is not so."""
    hands, deck = g.hands, g.deck
    rows = [(s, row) for s, row in enumerate(g.known) if any(row)]    # (most know nothing)
    if rows:
        for o, hand in enumerate(hands):
            last = None             # seats often know the same cards of o: each list checked once
            for s, row in rows:
                known = row[o]
                if not known:
                    continue
                assert o != s, f"seat {s} 'knows' {known[0]} in its own hand"
                if known == last:
                    continue
                left = hand.copy()
                for card in known:
                    assert card in left, f"seat {s} 'knows' {card} in seat {o}'s hand"
                    left.remove(card)
                last = known
    for s, pk in enumerate(g.pile_known):
        if pk:
            for off, card in pk.items():
                assert 0 <= off < len(deck) and deck[off] == card, \
                    f"seat {s} 'knows' {card} at pile offset {off}"


def _remove_one_of_each(cards: list[str]) -> list[str]:
    """A card left a hand unseen: keep only what is still certain (one copy fewer of each kind)."""
    out, dropped = [], set()
    for card in cards:
        if card in dropped:
            out.append(card)
        else:
            dropped.add(card)
    return out
