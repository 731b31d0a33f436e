"""The "new card" mark: a small "NEW" (「新」) tag on a card's top edge.

A card just drawn or handed over was told only by a coloured edge, and that edge read as the
tiger's outline (stranger 9 #3: four cards seemed suggested when the tiger named three). The
tag tells it by words and shape (a pill on the card's top, where neither the tiger's face badge
on the outline's top-left corner nor a selected card's tick on its top-right sits)."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.ui.textfit import Box, register_boxes

TAG_PX = 28          # design px of the tag's words (the body-text floor)
# its words stay inside the narrowest card it marks (a hand card, 150 design px wide)
register_boxes("table", {"table.new_card": Box(120, 44, TAG_PX)})


def draw_new_tag(scene, surface, card: pygame.Rect, fill) -> pygame.Rect:
    """The tag over the middle of ``card``'s top edge, in ``fill`` with ink words; its rect."""
    s = scene.s
    font = scene.app.font(TAG_PX)
    words = scene.app.t("table.new_card")
    w, h = font.size(words)
    pill = pygame.Rect(0, 0, w + s(18), h + s(4))
    pill.center = (card.centerx, card.top)
    pygame.draw.rect(surface, P.INK, pill.inflate(s(6), s(6)), border_radius=pill.h)
    pygame.draw.rect(surface, fill, pill, border_radius=pill.h)
    scene.app.draw_text(surface, words, font, P.INK, pill.center, "center", shadow=False)
    return pill
