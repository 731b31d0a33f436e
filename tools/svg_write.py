"""Recorded drawing (tools/svg_record.py) written as SVG text, one element per draw call, in the
shapes an artist's editor keeps: rect, ellipse, circle, polygon, polyline, line, path.

pygame draws an outline of ``width`` inside a rect or ellipse; SVG centres a stroke on the
shape, so outlines are written half a width smaller. Arcs are written as polylines.
"""
from __future__ import annotations

import math

import pygame

from tools.svg_record import Canvas, Names

NS = "urn:meowcade:palette"


def _n(v: float) -> str:
    text = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _pts(points) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _paint(kind: str, real: pygame.Color, tagged: pygame.Color, names: Names) -> str:
    out = f'{kind}="#{real.r:02x}{real.g:02x}{real.b:02x}"'
    if real.a < 255:
        out += f' {"stop" if kind == "stop-color" else kind}-opacity="{_n(real.a / 255)}"'
    label = names.by_colour.get((tagged.r, tagged.g, tagged.b))
    if label:
        out += f' mc:{kind}="{label}"'
    return out


def _ellipse_points(cx, cy, rx, ry, a0=0.0, a1=2 * math.pi, steps=None):
    steps = steps or max(12, int(48 * abs(a1 - a0) / (2 * math.pi)))
    return [(cx + rx * math.cos(a0 + (a1 - a0) * i / steps), cy - ry * math.sin(a0 + (a1 - a0) * i / steps))
            for i in range(steps + 1)]


def _quad(a, b, width):
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy) or 1
    nx, ny = -dy / ln * width / 2, dx / ln * width / 2
    return [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]


def _clip_polygon(points, box: pygame.Rect):
    """Sutherland-Hodgman: ``points`` cut to ``box``."""
    def cut(pts, inside, cross):
        out = []
        for i, p in enumerate(pts):
            q = pts[i - 1]
            if inside(p):
                if not inside(q):
                    out.append(cross(q, p))
                out.append(p)
            elif inside(q):
                out.append(cross(q, p))
        return out

    def at_x(x):
        return lambda q, p: (x, q[1] + (p[1] - q[1]) * (x - q[0]) / ((p[0] - q[0]) or 1e-9))

    def at_y(y):
        return lambda q, p: (q[0] + (p[0] - q[0]) * (y - q[1]) / ((p[1] - q[1]) or 1e-9), y)

    pts = list(points)
    for inside, cross in ((lambda p: p[0] >= box.left, at_x(box.left)),
                          (lambda p: p[0] <= box.right, at_x(box.right)),
                          (lambda p: p[1] >= box.top, at_y(box.top)),
                          (lambda p: p[1] <= box.bottom, at_y(box.bottom))):
        if not pts:
            break
        pts = cut(pts, inside, cross)
    return pts


def _as_polygons(name, args, kwargs):
    """The areas a draw call covers, as polygons (for cutting to a clip rectangle)."""
    width = kwargs.get("width", args[-1] if name in ("rect", "ellipse", "polygon") and len(args) > 1 else 0)
    if name in ("rect", "ellipse", "circle"):
        if name == "circle":
            (cx, cy), r = args[0], args[1]
            width = kwargs.get("width", args[2] if len(args) > 2 else 0)
            rx = ry = r
        else:
            box = pygame.FRect(args[0])
            cx, cy, rx, ry = box.centerx, box.centery, box.w / 2, box.h / 2
        if name == "rect":
            outer = [(cx - rx, cy - ry), (cx + rx, cy - ry), (cx + rx, cy + ry), (cx - rx, cy + ry)]
        else:
            outer = _ellipse_points(cx, cy, rx, ry)
        if not width:
            return [outer]
        inner = _ellipse_points(cx, cy, max(0, rx - width), max(0, ry - width))[::-1] if name != "rect" else \
            [(cx - rx + width, cy - ry + width), (cx - rx + width, cy + ry - width),
             (cx + rx - width, cy + ry - width), (cx + rx - width, cy - ry + width)]
        return [outer + [outer[0]] + inner + [inner[0]]]
    if name == "polygon":
        return [list(args[0])]
    if name in ("line", "aaline"):
        w = kwargs.get("width", args[2] if len(args) > 2 else 1)
        return [_quad(args[0], args[1], w)]
    if name in ("lines", "aalines"):
        closed, pts = args[0], list(args[1])
        w = kwargs.get("width", args[2] if len(args) > 2 else 1)
        if closed:
            pts.append(pts[0])
        return [_quad(a, b, w) for a, b in zip(pts, pts[1:], strict=False)]
    if name == "arc":
        box = pygame.FRect(args[0])
        a0, a1 = args[1], args[2]
        w = kwargs.get("width", args[3] if len(args) > 3 else 1)
        pts = _ellipse_points(box.centerx, box.centery, box.w / 2 - w / 2, box.h / 2 - w / 2, a0, a1)
        return [_quad(a, b, w) for a, b in zip(pts, pts[1:], strict=False)]
    return []


