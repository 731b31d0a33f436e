"""Zodiac Catchers' figures on the table (its kit's ``odds``): how many of each kind the seat has
not seen yet, in the level's odds zone right of the board (else the right margin, under any seat
sitting there, clear of the centre grid)."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import panel
from game.bots.zodiac_odds import KINDS, unseen_counts
from game.ui.textfit import Box, fit_text
from scenes.table.zones import fitted

GLYPH = {"RAT": "鼠", "OX": "牛", "TIGER": "虎", "RABBIT": "兔", "DRAGON": "龍", "SNAKE": "蛇",
         "HORSE": "馬", "GOAT": "羊", "MONKEY": "猴", "ROOSTER": "雞", "DOG": "狗", "PIG": "豬",
         "MERMAID": "人魚"}


def draw_odds(table, surface, view) -> None:
    t = table
    s = t.s
    app = t.app
    counts = unseen_counts(view)
    # as the cards show them: number and sign ("2牛"), the mermaid by name
    items = [(("" if k == "MERMAID" else str(KINDS.index(k) + 1)) + GLYPH.get(k, k), n)
             for k, n in counts.items()]
    font = app.font(22)
    col_w, row_h = s(100), font.get_linesize() + s(2)
    spot = t.zone("odds")                         # the level's place for it (issue 21)
    cols = max(1, (spot.w - s(24)) // col_w) if spot is not None else 2
    rows = -(-len(items) // cols)
    title = app.t("zc.odds.unseen")
    head = fit_text(app, title, Box((col_w * cols + s(12)) / app.scale, 80, 22, ("wrap",)))
    top = head.height + s(16)                     # a narrow column takes the title on two lines
    if spot is not None:                          # the rows share the zone's height
        row_h = min(row_h, (spot.h - top - s(16)) // rows)
    box = pygame.Rect(0, 0, col_w * cols + s(24), row_h * rows + top + s(16))
    width = app.size[0]
    if spot is not None:
        box.topleft = spot.topleft
    else:
        right = [t.seat_rect(seat) for seat in range(t.n) if t.seat_rect(seat).centerx > width * 0.8]
        top = max([r.bottom for r in right], default=t.anchors["grid"].rect.y) + s(10)
        box.topright = (width - s(14), top)
    surface.blit(panel(box.size, (26, 18, 22), s(14), max(2, s(3)), (160, 120, 80), 0), box)
    t.boxes.add("overlay", "odds", box)
    fitted(t.boxes, app, surface, title, Box((box.w - s(12)) / app.scale, 80, 22, ("wrap",)),
           P.LAMP_SOFT, (box.centerx, box.y + s(8)), "midtop", shadow=False)
    for i, (glyph, n) in enumerate(items):
        x = box.x + s(10) + (i // rows) * col_w
        y = box.y + top + (i % rows) * row_h
        colour = P.MUTED if n == 0 else P.CREAM
        app.draw_text(surface, f"{glyph} ×{n}", font, colour, (x + s(8), y), "topleft", shadow=False)
