"""Zodiac Catchers card art, drawn in code: twelve animals and the mermaid, and the shared back.

A face is ivory paper in a lacquer-red frame: the number (1–12) big in the top-left corner, the
animal's Chinese character in the top-right, and the animal as a simple ink-black silhouette in
the middle on a jade disc; where the table's language needs it, the kind's name in the foot (the
disc a little smaller). The MERMAID has no number: a wave mark and 人魚 instead. The back is red
lacquer with a gold lattice and a gold coin in the middle. The trump's gold frame is drawn by the
table over the card (``trump_frame``), so every card image is shared.

Drawn at twice the size, smooth-scaled once and cached per (kind, width): ``card_face("TIGER", 110)``
and ``card_back(110)`` are cheap to call every frame. Kinds are the engine's names (RULES.md §4).
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cache import art_cache
from game.art.cards_hungry_meow import _font
from game.rules.zodiac_cards import HANZI, KINDS

C = P.colours("zodiac")

RATIO = 1.4
NUMBER = {k: i + 1 for i, k in enumerate(KINDS[:12])}       # by name: the art draws names
SS = 2
NAME_MIN_PX = 10          # a name smaller than this is a smudge, not words: a small card goes without


def _poly(surf, pts, c, s, cx, cy):
    pygame.draw.polygon(surf, C.INK, [(cx + x * s, cy + y * s) for x, y in pts])


def _ell(surf, x, y, w, h, c, s, cx, cy):
    pygame.draw.ellipse(surf, C.INK, pygame.Rect(cx + (x - w / 2) * s, cy + (y - h / 2) * s, w * s, h * s))


def _circ(surf, x, y, r, s, cx, cy):
    pygame.draw.circle(surf, C.INK, (cx + x * s, cy + y * s), r * s)


def _line(surf, pts, wdt, s, cx, cy):
    pygame.draw.lines(surf, C.INK, False, [(cx + x * s, cy + y * s) for x, y in pts], max(1, round(wdt * s)))


def draw_animal(surf: pygame.Surface, kind: str, center, size: float) -> None:
    """The kind's silhouette in ink, about ``size`` across, centred at ``center`` (unit = size/100)."""
    s = size / 100
    cx, cy = center
    e = lambda x, y, w, h: _ell(surf, x, y, w, h, C.INK, s, cx, cy)        # noqa: E731
    c = lambda x, y, r: _circ(surf, x, y, r, s, cx, cy)                  # noqa: E731
    p = lambda pts: _poly(surf, pts, C.INK, s, cx, cy)                     # noqa: E731
    ln = lambda pts, w: _line(surf, pts, w, s, cx, cy)                   # noqa: E731
    if kind == "RAT":
        e(0, 10, 56, 34)
        p([(22, 0), (44, 8), (22, 22)])
        c(20, -6, 10)
        c(-4, -2, 9)
        ln([(-26, 14), (-40, 6), (-48, 18), (-42, 30)], 3)
    elif kind == "OX":
        e(-4, 10, 64, 38)
        e(30, 0, 26, 24)
        ln([(24, -10), (20, -26), (30, -30)], 5)
        ln([(38, -10), (44, -26), (52, -24)], 5)
        for x in (-26, -12, 10, 20):
            p([(x - 4, 22), (x + 4, 22), (x + 4, 40), (x - 4, 40)])
        ln([(-36, 6), (-44, 20)], 3)
    elif kind == "TIGER":
        e(-4, 8, 66, 32)
        c(30, -4, 15)
        c(22, -18, 5)
        c(38, -18, 5)
        for x in (-26, -12, 8, 18):
            p([(x - 4, 18), (x + 4, 18), (x + 4, 38), (x - 4, 38)])
        ln([(-36, 4), (-48, -8), (-44, -22)], 5)
        for x in (-14, -2, 10):                 # stripes cut from the body
            pygame.draw.line(surf, C.JADE_SOFT, (cx + x * s, cy - 4 * s), (cx + (x + 4) * s, cy + 12 * s),
                             max(1, round(3 * s)))
    elif kind == "RABBIT":
        e(-4, 16, 48, 38)
        c(18, -2, 14)
        e(12, -28, 9, 34)
        e(24, -28, 9, 34)
        c(-28, 14, 8)
    elif kind == "DRAGON":
        pts = [(-44 + i * 9, 8 + 12 * math.sin(i * 0.9)) for i in range(11)]
        ln(pts, 12)
        c(48, -4, 12)
        p([(54, -6), (66, -2), (54, 4)])
        ln([(44, -14), (40, -28)], 4)
        ln([(52, -14), (56, -28)], 4)
        for i in range(1, 10, 2):
            x, y = pts[i]
            p([(x - 4, y - 5), (x, y - 14), (x + 4, y - 5)])
    elif kind == "SNAKE":
        pts = [(-40 + i * 8, 14 * math.sin(i * 0.8) + 10) for i in range(10)]
        ln(pts, 10)
        e(36, -2, 20, 14)
        pygame.draw.line(surf, C.DRAW_ANIMAL_1, (cx + 46 * s, cy - 2 * s), (cx + 54 * s, cy - 4 * s),
                         max(1, round(2 * s)))
    elif kind == "HORSE":
        e(-6, 8, 60, 28)
        p([(14, 0), (26, -30), (36, -30), (28, 4)])
        e(38, -26, 24, 14)
        p([(22, -32), (26, -42), (30, -32)])
        for x in (-28, -16, 8, 18):
            p([(x - 3, 16), (x + 3, 16), (x + 3, 40), (x - 3, 40)])
        p([(-34, 2), (-48, 20), (-40, 22), (-32, 10)])
    elif kind == "GOAT":
        e(-4, 10, 54, 30)
        e(26, -8, 18, 22)
        ln([(22, -18), (12, -30), (0, -24)], 5)
        p([(28, 2), (32, 14), (24, 6)])
        for x in (-22, -10, 6, 16):
            p([(x - 3, 18), (x + 3, 18), (x + 3, 38), (x - 3, 38)])
    elif kind == "MONKEY":
        e(-2, 10, 34, 40)
        c(4, -20, 14)
        c(-10, -22, 6)
        c(18, -22, 6)
        ln([(-16, 4), (-30, 16), (-24, 30)], 5)
        ln([(12, 4), (26, 18)], 5)
        ln([(-14, 26), (-36, 34), (-46, 18), (-40, 6)], 4)
        pygame.draw.circle(surf, C.JADE_SOFT, (cx + 4 * s, cy - 17 * s), 7 * s)
    elif kind == "ROOSTER":
        e(-4, 8, 46, 36)
        c(18, -14, 11)
        p([(26, -16), (38, -12), (26, -8)])
        p([(12, -24), (16, -34), (20, -26), (24, -34), (26, -22)])
        p([(-22, 0), (-44, -26), (-36, -2), (-46, -8), (-28, 14)])
        ln([(-6, 24), (-8, 40)], 4)
        ln([(4, 24), (6, 40)], 4)
    elif kind == "DOG":
        e(-6, 10, 54, 28)
        c(26, -6, 14)
        e(38, -2, 16, 10)
        p([(16, -14), (12, 6), (22, -6)])
        for x in (-24, -12, 6, 14):
            p([(x - 3, 18), (x + 3, 18), (x + 3, 36), (x - 3, 36)])
        ln([(-30, 4), (-42, -12)], 5)
    elif kind == "PIG":
        e(-2, 10, 64, 40)
        c(28, 2, 14)
        e(42, 4, 10, 12)
        p([(20, -10), (26, -22), (30, -10)])
        for x in (-22, -8, 10, 20):
            p([(x - 4, 24), (x + 4, 24), (x + 4, 36), (x - 4, 36)])
        ln([(-34, 6), (-40, 0), (-36, -6)], 3)
    else:                                       # MERMAID: head, body, tail fin
        c(0, -28, 10)
        p([(-10, -16), (10, -16), (8, 6), (-8, 6)])
        ln([(-8, -12), (-18, 0)], 4)
        ln([(8, -12), (18, 0)], 4)
        p([(-8, 4), (8, 4), (14, 20), (6, 32), (-2, 34), (-8, 22)])
        p([(0, 30), (-18, 44), (-4, 40), (4, 44), (18, 42)])
        ln([(-8, -34), (-16, -16), (-14, -2)], 4)   # hair


