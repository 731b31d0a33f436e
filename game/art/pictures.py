"""The game's pictures: SVG files under ``assets/pictures/``, rasterised at the size they are drawn.

The files are the source (open one in Inkscape, change it, run the game: docs/ART_FILES.md).
They were first written from the painters that drew them in code (tools/art_to_svg.py).

Colours: a shape whose colour comes from a palette names it, ``mc:fill="shared/ink"`` or
``mc:stroke="meow-dice/face_colours.C.0"`` (palette file / colour name, then steps into a list
or object colour), beside the hex colour an editor shows. At load the named ones are replaced
from the palette in force, so reskins and the colour-blind variant apply to the files. A shape
without ``mc:`` keeps its hex colour. ``mc`` is the namespace ``urn:meowcade:palette``.

Rasterised by pygame-ce's own SVG reader (``pygame.image.load_sized_svg``, SDL_image): chosen
over resvg for speed, measurements in docs/ART_FILES.md. It reads gradients with
``gradientUnits="userSpaceOnUse"`` (Inkscape's way) but no clip paths, masks, filters or text.

Kept: the files parsed and coloured lately (``TEMPLATES_KEPT``), and each picture per size in
the art budget with every other picture (game/art/cache.py: one byte budget, the least recently
drawn and cheapest to make again out first; rasterising one again is a millisecond or two).
``reload()`` forgets them: the debug key that reloads the art.
"""
from __future__ import annotations

import io
import re
import time
import xml.etree.ElementTree as ET
from collections import OrderedDict

import pygame

from game.art import palette as P
from game.art.cache import ART, window_format
from game.files.resources import resource_path

FOLDER = "assets/pictures"
NS = "urn:meowcade:palette"
FAMILY = "pictures"          # the rasterised files' family in the art budget (game/art/cache.py)
ET.register_namespace("", "http://www.w3.org/2000/svg")
ET.register_namespace("mc", NS)

_templates: OrderedDict = OrderedDict()
_texts: OrderedDict = OrderedDict()
TEMPLATES_KEPT = 600  # files read (all 552 cut in pieces held 6.0 MiB), the least recently used out
TEXTS_KEPT = 120      # coloured file texts (a few KiB each), the same
_generation = [0]


class PictureError(ValueError):
    """A picture file that does not load; the message names the file and what is wrong."""


def _named(label: str):
    """The colour a ``mc:`` label names, from the palette in force."""
    palette, _, path = label.partition("/")
    name, *steps = path.split(".")
    value = P.colours(palette).get(name)
    for step in steps:
        value = value[int(step)] if isinstance(value, tuple) else value[step]
    return value


def _hex(colour) -> tuple[str, float | None]:
    text = "#" + "".join(f"{c:02x}" for c in colour[:3])
    return text, (colour[3] / 255 if len(colour) > 3 else None)


def _template(rel: str):
    """The file read (kept for the ``TEMPLATES_KEPT`` files used last): (its ``<svg>`` tag's
    attributes, None or (its tree, [(element, kind, palette label)]) for a file the game did not
    write, the palettes named, its text in pieces (``_slots``; None for a file the game did not
    write: written from its tree))."""
    known = _templates.get(rel)
    if known is not None:
        _templates.move_to_end(rel)
    else:
        path = resource_path(f"{FOLDER}/{rel}")
        try:
            raw = path.read_bytes()
            if f'xmlns:mc="{NS}"'.encode() in raw:
                _well_formed(raw)
                head = _SVG_TAG.search(raw)
                if head is None:
                    raise ET.ParseError("no <svg> tag")
                pieces = _slots(raw)
                labels = {piece[1] for piece in pieces if not isinstance(piece, bytes)}
                known = ({m.group(1).decode(): m.group(2).decode() for m in _ATTR.finditer(head.group(0))},
                         None, tuple(sorted({label.split("/")[0] for label in labels})), pieces)
            else:
                root = ET.fromstring(raw)
                named = [(element, kind, label) for element in root.iter()
                         for kind in ("fill", "stroke", "stop-color")
                         if (label := element.get(f"{{{NS}}}{kind}"))]
                palettes = tuple(sorted({label.split("/")[0] for *_, label in named}))
                known = (root.attrib, (root, named), palettes, None)
        except (OSError, ET.ParseError) as exc:
            raise PictureError(f"picture {FOLDER}/{rel}: {exc}") from None
        _templates[rel] = known
        if len(_templates) > TEMPLATES_KEPT:
            _templates.popitem(last=False)
    return known


