"""A seat's still piece drawn as six cells: its frame (four bands round the panel's edge), the
name plate's row, and the body (the cat card, tokens, cards by type).

Why (issue 23): at a turn change the seat that had the turn and the one that gets it are painted
anew (the glow round the panel, its edge and the name plate's colour mark the turn), and each new
piece was a new picture to the drawing by parts: at 3840x2160 its whole 1092x1032 px, and all drawn
over it, layered and sent again, in two frames of every turn. The turn's marks lie in the bands and
the plate's row; the body's pixels are the same. The new piece is painted in the old one's pixels
(``TableLook.static`` reuses a placed piece's surface), so the body's cell of the old piece shows
the new piece's body: kept, it is the same picture in the same place, and only the frame and the
plate's row (~a third of the piece) are drawn again. Any other change makes every cell anew."""
from __future__ import annotations

import pygame

TURN_MARKS = (2, 3)         # the parts of a seat piece's key that only the turn changes (active, edge)


def cells(region: pygame.Rect, band: int, plate_bottom: int) -> list[pygame.Rect]:
    """The cells, in the piece's own coordinates: top, bottom, left and right bands ``band`` px
    wide (the glow, the edge and its rounded corners), the plate's row down to ``plate_bottom``
    (window y), and the body. They cover the piece once each."""
    w, h = region.size
    band = max(1, min(band, w // 3, h // 3))
    row = min(max(band, plate_bottom - region.y), h - band)
    side = h - 2 * band
    return [pygame.Rect(0, 0, w, band), pygame.Rect(0, h - band, w, band),
            pygame.Rect(0, band, band, side), pygame.Rect(w - band, band, band, side),
            pygame.Rect(band, band, w - 2 * band, row - band),
            pygame.Rect(band, row, w - 2 * band, h - band - row)]


def _turn_only(old_key, key) -> bool:
    return len(old_key) == len(key) and all(a == b for i, (a, b) in enumerate(zip(old_key, key, strict=True))
                                            if i not in TURN_MARKS)


def seat_cells(table, seat: int, piece: pygame.Surface, key, region: pygame.Rect, band: int,
               plate_bottom: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """(picture, window rect) of each cell of ``piece`` (drawn at ``region``; ``key`` all its
    drawing depends on): the very pictures of the last frame while the piece is the same; at a
    change of the turn only, the body's kept when the new piece is painted in the old one's pixels."""
    held = table.__dict__.setdefault("_seat_cells", {})
    old = held.get(seat)
    if old is not None and old[0] is piece:
        return old[2]
    rects = cells(region, band, plate_bottom)
    views = [(piece.subsurface(rect), rect.move(region.topleft)) for rect in rects]
    if old is not None and [r for _, r in old[2]] == [r for _, r in views] and _turn_only(old[1], key):
        before, now = old[0].get_parent(), piece.get_parent()
        if before is not None and before is now:        # the same pixels under the old body
            views[-1] = old[2][-1]
    held[seat] = (piece, key, views)
    return views
