"""Hungry Meow's results (its kit's ``breakdown`` and ``tableau``): every seat's story in the same
rows, so the columns read across: its Meals (at the end, or held when Death knocked it out), the
sets it played, the tricks it won, the Deaths it drew, and on which turn it went out, else the
cards it held. The tableau shows
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
                           "results.hm.sets": ROW_LABEL, "results.hm.tricks": ROW_LABEL,
                           "results.hm.by": CAPTION})       # a caption over the cards


def breakdown(final, t):
    n = len(final.seats)
    out: dict[int, tuple[int, str]] = {}
    deaths: defaultdict[int, int] = defaultdict(int)
    sets: defaultdict[int, int] = defaultdict(int)
    tricks: defaultdict[int, int] = defaultdict(int)
    for turn, e in final.events:
        if e.kind == "DeathDrawn":
            deaths[e.data["seat"]] += 1
        elif e.kind == "Eliminated":
            out[e.data["seat"]] = (turn + 1, e.data["card"])
        elif e.kind == "SetPlayed":
            sets[e.data["seat"]] += 1
        elif e.kind == "TrickWon":
            tricks[e.data["seat"]] += 1
    held = {int(k): v for k, v in final.extra.get("death_hands", {}).items()}
    summary = final.summary
    rows = []
    for seat in range(n):
        hand = summary["hands"][seat]
        # a seat knocked out: the Meals it held when Death came (its column showed none: the
        # person's own Meals were missing from the story, stranger 40r-zh)
        meals = sum(1 for c in (held.get(seat, hand) if seat in out else hand) if is_meal(c))
        seat_rows = [(t("results.hm.meals"), str(meals)), (t("results.hm.sets"), str(sets[seat])),
                     (t("results.hm.tricks"), str(tricks[seat])), (t("results.hm.deaths"), str(deaths[seat]))]
        if seat in out:
            seat_rows.append((t("results.hm.out"), str(out[seat][0])))
        else:
            seat_rows.append((t("results.hm.standing"), str(len(hand))))
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


# a hand held at Death (six cards, two rows in a six-seat column) and the card that knocked the
# seat out fit together at this width: the hand was left out, and its Meals with it
tableau.readable = 36
