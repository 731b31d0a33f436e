"""Spatial focus: every focusable thing has a ``rect``; ``move(direction)`` picks the nearest one
that lies in that direction. Pointer hover moves the focus too, so mouse, keys and pads always
agree on what is highlighted, and the highlight is always drawn (``draw``).
"""
from __future__ import annotations

import pygame

from game.art.draw import focus_outline

OPPOSITE = {"left": "right", "right": "left", "up": "down", "down": "up"}


def _center(rect) -> tuple[float, float]:
    r = pygame.Rect(rect)
    return (r.centerx, r.centery)


def direction_score(src, dst, direction: str) -> float | None:
    """How good ``dst`` is as the next focus from ``src`` going ``direction`` (lower is better);
    None when it does not lie that way. Distance along the direction plus twice the sideways
    offset, with overlapping rows/columns preferred."""
    a, b = pygame.Rect(src), pygame.Rect(dst)
    (ax, ay), (bx, by) = _center(a), _center(b)
    if direction == "right":
        main, side, overlap = bx - ax, abs(by - ay), a.top < b.bottom and b.top < a.bottom
    elif direction == "left":
        main, side, overlap = ax - bx, abs(by - ay), a.top < b.bottom and b.top < a.bottom
    elif direction == "down":
        main, side, overlap = by - ay, abs(bx - ax), a.left < b.right and b.left < a.right
    elif direction == "up":
        main, side, overlap = ay - by, abs(bx - ax), a.left < b.right and b.left < a.right
    else:
        return None
    if main <= 0:
        return None
    return main + 2 * side - (main * 0.5 if overlap else 0)


class FocusGroup:
    """An ordered set of focusables (anything with ``rect``; optional ``enabled``, ``on_press``).

    ``next``/``prev`` walk the order; ``move`` walks space. ``handle(intent)`` does the common
    part for a screen (point → hover, click → press, move, confirm, next/prev) and returns True
    when it used the intent.
    """

    def __init__(self, items=(), wrap: bool = True):
        self.items: list = list(items)
        self.index = 0 if self.items else -1
        self.wrap = wrap
        self.on_move = None        # callback(item) when focus changes (sounds)
        self._skip_disabled()

    # ---- membership ----------------------------------------------------------------------------
    def set_items(self, items, keep=True) -> None:
        current = self.focused if keep else None
        self.items = list(items)
        if current in self.items:
            self.index = self.items.index(current)
        else:
            self.index = 0 if self.items else -1
            self._skip_disabled()

    def add(self, item) -> None:
        self.items.append(item)
        if self.index < 0:
            self.index = 0
            self._skip_disabled()

    def clear(self) -> None:
        self.items = []
        self.index = -1

    @staticmethod
    def usable(item) -> bool:
        return getattr(item, "enabled", True) and getattr(item, "visible", True)

    def _skip_disabled(self) -> None:
        if self.index >= 0 and self.items and not self.usable(self.items[self.index]):
            for i, item in enumerate(self.items):
                if self.usable(item):
                    self.index = i
                    return
            self.index = -1 if not self.items else self.index

    @property
    def focused(self):
        if 0 <= self.index < len(self.items):
            return self.items[self.index]
        return None

    def set_focus(self, item) -> bool:
        if item in self.items and self.usable(item):
            changed = self.focused is not item
            self.index = self.items.index(item)
            if changed and self.on_move:
                self.on_move(item)
            return True
        return False

    # ---- navigation ----------------------------------------------------------------------------
    def move(self, direction: str) -> bool:
        cur = self.focused
        if cur is None:
            for item in self.items:
                if self.usable(item):
                    return self.set_focus(item)
            return False
        best, best_score = None, None
        for item in self.items:
            if item is cur or not self.usable(item):
                continue
            score = direction_score(cur.rect, item.rect, direction)
            if score is not None and (best_score is None or score < best_score):
                best, best_score = item, score
        if best is None and self.wrap:
            # wrap around: the farthest item the other way that lines up best
            back = OPPOSITE[direction]
            far, far_score = None, None
            for item in self.items:
                if item is cur or not self.usable(item):
                    continue
                score = direction_score(cur.rect, item.rect, back)
                if score is None:
                    continue
                a, b = _center(cur.rect), _center(item.rect)
                along = abs(b[0] - a[0]) if direction in ("left", "right") else abs(b[1] - a[1])
                side = abs(b[1] - a[1]) if direction in ("left", "right") else abs(b[0] - a[0])
                key = side * 4 - along
                if far_score is None or key < far_score:
                    far, far_score = item, key
            best = far
        if best is None:
            return False
        return self.set_focus(best)

    def step(self, delta: int) -> bool:
        if not self.items:
            return False
        n = len(self.items)
        i = self.index if self.index >= 0 else (-1 if delta > 0 else 0)
        for _ in range(n):
            i = (i + delta) % n
            if self.usable(self.items[i]):
                return self.set_focus(self.items[i])
        return False

    def item_at(self, pos):
        for item in reversed(self.items):
            if self.usable(item) and pygame.Rect(item.rect).collidepoint(pos):
                return item
        return None

    def press(self, item=None) -> bool:
        item = item or self.focused
        if item is None or not self.usable(item):
            return False
        callback = getattr(item, "on_press", None)
        if callback:
            callback()
            return True
        return False

    def handle(self, intent) -> bool:
        kind = intent.kind
        if kind in ("point", "drag"):
            item = self.item_at(intent.pos)
            if item is not None:
                self.set_focus(item)
            return item is not None
        if kind == "click":
            item = self.item_at(intent.pos)
            if item is None:
                return False
            self.set_focus(item)
            return self.press(item)
        if kind == "move":
            return self.move(intent.direction)
        if kind == "next":
            return self.step(1)
        if kind == "prev":
            return self.step(-1)
        if kind == "confirm":
            return self.press()
        return False

    def draw(self, surface, t: float, scale: float = 1.0) -> None:
        item = self.focused
        if item is not None and getattr(item, "visible", True):
            focus_outline(surface, item.rect, t, scale, getattr(item, "radius", 24))


FocusRing = FocusGroup
