"""Meow Meow Dice dice art, drawn in code: six cat-themed faces, each in its own outline shape.

Faces (RULES.md MD-1) and how each reads without colour:

====  ==========  ================  =====================
face  picture     outline shape     colour
====  ==========  ================  =====================
C     cat face    circle            orange
F     fish        diamond           blue
Y     yarn ball   hexagon           rose
M     mouse       triangle          grey-violet
P     paw print   heart             green
B     bell        star              gold
====  ==========  ================  =====================

``face_icon(face, size)`` is the shape badge with its picture (for card conditions, tokens and
pickers); ``die_face(face, size, style)`` is a whole die: a cream rounded cube with the badge on
it (``face=None``: a blank die, not rolled yet); ``die_tumbling(face, size, angle)`` is the die
turned by ``angle`` degrees (15-degree steps, for the roll animation; only those under 90 cached);
``condition_icon(cond, size)`` is ``!f`` ("must show") as the face in a green square frame and
``Xf`` ("must not show") as the face in a red round no-sign (they differ in shape);
``pattern_icon(slot, size)`` shows a slot's MD-3 pattern as four mini dice
whose colours repeat as the faces must (same colour = same face).

Everything is drawn at twice the size and smooth-scaled down once, then cached by size.
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cache import art_cache, window_format
from game.art.cards_hungry_meow import draw_paw

C = P.colours("meow-dice")

SS = 2
FACES = "CFYMPB"
FACE_NAMES = {"C": "cat", "F": "fish", "Y": "yarn", "M": "mouse", "P": "paw", "B": "bell"}
SHAPES = {"C": "circle", "F": "diamond", "Y": "hexagon", "M": "triangle", "P": "heart", "B": "star"}
PATTERNS = {"TL": (0, 1, 2, 3), "TR": (0, 0, 1, 1), "BL": (0, 0, 0, 1), "BR": (0, 0, 0, 0)}
DOT_SHAPES = ("circle", "triangle", "diamond", "star")      # the dots in the colour-blind look


def _convert(surf: pygame.Surface) -> pygame.Surface:
    return window_format(surf)


# ---- shapes -------------------------------------------------------------------------------------
def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """Outline of a badge shape of radius ``r`` (circle: a 40-gon)."""
    if shape == "circle":
        return [(cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (i * 2 * math.pi / 40 for i in range(40))]
    if shape == "diamond":
        return [(cx, cy - r * 1.06), (cx + r * 0.96, cy), (cx, cy + r * 1.06), (cx - r * 0.96, cy)]
    if shape == "hexagon":
        return [(cx + r * math.cos(a), cy + r * math.sin(a))
                for a in (math.pi / 6 + i * math.pi / 3 for i in range(6))]
    if shape == "triangle":
        return [(cx, cy - r * 1.08), (cx + r * 1.05, cy + r * 0.78), (cx - r * 1.05, cy + r * 0.78)]
    if shape == "star":
        pts = []
        for i in range(10):
            a = -math.pi / 2 + i * math.pi / 5
            rr = r * (1.1 if i % 2 == 0 else 0.62)
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        return pts
    if shape == "heart":
        pts = []
        for i in range(48):
            t = i * 2 * math.pi / 48
            x = 16 * math.sin(t) ** 3
            y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
            pts.append((cx + x * r / 16.5, cy - y * r / 15.5 + r * 0.1))
        return pts
    raise ValueError(f"unknown shape {shape!r}")


def _badge(surf, face: str, cx: float, cy: float, r: float) -> None:
    main, light = C.FACE_COLOURS[face]
    pts = shape_points(SHAPES[face], cx, cy, r)
    o = max(2, round(r * 0.13))
    pygame.draw.polygon(surf, C.INK, shape_points(SHAPES[face], cx, cy, r + o * 1.2))
    pygame.draw.polygon(surf, main, pts)
    inner = shape_points(SHAPES[face], cx, cy, r - o)
    pygame.draw.polygon(surf, light, inner)


# ---- pictures (size = the picture's overall width) ------------------------------------------------
def draw_cat_face(surf, center, size: float, fill=None) -> None:
    fill = fill or C.FACE_COLOURS["C"][0]        # read when drawn: the colour-blind variant applies
    cx, cy = center
    o = max(2, round(size * 0.05))
    head = pygame.Rect(0, 0, size * 0.84, size * 0.7)
    head.center = (cx, cy + size * 0.08)
    ears = [[(cx + sx * size * 0.42, cy - size * 0.02), (cx + sx * size * 0.36, cy - size * 0.44),
             (cx + sx * size * 0.08, cy - size * 0.2)] for sx in (-1, 1)]
    for ear in ears:
        pygame.draw.polygon(surf, C.INK, ear)
        pygame.draw.polygon(surf, C.INK, [(x + (cx - x) * -0.1, y + (cy - y) * -0.1) for x, y in ear])
    pygame.draw.ellipse(surf, C.INK, head.inflate(2 * o, 2 * o))
    for ear in ears:
        pygame.draw.polygon(surf, fill, [(x + (cx - x) * 0.12, y + (cy - y) * 0.12) for x, y in ear])
        inner = [(x + (cx - x) * 0.4, y + (cy - y) * 0.35) for x, y in ear]
        pygame.draw.polygon(surf, C.DRAW_CAT_FACE_1, inner)
    pygame.draw.ellipse(surf, fill, head)
    muzzle = pygame.Rect(0, 0, size * 0.4, size * 0.24)
    muzzle.center = (cx, cy + size * 0.24)
    pygame.draw.ellipse(surf, C.DRAW_CAT_FACE_2, muzzle)
    for sx in (-1, 1):
        eye = pygame.Rect(0, 0, size * 0.13, size * 0.17)
        eye.center = (cx + sx * size * 0.17, cy + size * 0.04)
        pygame.draw.ellipse(surf, C.INK, eye)
        pygame.draw.circle(surf, C.DRAW_CAT_FACE_3, (eye.centerx + size * 0.025, eye.centery - size * 0.035),
                           max(1, size * 0.028))
    nose = [(cx - size * 0.05, cy + size * 0.15), (cx + size * 0.05, cy + size * 0.15),
            (cx, cy + size * 0.21)]
    pygame.draw.polygon(surf, C.DRAW_CAT_FACE_4, nose)
    for sx in (-1, 1):
        for dy in (0.0, 0.07):
            pygame.draw.line(surf, C.INK, (cx + sx * size * 0.22, cy + size * (0.24 + dy)),
                             (cx + sx * size * 0.46, cy + size * (0.2 + 2 * dy)), max(1, o // 2))


def draw_fish(surf, center, size: float, fill=None) -> None:
    fill = fill or C.FACE_COLOURS["F"][0]        # read when drawn: the colour-blind variant applies
    cx, cy = center
    o = max(2, round(size * 0.05))
    body = pygame.Rect(0, 0, size * 0.68, size * 0.44)
    body.center = (cx - size * 0.08, cy)
    tail = [(cx + size * 0.16, cy), (cx + size * 0.48, cy - size * 0.24),
            (cx + size * 0.48, cy + size * 0.24)]
    pygame.draw.polygon(surf, C.INK, [(x + (cx - x) * -0.12, y + (cy - y) * -0.12) for x, y in tail])
    pygame.draw.ellipse(surf, C.INK, body.inflate(2 * o, 2 * o))
    pygame.draw.polygon(surf, fill, tail)
    pygame.draw.ellipse(surf, fill, body)
    belly = pygame.Rect(body.x + body.w * 0.18, body.centery, body.w * 0.64, body.h * 0.38)
    pygame.draw.ellipse(surf, C.DRAW_FISH_1, belly)
    pygame.draw.circle(surf, C.DRAW_FISH_2, (body.x + body.w * 0.22, cy - size * 0.05), size * 0.075)
    pygame.draw.circle(surf, C.INK, (body.x + body.w * 0.22, cy - size * 0.05), size * 0.04)
    pygame.draw.arc(surf, C.INK, pygame.Rect(body.x + body.w * 0.36, body.y + body.h * 0.16,
                                           body.w * 0.2, body.h * 0.68), -1.2, 1.2, max(1, o))


def draw_yarn(surf, center, size: float, fill=None) -> None:
    fill = fill or C.FACE_COLOURS["Y"][0]        # read when drawn: the colour-blind variant applies
    cx, cy = center
    o = max(2, round(size * 0.05))
    r = size * 0.38
    bx, by = cx - size * 0.05, cy - size * 0.03
    # the loose strand, curling off to the bottom right
    pts = [(bx + r * 0.55 + t * size * 0.42, by + r * 0.8 + math.sin(t * 6.0) * size * 0.05)
           for t in (i / 15 for i in range(16))]
    pygame.draw.lines(surf, C.INK, False, pts, o * 3)
    pygame.draw.lines(surf, fill, False, pts, o + 1)
    pygame.draw.circle(surf, C.INK, (bx, by), r + o)
    pygame.draw.circle(surf, fill, (bx, by), r)
    dark = tuple(max(0, c - 70) for c in fill)
    light = tuple(min(255, c + 80) for c in fill)
    clip = surf.get_clip()
    surf.set_clip(pygame.Rect(bx - r, by - r, 2 * r, 2 * r))
    for k, rr in enumerate((1.05, 1.4, 1.75)):      # wound strands: arcs round two far centres
        centre = (bx - r * 1.1, by + r * 1.1)
        pygame.draw.circle(surf, dark if k % 2 else light, centre, r * rr, max(1, o))
    for rr in (1.2, 1.6):
        centre = (bx + r * 1.3, by - r * 0.2)
        pygame.draw.circle(surf, dark, centre, r * rr, max(1, o))
    surf.set_clip(clip)
    pygame.draw.circle(surf, C.INK, (bx, by), r + o, o)


def draw_mouse(surf, center, size: float, fill=None) -> None:
    fill = fill or C.DRAW_MOUSE_FILL        # read when drawn: the colour-blind variant applies
    cx, cy = center
    o = max(2, round(size * 0.05))
    # tail: a curl behind the body
    pts = [(cx + size * 0.28 + size * 0.16 * math.cos(a), cy + size * 0.14 + size * 0.12 * math.sin(a))
           for a in (i * 0.32 for i in range(-3, 12))]
    pygame.draw.lines(surf, C.INK, False, pts, o * 2)
    body = pygame.Rect(0, 0, size * 0.66, size * 0.44)
    body.center = (cx + size * 0.02, cy + size * 0.08)
    head = [(cx - size * 0.46, cy + size * 0.12), (cx - size * 0.12, cy - size * 0.12),
            (cx - size * 0.08, cy + size * 0.28)]
    pygame.draw.ellipse(surf, C.INK, body.inflate(2 * o, 2 * o))
    pygame.draw.polygon(surf, C.INK, [(x + (cx - x) * -0.1, y) for x, y in head])
    pygame.draw.ellipse(surf, fill, body)
    pygame.draw.polygon(surf, fill, head)
    ear = (cx - size * 0.12, cy - size * 0.14)
    pygame.draw.circle(surf, C.INK, ear, size * 0.15 + o)
    pygame.draw.circle(surf, fill, ear, size * 0.15)
    pygame.draw.circle(surf, C.DRAW_MOUSE_1, ear, size * 0.09)
    pygame.draw.circle(surf, C.INK, (cx - size * 0.24, cy + size * 0.05), size * 0.04)
    pygame.draw.circle(surf, C.DRAW_MOUSE_2, (cx - size * 0.45, cy + size * 0.12), size * 0.045)
    for dy in (-0.04, 0.04):
        pygame.draw.line(surf, C.INK, (cx - size * 0.42, cy + size * (0.12 + dy)),
                         (cx - size * 0.5, cy + size * (0.1 + 3 * dy)), max(1, o // 2))


def draw_bell(surf, center, size: float, fill=None) -> None:
    fill = fill or C.FACE_COLOURS["B"][0]        # read when drawn: the colour-blind variant applies
    cx, cy = center
    o = max(2, round(size * 0.05))
    top = cy - size * 0.3
    body = [(cx - size * 0.36, cy + size * 0.24), (cx - size * 0.3, cy - size * 0.02),
            (cx - size * 0.2, top + size * 0.02), (cx, top - size * 0.04),
            (cx + size * 0.2, top + size * 0.02),
            (cx + size * 0.3, cy - size * 0.02), (cx + size * 0.36, cy + size * 0.24)]
    pygame.draw.polygon(surf, C.INK, [(x + (x - cx) * 0.12, y + (y - cy) * 0.1) for x, y in body])
    pygame.draw.circle(surf, C.INK, (cx, cy + size * 0.3), size * 0.1 + o)
    pygame.draw.polygon(surf, fill, body)
    rim = pygame.Rect(0, 0, size * 0.86, size * 0.16)
    rim.center = (cx, cy + size * 0.24)
    pygame.draw.ellipse(surf, C.INK, rim.inflate(2 * o, 2 * o))
    pygame.draw.ellipse(surf, fill, rim)
    pygame.draw.circle(surf, C.DRAW_BELL_1, (cx, cy + size * 0.3), size * 0.1)
    shine = pygame.Rect(cx - size * 0.18, top + size * 0.1, size * 0.1, size * 0.26)
    pygame.draw.ellipse(surf, C.DRAW_BELL_2, shine)
    # a red ribbon bow on top
    red = C.DRAW_BELL_RED
    for sx in (-1, 1):
        loop = [(cx, top - size * 0.06), (cx + sx * size * 0.24, top - size * 0.2),
                (cx + sx * size * 0.24, top + size * 0.04)]
        pygame.draw.polygon(surf, C.INK, [(x + (x - cx) * 0.15, y + (y - top) * 0.2) for x, y in loop])
        pygame.draw.polygon(surf, red, loop)
    pygame.draw.circle(surf, red, (cx, top - size * 0.07), size * 0.07)


def draw_picture(surf, face: str, center, size: float) -> None:
    if face == "P":
        draw_paw(surf, (center[0], center[1] - size * 0.04), size * 0.92, C.FACE_COLOURS["P"][0], C.INK)
        return
    {"C": draw_cat_face, "F": draw_fish, "Y": draw_yarn, "M": draw_mouse, "B": draw_bell}[face](
        surf, center, size)


# ---- icons and dice ----------------------------------------------------------------------------------
def _face_badge(surf, face: str, cx: float, cy: float, r: float) -> None:
    _badge(surf, face, cx, cy, r)
    offset = {"M": 0.14, "B": 0.06, "P": 0.08}.get(face, 0.0)
    scale = {"M": 0.95, "B": 0.98, "C": 1.12, "P": 0.96}.get(face, 1.08)
    draw_picture(surf, face, (cx, cy + r * offset), r * scale)


@art_cache("dice_meow_dice.face_icon")
def face_icon(face: str, size: int) -> pygame.Surface:
    """The face's shape badge with its picture, ``size`` pixels square, transparent around."""
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    _face_badge(big, face, S / 2, S / 2, S * 0.4)
    return _convert(pygame.transform.smoothscale(big, (size, size)))


