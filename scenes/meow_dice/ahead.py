"""The faces of the cards lying face up on a Meow Meow Dice table (the slots', the piles' tops),
rasterised on the picture worker before the table draws them (``MeowDiceTable.warm_up``).

Why: at 4K a butler card's face (its frame, item, cat's head, conditions: four to six files)
was rasterised in the frame that first drew it, 17-27 ms; the deal draws several. What is read:
the public view (nothing is hidden at this table), never a deck's order."""
from __future__ import annotations

from game.art import pictures
from game.art.cache import ART
from game.art.cards_meow_dice import card_face, face_files


def faces_ahead(table) -> bool:
    """Ask the worker for the files of each face-up card's face not yet kept, the first first;
    once all of one card's are there, finish it here (one a frame). True if one was finished."""
    view = table.feed.view(None)
    slots = [card for card in view["slots"].values() if card]
    wanted = [(card, table.w("slot_card")) for card in slots]
    wanted += [(card, table.w("pile")) for card in (view["golden_top"], view["fishbone_top"]) if card]
    wanted += [(card, table.w("hand")) for card in slots]     # where one taken lands
    abilities = table.presenter.board.abilities
    for card, width in wanted:
        ability, name = abilities.get(card), table.name_on_card(card, width)
        if ART.has(card_face.family, card_face.key(card, width, ability, name)):
            continue
        ready = [pictures.ahead(rel, size) for rel, size in face_files(card, width, ability)]
        if all(ready):
            card_face(card, width, ability, name)
            return True
        return False                    # its files first
    return False
