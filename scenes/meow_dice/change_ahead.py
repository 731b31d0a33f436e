"""The still pieces a coming change shows, painted ahead of it (issue 23).

At a turn change the seat that had the turn and the one that gets it were each painted anew
(``MeowDiceDraw._seat_still``: the turn's glow round the panel, its edge, the plate's colour;
3-7 ms of processor each at 3840x2160), a card taken painted its seat anew, and a card drawn
from a pile painted the piles' piece anew (its cards, counts and their words; the cards made
again when pushed out of the art budget: 5-20 ms), in the frames of the change with its banner,
words and cat. The game runs ahead of the table (the presenter shows an action's events after it
is applied): a Board synced from the game is the table as it will stand, and the pieces of the
coming change are known from it: the seat on turn with its cards after the action, then without
the turn, and the next seat with it; the piles at the end and on the way
(``piles.coming_looks``). One is painted in a quiet frame (no picture made since the last one's
warm-up), or one picture it is painted from made, and kept aside
(``TableLook.static_ahead``, fresh in the budget till shown); ``static`` copies it when the change
shows."""
from __future__ import annotations

from game.art import palette as P
from game.art.cache import ART
from game.art.cards_meow_dice import card_face, cat_head, cat_token, enthusiasm_icon, type_icon
from game.art.draw import ellipse_glow
from game.rules.meow_dice_data import TYPES
from scenes.meow_dice import piles
from scenes.meow_dice.news_ahead import make_news, played, turn_lines
from scenes.meow_dice.presenter import Board

C = P.colours("meow-dice")
LEFT_FRAMES = 30        # the pieces painted ahead and not shown are dropped this long after the change


def seat_key(table, seat: int, board, active: bool, flipping: bool) -> tuple:
    """All a seat's still piece depends on (``MeowDiceDraw._draw_seat``); [3] its edge, [4] its cat."""
    edge = C.BRASS_LIGHT if active else (C.BRASS if seat in table.humans else C.DRAW_SEAT_EDGE)
    mdcat = board.cats[seat] if seat < len(board.cats) else "tabby"
    return ("seat", seat, active, edge, mdcat, tuple(board.hands[seat]), tuple(board.bitten[seat]),
            board.enth[seat], None if flipping or board.cat_up is None else board.cat_up[seat],
            tuple(board.won_tokens[seat]), table.app.i18n.lang)


def future_board(table, move: bool = True):
    """The table as it will stand when the last action is shown, or (``move``) the computer
    cat's move decided and not played yet (``news_ahead.played``); None once the game is over."""
    game = (played(table) if move else None) or table.game
    if table.game.over or game.over or table.presenter.board.current is None:
        return None
    key = (len(table.session.actions), id(game))
    held = table.__dict__.get("_future_board")
    if held is None or held[0] != key:
        future = Board(table.n)
        future.sync(game)
        held = table._future_board = (key, future, game)     # (the game held: its id stays its own)
    return held[1]


def coming_pieces(table) -> list[tuple[int, object, bool]]:
    """(seat, board, active) of the seat pieces the coming turn change shows, in order: none
    while the turn to come is the one shown. Not before the move is played: each is 4.5 MiB at
    4K, held from its painting till shown, and the art budget is full (pictures from the art
    worker found no room)."""
    board = table.presenter.board
    future = future_board(table, move=False)
    if future is None or future.current == board.current:
        return []
    return [(board.current, future, True), (board.current, future, False), (future.current, future, True)]


def jobs(table) -> list[tuple]:
    """(statics key when known, paint) of each piece coming, in the order a take shows them: the
    seat on turn with its card, the piles (a slot refilled), the seats of the turn change."""
    seats = []
    for seat, board, active in coming_pieces(table):
        key = (seat_key(table, seat, board, active, False), tuple(table.seat_region(seat)), table.app.size)
        seats.append((key, lambda seat=seat, board=board, active=active: _paint(table, seat, board, active)))
    future = future_board(table)
    pile_jobs = [(piles.ahead_key(table, looks), lambda looks=looks: piles.paint_ahead(table, looks))
                 for looks in (piles.coming_looks(table, future) if future is not None else ())]
    return seats[:1] + pile_jobs + seats[1:]


def paint_ahead(table) -> bool:
    """Paint one coming piece not made yet (or make one picture it needs), in a quiet frame, and
    keep those made fresh; True if it painted or made one."""
    quiet = ART.made == table.__dict__.get("_made_mark")
    painted = make_news(table, quiet, turn_lines(table, future_board(table)))   # a computer cat's
    # move, before it is played; a coming turn's words
    quiet = quiet and not painted
    coming = jobs(table)
    family = table.art("statics_ahead").family
    for key, paint in coming:
        if key is not None and ART.touch([(family, key)]):  # kept fresh till shown: pushed out of a
            continue                                        # full budget, it was painted again and again
        if quiet and paint():
            painted = table._ahead_held = True
            quiet = False               # one piece, or one picture it needs, a frame
    if coming:
        table._coming_in = ART.frame
    elif table.__dict__.get("_ahead_held") and ART.frame - table._coming_in > LEFT_FRAMES:
        table.art("statics_ahead").release()      # the change shown: what it did not use goes
        table._ahead_held = False
    table._made_mark = ART.made
    return painted


def missing(table, seat: int, board, active: bool) -> list[tuple]:
    """(function, *arguments) of the biggest pictures a seat's piece is painted from (the turn's
    glow, ~6 ms at 4K, and its cards' faces, 2-5 ms each) that are not made."""
    width = table.w("hand")
    wanted = [(card_face, card, width, board.abilities.get(card), table.name_on_card(card, width))
              for card in board.hands[seat]]
    if active:
        wanted.append((ellipse_glow, *table.seat_glow(seat)))
    return [(fn, *args) for fn, *args in wanted if not ART.has(fn.family, fn.key(*args))]


def icons_missing(table, seat: int, board) -> list[tuple]:
    """(function, *arguments) of the small pictures of a seat's piece not made (the cat card's
    head, the cat token or enthusiasm drops, the four type icons: 0.3-1 ms each at 4K, pushed
    out between turns)."""
    icons = table.seat_icons(seat)
    mdcat = board.cats[seat] if seat < len(board.cats) else "tabby"
    wanted = [(cat_head, mdcat, icons["head"].w)] + [(type_icon, t, icons["type:" + t].w) for t in TYPES]
    if board.enth[seat] is not None:
        wanted += [(enthusiasm_icon, icons["enth0"].w, lit) for lit in {k < (board.enth[seat] or 0)
                                                                        for k in range(3)}]
    elif board.cat_up is not None:
        wanted.append((cat_token, mdcat, icons["cat_token"].w, bool(board.cat_up[seat])))
    return [(fn, *args) for fn, *args in wanted if not ART.has(fn.family, fn.key(*args))]


def _paint(table, seat: int, board, active: bool) -> bool:
    """Paint the piece ahead, or first make one picture it is painted from, or all its small
    ones (painted with them missing, the quiet frame made them too: 14-20 ms). False if there
    was nothing to do."""
    key = seat_key(table, seat, board, active, False)
    region = table.seat_region(seat)
    if ART.has(table.art("statics").family, (key, tuple(region), table.app.size)):
        return False
    need = missing(table, seat, board, active)
    if need:
        fn, *args = need[0]
        fn(*args)
        return True
    small = icons_missing(table, seat, board)
    for fn, *args in small:
        fn(*args)
    if small:
        return True
    return table.static_ahead(key, region, lambda surf, o: table._seat_still(
        surf, seat, board, region, active, key[3], key[4], False))
