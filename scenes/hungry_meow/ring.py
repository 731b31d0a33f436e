"""The turn-direction ring of Hungry Meow: two arrows along an ellipse round the table, each a
dark glow band, a bright band on it and a head (issue 23).

Why not ``pygame.draw.arc``: at 4K each arrow was one picture ~600x650 px made again every frame
it turned, so the redraw by parts blended (and sent) all of that box, old and new, though the
arrow covers a tenth of it. Here an arrow is filled shapes in whole pixels (the band between
the arc's outer ellipse and the one ``width`` px inside, at the same polar angles as pygame's
arc: the same look, its edges within a pixel of the arc's), cut along the ellipse into pieces
of about PIECE design px, each a picture of its own tight box: views into one picture while
the bright ring turns (``Views``), small pictures no two sharing a pixel once it fades
(``cut``). (Drawn straight on the window as fills instead, the 30 polygons cost more to record
for the redraw by parts, ~3 ms a frame at 4K, than the pictures cost to make.)"""
from __future__ import annotations

import math

import pygame

GRID = 128           # points along the ellipse a turn (0.049 rad apart: the chord is < 0.6 px off)
PIECE = 100          # design px of band in one piece

_rims: dict = {}     # (ellipse rect, band width) -> {grid index: its two points}, kept a few


def _rim(rect, width: int, t: float) -> tuple[tuple[int, int], tuple[int, int]]:
    """The points of the band ``width`` px inside the ellipse in ``rect`` at polar angle ``t``
    (as pygame's thick arc: the angle of the direction from the centre, not the ellipse's
    parameter), outer then inner, in whole px."""
    cx, cy = rect[0] + rect[2] / 2, rect[1] + rect[3] / 2
    c, s = math.cos(t), math.sin(t)
    out = []
    for a, b in ((rect[2] / 2, rect[3] / 2), (rect[2] / 2 - width, rect[3] / 2 - width)):
        k = a * b / math.hypot(b * c, a * s)
        out.append((round(cx + k * c), round(cy - k * s)))
    return out[0], out[1]


def _edges(rect, width: int, ts: list) -> tuple[list, list]:
    """The band's outer and inner points at ``ts``: angles (float) or grid indices (int, their
    points kept: a turning arrow makes only its two ends anew)."""
    key = (tuple(rect), width)
    table = _rims.get(key)
    if table is None:
        if len(_rims) > 8:
            _rims.clear()
        table = _rims[key] = {}
    outer, inner = [], []
    for t in ts:
        if isinstance(t, int):
            got = table.get(t % GRID)
            if got is None:
                got = table[t % GRID] = _rim(rect, width, 2 * math.pi * t / GRID)
        else:
            got = _rim(rect, width, t)
        outer.append(got[0])
        inner.append(got[1])
    return outer, inner


