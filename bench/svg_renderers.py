"""pygame-ce's own SVG reader (``pygame.image.load_sized_svg``: SDL_image's nanosvg) against resvg
(the ``resvg-py`` wheels, not a dependency of the game: install it beside this run to compare) on
the game's picture files: time to rasterise at the sizes a 1080p and a 4K table draws them, how
far apart the two pictures are, and 100% crops of both side by side to look at.

    .venv/bin/python bench/svg_renderers.py [--out DIR] [--repeat 5]

Prints one line per file and size (ms each way, mean difference per channel) and the totals.
"""
from __future__ import annotations

import argparse
import io
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

# (file, width at 1080p): a seat's cat, a hand card, a die, the town behind the menus, the
# Meal card's glow (a radial gradient), a card back's thin lattice lines
FILES = (("cats/tabby/idle.svg", 208), ("hungry-meow/cards/RP.svg", 130),
         ("meow-dice/dice/C-normal.svg", 112),
         ("town/backdrop.svg", 1920), ("hungry-meow/cards/LOAF.svg", 130), ("zodiac/cards/back.svg", 110))


def _sizes(rel: str, width: int) -> list[tuple[int, int]]:
    from game.art.pictures import _template
    root = _template(rel)[0]
    w, h = float(root.get("width")), float(root.get("height"))
    return [(width * k, round(width * k * h / w)) for k in (1, 2)]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=None, help="write the crops side by side here")
    ap.add_argument("--repeat", type=int, default=5)
    args = ap.parse_args(argv)
    from game.art.pictures import source

    try:
        import resvg_py
    except ImportError:
        resvg_py = None
        print("resvg-py is not installed here: pygame-ce's reader alone")
    pygame.init()
    totals = {"sdl": 0.0, "resvg": 0.0}
    for rel, width in FILES:
        text = source(rel)
        for size in _sizes(rel, width):
            began = time.perf_counter()
            for _ in range(args.repeat):
                sdl = pygame.image.load_sized_svg(io.BytesIO(text), size)
            sdl_ms = 1000 * (time.perf_counter() - began) / args.repeat
            totals["sdl"] += sdl_ms
            line = f"{rel:32} {size[0]:5}x{size[1]:<5} sdl {sdl_ms:7.2f} ms"
            if resvg_py is not None:
                began = time.perf_counter()
                for _ in range(args.repeat):
                    png = resvg_py.svg_to_bytes(svg_string=text.decode(), width=size[0], height=size[1],
                                                skip_system_fonts=True)
                    other = pygame.image.load(io.BytesIO(bytes(png)))
                rv_ms = 1000 * (time.perf_counter() - began) / args.repeat
                totals["resvg"] += rv_ms
                diff = _difference(sdl, other)
                line += f"   resvg {rv_ms:7.2f} ms   mean difference {diff:.2f} levels"
                if args.out:
                    _side_by_side(Path(args.out), rel, size, sdl, other)
            print(line)
    print("total ms: " + ", ".join(f"{k} {v:.1f}" for k, v in totals.items() if v))
    return 0


def _difference(a: pygame.Surface, b: pygame.Surface) -> float:
    import numpy
    if a.get_size() != b.get_size():
        return float("nan")
    pa = pygame.surfarray.pixels3d(a).astype(numpy.int16)
    pb = pygame.surfarray.pixels3d(b).astype(numpy.int16)
    return float(numpy.abs(pa - pb).mean())


def _side_by_side(out: Path, rel: str, size, a, b) -> None:
    out.mkdir(parents=True, exist_ok=True)
    crop = pygame.Rect(0, 0, min(size[0], 480), min(size[1], 480))
    crop.center = (size[0] // 2, size[1] // 2)
    pair = pygame.Surface((crop.w * 2 + 8, crop.h))
    pair.fill((128, 128, 128))
    pair.blit(a, (0, 0), crop)
    pair.blit(b, (crop.w + 8, 0), crop)
    pygame.image.save(pair, str(out / f"{rel.replace('/', '_')}-{size[0]}.png"))


if __name__ == "__main__":
    raise SystemExit(main())
