"""Shared drawing helpers: rounded panels, soft glows, button faces, the focus outline, text.

Panels, glows and text surfaces are cached by their parameters, so callers must not draw on what
they get back (blit it, or ``.copy()`` it first).
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cache import ArtDict, art_cache, window_format
from game.art.glyphs import render_text
from game.art.linebreak import break_lines

C = P.colours("shared")


def _convert(surf: pygame.Surface) -> pygame.Surface:
    return window_format(surf)


@art_cache("draw.panel")
def panel(size: tuple[int, int], fill=P.PANEL, radius: int = 24, border: int = 4,
          border_color=P.PANEL_EDGE, shadow: int = 0) -> pygame.Surface:
    """A rounded rectangle with an outline and an optional drop shadow (drawn below-right).
    A big plain panel painted once into a bigger picture is cheaper drawn there: ``draw_panel``."""
    w, h = max(1, size[0]), max(1, size[1])
    surf = pygame.Surface((w + shadow, h + shadow), pygame.SRCALPHA)
    _paint_panel(surf, 0, 0, w, h, fill, radius, border, border_color, shadow)
    return _convert(surf)


def _paint_panel(surf, x: int, y: int, w: int, h: int, fill, radius: int, border: int, border_color,
                 shadow: int) -> None:
    """The drawing of ``panel`` with its top left at (x, y) of ``surf``."""
    if shadow:
        pygame.draw.rect(surf, C.PANEL_1, (x + shadow, y + shadow, w, h), border_radius=radius)
    pygame.draw.rect(surf, fill, (x, y, w, h), border_radius=radius)
    if len(fill) == 3 and 8 < h < 200:  # a soft top highlight: flat colour with a little shading
        hi = tuple(min(255, c + 14) for c in fill)
        pygame.draw.rect(surf, hi, (x + border, y + border, w - 2 * border, max(1, h // 2 - border)),
                         border_top_left_radius=max(0, radius - border),
                         border_top_right_radius=max(0, radius - border))
    if border:
        pygame.draw.rect(surf, border_color, (x, y, w, h), border, border_radius=radius)


def _opaque(colour) -> bool:
    return len(colour) == 3 or colour[3] == 255


def draw_panel(surface: pygame.Surface, rect, fill=P.PANEL, radius: int = 24, border: int = 4,
               border_color=P.PANEL_EDGE, shadow: int = 0) -> None:
    """``surface.blit(panel(rect.size, ...), rect.topleft)``, the same pixels, drawn straight on
    ``surface``: no picture is made or cached. Why: at 3840x2160 a seat's or the dice tray's panel
    is a 4 MiB picture that is blitted once into a table's still piece (``TableLook.static``) and
    then only held room in the art budget; pushed out, it was made again (5-10 ms) whenever the
    piece was. Drawing it is a few filled rounded rectangles (opaque colours do not blend, so
    the pixels are the ones the picture would give). A drop shadow or a translucent colour
    blends with what is under it: then the cached picture is blitted as before."""
    x, y, w, h = pygame.Rect(rect)
    if shadow or not (_opaque(fill) and _opaque(border_color)):
        surface.blit(panel((w, h), fill, radius, border, border_color, shadow), (x, y))
        return
    _paint_panel(surface, x, y, max(1, w), max(1, h), fill, radius, border, border_color, 0)


def blit_around(surface: pygame.Surface, picture: pygame.Surface, rect, radius: int) -> None:
    """``surface.blit(picture, (0, 0))`` only where it can still show once an opaque rounded
    rectangle (``rect``, corner ``radius``) is painted over it: its rim and the rectangle's four
    corner squares. The same pixels in the end. Why: a seat's glow in Meow Meow Dice is as big as
    its still piece (1 Mpx at 4K, 3 ms to blend) and the panel drawn next covers all but a rim."""
    r = pygame.Rect(rect)
    w, h = picture.get_size()
    rad = max(0, min(radius, r.w // 2, r.h // 2))
    parts = [(0, 0, w, r.top), (0, r.bottom, w, h - r.bottom), (0, r.top, r.left, r.h),
             (r.right, r.top, w - r.right, r.h)]
    for x in (r.left, r.right - rad):
        for y in (r.top, r.bottom - rad):
            parts.append((x, y, rad, rad))
    for part in parts:
        if part[2] > 0 and part[3] > 0:
            surface.blit(picture, part[:2], part)


def veil(surface: pygame.Surface, colour, rect=None) -> None:
    """``colour`` (RGBA) laid over ``surface`` (or ``rect`` of it) at its alpha, as blitting a
    window-sized picture of it would (within 2 levels), by two fills: no picture is made. Why: a
    window of alpha pixels is 33 MB at 4K, made and let go each frame a flash or curtain was up
    (the 4K kiosk's memory rose 32 MiB inside each such frame)."""
    r, g, b, a = pygame.Color(colour)
    if a <= 0:
        return
    keep = 255 - a
    surface.fill((keep, keep, keep), rect, special_flags=pygame.BLEND_RGB_MULT)
    surface.fill((round(r * a / 255), round(g * a / 255), round(b * a / 255)), rect,
                 special_flags=pygame.BLEND_RGB_ADD)


@art_cache("draw.glow")
def glow(radius: int, color=P.LAMP, strength: int = 120) -> pygame.Surface:
    """A soft radial glow (alpha fades out to the edge), for lamps and the active seat."""
    radius = max(2, radius)
    surf = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    steps = max(6, min(40, radius // 3))
    for i in range(steps, 0, -1):
        r = radius * i / steps
        a = int(strength * (1 - i / steps) ** 1.6)
        pygame.draw.circle(surf, (*color[:3], a), (radius, radius), int(r))
    return _convert(surf)


GLOW_BASE = 160     # px: the radius of the one round glow every ellipse glow is scaled from


@art_cache("draw.ellipse_glow")
def ellipse_glow(size: tuple[int, int], color=P.LAMP, strength: int = 120) -> pygame.Surface:
    """``glow`` squeezed to ``size``: one round glow of ``GLOW_BASE`` px per colour and strength
    (400 KiB, kept), smooth-scaled to each size. Why: a seat's breathing glow comes in seven
    sizes and each new seat has its own; drawn from a round glow as wide as the ellipse (40
    circles of up to 600 px), each cost 4 ms of processor at 4K (15-20 ms in a loaded frame) and a
    Hungry Meow turn change made one; scaled, 0.6 ms. The glow is a smooth fade: scaled from 160
    px its alpha differs from the wide one's by under one level on average (at most 10 of 255, on
    the wide one's 40 rings)."""
    w, h = size
    base = glow(GLOW_BASE, color, strength)
    return pygame.transform.smoothscale(base, (max(1, w), max(1, h)))


@art_cache("draw.vertical_gradient")
def vertical_gradient(size: tuple[int, int], top, bottom) -> pygame.Surface:
    """A gradient picture to blit as it is (kept in the art budget)."""
    return gradient_picture(size, top, bottom)


def gradient_picture(size: tuple[int, int], top, bottom) -> pygame.Surface:
    """A new opaque picture of ``size`` filled with the gradient, to draw on (not kept)."""
    surf = pygame.Surface((max(1, size[0]), max(1, size[1])))
    paint_gradient(surf, top, bottom)
    return window_format(surf, alpha=False)


def paint_gradient(surface: pygame.Surface, top, bottom) -> None:
    """``surface`` (a picture, or a part of one) filled from ``top`` down to ``bottom``: a column
    of one pixel scaled into it. For a picture drawn on afterwards (a backdrop, a cover): at 4K a
    cached window-sized gradient and its copy were 66 MB, over the whole art budget with the title
    screen's other pictures, so its backdrop was made again every frame."""
    w, h = surface.get_size()
    if w <= 0 or h <= 0:
        return
    column = pygame.Surface((1, h), 0, surface)
    for y in range(h):
        t = y / max(1, h - 1)
        column.set_at((0, y), tuple(int(a + (b - a) * t) for a, b in zip(top, bottom, strict=True)))
    pygame.transform.scale(column, (w, h), surface)


# design px of focus_outline's ring: how far it stands out from the piece at rest, and how much
# further it breathes
FOCUS_GROW = 8
FOCUS_BREATH = 4


def focus_reach(scale: float = 1.0) -> int:
    """The farthest ``focus_outline``'s ring (with its shadow) reaches out from the piece: another
    outline on the same piece drawn beyond it stays in sight."""
    return round((FOCUS_GROW + FOCUS_BREATH) * scale) + 2


def focus_outline(surface: pygame.Surface, rect: pygame.Rect, t: float, scale: float = 1.0,
                  radius: int = 24, colours=(P.FOCUS, P.FOCUS_2)) -> None:
    """The focus look: a bright outline that breathes (width and colour), always visible."""
    pulse = 0.5 + 0.5 * math.sin(t * 5.0)
    width = max(3, round((5 + 2 * pulse) * scale))
    grow = round((FOCUS_GROW + FOCUS_BREATH * pulse) * scale)
    r = pygame.Rect(rect).inflate(grow * 2, grow * 2)
    color = tuple(int(a + (b - a) * pulse) for a, b in zip(colours[0], colours[1], strict=True))
    pygame.draw.rect(surface, C.FOCUS_SHADOW, r.inflate(4, 4), max(2, width // 2),
                     border_radius=radius + grow + 2)
    pygame.draw.rect(surface, color, r, width, border_radius=radius + grow)


# design px of focus_pointer's arrow: its gap from the piece, its bob, its size
POINTER_GAP = 14
POINTER_BOB = 6
POINTER_SIZE = 26


def pointer_reach(scale: float = 1.0) -> int:
    """The farthest ``focus_pointer``'s arrow reaches out from the side it points from."""
    return round(POINTER_GAP * scale) + round(POINTER_BOB * scale) + max(8, round(POINTER_SIZE * scale))


def focus_pointer(surface: pygame.Surface, rect: pygame.Rect, t: float, scale: float = 1.0,
                  side: str = "top", colour=P.FOCUS_2) -> None:
    """A bobbing arrow pointing at ``rect`` from ``side``: a focus mark that differs in shape from
    any outline (a table whose pieces already wear a gold frame adds it to the focus outline)."""
    bob = (POINTER_BOB / 2) * (1 + math.sin(t * 5.0)) * scale
    size = max(8, round(POINTER_SIZE * scale))
    gap = round(POINTER_GAP * scale) + bob
    cx, cy = rect.center
    dirs = {"top": (0, -1), "bottom": (0, 1), "left": (-1, 0), "right": (1, 0)}
    dx, dy = dirs.get(side, (0, -1))
    tip = (cx + dx * (rect.w / 2 + gap), cy + dy * (rect.h / 2 + gap))
    base = (tip[0] + dx * size, tip[1] + dy * size)
    px, py = -dy, dx
    pts = [tip, (base[0] + px * size * 0.7, base[1] + py * size * 0.7),
           (base[0] - px * size * 0.7, base[1] - py * size * 0.7)]
    pygame.draw.polygon(surface, P.INK, pts)
    inner = [(x + (sum(q[0] for q in pts) / 3 - x) * 0.3, y + (sum(q[1] for q in pts) / 3 - y) * 0.3)
             for x, y in pts]
    pygame.draw.polygon(surface, colour, inner)


class TextCache:
    """Rendered text surfaces keyed by (text, font, colour, wrap width), in the shared art budget
    (game/art/cache.py). Keyed on the font object itself, not its id: a freed font's id can be
    reused by another size."""

    def __init__(self):
        self._cache = ArtDict("text")

    def render(self, font: pygame.font.Font, text: str, color, wrap: int = 0,
               align: int = pygame.FONT_LEFT) -> pygame.Surface:
        key = (font, text, tuple(color), wrap, align)
        surf = self._cache.get(key)
        if surf is None:
            font.align = align
            if wrap > 0:                  # the game's line breaking, not SDL's (Chinese punctuation)
                surf = _convert(_render_lines(font, text, color, wrap, align))
            else:
                surf = _convert(render_text(font, text, color))   # lacked symbols drawn as shapes
            self._cache[key] = surf
        return surf

    def clear(self) -> None:
        self._cache.release()


def _render_lines(font, text: str, color, wrap: int, align: int) -> pygame.Surface:
    """``text`` broken by ``game.art.linebreak`` into lines no wider than ``wrap``, one under the other."""
    lines = break_lines(lambda part: font.size(part)[0], text, wrap)
    parts = [render_text(font, line, color) if line else None for line in lines]
    step = font.get_linesize()
    out = pygame.Surface((max([1] + [p.get_width() for p in parts if p]), step * len(lines)), pygame.SRCALPHA)
    for i, part in enumerate(parts):
        if part is None:
            continue
        x = {pygame.FONT_CENTER: (out.get_width() - part.get_width()) // 2,
             pygame.FONT_RIGHT: out.get_width() - part.get_width()}.get(align, 0)
        out.blit(part, (x, i * step))
    return out


def fit_size(font_for, text: str, px: int, max_width: int, min_px: int = 28) -> int:
    """The biggest size from ``px`` down to ``min_px`` (in steps of 2) whose font fits ``text``
    in ``max_width``."""
    size = px
    while size > min_px:
        if font_for(size).size(text)[0] <= max_width:
            return size
        size -= 2
    return min_px


def shadowed_blit(surface, text_surf, pos, offset: int = 3, shadow_alpha: int = 150, anchor="topleft"):
    """Blit a text surface with a dark copy behind it (readable over busy art)."""
    rect = text_surf.get_rect(**{anchor: pos})
    shadow = text_surf.copy()
    shadow.fill((0, 0, 0, shadow_alpha), special_flags=pygame.BLEND_RGBA_MIN)
    surface.blit(shadow, rect.move(offset, offset))
    surface.blit(text_surf, rect)
    return rect


def flight_picture(cache: ArtDict, make, item, width: int, widths, solid: bool = False) -> pygame.Surface:
    """A piece in flight between resting sizes: ``make(item, width)`` at a resting width (one of
    ``widths``), else the picture of the next bigger resting width (the largest if none is),
    smooth-scaled by ``width / base`` (a card with a baked-in shadow keeps its proportions) and
    kept in ``cache`` (the table's own); ``solid``: opaque again where it was (``_solid``).
    Why: a card face takes
    25-40 ms to draw at 4K, and a card flying from a pile to a slot passed through a dozen widths,
    each drawn anew (a dropped frame each); the resting sizes are drawn once and cached anyway,
    and a scale of one costs about a millisecond."""
    widths = sorted(widths)
    if width in widths or not widths:
        return make(item, width)
    base = next((w for w in widths if w >= width), widths[-1])
    key = (item, width, base)
    surf = cache.get(key)
    if surf is None:
        big = make(item, base)
        size = [max(1, round(v * width / base)) for v in big.get_size()]
        surf = _convert(pygame.transform.smoothscale(big, size))
        if solid:
            _solid(surf)
        cache[key] = surf
    return surf


def _solid(surf: pygame.Surface) -> None:
    """Alpha 255 again where ``smoothscale`` left an opaque picture 250-254 (it rounds every
    channel down: a card's face comes out at 252-253), the edges' soft alpha as it was. Why: a
    card drawn over others hides them only where it is opaque (scenes/zodiac/pictures.py
    leaves out the cards under one)."""
    if surf.get_flags() & pygame.SRCALPHA:
        core = pygame.mask.from_surface(surf, 249)
        core = core.to_surface(setcolor=pygame.Color(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))   # alpha only
        surf.blit(core, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
