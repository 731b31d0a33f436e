"""The Zodiac pictures due soon, made ahead of need (issue 23; the art worker:
game/runtime/art_ahead.py): the back at each resting width, as a flying card draws it (with
its shadow, and bare for a flip: at 3840x2160 the first deal drew them in its frames, 20-60 ms
each), each kind's face at the size a card just revealed is shown (25 ms each), and what a turn
change draws for the first time.

The zoom's faces (13, 1.3 MB each at 4K) wait for the end of the deal: they are first shown
when a card is turned up, after the deal and the trump, and filing each as it arrived from the
worker (its pixels copied and converted, ~1 ms) fell in the deal's frames, the table's busiest.

A turn change, at 3840x2160, made in its frame: the glow under the cat whose turn it is (seven sizes
as it breathes: 1.5-2.9 ms each, with the round glow they are scaled from), the name plates of
the seat whose turn ends and of the one whose turn begins (a panel with another edge: 0.2-0.5 ms
each) and the cat's "thinking" pose (a body, 1-3.5 ms), with the turn's words: 9 pictures in
one frame. The game runs ahead of the table: the seat whose turn the game is at is known before
its turn shows. Its glow and plates are asked of the art worker, its cat's thinking pose (and
the next seat's) made in a quiet frame (``cats.expect``).
"""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.cache import ART
from game.art.cards_zodiac import RATIO, card_back, card_face
from game.art.draw import ellipse_glow, panel
from game.rules.zodiac_cards import KINDS
from game.runtime.dirty import Recorder
from scenes.zodiac.pictures import DESIGN_W, ZOOM_W, _card_sprite

C = P.colours("zodiac")

PLATE_H = 78                  # design px: a seat's name plate under its cat
RECHECK = 12                  # frames: all asked for, asked again after this anyway
FLYING = 2                    # more cards than this in the air: a deal (or the cards gathered)


def seat_glow() -> tuple:
    """The turn's glow under a seat's cat: width and height factors, colour, lift."""
    return (1.3, 0.55, C.DRAW_SEAT_GLOW, 8)


def plate_edge(table, seat: int, active: bool):
    """A name plate's edge: gold on the seat's turn, else jade for a person, red for a cat."""
    return C.GOLD if active else (C.JADE if seat in table.humans else C.RED_EDGE)


def plate_panel(table, seat: int, edge) -> tuple:
    """(function, *arguments) of the plate's panel, as ``_paint_plate`` draws it."""
    rect = table.seat_rect(seat)
    return (panel, (rect.w, table.s(PLATE_H)), C.INK_PANEL, table.s(14), max(2, table.s(3)), edge)


def wanted(table) -> list[tuple]:
    """(function, *arguments) of the turn's pictures: the glows and plates of the seat whose
    turn shows and of the one whose turn the game is at (the next to show)."""
    game, board = table.game, table.presenter.board
    if game.over:
        return []
    wf, hf, colour, _ = seat_glow()
    out = []
    for seat in dict.fromkeys((game.current_player, board.current)):
        if seat is None:
            continue
        rect = table.seat_rect(seat)
        height = int((rect.h - table.s(PLATE_H)) * hf)
        out += [(ellipse_glow, (int(rect.w * wf * (step / 20)), height), colour, 230)
                for step in range(14, 21)]          # draw_seat_cat's pulse: 0.70 .. 1.00
        out += [plate_panel(table, seat, plate_edge(table, seat, active)) for active in (True, False)]
    return out


def dealing(table) -> bool:
    """Nothing on the table yet, or many cards in the air: the deal (its frames, the table's
    busiest, file nothing from the worker but the backs it needs)."""
    board = table.presenter.board
    return len(table.presenter.flyers) > FLYING or not (any(board.hands) or board.centre)


def words_ahead(table, kind: str, text: str, colour=None) -> None:
    """Words the table shows soon (``kind``: "banner", the shout across the table; "caption",
    the chip under a card's zoom; "label", the trump's name under it; "prompt", the prompt's
    line; "plate", a seat's plate as its cat thinks, ``text`` the seat): their pictures are made
    in a later frame before they show (one a frame, ``_make_words``), the panel behind them by
    the art worker (a shout's: then its picture, the panel with the words on it). Why (issue
    23): at 4K the first frame of a zoom made its caption's words and chip (0.5-1 ms), the
    trump's landing its shout's words and 1084x230 panel and its name's words (2-3 ms), a
    turn's first thinking frame its plate's and the prompt's words (six, ~2 ms), in frames busy
    already (the zoom's whole place drawn again; the turn's glow, cat and plate)."""
    due = table.__dict__.setdefault("_words_due", [])
    if (kind, text, colour) not in due:
        due.append((kind, text, colour))


