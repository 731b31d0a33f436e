"""Record what a picture painter draws as SVG: the one-off converter's machinery
(tools/art_to_svg.py uses it; the game never imports it).

While ``recording()`` is in force, ``pygame.Surface`` is a ``Canvas`` (a real surface that also
writes down each ``pygame.draw`` call, ``fill``, ``set_clip`` and ``blit`` of another canvas),
``pygame.transform`` rotate/flip/scale/smoothscale of a canvas keep its drawing as a transformed
group, and every palette colour read is a unique stand-in colour, so that a drawn colour can be
traced back to its palette name (``Palette.get`` is wrapped).

A painter is run twice, first with the real colours, then with the stand-ins; the two runs make
the same calls in the same order (painters do not branch on colour values), so each call's
colour is named from the second run and valued from the first. A colour worked out from a
palette colour (a shade, a tint) has no name: it is written as it is.

The SVG holds each colour as hex (what Inkscape and SDL_image show) and, for a palette colour,
``mc:fill`` / ``mc:stroke`` naming it (``palette/name`` and index steps into a list or object
colour, e.g. ``shared/coat_colours.tabby.0``), which the game's loader (game/art/pictures.py)
replaces from the palette in force.

SDL_image's SVG reader has no clip paths: a clip rectangle set by the painter is applied here,
by cutting the shapes drawn under it (each turned into a polygon) to the rectangle.
"""
from __future__ import annotations

import contextlib
import math

import pygame

from game.art import palette as palette_module

_REAL_SURFACE = pygame.Surface
_DRAW_NAMES = ("rect", "polygon", "circle", "ellipse", "arc", "line", "lines", "aaline", "aalines")
_REAL_DRAW = {name: getattr(pygame.draw, name) for name in _DRAW_NAMES}
_TRANSFORMS = ("rotate", "flip", "scale", "smoothscale", "rotozoom")
_REAL_TRANSFORM = {name: getattr(pygame.transform, name) for name in _TRANSFORMS}


class Canvas(_REAL_SURFACE):
    """A surface that writes down what is drawn on it (``ops``)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.ops: list = []
        self.clip_box: pygame.Rect | None = None

    def set_clip(self, rect=None):
        super().set_clip(rect)
        box = None if rect is None else pygame.Rect(rect)
        if box is not None and box.contains(pygame.Rect((0, 0), self.get_size())):
            box = None
        self.clip_box = box

    def fill(self, color, rect=None, special_flags=0):
        out = super().fill(color, rect, special_flags)
        if special_flags == 0:
            area = pygame.Rect((0, 0), self.get_size()) if rect is None else pygame.Rect(rect)
            self.ops.append(("rect", pygame.Color(color), (area,), {}, self.clip_box))
        return out

    def blit(self, source, dest, area=None, special_flags=0):
        out = super().blit(source, dest, area, special_flags)
        if special_flags:
            return out      # a mask cutting corners: the game cuts them when it loads the picture
        if isinstance(source, Canvas):
            pos = dest[:2] if not isinstance(dest, pygame.Rect) else dest.topleft
            alpha = source.get_alpha()
            self.ops.append(("group", source, ("translate", pos), alpha, self.clip_box))
        else:
            self.ops.append(("raster", source.get_size(), dest, None, self.clip_box))
        return out

    def copy(self):
        twin = Canvas(self.get_size(), self.get_flags() & pygame.SRCALPHA)
        _REAL_SURFACE.blit(twin, self, (0, 0))
        twin.ops = [("group", self, ("translate", (0, 0)), None, None)]
        return twin

    def subsurface(self, *rect):
        """A part of this picture drawn on: what is drawn on it is drawn here, moved."""
        box = pygame.Rect(*rect)
        piece = Canvas(box.size, pygame.SRCALPHA)
        _REAL_SURFACE.blit(piece, self, (0, 0), box)
        self.ops.append(("group", piece, ("translate", box.topleft), None, self.clip_box))
        return piece


def _recording_draw(name):
    real = _REAL_DRAW[name]

    def draw(surface, color, *args, **kwargs):
        out = real(surface, color, *args, **kwargs)
        if isinstance(surface, Canvas):
            surface.ops.append((name, pygame.Color(color), args, kwargs, surface.clip_box))
        return out
    return draw


def _transformed(source, result, transform):
    if not isinstance(source, Canvas):
        return result
    canvas = Canvas(result.get_size(), pygame.SRCALPHA)
    _REAL_SURFACE.blit(canvas, result, (0, 0))
    canvas.ops = [("group", source, transform, None, None)]
    return canvas


def _rotate(surface, angle):
    out = _REAL_TRANSFORM["rotate"](surface, angle)
    w, h = surface.get_size()
    nw, nh = out.get_size()
    return _transformed(surface, out, ("matrix", _rotation(angle, w, h, nw, nh)))


def _rotation(angle, w, h, nw, nh):
    """pygame turns counter-clockwise (y down) about the centre, then fits the new box."""
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    # x' = c*(x - w/2) + s*(y - h/2) + nw/2 ; y' = -s*(x - w/2) + c*(y - h/2) + nh/2
    e = nw / 2 - c * w / 2 - s * h / 2
    f = nh / 2 + s * w / 2 - c * h / 2
    return (c, -s, s, c, e, f)


def _rotozoom(surface, angle, scale):
    out = _REAL_TRANSFORM["rotozoom"](surface, angle, scale)
    w, h = surface.get_size()
    nw, nh = out.get_size()
    c, b, s_, d, e, f = _rotation(angle, w * scale, h * scale, nw, nh)
    return _transformed(surface, out, ("matrix", (c * scale, b * scale, s_ * scale, d * scale, e, f)))


def _gradient(surface, top, bottom):
    """``game.art.draw.paint_gradient``: a vertical gradient filling ``surface``."""
    _REAL_GRADIENT[0](surface, top, bottom)
    if isinstance(surface, Canvas):
        surface.ops.append(("gradient", pygame.Color(top), (pygame.Color(bottom),), {}, None))


_REAL_GRADIENT: list = [None]


def _flip(surface, flip_x, flip_y=False):
    out = _REAL_TRANSFORM["flip"](surface, flip_x, flip_y)
    w, h = surface.get_size()
    return _transformed(surface, out, ("matrix", (-1 if flip_x else 1, 0, 0, -1 if flip_y else 1,
                                                  w if flip_x else 0, h if flip_y else 0)))


def _scaler(name):
    def scale(surface, size, dest_surface=None):
        out = _REAL_TRANSFORM[name](surface, size) if dest_surface is None else \
            _REAL_TRANSFORM[name](surface, size, dest_surface)
        w, h = surface.get_size()
        sx, sy = size[0] / max(1, w), size[1] / max(1, h)
        return _transformed(surface, out, ("matrix", (sx, 0, 0, sy, 0, 0)))
    return scale


# ---- palette stand-ins --------------------------------------------------------------------------
class Names:
    """Stand-in colours for palette names, and back."""

    def __init__(self):
        self.by_colour: dict[tuple[int, int, int], str] = {}
        self._next = 0x0B1C2D

    def stand_in(self, label: str, value):
        if isinstance(value, tuple) and value and isinstance(value[0], int):
            self._next = (self._next + 0x05_0B_13) & 0xFFFFFF
            rgb = ((self._next >> 16) & 255, (self._next >> 8) & 255, self._next & 255)
            self.by_colour[rgb] = label
            return rgb + tuple(value[3:])
        if isinstance(value, tuple):
            return tuple(self.stand_in(f"{label}.{i}", v) for i, v in enumerate(value))
        return {k: self.stand_in(f"{label}.{k}", v) for k, v in value.items()}


_REAL_PICTURE: list = [None]


def _file_picture(rel, size):
    """A picture file used by a painter (one already converted): drawn, and kept as a reference
    to the file's shapes."""
    real = _REAL_PICTURE[0](rel, size)
    canvas = Canvas(real.get_size(), pygame.SRCALPHA)
    _REAL_SURFACE.blit(canvas, real, (0, 0))
    canvas.ops = [("file", pygame.Color(0, 0, 0), (rel, real.get_size()), {}, None)]
    return canvas


