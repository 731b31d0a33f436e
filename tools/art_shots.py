"""Screenshots of each table at fixed seeds and frames, for looking at the art before and after a
change, and the golden screenshots tests/scenes/test_golden_tables.py compares the tables with:

    .venv/bin/python tools/art_shots.py OUT_DIR [--size 1280x720] [--lang en]
    .venv/bin/python tools/art_shots.py --golden      # writes tests/golden/ anew (look at them first)

Headless (SDL's dummy video driver): the window's pixels are saved as they are drawn.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

DT = 1 / 30
SHOTS = (("hungry-meow", 4, 3), ("meow-dice", 4, 5), ("zodiac", 4, 7))   # game, seats, seed
FRAMES = 75          # 2.5 s: the deal has landed, the first turn shows
GOLDEN = ROOT / "tests" / "golden"
# the golden shots: the whole window at 1280x720, and at 3840x2160 a crop (a seat, its cat and
# cards, part of the middle) at full resolution: the 4K pictures pixel for pixel
GOLDEN_SIZES = {"1280x720": None, "3840x2160": (0, 1080, 1600, 1080)}


def golden_name(game: str, lang: str, size: str) -> str:
    return f"{game}-{lang}-{size}.png"


def golden_shots(lang: str, size: str, home: str):
    """(file name, picture) of each table's golden shot in ``lang`` at ``size``."""
    from game.runtime.app import App

    app = App(size=tuple(int(v) for v in size.split("x")), home=home, audio=False, lang=lang)
    for game, players, seed in SHOTS:
        shot = table_shot(app, game, players, seed)
        crop = GOLDEN_SIZES[size]
        yield golden_name(game, lang, size), (shot.subsurface(crop).copy() if crop else shot)


def table_shot(app, game: str, players: int, seed: int, frames: int = FRAMES) -> pygame.Surface:
    """The window after ``frames`` frames of a new table (seeded; the person's seat waits)."""
    from game.play.match import new_session
    from game.play.session import Seat
    from scenes.tables import table_info

    coats = ["tabby", "calico", "tuxedo", "siamese", "black", "ginger"]
    names = ["Mochi", "Tofu", "Biscuit", "Pepper", "Nori", "Miso"]
    seats = [Seat(names[i], "human" if i == 0 else "bot", "heuristic", coats[i]) for i in range(players)]
    table = table_info(game).scene_class()(app, new_session(game, seats, seed, None))
    app.stack.clear_to(table)
    for _ in range(frames):
        table.runner.wait_ready()
        app.step(DT, [])
    app.draw()
    return app.screen.copy()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--golden", action="store_true", help="write the golden shots to tests/golden/")
    args = ap.parse_args(argv)
    if args.golden:
        import tempfile
        GOLDEN.mkdir(parents=True, exist_ok=True)
        for lang in ("en", "zh_TW"):
            for size in GOLDEN_SIZES:
                with tempfile.TemporaryDirectory() as home:
                    for name, shot in golden_shots(lang, size, home):
                        pygame.image.save(shot, str(GOLDEN / name))
        return 0
    from game.runtime.app import App

    size = tuple(int(v) for v in args.size.split("x"))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    import tempfile
    with tempfile.TemporaryDirectory() as home:
        app = App(size=size, home=home, audio=False, lang=args.lang)
        for game, players, seed in SHOTS:
            shot = table_shot(app, game, players, seed)
            pygame.image.save(shot, str(out / f"{game}-{args.lang}-{args.size}.png"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
