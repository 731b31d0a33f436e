"""Hungry Meow's cover on the table select (its kit's ``cover``), drawn in code."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.cats import draw_cat
from game.art.covers import C, _card
from game.art.draw import glow, gradient_picture


def cover(size, k):
    w, h = size
    surf = gradient_picture(size, C.HUNGRY_MEOW_1, C.HUNGRY_MEOW_2)
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