@contextlib.contextmanager
def recording(names: Names | None = None):
    """pygame's Surface, draw and transform recording; palette colours replaced by ``names``'
    stand-ins when given."""
    saved_surface = pygame.Surface
    saved_get = palette_module.Palette.get
    pygame.Surface = Canvas
    for name in _DRAW_NAMES:
        setattr(pygame.draw, name, _recording_draw(name))
    pygame.transform.rotate = _rotate
    pygame.transform.flip = _flip
    pygame.transform.scale = _scaler("scale")
    pygame.transform.smoothscale = _scaler("smoothscale")
    pygame.transform.rotozoom = _rotozoom
    import sys

    from game.art import draw as draw_module
    try:
        from game.art import pictures
    except ImportError:          # a checkout from before the pictures were files (to run painters)
        pictures = None
    _REAL_GRADIENT[0] = draw_module.paint_gradient
    painters = [m for m in list(sys.modules.values())
                if getattr(m, "paint_gradient", None) is _REAL_GRADIENT[0]]
    for module in painters:
        module.paint_gradient = _gradient
    if pictures is not None:
        saved_picture = _REAL_PICTURE[0] = pictures.picture
        pictures.picture = _file_picture
    if names is not None:
        def get(self, name):
            return names.stand_in(f"{self._name}/{name.lower()}", saved_get(self, name))
        palette_module.Palette.get = get
    try:
        yield
    finally:
        pygame.Surface = saved_surface
        for name in _DRAW_NAMES:
            setattr(pygame.draw, name, _REAL_DRAW[name])
        for name in _TRANSFORMS:
            setattr(pygame.transform, name, _REAL_TRANSFORM[name])
        palette_module.Palette.get = saved_get
        if pictures is not None:
            pictures.picture = saved_picture
        for module in painters:
            module.paint_gradient = _REAL_GRADIENT[0]


def record(make, names: Names):
    """(the canvas ``make()`` returns drawn with real colours, the same drawn with stand-ins)."""
    with recording():
        real = make()
    with recording(names):
        tagged = make()
    if not isinstance(real, Canvas) or not isinstance(tagged, Canvas):
        raise TypeError("the painter did not return a picture it drew")
    return real, tagged
