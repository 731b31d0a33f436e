"""Screenshots of each table at fixed seeds and frames, for looking at the art before and after a
change (and the golden screenshots: tests/scenes/test_golden_tables.py makes the same shots):

    .venv/bin/python tools/art_shots.py OUT_DIR [--size 1280x720] [--lang en]

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
    ap.add_argument("out")
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--lang", default="en")
    args = ap.parse_args(argv)
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