def _well_formed(raw: bytes) -> None:
    """ET.ParseError if ``raw`` is not well-formed XML (a damaged file is named, not drawn as
    garbage); expat alone, no tree built."""
    import xml.parsers.expat
    try:
        xml.parsers.expat.ParserCreate().Parse(raw, True)
    except xml.parsers.expat.ExpatError as exc:
        raise ET.ParseError(str(exc)) from None


_SVG_TAG = re.compile(rb"<svg\b[^>]*>")
_NAMED_TAG = re.compile(rb'<[A-Za-z][^>]*\smc:(?:fill|stroke|stop-color)="[^"]*"[^>]*>')
_ATTR = re.compile(rb'\s([\w:.-]+)="([^"]*)"')
_KINDS = ((b"fill", b"fill-opacity"), (b"stroke", b"stroke-opacity"), (b"stop-color", b"stop-opacity"))


def _slots(raw: bytes) -> list:
    """The file's text cut where its named colours go: bytes, and between them slots, ("colour",
    label) for a colour's value, ("opacity", label, attribute, its value in the file or None) for
    its whole opacity attribute (written only when the palette colour has an alpha, else as
    the file has it). Joined with the palette's colours by ``source``, it is the text the tree
    with its named colours set would write: for a Hungry Meow card's file, cut once in 2.6 ms
    and joined in 0.3, where writing the tree out (``ET.tostring``) took 3.5-4 ms each time."""
    pieces: list = []
    last = 0
    for tag in _NAMED_TAG.finditer(raw):
        text, at = tag.group(0), tag.start()
        attrs = {m.group(1): m for m in _ATTR.finditer(text)}
        end = len(text) - (2 if text.endswith(b"/>") else 1)
        cuts = []                                   # (start, end, slot) in the tag
        for kind, opacity in _KINDS:
            label = attrs.get(b"mc:" + kind)
            if label is None:
                continue
            name = label.group(2).decode()
            value = attrs.get(kind)
            cuts.append((value.start(2), value.end(2), ("colour", name)) if value else
                        (end, end, ("colour+", name, kind.decode())))
            had = attrs.get(opacity)
            cuts.append((had.start(0), had.end(0), ("opacity", name, opacity.decode(), had.group(2).decode()))
                        if had else (end, end, ("opacity", name, opacity.decode(), None)))
        for start, stop, slot in sorted(cuts, key=lambda c: c[:2]):
            pieces += [raw[last:at + start], slot]
            last = at + stop
    pieces.append(raw[last:])
    return pieces


def _colours_key(palettes: tuple) -> tuple:
    """What the named colours depend on: the colour-blind variant and the palettes' data (a
    reskin loaded in place is new data)."""
    return P.version(), tuple(id(P.colours(name).data) for name in palettes)


def source(rel: str) -> bytes:
    """The file ``assets/pictures/<rel>`` with its named colours from the palette in force."""
    _, tree, palettes, pieces = _template(rel)
    key = (rel, _colours_key(palettes))
    text = _texts.get(key)
    if text is None:
        text = _texts[key] = _written(rel, pieces) if pieces is not None else _tree_written(rel, *tree)
        if len(_texts) > TEXTS_KEPT:
            _texts.popitem(last=False)
    else:
        _texts.move_to_end(key)
    return text


def _colour(rel: str, label: str) -> tuple[str, float | None]:
    try:
        return _hex(_named(label))
    except (AttributeError, KeyError, IndexError, ValueError):
        raise PictureError(f"picture {FOLDER}/{rel}: no palette colour {label!r}") from None


def _written(rel: str, pieces: list) -> bytes:
    """The file's text from its pieces (``_slots``) and the palette in force."""
    colours: dict = {}
    out = []
    for piece in pieces:
        if isinstance(piece, bytes):
            out.append(piece)
            continue
        label = piece[1]
        colour, alpha = colours[label] if label in colours else colours.setdefault(label, _colour(rel, label))
        if piece[0] == "colour":
            out.append(colour.encode())
        elif piece[0] == "colour+":
            out.append(f' {piece[2]}="{colour}"'.encode())
        elif alpha is not None:
            out.append(f' {piece[2]}="{alpha:.3f}"'.encode())
        elif piece[3] is not None:
            out.append(f' {piece[2]}="{piece[3]}"'.encode())
    return b"".join(out)


def _tree_written(rel: str, root, named) -> bytes:
    """The file's text written from its tree with the named colours set (a file without the
    ``mc`` prefix declared as the game writes it: an editor may have named it otherwise)."""
    for element, kind, label in named:
        colour, alpha = _colour(rel, label)
        element.set(kind, colour)
        if alpha is not None:
            element.set("stop-opacity" if kind == "stop-color" else f"{kind}-opacity", f"{alpha:.3f}")
    return ET.tostring(root)


