"""Each table at its busiest, in both languages, at 1280x720 and 1920x1080, into docs/screenshots/
(issue 21; run under a real display, e.g. Xvfb with a 1920x1080 screen):

    DISPLAY=:24 .venv/bin/python tools/busy_screenshots.py [OUT_DIR [GAME ...]]

(GAME: only those tables, e.g. hungry-meow; every table when none is named.)

Busiest: the most seats the table takes (Hungry Meow 6, Meow Meow Dice 4, Zodiac Catchers 6), a
seeded game some turns in, the odds on, Undo and Moves, and the tiger's hint asked for (its words
in the status line, its outlines on the table). tools/table_screenshots.py does the playing.
Files: busiest-<game>-<lang>-<width>.png, saved as palette PNGs to stay small.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

import pygame  # noqa: E402
from advice_screenshots import ask_tiger  # noqa: E402
from table_screenshots import find_table, settle  # noqa: E402

from game.runtime.app import App  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]
BUSY = {  # game: (seats, the moment: a person's turn some way into the game)
    "hungry-meow": (6, lambda t: t.mode == "play" and t.presenter.board.table and t.feed.turn >= 10),
    "meow-dice": (4, lambda t: t.mode == "rolling" and t.presenter.board.turns_by_seat[0] >= 2
                  and t.presenter.board.rolls == 1),
    "zodiac": (6, lambda t: t.mode == "point" and t.feed.view(0)["step"] == 1 and t.feed.turn >= 8),
}


def save_small(app, path: Path) -> None:
    """The window as a palette PNG (a quarter of the size of a full-colour one)."""
    from PIL import Image

    raw = pygame.image.tobytes(app.screen, "RGB")
    Image.frombytes("RGB", app.size, raw).quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(
        path, optimize=True)
    print("wrote", path)


def busiest(app, game: str, out: Path, tag: str) -> bool:
    seats, moment = BUSY[game]
    table = find_table(app, game, seats, moment, then=lambda t: ask_tiger(app, t))
    if table is None:
        print("no seed reached the moment:", game, tag)
        return False
    table.focus.index = -1                    # nothing rested on: the hint, not a card's tooltip
    table.tooltip.waited = -1.0
    settle(app, 75)                           # the last move's banner has gone
    save_small(app, out / f"busiest-{game}-{tag}-{app.size[0]}.png")
    return True


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots"
    games = argv[1:] or list(BUSY)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        for size in SIZES:
            for lang in ("en", "zh_TW"):
                app = App(size=size, home=home, audio=False, lang=lang)
                app.settings.show_odds = True
                try:
                    for game in games:
                        busiest(app, game, out, "zh" if lang == "zh_TW" else lang)
                finally:
                    app.shutdown()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main(sys.argv[1:]))
