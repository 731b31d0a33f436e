"""Hungry Meow's results (its kit's ``breakdown`` and ``tableau``): the Meals held at the end and,
for a seat knocked out, on which turn; else "still in" with the cards held. The tableau shows
each seat's final hand or, for a seat knocked out, the hand it held when Death came and the
card turned up after Death that knocked it out (a picture: as words it wrapped, issue 21)."""
from __future__ import annotations

from collections import defaultdict

from game.rules.hungry_meow_cards import DEATH, ORDER, is_meal
from game.ui.textfit import register_boxes
from scenes.table.scores import ROW_LABEL, replay_events
from scenes.table.tableau import CAPTION

register_boxes("results", {"results.hm.out": ROW_LABEL, "results.hm.standing": ROW_LABEL,
                           "results.hm.meals": ROW_LABEL, "results.hm.deaths": ROW_LABEL,
                           "results.hm.by": CAPTION})       # a caption over the cards


def breakdown(session, t):
    n = len(session.seats)
    out: dict[int, tuple[int, str]] = {}
    deaths: defaultdict[int, int] = defaultdict(int)
    for turn, e in replay_events(session):
        if e.kind == "DeathDrawn":
            deaths[e.data["seat"]] += 1
        elif e.kind == "Eliminated":
            out[e.data["seat"]] = (turn + 1, e.data["card"])
    summary = session.game.summary()
    rows = []
    for seat in range(n):
        hand = summary["hands"][seat]
        meals = sum(1 for c in hand if is_meal(c))
        if seat in out:
            seat_rows = [(t("results.hm.out"), str(out[seat][0]))]
        else:
            seat_rows = [(t("results.hm.standing"), str(len(hand))),
                         (t("results.hm.meals"), str(meals))]
        seat_rows.append((t("results.hm.deaths"), str(deaths[seat])))
        rows.append(seat_rows)
    return rows


def tableau(session):
    """Per seat: its final hand; for a seat knocked out, the hand it held just before the move
    that drew Death, and Death with the card turned up after it."""
    game = type(session.game).new(len(session.seats), session.seed, session.options, session.setup or None)
    held: dict[int, list[str]] = {}
    by: dict[int, str] = {}
    for action in session.actions:
        before = [list(h) for h in game.hands]
        for e in game.apply_trusted(action):
            if e.kind == "Eliminated":
                held[e.data["seat"]] = sorted(before[e.data["seat"]], key=_order)
                by[e.data["seat"]] = e.data["card"]
    hands = session.game.summary()["hands"]
    out = []
    for seat, hand in enumerate(hands):
        if seat in by:
            groups = [("results.tab.death_hand", [("card", c) for c in held[seat]])] if held[seat] else []
            groups.append(("results.hm.by", [("card", DEATH), ("card", by[seat])]))
        else:
            groups = [("results.tab.hand", [("card", c) for c in sorted(hand, key=_order)])]
        out.append(groups)
    return out


def _order(card: str):
    return ORDER.get(card, (99, 0, 0))
