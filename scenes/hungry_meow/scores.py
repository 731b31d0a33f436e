"""Hungry Meow's results (its kit's ``breakdown`` and ``tableau``): the Meals held at the end and,
for a seat knocked out, on which turn; else "still in" with the cards held. The tableau shows
each seat's final hand or, for a seat knocked out, the hand it held when Death came and the
card turned up after Death that knocked it out (a picture: as words it wrapped, issue 21)."""
from __future__ import annotations

from collections import defaultdict

from game.rules.hungry_meow_cards import DEATH, ORDER, is_meal
from game.ui.textfit import register_boxes
from scenes.table.scores import ROW_LABEL
from scenes.table.tableau import CAPTION

register_boxes("results", {"results.hm.out": ROW_LABEL, "results.hm.standing": ROW_LABEL,
                           "results.hm.meals": ROW_LABEL, "results.hm.deaths": ROW_LABEL,
                           "results.hm.by": CAPTION})       # a caption over the cards


def breakdown(final, t):
    n = len(final.seats)
    out: dict[int, tuple[int, str]] = {}
    deaths: defaultdict[int, int] = defaultdict(int)
    for turn, e in final.events:
        if e.kind == "DeathDrawn":
            deaths[e.data["seat"]] += 1
        elif e.kind == "Eliminated":
            out[e.data["seat"]] = (turn + 1, e.data["card"])
    summary = final.summary
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


def tableau(final):
    """Per seat: its final hand; for a seat knocked out, the hand it held when it drew Death
    (the cards of that draw included: ``game.rules.hungry_meow_kit.final_record``), and Death with
    the card turned up after it."""
    held = {int(k): v for k, v in final.extra.get("death_hands", {}).items()}
    by = {int(k): v for k, v in final.extra.get("knocked_out_by", {}).items()}
    out = []
    for seat, hand in enumerate(final.summary["hands"]):
        if seat in by:
            cards = sorted(held.get(seat, []), key=_order)
            groups = [("results.tab.death_hand", [("card", c) for c in cards])] if cards else []
            groups.append(("results.hm.by", [("card", DEATH), ("card", by[seat])]))
        else:
            groups = [("results.tab.hand", [("card", c) for c in sorted(hand, key=_order)])]
        out.append(groups)
    return out


def _order(card: str):
    return ORDER.get(card, (99, 0, 0))
