"""A row of fixed button places (issue 12: "buttons keep their places between phases").

Each slot belongs to one action (or one choice and its own cancel/confirm); its place is worked
out once per window size and language from the longest label that slot may ever show, so a
button never slides into the place another one held a moment ago: an action that is not
available leaves its slot empty or dimmed. Any table with a button row that changes with the
phase can use it.
"""
from __future__ import annotations

import pygame

from game.ui.textfit import Box, button_box, fit_text

PX = 34                  # preferred label size, design px; the box shrinks it to the 28 floor, then wraps
MAX_W = 300              # no slot wider than this (design px), however much room there is


def need(app, labels: list[str], h: float, px: int = PX, one_line: bool = False) -> float:
    """The narrowest button (design px, in steps of 4) whose box holds every label in ``labels``
    (``one_line``: without wrapping)."""
    def box(w):
        b = button_box(w, h, px)
        return Box(b.w, b.h, b.px, ("shrink",)) if one_line else b
    w = 80.0
    while w < 900 and any(fit_text(app, text, box(w)).overflow for text in labels):
        w += 4
    return w + 4                         # room for rounding to window pixels


class SlotRow:
    """``slots``: (slot name, function(app) -> the texts that slot may show), left to right."""

    def __init__(self, slots: list[tuple[str, object]], gap: float = 10, px: int = PX):
        self.slots = slots
        self.gap = gap
        self.px = px
        self._cache: dict = {}

    def rects(self, app, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """Slot name → window rect inside ``rect`` (cached per window size, language and rect)."""
        key = (app.s(1000), app.i18n.lang if hasattr(app, "i18n") else None, tuple(rect))
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self._layout(app, rect)
        return hit

    def _layout(self, app, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        scale = app.s(1000) / 1000
        w, h = rect.w / scale, rect.h / scale
        needs = [need(app, texts(app), h, self.px) for _, texts in self.slots]
        room = w - self.gap * (len(needs) - 1)
        spare = room - sum(needs)
        # where the room allows, a label keeps to one line (the cheapest such widenings first)
        lines = [need(app, texts(app), h, self.px, one_line=True) for _, texts in self.slots]
        for i in sorted(range(len(needs)), key=lambda i: lines[i] - needs[i]):
            extra = lines[i] - needs[i]
            if 0 < extra <= spare:
                needs[i] = lines[i]
                spare -= extra
        if spare >= 0:                   # share what is left, but never past MAX_W
            widths = list(needs)
            while spare > 0.5:
                grow = [i for i, x in enumerate(widths) if x < MAX_W]
                if not grow:
                    break
                step = spare / len(grow)
                for i in grow:
                    add = min(step, MAX_W - widths[i])
                    widths[i] += add
                    spare -= add
        else:                            # too narrow: shrink all alike (the fit test reports it)
            widths = [x * room / sum(needs) for x in needs]
        total = sum(widths) + self.gap * (len(widths) - 1)
        x = rect.centerx / scale - total / 2
        out = {}
        for (name, _), bw in zip(self.slots, widths, strict=True):
            r = pygame.Rect(round(x * scale), rect.y, round(bw * scale), rect.h)
            out[name] = r.clip(rect)              # rounding never takes a slot past the row
            x += bw + self.gap
        return out

    def box(self, app, rect: pygame.Rect):
        """The label box of a button in slot ``rect`` (window px)."""
        scale = app.s(1000) / 1000
        return button_box(rect.w / scale, rect.h / scale, self.px)