def _element(name, args, kwargs, paint) -> str:
    if name == "rect":
        box = pygame.FRect(args[0])
        width = kwargs.get("width", args[1] if len(args) > 1 else 0)
        radius = kwargs.get("border_radius", args[2] if len(args) > 2 else 0)
        corners = [kwargs.get(f"border_{c}_radius", -1) for c in ("top_left", "top_right", "bottom_right",
                                                                   "bottom_left")]
        if width:
            box = box.inflate(-width, -width)
        radius = max(0, min(radius - (width / 2 if width else 0), box.w / 2, box.h / 2))
        look = paint("stroke") + f' fill="none" stroke-width="{_n(width)}"' if width else paint("fill")
        if any(c >= 0 for c in corners):
            return f'<path d="{_rounded_path(box, [radius if c < 0 else c for c in corners])}" {look}/>'
        rx = f' rx="{_n(radius)}"' if radius > 0 else ""
        return f'<rect x="{_n(box.x)}" y="{_n(box.y)}" width="{_n(box.w)}" height="{_n(box.h)}"{rx} {look}/>'
    if name in ("ellipse", "circle"):
        if name == "circle":
            (cx, cy), r = args[0], args[1]
            width = kwargs.get("width", args[2] if len(args) > 2 else 0)
            rx = ry = r
        else:
            box = pygame.FRect(args[0])
            width = kwargs.get("width", args[1] if len(args) > 1 else 0)
            cx, cy, rx, ry = box.centerx, box.centery, box.w / 2, box.h / 2
        look = paint("fill")
        if width:
            rx, ry = rx - width / 2, ry - width / 2
            look = paint("stroke") + f' fill="none" stroke-width="{_n(width)}"'
        if rx <= 0 or ry <= 0:
            return ""
        if rx == ry:
            return f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(rx)}" {look}/>'
        return f'<ellipse cx="{_n(cx)}" cy="{_n(cy)}" rx="{_n(rx)}" ry="{_n(ry)}" {look}/>'
    if name == "polygon":
        width = kwargs.get("width", args[1] if len(args) > 1 else 0)
        if width:
            return (f'<polygon points="{_pts(args[0])}" fill="none" {paint("stroke")} '
                    f'stroke-width="{_n(width)}" stroke-linejoin="round"/>')
        return f'<polygon points="{_pts(args[0])}" {paint("fill")}/>'
    if name in ("line", "aaline"):
        (x1, y1), (x2, y2) = args[0], args[1]
        width = kwargs.get("width", args[2] if len(args) > 2 else 1)
        return (f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" {paint("stroke")} '
                f'stroke-width="{_n(width)}"/>')
    if name in ("lines", "aalines"):
        closed, pts = args[0], args[1]
        width = kwargs.get("width", args[2] if len(args) > 2 else 1)
        tag = "polygon" if closed else "polyline"
        return (f'<{tag} points="{_pts(pts)}" fill="none" {paint("stroke")} stroke-width="{_n(width)}" '
                f'stroke-linejoin="round"/>')
    if name == "arc":
        box = pygame.FRect(args[0])
        a0, a1 = args[1], args[2]
        width = kwargs.get("width", args[3] if len(args) > 3 else 1)
        if a1 < a0:
            a1 += 2 * math.pi
        pts = _ellipse_points(box.centerx, box.centery, box.w / 2 - width / 2, box.h / 2 - width / 2, a0, a1)
        return f'<polyline points="{_pts(pts)}" fill="none" {paint("stroke")} stroke-width="{_n(width)}"/>'
    return ""


