"""Cover art for the table select screen, cached per size: each game draws its own in code (its
kit's ``cover``); a game without one gets a plain lamp-lit table."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.cache import art_cache
from game.art.cats import draw_cat
from game.art.draw import glow, gradient_picture

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


def _plain(size, k):
    """A game without its own cover: the lamp-lit room and a cat waiting at an empty table."""
    w, h = size
    surf = gradient_picture(size, P.NIGHT, P.DUSK)
    table = pygame.Rect(int(w * 0.12), int(h * 0.58), int(w * 0.62), int(h * 0.26))
    pygame.draw.ellipse(surf, P.INK, table.inflate(int(10 * k), int(10 * k)))
    pygame.draw.ellipse(surf, P.PANEL, table)
    surf.blit(glow(int(90 * k), P.LAMP, 90), (int(w * 0.43) - int(90 * k), int(h * 0.2) - int(90 * k)))
    draw_cat(surf, (int(w * 0.8), int(h * 0.66)), int(h * 0.4), "tabby", "idle", 0.0)
    return surf


@art_cache("covers.cover")
def cover(game: str, size: tuple[int, int]) -> pygame.Surface:
    k = size[0] / 480
    from game.rules.registry import KITS

    maker = KITS[game].load("cover") if game in KITS else None
    art = (maker or _plain)(size, k)
    out = pygame.Surface(size, pygame.SRCALPHA)
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=int(18 * k))
    out.blit(art, (0, 0))
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out.convert_alpha() if pygame.display.get_surface() is not None else out
