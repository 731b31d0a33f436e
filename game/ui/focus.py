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
        # item -> its group's name (a table's hand, board, actions...), or None: one group. With
        # groups, next/prev (Tab, the bumpers) go from group to group and the arrows stay in a
        # row's group along it (a hand: left/right), leaving it across (up/down)
        self.group_of = None
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

    # ---- groups ---------------------------------------------------------------------------------
    def group(self, item):
        return self.group_of(item) if self.group_of is not None and item is not None else None

    def groups(self) -> list:
        """The groups of the usable items, in the order their first items come."""
        return list(dict.fromkeys(self.group(i) for i in self.items if self.usable(i)))

    def _is_row(self, name) -> bool:
        """A group laid out along a row (wider than tall, one card high): a hand, the dice."""
        rects = [pygame.Rect(i.rect) for i in self.items if self.group(i) == name and self.usable(i)]
        if len(rects) < 2:
            return False
        ys = [r.centery for r in rects]          # one line of things (a picked die rises a little)
        return max(ys) - min(ys) < 0.6 * max(r.h for r in rects) and \
            max(r.centerx for r in rects) - min(r.centerx for r in rects) > max(ys) - min(ys)

    def _candidates(self, cur, direction: str) -> list[list]:
        """Where an arrow may go from ``cur``, in order of preference: with groups, a row's
        arrows along it stay in it (and go nowhere past its ends), across it they leave it; in
        any other group (a grid) the arrows stay in it while it goes on that way."""
        others = [i for i in self.items if i is not cur and self.usable(i)]
        name = self.group(cur)
        same = [i for i in others if self.group(i) == name]
        away = [i for i in others if self.group(i) != name]
        if not self._is_row(name):
            return [same, away]
        return [same] if direction in ("left", "right") else [away]

    def step_group(self, delta: int) -> bool:
        """To the next (previous) group's first usable item."""
        names = self.groups()
        if not names:
            return False
        here = self.group(self.focused)
        at = names.index(here) if here in names else (-1 if delta > 0 else 0)
        name = names[(at + delta) % len(names)]
        return self.set_focus(next(i for i in self.items if self.group(i) == name and self.usable(i)))

    # ---- navigation ----------------------------------------------------------------------------
    def move(self, direction: str) -> bool:
        cur = self.focused
        if cur is None:
            for item in self.items:
                if self.usable(item):
                    return self.set_focus(item)
            return False
        if self.group_of is not None:
            # the arrows go along a row and stop at its ends: no wrap to the far side of the table
            along = direction in ("left", "right") and self._is_row(self.group(cur))
            for candidates in self._candidates(cur, direction):
                best, best_score = None, None
                for item in candidates:
                    score = direction_score(cur.rect, item.rect, direction)
                    if along and score is not None:      # along a row: the next one, raised or not
                        score = abs(item.rect.centerx - cur.rect.centerx)
                    if score is not None and (best_score is None or score < best_score):
                        best, best_score = item, score
                if best is not None:
                    return self.set_focus(best)
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

    def move_in_rows(self, direction: str) -> bool:
        """For a form laid out in rows (seat setup): Left/Right go to the nearest usable thing in
        this row (one level with this one) and stop at its ends; Up/Down go to the nearest row
        that way, to the thing in it nearest across. Never a wrap to the far side (Left from the
        first button went to Start) nor a jump past a row to a thing that lines up better."""
        cur = self.focused
        if cur is None:
            return self.move(direction)
        a = pygame.Rect(cur.rect)
        others = [(i, pygame.Rect(i.rect)) for i in self.items if i is not cur and self.usable(i)]

        def level(b: pygame.Rect, c: pygame.Rect) -> bool:
            return b.top < c.bottom and c.top < b.bottom

        if direction in ("left", "right"):
            sign = 1 if direction == "right" else -1
            ahead = [(i, b) for i, b in others if level(a, b) and (b.centerx - a.centerx) * sign > 0]
        elif direction in ("up", "down"):
            ahead = [(i, b) for i, b in others if not level(a, b) and
                     ((b.top >= a.centery) if direction == "down" else (b.bottom <= a.centery))]
            if not ahead:
                return False
            gap = (lambda b: b.top - a.bottom) if direction == "down" else (lambda b: a.top - b.bottom)
            # the gap to it plus twice the offset across: the next row, unless only a far corner
            # of it is usable and a thing straight below (above) stands a row further
            best = min(ahead, key=lambda p: max(0, gap(p[1])) + 2 * abs(p[1].centerx - a.centerx))
            return self.set_focus(best[0])
        else:
            return False
        if not ahead:
            return False
        return self.set_focus(min(ahead, key=lambda p: abs(p[1].centerx - a.centerx))[0])

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
        if kind in ("next", "prev"):
            delta = 1 if kind == "next" else -1
            return self.step_group(delta) if self.group_of is not None else self.step(delta)
        if kind == "confirm":
            return self.press()
        return False

    def draw(self, surface, t: float, scale: float = 1.0) -> None:
        item = self.focused
        if item is not None and getattr(item, "visible", True):
            focus_outline(surface, item.rect, t, scale, getattr(item, "radius", 24))


FocusRing = FocusGroup
