"""Drawing shared by the kiosk's screens (attract captions, still there, admin, nap): a dimmed
backdrop, a centred card, a progress ring and a sleeping cat. Sizes are design pixels through
``app.s``; every surface that is not cheap to draw is cached per size."""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.art import palette as P
from game.art.draw import panel, veil


def dim(surface: pygame.Surface, alpha: int = 170) -> None:
    """The screen darkened under a kiosk card, by fills: a window of alpha pixels kept per alpha
    held 33 MB each at 4K (three kept after the first "still there?" and admin screens)."""
    veil(surface, (8, 10, 24, alpha))


def card(surface: pygame.Surface, app, size: tuple[int, int], center=None, fill=P.PANEL) -> pygame.Rect:
    """A rounded panel of ``size`` design px, centred (or at ``center`` in window px)."""
    w, h = app.s(size[0]), app.s(size[1])
    rect = pygame.Rect(0, 0, w, h)
    rect.center = center if center is not None else surface.get_rect().center
    surface.blit(panel((w, h), fill, app.s(36), max(2, app.s(5)), P.PANEL_EDGE, app.s(10)), rect)
    return rect


def ring(surface: pygame.Surface, center, radius: int, width: int, fraction: float,
         color=P.LAMP, back=P.PANEL_EDGE) -> None:
    """A progress ring filling clockwise from the top (``fraction`` 0..1)."""
    fraction = max(0.0, min(1.0, fraction))
    box = pygame.Rect(0, 0, radius * 2, radius * 2)
    box.center = center
    pygame.draw.circle(surface, back, center, radius, width)
    if fraction <= 0:
        return
    steps = max(2, int(72 * fraction))
    points = []
    for i in range(steps + 1):
        a = -math.pi / 2 + 2 * math.pi * fraction * i / steps
        points.append((center[0] + math.cos(a) * (radius - width / 2),
                       center[1] + math.sin(a) * (radius - width / 2)))
    pygame.draw.lines(surface, color, False, points, width)
    for end in (points[0], points[-1]):
        pygame.draw.circle(surface, color, (round(end[0]), round(end[1])), width // 2)


@lru_cache(maxsize=8)
def sleeping_cat(size: int, coat=(236, 160, 84), stripe=(196, 112, 52)) -> pygame.Surface:
    """A round cat curled up asleep (body, head tucked on the tail, closed eyes), ``size`` px wide."""
    s = max(40, size)
    surf = pygame.Surface((s, int(s * 0.62)), pygame.SRCALPHA)
    ink = P.INK
    line = max(2, s // 60)
    body = pygame.Rect(int(s * 0.08), int(s * 0.16), int(s * 0.84), int(s * 0.44))
    pygame.draw.ellipse(surf, ink, body.inflate(line * 2, line * 2))
    pygame.draw.ellipse(surf, coat, body)
    for i in range(3):                          # tabby stripes across the back
        x = body.left + body.w * (0.38 + 0.13 * i)
        pygame.draw.arc(surf, stripe, (x - s * 0.06, body.top + s * 0.02, s * 0.12, s * 0.2),
                        0.4, 2.7, max(3, s // 40))
    tail = pygame.Rect(int(s * 0.12), int(s * 0.4), int(s * 0.62), int(s * 0.18))
    pygame.draw.ellipse(surf, ink, tail.inflate(line * 2, line * 2))
    pygame.draw.ellipse(surf, stripe, tail)
    head_c = (int(s * 0.27), int(s * 0.36))
    head_r = int(s * 0.17)
    for ear_dx in (-0.6, 0.35):                 # ears
        ex = head_c[0] + head_r * ear_dx
        tri = [(ex - s * 0.05, head_c[1] - head_r * 0.55), (ex + s * 0.02, head_c[1] - head_r * 1.35),
               (ex + s * 0.09, head_c[1] - head_r * 0.5)]
        pygame.draw.polygon(surf, coat, tri)
        pygame.draw.polygon(surf, ink, tri, line)
    pygame.draw.circle(surf, ink, head_c, head_r + line)
    pygame.draw.circle(surf, coat, head_c, head_r)
    for dx in (-0.42, 0.3):                     # closed eyes: two small smiles
        c = (head_c[0] + head_r * dx, head_c[1] - head_r * 0.05)
        pygame.draw.arc(surf, ink, (c[0] - s * 0.035, c[1] - s * 0.03, s * 0.07, s * 0.05),
                        math.pi, 2 * math.pi, max(2, s // 70))
    pygame.draw.circle(surf, (240, 130, 150), (head_c[0] - int(head_r * 0.06), head_c[1] + int(head_r * 0.3)),
                       max(2, s // 70))
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def pill(surface: pygame.Surface, app, text: str, pos, px: int = 40, pulse: float = 1.0,
         fill=P.LAMP, ink=P.INK, anchor: str = "center", max_width: int | None = None) -> pygame.Rect:
    """A rounded lozenge with a line of text (the "press any button" call to action), placed with
    its ``anchor`` point (a Rect attribute name) at ``pos``."""
    font = app.fit_font(text, px, (max_width or surface.get_width() - app.s(88)) - app.s(72))
    surf = app.text(text, font, ink)
    w, h = surf.get_width() + app.s(72), surf.get_height() + app.s(28)
    grow = int(app.s(10) * pulse)
    rect = pygame.Rect(0, 0, w + grow, h + grow // 2)
    setattr(rect, anchor, pos)
    surface.blit(panel(rect.size, fill, rect.h // 2, max(2, app.s(4)), P.INK, app.s(6)), rect)
    surface.blit(surf, surf.get_rect(center=rect.center))
    return rect


def call_to_action(surface: pygame.Surface, app, text: str, pos, width: int, px: int = 32,
                   pulse: float = 0.0, anchor: str = "bottomright") -> pygame.Rect:
    """A lamp-yellow card with ``text`` wrapped to ``width`` window px, breathing with ``pulse``
    (0..1), placed by its ``anchor`` point at ``pos`` — small enough for a table's free corner."""
    pad = app.s(22)
    font = app.font(px)
    surf = app.text(text, font, P.INK, wrap=width - 2 * pad, align="center")
    grow = int(app.s(8) * pulse)
    rect = pygame.Rect(0, 0, surf.get_width() + 2 * pad + grow, surf.get_height() + 2 * pad + grow)
    setattr(rect, anchor, pos)
    surface.blit(panel(rect.size, P.LAMP, app.s(26), max(2, app.s(4)), P.INK, app.s(6)), rect)
    surface.blit(surf, surf.get_rect(center=rect.center))
    return rect