def _die(S: int, face: str | None, style: str) -> pygame.Surface:
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    pad = S * 0.04
    body = pygame.Rect(pad, pad, S - 2 * pad, S - 2 * pad)
    radius = round(S * 0.2)
    base = {"normal": C.CREAM, "dim": C.DIE_DIM, "locked": C.DIE_LOCKED,
            "selected": C.DIE_SELECTED}[style]
    shade = tuple(max(0, c - 44) for c in base)
    pygame.draw.rect(big, C.INK, body, border_radius=radius)
    inner = body.inflate(-S * 0.06, -S * 0.06)
    pygame.draw.rect(big, shade, inner, border_radius=radius - round(S * 0.03))
    top = pygame.Rect(inner.x, inner.y, inner.w, inner.h - S * 0.07)
    pygame.draw.rect(big, base, top, border_radius=radius - round(S * 0.03))
    hi = tuple(min(255, c + 10) for c in base)
    pygame.draw.rect(big, hi, (top.x + S * 0.08, top.y + S * 0.04, top.w - S * 0.16, S * 0.07),
                     border_radius=round(S * 0.035))
    if face is not None:
        _face_badge(big, face, top.centerx, top.centery + S * 0.01, S * 0.3)
    else:                                    # an unrolled die: three faint pips
        for i in (-1, 0, 1):
            pygame.draw.circle(big, C.DIE_1, (top.centerx + i * S * 0.16, top.centery + i * S * 0.16),
                               S * 0.055)
    if style == "locked":                    # a brass padlock in the corner
        lx, ly, lr = body.right - S * 0.17, body.y + S * 0.17, S * 0.11
        pygame.draw.circle(big, C.INK, (lx, ly - lr * 0.5), lr * 0.75, max(2, round(S * 0.035)))
        lock = pygame.Rect(0, 0, lr * 2, lr * 1.5)
        lock.midtop = (lx, ly - lr * 0.25)
        pygame.draw.rect(big, C.INK, lock.inflate(S * 0.03, S * 0.03), border_radius=round(S * 0.03))
        pygame.draw.rect(big, C.DIE_2, lock, border_radius=round(S * 0.025))
        pygame.draw.circle(big, C.INK, lock.center, lr * 0.24)
    return big


