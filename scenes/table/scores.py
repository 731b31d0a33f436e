"""Where each seat's result came from, for the results screen: computed from the finished game
and its action log (replayed from the seed, the engines being pure), never guessed.

``breakdown(session, t)`` gives one list of rows per seat, each row ``(label, value)``:
- Meow Meow Dice: card points, own-cat cards, kinds of card, tokens won, special cards (MD-9
  terms, ``score_parts``), the enthusiasm left (advanced game), and the total;
- Zodiac Catchers: rounds won, then the points by source (captures, mermaids, trump, round
  wins, summed over every ``PointsScored``) and the total;
- Hungry Meow: the Meals held at the end and, for a seat knocked out, on which turn and by
  which card (the one turned up after Death); else "still in" with the cards held.
A game without a breakdown here gives no rows (the screen shows names only).
"""
from __future__ import annotations

from collections import Counter, defaultdict

from game.rules.hungry_meow_cards import is_meal, parse


def replay_events(session) -> list[tuple[int, object]]:
    """(turns completed before the action, event) for every event of the game, opening deal
    included."""
    game = type(session.game).new(len(session.seats), session.seed, session.options, session.setup or None)
    out = [(0, e) for e in getattr(game, "opening_events", None) or []]
    for action in session.actions:
        turn = game.turn
        out.extend((turn, e) for e in game.apply_trusted(action))
    return out


def breakdown(session, t) -> list[list[tuple[str, str]]]:
    game = session.game
    if game is None or not game.over:
        return [[] for _ in session.seats]
    maker = {"meow-dice": _meow_dice, "zodiac": _zodiac, "hungry-meow": _hungry_meow}.get(session.game_name)
    return maker(session, t) if maker else [[] for _ in session.seats]


def _meow_dice(session, t):
    game = session.game
    rows = []
    for seat in range(len(session.seats)):
        parts = game.score_parts(seat)
        seat_rows = [(t("results.md.points"), str(parts["points"])),
                     (t("results.md.own_cat"), f"+{parts['own_cat']}"),
                     (t("results.md.types"), f"+{parts['types']}"),
                     (t("results.md.tokens"), f"+{parts['tokens']}")]
        if parts["specials"]:
            seat_rows.append((t("results.md.specials"), f"+{parts['specials']}"))
        enth = game.summary()["enthusiasm"][seat]
        if enth is not None:
            seat_rows.append((t("results.md.enthusiasm"), str(enth)))
        seat_rows.append((t("results.total"), str(parts["total"])))
        rows.append(seat_rows)
    return rows


def _zodiac(session, t):
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


def _hm_card(card: str, t) -> str:
    p = parse(card)
    if p:
        return f"{t('hm.colour.' + p[0])} {t('hm.sym.' + p[2])} {p[1]}"
    return t("hm.card." + card)


def _hungry_meow(session, t):
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
