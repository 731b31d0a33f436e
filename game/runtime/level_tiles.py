"""A level's Tiled tile layers as a table's backdrop. The ``.tmx`` is the source: its tiles come
through pytmx's pygame loader (``load_pygame``, which reads the tileset image the map names and
cuts its tiles), so whatever a person saves in Tiled — another tile, another layer, another
tileset — is what the table draws. No tile-id arithmetic here.

``tiles_of(level)`` loads a map once (again only when the file changes on disk);
``LevelTiles.picture(size, ...)`` draws every visible tile layer in design pixels, a table's own
decorations on top, a vignette, scales it to the window and keeps it per window size. A map or
tileset that does not load is a ``LayoutError`` with one line naming the map.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree

import pygame
import pytmx
from pytmx.util_pygame import load_pygame

from game.art.cache import window_format
from game.runtime.layout import LayoutError, scale_for

MAX_IMAGE_BYTES = 32 * 1024 * 1024   # a tileset image is ~100 KB
MAX_IMAGE_PIXELS = 8192 * 8192       # read from a PNG's header before it is decoded
_PICTURES_PER_MAP = 4           # window sizes kept per map (a resize, windowed and fullscreen)
# every map's pictures together: a picture is the whole window (32 MiB at 3840x2160), and a 4K
# kiosk cycling its tables kept one per map and grew past 290 MiB (bench/xvfb_soak.py --size);
# five 1080p pictures fit, one 4K one (the least recently drawn go first)
PICTURE_BYTES = 40 * 1024 * 1024
_maps: dict[str, tuple[int, "LevelTiles"]] = {}
_recent: list[tuple["LevelTiles", tuple]] = []     # (map, key) of every kept picture, oldest first


class LevelTiles:
    def __init__(self, tmx: pytmx.TiledMap, label: str):
        self.tmx = tmx
        self.label = label
        self._pictures: dict = {}

    @property
    def design_size(self) -> tuple[int, int]:
        return self.tmx.width * self.tmx.tilewidth, self.tmx.height * self.tmx.tileheight

    def draw_layers(self, design: pygame.Surface) -> None:
        """Every visible tile layer, bottom first, at its place in design pixels. A tile taller
        than the grid stands on its cell's bottom edge, as in Tiled."""
        th = self.tmx.tileheight
        for layer in self.tmx.visible_layers:
            if not isinstance(layer, pytmx.TiledTileLayer):
                continue
            ox, oy = round(getattr(layer, "offsetx", 0) or 0), round(getattr(layer, "offsety", 0) or 0)
            for x, y, image in layer.tiles():
                if image is not None:
                    design.blit(image, (ox + x * self.tmx.tilewidth, oy + (y + 1) * th - image.get_height()))

    def picture(self, size: tuple[int, int], fill, design_fill,
                decorate: Callable[[pygame.Surface], None] | None = None,
                vignette=(10, 0, 4)) -> pygame.Surface:
        """The backdrop for a window of ``size``: ``design_fill`` under the tiles, ``decorate``
        (a pure drawing of design pixels: lamps, signs) over them, a vignette, scaled into a
        window filled with ``fill``. Kept per size; ``decorate`` is told apart by its name."""
        key = (tuple(size), tuple(fill), tuple(design_fill), _name(decorate), tuple(vignette))
        surf = self._pictures.get(key)
        if surf is None:
            if len(self._pictures) >= _PICTURES_PER_MAP:
                self._forget(next(iter(self._pictures)))
            _make_room(4 * size[0] * size[1])
            surf = self._pictures[key] = self._render(size, fill, design_fill, decorate, vignette)
            _keep_within_budget((self, key))
        elif _recent and _recent[-1] != (self, key):
            _recent.remove((self, key))
            _recent.append((self, key))
        return surf

    def _forget(self, key) -> None:
        self._pictures.pop(key, None)
        if (self, key) in _recent:
            _recent.remove((self, key))

    def _render(self, size, fill, design_fill, decorate, vignette) -> pygame.Surface:
        scale, ox, oy = scale_for(size)
        design = pygame.Surface(self.design_size)
        design.fill(design_fill)
        self.draw_layers(design)
        if decorate is not None:
            decorate(design)
        _vignette(design, vignette)
        scaled = (round(design.get_width() * scale), round(design.get_height() * scale))
        out = design if scaled == design.get_size() else pygame.transform.smoothscale(design, scaled)
        del design                  # (at 4K the pictures made here peaked the kiosk at a table change)
        if out.get_size() == tuple(size):          # a 16:9 window: the picture as drawn
            bg = out
        else:
            bg = pygame.Surface(size)
            bg.fill(fill)
            bg.blit(out, (round(ox), round(oy)))
            del out
        # converted only when not in the window's format already: convert() copies, and at 4K
        # the copy (33 MB) beside the scaled picture was most of an 80 MB rise at each table change
        return window_format(bg, alpha=False)


