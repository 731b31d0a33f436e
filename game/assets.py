"""Finding and loading files, the same way from source and from a PyInstaller build.

``resource_path("assets/sounds/deal.wav")`` is relative to the project root from source and to
``sys._MEIPASS`` when frozen. ``Assets`` caches what it loads: images (optionally scaled), SVGs
rasterised at a size, sounds and fonts by pixel size.
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FONT_FILE = "assets/fonts/MeowcadeSans-TC.otf"


def base_dir() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    return Path(frozen) if frozen else ROOT


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
        """A pygame Font of ``px`` window pixels from the shipped font (default font if missing)."""
        import pygame

        px = max(6, int(px))
        key = (path, px)
        if key not in self._fonts:
            if not pygame.font.get_init():
                pygame.font.init()
            file = resource_path(path)
            self._fonts[key] = pygame.font.Font(str(file) if file.exists() else None, px)
        return self._fonts[key]

    def sound(self, rel: str):
        import pygame

        if rel not in self._sounds:
            self._sounds[rel] = pygame.mixer.Sound(str(resource_path(rel)))
        return self._sounds[rel]