def _rounded_path(box, radii) -> str:
    tl, tr, br, bl = (max(0, min(r, box.w / 2, box.h / 2)) for r in radii)
    x, y, w, h = box
    return (f"M{_n(x + tl)},{_n(y)} H{_n(x + w - tr)} A{_n(tr)},{_n(tr)} 0 0 1 {_n(x + w)},{_n(y + tr)} "
            f"V{_n(y + h - br)} A{_n(br)},{_n(br)} 0 0 1 {_n(x + w - br)},{_n(y + h)} "
            f"H{_n(x + bl)} A{_n(bl)},{_n(bl)} 0 0 1 {_n(x)},{_n(y + h - bl)} "
            f"V{_n(y + tl)} A{_n(tl)},{_n(tl)} 0 0 1 {_n(x + tl)},{_n(y)} Z")


def _glow_run(ops, tagged_ops, start: int) -> int:
    """How many ops from ``start`` are one glow: see-through discs, one centre, each smaller
    than the one before (at least three). pygame writes each disc's pixels over the last
    (it does not blend on a picture with alpha), so the middle shows the last disc's alpha
    alone; in SVG the discs would add up. Such a run is written as one radial gradient."""
    def disc(op):
        name, colour, args, kwargs, clip = op
        if name != "circle":
            return False
        width = kwargs.get("width", args[2] if len(args) > 2 else 0)
        return (name == "circle" and clip is None and not width and colour.a < 255
                and not any(k.startswith("draw_") for k in kwargs))
    end = start
    while end < len(ops) and disc(ops[end]):
        if end > start:
            (c0, r0), (c1, r1) = ops[end - 1][2][:2], ops[end][2][:2]
            if tuple(c0) != tuple(c1) or r1 >= r0:
                break
        end += 1
    return end - start if end - start >= 3 else 0


_ids = [0]


def _glow(ops, tagged_ops, names, indent) -> list[str]:
    centre, outer = ops[0][2][0], ops[0][2][1]
    _ids[0] += 1
    gid = f"glow{_ids[0]}"
    stops = []
    for op, twin in reversed(list(zip(ops, tagged_ops, strict=True))):   # the middle first
        stops.append(f'{indent}    <stop offset="{_n(op[2][1] / outer)}" '
                     f'{_paint("stop-color", op[1], twin[1], names)}/>')
    return [f'{indent}<defs>',
            f'{indent}  <radialGradient id="{gid}" gradientUnits="userSpaceOnUse" cx="{_n(centre[0])}" '
            f'cy="{_n(centre[1])}" r="{_n(outer)}">', *stops, f'{indent}  </radialGradient>',
            f'{indent}</defs>',
            f'{indent}<circle cx="{_n(centre[0])}" cy="{_n(centre[1])}" r="{_n(outer)}" fill="url(#{gid})"/>']


def _file_shapes(rel: str, size, indent: str) -> list[str]:
    """The shapes of a picture file (one converted before) scaled to ``size``, as a group."""
    import re

    from game.art.pictures import FOLDER
    from game.files.resources import resource_path

    text = resource_path(f"{FOLDER}/{rel}").read_text(encoding="utf-8")
    head = re.search(r"<svg[^>]*>", text).group(0)
    w, h = (float(re.search(rf'{k}="([0-9.]+)"', head).group(1)) for k in ("width", "height"))
    inner = text[len(re.match(r"\s*", text).group(0)) + len(head):text.rindex("</svg>")]
    inner = re.sub(r"\s*<title>.*?</title>", "", inner)
    body_lines = [indent + "  " + line.strip() for line in inner.strip().splitlines()]
    scale = f"scale({_n(size[0] / w)},{_n(size[1] / h)})"
    return [f'{indent}<g transform="{scale}">', *body_lines, f"{indent}</g>"]


