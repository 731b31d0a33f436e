"""Zodiac Catchers' results breakdown (its kit's ``breakdown``): the points each seat scored in
each round (issue 21: a per-round breakdown), the rounds it won marked ★, and the total. A long
match folds its earliest rounds into one row so the column keeps to ``SHOWN_ROUNDS`` rows. The
tableau (its kit's ``tableau``): the sets each seat caught, round by round, the trump framed;
its cards stay ``READABLE`` wide (about 50 px tall at 1280x720, issue 21: 34 px at 6 seats), and
the earliest rounds that do not fit then are said in one line ("Rounds 1–3: 4 sets")."""
from __future__ import annotations

from game.ui.textfit import register_boxes
from scenes.table.scores import ROW_LABEL

register_boxes("results", {"results.zc.*": ROW_LABEL})

READABLE = 54                     # design px wide: a card about 50 px tall at 1280x720
SHOWN_ROUNDS = 2                  # + two story rows, the folded row and Total: above the buttons


def round_points(final) -> tuple[list[list[int]], list[set[int]]]:
    """(points[seat][round - 1], rounds won by each seat), from the replayed log."""
    n = len(final.seats)
    points: list[list[int]] = [[] for _ in range(n)]
    won: list[set[int]] = [set() for _ in range(n)]
    current = 0
    for _, e in final.events:
        if e.kind == "RoundStarted":
            current = e.data["round"]
            for row in points:
                row.extend([0] * (current - len(row)))
        elif e.kind == "PointsScored" and current:
            points[e.data["seat"]][current - 1] += e.data["points"]
        elif e.kind == "RoundWon":
            won[e.data["seat"]].add(e.data["round"])
    return points, won


def breakdown(final, t):
    points, won = round_points(final)
    totals = final.summary["points"]
    turns = [0] * len(final.seats)
    caught = [0] * len(final.seats)
    for _, e in final.events:
        if e.kind == "TurnStarted":
            turns[e.data["seat"]] += 1
        elif e.kind == "Captured":
            caught[e.data["seat"]] += 1
    rows = []
    for seat, per_round in enumerate(points):
        fold = max(0, len(per_round) - SHOWN_ROUNDS)
        fold = 0 if fold == 1 else fold          # "Rounds 1–1": one round stands as itself
        # the match's story first, plain figures (the turns each had: a short match can end
        # after a person's third turn), then the points by round, which add up to the Total
        seat_rows = [(t("results.zc.turns"), str(turns[seat])), (t("results.zc.caught"), str(caught[seat]))]
        if fold:
            seat_rows.append((t("results.zc.rounds_upto", n=fold), f"+{sum(per_round[:fold])}"))
        for r in range(fold + 1, len(per_round) + 1):
            key = "results.zc.round_won" if r in won[seat] else "results.zc.round"
            seat_rows.append((t(key, n=r), f"+{per_round[r - 1]}"))
        seat_rows.append((t("results.total"), str(totals[seat])))
        rows.append(seat_rows)
    return rows


def tableau(final):
    """Per seat, the sets it caught in each round (that round's trump framed), a round won
    marked as in its rows; a seat that caught nothing says so."""
    caught: list[dict[int, list[str]]] = [{} for _ in final.seats]
    trumps: dict[int, str] = {}
    current = 0
    for _, e in final.events:
        if e.kind == "RoundStarted":
            current = e.data["round"]
        elif e.kind == "TrumpTurned":
            trumps[current] = e.data["card"]
        elif e.kind == "Captured" and current:
            caught[e.data["seat"]].setdefault(current, []).append(e.data["card"])
    _, won = round_points(final)
    out = []
    for seat, rounds in enumerate(caught):
        groups = [(("results.zc.round_won" if r in won[seat] else "results.zc.round", {"n": r}),
                   [("trump" if k == trumps.get(r) else "card", k) for k in kinds])
                  for r, kinds in sorted(rounds.items())]
        out.append(groups or [("results.tab.captures", [])])
    return out


def left_out(groups) -> tuple[str, dict]:
    """The line saying what the earliest rounds, left out of a seat's column, caught: every round
    up to the last one left out, and how many sets in all."""
    last = max(caption[1]["n"] for caption, _items in groups)
    sets = sum(len(items) for _caption, items in groups)
    one = "_one" if sets == 1 else ""
    if last == 1:
        return f"results.zc.left_round{one}", {"n": last, "sets": sets}
    return f"results.zc.left_rounds{one}", {"n": last, "sets": sets}


tableau.readable = READABLE
tableau.summary = left_out
tableau.beside = 0.4              # "Round 3 ★" at the left of its cards: a row each, not two
