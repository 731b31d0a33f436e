"""A seat's still piece drawn as seven cells: its frame (four bands round the panel's edge), the
name plate's row, and the body's two parts (the cat card and tokens; the cards by type).

Why (issue 23): at a turn change the seat that had the turn and the one that gets it are painted
anew (the glow round the panel, its edge and the name plate's colour mark the turn), and a card
taken paints its seat anew; each new piece was a new picture to the drawing by parts: at
3840x2160 its whole 1092x1032 px, and all drawn over it, layered and sent again. The new piece is
painted in the old one's pixels (``TableLook.static`` reuses a placed piece's surface), so a cell
of the old piece shows the new piece's pixels there: the cells a change leaves as they were
(``KEPT``: the body at a turn change; the top and left bands, the plate's row and the body's left
part when only the cards change) are kept, the same pictures in the same places, and only the
others are drawn again. Any other change makes every cell anew."""
from __future__ import annotations

import pygame

TURN_MARKS = {2, 3}         # the parts of a seat piece's key that only the turn changes (active, edge)
HAND_MARKS = {5, 6}         # and those a card taken or bitten changes (hands, bitten)
# the cells (by index in ``cells``) whose pixels those changes leave as they were: the turn's
# marks lie in the bands and the plate's row; the cards in the right part of the body, and (their
# shadows) in the right and bottom bands
KEPT = ((TURN_MARKS, (5, 6)), (HAND_MARKS, (0, 2, 4, 5)))


def cells(region: pygame.Rect, band: int, plate_bottom: int, split: int) -> list[pygame.Rect]:
    """The cells, in the piece's own coordinates: top, bottom, left and right bands ``band`` px
    wide (the glow, the edge and its rounded corners), the plate's row down to ``plate_bottom``
    (window y), and the body left and right of ``split`` (window x: the cat card and tokens, the
    cards by type). They cover the piece once each."""
    w, h = region.size
    band = max(1, min(band, w // 3, h // 3))
    row = min(max(band, plate_bottom - region.y), h - band)
    split = min(max(band, split - region.x), w - band)
    side, low = h - 2 * band, h - band - row
    return [pygame.Rect(0, 0, w, band), pygame.Rect(0, h - band, w, band),
            pygame.Rect(0, band, band, side), pygame.Rect(w - band, band, band, side),
            pygame.Rect(band, band, w - 2 * band, row - band),
            pygame.Rect(band, row, split - band, low), pygame.Rect(split, row, w - band - split, low)]


def kept_cells(old_key, key) -> tuple[int, ...]:
    """The cells of the new piece (``key``) with the pixels of the old one (``old_key``)."""
    if len(old_key) != len(key):
        return ()
    changed = {i for i, (a, b) in enumerate(zip(old_key, key, strict=True)) if a != b}
    return next((keep for marks, keep in KEPT if changed <= marks), ())


def seat_cells(table, seat: int, piece: pygame.Surface, key, region: pygame.Rect, band: int,
               plate_bottom: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
    """(picture, window rect) of each cell of ``piece`` (drawn at ``region``; ``key`` all its
    drawing depends on): the very pictures of the last frame while the piece is the same; at a
    change of the turn only, or of the cards only, the cells that change keeps as they were
    (``KEPT``) are the old ones, when the new piece is painted in the old one's pixels."""
    held = table.__dict__.setdefault("_seat_cells", {})
    old = held.get(seat)
    if old is not None and old[0] is piece:
        return old[2]
    rects = cells(region, band, plate_bottom, table.seat_parts(seat)["cols"].x - band // 6)
    views = [(piece.subsurface(rect), rect.move(region.topleft)) for rect in rects]
    if old is not None and [r for _, r in old[2]] == [r for _, r in views]:
        before, now = old[0].get_parent(), piece.get_parent()
        if before is not None and before is now:        # the same pixels under the old cells
            for k in kept_cells(old[1], key):
                views[k] = old[2][k]
    held[seat] = (piece, key, views)
    return views
