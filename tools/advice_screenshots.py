"""Screenshots of the odds and of "Ask the tiger" on each table, in both languages, into
docs/screenshots/ (run under a real display, e.g. Xvfb):

    DISPLAY=:47 .venv/bin/python tools/advice_screenshots.py [OUT_DIR]

Each shot plays a seeded game through the table scene (tools/table_screenshots.py does the
playing) to a turn of the person's, presses the tiger button as a click would, waits for the
hint and saves the window.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from table_screenshots import DT, find_table, settle, shot  # noqa: E402

from game.runtime.app import App  # noqa: E402


def ask_tiger(app, table) -> bool:
    table.advice.ask()
    for _ in range(200):
        table.advice.runner.wait_ready()
        app.step(DT, [])
        if table.advice.hint is not None:
            return True
    return False


def hint_is(app, key: str | None = None, action_not: str | None = None):
    """A ``find_table`` check: the tiger asked, its hint of this kind."""
    def check(table) -> bool:
        if not ask_tiger(app, table):
            return False
        hint = table.advice.hint
        return (key is None or hint.text.key == key) and (action_not is None or hint.action != action_not)
    return check


def hungry_meow(app, out: Path, lang: str) -> None:
    def playing(t):
        return t.mode == "play" and t.presenter.board.table and t.feed.turn >= 6
    # a play shows more of the hint than a pass; a pass will do if no seed offers a play
    a_play = hint_is(app, action_not="pass")
    table = (find_table(app, "hungry-meow", 3, playing, then=a_play, seeds=range(3, 40))
             or find_table(app, "hungry-meow", 3, playing, then=hint_is(app), seeds=range(40, 80)))
    if table is not None:
        settle(app)
        shot(app, out, f"hungry-meow-tiger-{lang}.png")


def meow_dice(app, out: Path, lang: str) -> None:
    def rolling(t):
        board = t.presenter.board
        return t.mode == "rolling" and board.turns_by_seat[0] >= 2 and board.rolls == 1
    table = find_table(app, "meow-dice", 3, rolling, then=hint_is(app, "md.tiger.keep"), seeds=range(1, 80))
    if table is not None:
        for target in table.advice.hint.targets:    # pick the dice the tiger would reroll: the odds follow
            if target.startswith("die:"):
                table._press_die(int(target[4:]))
        settle(app)
        shot(app, out, f"meow-dice-tiger-{lang}.png")


def zodiac(app, out: Path, lang: str) -> None:
    def pointing(t):
        return t.mode == "point" and t.feed.view(0)["step"] == 1 and t.feed.turn >= 6
    table = find_table(app, "zodiac", 3, pointing, then=hint_is(app, "zc.tiger.point_last"),
                       seeds=range(1, 80))
    if table is not None:
        settle(app)
        shot(app, out, f"zodiac-tiger-{lang}.png")


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        for lang in ("en", "zh_TW"):
            app = App(size=(1280, 720), home=home, audio=False, lang=lang)
            try:
                for make in (hungry_meow, meow_dice, zodiac):
                    make(app, out, "zh" if lang == "zh_TW" else lang)
            finally:
                app.shutdown()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main(sys.argv[1:]))
