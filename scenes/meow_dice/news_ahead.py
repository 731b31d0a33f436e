"""The news of a computer cat's move made ahead of it (issue 23).

A take's frame (or a fish bone's) made, with the cards' flight, the banner's panel and words
("Mochi takes the Chicken bites!", ~1.3-2.5 ms for the panel at 4K and ~1 ms a text) and the
caption's line and its shadow; a golden card's cat its "victorious" pose. A bot's answer is
ready well before it is played (it is held ``min_delay`` seconds, 0.35 s in attract mode, so a
person can follow the table): the move is played on a copy of the game, and the presenter's
handlers of the events it makes are built, not run, with their ``say`` / ``shout`` / ``pose``
noted (``preview``); their pictures are made one a quiet frame before the move is played
(``scenes/meow_dice/change_ahead.py`` runs it), and kept as drawn till then."""
from __future__ import annotations

from game.art import palette as P
from game.art.cache import ART

PROMPT_PX = (36, 30, 40)    # the prompt's line (with a second line under it), its second, alone
KINDS = ("CardTaken", "FishboneTaken", "Bite", "EnthusiasmChanged")  # the events that shout or pose


def coming_move(table) -> tuple | None:
    """(its key, the action) of a computer cat's move decided and not played yet, else None."""
    runner = table.runner
    job = runner._job
    if job is None or not job.get("done"):
        return None
    ok, value = job["result"]
    if not ok or not value or not value[0]:
        return None
    return (job["key"], value[0]), value[0]


def preview(table, action: str) -> tuple[list[tuple], object]:
    """("say", words), ("shout", words, colour) and ("pose", seat, pose) of the steps the events
    of ``action`` (played on a copy of the game, also returned) will show: their handlers built
    and dropped. Only the events that shout or pose (``KINDS``); one that cannot be built now is
    left out."""
    try:
        after = table.game.clone()     # (the rules' own copy: 0.16 ms, deepcopy 1 ms)
        events = after.apply(action)
    except Exception:               # (not legal any more: the state moved on)
        return [], None
    presenter, said = table.presenter, []
    presenter.say = lambda tl, text: said.append(("say", text))
    presenter.shout = lambda tl, text, colour=None, seconds=1.6: said.append(
        ("shout", text, colour or presenter.banner_colour))
    presenter.pose = lambda tl, seat, pose, seconds=1.4: said.append(("pose", seat, pose))
    try:
        for i, event in enumerate(events):
            handler = getattr(presenter, "on_" + event.kind, None)
            if event.kind in KINDS and handler is not None:
                try:
                    handler(event, events[i + 1:])
                except Exception:   # it reads the board as it will then stand
                    continue
    finally:
        for name in ("say", "shout", "pose"):
            presenter.__dict__.pop(name, None)
    return said, after


def played(table):
    """The game as it will stand after the computer cat's move decided and not played yet (a
    copy), else None."""
    move = coming_move(table)
    held = table.__dict__.get("_news")
    return held[2] if move is not None and held is not None and held[0] == move[0] else None


def turn_lines(table, future) -> list[tuple]:
    """("line", words, colour, size, smallest size) of the prompt's lines a coming turn shows
    (``future``: the board as the game will stand; nothing while its turn is the one shown): the
    caption "Tofu's turn" and the wait's "Tofu is posing…" over "Turn 1 of 5" (4K: each with its
    shadow ~1 ms, made in the turn change's frame and the one the cat starts thinking in)."""
    board = table.presenter.board
    if future is None or future.current is None or future.current == board.current:
        return []
    seat, t = future.current, table.app.t
    name = table.seat_name(seat)
    turns = t("md.turns", n=min(future.turns_each, future.turns_by_seat[seat] + 1), total=future.turns_each)
    return [("line", t("md.prompt.turn", name=name), P.CREAM, PROMPT_PX[0], 28),
            ("line", t("md.prompt.wait", name=name), P.LAMP_SOFT, PROMPT_PX[0], 28),
            ("line", turns, P.MUTED, PROMPT_PX[1], 24)]


def make_news(table, quiet: bool, lines=()) -> bool:
    """Make the coming move's pictures: in a quiet frame the next one not made (the banner,
    ``banner_picture``; the caption's words), and those made before again each frame (found:
    counted as drawn, else pushed out of the budget before the move; made again if they were).
    True if the quiet frame made one."""
    move = coming_move(table)
    held = table.__dict__.get("_news")
    if move is not None and (held is None or held[0] != move[0]):
        held = table._news = (move[0], *preview(table, move[1]), set())
    news = held[1] if move is not None else []
    done = table.__dict__.setdefault("_news_done", set())
    if len(done) > 64:
        done.clear()
    for item in [*news, *lines]:
        if item[0] == "pose":           # a cat's pose is a file, rasterised when first drawn
            continue
        if item in done:
            _make(table, item)
        elif quiet:
            before = ART.made
            if _make(table, item, ahead=True):
                done.add(item)
            if ART.made != before or item not in done:   # one picture (or a banner's step) a frame
                return True
    return False


def _make(table, item: tuple, ahead: bool = False) -> bool:
    """The pictures of a banner (``banner_picture``; ``ahead``: a step of it, ``banner_ahead``), a
    caption or another line of the prompt. False while a banner made ahead is not whole."""
    if item[0] == "shout":
        if ahead:
            return table.banner_ahead(item[1], item[2], *table.banner_look())
        table.banner_picture(item[1], item[2], *table.banner_look())
    elif item[0] == "say":
        _line(table, item[1], P.CREAM, PROMPT_PX[0], 28)
    else:
        _line(table, *item[1:])
    return True


def _line(table, text: str, colour, px: int, min_px: int) -> None:
    """A line of the prompt as ``draw_prompt_box`` draws it (fitted to the box, with its second
    line under it): the words and their shadow."""
    inner = table.anchors["prompt"].rect.w - table.s(30)
    font, cut = table.fitted_line(text, px, inner, min_px)
    for ink in (colour, (8, 8, 16)):           # the words, their shadow (App._text_blits)
        table.app.text(cut, font, ink)