@art_cache("dice_meow_dice.die_face")
def die_face(face: str | None, size: int, style: str = "normal") -> pygame.Surface:
    """A die ``size`` px square showing ``face`` (None: blank). Styles: normal, dim (greyed),
    locked (warm, with a padlock), selected (brighter)."""
    size = max(4, int(size))
    return _convert(pygame.transform.smoothscale(_die(size * SS, face, style), (size, size)))


TUMBLE_FACES = "CFYMPB"                  # the faces a tumbling die flickers through
TUMBLE_TURNS = (15, 30, 45, 60, 75)      # the smooth turns a tumble's pictures are made of


def die_tumbling(face: str | None, size: int, angle: int) -> pygame.Surface:
    """The die turned by ``angle`` degrees (rounded to 15), for the tumble. Only the turns under
    a quarter (15-75 degrees) are smooth-rotated and cached: a turn past a quarter is one of them
    turned again by whole quarters, which is exact and costs a tenth of a millisecond (at 4K a
    smooth turn of the 224 px die took 1.4 ms of processor, 5 ms under load, and a roll asked for
    dozens: 24 angles a face, pushed out of the budget by the next turn's pictures). So a tumble
    needs at most 5 pictures per face and size."""
    angle = (round(angle / 15) * 15) % 360
    quarters, rest = divmod(angle, 90)
    base = die_face(face, size, "normal") if rest == 0 else _die_turned(face, size, rest)
    return pygame.transform.rotate(base, 90 * quarters) if quarters else base


