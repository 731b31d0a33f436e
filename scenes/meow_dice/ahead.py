"""The Meow Meow Dice pictures due soon, made ahead in the art worker
(game/runtime/art_ahead.py): at 3840x2160 a slot card's face takes 25-40 ms to draw, and the
first frame of every card flying from the deck to a slot drew one (the slowest frames of the
table in bench/frame_probe.py). Asked for in order of need: the cards dealt to the slots and the
next ones of the deck and of the golden pile at a slot's width (with their names, as a slot shows
them), the slot cards and the fish bone pile's top at a hand's width (where a taken card, or the fish
bone of a roll that fits nothing, goes), the golden pile's top and the fish bone pile's (the one
under a fish bone given away shows then), the backs drawn, the turn's glow round the seats whose
turn comes, the dice, the icons of a seat's
piece (made anew at each turn change), and last the dice turned for a roll's tumble."""
from __future__ import annotations

from game.art.cache import ART
from game.art.cards_meow_dice import card_back, card_face, cat_head, cat_token, type_icon
from game.art.dice_meow_dice import TUMBLE_FACES, TUMBLE_TURNS, _die_turned
from game.art.draw import ellipse_glow
from game.rules.meow_dice_data import TYPES


def wanted(table) -> list[tuple]:
    """(function, *arguments) of each picture, the most needed first."""
    game, board = table.session.game, table.presenter.board
    slot_w = table.w("slot_card")

    def face(card: str, width: int) -> tuple:
        return (card_face, card, width, board.abilities.get(card), table.name_on_card(card, width))
    def cards(cids) -> list[str]:
        return [game.card(cid).notation for cid in cids if cid is not None]
    coming = cards([*game.slots, *game.deck[:2], *game.golden[:1]])     # the deal, then refills
    out = [face(card, slot_w) for card in coming]
    # a golden card flies face up from its pile at the pile's width (the deal's BR, a refill of
    # BR): its first frame made it there (4K: 7-11 ms, the deal's slowest frame)
    out += [face(card, table.w("pile")) for card in cards([game.slots[3], *game.golden[:1]])]
    out += [face(card, table.w("hand")) for card in board.slots.values() if card]     # a take
    out += [face(card, table.w("hand")) for card in cards(game.fishpile[:1])]   # "nothing fits"
    out += [face(card, table.w("pile")) for card in cards(game.golden[:2])]     # the golden pile's top
    out += [face(card, table.w("pile")) for card in cards(game.fishpile[:2])]   # the fish bone pile's
    out += [(card_back, w, kind) for w, kind in ((table.w("pile"), "regular"), (slot_w, "regular"),
                                                 (table.w("pile"), "fishbone"))]   # drawn, or flights'
    if not game.over:               # the turn's glow round the seat whose turn comes (smooth-scaled
        out += [(ellipse_glow, *table.seat_glow(seat))   # to 1 Mpx at 4K: 5-6 ms in the turn change's
                for seat in dict.fromkeys((game.current, (game.current + 1) % table.n))]   # frame)
    die = table.die_size()          # (once: ~40 us each at 4K, and 37 pictures at this size)
    icons = table.seat_icons(0)                 # a seat piece's icons, drawn anew at a turn change
    out += [(type_icon, t, icons["type:" + t].w) for t in TYPES]
    for cat in board.cats:
        out.append((cat_head, cat, icons["head"].w))
        if board.cat_up is not None:
            out += [(cat_token, cat, icons["cat_token"].w, up) for up in (True, False)]
    # a tumble's smooth turns (issue 23): each roll's flickering faces made 10-15 of them in the
    # frames of the roll, 2-3 ms each at 4K (176 ms of processor in 600 frames: --made), pushed
    # out of the budget between rolls; filed only in room no picture drawn lately holds
    out += [(_die_turned, f, die, turn) for f in TUMBLE_FACES for turn in TUMBLE_TURNS]
    return out


RECHECK = 12        # frames: all asked for, the list is made again after this even if nothing changed


def due(table) -> tuple:
    """All ``wanted`` depends on: the cards coming and shown, the cats, the layout and language."""
    game, board = table.session.game, table.presenter.board
    return (tuple(game.slots), tuple(game.deck[:2]), tuple(game.golden[:2]), tuple(game.fishpile[:2]),
            tuple(board.slots.values()), len(board.abilities), tuple(board.cats), board.cat_up is None,
            game.current, game.over,
            table.app.size, table.app.i18n.lang, id(table.anchors))


def want_ahead(table, ahead) -> None:
    """Ask for ``wanted``; once all of it is asked for, not again (issue 23: ~40 pictures' keys
    made and looked up, 0.4-0.5 ms of processor a frame at 4K) until what is due changes, or
    ``RECHECK`` frames later (one may have been pushed out of the budget since)."""
    key = due(table)
    asked = table.__dict__.get("_asked_ahead")
    if asked is not None and asked[0] == key and ART.frame - asked[1] < RECHECK:
        return
    if not ahead.can_ask():         # (none can be asked this frame: the list is not made)
        return
    table._asked_ahead = None
    for fn, *args in wanted(table):
        if not ahead.want(fn, *args):
            return                              # (the rest in a later frame)
    table._asked_ahead = (key, ART.frame)