def _box(points) -> pygame.Rect:
    """Every pixel a fill of ``points`` can set, and a pixel more each side."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return pygame.Rect(min(xs) - 1, min(ys) - 1, max(xs) - min(xs) + 3, max(ys) - min(ys) + 3)


def prepare(c, r: int, s) -> None:
    """Every point along the arrows' ellipses round ``c`` made now (the table's first frame), not
    in the frame the ring first turns (with the rest of that frame's news: ~2 ms at 4K)."""
    box = pygame.Rect(0, 0, 2 * r, int(1.2 * r))
    box.center = c
    _edges(box.inflate(s(6), s(6)), s(9), list(range(GRID)))
    _edges(box, s(4), list(range(GRID)))


def arrow(c, r: int, d: str, spin: float, k: int, s, glow_colour, colour) -> tuple[list, list]:
    """Arrow ``k`` (of two, half a turn apart) round ``c``: its shapes in drawing order (colour,
    points: the glow band's pieces along the ellipse, the bright band's on them, the head) and
    the boxes of its pieces (each glow piece's, holding its bright piece too, and the head's):
    together they hold every pixel of the shapes. ``s`` scales design px."""
    sign = 1 if d == "cw" else -1
    a0 = k * math.pi + 0.35 + spin * 2.0 * sign
    a1 = a0 + math.pi - 0.7
    box = pygame.Rect(0, 0, 2 * r, int(1.2 * r))
    box.center = c
    glow = box.inflate(s(6), s(6))
    pieces = max(1, round(r * (a1 - a0) / s(PIECE)))
    step = 2 * math.pi / GRID
    along = [a0] + list(range(math.floor(a0 / step) + 1, math.ceil(a1 / step))) + [a1]
    pieces = min(pieces, len(along) - 1)
    marks = [round(i * (len(along) - 1) / pieces) for i in range(pieces + 1)]
    outer, inner = _edges(glow, s(9), along)
    bright = _edges(box, s(4), along)
    cuts = [slice(marks[i], marks[i + 1] + 1) for i in range(pieces)]
    # in pieces (pygame fills a polygon row by row over all its edges: one long band is slower)
    shapes = [(glow_colour, outer[cut] + inner[cut][::-1]) for cut in cuts]
    boxes = [_box(points) for _, points in shapes]
    shapes += [(colour, bright[0][cut] + bright[1][cut][::-1]) for cut in cuts]
    # the head sits at the end of travel (pygame's angles run counter-clockwise on screen)
    end = a1 if sign < 0 else a0
    back = end - 0.22 if sign < 0 else end + 0.22

    def at(a, rr=r):
        return (round(c[0] + rr * math.cos(a)), round(c[1] - 0.6 * rr * math.sin(a)))
    head = [at(end + (0.06 if sign < 0 else -0.06)), at(back, r + s(26)), at(back, r - s(26))]
    shapes.append((colour, head))
    boxes.append(_box(head))
    return shapes, boxes


def draw(surface, shapes, at=(0, 0)) -> None:
    """The shapes filled on ``surface``, moved by ``at`` (whole px: the same pixels anywhere)."""
    dx, dy = at
    for col, points in shapes:
        if dx or dy:
            points = [(x + dx, y + dy) for x, y in points]
        pygame.draw.polygon(surface, col, points)


class Views:
    """The bright ring's pieces while it turns: views (subsurfaces) into one picture kept per
    size, on which the last arrows are painted out (the same shapes, transparent) and the new
    ones painted: no picture made, copied or cleared a frame (~1/3 of the processor time of
    ``cut`` at 4K). Overlapping views are fine here, at full alpha only: a pixel in two of them
    is the same opaque colour twice. Each view is a new object (the redraw by parts compares
    pictures by object); the views of a frame gone are never drawn again."""

    def __init__(self) -> None:
        self.scratch: pygame.Surface | None = None
        self.drawn: list = []          # the shapes painted on it now

    def ready(self, size) -> None:
        """The picture for ``size`` made (ahead: not in the frame the ring first turns)."""
        if self.scratch is None or self.scratch.get_size() != tuple(size):
            self.scratch, self.drawn = pygame.Surface(size, pygame.SRCALPHA), []

    def make(self, arrows, size, origin) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """Views of ``arrows`` ((shapes, boxes) each, inside ``size``) and their places on the
        window, ``size``'s top left at ``origin``."""
        self.ready(size)
        draw(self.scratch, [((0, 0, 0, 0), points) for _, points in self.drawn])
        inside = self.scratch.get_rect()
        self.drawn, out = [], []
        for shapes, boxes in arrows:
            draw(self.scratch, shapes)
            self.drawn += shapes
            for box in boxes:
                box = box.clip(inside)
                out.append((self.scratch.subsurface(box), (box.x + origin[0], box.y + origin[1])))
        return out


def cut(shapes, boxes, origin=(0, 0)) -> list[tuple[pygame.Surface, tuple[int, int]]]:
    """One picture per box (and its place) holding what ``shapes`` paint there, no pixel in two
    of them: a box's part inside an earlier box is left clear (blended twice at a fade's alpha,
    an overlap would show as a brighter seam). Together, blended in any order, they give the
    pixels of all the shapes on one picture (placed at ``origin``). For the faded ring (made
    once a place)."""
    whole = boxes[0].unionall(boxes[1:])
    scratch = pygame.Surface(whole.size, pygame.SRCALPHA)
    draw(scratch, shapes, (-whole.x, -whole.y))
    out = []
    for i, box in enumerate(boxes):
        pic = scratch.subsurface(box.move(-whole.x, -whole.y)).copy()
        for before in boxes[:i]:
            both = box.clip(before)
            if both.w and both.h:
                pic.fill((0, 0, 0, 0), both.move(-box.x, -box.y))
        out.append((pic, (box.x + origin[0], box.y + origin[1])))
    return out
