"""Zodiac Catchers' figures on the table (its kit's ``odds``): how many of each kind the seat has
not seen yet, in the level's odds zone right of the board (else the right margin, under any seat
sitting there, clear of the centre grid)."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import panel
from game.bots.zodiac_odds import unseen_counts
from game.ui.textfit import Box, fit_text
from scenes.table.zones import fitted


def odds_items(t, counts: dict[str, int]) -> list[tuple[str, int]]:
    """(words, count) per kind in the table's language: "Ox ×2" / "2牛 ×2" (issue 21: not
    Chinese alone in English)."""
    out = []
    for kind, n in counts.items():
        name = t(f"zc.kind_short.{kind}")
        out.append((t("zc.odds.item", name=name, count=n), n))
    return out


def draw_odds(table, surface, view) -> None:
    t = table
    s = t.s
    app = t.app
    counts = unseen_counts(view)
    # in the table's language, in card order: "Ox ×2" (a narrow zone: English names leave the
    # number to the order), "2牛 ×2"; the mermaid by name
    items = odds_items(app.t, counts)
    spot = t.zone("odds")                         # the level's place for it (issue 21)
    font = app.font(22)
    widest = max(font.size(text)[0] for text, _ in items)
    if spot is not None and widest + s(26) > spot.w:   # English names: a size smaller, not wider
        font = app.font(20)
        widest = max(font.size(text)[0] for text, _ in items)
    col_w, row_h = max(s(100), widest + s(4)), font.get_linesize() + s(2)
    cols = max(1, (spot.w - s(24)) // col_w) if spot is not None else 2
    rows = -(-len(items) // cols)
    title = app.t("zc.odds.unseen")
    head = fit_text(app, title, Box((col_w * cols + s(12)) / app.scale, 80, 22, ("wrap",)))
    top = head.height + s(16)                     # a narrow column takes the title on two lines
    if spot is not None:                          # the rows share the zone's height
        row_h = min(row_h, (spot.h - top - s(16)) // rows)
    box = pygame.Rect(0, 0, col_w * cols + s(22), row_h * rows + top + s(16))
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
    for i, (text, n) in enumerate(items):
        x = box.x + s(3) + (i // rows) * col_w
        y = box.y + top + (i % rows) * row_h
        colour = P.MUTED if n == 0 else P.CREAM
        app.draw_text(surface, text, font, colour, (x + s(8), y), "topleft", shadow=False)