def picture(rel: str, size: tuple[int, int], fill: bool = False, keep: bool = True) -> pygame.Surface:
    """``assets/pictures/<rel>`` rasterised to ``size``, kept in the art budget (do not draw on
    it), or with ``keep=False`` a new picture not kept (to draw on: a card's numbers; its maker
    keeps what it makes, and a second copy only held memory). Where the file's proportions
    differ from ``size``: fitted inside it and centred, or with ``fill`` (a backdrop, a cover)
    made as big as covers it all and cut to it, centred."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = (rel, size, fill, _colours_key(_template(rel)[2]))
    surf = ART.get(FAMILY, key)
    if surf is not None:
        return surf if keep else surf.copy()
    began = time.perf_counter()
    made = _ahead.pop(key, None)
    # made ahead on the worker (``ahead``): taken, waited for if it is being made; one still
    # waiting its turn is made here (the worker may be behind, and gives way to the frame loop)
    if made is not None and (made.done() or not made.cancel()):
        surf, ms = made.result()
        began -= ms / 1000                 # its cost in the budget: the rasterising too
        ART.borrowed += ms                 # (and in the cost of what is made from it: art_cache)
    else:
        surf, _ = _raster(source(rel), _asked(rel, size, fill))
    if surf.get_size() != size:          # centred in (or cut to) the size asked for
        framed = pygame.Surface(size, pygame.SRCALPHA)
        framed.blit(surf, surf.get_rect(center=(size[0] // 2, size[1] // 2)))
        surf = framed
    surf = window_format(surf)
    if keep:
        ART.put(FAMILY, key, surf, 1000 * (time.perf_counter() - began))
    return surf


def key_of(rel: str, size: tuple[int, int], fill: bool = False) -> tuple:
    """``picture(rel, size, fill)``'s key in the art budget (family ``FAMILY``)."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    return (rel, size, fill, _colours_key(_template(rel)[2]))


def _asked(rel: str, size: tuple[int, int], fill: bool) -> tuple[int, int]:
    """The size to rasterise ``rel`` at for ``picture(rel, size, fill)``."""
    if fill:
        w, h = (float(_template(rel)[0].get(k, "0").rstrip("px") or 0) for k in ("width", "height"))
        if w > 0 and h > 0:
            grow = max(size[0] / w, size[1] / h)
            return max(size[0], round(w * grow)), max(size[1], round(h * grow))
    return size


def _raster(text: bytes, size: tuple[int, int]) -> tuple[pygame.Surface, float]:
    """The file's text rasterised at ``size``, and the milliseconds it took."""
    began = time.perf_counter()
    surf = pygame.image.load_sized_svg(io.BytesIO(text), size)
    return surf, 1000 * (time.perf_counter() - began)


_ahead: OrderedDict = OrderedDict()   # picture's key -> Future of its raster, oldest first
AHEAD_KEPT = 32                       # made ahead and not yet taken: the oldest let go past this
_worker: list = []


WORKER_NICE = 10     # the worker's niceness on top of the game's (Linux: a thread has its own)


def _behind() -> None:
    """The worker thread gives way to the frame loop when the processors are busy."""
    import os
    import threading
    try:
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), WORKER_NICE)
    except (AttributeError, OSError):       # not Linux: the thread keeps the game's priority
        pass


def ahead(rel: str, size: tuple[int, int], fill: bool = False) -> bool:
    """Is ``picture(rel, size, fill)`` ready (kept, or made ahead)? If not, it is rasterised on
    the worker thread (one thread, one picture at a time, in the order asked) and ``picture``
    takes it from there. Only for pictures a table knows it will draw from what it may show:
    the card back, a card the events just named (never from a deck or a hidden hand).
    ``load_sized_svg`` lets go of the GIL while it rasterises (measured: a Python loop in the
    main thread kept 97.6% of its pace while a thread rasterised a 520x730 card in a loop), so
    the frames go on drawing meanwhile; the file is read and coloured here, in the caller's
    thread, and the raster converted to the window's format when it is taken."""
    size = (max(1, int(size[0])), max(1, int(size[1])))
    key = key_of(rel, size, fill)
    if ART.has(FAMILY, key):
        return True
    made = _ahead.get(key)
    if made is not None:
        return made.done()
    _submit(key, source(rel), _asked(rel, size, fill))
    return False


def forget_ahead() -> None:
    """Let go of every picture asked for ahead and not taken (a table that ends: what it asked
    for would be held until pushed out by later asks)."""
    for made in _ahead.values():
        made.cancel()
    _ahead.clear()


