"""A row of fixed button places (issue 12: "buttons keep their places between phases").

Each slot belongs to one action (or one choice and its own cancel/confirm); its place is worked
out once per window size and language from the longest label that slot may ever show, so a
button never slides into the place another one held a moment ago: an action that is not
available leaves its slot empty or dimmed. Any table with a button row that changes with the
phase can use it.

Every label stands on one line, and the buttons of one line share one height and one font size
(issue 21: "Lock / a die" wrapped at 1920x1080). When the slots' one-line labels do not fit side by
side, the row becomes the ``lines`` it was given (e.g. the dice's buttons over the pre-roll spends),
each as tall as the room allows; a label never goes under ``MIN_PX``, the table's tool buttons'
size (Undo, Moves).
"""
from __future__ import annotations

import pygame

from game.ui.textfit import Box, fit_text

PX = 34                  # preferred label size, design px
MIN_PX = 30              # never smaller: the size of the table's tool buttons (Undo, Moves)
MAX_W = 300              # no slot wider than this (design px), however much room there is
MAX_H = 106              # no line of buttons taller than this (design px)
PAD_W, PAD_H = 36, 8     # a label's room inside its button: the rounded ends, the rim


def label_box(w: float, h: float, px: int) -> Box:
    """The one-line label box of a button of w x h design px, its font ``px`` (no shrinking)."""
    return Box(w - PAD_W, h - PAD_H, px, (), min_px=px)


def need(app, labels: list[str], h: float, px: int = PX) -> float:
    """The narrowest button (design px, in steps of 4) whose box holds every label in ``labels``
    on one line at ``px`` (900: none does)."""
    w = 80.0
    while w < 900 and any(fit_text(app, text, label_box(w, h, px)).overflow for text in labels):
        w += 4
    return w + 4                         # room for rounding to window pixels


class SlotRow:
    """``slots``: (slot name, function(app) -> the texts that slot may show), left to right;
    ``lines``: the slot names of each line, top to bottom, for when one line is too narrow."""

    def __init__(self, slots: list[tuple[str, object]], gap: float = 10, px: int = PX,
                 lines: list[list[str]] | None = None, line_gap: float = 6):
        self.slots = slots
        self.gap = gap
        self.line_gap = line_gap
        self.px = px
        self.lines = lines
        self._cache: dict = {}
        self._boxes: dict = {}

    def rects(self, app, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        """Slot name → window rect inside ``rect`` (cached per window size, language and rect)."""
        key = self._key(app, rect)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._cache[key] = self._layout(app, rect)
        return hit

    def _layout(self, app, rect: pygame.Rect) -> dict[str, pygame.Rect]:
        scale = app.s(1000) / 1000
        w, h = rect.w / scale, rect.h / scale
        texts = dict(self.slots)
        layouts = [[[name for name, _ in self.slots]]] + ([self.lines] if self.lines else [])
        for px in range(self.px, MIN_PX - 1, -2):          # the biggest common size that fits
            for lines in layouts:
                line_h = min(MAX_H, (h - self.line_gap * (len(lines) - 1)) / len(lines))
                needs = [[need(app, texts[n](app), line_h, px) for n in line] for line in lines]
                if all(sum(x) + self.gap * (len(x) - 1) <= w for x in needs):
                    return self._place(app, rect, lines, needs, line_h, px)
        lines = layouts[-1]                              # too narrow: shrink all alike (tests report it)
        line_h = min(MAX_H, (h - self.line_gap * (len(lines) - 1)) / len(lines))
        needs = [[need(app, texts[n](app), line_h, MIN_PX) for n in line] for line in lines]
        needs = [[x * min(1.0, (w - self.gap * (len(line) - 1)) / sum(line)) for x in line] for line in needs]
        return self._place(app, rect, lines, needs, line_h, MIN_PX)

    def _place(self, app, rect, lines, needs, line_h, px) -> dict[str, pygame.Rect]:
        scale = app.s(1000) / 1000
        w = rect.w / scale
        out = {}
        for row, (line, widths) in enumerate(zip(lines, needs, strict=True)):
            widths = list(widths)
            spare = w - sum(widths) - self.gap * (len(widths) - 1)
            while spare > 0.5:                           # share what is left, never past MAX_W
                grow = [i for i, x in enumerate(widths) if x < MAX_W]
                if not grow:
                    break
                step = spare / len(grow)
                for i in grow:
                    add = min(step, MAX_W - widths[i])
                    widths[i] += add
                    spare -= add
            total = sum(widths) + self.gap * (len(widths) - 1)
            x = rect.centerx / scale - total / 2
            y = rect.y / scale + row * (line_h + self.line_gap)
            for name, bw in zip(line, widths, strict=True):
                r = pygame.Rect(round(x * scale), round(y * scale), round(bw * scale), round(line_h * scale))
                out[name] = r.clip(rect)                 # rounding never takes a slot past the row
                self._boxes[self._key(app, out[name])] = label_box(out[name].w / scale, line_h, px)
                x += bw + self.gap
        order = [name for name, _ in self.slots]
        return {name: out[name] for name in order}

    @staticmethod
    def _key(app, rect: pygame.Rect) -> tuple:
        return (app.s(1000), app.i18n.lang if hasattr(app, "i18n") else None, tuple(rect))

    def box(self, app, rect: pygame.Rect) -> Box:
        """The label box of a button in slot ``rect`` (window px): one line, the line's font."""
        hit = self._boxes.get(self._key(app, rect))
        if hit is not None:
            return hit
        scale = app.s(1000) / 1000
        return label_box(rect.w / scale, min(MAX_H, rect.h / scale), self.px)
