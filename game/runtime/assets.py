"""Finding and loading files, the same way from source and from a PyInstaller build.

``resource_path("assets/sounds/deal.wav")`` is relative to the project root from source and to
``sys._MEIPASS`` when frozen. ``Assets`` caches what it loads: images (optionally scaled), SVGs
rasterised at a size, sounds and fonts by pixel size.

A damaged file costs only what needs it: the shipped font falls back to pygame's default font
(``shipped_font_path()`` is None; the text goes English, see game.runtime.i18n) with one warning.

``MEOWCADE_ASSETS=DIR`` (or ``set_root(DIR)``) reads every asset, level and the rules' data files
from a copy laid out like the project (tests damage one file of a copy).
"""
from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FONT_FILE = "assets/fonts/MeowcadeSans-TC.otf"
FONT_PROBE = "Aa 9 喵"       # Latin and Chinese: a font that cannot draw both is not used
ROOT_ENV = "MEOWCADE_ASSETS"

_root: Path | None = None
_font_checked: dict[tuple, bool] = {}


def base_dir() -> Path:
    if _root is not None:
        return _root
    frozen = getattr(sys, "_MEIPASS", None)
    return Path(frozen) if frozen else ROOT


def set_root(path: str | os.PathLike | None) -> None:
    """Read assets from ``path`` (None: the program's own). The rules' data files follow."""
    global _root
    _root = Path(path) if path else None
    _font_checked.clear()
    from game.rules.registry import KITS  # data beside an engine follows; pure, cheap to import

    for kit in KITS.values():
        move = kit.load("data_root")
        if move is not None:
            move(base_dir())


def shipped_font_path(rel: str = FONT_FILE) -> str | None:
    """The shipped font file if it loads and draws Latin and Chinese, else None (pygame's default
    font) after one warning in the log. Checked once per file (and change of it)."""
    file = resource_path(rel)
    try:
        stamp = (str(file), file.stat().st_mtime_ns, file.stat().st_size)
    except OSError as exc:
        stamp = (str(file), None, None)
        problem: str | None = f"cannot read it ({exc.strerror or exc})"
    else:
        problem = None
    if stamp not in _font_checked:
        if problem is None:
            problem = _font_problem(file)
        if problem is not None:
            logging.getLogger("meowcade").warning(
                "font %s does not load (%s); using pygame's default font and English", rel, problem)
        _font_checked[stamp] = problem is None
    return str(file) if _font_checked[stamp] else None


def _font_problem(file: Path) -> str | None:
    import pygame

    try:
        if not pygame.font.get_init():
            pygame.font.init()
        font = pygame.font.Font(str(file), 16)
        font.render(FONT_PROBE, True, (255, 255, 255))
        missing = [ch for ch in FONT_PROBE if ch != " " and not _has_glyph(font, ch)]
    except Exception as exc:  # pygame.error, ValueError, OSError: any damage means "do not use"
        return f"{type(exc).__name__}: {exc}"
    return f"no glyph for {''.join(missing)!r}" if missing else None


def _has_glyph(font, ch: str) -> bool:
    try:
        return font.metrics(ch)[0] is not None
    except Exception:
        return False


def font_ok(rel: str = FONT_FILE) -> bool:
    """Whether the shipped font is in use (else the text is shown in English)."""
    return shipped_font_path(rel) is not None


def resource_path(rel: str) -> Path:
    return base_dir() / rel


class Assets:
    def __init__(self):
        self._images: dict = {}
        self._fonts: dict = {}
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

        px = max(6, int(px))
        key = (path, px)
        if key not in self._fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            self._fonts[key] = pygame.font.Font(shipped_font_path(path), px)
        return self._fonts[key]

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
