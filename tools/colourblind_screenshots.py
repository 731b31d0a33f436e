"""How the tables look to people with the three common colour-vision deficiencies.

    DISPLAY=:63 .venv/bin/python tools/colourblind_screenshots.py [OUT_DIR] [--size WxH]
    .venv/bin/python tools/colourblind_screenshots.py --files A.png B.png [OUT_DIR]

Plays each table to a telling moment (tools/table_screenshots.py does the playing) twice, with
the colour-blind setting off and on, and saves for each a 2 x 2 sheet into
docs/screenshots/colourblind/ (or OUT_DIR): the screen as it is, then as simulated for
protanopia, deuteranopia and tritanopia (Machado, Oliveira & Fernandes 2009, severity 1, applied
in linear RGB). ``--files`` makes the same sheets from existing screenshots.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

# Machado et al. 2009, severity 1.0: linear RGB -> linear RGB as that eye sees it.
MACHADO = {
    "protanopia": np.array([[0.152286, 1.052583, -0.204868],
                            [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968],
                              [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779],
                            [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
KINDS = tuple(MACHADO)


def _to_linear(srgb: np.ndarray) -> np.ndarray:
    c = srgb / 255.0
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _to_srgb(linear: np.ndarray) -> np.ndarray:
    c = np.clip(linear, 0.0, 1.0)
    c = np.where(c <= 0.0031308, c * 12.92, 1.055 * c ** (1 / 2.4) - 0.055)
    return np.round(c * 255.0)


def simulate(rgb, kind: str) -> np.ndarray:
    """``rgb``: any array of sRGB colours (..., 3) in 0..255; the same colours as seen with
    ``kind`` (protanopia, deuteranopia or tritanopia)."""
    rgb = np.asarray(rgb, dtype=float)[..., :3]
    return _to_srgb(_to_linear(rgb) @ MACHADO[kind].T)


def _lab(rgb) -> np.ndarray:
    lin = _to_linear(np.asarray(rgb, dtype=float)[..., :3])
    xyz = lin @ np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722],
                          [0.0193, 0.1192, 0.9505]]).T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def distance(a, b, kind: str | None = None) -> float:
    """How far apart two colours look (CIE76 delta E), to normal eyes or with ``kind``."""
    if kind:
        a, b = simulate(a, kind), simulate(b, kind)
    return float(np.linalg.norm(_lab(a) - _lab(b)))


def simulate_surface(surf: pygame.Surface, kind: str) -> pygame.Surface:
    out = surf.copy()
    pixels = pygame.surfarray.pixels3d(out)
    pixels[...] = simulate(pixels, kind).astype(np.uint8)
    del pixels
    return out


def sheet(surf: pygame.Surface, label_font=None) -> pygame.Surface:
    """The screen and its three simulations, 2 x 2, each labelled."""
    w, h = surf.get_size()
    out = pygame.Surface((w * 2, h * 2))
    pictures = [("as made", surf)] + [(k, simulate_surface(surf, k)) for k in KINDS]
    for i, (name, picture) in enumerate(pictures):
        x, y = (i % 2) * w, (i // 2) * h
        out.blit(picture, (x, y))
        if label_font is not None:
            tag = label_font.render(name, True, (255, 255, 255), (0, 0, 0))
            out.blit(tag, (x + 8, y + 8))
    return out


def sheet_from_file(path: Path, out: Path, font) -> Path:
    surf = pygame.image.load(str(path))
    target = out / f"{path.stem}-simulated.png"
    pygame.image.save(sheet(surf, font), str(target))
    print("wrote", target)
    return target


def play_and_shoot(out: Path, size) -> None:
    from table_screenshots import hungry_meow_play, meow_dice_condition, meow_dice_rolling, zodiac_point

    from game.runtime.app import App

    shots = {"hungry-meow-4-seats.png": hungry_meow_play, "meow-dice-4-seats.png": meow_dice_rolling,
             "meow-dice-advanced-zh.png": meow_dice_condition, "zodiac.png": zodiac_point}
    font = pygame.font.Font(None, 40)
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as raw:
        for setting in ("standard", "colourblind"):
            for name, make in shots.items():
                lang = "zh_TW" if name.endswith("-zh.png") else "en"
                app = App(size=size, home=home, audio=False, lang=lang)
                app.settings.colorblind = setting == "colourblind"
                try:
                    make(app, Path(raw))
                finally:
                    app.shutdown()
                shot = Path(raw) / name
                named = Path(raw) / f"{shot.stem}-{setting}.png"
                shot.rename(named)
                pygame.init()
                sheet_from_file(named, out, font)


def main(argv: list[str]) -> int:
    size = (1280, 720)
    if "--size" in argv:
        at = argv.index("--size")
        size = tuple(int(v) for v in argv[at + 1].lower().split("x"))
        argv = argv[:at] + argv[at + 2:]
    files = []
    if "--files" in argv:
        at = argv.index("--files")
        files = [Path(a) for a in argv[at + 1:] if a.endswith(".png")]
        argv = argv[:at] + [a for a in argv[at + 1:] if not a.endswith(".png")]
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots" / "colourblind"
    out.mkdir(parents=True, exist_ok=True)
    pygame.init()
    if files:
        font = pygame.font.Font(None, 40)
        for path in files:
            sheet_from_file(path, out, font)
        return 0
    play_and_shoot(out, size)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
