"""Make the "Learn to play" screenshots in docs/screenshots/ (run under a real display, e.g. Xvfb):

    DISPLAY=:48 .venv/bin/python tools/lesson_screenshots.py [OUT_DIR]

For every lesson and both languages: the lesson's first step as a person first sees it
(``learn-<game>[-<lesson>]-<lang>.png``); and for Hungry Meow the step that teaches beating a set
right after a wrong move (the coach's friendly word and the pointer on the cards to play). The
lesson is played through posted clicks, exactly as the tests drive it.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.play.lesson import lessons_for  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.table.lesson import lesson_scene  # noqa: E402
from scenes.tables import table_info  # noqa: E402
from tests.lessons.driver import LessonDriver  # noqa: E402


def shoot(out: Path, game: str, index: int, lang: str, upto: int = 0, wrong: str | None = None) -> Path:
    app = App(size=(1280, 720), home=tempfile.mkdtemp(), audio=False, lang=lang)
    lesson = lessons_for(game)[index]
    scene = lesson_scene(app, table_info(game), lesson)
    app.stack.push(scene)
    app.stack.apply_pending()
    driver = LessonDriver(app, scene, "mouse", dt=1 / 30)
    while True:
        driver.wait_ready()
        if scene.lesson.index >= upto:
            break
        step = scene.lesson.step
        for name in ["learn:next"] if step.info else step.point:
            driver.press(name)
    if wrong:
        driver.press(wrong)
    driver.step(frames=40)
    suffix = "" if index == 0 else f"-{lesson.id}"
    extra = f"-step{upto}" if upto else ""
    path = out / f"learn-{game}{suffix}{extra}-{lang}.png"
    pygame.image.save(app.screen, str(path))
    app.stack.clear()
    return path


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    for game, count in (("hungry-meow", 1), ("meow-dice", 2), ("zodiac", 1)):
        for index in range(count):
            for lang in ("en", "zh_TW"):
                print(shoot(out, game, index, lang))
    for lang in ("en", "zh_TW"):
        print(shoot(out, "hungry-meow", 0, lang, upto=2, wrong="btn:pass"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