def _outlined(text: str, px: int, fill, outline, thick: int) -> pygame.Surface:
    font = _font(px)
    base = font.render(text, True, fill)
    edge = font.render(text, True, outline)
    out = pygame.Surface((base.get_width() + 2 * thick, base.get_height() + 2 * thick), pygame.SRCALPHA)
    for dx in range(-thick, thick + 1, max(1, thick // 2)):
        for dy in range(-thick, thick + 1, max(1, thick // 2)):
            if dx * dx + dy * dy <= thick * thick + 1:
                out.blit(edge, (thick + dx, thick + dy))
    out.blit(base, (thick, thick))
    return out


def _face(kind: str, w: int, h: int, name: str | None = None) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(4, w // 9)
    pygame.draw.rect(surf, C.LACQUER, (0, 0, w, h), border_radius=r)
    inner = pygame.Rect(0, 0, w, h).inflate(-max(4, w // 14) * 2, -max(4, w // 14) * 2)
    pygame.draw.rect(surf, C.IVORY, inner, border_radius=max(2, r - w // 20))
    pygame.draw.rect(surf, C.GOLD, inner, max(1, w // 60), border_radius=max(2, r - w // 20))
    # a named face keeps its foot for the name: the disc a little smaller and higher
    disc_c, disc_r = ((w // 2, int(w * 0.77)), w * 0.32) if name else ((w // 2, int(h * 0.6)), w * 0.4)
    pygame.draw.circle(surf, C.JADE_SOFT, disc_c, int(disc_r))
    pygame.draw.circle(surf, C.JADE, disc_c, int(disc_r), max(1, w // 40))
    draw_animal(surf, kind, disc_c, disc_r * 1.7)
    if name:
        _draw_name(surf, name, inner, w)
    if kind in NUMBER:
        px = int(w * (0.36 if NUMBER[kind] < 10 else 0.29))
        num = _outlined(str(NUMBER[kind]), px, C.LACQUER_DARK, C.IVORY, max(1, w // 60))
        surf.blit(num, (inner.x + w // 40, inner.y - w // 40))
        ch = _font(int(w * 0.3)).render(HANZI[kind], True, C.INK)
        surf.blit(ch, ch.get_rect(topright=(inner.right - w // 24, inner.y + w // 40)))
    else:
        ch = _font(int(w * 0.26)).render(HANZI[kind], True, C.INK)
        surf.blit(ch, ch.get_rect(midtop=(w // 2, inner.y + w // 40)))
        y = inner.y + int(w * (0.34 if name else 0.40))     # a wave mark instead of a number
        pts = [(inner.x + w // 10 + k * w // 28, y + math.sin(k * 0.9) * w / 36) for k in range(21)]
        pygame.draw.lines(surf, C.JADE, False, pts, max(1, w // 40))
    return surf


def _draw_name(surf: pygame.Surface, name: str, inner: pygame.Rect, w: int) -> None:
    """The kind's name in the face's foot, as large as the card's width lets it be."""
    px = int(w * 0.2)
    text = _font(px).render(name, True, C.LACQUER_DARK)
    room = inner.w - w // 12
    if text.get_width() > room:
        text = _font(max(6, int(px * room / text.get_width()))).render(name, True, C.LACQUER_DARK)
    surf.blit(text, text.get_rect(center=(w // 2, inner.bottom - int(w * 0.13))))


def _back(w: int, h: int) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(4, w // 9)
    pygame.draw.rect(surf, C.LACQUER, (0, 0, w, h), border_radius=r)
    inner = pygame.Rect(0, 0, w, h).inflate(-w // 7, -w // 7)
    pygame.draw.rect(surf, C.GOLD, inner, max(1, w // 50), border_radius=max(2, r // 2))
    step = max(6, w // 6)
    clip = surf.get_clip()
    surf.set_clip(inner.inflate(-w // 25, -w // 25))
    for x in range(inner.x - h, inner.right + h, step):     # a gold lattice
        pygame.draw.line(surf, C.BACK_1, (x, inner.y), (x + h, inner.y + h), max(1, w // 80))
        pygame.draw.line(surf, C.BACK_1, (x + h, inner.y), (x, inner.y + h), max(1, w // 80))
    surf.set_clip(clip)
    c = (w // 2, h // 2)
    pygame.draw.circle(surf, C.GOLD, c, int(w * 0.26))
    pygame.draw.circle(surf, C.GOLD_DARK, c, int(w * 0.26), max(1, w // 50))
    hole = pygame.Rect(0, 0, int(w * 0.16), int(w * 0.16))
    hole.center = c
    pygame.draw.rect(surf, C.LACQUER_DARK, hole)
    return surf


@art_cache("cards_zodiac.card_face")
def card_face(kind: str, width: int, name: str | None = None) -> pygame.Surface:
    """The face of ``kind``; ``name`` (the kind in the table's language, when the face's own
    character does not already say it) printed in its foot."""
    width = max(8, int(width))
    h = round(width * RATIO)
    if width * 0.2 < NAME_MIN_PX:
        name = None
    big = _face(kind, width * SS, h * SS, name)
    out = pygame.transform.smoothscale(big, (width, h))
    return out.convert_alpha() if pygame.display.get_surface() is not None else out


@art_cache("cards_zodiac.card_back")
def card_back(width: int) -> pygame.Surface:
    width = max(8, int(width))
    h = round(width * RATIO)
    big = _back(width * SS, h * SS)
    out = pygame.transform.smoothscale(big, (width, h))
    return out.convert_alpha() if pygame.display.get_surface() is not None else out


GLINT_STEPS = 16         # the trump frame's glint: this many shades between its two colours


def glint(t: float) -> float:
    """Where the trump frame's glint is at time ``t`` (0-1), in GLINT_STEPS steps: its colour
    changes every 2-4 frames, not every frame, and a card drawn with it is the same picture in
    between (issue 23: at 4K the trump's 268x364 px were drawn and sent again every frame)."""
    return round((0.5 + 0.5 * math.sin(t * 3.0)) * GLINT_STEPS) / GLINT_STEPS


def trump_frame(surface: pygame.Surface, rect: pygame.Rect, scale: float, t: float = 0.0) -> None:
    """The trump's gold frame around a card (drawn wherever a trump-kind card shows face up); in
    the colour-blind look it is cyan with a diamond at each corner, unlike the focus outline."""
    k = glint(t)
    grow = max(3, round(6 * scale))
    r = pygame.Rect(rect).inflate(grow * 2, grow * 2)
    colour = tuple(int(a + (b - a) * k) for a, b in zip(C.TRUMP_FRAME, C.TRUMP_GLINT, strict=True))
    pygame.draw.rect(surface, C.GOLD_DARK, r.inflate(4, 4), max(2, round(3 * scale)),
                     border_radius=max(4, round(16 * scale)))
    pygame.draw.rect(surface, colour, r, max(3, round(5 * scale)), border_radius=max(4, round(14 * scale)))
    if P.colourblind():                 # told from the focus outline by shape too: corner diamonds
        d = max(5, round(11 * scale))
        for x, y in ((r.left, r.top), (r.right, r.top), (r.left, r.bottom), (r.right, r.bottom)):
            pts = [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
            rim = [(px + (px - x) * 0.3, py + (py - y) * 0.3) for px, py in pts]
            pygame.draw.polygon(surface, C.GOLD_DARK, rim)
            pygame.draw.polygon(surface, colour, pts)


def all_kinds() -> tuple[str, ...]:
    return KINDS


def rules_picture(kind: str, item: str, width: int, t=None) -> pygame.Surface:
    """A piece a rules help page shows (its kit's ``picture``); the trump wears its gold frame,
    as on the table. ``t`` (a translator): the face prints the kind's name in the reader's
    language, as the table does, unless the face's own character already says it."""
    if kind == "back":
        return card_back(width)
    name = t(f"zc.kind_short.{item}") if t is not None else None
    face = card_face(item, width, None if name is None or HANZI[item] in name else name)
    if kind != "trump":
        return face
    pad = width // 5
    framed = pygame.Surface((face.get_width() + pad, face.get_height() + pad), pygame.SRCALPHA)
    inner = face.get_rect(center=framed.get_rect().center)
    framed.blit(face, inner)
    trump_frame(framed, inner, width / 160)
    return framed
