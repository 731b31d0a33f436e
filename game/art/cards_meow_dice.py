"""Meow Meow Dice card and token art, drawn in code (the butler's parlour: bottle green velvet,
cream paper, brass and deep red).

A butler card (RULES.md MD-4, notation ``type/cat/points/condition``) shows, with no words:
its points big in a brass coin (top left), the bonus cat's head (top right), the item type as a
big picture at the top (food: a bowl, nest: a cushion bed, style: a bow tie, each toy its own
picture: toys_meow_dice.py; each type on its own colour), its name on a ribbon (given in the
reader's language) and its condition(s) big along the bottom as icons a child can read: the face
in a green square (some die shows it) or the face inside a red "no" ring (no die shows it). Golden cards are
gilded; special cards (MD-12) carry an ability badge; fish bones are slate-blue skeletons with 0-2
flames. ``card_face(notation, width, ability=None)``, ``card_back(width, kind)``.

Tokens: ``condition_token(cond, size)`` (a brass disc with the condition), ``cat_token(cat, size,
face_up)``, ``enthusiasm_icon(size, lit)`` (a flame), ``type_icon(type, size)``,
``cat_head(cat, size)``. Everything is drawn at twice the size, smooth-scaled down once and
cached by its parameters.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.art import palette as P
from game.art.cache import art_cache, window_format
from game.art.dice_meow_dice import draw_condition
from game.art.fonts import shipped_font_path
from game.art.toys_meow_dice import TOY_PICTURES, draw_wand
from game.rules.meow_dice_data import read_card

C = P.colours("meow-dice")

RATIO = 1.4
SS = 2

_font_path: str | None = None


def _find_font() -> str | None:
    if _font_path:
        return _font_path
    return shipped_font_path()          # None when missing or damaged: pygame's default font


# a few sizes kept: each open size holds its glyphs (at 4K and supersampled, about 0.5 MiB);
# 32 kept (and 64 for Hungry Meow's) held about 20 MiB in a 4K kiosk (a card is made at many
# widths); opening one: 0.3 ms
@lru_cache(maxsize=4)
def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = _find_font()
    try:
        return pygame.font.Font(path, px)
    except (OSError, ValueError, pygame.error):
        return pygame.font.Font(None, px)


def _convert(surf: pygame.Surface) -> pygame.Surface:
    return window_format(surf)


def parse(notation: str) -> dict:
    """``"food/tabby/2/!C"`` -> {type, cat, points, conds, kind}; ``fishbone/N`` -> flames."""
    f = read_card(notation)
    return {"kind": f.kind, "type": f.type, "cat": f.cat, "points": f.points, "conds": f.conds,
            "flames": f.flames}


# ---- little pictures (size = overall width) ----------------------------------------------------------
def draw_bowl(surf, center, size: float) -> None:
    cx, cy = center
    o = max(2, round(size * 0.04))
    mound = pygame.Rect(0, 0, size * 0.74, size * 0.4)
    mound.center = (cx, cy - size * 0.02)
    pygame.draw.ellipse(surf, C.INK, mound.inflate(2 * o, 2 * o))
    pygame.draw.ellipse(surf, C.DRAW_BOWL_1, mound)
    for dx, dy in ((-0.18, -0.1), (0.02, -0.14), (0.2, -0.08), (-0.06, -0.02), (0.12, 0.0)):
        pygame.draw.circle(surf, C.DRAW_BOWL_2, (cx + dx * size, cy + dy * size), size * 0.045)
    bowl = [(cx - size * 0.48, cy + size * 0.02), (cx + size * 0.48, cy + size * 0.02),
            (cx + size * 0.34, cy + size * 0.32), (cx - size * 0.34, cy + size * 0.32)]
    pygame.draw.polygon(surf, C.INK, [(x + (x - cx) * 0.06, y + (y - cy) * 0.1) for x, y in bowl])
    pygame.draw.polygon(surf, C.DEEP_RED, bowl)
    rim = pygame.Rect(0, 0, size * 0.96, size * 0.12)
    rim.center = (cx, cy + size * 0.03)
    pygame.draw.ellipse(surf, C.INK, rim.inflate(o, o))
    pygame.draw.ellipse(surf, C.DRAW_BOWL_3, rim)
    fish = pygame.Rect(0, 0, size * 0.18, size * 0.1)       # a fish-bone motif on the bowl
    fish.center = (cx, cy + size * 0.19)
    pygame.draw.ellipse(surf, C.PAPER, fish)
    pygame.draw.polygon(surf, C.PAPER, [(fish.right - 2, fish.centery), (fish.right + size * 0.07, fish.y),
                                      (fish.right + size * 0.07, fish.bottom)])


def draw_cushion(surf, center, size: float) -> None:
    cx, cy = center
    o = max(2, round(size * 0.04))
    base = pygame.Rect(0, 0, size * 0.96, size * 0.52)
    base.center = (cx, cy + size * 0.1)
    pygame.draw.ellipse(surf, C.INK, base.inflate(2 * o, 2 * o))
    pygame.draw.ellipse(surf, C.DRAW_CUSHION_1, base)
    inner = pygame.Rect(0, 0, size * 0.66, size * 0.3)
    inner.center = (cx, cy + size * 0.06)
    pygame.draw.ellipse(surf, C.INK, inner.inflate(o, o))
    pygame.draw.ellipse(surf, C.DRAW_CUSHION_2, inner)
    for dx in (-0.16, 0.0, 0.16):                       # tufts
        pygame.draw.circle(surf, C.DRAW_CUSHION_3, (cx + dx * size, cy + size * 0.06), size * 0.035)
    # a little sleeping moon above the bed
    moon_c = (cx + size * 0.28, cy - size * 0.3)
    pygame.draw.circle(surf, C.INK, moon_c, size * 0.13)
    pygame.draw.circle(surf, C.DRAW_CUSHION_4, moon_c, size * 0.11)
    pygame.draw.circle(surf, C.TYPE_COLOURS["nest"][1], (moon_c[0] + size * 0.07, moon_c[1] - size * 0.05),
                       size * 0.09)


def draw_bowtie(surf, center, size: float) -> None:
    cx, cy = center
    o = max(2, round(size * 0.04))
    main, pale = C.TYPE_COLOURS["style"]
    for sx in (-1, 1):
        wing = [(cx, cy), (cx + sx * size * 0.46, cy - size * 0.26),
                (cx + sx * size * 0.46, cy + size * 0.26)]
        pygame.draw.polygon(surf, C.INK, [(x + (x - cx) * 0.08, y + (y - cy) * 0.12) for x, y in wing])
        pygame.draw.polygon(surf, main, wing)
        for k in (0.22, 0.36):
            pygame.draw.circle(surf, pale, (cx + sx * size * k, cy + (k - 0.29) * size * 0.8), size * 0.04)
    knot = pygame.Rect(0, 0, size * 0.2, size * 0.24)
    knot.center = (cx, cy)
    pygame.draw.rect(surf, C.INK, knot.inflate(2 * o, 2 * o), border_radius=round(size * 0.06))
    pygame.draw.rect(surf, C.DRAW_BOWTIE_1, knot, border_radius=round(size * 0.05))


PICTURES = {"food": draw_bowl, "toy": draw_wand, "nest": draw_cushion, "style": draw_bowtie}


def draw_type(surf, ctype: str, center, size: float, disc: bool = True, picture=None) -> None:
    """The item type's picture (or ``picture``, an item's own), on its colour disc (``disc``)."""
    cx, cy = center
    paint = picture or PICTURES[ctype]
    if disc:
        main, pale = C.TYPE_COLOURS[ctype]
        pygame.draw.circle(surf, C.INK, center, size * 0.5)
        pygame.draw.circle(surf, main, center, size * 0.5 - max(2, size * 0.03))
        pygame.draw.circle(surf, pale, center, size * 0.43)
        paint(surf, (cx, cy), size * 0.72)
    else:
        paint(surf, (cx, cy), size)


def draw_cat_head(surf, cat: str, center, size: float) -> None:
    """A round cat head in ``cat``'s coat (tabby stripes, calico patches, tuxedo muzzle,
    siamese mask)."""
    fill, belly, mark, outline, eye = P.COAT_COLOURS.get(cat, P.COAT_COLOURS["tabby"])
    cx, cy = center
    o = max(2, round(size * 0.05))
    head = pygame.Rect(0, 0, size * 0.86, size * 0.72)
    head.center = (cx, cy + size * 0.1)
    ear_col = mark if cat == "siamese" else fill
    ears = [[(cx + sx * size * 0.44, cy + size * 0.02), (cx + sx * size * 0.38, cy - size * 0.42),
             (cx + sx * size * 0.06, cy - size * 0.16)] for sx in (-1, 1)]
    for ear in ears:
        pygame.draw.polygon(surf, outline, [(x + (x - cx) * 0.1, y + (y - cy) * 0.12) for x, y in ear])
    pygame.draw.ellipse(surf, outline, head.inflate(2 * o, 2 * o))
    for i, ear in enumerate(ears):
        col = ear_col
        if cat == "calico":
            col = C.DRAW_CAT_HEAD_COL if i == 0 else C.CARDS_DRAW_CAT_HEAD_COL
        pygame.draw.polygon(surf, col, ear)
        inner = [(x + (cx - x) * 0.35, y + (cy - y) * 0.3) for x, y in ear]
        pygame.draw.polygon(surf, C.DRAW_CAT_HEAD_1, inner)
    pygame.draw.ellipse(surf, fill, head)
    clip = surf.get_clip()
    surf.set_clip(head)
    if cat == "tabby":
        for dx in (-0.1, 0.0, 0.1):
            pygame.draw.line(surf, mark, (cx + dx * size, head.y + size * 0.02),
                             (cx + dx * size * 0.8, head.y + size * 0.16), max(2, o))
        for sx in (-1, 1):
            pygame.draw.line(surf, mark, (cx + sx * size * 0.43, cy + size * 0.12),
                             (cx + sx * size * 0.3, cy + size * 0.14), max(2, o))
    elif cat == "calico":
        pygame.draw.circle(surf, C.CALICO_ORANGE, (head.x + size * 0.14, head.y + size * 0.12), size * 0.2)
        pygame.draw.circle(surf, C.CALICO_DARK, (head.right - size * 0.12, head.y + size * 0.1), size * 0.17)
    elif cat == "siamese":
        mask = pygame.Rect(0, 0, size * 0.5, size * 0.44)
        mask.center = (cx, cy + size * 0.2)
        pygame.draw.ellipse(surf, mark, mask)
    surf.set_clip(clip)
    muzzle = pygame.Rect(0, 0, size * 0.36, size * 0.22)
    muzzle.center = (cx, cy + size * 0.28)
    if cat in ("tuxedo", "calico", "tabby"):
        pygame.draw.ellipse(surf, belly, muzzle.inflate(size * 0.06 if cat == "tuxedo" else 0, 0))
    eye_white = C.DRAW_CAT_HEAD_EYE_WHITE
    for sx in (-1, 1):
        e = pygame.Rect(0, 0, size * 0.16, size * 0.18)
        e.center = (cx + sx * size * 0.17, cy + size * 0.08)
        pygame.draw.ellipse(surf, outline, e.inflate(o, o))
        pygame.draw.ellipse(surf, eye, e)
        pupil = pygame.Rect(0, 0, size * 0.06, size * 0.14)
        pupil.center = e.center
        pygame.draw.ellipse(surf, C.DRAW_CAT_HEAD_4, pupil)
        glint = (e.centerx + size * 0.03, e.centery - size * 0.04)
        pygame.draw.circle(surf, eye_white, glint, max(1, size * 0.025))
    nose = [(cx - size * 0.045, cy + size * 0.21), (cx + size * 0.045, cy + size * 0.21),
            (cx, cy + size * 0.26)]
    pygame.draw.polygon(surf, C.DRAW_CAT_HEAD_5, nose)


def _teardrop(cx: float, cy: float, a: float, width: float = 0.75) -> list[tuple[float, float]]:
    """A teardrop with its point up, height 2a, centred on (cx, cy)."""
    return [(cx + width * a * math.sin(t) * math.sin(t / 2), cy - a * math.cos(t))
            for t in (i * 2 * math.pi / 40 for i in range(40))]


def draw_flame(surf, center, size: float, lit: bool = True) -> None:
    """A flame (enthusiasm, fish-bone flames); unlit: a grey outline."""
    cx, cy = center
    a = size * 0.46
    if lit:
        pygame.draw.polygon(surf, C.INK, _teardrop(cx, cy, a * 1.08, 0.8))
        pygame.draw.polygon(surf, C.DRAW_FLAME_1, _teardrop(cx, cy, a, 0.8))
        pygame.draw.polygon(surf, C.DRAW_FLAME_2, _teardrop(cx, cy + a * 0.35, a * 0.58, 0.8))
    else:
        pygame.draw.polygon(surf, C.DRAW_FLAME_3, _teardrop(cx, cy, a, 0.8), max(2, round(size * 0.07)))


# ---- cards ---------------------------------------------------------------------------------------------
def _frame(w: int, h: int, fill, border, inner=None) -> tuple[pygame.Surface, int]:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = round(w * 0.09)
    pygame.draw.rect(surf, border, (0, 0, w, h), border_radius=radius)
    edge = max(2, round(w * 0.035))
    pygame.draw.rect(surf, fill, (edge, edge, w - 2 * edge, h - 2 * edge), border_radius=radius - edge)
    if inner:
        e2 = edge + max(2, round(w * 0.025))
        pygame.draw.rect(surf, inner, (e2, e2, w - 2 * e2, h - 2 * e2), max(1, round(w * 0.012)),
                         border_radius=radius - e2)
    return surf, radius


def _round_mask(surf: pygame.Surface, radius: int) -> None:
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)


def _coin(surf, text: str, center, r: float, fill=None) -> None:
    fill = C.BRASS if fill is None else fill     # (read when drawing, not at import)
    cx, cy = center
    pygame.draw.circle(surf, C.INK, center, r * 1.08)
    pygame.draw.circle(surf, C.BRASS_DARK, center, r)
    pygame.draw.circle(surf, fill, (cx - r * 0.05, cy - r * 0.06), r * 0.9)
    font = _font(max(8, round(r * 1.55)))
    label = font.render(text, True, C.INK)
    box = label.get_bounding_rect()
    label = label.subsurface(box)
    surf.blit(label, label.get_rect(center=(cx - r * 0.04, cy - r * 0.04)))


def _sparkle(surf, center, size: float, colour=None) -> None:
    colour = C.SPARKLE_COLOUR if colour is None else colour
    cx, cy = center
    q = size * 0.25
    pygame.draw.polygon(surf, colour, [(cx, cy - size), (cx + q, cy - q), (cx + size, cy), (cx + q, cy + q),
                                       (cx, cy + size), (cx - q, cy + q), (cx - size, cy), (cx - q, cy - q)])


def _ability_badge(surf, ability: str, center, r: float) -> None:
    cx, cy = center
    colour = C.ABILITY_COLOURS.get(ability, C.ABILITY_BADGE_1)
    pygame.draw.circle(surf, C.INK, center, r * 1.1)
    pygame.draw.circle(surf, colour, center, r)
    white = C.ABILITY_BADGE_WHITE
    if ability == "catnip":                      # a leaf
        leaf = pygame.Rect(0, 0, r * 1.3, r * 0.7)
        leaf.center = center
        pygame.draw.ellipse(surf, white, leaf)
        pygame.draw.line(surf, colour, (leaf.x, cy), (leaf.right, cy), max(1, round(r * 0.12)))
    elif ability == "gourmet":                   # a chef's hat
        for dx in (-0.35, 0.0, 0.35):
            pygame.draw.circle(surf, white, (cx + dx * r, cy - r * 0.2), r * 0.38)
        pygame.draw.rect(surf, white, (cx - r * 0.45, cy - r * 0.1, r * 0.9, r * 0.55))
    elif ability == "dreamer":                   # a crescent moon
        pygame.draw.circle(surf, white, center, r * 0.6)
        pygame.draw.circle(surf, colour, (cx + r * 0.3, cy - r * 0.2), r * 0.5)
    else:                                        # fan club: a heart
        pts = []
        for i in range(32):
            t = i * 2 * math.pi / 32
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((cx + x * r / 26, cy - y * r / 26 + r * 0.05))
        pygame.draw.polygon(surf, white, pts)


# A butler card's parts, as fractions of its height (issue 21: the condition plate is the
# biggest thing after the points, its icon >= 40 px on a slot card at 1280x720; the name on a
# ribbon between the picture and the plate)
PICTURE_Y, PICTURE_D = 0.225, 0.34
RIBBON = (0.41, 0.595)
PLATE_H, PLATE_GAP = 0.36, 0.05      # plate height (of h), its bottom margin (of w)


def condition_box(w: int, h: int, n: int = 1) -> pygame.Rect:
    """The card-relative box of one of the card's ``n`` condition icons (the floor test reads it)."""
    plate = pygame.Rect(0, 0, round(w * 0.88), round(h * PLATE_H))
    plate.midbottom = (round(w * 0.5), round(h - w * PLATE_GAP))
    icon = round(min(plate.h * 0.96, plate.w * 0.9 / max(1, n)))
    return pygame.Rect(plate.centerx - icon // 2, plate.centery - icon // 2, icon, icon)


def _name_ribbon(surf, name: str | None, w: int, h: int, colour) -> None:
    band = pygame.Rect(0, round(h * RIBBON[0]), w, round(h * (RIBBON[1] - RIBBON[0])))
    pygame.draw.rect(surf, C.INK, band.inflate(0, max(2, w * 0.02)))
    pygame.draw.rect(surf, colour, band)
    if not name:
        return
    room = band.w - 2 * round(w * 0.05)
    for px, lines in [(round(band.h * k), [name]) for k in (0.62, 0.54)] + \
            [(round(band.h * k), _two_lines(name)) for k in (0.46, 0.4)]:
        font = _font(max(6, px))
        if all(font.size(line)[0] <= room for line in lines):
            break
    step = band.h * 0.47                    # two lines share the band: each its own half
    y0 = band.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        label = font.render(line, True, C.PAPER)
        label = label.subsurface(label.get_bounding_rect()) if label.get_bounding_rect().w else label
        if label.get_width() > room:
            label = pygame.transform.smoothscale(label, (room, label.get_height()))
        surf.blit(label, label.get_rect(center=(band.centerx, round(y0 + i * step))))


def _two_lines(name: str) -> list[str]:
    """A long name on two lines: at the space nearest its middle, else half way (Chinese)."""
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
        return [name[:cut], name[cut + 1:]]
    half = (len(name) + 1) // 2
    return [name[:half], name[half:]]


def _butler(notation: str, w: int, h: int, ability: str | None, name: str | None = None) -> pygame.Surface:
    info = parse(notation)
    golden = info["points"] >= 3 and ability is None
    special = ability is not None
    if golden:
        surf, radius = _frame(w, h, C.GOLD_PAPER, C.BRASS_DARK, C.BRASS)
        glow = pygame.Surface((w, h), pygame.SRCALPHA)
        for i in range(10):
            pygame.draw.circle(glow, (255, 255, 255, 10 + 3 * i), (w * 0.5, h * 0.3), w * (0.62 - i * 0.04))
        surf.blit(glow, (0, 0))
    else:
        surf, radius = _frame(w, h, C.PAPER, C.VELVET if special else C.DEEP_RED, C.BRASS)
    # the item's own picture (each toy its own), on the type's colour
    draw_type(surf, info["type"], (w * 0.5, h * PICTURE_Y), h * PICTURE_D, picture=TOY_PICTURES.get(notation))
    # points coin (the biggest thing on the card) and the bonus cat
    _coin(surf, str(info["points"]), (w * 0.18, w * 0.18), w * 0.155, C.BUTLER_1 if golden else C.BRASS)
    cat_c = (w * 0.82, w * 0.18)
    pygame.draw.circle(surf, C.INK, cat_c, w * 0.16)
    pygame.draw.circle(surf, C.VELVET, cat_c, w * 0.145)
    draw_cat_head(surf, info["cat"], (cat_c[0], cat_c[1] - w * 0.02), w * 0.25)
    if special:
        _ability_badge(surf, ability, (w * 0.16, h * 0.33), w * 0.125)
    if golden:
        for sx, sy, ss in ((0.12, 0.38, 0.045), (0.88, 0.36, 0.035), (0.86, 0.45, 0.03)):
            _sparkle(surf, (w * sx, h * sy * 0.85), w * ss)
    _name_ribbon(surf, name, w, h, C.BRASS_DARK if golden else (C.VELVET if special else C.DEEP_RED))
    # the condition plate
    conds = info["conds"]
    plate = pygame.Rect(0, 0, round(w * 0.88), round(h * PLATE_H))
    plate.midbottom = (round(w * 0.5), round(h - w * PLATE_GAP))
    edge = max(2, w * 0.02)
    pygame.draw.rect(surf, C.INK, plate.inflate(edge, edge), border_radius=round(w * 0.08))
    pygame.draw.rect(surf, C.BUTLER_2, plate, border_radius=round(w * 0.075))
    n = max(1, len(conds))
    icon = condition_box(w, h, n).w
    x0 = plate.centerx - icon * (n - 1) / 2
    for i, cond in enumerate(conds):
        draw_condition(surf, cond, (x0 + i * icon, plate.centery), icon * 0.98)
    _round_mask(surf, radius)
    return surf


def draw_fishbone(surf, center, size: float, colour=None) -> None:
    colour = C.DRAW_FISHBONE_COLOUR if colour is None else colour
    cx, cy = center
    o = max(2, round(size * 0.05))
    x0, x1 = cx - size * 0.3, cx + size * 0.28
    pygame.draw.line(surf, colour, (x0, cy), (x1, cy), o)
    for k in range(4):
        x = x0 + size * 0.12 + k * size * 0.11
        pygame.draw.line(surf, colour, (x, cy - size * 0.16), (x + size * 0.04, cy), o)
        pygame.draw.line(surf, colour, (x, cy + size * 0.16), (x + size * 0.04, cy), o)
    head = [(x0 - size * 0.2, cy), (x0 + size * 0.02, cy - size * 0.16), (x0 + size * 0.02, cy + size * 0.16)]
    pygame.draw.polygon(surf, colour, head, o)
    pygame.draw.circle(surf, colour, (x0 - size * 0.06, cy - size * 0.03), size * 0.03)
    tail = [(x1, cy), (x1 + size * 0.16, cy - size * 0.14), (x1 + size * 0.16, cy + size * 0.14)]
    pygame.draw.polygon(surf, colour, tail, o)


def _fishbone(flames: int, w: int, h: int) -> pygame.Surface:
    surf, radius = _frame(w, h, C.SLATE, C.FISHBONE_1, C.FISHBONE_2)
    pygame.draw.circle(surf, C.FISHBONE_3, (w * 0.5, h * 0.42), w * 0.36)
    draw_fishbone(surf, (w * 0.5, h * 0.42), w * 0.8)
    # food type, small, top right: a fish bone counts as food
    draw_type(surf, "food", (w * 0.8, w * 0.2), w * 0.26)
    plate = pygame.Rect(0, 0, w * 0.84, h * 0.22)
    plate.midbottom = (w * 0.5, h - w * 0.07)
    pygame.draw.rect(surf, C.FISHBONE_4, plate, border_radius=round(w * 0.07))
    slots = 2 if flames <= 2 else flames
    step = plate.w / (slots + 0.4)
    x0 = plate.centerx - step * (slots - 1) / 2
    for i in range(slots):
        draw_flame(surf, (x0 + i * step, plate.centery), plate.h * 0.8, lit=i < flames)
    _round_mask(surf, radius)
    return surf


def _back(kind: str, w: int, h: int) -> pygame.Surface:
    if kind == "fishbone":
        surf, radius = _frame(w, h, C.BACK_1, C.BACK_2, C.BACK_3)
        for i in range(3):
            draw_fishbone(surf, (w * 0.5, h * (0.28 + 0.22 * i)), w * 0.5, C.BACK_4)
        _round_mask(surf, radius)
        return surf
    surf, radius = _frame(w, h, C.VELVET, C.VELVET_DARK, C.BRASS)
    inset = round(w * 0.13)
    inner = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    for j, y in enumerate(range(inner.y, inner.bottom, max(6, w // 10))):   # velvet diamonds
        for i, x in enumerate(range(inner.x, inner.right, max(6, w // 10))):
            if (i + j) % 2 == 0:
                pygame.draw.circle(surf, C.BACK_5, (x + w // 20, y + w // 20), max(2, w // 30))
    pygame.draw.rect(surf, C.BRASS, inner, max(2, round(w * 0.02)), border_radius=round(w * 0.06))
    # a golden bell in a brass ring
    c = (w * 0.5, h * 0.5)
    pygame.draw.circle(surf, C.INK, c, w * 0.26)
    pygame.draw.circle(surf, C.DEEP_RED, c, w * 0.24)
    from game.art.dice_meow_dice import draw_bell

    draw_bell(surf, (c[0], c[1] + w * 0.02), w * 0.36)
    _round_mask(surf, radius)
    return surf


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


@art_cache("cards_meow_dice.card_face")
def card_face(notation: str, width: int, ability: str | None = None,
              name: str | None = None) -> pygame.Surface:
    """The face of a butler card or fish bone at ``width`` px (height = width * RATIO), a butler
    card's ``name`` (in the reader's language) on its ribbon. Cached."""
    w, h = card_size(max(8, int(width)))
    info = parse(notation)
    if info["kind"] == "fishbone":
        big = _fishbone(info["flames"], w * SS, h * SS)
    else:
        big = _butler(notation, w * SS, h * SS, ability, name)
    return _convert(pygame.transform.smoothscale(big, (w, h)))


@art_cache("cards_meow_dice.card_back")
def card_back(width: int, kind: str = "regular") -> pygame.Surface:
    """The back of the regular deck (green velvet, a golden bell) or of a fish bone."""
    w, h = card_size(max(8, int(width)))
    return _convert(pygame.transform.smoothscale(_back(kind, w * SS, h * SS), (w, h)))


def _icon(size: int, paint) -> pygame.Surface:
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    paint(big, S)
    return _convert(pygame.transform.smoothscale(big, (size, size)))


@art_cache("cards_meow_dice.condition_token")
def condition_token(cond: str, size: int) -> pygame.Surface:
    """A condition token (MD-11 A): a brass disc with the face in a square frame (must show) or
    in a round no-sign (must not show)."""
    def paint(big, S):
        c = (S / 2, S / 2)
        pygame.draw.circle(big, C.INK, c, S * 0.49)
        pygame.draw.circle(big, C.BRASS_DARK, c, S * 0.46)
        pygame.draw.circle(big, C.BRASS, (S * 0.49, S * 0.48), S * 0.42)
        pygame.draw.circle(big, C.PAINT_1, c, S * 0.35)
        draw_condition(big, cond, c, S * 0.66)
    return _icon(size, paint)


@art_cache("cards_meow_dice.cat_token")
def cat_token(cat: str, size: int, face_up: bool = True) -> pygame.Surface:
    """The MD-10 cat token: the cat's head on brass (face up) or a plain grey disc (used)."""
    def paint(big, S):
        c = (S / 2, S / 2)
        pygame.draw.circle(big, C.INK, c, S * 0.49)
        if face_up:
            pygame.draw.circle(big, C.BRASS, c, S * 0.45)
            pygame.draw.circle(big, C.VELVET, c, S * 0.36)
            draw_cat_head(big, cat, (S / 2, S * 0.48), S * 0.58)
        else:
            pygame.draw.circle(big, C.PAINT_2, c, S * 0.45)
            pygame.draw.circle(big, C.PAINT_3, c, S * 0.36, max(2, round(S * 0.03)))
    return _icon(size, paint)


@art_cache("cards_meow_dice.enthusiasm_icon")
def enthusiasm_icon(size: int, lit: bool = True) -> pygame.Surface:
    return _icon(size, lambda big, S: draw_flame(big, (S / 2, S / 2), S * 0.9, lit))


@art_cache("cards_meow_dice.type_icon")
def type_icon(ctype: str, size: int) -> pygame.Surface:
    return _icon(size, lambda big, S: draw_type(big, ctype, (S / 2, S / 2), S * 0.96))


@art_cache("cards_meow_dice.cat_head")
def cat_head(cat: str, size: int) -> pygame.Surface:
    return _icon(size, lambda big, S: draw_cat_head(big, cat, (S / 2, S * 0.52), S * 0.92))


@art_cache("cards_meow_dice.bite_mark")
def bite_mark(width: int, table=None) -> pygame.Surface:
    """Laid over a turned (bitten, MD-13) food card: a dimming veil and a bite out of its right
    edge in the table's colour."""
    table = C.VELVET if table is None else table
    w, h = card_size(width)
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    radius = round(w * SS * 0.09)
    pygame.draw.rect(big, C.BITE_MARK_1, big.get_rect(), border_radius=radius)
    cx, cy, r = w * SS * 1.02, h * SS * 0.34, w * SS * 0.15
    for k in range(-1, 2):
        pygame.draw.circle(big, C.INK, (cx, cy + k * r * 1.2), r + max(2, w * SS * 0.02))
    for k in range(-1, 2):
        pygame.draw.circle(big, (*table, 255), (cx, cy + k * r * 1.2), r)
    return _convert(pygame.transform.smoothscale(big, (w, h)))


def rules_picture(kind: str, item: str, width: int, t=None) -> pygame.Surface:
    """A piece a rules help page shows (its kit's ``picture``): a card, die, condition, cat
    token or slot pattern (``t``, the reader's translator, is not used here)."""
    from game.art.dice_meow_dice import die_face, pattern_icon

    if kind == "card" and not item.startswith("fishbone/"):
        return card_face(item, width, _ability(item))     # a special with its badge, as on the table
    draw = {"card": card_face, "die": die_face, "cond": condition_token, "cat_token": cat_token,
            "pattern": pattern_icon}[kind]
    return draw(item, width)


def _ability(notation: str) -> str | None:
    """The shipped special card's ability of a notation (None for any other card)."""
    from game.rules.meow_dice_data import DEFAULT_CARDS

    try:
        return next((c.ability for c in DEFAULT_CARDS.cards if c.notation == notation and c.ability), None)
    except Exception:           # a damaged card file: the picture without its badge
        return None