def _linear(top, bottom, tag_top, tag_bottom, names, size, indent) -> list[str]:
    """A vertical gradient filling the picture (``game.art.draw.paint_gradient``)."""
    _ids[0] += 1
    gid = f"fade{_ids[0]}"
    w, h = size
    return [f"{indent}<defs>",
            f'{indent}  <linearGradient id="{gid}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" '
            f'y2="{_n(h)}">',
            f'{indent}    <stop offset="0" {_paint("stop-color", top, tag_top, names)}/>',
            f'{indent}    <stop offset="1" {_paint("stop-color", bottom, tag_bottom, names)}/>',
            f"{indent}  </linearGradient>",
            f"{indent}</defs>",
            f'{indent}<rect width="{_n(w)}" height="{_n(h)}" fill="url(#{gid})"/>']


class Unrecorded(ValueError):
    """The painter drew something that is not a shape (a picture made some other way)."""


def _spills(name, args, kwargs, box: pygame.Rect) -> bool:
    """Does a draw call reach past ``box`` (a picture blitted into another is cut to its size)?"""
    points = [p for poly in _as_polygons(name, args, kwargs) for p in poly]
    inside = pygame.Rect(box).inflate(1, 1)
    return bool(points) and not all(inside.left <= x <= inside.right and inside.top <= y <= inside.bottom
                                    for x, y in points)


def body(real: Canvas, tagged: Canvas, names: Names, indent: str = "  ",
         bounded: bool = False) -> list[str]:
    """SVG elements for the drawing on ``real`` (colours named from ``tagged``); ``bounded``: a
    picture blitted into another, its shapes cut to its own size (SVG groups are not)."""
    if len(real.ops) != len(tagged.ops):
        raise Unrecorded("the two runs drew differently")
    lines: list[str] = []
    skip = 0
    for i, (op, twin) in enumerate(zip(real.ops, tagged.ops, strict=True)):
        if skip:
            skip -= 1
            continue
        run = _glow_run(real.ops, tagged.ops, i)
        if run:
            lines.extend(_glow(real.ops[i:i + run], tagged.ops[i:i + run], names, indent))
            skip = run - 1
            continue
        name, colour, args, kwargs, clip = op
        if name == "gradient":
            lines.extend(_linear(colour, args[0], twin[1], twin[2][0], names, real.get_size(), indent))
            continue
        if name == "file":
            lines.extend(_file_shapes(*args, indent))
            continue
        if name == "raster":
            raise Unrecorded(f"a picture of {args} was blitted that was not drawn with shapes")
        if name == "group":
            source, (kind, value), alpha = colour, args, kwargs
            transform = (f"translate({_n(value[0])},{_n(value[1])})" if kind == "translate"
                         else "matrix(" + ",".join(_n(v) for v in value) + ")")
            seen = f' opacity="{_n(alpha / 255)}"' if alpha is not None and alpha < 255 else ""
            lines.append(f'{indent}<g transform="{transform}"{seen}>')
            lines.extend(body(source, twin[1], names, indent + "  ", bounded=True))
            lines.append(f"{indent}</g>")
            continue

        def paint(kind, colour=colour, tag=twin[1]):
            return _paint(kind, colour, tag, names)

        if clip is None and bounded and name not in ("group", "file", "gradient"):
            whole = pygame.Rect((0, 0), real.get_size())
            if _spills(name, args, kwargs, whole):
                clip = whole
        if clip is not None:
            for poly in _as_polygons(name, args, kwargs):
                cut = _clip_polygon(poly, clip)
                if len(cut) >= 3:
                    lines.append(f'{indent}<polygon points="{_pts(cut)}" {paint("fill")} '
                                 'fill-rule="evenodd"/>')
            continue
        element = _element(name, args, kwargs, paint)
        if element:
            lines.append(indent + element)
    return lines


def document(real: Canvas, tagged: Canvas, names: Names, about: str) -> str:
    w, h = real.get_size()
    _ids[0] = 0
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:mc="{NS}" width="{w}" height="{h}" '
            f'viewBox="0 0 {w} {h}">')
    return "\n".join([head, f"  <title>{about}</title>", *body(real, tagged, names), "</svg>", ""])
