"""Cover art for the table select screen, drawn in code per table and cached per size."""

from __future__ import annotations

import math
import random

import pygame

from game.art import palette as P
from game.art.cache import art_cache
from game.art.cats import draw_cat
from game.art.draw import glow, vertical_gradient

C = P.colours("shared")



def _card(surf, rect, colour, number, k, angle=0.0):
    card = pygame.Surface(rect.size, pygame.SRCALPHA)
    r = card.get_rect()
    pygame.draw.rect(card, P.INK, r, border_radius=int(12 * k))
    pygame.draw.rect(card, P.CREAM, r.inflate(-int(8 * k), -int(8 * k)), border_radius=int(9 * k))
    inner = r.inflate(-int(22 * k), -int(22 * k))
    pygame.draw.rect(card, colour, inner, border_radius=int(6 * k))
    for i in range(-inner.h, inner.w, int(14 * k)):  # stripes: colour plus pattern
        pygame.draw.line(
            card,
            tuple(min(255, c + 30) for c in colour),
            (inner.left + i, inner.bottom),
            (inner.left + i + inner.h, inner.top),
            max(1, int(4 * k)),
        )
    pygame.draw.rect(card, P.INK, inner, max(2, int(3 * k)), border_radius=int(6 * k))
    # paw in the middle
    c = inner.center
    pygame.draw.circle(card, P.CREAM, (c[0], c[1] + int(8 * k)), int(15 * k))
    for dx, dy in ((-16, -12), (-6, -22), (6, -22), (16, -12)):
        pygame.draw.circle(card, P.CREAM, (c[0] + int(dx * k), c[1] + int(dy * k)), int(6 * k))
    rotated = pygame.transform.rotozoom(card, angle, 1.0)
    surf.blit(rotated, rotated.get_rect(center=rect.center))


def _hungry_meow(size, k):
    w, h = size
    surf = vertical_gradient(size, C.HUNGRY_MEOW_1, C.HUNGRY_MEOW_2).copy()
    # wet alley floor and puddle
    pygame.draw.rect(surf, C.HUNGRY_MEOW_3, (0, int(h * 0.62), w, h))
    pygame.draw.ellipse(surf, C.HUNGRY_MEOW_4, (int(w * 0.05), int(h * 0.8), int(w * 0.4), int(h * 0.1)))
    # neon fish sign
    sign_c = (int(w * 0.78), int(h * 0.22))
    surf.blit(glow(int(110 * k), P.PINK, 120), (sign_c[0] - int(110 * k), sign_c[1] - int(110 * k)))
    fish = [
        (sign_c[0] - int(50 * k), sign_c[1]),
        (sign_c[0] - int(10 * k), sign_c[1] - int(24 * k)),
        (sign_c[0] + int(30 * k), sign_c[1]),
        (sign_c[0] - int(10 * k), sign_c[1] + int(24 * k)),
    ]
    pygame.draw.polygon(surf, P.PINK, fish, max(2, int(6 * k)))
    pygame.draw.polygon(
        surf,
        P.CYAN,
        [
            (sign_c[0] + int(30 * k), sign_c[1]),
            (sign_c[0] + int(56 * k), sign_c[1] - int(20 * k)),
            (sign_c[0] + int(56 * k), sign_c[1] + int(20 * k)),
        ],
        max(2, int(6 * k)),
    )
    # crate table
    crate = pygame.Rect(int(w * 0.18), int(h * 0.55), int(w * 0.64), int(h * 0.3))
    pygame.draw.rect(surf, C.HUNGRY_MEOW_5, crate)
    for i in range(1, 4):
        y = crate.top + i * crate.h // 4
        pygame.draw.line(surf, C.HUNGRY_MEOW_6, (crate.left, y), (crate.right, y), max(2, int(3 * k)))
    pygame.draw.rect(surf, P.INK, crate, max(3, int(5 * k)))
    # fanned cards on the crate
    for i, (col, n) in enumerate((("red", 3), ("blue", 5), ("yellow", 7), ("green", 8))):
        rect = pygame.Rect(0, 0, int(70 * k), int(100 * k))
        rect.center = (int(w * 0.36) + int(i * 52 * k), int(h * 0.52))
        _card(surf, rect, C.SUIT[col], n, k, angle=20 - i * 13)
    draw_cat(surf, (int(w * 0.8), int(h * 0.62)), int(h * 0.42), "calico", "happy", 0.3)
    draw_cat(surf, (int(w * 0.16), int(h * 0.64)), int(h * 0.36), "black", "thinking", 0.0, flip=True)
    return surf


