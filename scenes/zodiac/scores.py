"""Zodiac Catchers' results breakdown (its kit's ``breakdown``): rounds won, then the points by
source (captures, mermaids, trump, round wins, summed over every ``PointsScored``) and the total."""
from __future__ import annotations

from collections import Counter

from game.ui.textfit import register_boxes
from scenes.table.scores import ROW_LABEL, replay_events

register_boxes("results", {"results.zc.*": ROW_LABEL})


def breakdown(session, t):
    n = len(session.seats)
    parts: list[Counter] = [Counter() for _ in range(n)]
    rounds = [0] * n
    for _, e in replay_events(session):
        if e.kind == "PointsScored":
            parts[e.data["seat"]].update(e.data.get("parts") or {})
        elif e.kind == "RoundWon":
            rounds[e.data["seat"]] += 1
    points = session.game.summary()["points"]
    rows = []
    for seat in range(n):
        p = parts[seat]
        rows.append([(t("results.zc.rounds"), str(rounds[seat])),
                     (t("results.zc.capture"), f"+{p['capture']}"),
                     (t("results.zc.mermaid"), f"+{p['mermaid']}"),
                     (t("results.zc.trump"), f"+{p['trump']}"),
                     (t("results.zc.win"), f"+{p['win']}"),
                     (t("results.total"), str(points[seat]))])
    return rows
