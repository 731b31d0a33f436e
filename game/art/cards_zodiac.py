"""Zodiac Catchers cards: twelve animals and the mermaid, and the shared back, from the picture
files under ``assets/pictures/zodiac/cards/`` (game/art/pictures.py): ``<KIND>.svg``, and
``<KIND>-named.svg`` with the disc a little smaller and higher to leave the foot for the name,
and ``back.svg``. The numbers, characters and names are the game's text, drawn on the picture.

A face is ivory paper in a lacquer-red frame: the number (1–12) big in the top-left corner, the
animal's Chinese character in the top-right, and the animal as a simple ink-black silhouette in
the middle on a jade disc; where the table's language needs it, the kind's name in the foot (the
disc a little smaller). The MERMAID has no number: a wave mark and 人魚 instead. The back is red
lacquer with a gold lattice and a gold coin in the middle. The trump's gold frame is drawn by the
table over the card (``trump_frame``), so every card image is shared.

Cached per (kind, width): ``card_face("TIGER", 110)``
and ``card_back(110)`` are cheap to call every frame. Kinds are the engine's names (RULES.md §4).
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art import pictures
from game.art.cache import art_cache
from game.art.cards_hungry_meow import _font
from game.rules.zodiac_cards import HANZI, KINDS

C = P.colours("zodiac")

RATIO = 1.4
NUMBER = {k: i + 1 for i, k in enumerate(KINDS[:12])}       # by name: the art draws names
NAME_MIN_PX = 10          # a name smaller than this is a smudge, not words: a small card goes without


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


def _draw_name(surf: pygame.Surface, name: str, inner: pygame.Rect, w: int) -> None:
    """The kind's name in the face's foot, as large as the card's width lets it be."""
    px = int(w * 0.2)
    text = _font(px).render(name, True, C.LACQUER_DARK)
    room = inner.w - w // 12
    if text.get_width() > room:
        text = _font(max(6, int(px * room / text.get_width()))).render(name, True, C.LACQUER_DARK)
    surf.blit(text, text.get_rect(center=(w // 2, inner.bottom - int(w * 0.13))))


def _words(surf: pygame.Surface, kind: str, w: int, name: str | None) -> None:
    """The number (top left) and character (top right) of a face, or the mermaid's character
    (top middle), and the name in the foot."""
    inner = pygame.Rect(0, 0, w, surf.get_height()).inflate(-max(2, w // 14) * 2, -max(2, w // 14) * 2)
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


def face_file(kind: str, width: int, name: str | None = None) -> str:
    """The file ``card_face(kind, width, name)`` is drawn from."""
    named = name and max(8, int(width)) * 0.2 >= NAME_MIN_PX
    return f"zodiac/cards/{kind}{'-named' if named else ''}.svg"


@art_cache("cards_zodiac.card_face")
def card_face(kind: str, width: int, name: str | None = None) -> pygame.Surface:
    """The face of ``kind``; ``name`` (the kind in the table's language, when the face's own
    character does not already say it) printed in its foot."""
    width = max(8, int(width))
    h = round(width * RATIO)
    if width * 0.2 < NAME_MIN_PX:
        name = None
    surf = pictures.picture(face_file(kind, width, name), (width, h), keep=False)
    _words(surf, kind, width, name)
    return surf


@art_cache("cards_zodiac.card_back")
def card_back(width: int) -> pygame.Surface:
    width = max(8, int(width))
    return pictures.picture("zodiac/cards/back.svg", (width, round(width * RATIO)))


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
