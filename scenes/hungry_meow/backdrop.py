"""Hungry Meow's backdrop: the alley painted once per window size under the table (the map's
tiles, a lamp glow over the crate, a neon fish sign, rain)."""
from __future__ import annotations

import random

import pygame

from game.art import palette as P
from game.art.draw import ellipse_glow
from scenes.table.look import level_backdrop

C = P.colours("hungry-meow")


def render_background(level, size) -> pygame.Surface:
    """The alley: the map's tiles, a lamp glow over the crate, a neon fish sign and rain."""
    def decorate(design) -> None:
        light = ellipse_glow.unkept((1500, 900), C.DECORATE_1, 46)
        design.blit(light, light.get_rect(center=(960, 470)))
        sign = pygame.Rect(24, 60, 250, 100)            # a neon fish sign on the wall, top left
        for width, colour in ((14, C.DECORATE_2), (6, C.NEON_PINK), (2, C.DECORATE_3)):
            pygame.draw.rect(design, colour, sign, width, border_radius=26)
        fish = pygame.Rect(0, 0, 120, 54)
        fish.center = (sign.centerx - 22, sign.centery)
        for width, colour in ((12, C.DECORATE_4), (5, C.NEON_CYAN), (2, C.DECORATE_5)):
            pygame.draw.ellipse(design, colour, fish, width)
            tail = [(fish.right - 6, fish.centery), (fish.right + 36, fish.y - 4),
                    (fish.right + 36, fish.bottom + 4)]
            pygame.draw.polygon(design, colour, tail, width)
        rng = random.Random(3)
        for _ in range(40):                        # rain streaks
            x, y = rng.randrange(1920), rng.randrange(260, 1080)
            pygame.draw.line(design, C.DECORATE_6, (x, y), (x - 6, y + 22), 2)
    return level_backdrop(level, size, C.BACKDROP, C.BACKDROP, decorate, vignette=C.VIGNETTE)
