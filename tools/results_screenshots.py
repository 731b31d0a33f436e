"""Screenshots of the results screen (issue 21): each table played to its end by computer cats
(seeded), its results drawn in English and Chinese at 1280x720 and 1920x1080.

    .venv/bin/python tools/results_screenshots.py OUT_DIR [GAME:N ...]

Without GAME:N it shows Hungry Meow 2 and 6, Meow Meow Dice 4 (advanced) and Zodiac 2 and 6."""
from __future__ import annotations

import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.play.match import Match  # noqa: E402
from game.play.session import Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.results import ResultsScene  # noqa: E402

NAMES = [("Mochi", "tabby"), ("Tofu", "calico"), ("Biscuit", "tuxedo"), ("Pepper", "siamese"),
         ("Nori", "black"), ("Miso", "ginger")]
OPTIONS = {"meow-dice": {"advanced": True, "specials": True}}
DEFAULT = ["hungry-meow:2", "hungry-meow:6", "meow-dice:4", "zodiac:2", "zodiac:6"]


def finished(game: str, n: int, seed: int = 5):
    seats = [Seat(name, "bot", "heuristic", coat) for name, coat in NAMES[:n]]
    match = Match.new(game, seats, seed, OPTIONS.get(game))
    match.play_out()
    return match.session


def main(out: str, wanted: list[str]) -> None:
    os.makedirs(out, exist_ok=True)
    for size in ((1280, 720), (1920, 1080)):
        app = App(size=size, home=tempfile.mkdtemp(), audio=False, lang="en")
        for ref in wanted:
            game, n = ref.split(":")
            session = finished(game, int(n))
            for lang in ("en", "zh_TW"):
                app.set_language(lang)
                app.stack.clear_to(ResultsScene(app, session))
                for _ in range(30):
                    app.step(1 / 20, [])
                path = os.path.join(out, f"results-{game}-{n}-{lang}-{size[0]}.png")
                pygame.image.save(app.screen, path)
                print(path)
        app.shutdown()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:] or DEFAULT)