def _meow_dice(size, k):
    w, h = size
    surf = vertical_gradient(size, C.MEOW_DICE_1, C.MEOW_DICE_2).copy()
    rng = random.Random(3)
    for _ in range(60):  # velvet
        x, y = rng.randrange(w), rng.randrange(h)
        pygame.draw.circle(surf, C.MEOW_DICE_3, (x, y), int(rng.randrange(4, 12) * k))
    bell_c = (int(w * 0.78), int(h * 0.3))
    surf.blit(glow(int(90 * k), C.MEOW_DICE_4, 110), (bell_c[0] - int(90 * k), bell_c[1] - int(90 * k)))
    pygame.draw.polygon(
        surf,
        C.MEOW_DICE_5,
        [
            (bell_c[0] - int(40 * k), bell_c[1] + int(30 * k)),
            (bell_c[0] - int(26 * k), bell_c[1] - int(26 * k)),
            (bell_c[0] + int(26 * k), bell_c[1] - int(26 * k)),
            (bell_c[0] + int(40 * k), bell_c[1] + int(30 * k)),
        ],
    )
    pygame.draw.circle(surf, C.MEOW_DICE_5, (bell_c[0], bell_c[1] - int(26 * k)), int(26 * k))
    for i in range(3):
        d = pygame.Rect(0, 0, int(80 * k), int(80 * k))
        d.center = (int(w * (0.2 + 0.16 * i)), int(h * (0.62 + 0.05 * (i % 2))))
        pygame.draw.rect(surf, P.INK, d.inflate(int(8 * k), int(8 * k)), border_radius=int(16 * k))
        pygame.draw.rect(surf, P.CREAM, d, border_radius=int(14 * k))
        for j in range(i + 2):
            a = j * 2 * math.pi / (i + 2)
            pygame.draw.circle(
                surf,
                C.MEOW_DICE_6,
                (d.centerx + int(20 * k * math.cos(a)), d.centery + int(20 * k * math.sin(a))),
                int(8 * k),
            )
    draw_cat(surf, (int(w * 0.78), int(h * 0.7)), int(h * 0.4), "siamese", "victorious", 0.3)
    return surf


def _zodiac(size, k):
    w, h = size
    surf = vertical_gradient(size, C.ZODIAC_1, C.ZODIAC_2).copy()
    for i in range(3):  # lanterns
        c = (int(w * (0.2 + 0.3 * i)), int(h * 0.2))
        surf.blit(glow(int(70 * k), C.ZODIAC_3, 120), (c[0] - int(70 * k), c[1] - int(70 * k)))
        pygame.draw.ellipse(
            surf, C.ZODIAC_4, (c[0] - int(32 * k), c[1] - int(26 * k), int(64 * k), int(52 * k))
        )
        pygame.draw.line(surf, C.ZODIAC_5, (c[0], 0), (c[0], c[1] - int(26 * k)), max(1, int(2 * k)))
    for i in range(4):
        tile = pygame.Rect(0, 0, int(84 * k), int(110 * k))
        tile.center = (int(w * (0.18 + 0.14 * i)), int(h * 0.66))
        pygame.draw.rect(
            surf, C.ZODIAC_5, tile.inflate(int(8 * k), int(8 * k)), border_radius=int(10 * k)
        )
        pygame.draw.rect(surf, C.ZODIAC_6, tile, border_radius=int(8 * k))
        pygame.draw.circle(surf, C.ZODIAC_7, tile.center, int(20 * k), max(2, int(4 * k)))
    draw_cat(surf, (int(w * 0.82), int(h * 0.66)), int(h * 0.42), "ginger", "thinking", 0.0)
    return surf


@art_cache("covers.cover")
def cover(game: str, size: tuple[int, int]) -> pygame.Surface:
    k = size[0] / 480
    maker = {"hungry-meow": _hungry_meow, "meow-dice": _meow_dice, "zodiac": _zodiac}.get(game, _hungry_meow)
    art = maker(size, k)
    out = pygame.Surface(size, pygame.SRCALPHA)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(18 * k))
    out.blit(art, (0, 0))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out.convert_alpha() if pygame.display.get_surface() is not None else out
