"""Zodiac Catchers's cover on the table select (its kit's ``cover``), drawn in code."""
from __future__ import annotations

import pygame

from game.art.cats import draw_cat
from game.art.covers import C
from game.art.draw import glow, gradient_picture


def cover(size, k):
    w, h = size
    surf = gradient_picture(size, C.ZODIAC_1, C.ZODIAC_2)
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
