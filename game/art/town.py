"""The little town at dusk behind the menus: sky, stars, rooftops, the street, lit doorways.

Each piece is drawn once per window size and cached; the menus blit them.
"""

from __future__ import annotations

import math
import random

import pygame

from game.art import palette as P
from game.art.cache import art_cache, window_format
from game.art.draw import glow, gradient_picture, paint_gradient, vertical_gradient

C = P.colours("shared")


def _convert(surf, alpha=True):
    if pygame.display.get_surface() is None:
        return surf
    return surf.convert_alpha() if alpha else surf.convert()


@art_cache("town.backdrop")
def backdrop(size: tuple[int, int], street: bool = True) -> pygame.Surface:
    """Opaque full-window background: gradient sky, stars, moon, far rooftops, wet street."""
    w, h = size
    k = h / 1080
    surf = gradient_picture(size, C.BACKDROP_1, C.BACKDROP_2)
    rng = random.Random(7)
    for _ in range(int(140 * w / 1920)):
        x, y = rng.randrange(w), rng.randrange(int(h * 0.55))
        r = rng.choice((1, 1, 1, 2)) * max(1, round(k))
        a = rng.randrange(120, 255)
        pygame.draw.circle(surf, (a, a, min(255, a + 20)), (x, y), r)
    moon = (int(w * 0.86), int(h * 0.14))
    surf.blit(glow(int(150 * k), C.BACKDROP_3, 90), (moon[0] - int(150 * k), moon[1] - int(150 * k)))
    pygame.draw.circle(surf, C.BACKDROP_4, moon, int(46 * k))
    pygame.draw.circle(surf, C.BACKDROP_5, (moon[0] - int(14 * k), moon[1] + int(8 * k)), int(9 * k))
    pygame.draw.circle(surf, C.BACKDROP_5, (moon[0] + int(16 * k), moon[1] - int(12 * k)), int(6 * k))
    # far rooftops
    base = int(h * 0.74)
    x = 0
    far = C.BACKDROP_FAR
    while x < w:
        bw = int(rng.randrange(90, 190) * k)
        bh = int(rng.randrange(120, 300) * k)
        pygame.draw.rect(surf, far, (x, base - bh, bw + 2, bh + 2))
        if rng.random() < 0.5:  # a pointed roof
            pygame.draw.polygon(
                surf, far, [(x, base - bh), (x + bw // 2, base - bh - int(40 * k)), (x + bw, base - bh)]
            )
        for wy in range(base - bh + int(24 * k), base - int(30 * k), int(46 * k)):
            for wx in range(x + int(16 * k), x + bw - int(26 * k), int(38 * k)):
                if rng.random() < 0.28:
                    pygame.draw.rect(surf, C.BACKDROP_6, (wx, wy, int(16 * k), int(20 * k)))
        x += bw
    if street:
        street_top = int(h * 0.76)
        paint_gradient(surf.subsurface((0, street_top, w, h - street_top)), C.BACKDROP_7, C.BACKDROP_8)
        pygame.draw.line(surf, C.BACKDROP_9, (0, street_top), (w, street_top), max(2, int(4 * k)))
        for _ in range(int(10 * w / 1920)):  # puddles reflecting the lamps
            px, py = rng.randrange(w), rng.randrange(street_top + int(30 * k), h)
            pw = int(rng.randrange(80, 200) * k)
            pygame.draw.ellipse(surf, C.BACKDROP_10, (px, py, pw, int(pw * 0.18)))
            pygame.draw.ellipse(surf, C.BACKDROP_11, (px + pw // 4, py + 2, pw // 3, max(2, int(pw * 0.05))))
    return window_format(surf, alpha=False)      # (convert() would copy it: 33 MB more at 4K)


@art_cache("town.doorway")
def doorway(size: tuple[int, int], game: str, lit: bool) -> pygame.Surface:
    """A house front with a door; lit doors glow warm with the table's colours."""
    w, h = size
    k = w / 360
    surf = pygame.Surface(size, pygame.SRCALPHA)
    base, accent, accent2 = P.TABLE_COLOURS.get(game, (P.PANEL, P.LAMP, P.CYAN))
    wall = tuple(int(c * 0.55 + 30) for c in base) if lit else C.DOORWAY_WALL
    # house body and roof
    body = pygame.Rect(int(20 * k), int(90 * k), w - int(40 * k), h - int(90 * k))
    pygame.draw.polygon(surf, P.INK, [(0, body.top + 6), (w // 2, 0), (w, body.top + 6)])
    pygame.draw.polygon(
        surf,
        tuple(max(0, c - 10) for c in wall),
        [(int(12 * k), body.top), (w // 2, int(12 * k)), (w - int(12 * k), body.top)],
    )
    pygame.draw.rect(surf, wall, body)
    pygame.draw.rect(surf, P.INK, body, max(3, int(5 * k)))
    # bricks
    for y in range(body.top + int(20 * k), body.bottom, int(34 * k)):
        off = int(30 * k) if (y // int(34 * k)) % 2 else 0
        for x in range(body.left + off, body.right - int(20 * k), int(60 * k)):
            pygame.draw.rect(
                surf,
                tuple(max(0, c - 12) for c in wall),
                (x, y, int(50 * k), int(24 * k)),
                0,
                border_radius=int(3 * k),
            )
    # door
    door = pygame.Rect(0, 0, int(170 * k), int(300 * k))
    door.midbottom = (w // 2, h)
    if lit:
        inner = pygame.Surface(door.size, pygame.SRCALPHA)
        inner.blit(vertical_gradient(door.size, C.DOORWAY_1, C.DOORWAY_2), (0, 0))
        arch = pygame.Surface(door.size, pygame.SRCALPHA)
        pygame.draw.rect(arch, (255, 255, 255, 255), arch.get_rect(), border_top_left_radius=int(76 * k),
                         border_top_right_radius=int(76 * k))
        inner.blit(arch, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        surf.blit(inner, door)
        pygame.draw.rect(
            surf,
            tuple(min(255, c + 40) for c in accent),
            door.inflate(int(20 * k), int(20 * k)),
            int(8 * k),
            border_top_left_radius=int(80 * k),
            border_top_right_radius=int(80 * k),
        )
    else:
        pygame.draw.rect(surf, C.DOORWAY_3, door, border_top_left_radius=int(76 * k),
                         border_top_right_radius=int(76 * k))
        for i in range(4):  # boards across a closed door
            y = door.top + int((60 + i * 60) * k)
            pygame.draw.line(
                surf,
                C.DOORWAY_4,
                (door.left - int(8 * k), y - int(10 * k)),
                (door.right + int(8 * k), y + int(10 * k)),
                int(16 * k),
            )
    pygame.draw.rect(
        surf,
        P.INK,
        door.inflate(int(6 * k), int(6 * k)),
        max(3, int(5 * k)),
        border_top_left_radius=int(76 * k),
        border_top_right_radius=int(76 * k),
    )
    # windows either side
    for side in (-1, 1):
        win = pygame.Rect(0, 0, int(70 * k), int(80 * k))
        win.center = (w // 2 + side * int(125 * k), body.top + int(150 * k))
        pygame.draw.rect(surf, C.DOORWAY_5 if lit else C.DOORWAY_6, win, border_radius=int(8 * k))
        pygame.draw.rect(surf, P.INK, win, max(2, int(4 * k)), border_radius=int(8 * k))
        pygame.draw.line(surf, P.INK, win.midtop, win.midbottom, max(2, int(3 * k)))
    # steps
    step = pygame.Rect(0, 0, int(230 * k), int(16 * k))
    step.midbottom = (w // 2, h)
    pygame.draw.rect(surf, C.DOORWAY_7, step)
    return _convert(surf)


def door_light(size: tuple[int, int], game: str) -> pygame.Surface:
    """The warm pool of light in front of a lit door (blitted with a pulsing alpha): the glow
    itself, kept once, as ``glow``'s. (Kept here too, the same 4 MiB picture was counted twice
    at 4K, and the title's pictures outgrew the art budget: all made again every frame.)"""
    _, accent, _ = P.TABLE_COLOURS.get(game, (P.PANEL, P.LAMP, P.CYAN))
    warm = tuple(int((a + b) / 2) for a, b in zip(accent, P.LAMP, strict=True))
    return glow(max(size) // 2, warm, 110)


@art_cache("town.street_light")
def street_light(size: tuple[int, int], game: str) -> pygame.Surface:
    """An oval pool of door light on the street."""
    _, accent, _ = P.TABLE_COLOURS.get(game, (P.PANEL, P.LAMP, P.CYAN))
    warm = tuple(int((a + 2 * b) / 3) for a, b in zip(accent, P.LAMP, strict=True))
    # the round glow it is squeezed from is not kept (only this picture is drawn)
    return pygame.transform.smoothscale(glow.unkept(max(size) // 2, warm, 150), size)


def walk_offset(t: float, speed: float) -> float:
    """Vertical hop of a walking cat."""
    return -abs(math.sin(t * speed)) * 10
