"""Where each seat's result came from, for the results screen: computed from the finished game
and its action log (replayed from the seed, the engines being pure), never guessed.

``breakdown(session, t)`` gives one list of rows per seat, each row ``(label, value)``: the
game's own (its kit's ``breakdown``: Meow Meow Dice's points by term, Zodiac's points by source,
Hungry Meow's knock-outs), else the moves each seat made and its score when the engine's
summary has one (``scores`` or ``points``).
"""
from __future__ import annotations

import logging

from game.play.match import actor_of
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


def replay_events(session, actors: list | None = None) -> list[tuple[int, object]]:
    """(turns completed before the action, event) for every event of the game, opening deal
    included. ``actors``, when given, is filled with the seat that made each action."""
    game = type(session.game).new(len(session.seats), session.seed, session.options, session.setup or None)
    out = [(0, e) for e in getattr(game, "opening_events", None) or []]
    for action in session.actions:
        turn = game.turn
        if actors is not None:
            actors.append(actor_of(game, action))
        out.extend((turn, e) for e in game.apply_trusted(action))
    return out


def breakdown(session, t) -> list[list[tuple[str, str]]]:
    game = session.game
    if game is None or not game.over:
        return [[] for _ in session.seats]
    kit = KITS.get(session.game_name)
    own = kit.load("breakdown") if kit else None
    return (own or plain_breakdown)(session, t)


def plain_breakdown(session, t) -> list[list[tuple[str, str]]]:
    """A game without its own breakdown: the moves each seat made, and its score if any."""
    actors: list = []
    replay_events(session, actors)
    summary = session.game.summary()
    n = len(session.seats)
    scores = next((summary[k] for k in ("scores", "points")
                   if isinstance(summary.get(k), list) and len(summary[k]) == n), None)
    rows = []
    for seat in range(n):
        seat_rows = [(t("results.moves"), str(actors.count(seat)))]
        if scores is not None:
            seat_rows.append((t("results.total"), str(scores[seat])))
        rows.append(seat_rows)
    return rows
