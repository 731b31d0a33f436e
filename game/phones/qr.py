"""A QR code as a pygame surface (segno makes the code; we draw its modules)."""
from __future__ import annotations

import pygame
import segno

DARK, LIGHT = (20, 16, 28), (255, 255, 255)


def qr_surface(text: str, px: int, border: int = 3) -> pygame.Surface:
    """The code for ``text`` about ``px`` wide (whole pixels per module, so a camera reads it
    sharp), with a white quiet zone of ``border`` modules."""
    code = segno.make(text, error="m")
    rows = [list(r) for r in code.matrix_iter(scale=1, border=border)]
    n = len(rows)
    unit = max(1, px // n)
    surf = pygame.Surface((n * unit, n * unit))
    surf.fill(LIGHT)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surf.fill(DARK, (x * unit, y * unit, unit, unit))
    return surf
