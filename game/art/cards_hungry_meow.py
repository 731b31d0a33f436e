"""Hungry Meow card art, drawn in code: the 64 numbered faces, Loaf, Fish, Death and the shared back.

Each colour also has its own pattern so colour-blind players can tell the suits apart:
red = diagonal stripes, yellow = dots, blue = waves, green = checks. The number is the biggest
thing on a card and sits in two corners; the paw or punch symbol is large in the middle. Meals
glow; Death is black with a skull-cat; the back is a neon back-alley sign.

Everything is drawn at twice the size and smooth-scaled down once, then cached per (card, width):
``card_face("R5P", 150)`` and ``card_back(150)`` are cheap to call every frame.
Card names follow RULES.md §4: ``R5P``, ``G8X``, ``LOAF``, ``FISH``, ``DEATH``.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.art import palette as P
from game.art.cache import art_cache
from game.art.fonts import shipped_font_path
from game.rules.hungry_meow_cards import parse as read_card

C = P.colours("hungry-meow")

RATIO = 1.4                     # height / width
PATTERNS = {"R": "stripes", "Y": "dots", "B": "waves", "G": "checks"}
COLOUR_NAMES = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}
SYMBOLS = {"P": "paw", "X": "punch"}
SS = 2                          # supersampling factor

_font_path: str | None = None


def set_font(path: str | None) -> None:
    """Use this font file for the numbers (the game's shipped font); None: pygame's default."""
    global _font_path
    _font_path = path
    _font.cache_clear()
    card_face.cache_clear()


def _find_font() -> str | None:
    if _font_path:
        return _font_path
    return shipped_font_path()          # None when missing or damaged: pygame's default font


# a few sizes kept: each open size holds its glyphs (at 4K and supersampled, about 0.5 MiB);
# 64 kept held about 20 MiB in a 4K kiosk (a card is made at many widths); opening one: 0.3 ms
@lru_cache(maxsize=4)
def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = _find_font()
    try:
        font = pygame.font.Font(path, px)
    except (OSError, ValueError, pygame.error):
        font = pygame.font.Font(None, px)
    font.set_bold(path is None)
    return font


# ``"R5P"`` -> ("R", 5, "P"); Meals and Death -> None: the rules' one card reader.
parse = read_card


def size_for(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


# ---- drawing helpers (all in supersampled pixels) ------------------------------------------------

def _rounded(surf: pygame.Surface, colour, rect, radius: int, width: int = 0) -> None:
    pygame.draw.rect(surf, colour, rect, width, border_radius=radius)


def _outlined_text(text: str, px: int, fill, outline, thick: int) -> pygame.Surface:
    font = _font(px)
    core = font.render(text, True, fill)
    if hasattr(font, "outline"):            # pygame-ce: one render of the outlined glyphs
        font.outline = thick
        try:
            out = font.render(text, True, outline).convert_alpha() if pygame.display.get_surface() \
                else font.render(text, True, outline)
        finally:
            font.outline = 0
        out.blit(core, (thick, thick))
        return out
    edge = font.render(text, True, outline)
    w, h = core.get_width() + 2 * thick, core.get_height() + 2 * thick
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = max(8, thick * 4)
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(edge, (thick + round(math.cos(a) * thick), thick + round(math.sin(a) * thick)))
    out.blit(core, (thick, thick))
    return out


def _pattern(surf: pygame.Surface, rect: pygame.Rect, kind: str, colour) -> None:
    clip = surf.get_clip()
    surf.set_clip(rect)
    step = max(8, rect.w // 7)
    lw = max(2, step // 4)
    if kind == "stripes":
        for x in range(rect.x - rect.h, rect.right + rect.h, step):
            pygame.draw.line(surf, colour, (x, rect.bottom), (x + rect.h, rect.y), lw)
    elif kind == "dots":
        r = max(2, step // 5)
        for j, y in enumerate(range(rect.y + step // 2, rect.bottom, step)):
            off = step // 2 if j % 2 else 0
            for x in range(rect.x + step // 2 - off, rect.right + step, step):
                pygame.draw.circle(surf, colour, (x, y), r)
    elif kind == "waves":
        amp = step / 4
        for y0 in range(rect.y, rect.bottom + step, step):
            pts = [(x, y0 + amp * math.sin((x - rect.x) / step * 2 * math.pi))
                   for x in range(rect.x, rect.right + 4, 4)]
            pygame.draw.lines(surf, colour, False, pts, lw)
    elif kind == "checks":
        for j, y in enumerate(range(rect.y, rect.bottom, step)):
            for i, x in enumerate(range(rect.x, rect.right, step)):
                if (i + j) % 2 == 0:
                    pygame.draw.rect(surf, colour, (x, y, step, step))
    surf.set_clip(clip)


def draw_paw(surf: pygame.Surface, center, size: float, fill, outline) -> None:
    """A cat paw: a big pad and four toe beans. ``size`` is the overall width."""
    cx, cy = center
    o = max(2, round(size * 0.045))
    pad = pygame.Rect(0, 0, size * 0.56, size * 0.46)
    pad.center = (cx, cy + size * 0.2)
    toes = [(-0.33, -0.08), (-0.12, -0.27), (0.12, -0.27), (0.33, -0.08)]
    for dx, dy in toes:
        pygame.draw.ellipse(surf, outline, pygame.Rect(0, 0, size * 0.24 + 2 * o, size * 0.3 + 2 * o)
                            .move(cx + dx * size - size * 0.12 - o, cy + dy * size - size * 0.15 - o))
    pygame.draw.ellipse(surf, outline, pad.inflate(2 * o, 2 * o))
    for dx, dy in toes:
        pygame.draw.ellipse(surf, fill, pygame.Rect(0, 0, size * 0.24, size * 0.3)
                            .move(cx + dx * size - size * 0.12, cy + dy * size - size * 0.15))
    pygame.draw.ellipse(surf, fill, pad)
    # the pad's three lobes along its bottom edge
    for dx in (-0.16, 0.0, 0.16):
        pygame.draw.circle(surf, fill, (cx + dx * size, cy + size * 0.36), size * 0.11)


def draw_punch(surf: pygame.Surface, center, size: float, fill, outline) -> None:
    """A punching fist in front of an impact burst. ``size`` is the overall width."""
    cx, cy = center
    o = max(2, round(size * 0.045))
    burst = []
    for i in range(16):
        a = i * math.pi / 8
        r = size * (0.52 if i % 2 == 0 else 0.34)
        burst.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    pygame.draw.polygon(surf, C.DRAW_PUNCH_1, burst)
    pygame.draw.polygon(surf, outline, burst, max(1, o // 2))
    fist = pygame.Rect(0, 0, size * 0.62, size * 0.5)
    fist.center = (cx, cy + size * 0.04)
    pygame.draw.rect(surf, outline, fist.inflate(2 * o, 2 * o), border_radius=round(size * 0.14))
    pygame.draw.rect(surf, fill, fist, border_radius=round(size * 0.12))
    kw = fist.w / 4
    for i in range(4):                     # knuckles along the top
        kc = (fist.x + kw * (i + 0.5), fist.y + size * 0.02)
        pygame.draw.circle(surf, outline, kc, kw * 0.55 + o)
    for i in range(4):
        kc = (fist.x + kw * (i + 0.5), fist.y + size * 0.02)
        pygame.draw.circle(surf, fill, kc, kw * 0.55)
    for i in range(1, 4):                  # finger lines
        x = fist.x + kw * i
        pygame.draw.line(surf, outline, (x, fist.y - size * 0.02), (x, fist.y + fist.h * 0.55), o)
    thumb = pygame.Rect(0, 0, fist.w * 0.62, fist.h * 0.3)
    thumb.midbottom = (fist.centerx - fist.w * 0.06, fist.bottom - fist.h * 0.08)
    pygame.draw.rect(surf, outline, thumb.inflate(2 * o, 2 * o), border_radius=round(thumb.h / 2))
    pygame.draw.rect(surf, fill, thumb, border_radius=round(thumb.h / 2))


def draw_symbol(surf: pygame.Surface, symbol: str, center, size: float, fill, outline=None) -> None:
    outline = C.INK if outline is None else outline   # (read when drawing, never at import)
    (draw_paw if symbol == "P" else draw_punch)(surf, center, size, fill, outline)


def draw_loaf(surf: pygame.Surface, center, size: float) -> None:
    cx, cy = center
    o = max(2, round(size * 0.04))
    body = pygame.Rect(0, 0, size * 0.9, size * 0.5)
    body.center = (cx, cy + size * 0.08)
    top = pygame.Rect(0, 0, size * 0.9, size * 0.5)
    top.midbottom = (cx, body.centery + size * 0.05)
    pygame.draw.rect(surf, C.INK, body.inflate(2 * o, 2 * o), border_radius=round(size * 0.1))
    pygame.draw.ellipse(surf, C.INK, top.inflate(2 * o, 2 * o))
    pygame.draw.rect(surf, C.DRAW_LOAF_1, body, border_radius=round(size * 0.08))
    pygame.draw.ellipse(surf, C.DRAW_LOAF_2, top)
    for i in (-1, 0, 1):                    # score marks on the crust
        x = cx + i * size * 0.22
        pygame.draw.line(surf, C.DRAW_LOAF_3, (x - size * 0.06, top.y + size * 0.12),
                         (x + size * 0.06, top.y + size * 0.26), o)
    pygame.draw.ellipse(surf, C.DRAW_LOAF_4, pygame.Rect(top.x + size * 0.12, top.y + size * 0.06,
                                                           size * 0.2, size * 0.08))


def draw_fish(surf: pygame.Surface, center, size: float) -> None:
    cx, cy = center
    o = max(2, round(size * 0.04))
    body = pygame.Rect(0, 0, size * 0.7, size * 0.42)
    body.center = (cx - size * 0.08, cy)
    tail = [(cx + size * 0.2, cy), (cx + size * 0.48, cy - size * 0.22), (cx + size * 0.48, cy + size * 0.22)]
    pygame.draw.polygon(surf, C.INK, tail, 0)
    pygame.draw.ellipse(surf, C.INK, body.inflate(2 * o, 2 * o))
    inner_tail = [(cx + size * 0.24, cy), (cx + size * 0.44, cy - size * 0.15),
                  (cx + size * 0.44, cy + size * 0.15)]
    pygame.draw.polygon(surf, C.DRAW_FISH_1, inner_tail)
    pygame.draw.ellipse(surf, C.DRAW_FISH_2, body)
    belly = pygame.Rect(body.x + body.w * 0.15, body.centery, body.w * 0.7, body.h * 0.4)
    pygame.draw.ellipse(surf, C.DRAW_FISH_3, belly)
    pygame.draw.circle(surf, C.CREAM, (body.x + body.w * 0.22, cy - size * 0.05), size * 0.07)
    pygame.draw.circle(surf, C.INK, (body.x + body.w * 0.22, cy - size * 0.05), size * 0.035)
    pygame.draw.arc(surf, C.DRAW_FISH_4, pygame.Rect(body.x + body.w * 0.35, body.y + body.h * 0.15,
                                                      body.w * 0.2, body.h * 0.7), -1.2, 1.2, o)


def draw_skull_cat(surf: pygame.Surface, center, size: float) -> None:
    cx, cy = center
    bone = C.DRAW_SKULL_CAT_BONE
    o = max(2, round(size * 0.04))
    ears = [[(cx + sx * size * 0.42, cy - size * 0.05), (cx + sx * size * 0.36, cy - size * 0.5),
             (cx + sx * size * 0.08, cy - size * 0.3)] for sx in (-1, 1)]
    head = pygame.Rect(0, 0, size * 0.86, size * 0.72)
    head.center = (cx, cy + size * 0.04)
    for ear in ears:
        pygame.draw.polygon(surf, C.DRAW_SKULL_CAT_1, ear, 0)
        pygame.draw.polygon(surf, bone, [(x + (cx - x) * 0.12, y + (cy - y) * 0.12) for x, y in ear], 0)
    pygame.draw.ellipse(surf, C.DRAW_SKULL_CAT_1, head.inflate(2 * o, 2 * o))
    pygame.draw.ellipse(surf, bone, head)
    jaw = pygame.Rect(0, 0, size * 0.5, size * 0.26)
    jaw.midtop = (cx, head.bottom - size * 0.14)
    pygame.draw.rect(surf, bone, jaw, border_radius=round(size * 0.06))
    for sx in (-1, 1):                      # hollow eyes with a red spark
        eye = pygame.Rect(0, 0, size * 0.24, size * 0.22)
        eye.center = (cx + sx * size * 0.18, cy - size * 0.02)
        pygame.draw.ellipse(surf, C.DRAW_SKULL_CAT_2, eye)
        pygame.draw.circle(surf, C.DRAW_SKULL_CAT_3, (eye.centerx, eye.centery), size * 0.035)
    nose = [(cx - size * 0.05, cy + size * 0.14), (cx + size * 0.05, cy + size * 0.14), (cx, cy + size * 0.2)]
    pygame.draw.polygon(surf, C.DRAW_SKULL_CAT_2, nose)
    for i in range(-2, 3):                  # stitched teeth
        x = cx + i * size * 0.08
        pygame.draw.line(surf, C.DRAW_SKULL_CAT_2, (x, jaw.y + size * 0.06), (x, jaw.bottom - size * 0.03), o)
    pygame.draw.line(surf, C.DRAW_SKULL_CAT_2, (jaw.x + size * 0.04, jaw.centery),
                     (jaw.right - size * 0.04, jaw.centery), o)
    for sx in (-1, 1):                      # whiskers
        for dy in (-0.02, 0.05):
            pygame.draw.line(surf, bone, (cx + sx * size * 0.45, cy + size * (0.12 + dy)),
                             (cx + sx * size * 0.7, cy + size * (0.06 + 2 * dy)), o)


def _glow(surf: pygame.Surface, center, radius: float, colour) -> None:
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    steps = 14
    for i in range(steps):
        r = radius * (1 - i / steps)
        a = int(18 + 10 * i)
        pygame.draw.circle(layer, (*colour, min(255, a)), center, r)
    surf.blit(layer, (0, 0))


def _sparkle(surf: pygame.Surface, center, size: float, colour) -> None:
    cx, cy = center
    q = size * 0.25
    pts = [(cx, cy - size), (cx + q, cy - q), (cx + size, cy), (cx + q, cy + q),
           (cx, cy + size), (cx - q, cy + q), (cx - size, cy), (cx - q, cy - q)]
    pygame.draw.polygon(surf, colour, pts)


# ---- the cards -------------------------------------------------------------------------------------

def _blank(w: int, h: int, fill, border) -> tuple[pygame.Surface, int]:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = round(w * 0.09)
    _rounded(surf, border, (0, 0, w, h), radius)
    edge = max(2, round(w * 0.025))
    _rounded(surf, fill, (edge, edge, w - 2 * edge, h - 2 * edge), radius - edge)
    return surf, radius


def _round_mask(surf: pygame.Surface, radius: int) -> None:
    """Cut the corners of an already drawn card so art never pokes out of its rounded outline."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    _rounded(mask, (255, 255, 255, 255), mask.get_rect(), radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _corner_numbers(surf: pygame.Surface, text: str, main, dark, w: int, h: int, icon=None) -> None:
    px = round(h * 0.31)
    thick = max(2, round(w * 0.028))
    label = _outlined_text(text, px, main, C.CREAM, thick)
    shadow = _outlined_text(text, px, dark, dark, thick)
    box = label.get_bounding_rect()
    label = label.subsurface(box).copy()
    shadow = shadow.subsurface(box).copy()
    drop = max(2, round(w * 0.018))
    x, y = round(w * 0.075), round(h * 0.045)
    surf.blit(shadow, (x + drop, y + drop))
    surf.blit(label, (x, y))
    flipped_l = pygame.transform.rotate(label, 180)
    flipped_s = pygame.transform.rotate(shadow, 180)
    bx, by = w - label.get_width() - x, h - label.get_height() - y
    surf.blit(flipped_s, (bx - drop, by - drop))
    surf.blit(flipped_l, (bx, by))
    if icon:
        isize = w * 0.17
        icon(surf, (x + label.get_width() / 2, y + label.get_height() + isize * 0.62), isize)
        icon(surf, (bx + label.get_width() / 2, by - isize * 0.62), isize)


def _numbered(card: str, w: int, h: int) -> pygame.Surface:
    colour, number, symbol = parse(card)
    main, dark, light, tint = C.CARD_COLOURS[colour]
    surf, radius = _blank(w, h, C.CREAM, C.INK)
    inset = round(w * 0.07)
    panel = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    _rounded(surf, light, panel, round(radius * 0.7))
    _pattern(surf, panel, PATTERNS[colour], tint)
    _rounded(surf, dark, panel, round(radius * 0.7), max(2, round(w * 0.018)))
    center = (w * 0.5, h * 0.5)
    pygame.draw.circle(surf, C.CREAM, center, w * 0.3)
    pygame.draw.circle(surf, dark, center, w * 0.3, max(2, round(w * 0.02)))
    draw_symbol(surf, symbol, center, w * 0.44, main)

    def icon(s, c, size):
        draw_symbol(s, symbol, c, size, main)

    _corner_numbers(surf, str(number), main, dark, w, h, icon)
    _round_mask(surf, radius)
    return surf


def _meal(card: str, w: int, h: int) -> pygame.Surface:
    loaf = card == "LOAF"
    glow = C.MEAL_LOAF_GLOW if loaf else C.MEAL_FISH_GLOW
    fill, border = (C.MEAL_1, C.MEAL_2) if loaf else (C.MEAL_3, C.MEAL_4)
    surf, radius = _blank(w, h, fill, border)
    _glow(surf, (w / 2, h / 2), w * 0.62, glow)
    for sx, sy, ss in ((0.2, 0.22, 0.06), (0.8, 0.3, 0.045), (0.25, 0.8, 0.04), (0.78, 0.76, 0.06)):
        _sparkle(surf, (w * sx, h * sy), w * ss, C.MEAL_5)
    (draw_loaf if loaf else draw_fish)(surf, (w / 2, h / 2), w * 0.72)
    ring = max(3, round(w * 0.035))
    _rounded(surf, glow, (ring, ring, w - 2 * ring, h - 2 * ring), radius - ring, max(2, ring // 2))
    _round_mask(surf, radius)
    return surf


def _death(w: int, h: int) -> pygame.Surface:
    surf, radius = _blank(w, h, C.DEATH_1, C.DEATH_2)
    _glow(surf, (w / 2, h * 0.48), w * 0.55, C.DEATH_3)
    draw_skull_cat(surf, (w / 2, h * 0.48), w * 0.6)
    for i in range(7):                      # a ring of small bones / claw marks
        a = i * 2 * math.pi / 7 - math.pi / 2
        x, y = w / 2 + math.cos(a) * w * 0.4, h * 0.48 + math.sin(a) * h * 0.36
        pygame.draw.line(surf, C.DEATH_4, (x - w * 0.03, y - w * 0.03), (x + w * 0.03, y + w * 0.03),
                         max(2, round(w * 0.02)))
    ring = max(3, round(w * 0.035))
    _rounded(surf, C.DEATH_5, (ring, ring, w - 2 * ring, h - 2 * ring), radius - ring, max(2, ring // 2))
    _round_mask(surf, radius)
    return surf


def _back(w: int, h: int) -> pygame.Surface:
    surf, radius = _blank(w, h, C.BACK_1, C.BACK_2)
    inset = round(w * 0.07)
    panel = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    _rounded(surf, C.BACK_3, panel, round(radius * 0.7))
    clip = surf.get_clip()
    surf.set_clip(panel)
    bh = max(6, h // 16)                    # faint bricks
    for j, y in enumerate(range(panel.y, panel.bottom, bh)):
        pygame.draw.line(surf, C.BACK_4, (panel.x, y), (panel.right, y), max(1, w // 120))
        off = bh if j % 2 else 0
        for x in range(panel.x + off, panel.right, bh * 2):
            pygame.draw.line(surf, C.BACK_4, (x, y), (x, y + bh), max(1, w // 120))
    surf.set_clip(clip)
    _glow(surf, (w / 2, h / 2), w * 0.5, C.BACK_5)
    neon_w = max(3, round(w * 0.03))
    _rounded(surf, C.BACK_6, panel, round(radius * 0.7), neon_w)
    _rounded(surf, C.BACK_7, panel.inflate(-neon_w * 2, -neon_w * 2), round(radius * 0.6),
             max(1, neon_w // 3))
    # the neon fish sign: cyan outline fish with a pink eye
    cx, cy, s = w / 2, h / 2, w * 0.62
    body = pygame.Rect(0, 0, s * 0.72, s * 0.44)
    body.center = (cx - s * 0.1, cy)
    tail = [(cx + s * 0.18, cy), (cx + s * 0.46, cy - s * 0.24), (cx + s * 0.46, cy + s * 0.24)]
    tubes = ((neon_w * 3, C.BACK_NEON_GLOW), (neon_w, C.BACK_NEON), (max(1, neon_w // 3), C.BACK_NEON_CORE))
    for width, colour in tubes:
        pygame.draw.ellipse(surf, colour, body, width)
        pygame.draw.polygon(surf, colour, tail, width)
    pygame.draw.circle(surf, C.BACK_8, (body.x + body.w * 0.24, cy - s * 0.05), s * 0.05)
    for i in range(3):                      # fish bones, like a sign's ribs
        x = body.x + body.w * (0.45 + i * 0.14)
        pygame.draw.line(surf, C.BACK_9, (x, body.y + body.h * 0.25), (x, body.bottom - body.h * 0.25),
                         max(1, neon_w // 2))
    _round_mask(surf, radius)
    return surf


@art_cache("cards_hungry_meow.card_face")
def card_face(card: str, width: int) -> pygame.Surface:
    """The face of ``card`` at ``width`` pixels wide (height = width * RATIO). Cached."""
    w, h = size_for(width)
    W, H = w * SS, h * SS
    if card in ("LOAF", "FISH"):
        big = _meal(card, W, H)
    elif card == "DEATH":
        big = _death(W, H)
    elif parse(card):
        big = _numbered(card, W, H)
    else:
        raise ValueError(f"not a Hungry Meow card: {card!r}")
    return pygame.transform.smoothscale(big, (w, h))


@art_cache("cards_hungry_meow.card_back")
def card_back(width: int) -> pygame.Surface:
    w, h = size_for(width)
    return pygame.transform.smoothscale(_back(w * SS, h * SS), (w, h))


@art_cache("cards_hungry_meow.symbol_icon")
def symbol_icon(symbol: str, size: int, colour: tuple | None = None) -> pygame.Surface:
    """A paw or punch symbol on its own (for prompts and the table's 'to beat' marker)."""
    colour = C.SYMBOL_ICON_COLOUR if colour is None else colour
    big = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    draw_symbol(big, symbol, (size * SS / 2, size * SS / 2), size * SS * 0.9, colour)
    return pygame.transform.smoothscale(big, (size, size))


def all_cards() -> list[str]:
    cards = [f"{c}{n}{s}" for c in "RYBG" for s in "PX" for n in range(1, 9)]
    return cards + ["LOAF", "FISH", "DEATH"]


def rules_picture(kind: str, item: str, width: int, t=None) -> pygame.Surface:
    """A piece a rules help page shows (its kit's ``picture``): a card face, or the back
    (``t``, the reader's translator, is not used here)."""
    return card_back(width) if kind == "back" else card_face(item, width)
