"""Text that fits its box, and the registry of the boxes texts are drawn in.

A ``Box`` is a text area in design pixels (1920x1080 basis) with a preferred size and a policy:
the steps it may take, in order, when the text is too big — ``shrink`` (down to ``min_px``, 28
design px for body text), ``wrap`` (onto more lines, at the preferred size first, then
smaller), ``abbrev`` (cut with "…" at the floor). ``fit_text`` does it; ``draw_fitted`` draws the
result. A text that still does not fit is reported as ``overflow`` (and drawn clipped).

Scenes declare the boxes their texts are drawn in with ``register_boxes(screen, {key: box})``,
where ``key`` is a text key or a pattern in which ``*`` stands for one dot-free part of a key
("hint.*", "rules.*.pages.*.lines", "glyph.*.*"), and draw with the same ``Box`` objects, so the
registry is what is on screen. tests/runtime/test_text_fit.py renders every key of every
registered box in every language at 1280x720 and 1920x1080 and fails on overflow. A table
scene joins by calling ``register_boxes`` at import time with its own keys.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import pygame

from game.art.linebreak import break_line

STEPS = ("shrink", "wrap", "abbrev")
# Icons that carry meaning (a condition token, a card's symbol, a pick order) are never drawn
# smaller than 28 px on the smallest window the tables are made for (1280x720): 42 design px.
# The tables list theirs in ``meaning_icons()``; tests/scenes/test_icon_floor.py measures them.
ICON_MIN_PX = 42
ELLIPSIS = "…"
# No box holds more than this many characters (a full 1920x1080 screen of 28 px text is ~3,000):
# a longer text is cut here first, so fitting takes bounded time whatever the input.
MAX_CHARS = 10_000


@dataclass(frozen=True)
class Box:
    w: float                         # design px
    h: float                         # design px (room for the lines)
    px: int = 36                     # preferred size, design px
    steps: tuple[str, ...] = ("shrink",)
    min_px: int = 28                 # the floor; body text never goes under 28

    def __post_init__(self):
        assert all(s in STEPS for s in self.steps), self.steps


@dataclass
class Fit:
    px: int
    lines: list[str]
    overflow: bool
    width: int = 0                   # window px of the widest line
    height: int = 0                  # window px of all lines


def _line_height(font, line: str) -> int:
    return font.get_linesize() if line else int(font.get_linesize() * 0.6)


def measure(font, lines: list[str]) -> tuple[int, int]:
    width = max((font.size(line)[0] for line in lines if line), default=0)
    return width, sum(_line_height(font, line) for line in lines)


def wrap_line(font, line: str, max_w: int) -> list[str]:
    """Greedy wrap by the line-breaking rules of ``game.art.linebreak`` (Latin words whole, CJK
    between characters, never before closing punctuation, never inside a number or an
    expression). A single word wider than the line is left long (abbrev or overflow handles it)."""
    return break_line(lambda part: font.size(part)[0], line, max_w)


def _wrap(font, text: str, max_w: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        lines.extend(wrap_line(font, para, max_w) if para else [""])
    return lines


def _abbreviate(font, lines: list[str], max_w: int, max_lines: int) -> list[str]:
    """The lines cut to ``max_lines``, the last one to the longest start that fits with "…":
    a binary search over its length (a few measurements, whatever the text's length)."""
    lines = lines[:max(1, max_lines)]
    last = lines[-1][:MAX_CHARS]
    lo, hi = 0, len(last)            # lo: a length known to fit (0 always does: the "…" alone)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(last[:mid].rstrip() + ELLIPSIS)[0] <= max_w:
            lo = mid
        else:
            hi = mid - 1
    lines[-1] = last[:lo].rstrip() + ELLIPSIS
    return lines


def abbreviate_line(font, text: str, max_w: int) -> str:
    """One line cut with "…" to ``max_w`` window px (unchanged when it fits)."""
    if len(text) <= MAX_CHARS and font.size(text)[0] <= max_w:
        return text
    return _abbreviate(font, [text], max_w, 1)[0]


_FITS: dict = {}


def fit_text(app, text: str, box: Box) -> Fit:
    """Fit ``text`` in ``box`` by the box's policy, measured with the app's fonts at its scale
    (cached: menus call this every frame)."""
    key = (text, box, app.s(1000))
    hit = _FITS.get(key)
    if hit is None:
        if len(_FITS) > 4000:
            _FITS.clear()
        hit = _FITS[key] = _fit(app, text, box)
    return hit


def _fit(app, text: str, box: Box) -> Fit:
    max_w, max_h = app.s(box.w), app.s(box.h)
    sizes = list(range(box.px, box.min_px - 1, -2)) if "shrink" in box.steps else [box.px]
    if sizes[-1] != box.min_px and "shrink" in box.steps:
        sizes.append(box.min_px)
    # Every character is at least a pixel wide: a text longer than the box's lines x width in
    # pixels cannot fit. It is cut there (bounded work whatever its length) and abbreviated.
    room = max(1, max_h // max(1, app.font(sizes[-1]).get_linesize())) * (max_w + 1)
    too_long = len(text) > min(room, MAX_CHARS)
    if too_long:
        text = text[:min(room, MAX_CHARS)]
    raw = text.split("\n")
    for px in sizes if not too_long else ():
        font = app.font(px)
        w, h = measure(font, raw)
        if w <= max_w and h <= max_h:
            return Fit(px, raw, False, w, h)
    if "wrap" in box.steps and not too_long:
        for px in sizes:
            font = app.font(px)
            lines = _wrap(font, text, max_w)
            w, h = measure(font, lines)
            if w <= max_w and h <= max_h:
                return Fit(px, lines, False, w, h)
    px = sizes[-1]
    font = app.font(px)
    lines = _wrap(font, text, max_w) if "wrap" in box.steps else raw
    if "abbrev" in box.steps:
        fits = max(1, max_h // max(1, font.get_linesize()))
        lines = _abbreviate(font, lines, max_w, fits)
        w, h = measure(font, lines)
        return Fit(px, lines, w > max_w or h > max_h, w, h)
    w, h = measure(font, lines)
    return Fit(px, lines, True, w, h)


def draw_fitted(app, surface, text: str, box: Box, colour, pos, anchor: str = "center",
                align: str = "center", shadow: bool = True) -> pygame.Rect:
    """Draw ``text`` fitted to ``box``; ``pos``/``anchor`` place the block of lines (window px).
    Returns the drawn block's rect. An overflowing text is clipped to the box."""
    fit = fit_text(app, text, box)
    font = app.font(fit.px)
    block = pygame.Rect(0, 0, min(fit.width, app.s(box.w)), min(fit.height, app.s(box.h)))
    setattr(block, anchor, pos)
    clip = surface.get_clip()
    if fit.overflow:
        surface.set_clip(block.inflate(app.s(4), app.s(4)).clip(clip))
    y = block.y
    for line in fit.lines:
        if line:
            x = {"left": block.x, "right": block.right, "center": block.centerx}[align]
            edge = {"left": "topleft", "right": "topright", "center": "midtop"}[align]
            app.draw_text(surface, line, font, colour, (x, y), edge, shadow=shadow)
        y += _line_height(font, line)
    if fit.overflow:
        surface.set_clip(clip)
    return block


# ---- the registry ----------------------------------------------------------------------------
REGISTRY: list[tuple[str, str, Box]] = []     # (screen, key pattern, box)


def register_boxes(screen: str, boxes: dict[str, Box]) -> None:
    """Declare the boxes a screen draws text keys in (idempotent per screen and pattern)."""
    for pattern, box in boxes.items():
        REGISTRY[:] = [r for r in REGISTRY if (r[0], r[1]) != (screen, pattern)]
        REGISTRY.append((screen, pattern, box))


@functools.lru_cache(maxsize=None)     # a few hundred patterns, each matched against every key
def _pattern(pattern: str) -> re.Pattern:
    return re.compile("^" + "[^.]*".join(re.escape(part) for part in pattern.split("*")) + "$")


def boxes_for(key: str) -> list[tuple[str, Box]]:
    """Every (screen, box) a key is registered in."""
    return [(screen, box) for screen, pattern, box in REGISTRY if _pattern(pattern).match(key)]


def button_box(w: float, h: float, px: int = 40) -> Box:
    """The label box of a button of w x h design px (menus' ``button``): shrink, then two lines."""
    return Box(w - 36, h - 12, px, ("shrink", "wrap"))
