"""Meow Meow Dice's cover on the table select (its kit's ``cover``), drawn in code."""
from __future__ import annotations

import math
import random

import pygame

from game.art import palette as P
from game.art.cats import draw_cat
from game.art.covers import C
from game.art.draw import glow, gradient_picture


def cover(size, k):
    w, h = size
    surf = gradient_picture(size, C.MEOW_DICE_1, C.MEOW_DICE_2)
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