@art_cache("dice_meow_dice._die_turned")
def _die_turned(face: str | None, size: int, angle: int) -> pygame.Surface:
    return _convert(pygame.transform.rotozoom(die_face(face, size, "normal"), angle, 1.0))


def _must_frame(surf, cx: float, cy: float, half: float) -> None:
    """"Must show": a thick green square frame round the face (a square, where "must not" is a
    round no-sign: the two differ in shape, not only in colour)."""
    w = max(3, round(half * 0.2))
    box = pygame.Rect(0, 0, round(half * 2), round(half * 2))
    box.center = (round(cx), round(cy))
    radius = round(half * 0.28)
    pygame.draw.rect(surf, C.INK, box.inflate(w, w), w + max(2, w // 2), border_radius=radius + w // 2)
    pygame.draw.rect(surf, C.GOOD, box, w, border_radius=radius)
    # an inner light edge so the frame reads on dark and light plates alike
    pygame.draw.rect(surf, C.MUST_EDGE, box.inflate(-2 * w, -2 * w), max(1, w // 4),
                     border_radius=max(1, radius - w))


def _no_sign(surf, cx: float, cy: float, r: float) -> None:
    w = max(3, round(r * 0.17))
    pygame.draw.circle(surf, C.INK, (cx, cy), r + w * 0.35, w + max(2, w // 2))
    pygame.draw.circle(surf, C.BAD, (cx, cy), r, w)
    a = math.radians(45)
    p1 = (cx - r * math.cos(a) * 0.92, cy - r * math.sin(a) * 0.92)
    p2 = (cx + r * math.cos(a) * 0.92, cy + r * math.sin(a) * 0.92)
    pygame.draw.line(surf, C.INK, p1, p2, w + max(2, w // 2))
    pygame.draw.line(surf, C.BAD, p1, p2, w)


def _no_slash(surf, cx: float, cy: float, r: float) -> None:
    """The no-sign's slash, see-through, over the face it bans."""
    w = max(2, round(r * 0.12))
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    a = math.radians(45)
    p1 = (cx - r * math.cos(a) * 0.72, cy - r * math.sin(a) * 0.72)
    p2 = (cx + r * math.cos(a) * 0.72, cy + r * math.sin(a) * 0.72)
    pygame.draw.line(layer, C.BAD, p1, p2, w)
    layer.set_alpha(120)
    surf.blit(layer, (0, 0))


def draw_condition(surf, cond: str, center, size: float) -> None:
    """``!f``: the face badge inside a green square frame ("must show"); ``Xf``: the face badge
    inside a red round no-sign with a slash ("must not show"). ``size`` is the overall width."""
    cx, cy = center
    face = cond[1]
    if cond[0] == "!":
        _face_badge(surf, face, cx, cy, size * 0.35)
        _must_frame(surf, cx, cy, size * 0.45)
    else:
        # the ring and slash first, the face whole on top of them, then the slash again only
        # faintly across it: the banned face stays recognisable (yarn and paw looked alike)
        _no_sign(surf, cx, cy, size * 0.44)
        _face_badge(surf, face, cx, cy, size * 0.32)
        _no_slash(surf, cx, cy, size * 0.44)


@art_cache("dice_meow_dice.condition_icon")
def condition_icon(cond: str, size: int) -> pygame.Surface:
    """A condition ``!f`` / ``Xf`` as an icon ``size`` px square (framed face / banned face)."""
    S = size * SS
    big = pygame.Surface((S, S), pygame.SRCALPHA)
    draw_condition(big, cond, (S / 2, S / 2), S * 0.96)
    return _convert(pygame.transform.smoothscale(big, (size, size)))


def draw_pattern(surf, slot: str, rect: pygame.Rect) -> None:
    """Four mini dice in a row; equal colours (and, colour-blind, equal shapes) mean equal faces
    (MD-3)."""
    n = 4
    gap = rect.w * 0.05
    d = min(rect.h, (rect.w - gap * (n - 1)) / n)
    x0 = rect.centerx - (d * n + gap * (n - 1)) / 2
    o = max(2, round(d * 0.08))
    for i, k in enumerate(PATTERNS[slot]):
        box = pygame.Rect(round(x0 + i * (d + gap)), round(rect.centery - d / 2), round(d), round(d))
        pygame.draw.rect(surf, C.INK, box, border_radius=round(d * 0.24))
        pygame.draw.rect(surf, C.CREAM, box.inflate(-2 * o, -2 * o), border_radius=round(d * 0.2))
        if P.colourblind():             # a shape per face too, not only a colour
            shape = DOT_SHAPES[k]
            pygame.draw.polygon(surf, C.INK, shape_points(shape, *box.center, d * 0.27 + o * 0.6))
            pygame.draw.polygon(surf, C.PATTERN_DOTS[k], shape_points(shape, *box.center, d * 0.27))
        else:
            pygame.draw.circle(surf, C.INK, box.center, d * 0.27 + o * 0.6)
            pygame.draw.circle(surf, C.PATTERN_DOTS[k], box.center, d * 0.27)
    # brackets under equal neighbours make pairs/triples read as groups
    groups = []
    start = 0
    pat = PATTERNS[slot]
    for i in range(1, n + 1):
        if i == n or pat[i] != pat[start]:
            groups.append((start, i - 1))
            start = i
    y = rect.centery + d / 2 + o * 1.5
    for a, b in groups:
        if a == b:
            continue
        xa, xb = x0 + a * (d + gap) + d * 0.2, x0 + b * (d + gap) + d * 0.8
        pygame.draw.line(surf, C.PATTERN_DOTS[pat[a]], (xa, y), (xb, y), max(2, o))


@art_cache("dice_meow_dice.pattern_icon")
def pattern_icon(slot: str, width: int) -> pygame.Surface:
    """A slot's pattern (``TL``/``TR``/``BL``/``BR``) as a strip ``width`` px wide (height width/4)."""
    w, h = width, max(4, round(width * 0.3))
    big = pygame.Surface((w * SS, h * SS), pygame.SRCALPHA)
    draw_pattern(big, slot, pygame.Rect(0, 0, w * SS, round(h * SS * 0.84)))
    return _convert(pygame.transform.smoothscale(big, (w, h)))


def preload(sizes: tuple[int, ...]) -> None:
    """Rasterise every face at these die sizes (a scene may call this one size per frame)."""
    for size in sizes:
        for face in (*FACES, None):
            die_face(face, size, "normal")
