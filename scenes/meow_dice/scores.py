"""Meow Meow Dice's results breakdown (its kit's ``breakdown``): card points, own-cat cards, kinds
of card, tokens won, special cards (MD-9 terms, ``score_parts``) and the total, then, for the seats
tied on the best total, MD-9's tie-break (food cards, fish bones included) below the total: the
enthusiasm left is no term (Dreamer's bonus is in Specials) and read as one not added (issue 21,
stranger21c); the tableau (its kit's ``tableau``): the cards each seat took and the
condition tokens it won, in one group."""
from __future__ import annotations

from game.ui.textfit import register_boxes
from scenes.table.scores import ROW_LABEL

register_boxes("results", {"results.md.*": ROW_LABEL})


def breakdown(final, t):
    parts_of, food = final.extra["score_parts"], final.extra["food_cards"]
    rows = []
    tied = tied_seats(final)
    for seat in range(len(final.seats)):
        parts = parts_of[seat]
        seat_rows = [(t("results.md.points"), str(parts["points"])),
                     (t("results.md.own_cat"), f"+{parts['own_cat']}"),
                     (t("results.md.types"), f"+{parts['types']}")]
        if final.options.get("advanced"):       # the basic game has no condition tokens to win
            seat_rows.append((t("results.md.tokens"), f"+{parts['tokens']}"))
        if parts["specials"]:
            seat_rows.append((t("results.md.specials"), f"+{parts['specials']}"))
        seat_rows.append((t("results.total"), str(parts["total"])))
        if seat in tied:
            seat_rows.append((t("results.md.tiebreak_food"), str(food[seat])))
        rows.append(seat_rows)
    return rows


def tied_seats(final) -> set[int]:
    """The seats whose total ties the best when MD-9's tie-break decided the game, else none."""
    if not str(final.end_reason or "").startswith("tiebreak"):
        return set()
    scores = final.summary["scores"]
    return {s for s, v in enumerate(scores) if v == max(scores)}


def tableau(final):
    summary = final.summary
    out = []
    for cards, tokens in zip(summary["cards"], summary["tokens"], strict=True):
        # one group: the tokens follow the cards in their rows, under one caption (a caption line
        # of their own left the cards about 42 px tall at four seats: issue 21, md21c)
        items = [("card", c) for c in cards] + [("cond", c) for c in tokens]
        caption = "results.tab.cards_tokens" if tokens else "results.tab.cards"
        out.append([(caption, items)] if items else [])
    return out

