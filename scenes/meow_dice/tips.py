"""Tips for the Meow Meow Dice pieces nobody picks now (scenes/table/tooltip.py's ``describe_at``):
a slot's odds badge says what its number is, a token of the supply says what it asks and how it
gets onto a card (issue 21: the badge had no tip, the supply's coins had no words). A mixin of
``MeowDiceTable``; the odds chips are logged by scenes/meow_dice/odds.py as they are drawn.
"""
from __future__ import annotations

import pygame

from game.art.cards_meow_dice import condition_token
from scenes.table.tooltip import Tip


class MeowDiceTips:
    def odds_words(self, slot: str) -> str | None:
        """The line a slot card's own tip adds about its odds badge (None: no badge shown)."""
        shown = self.__dict__.get("odds_chips", {}).get(slot)
        if shown is None:
            return None
        return self.app.t("md.tip.odds_line", pct=shown[1])

    def describe_at(self, pos):
        """(rect, Tip) of the odds badge or supply token under the pointer, else None."""
        for slot, (rect, pct, picked) in self.__dict__.get("odds_chips", {}).items():
            if rect.collidepoint(pos):
                t = self.app.t
                lines = [t("md.tip.odds_what"), t("md.tip.odds_picked" if picked else "md.tip.odds_best")]
                card = self.presenter.board.slots.get(slot)
                title = t("md.tip.odds", pct=pct, card=self.card_name(card) if card else "")
                return rect, Tip(title, lines, None)
        board = self.presenter.board
        picking = self.mode in ("cond_token", "lock_face") and not self.presenter.busy
        if not board.advanced or picking:
            return None
        size = self.supply_token_size()
        for tok in board.supply:
            x, y = self.supply_pos(tok)
            rect = pygame.Rect(0, 0, size, size)
            rect.center = (round(x), round(y))
            if rect.collidepoint(pos):
                words = self.cond_words(tok)            # short: the dock keeps three lines
                return rect, Tip(self.app.t("md.tip.token"), [words[:1].upper() + words[1:],
                                                               self.app.t("md.tip.supply")],
                                 condition_token(tok, self.s(160)))
        return None