def _make_words(table, ahead) -> None:
    """The first of the words due: drawn on a recording (pictures made, nothing drawn), the
    panel behind them asked of the art worker; kept due while the worker cannot take it."""
    due = table.__dict__.get("_words_due")
    if not due:
        return
    if not ahead.active:
        due.clear()
        return
    kind, text, colour = due[0]
    s, app = table.s, table.app
    if kind == "label":
        table.text(Recorder(app.size), text, 26, colour, (0, 0), max_w=s(230))   # as _paint_trump
        done = True
    elif kind == "prompt":                  # as _draw_prompt: one line in the prompt's box
        rect = table.anchors["prompt"].rect
        table.text(Recorder(app.size), text, 38, colour, rect.center, max_w=rect.w - s(30))
        done = True
    elif kind == "plate":                   # a seat's plate on its turn, its cat thinking (_draw_seat)
        seat, rect = text, table.seat_rect(text)
        plate = pygame.Rect(rect.x, rect.bottom - s(PLATE_H), rect.w, s(PLATE_H))
        own = seat == table.viewer and table.curtain_for is None and len(table.humans) > 1
        table._paint_plate(Recorder(app.size), seat, plate, plate_edge(table, seat, True), own, False, True)
        done = True
    elif kind == "caption":                 # as Zoom.draw: the chip's words, then its panel
        width = s(ZOOM_W)                   # (and the zoom's shadow: 1.3 MB at 4K, its first frame's)
        table.shadow((width, round(width * RATIO)), 110)
        box = table.chip(Recorder(app.size), text, table.zoom_centre(), colour, 34, dry=True)
        done = ahead.want(panel, box.size, table.chip_fill, box.h // 2, max(2, s(3)), colour)
    else:                                   # as ZodiacDraw.draw's draw_banner (TableLook.banner_ahead)
        done = table.banner_ahead(text, colour, 60, table.anchors["banner"].rect.w, 36, C.INK_PANEL,
                                  C.GOLD, (60, 28))
    if done:
        due.pop(0)


def want_ahead(table) -> None:
    """The words due, then (not in the deal) the turn's pictures, then the cards'. Once all is
    asked for, not again until the window, grid or language changes, or RECHECK frames later
    (one may have been pushed out of the budget since)."""
    _make_words(table, table.app.art_ahead)
    table.make_flights()
    if dealing(table):
        _cards_ahead(table, table.app.art_ahead, deal=True)
        return
    if turn_ahead(table):
        _cards_ahead(table, table.app.art_ahead)


def _cards_ahead(table, ahead, deal: bool = False) -> bool:
    """Ask for the backs at each resting width, then (but not while ``deal``) the back at the
    zoom's width and the zoom's faces (none flies in the deal: at 4K the zoom-wide back and its
    sprite, 1.3 MB each, were filed in its frames): True once all is asked for (the backs alone,
    while ``deal``: not asked again each frame)."""
    key = (table.app.size, id(table.anchors), table.presenter.board.grid, table.app.i18n.lang, deal)
    asked = table.__dict__.get("_asked_ahead")
    if not ahead.active:
        return True
    if asked is not None and asked[0] == key and ART.frame - asked[1] < RECHECK:
        return not deal
    table._asked_ahead = None
    s = table.s
    # the centre's cards rest at a width of their own (the grid's, up to 128 design px)
    rest = [s(w) for w in DESIGN_W.values()] + [table.centre_slot(0)[1]] + ([] if deal else [s(ZOOM_W)])
    for width in sorted({table.card_px(w) for w in rest}):
        if not (ahead.want(_card_sprite, None, width, s(4), None) and ahead.want(card_back, width)):
            return False
    width = s(ZOOM_W)
    for kind in () if deal else KINDS:
        if not ahead.want(card_face, kind, width, table.face_name(kind)):
            return False
    table._asked_ahead = (key, ART.frame)
    return not deal


def turn_ahead(table) -> bool:
    """Ask for ``wanted``; not again, once all is asked for, until the turns change or RECHECK
    frames later. True once all is asked for."""
    game, ahead = table.game, table.app.art_ahead
    key = (game.current_player, table.presenter.board.current, game.over, table.app.size, id(table.anchors))
    asked = table.__dict__.get("_turn_asked")
    if not ahead.active or asked is not None and asked[0] == key and ART.frame - asked[1] < RECHECK:
        return True
    if game.current_player != table.__dict__.get("_turn_words", "-"):
        cur = [] if game.over or game.current_player is None else [game.current_player]
        for seat in table.computer_cats(cur):                       # its words when it thinks
            wait = table.app.t("zc.prompt.wait", name=table.seat_name(seat))
            words_ahead(table, "prompt", wait, P.LAMP_SOFT)
            words_ahead(table, "plate", seat)
    table._turn_words = game.current_player
    table._turn_asked = None
    for fn, *args in wanted(table):
        if not ahead.want(fn, *args):
            return False                            # (the rest in a later frame)
    table._turn_asked = (key, ART.frame)
    return True
