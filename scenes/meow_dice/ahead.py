"""The Meow Meow Dice pictures due soon, made ahead in the art worker above 1080p
(game/runtime/art_ahead.py): at 3840x2160 a slot card's face takes 25-40 ms to draw, and the
first frame of every card flying from the deck to a slot drew one (the slowest frames of the
table in bench/frame_probe.py). Asked for in order of need: the next cards of the deck and of
the golden pile at a slot's width (with their names, as a slot shows them), the backs, the dice,
then the slot cards at a hand's width (where a taken card goes)."""
from __future__ import annotations

from game.art.cards_meow_dice import card_back, card_face
from game.art.dice_meow_dice import die_face
from game.rules.meow_dice_data import FACES


def wanted(table) -> list[tuple]:
    """(function, *arguments) of each picture, the most needed first."""
    game, board = table.session.game, table.presenter.board
    slot_w = table.w("slot_card")

    def face(card: str, width: int) -> tuple:
        return (card_face, card, width, board.abilities.get(card), table.name_on_card(card, width))
    coming = [game.card(cid).notation for cid in [*game.deck[:2], *game.golden[:1]]]
    out = [face(card, slot_w) for card in coming]
    out += [(card_back, w, kind) for w in table.card_widths() for kind in ("regular", "fishbone")]
    out += [(die_face, f, table.die_size(), "normal") for f in (*FACES, None)]
    out += [face(card, table.w("hand")) for card in board.slots.values() if card]
    return out


def want_ahead(table, ahead) -> None:
    for fn, *args in wanted(table):
        if not ahead.want(fn, *args):
            return
