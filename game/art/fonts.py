"""The shipped font, checked once: ``shipped_font_path()`` is its file if it loads and draws Latin
and Chinese, else None (pygame's default font; the text goes English, see game.runtime.i18n) after
one warning in the log. A damaged font file costs only the look of the text."""
from __future__ import annotations

import logging
from pathlib import Path

from game.files.resources import resource_path

FONT_FILE = "assets/fonts/MeowcadeSans-TC.otf"
FONT_PROBE = "Aa 9 喵"       # Latin and Chinese: a font that cannot draw both is not used

_font_checked: dict[tuple, bool] = {}


def forget() -> None:
    """Check the font files again (the shipped files were pointed elsewhere)."""
    _font_checked.clear()


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
