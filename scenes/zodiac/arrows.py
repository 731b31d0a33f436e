"""Zodiac's arrows from another seat's hand towards the board.

The nearest-thing rule scores a move by its distance plus twice the sideways offset: from a card
at either end of a top hand, the board's nearest card lies far to the side and the person's own
hand, straight below, won (stranger 6: "Down from Miso's hand jumps over the whole board to my
hand"). An arrow from another seat's hand that points at the board goes to the board: to its
row (or column) nearest that hand, and there to the card nearest across."""
from __future__ import annotations

import pygame


def toward_board(table, direction: str | None):
    """The board card an arrow from the focused hand card goes to, or None (the usual rule)."""
    cur = table.focus.focused
    key = getattr(cur, "key", None)
    if direction is None or not (isinstance(key, tuple) and key[0] == "hand" and key[1] != table.viewer):
        return None
    board = [w for w in table.focus.items if isinstance(getattr(w, "key", None), tuple)
             and w.key[0] == "centre" and table.focus.usable(w)]
    if not board:
        return None
    hand = [pygame.Rect(w.rect).center for w in table.focus.items
            if getattr(w, "key", None) is not None and w.key[:2] == key[:2]]
    xs, ys = [x for x, _ in hand], [y for _, y in hand]
    row = max(xs) - min(xs) >= max(ys) - min(ys)
    if row != (direction in ("down", "up")):
        return None                     # along the hand: its own next card, as everywhere
    grid = pygame.Rect(board[0].rect).unionall([w.rect for w in board[1:]])
    c = pygame.Rect(cur.rect).center
    ahead = {"down": c[1] < grid.top, "up": c[1] > grid.bottom,
             "right": c[0] < grid.left, "left": c[0] > grid.right}
    if not ahead.get(direction):
        return None
    along = 1 if direction in ("down", "up") else 0        # the coordinate the arrow travels
    step = min(pygame.Rect(w.rect).size[along] for w in board) / 2

    def score(w):
        p = pygame.Rect(w.rect).center
        return (round(abs(p[along] - c[along]) / step), abs(p[1 - along] - c[1 - along]))
    return min(board, key=score)
