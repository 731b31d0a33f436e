"""Text with the symbols a font lacks drawn by hand.

The shipped font draws every arrow and controller button the control hints use, but pygame's
default font (what a damaged font file leaves us: ``game.runtime.assets``) has none of them and shows its
empty "missing glyph" box instead: the keycaps "← ↑ ↓ →" and "Ⓐ" would be four and one empty
boxes. ``render_text`` draws such a symbol as a shape (an arrow, a triangle, a letter in a
circle) and the few others as plain words; everything the font has is drawn by the font.

A glyph is missing when the font draws it exactly as it draws a private-use character (which no
font we ship or fall back to has): ``Font.metrics`` cannot tell, it gives the box's metrics.
"""
from __future__ import annotations

import weakref

import pygame

NOTDEF = "\ue000"            # a private-use code point: drawn as the font's missing-glyph box
ARROWS = {"←": 180, "↑": 90, "→": 0, "↓": 270}      # direction in degrees, y up
TRIANGLES = {"▶": 0, "◀": 180}
CIRCLED = {"Ⓐ": "A", "Ⓑ": "B", "Ⓧ": "X", "Ⓨ": "Y"}
WORDS = {"–": "-", "—": "-", "…": "...", "·": "-", "✓": "ok", "×": "x"}   # no shape: a plain stand-in
SYMBOLS = frozenset(ARROWS) | frozenset(TRIANGLES) | frozenset(CIRCLED) | frozenset(WORDS)

# per font (weakly: a font let go by the app's font cache must not be kept alive here, with its
# glyphs; kept for good, they held every size a 4K kiosk ever opened)
_missing: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()   # font -> {char: lacks it}
_notdef: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()    # font -> how it draws a lacked char


def _pixels(font: pygame.font.Font, text: str) -> tuple:
    surf = font.render(text, True, (255, 255, 255))
    return surf.get_size(), pygame.image.tobytes(surf, "RGBA")


def lacks(font: pygame.font.Font, ch: str) -> bool:
    """Whether ``font`` draws ``ch`` as its missing-glyph box (cached per font and character)."""
    if ch.isascii() or ch.isspace():
        return False
    known = _missing.get(font)
    if known is None:
        known = _missing[font] = {}
    hit = known.get(ch)
    if hit is None:
        if font not in _notdef:
            _notdef[font] = _pixels(font, NOTDEF)
        hit = known[ch] = _pixels(font, ch) == _notdef[font]
    return hit


def missing(font: pygame.font.Font, text: str, among=None) -> list[str]:
    """The characters of ``text`` (only those ``among``, if given) the font lacks, once each."""
    if text.isascii():
        return []
    return list(dict.fromkeys(ch for ch in text if (among is None or ch in among) and lacks(font, ch)))


def pieces(font: pygame.font.Font, text: str) -> list[tuple[str, str]]:
    """``text`` cut into ("text", run) drawn by the font and ("shape", symbol) drawn here; a lacked
    symbol with a plain stand-in becomes that text. Other lacked characters stay (no shape)."""
    out: list[tuple[str, str]] = []
    run = ""
    for ch in text:
        if lacks(font, ch) and (ch in ARROWS or ch in TRIANGLES or ch in CIRCLED):
            if run:
                out.append(("text", run))
                run = ""
            out.append(("shape", ch))
        else:
            run += WORDS[ch] if ch in WORDS and lacks(font, ch) else ch
    if run:
        out.append(("text", run))
    return out


def plain(font: pygame.font.Font, text: str) -> str:
    """``text`` with lacked symbols as words ("Up", "A"): for wrapped text, which the font lays out."""
    names = {"←": "Left", "↑": "Up", "→": "Right", "↓": "Down", "▶": ">", "◀": "<", **CIRCLED, **WORDS}
    return "".join(names[ch] if ch in names and lacks(font, ch) else ch for ch in text)


def render_text(font: pygame.font.Font, text: str, colour, wrap: int = 0) -> pygame.Surface:
    """``font.render(text, True, colour[, None, wrap])`` with the symbols the font lacks drawn as
    shapes (as words in wrapped text). Only the symbols drawn here are looked up: anything else a
    font lacks would stay a box anyway, and looking up every Chinese character costs a render."""
    if not missing(font, text, SYMBOLS):
        return font.render(text, True, colour, None, wrap) if wrap else font.render(text, True, colour)
    if wrap or "\n" in text:
        return font.render(plain(font, text), True, colour, None, wrap)
    parts = [font.render(value, True, colour) if kind == "text" else _shape(font, value, colour)
             for kind, value in pieces(font, text)]
    h = max(p.get_height() for p in parts)
    out = pygame.Surface((max(1, sum(p.get_width() for p in parts)), h), pygame.SRCALPHA)
    x = 0
    for part in parts:
        out.blit(part, (x, (h - part.get_height()) // 2))
        x += part.get_width()
    return out


def _shape(font: pygame.font.Font, ch: str, colour) -> pygame.Surface:
    """One symbol drawn as big as a capital letter of the font and centred on the capitals."""
    capital = font.render("H", True, colour).get_bounding_rect()
    cap = max(4, capital.h)
    if ch in CIRCLED:
        radius = round(cap * 0.85)
        w, h = 2 * radius + max(2, cap // 3), max(font.get_height(), 2 * radius + 2)
    else:
        w, h = max(6, round(cap * 1.3)), font.get_height()
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    cx, cy = w / 2, min(capital.centery, h - cap / 2 - 1) + (h - font.get_height()) / 2
    if ch in CIRCLED:
        pygame.draw.circle(surf, colour, (round(cx), round(cy)), radius, max(1, round(cap / 8)))
        letter = font.render(CIRCLED[ch], True, colour)
        ink = letter.get_bounding_rect()
        surf.blit(letter, (round(cx - ink.centerx), round(cy - ink.centery)))
    else:
        pygame.draw.polygon(surf, colour, _arrow(ARROWS.get(ch, TRIANGLES.get(ch)), cx, cy, cap * 1.1,
                                                 shaft=ch in ARROWS))
    return surf


def _arrow(degrees: int, cx: float, cy: float, size: float, shaft: bool) -> list[tuple[float, float]]:
    """An arrow (or a plain triangle) pointing ``degrees`` (0 right, 90 up), ``size`` long."""
    half = size / 2
    if shaft:      # head over the front half, a shaft a third as thick behind it
        points = [(half, 0), (0, half * 0.9), (0, half * 0.32), (-half, half * 0.32),
                  (-half, -half * 0.32), (0, -half * 0.32), (0, -half * 0.9)]
    else:
        points = [(half, 0), (-half, half), (-half, -half)]
    turns = {0: (1, 0), 90: (0, -1), 180: (-1, 0), 270: (0, 1)}      # screen y grows downwards
    dx, dy = turns[degrees]
    return [(cx + x * dx - y * dy, cy + x * dy + y * dx) for x, y in points]
