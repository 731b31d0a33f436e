"""The widths a Hungry Meow card about to fly will be drawn at, worked out while it waits, so its
sprites are made in those quiet frames (issue 23).

Why: a card drawn flies from the big reveal to its hand after a moment there (a Wait in its
step's timeline), shrinking all the way: at 4K its sprite at each new width (the face smooth-
scaled, its shadow painted in) was made in the frame it showed, 2.5-3.5 ms, in each of the ~14
frames of the flight. The flight is known from the timeline (the Wait, then the Tweens of the
flyer's width), and at a steady frame rate so is each frame's width: the Wait's time left, then
the tween's ease at each frame's time. A frame that comes at another time draws a width not
made ahead: made in the frame, as before."""
from __future__ import annotations

from game.art import pictures
from game.art.cache import ART
from game.art.cards_hungry_meow import (
    BACK_FILE,
    all_cards,
    card_back,
    card_face,
    parse,
    picture_file,
    size_for,
)
from game.runtime.tween import Call, Parallel, Timeline, Tween, Wait
from scenes.table.presenter import Flyer


def coming(timeline, dt: float, limit: int = 60) -> list[tuple[str, list[float], int]]:
    """(card, its widths frame by frame, then the width it lands at) for each card that flies
    and lands face up once the current Wait of ``timeline`` ends, the frames ``dt`` apart, or
    that flies now (its widths still to come); a card turning over in flight is drawn squashed
    (no sprite): only where it lands. With each, the frames until it flies (0: it flies)."""
    if not isinstance(timeline, Timeline) or timeline.done or dt <= 0:
        return []
    steps, i = timeline.steps, timeline.index
    if isinstance(steps[i], Wait) and not steps[i].done:
        left, lead = steps[i].left, 0
        i += 1
        while i < len(steps) and isinstance(steps[i], Call):
            i += 1
        while left > 0:                                 # the Wait's frames, as it counts them
            left -= dt
            lead += 1
        spare = -left if left < 0 else dt               # the tweens' time in their first frame
    elif isinstance(steps[i], Parallel):
        spare, lead = None, 0                           # in flight: from the next frame on
    else:
        return []
    if i >= len(steps) or not isinstance(steps[i], Parallel):
        return []
    out = []
    tweens = [t for t in steps[i].steps if isinstance(t, Tween) and isinstance(t.target, Flyer)]
    for tween in tweens:
        flyer = tween.target
        if tween.attr != "width" or flyer.card is None:
            continue
        if spare is None and (tween.start is None or tween.done):
            continue
        turns = [t.to for t in tweens if t.target is flyer and t.attr == "flip"]
        if (turns[0] if turns else flyer.flip) < 1.0:
            continue                                    # it lands face down
        widths = []
        if flyer.flip >= 1.0:                           # face up all the way: at each frame's width
            start = flyer.width if tween.start is None else tween.start
            t = spare if spare is not None else tween.elapsed + dt
            while t - tween.delay < tween.duration and len(widths) < limit:
                run = max(0.0, t - tween.delay)
                widths.append(start + (tween.to - start) * tween.ease(run / tween.duration))
                t += dt
        out.append((flyer.card, widths + [tween.to], lead))   # (turning: squashed) and where it lands
    return out

def make_next(table) -> None:
    """The sprite of a card about to fly from the reveal to a hand at the width of one frame of
    its flight (``coming``), made while it waits there: one a frame (``table.warm_up``). Those
    made are looked up each frame until drawn (counted as drawn: else, the smallest, cheap to
    make by their size, were the first pushed out of a full art budget before their frame). In
    the wait's last frames only (as many as are missing, and two): held as briefly as can be,
    they push fewer other pictures out of the budget (a cat's tail frames: made again). None is
    made while it flies (a set flying to the table: its frames are as busy as the landing's)."""
    sizes, cache, size = table._standard_widths(), table.art("sprites"), table.app.size
    for card, widths, lead in coming(table.presenter.current, table.frame_dt):
        fulls = list(dict.fromkeys((cache.family, (card, table._drawn_width(width), size))
                                   for width in widths))
        if ART.touch(fulls):                            # all made: counted as drawn, no lookups
            continue
        missing = [full for full in fulls if not ART.has(*full)]
        ART.touch([full for full in fulls if full not in missing])
        if not lead or lead > len(missing) + 2:         # in flight (a frame as busy as the one
            continue                                    # it would spare), or not yet
        for _, key in missing:
            base = next((w for w in sizes if w >= key[1]), sizes[-1])
            if ART.has(*face_key(card, base)):
                table._sprite(card, key[1])             # (its face at hand: never drawn here)
                return


def face_key(card: str, width: int) -> tuple:
    return card_face.family, card_face.key(card, width)


FILES = list(dict.fromkeys([BACK_FILE] + [picture_file(card) for card in all_cards()]))   # the catalogue's


def faces_ahead(table) -> bool:
    """The card back at each width the table draws (known from the start), then the face of each
    card the events have named and the table has not yet shown (a card drawn: at the reveal's
    width and each width between it and a hand's; a set played: at the table's), rasterised on
    the picture worker (``pictures.ahead``) and, once there, finished here (the numbers, the
    corners): one a frame. True if one was finished. Never from the deck or a hidden hand: only
    from the presenter's lists of the cards public events named.

    Why: at 4K a card drawn rasterised its face at the reveal's width (~20 ms) and the back at
    the widths of its flight (7-15 ms) in the frames that first drew them. The files of the
    whole catalogue (not the deck's order: it tells nothing) are read first, one a frame."""
    for rel in FILES:                 # read and coloured: 3-5 ms each the first time, one a frame
        if pictures.read(rel):
            return True
    sizes = table._standard_widths()
    reveal, hand = table.card_w("reveal"), table.card_w("hand")
    for width in sizes:
        if not ART.has(card_back.family, card_back.key(width)):
            if pictures.ahead(BACK_FILE, size_for(width)):
                card_back(width)
                return True
    presenter = table.presenter
    # while a card turns over in the air (its frames the busiest: the lift, its shadows, the
    # flight), only the reveal's width is finished: the widths of the flight to a hand after it
    # (8-10 ms a frame at 4K where they met the turn) wait for the quiet frames at the reveal
    turning = any(0.0 < f.flip < 1.0 for f in presenter.flyers)
    # and the width of a seat's open hand it lands in (made in its landing frame: 13-17 ms at 4K)
    mini = [table.card_w("mini")]
    wanted = [(card, [reveal] + ([] if turning else [w for w in reversed(sizes) if hand <= w < reveal]
                                 + mini)) for card in presenter.coming[:2]]
    wanted += [(card, [table.card_w("table")]) for card in presenter.sets_coming[:6]]
    for card, widths in wanted:
        for width in widths:
            rel, size = picture_file(card), size_for(width)
            if not ART.has(*face_key(card, width)) and pictures.ahead(rel, size):
                if parse(card) and not ART.has(pictures.FAMILY, pictures.key_of(rel, size)):
                    # a numbered card's picture is kept under its numbers: taken in one frame, the
                    # numbers put on in the next (both in one frame were 4-6 ms at 4K's reveal)
                    pictures.picture(rel, size)
                else:
                    card_face(card, width)
                return True
    return False