def _submit(key, text: bytes, size: tuple[int, int]) -> None:
    if not _worker:
        from concurrent.futures import ThreadPoolExecutor
        _worker.append(ThreadPoolExecutor(1, thread_name_prefix="pictures", initializer=_behind))
    _ahead[key] = _worker[0].submit(_raster, text, size)
    while len(_ahead) > AHEAD_KEPT:
        _ahead.popitem(last=False)[1].cancel()


def read(rel: str) -> bool:
    """Read and colour ``rel`` now if it is not (its text ready for ``ahead``: 3-5 ms for a card's
    file, so a table reads the files it knows it will draw one a frame). True if it was read."""
    known = rel in _templates
    palettes = _template(rel)[2]
    if known and (rel, _colours_key(palettes)) in _texts:
        return False
    source(rel)
    return True


def round_corners(surf: pygame.Surface, radius: int) -> None:
    """Cut ``surf``'s corners round (a card's or a cover's: a glow never pokes out of them): a
    circle's quarters as the four corners' masks, not a mask as big as the picture (the same
    pixels; a 520x728 card 0.13 ms instead of 3.0)."""
    w, h = surf.get_size()
    r = min(radius, w // 2, h // 2)
    if r <= 0:
        return
    mask = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=r)
    for x, y, sx, sy in ((0, 0, 0, 0), (w - r, 0, r, 0), (0, h - r, 0, r), (w - r, h - r, r, r)):
        surf.blit(mask, (x, y), (sx, sy, r, r), special_flags=pygame.BLEND_RGBA_MIN)


def part(rel: str, size: tuple[int, int], share: tuple[float, float, float, float]) -> pygame.Surface:
    """Only ``share`` (x, y, w, h as shares of the whole) of the file rasterised as the whole
    would be at ``size``, not kept: the cost of its area alone (a cat's tail frame fills a
    tenth of its box). Its size: the share of ``size``, rounded. Taken from the worker if
    ``part_ahead`` asked for it."""
    key = _part_key(rel, size, share)
    made = _ahead.pop(key, None)
    if made is not None and (made.done() or not made.cancel()):     # (as in ``picture``)
        surf, ms = made.result()
        ART.borrowed += ms              # its maker's cost: the rasterising too (``art_cache``)
        return surf
    return _raster(*_part_text(rel, size, share))[0]


def _part_key(rel: str, size, share) -> tuple:
    return ("part", rel, tuple(size), tuple(share), _colours_key(_template(rel)[2]))


def _part_text(rel: str, size, share) -> tuple[bytes, tuple[int, int]]:
    """The file's text cut to ``share`` of its view, and the size to rasterise it at."""
    root = _template(rel)[0]
    whole = root.get("viewBox") or f"0 0 {root.get('width')} {root.get('height')}"
    view = [float(v) for v in whole.split()]
    x, y, w, h = share
    crop = (view[0] + x * view[2], view[1] + y * view[3], w * view[2], h * view[3])
    text = source(rel)
    head_end = text.index(b">")
    head = text[:head_end]
    for name, value in (("viewBox", " ".join(f"{v:.3f}" for v in crop)), ("width", f"{crop[2]:.3f}"),
                        ("height", f"{crop[3]:.3f}")):
        head = re.sub(rf'\s{name}="[^"]*"'.encode(), f' {name}="{value}"'.encode(), head, count=1)
    return head + text[head_end:], (max(1, round(w * size[0])), max(1, round(h * size[1])))


def part_ahead(rel: str, size: tuple[int, int], share: tuple[float, float, float, float]) -> None:
    """``part(rel, size, share)`` rasterised on the worker thread (as ``ahead``), for ``part``
    to take; nothing if it is asked for already."""
    key = _part_key(rel, size, share)
    if key not in _ahead:
        _submit(key, *_part_text(rel, size, share))


def unkept(rel: str, size: tuple[int, int]) -> pygame.Surface:
    """``assets/pictures/<rel>`` rasterised at ``size`` (its own proportions kept), not kept."""
    return pygame.image.load_sized_svg(io.BytesIO(source(rel)), (max(1, int(size[0])), max(1, int(size[1]))))


def exists(rel: str) -> bool:
    return resource_path(f"{FOLDER}/{rel}").is_file()


def generation() -> int:
    """Goes up with each ``reload``: pictures made from these (trimmed, flipped) are made again."""
    return _generation[0]


def reload() -> None:
    """Read the files again at their next use (an artist changed one)."""
    _templates.clear()
    _texts.clear()
    forget_ahead()
    ART.release(FAMILY)
    ART.release("cats")
    _generation[0] += 1
