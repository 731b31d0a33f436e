"""Each Meow Meow Dice toy its own picture (issue 21: every toy card showed the same feather
wand). ``TOY_PICTURES`` maps a shipped toy card's notation to its drawing; a toy a custom card
file adds keeps the type's picture. Every drawing takes (surface, centre, size = overall width),
in the table's style: flat colour, a thick ink outline, round shapes.
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P

C = P.colours("meow-dice")


def _o(size: float) -> int:
    return max(2, round(size * 0.045))


def _disc(surf, centre, r: float, fill, o: int) -> None:
    pygame.draw.circle(surf, C.INK, centre, r + o)
    pygame.draw.circle(surf, fill, centre, r)


def _poly(surf, pts, fill, o: int) -> None:
    pygame.draw.polygon(surf, fill, pts)
    pygame.draw.polygon(surf, C.INK, pts, o)


def draw_wand(surf, center, size: float) -> None:
    cx, cy = center
    o = max(2, round(size * 0.04))
    a, b = (cx - size * 0.42, cy + size * 0.42), (cx + size * 0.1, cy - size * 0.1)
    pygame.draw.line(surf, C.INK, a, b, o * 4)
    pygame.draw.line(surf, C.DRAW_WAND_1, a, b, o * 2)
    string = [(b[0] + t * size * 0.18, b[1] - t * size * 0.06 + math.sin(t * 4) * size * 0.04)
              for t in (i / 8 for i in range(9))]
    pygame.draw.lines(surf, C.INK, False, string, max(1, o))
    tip = string[-1]
    for k, colour in enumerate((C.DRAW_WAND_2, C.DRAW_WAND_3, C.DRAW_WAND_4)):
        ang = -0.9 + k * 0.55
        feather = pygame.Surface((int(size * 0.5), int(size * 0.18)), pygame.SRCALPHA)
        fr = feather.get_rect()
        pygame.draw.ellipse(feather, C.INK, fr)
        pygame.draw.ellipse(feather, colour, fr.inflate(-2 * o, -2 * o))
        pygame.draw.line(feather, C.INK, (o, fr.centery), (fr.right - o, fr.centery), max(1, o // 2))
        rot = pygame.transform.rotate(feather, -math.degrees(ang))
        cxf = tip[0] + math.cos(ang) * size * 0.22
        cyf = tip[1] + math.sin(ang) * size * 0.22
        surf.blit(rot, rot.get_rect(center=(cxf, cyf)))


def yarn_ball(surf, centre, size: float) -> None:
    cx, cy = centre
    o, r = _o(size), size * 0.34
    trail = [(cx + r * 0.7, cy + r * 0.7), (cx + size * 0.34, cy + size * 0.42),
             (cx + size * 0.46, cy + size * 0.3)]
    pygame.draw.lines(surf, C.INK, False, trail, o * 2)
    pygame.draw.lines(surf, C.TOY_YARN, False, trail, o)
    _disc(surf, (cx, cy), r, C.TOY_YARN, o)
    for k in range(3):                       # wound strands
        box = pygame.Rect(0, 0, r * (1.7 - k * 0.45), r * 1.9)
        box.center = (cx + r * 0.12 * k, cy)
        pygame.draw.arc(surf, C.TOY_YARN_LIGHT, box, 0.6, 2.6, max(1, o // 1))
        pygame.draw.arc(surf, C.TOY_YARN_LIGHT, box, 3.8, 5.6, max(1, o // 1))


def laser_dot(surf, centre, size: float) -> None:
    cx, cy = centre
    o = _o(size)
    body = [(cx - size * 0.46, cy + size * 0.38), (cx - size * 0.16, cy + size * 0.1),
            (cx - size * 0.08, cy + size * 0.18), (cx - size * 0.38, cy + size * 0.46)]
    _poly(surf, body, C.TOY_ROBOT_DARK, o)                    # the pointer, bottom left
    beam_from, dot = (cx - size * 0.12, cy + size * 0.14), (cx + size * 0.2, cy - size * 0.18)
    pygame.draw.line(surf, C.TOY_LASER_GLOW, beam_from, dot, max(2, o))
    for k, a in ((0.3, 90), (0.22, 150)):                     # the glow round the dot
        glow = pygame.Surface((int(size * k * 2) + 2, int(size * k * 2) + 2), pygame.SRCALPHA)
        pygame.draw.circle(glow, (*C.TOY_LASER_GLOW[:3], a), glow.get_rect().center, size * k)
        surf.blit(glow, glow.get_rect(center=dot))
    _disc(surf, dot, size * 0.1, C.TOY_LASER, max(1, o // 2))


def toy_mouse(surf, centre, size: float, metal: bool = False) -> None:
    cx, cy = centre
    o = _o(size)
    fill = C.TOY_ROBOT if metal else C.TOY_MOUSE
    tail = [(cx + size * 0.3, cy + size * 0.12), (cx + size * 0.42, cy - size * 0.02),
            (cx + size * 0.36, cy - size * 0.2), (cx + size * 0.46, cy - size * 0.32)]
    pygame.draw.lines(surf, C.INK, False, tail, o * 2)
    pygame.draw.lines(surf, C.TOY_PINK, False, tail, o)
    body = pygame.Rect(0, 0, size * 0.72, size * 0.46)
    body.center = (cx + size * 0.02, cy + size * 0.08)
    pygame.draw.ellipse(surf, C.INK, body.inflate(2 * o, 2 * o))
    pygame.draw.ellipse(surf, fill, body)
    ear = (cx - size * 0.14, cy - size * 0.14)
    _disc(surf, ear, size * 0.11, fill, o)
    pygame.draw.circle(surf, C.TOY_PINK, ear, size * 0.06)
    pygame.draw.circle(surf, C.INK, (cx - size * 0.24, cy + size * 0.02), max(2, size * 0.035))
    pygame.draw.circle(surf, C.TOY_PINK, (cx - size * 0.34, cy + size * 0.1), max(2, size * 0.04))
    if metal:                                       # a wind-up key and a wheel
        pygame.draw.line(surf, C.INK, (cx + size * 0.04, cy - size * 0.12),
                         (cx + size * 0.04, cy - size * 0.3), o * 2)
        _poly(surf, [(cx - size * 0.08, cy - size * 0.4), (cx + size * 0.16, cy - size * 0.28),
                     (cx + size * 0.16, cy - size * 0.4), (cx - size * 0.08, cy - size * 0.28)], C.BRASS, o)
        _disc(surf, (cx + size * 0.12, cy + size * 0.32), size * 0.07, C.TOY_ROBOT_DARK, o)
        pygame.draw.line(surf, C.TOY_ROBOT_DARK, (cx - size * 0.2, cy + size * 0.06),
                         (cx + size * 0.3, cy + size * 0.06), max(1, o // 2))


def robot_mouse(surf, centre, size: float) -> None:
    toy_mouse(surf, centre, size, metal=True)


def jingle_ball(surf, centre, size: float) -> None:
    cx, cy = centre
    o, r = _o(size), size * 0.36
    _disc(surf, (cx, cy), r, C.TOY_PLASTIC, o)
    for dx, dy in ((-0.4, -0.35), (0.35, -0.4), (-0.45, 0.3), (0.4, 0.35), (0.0, 0.0)):
        hole = (cx + dx * r, cy + dy * r)
        pygame.draw.circle(surf, C.INK, hole, r * 0.2)
        pygame.draw.circle(surf, C.TOY_PLASTIC_LIGHT, hole, r * 0.12)
    pygame.draw.circle(surf, C.BRASS, (cx, cy), r * 0.1)        # the bell inside
    pygame.draw.arc(surf, C.TOY_PLASTIC_LIGHT, pygame.Rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6),
                    1.9, 2.9, max(1, o))


def cardboard_box(surf, centre, size: float) -> None:
    cx, cy = centre
    o = _o(size)
    front = pygame.Rect(0, 0, size * 0.7, size * 0.42)
    front.midtop = (cx, cy - size * 0.06)
    for sx in (-1, 1):                                      # open flaps
        flap = [(cx + sx * front.w / 2, front.y), (cx + sx * size * 0.5, cy - size * 0.34),
                (cx + sx * size * 0.14, cy - size * 0.3), (cx + sx * size * 0.04, front.y)]
        _poly(surf, flap, C.TOY_BOX, o)
    pygame.draw.rect(surf, C.TOY_BOX, front)
    pygame.draw.rect(surf, C.INK, front, o)
    pygame.draw.line(surf, C.TOY_BOX_DARK, (front.x + o, front.y + o * 2),
                     (front.right - o, front.y + o * 2), o)
    # two ears peeping out of the box
    for sx in (-1, 1):
        _poly(surf, [(cx + sx * size * 0.04, front.y), (cx + sx * size * 0.1, front.y - size * 0.14),
                     (cx + sx * size * 0.18, front.y)], C.INK, 1)


def paper_bag(surf, centre, size: float) -> None:
    cx, cy = centre
    o = _o(size)
    bag = [(cx - size * 0.3, cy - size * 0.28), (cx + size * 0.3, cy - size * 0.28),
           (cx + size * 0.36, cy + size * 0.36), (cx - size * 0.36, cy + size * 0.36)]
    _poly(surf, bag, C.TOY_BAG, o)
    zig = [(cx - size * 0.3 + k * size * 0.1, cy - size * (0.28 if k % 2 else 0.36)) for k in range(7)]
    _poly(surf, [*zig, (cx + size * 0.3, cy - size * 0.2), (cx - size * 0.3, cy - size * 0.2)], C.TOY_BAG, o)
    for k in (-0.12, 0.12):                                   # creases
        pygame.draw.line(surf, C.TOY_BAG_DARK, (cx + k * size, cy - size * 0.14),
                         (cx + k * size * 1.2, cy + size * 0.3), max(1, o // 2))
    tail = [(cx + size * 0.34, cy + size * 0.1), (cx + size * 0.46, cy - size * 0.04),
            (cx + size * 0.44, cy - size * 0.2)]
    pygame.draw.lines(surf, C.INK, False, tail, o * 2)          # a striped tail out of the side


def spring_coil(surf, centre, size: float) -> None:
    cx, cy = centre
    o = _o(size)
    for k in range(5):
        ring = pygame.Rect(0, 0, size * 0.32, size * 0.5)
        ring.center = (cx - size * 0.3 + k * size * 0.15, cy)
        colour = C.TOY_SPRING if k % 2 == 0 else C.TOY_SPRING_2
        pygame.draw.ellipse(surf, C.INK, ring, o * 2 + 2)
        pygame.draw.ellipse(surf, colour, ring.inflate(-2, -2), o * 2 - 1)


def kicker_fish(surf, centre, size: float) -> None:
    cx, cy = centre
    o = _o(size)
    body = pygame.Rect(0, 0, size * 0.74, size * 0.34)
    body.center = (cx - size * 0.04, cy)
    tail = [(body.right - size * 0.04, cy), (cx + size * 0.48, cy - size * 0.2),
            (cx + size * 0.48, cy + size * 0.2)]
    _poly(surf, tail, C.TOY_KICKER, o)
    pygame.draw.ellipse(surf, C.INK, body.inflate(2 * o, 2 * o))
    pygame.draw.ellipse(surf, C.TOY_KICKER, body)
    for k in range(3):                                      # stripes
        x = body.x + body.w * (0.38 + k * 0.16)
        pygame.draw.line(surf, C.TOY_KICKER_STRIPE, (x, body.y + o * 1.5), (x, body.bottom - o * 1.5), o + 1)
    pygame.draw.circle(surf, C.INK, (body.x + body.w * 0.18, cy - size * 0.03), max(2, size * 0.04))


def cat_tree(surf, centre, size: float) -> None:
    cx, cy = centre
    o = _o(size)
    base = pygame.Rect(0, 0, size * 0.76, size * 0.12)
    base.midbottom = (cx, cy + size * 0.46)
    for x0, top, bottom in ((-0.18, -0.14, 0.36), (0.18, -0.38, 0.36)):
        post = pygame.Rect(0, 0, size * 0.14, (bottom - top) * size)
        post.midtop = (cx + x0 * size, cy + top * size)
        pygame.draw.rect(surf, C.TOY_TREE_ROPE, post)
        pygame.draw.rect(surf, C.INK, post, o)
        for k in range(1, 5):
            y = post.y + post.h * k / 5
            pygame.draw.line(surf, C.TOY_TREE_POST, (post.x + o, y), (post.right - o, y), max(1, o // 2))
    for x0, y0, w in ((-0.2, -0.18, 0.42), (0.18, -0.42, 0.38)):
        pad = pygame.Rect(0, 0, w * size, size * 0.1)
        pad.center = (cx + x0 * size, cy + y0 * size)
        pygame.draw.rect(surf, C.TOY_TREE_PAD, pad, border_radius=round(size * 0.04))
        pygame.draw.rect(surf, C.INK, pad, o, border_radius=round(size * 0.04))
    pygame.draw.rect(surf, C.TOY_TREE_PAD, base, border_radius=round(size * 0.04))
    pygame.draw.rect(surf, C.INK, base, o, border_radius=round(size * 0.04))


def catnip_sprig(surf, centre, size: float) -> None:
    cx, cy = centre
    o = _o(size)
    stem = [(cx - size * 0.06, cy + size * 0.46), (cx, cy + size * 0.1), (cx + size * 0.04, cy - size * 0.42)]
    pygame.draw.lines(surf, C.INK, False, stem, o * 2)
    pygame.draw.lines(surf, C.TOY_LEAF_DARK, False, stem, o)
    for t, side in ((0.7, -1), (0.45, 1), (0.2, -1), (0.0, 1)):
        y = cy + size * (0.4 - t * 0.8)
        leaf = pygame.Surface((int(size * 0.4), int(size * 0.2)), pygame.SRCALPHA)
        lr = leaf.get_rect()
        pygame.draw.ellipse(leaf, C.INK, lr)
        pygame.draw.ellipse(leaf, C.TOY_LEAF, lr.inflate(-2 * o, -2 * o))
        pygame.draw.line(leaf, C.TOY_LEAF_DARK, (o, lr.centery), (lr.right - o, lr.centery), max(1, o // 2))
        rot = pygame.transform.rotate(leaf, 25 * side + (180 if side < 0 else 0))
        surf.blit(rot, rot.get_rect(center=(cx + side * size * 0.18, y)))


TOY_PICTURES = {
    "toy/calico/2/!C": draw_wand,        # Feather wand (also the toy type's picture)
    "toy/tuxedo/1/XC": yarn_ball,
    "toy/siamese/1/XF": laser_dot,
    "toy/tabby/2/!Y": toy_mouse,
    "toy/calico/1/XY": jingle_ball,
    "toy/tuxedo/1/XM": cardboard_box,
    "toy/siamese/2/!P": paper_bag,
    "toy/tabby/1/XP": spring_coil,
    "toy/calico/1/XB": kicker_fish,
    "toy/calico/4/!F": robot_mouse,      # golden
    "toy/tuxedo/4/!B": cat_tree,         # golden
    "toy/tabby/1/!Y": catnip_sprig,      # special: Catnip sprig
}
