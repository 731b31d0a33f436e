"""Where each seat's result came from, for the results screen: computed from the finished game's
record (``game.play.results_record``: replayed from the seed in the play layer), never guessed.

``breakdown(final, t)`` gives one list of rows per seat, each row ``(label, value)``: the
game's own (its kit's ``breakdown``: Meow Meow Dice's points by term, Zodiac's points by source,
Hungry Meow's knock-outs), else the moves each seat made and its score when the engine's
summary has one (``scores`` or ``points``).
"""
from __future__ import annotations

import logging

from game.rules.registry import KITS
from game.ui.textfit import Box

ROW_LABEL = Box(180, 46, 30, ("shrink", "abbrev"))      # fits the narrowest column (six seats)
ROW_VALUE = Box(64, 46, 30)                             # "+12", "turn 14" shrinks to the floor
ROW_WIDE = Box(236, 46, 30, ("shrink", "abbrev"))       # a label whose figure goes on the next line


def load_breakdowns() -> None:
    """Import every game's breakdown now (each registers its rows' text boxes for the text-fit
    test); one that does not import is left out here and fails when its results show."""
    for kit in KITS.values():
        try:
            kit.load("breakdown")
        except (ImportError, AttributeError) as exc:
            logging.getLogger("meowcade").warning("%s breakdown does not load: %s", kit.name, exc)


def breakdown(final, t) -> list[list[tuple[str, str]]]:
    """``final``: the finished game's record (``game.play.feed.Finished``)."""
    if not final.over:
        return [[] for _ in final.seats]
    kit = KITS.get(final.game_name)
    own = kit.load("breakdown") if kit else None
    return (own or plain_breakdown)(final, t)


def plain_breakdown(final, t) -> list[list[tuple[str, str]]]:
    """A game without its own breakdown: the moves each seat made, and its score if any."""
    actors = final.actors
    summary = final.summary
    n = len(final.seats)
    scores = next((summary[k] for k in ("scores", "points")
                   if isinstance(summary.get(k), list) and len(summary[k]) == n), None)
    rows = []
    for seat in range(n):
        seat_rows = [(t("results.moves"), str(actors.count(seat)))]
        if scores is not None:
            seat_rows.append((t("results.total"), str(scores[seat])))
        rows.append(seat_rows)
    return rows
