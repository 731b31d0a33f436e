"""Hungry Meow's results breakdown (its kit's ``breakdown``): the Meals held at the end and, for a
seat knocked out, on which turn and by which card (the one turned up after Death); else "still
in" with the cards held."""
from __future__ import annotations

from collections import defaultdict

from game.rules.hungry_meow_cards import is_meal, parse
from game.ui.textfit import register_boxes
from scenes.table.scores import ROW_LABEL, ROW_WIDE, replay_events

register_boxes("results", {"results.hm.out": ROW_LABEL, "results.hm.standing": ROW_LABEL,
                           "results.hm.meals": ROW_LABEL, "results.hm.deaths": ROW_LABEL,
                           "results.hm.by": ROW_WIDE})      # the card's name goes under its label


def _hm_card(card: str, t) -> str:
    p = parse(card)
    if p:
        return f"{t('hm.colour.' + p[0])} {t('hm.sym.' + p[2])} {p[1]}"
    return t("hm.card." + card)


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
            turn, card = out[seat]
            seat_rows = [(t("results.hm.out"), str(turn)), (t("results.hm.by"), _hm_card(card, t))]
        else:
            seat_rows = [(t("results.hm.standing"), str(len(hand))),
                         (t("results.hm.meals"), str(meals))]
        seat_rows.append((t("results.hm.deaths"), str(deaths[seat])))
        rows.append(seat_rows)
    return rows