def _vignette(design: pygame.Surface, colour, edge: int = 40) -> None:
    """Darken the picture's edge: twelve frames, each fainter and wider, within ``edge`` px, the
    narrow darker ones on top. Drawn in four strips along the sides (each frame's four bands
    filled into each strip), not on a picture the design's size (8 MB more at the peak)."""
    w, h = design.get_size()
    strips = [pygame.Rect(0, 0, w, edge), pygame.Rect(0, h - edge, w, edge),
              pygame.Rect(0, edge, edge, h - 2 * edge), pygame.Rect(w - edge, edge, edge, h - 2 * edge)]
    if w < 2 * edge or h < 2 * edge:
        strips = [design.get_rect()]      # (a picture too small for strips that do not overlap)
    for strip in strips:
        shade = pygame.Surface(strip.size, pygame.SRCALPHA)
        for i in range(12):
            b = edge - 3 * i
            for band in ((0, 0, w, b), (0, h - b, w, b), (0, 0, b, h), (w - b, 0, b, h)):
                shade.fill((*colour, 10 + i * 6), pygame.Rect(band).move(-strip.x, -strip.y))
        design.blit(shade, strip)


def _weight(item) -> int:
    surf = item[0]._pictures.get(item[1])
    return surf.get_pitch() * surf.get_height() if surf is not None else 0


def _make_room(need: int) -> None:
    """Drop the least recently drawn pictures until one of ``need`` bytes fits PICTURE_BYTES, before
    it is made: at 4K the last table's picture (33 MB) was still kept while the next table's was
    made (49 MB of pictures on the way): the 4K kiosk's highest RSS, at each table change."""
    while _recent and sum(_weight(i) for i in _recent) + need > PICTURE_BYTES:
        tiles, key = _recent[0]
        tiles._forget(key)


def _keep_within_budget(new: tuple) -> None:
    """Note ``new`` as the latest picture; drop the least recently drawn ones over PICTURE_BYTES
    (never the latest: a table still draws the picture it holds, which goes when it lets go)."""
    _recent.append(new)
    while len(_recent) > 1 and sum(_weight(i) for i in _recent) > PICTURE_BYTES:
        tiles, key = _recent[0]
        tiles._forget(key)


def _name(decorate) -> str | None:
    return None if decorate is None else f"{decorate.__module__}.{decorate.__qualname__}"


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 120 else text[:117] + "..."


def load_tiles(path: str | Path, label: str | None = None) -> LevelTiles:
    """Load ``path`` with its tile images (no cache). ``LayoutError`` with one line if the map or
    its tileset image does not load."""
    label = label or str(path)
    try:
        tmx = load_pygame(str(path))
    except FileNotFoundError as exc:
        quoted = re.search(r"'([^']+)'", str(exc))        # pygame names the file only in the text
        missing = exc.filename or (quoted.group(1) if quoted else "?")
        raise LayoutError(f"{label}: cannot load its tiles (missing file {Path(missing).name})") from None
    except (ElementTree.ParseError, ValueError, KeyError, TypeError, AttributeError, IndexError,
            OSError, pygame.error) as exc:
        raise LayoutError(f"{label}: cannot load its tiles ({_one_line(exc)})") from None
    return LevelTiles(tmx, label)


def tiles_of(level) -> LevelTiles:
    """The tiles of a loaded ``game.runtime.layout.Level``, loaded once per version of its file."""
    path = Path(level.tmx.filename)
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as exc:
        raise LayoutError(f"{level.label}: cannot load its tiles ({_one_line(exc)})") from None
    known = _maps.get(str(path))
    if known is None or known[0] != stamp:
        known = _maps[str(path)] = (stamp, load_tiles(path, level.label))
    return known[1]


def _check_image_file(source: str) -> None:
    """``ValueError`` for a tileset image too big to decode: its size on disk, and for a PNG the
    width and height its header claims (a small file can claim a huge picture)."""
    size = Path(source).stat().st_size
    if size > MAX_IMAGE_BYTES:
        raise ValueError(f"{size:,} bytes, more than the {MAX_IMAGE_BYTES:,} a tileset image may have")
    with open(source, "rb") as handle:
        head = handle.read(24)
    if head[:8] == b"\x89PNG\r\n\x1a\n" and len(head) == 24:
        w, h = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
        if w * h > MAX_IMAGE_PIXELS:
            raise ValueError(f"it claims {w}x{h} pixels, more than a tileset image may have")


def check_tiles(level) -> None:
    """Raise ``LayoutError`` (one line) if ``level``'s tile images do not load: the table select
    closes such a table instead of failing while drawing it. Each tileset image is decoded and
    every tile's rectangle checked to lie inside it (naming the image that fails); with a window
    open, the real load follows (kept for the first draw)."""
    sizes: dict[str, tuple[int, int]] = {}
    for entry in level.tmx.images:
        if not isinstance(entry, tuple) or not entry:
            continue
        source, rect = entry[0], entry[1] if len(entry) > 1 else None
        if source not in sizes:
            try:
                _check_image_file(source)
                sizes[source] = pygame.image.load(source).get_size()
            except (OSError, pygame.error, ValueError, MemoryError) as exc:
                raise LayoutError(f"{level.label}: cannot load its tiles ({Path(source).name}: "
                                  f"{_one_line(exc)})") from None
        if rect is not None:
            x, y, w, h = rect
            iw, ih = sizes[source]
            if x < 0 or y < 0 or x + w > iw or y + h > ih:
                raise LayoutError(f"{level.label}: cannot load its tiles ({Path(source).name} is "
                                  f"{iw}x{ih}, too small for its tiles)")
    if pygame.display.get_surface() is not None:
        tiles_of(level)
