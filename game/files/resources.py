"""Finding the files the game ships, the same way from source and from a PyInstaller build.

``resource_path("assets/sounds/deal.wav")`` is relative to the project root from source and to
``sys._MEIPASS`` when frozen. ``MEOWCADE_ASSETS=DIR`` (or ``set_root(DIR)``) reads everything from
a copy laid out like the project instead (tests damage one file of a copy); the runtime's
``game.runtime.assets.set_root`` also points the rules' card data and the font check there.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ROOT_ENV = "MEOWCADE_ASSETS"

_root: list[Path] = [Path(os.environ[ROOT_ENV])] if os.environ.get(ROOT_ENV) else []


def base_dir() -> Path:
    if _root:
        return _root[0]
    frozen = getattr(sys, "_MEIPASS", None)
    return Path(frozen) if frozen else ROOT


def set_root(path: str | os.PathLike | None) -> None:
    """Read shipped files from ``path`` (None: the program's own)."""
    _root[:] = [Path(path)] if path else []


def resource_path(rel: str) -> Path:
    return base_dir() / rel
