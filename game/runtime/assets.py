"""Loading the files the game ships. ``Assets`` caches what it loads: images (optionally scaled),
SVGs rasterised at a size, sounds and fonts by pixel size.

Where they are: ``game.files.resources.resource_path`` (source or PyInstaller build); the font
check: ``game.art.fonts``. Both are named here too, as the runtime's one place for assets.

A damaged file costs only what needs it: the shipped font falls back to pygame's default font
(``shipped_font_path()`` is None; the text goes English, see game.runtime.i18n) with one warning.

``MEOWCADE_ASSETS=DIR`` (or ``set_root(DIR)``) reads every asset, level and the rules' data files
from a copy laid out like the project (tests damage one file of a copy).
"""
from __future__ import annotations

import logging
import os

from game.art import fonts
from game.art.fonts import FONT_FILE, shipped_font_path
from game.files import resources
from game.files.resources import ROOT, ROOT_ENV, base_dir, resource_path  # noqa: F401  (named here too)


def set_root(path: str | os.PathLike | None) -> None:
    """Read assets from ``path`` (None: the program's own). The rules' data files and the font
    check follow."""
    resources.set_root(path)
    fonts.forget()
    from game.rules.registry import KITS  # data beside an engine follows; pure, cheap to import

    for kit in KITS.values():
        move = kit.load("data_root")
        if move is not None:
            move(base_dir())


def font_ok(rel: str = FONT_FILE) -> bool:
    """Whether the shipped font is in use (else the text is shown in English)."""
    return shipped_font_path(rel) is not None


# Open fonts kept, the least recently asked for dropped first (a text fitted to its box tries
# the sizes one by one). Each open size holds its face and glyphs (about 360 KiB at 4K sizes):
# kept without a bound, a 4K kiosk's heap grew 33 MiB over its first tables. (Opening one
# again costs about 0.3 ms; pictures of text already made keep their font.)
FONTS_KEPT = 12


class Assets:
    def __init__(self):
        self._images: dict = {}
        self._fonts: dict = {}
        self._font_frames: dict = {}     # (path, px) -> the frame (ART.frame) it was last asked for
        self._sounds: dict = {}

    def image(self, rel: str, size: tuple[int, int] | None = None):
        import pygame

        key = (rel, size)
        if key not in self._images:
            path = resource_path(rel)
            if path.suffix.lower() == ".svg" and size is not None:
                surf = pygame.image.load_sized_svg(str(path), size)
            else:
                surf = pygame.image.load(str(path))
                if size is not None and surf.get_size() != tuple(size):
                    surf = pygame.transform.smoothscale(surf.convert_alpha() if pygame.display.get_surface()
                                                        else surf, size)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._images[key] = surf
        return self._images[key]

    def font(self, px: int, path: str = FONT_FILE):
        """A pygame Font of ``px`` window pixels from the shipped font (pygame's default font if
        the file is missing or damaged)."""
        import pygame

        from game.art.cache import ART  # (here: the commands without a window load no pygame)

        px = max(6, int(px))
        key = (path, px)
        font = self._fonts.pop(key, None)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(shipped_font_path(path), px)
            oldest = next(iter(self._fonts), None)
            # the least recently asked for goes, unless it was asked for this frame or the last:
            # texts are kept per font object, and a font opened again each frame would have its
            # texts made again each frame (a screen with more sizes keeps more for a while)
            if len(self._fonts) >= FONTS_KEPT and self._font_frames.get(oldest, -9) < ART.frame - 1:
                del self._fonts[oldest]
                self._font_frames.pop(oldest, None)
        self._fonts[key] = font          # (last: the most recently asked for)
        self._font_frames[key] = ART.frame
        return font

    def sound(self, rel: str):
        """A mixer Sound, or None when the file does not load (that sound alone is silent)."""
        import pygame

        if rel not in self._sounds:
            try:
                self._sounds[rel] = pygame.mixer.Sound(str(resource_path(rel)))
            except Exception as exc:  # pygame.error, OSError: a damaged or missing file
                logging.getLogger("meowcade").warning("sound %s does not load (%s); it stays silent",
                                                      rel, exc)
                self._sounds[rel] = None
        return self._sounds[rel]


if os.environ.get(ROOT_ENV):
    set_root(os.environ[ROOT_ENV])
