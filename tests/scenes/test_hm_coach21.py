"""Issue 21 ("Crowded screens"), the stranger's Hungry Meow lesson: the coach's bubble sat on the
crate's top-right corner (the crate is the table: its tiles, levels/level_specs/hungry_meow.py).
Every step of every Hungry Meow lesson keeps the bubble a margin clear of the crate, at
1280x720 and 1920x1080, in English and zh_TW."""
from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from game.play.lesson import lessons_for
from game.runtime.app import App
from scenes.table.lesson import lesson_scene
from scenes.tables import table_info
from tests.lessons.driver import LessonDriver
from tests.scenes.hm_driver import UNSEEN

DT = 1 / 30
LESSONS = lessons_for("hungry-meow")


def crate(table) -> pygame.Rect:
    """The crate's window rect, from the level's tile grid."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "levels"))
    from level_specs import TILE
    from level_specs.hungry_meow import CRATE_TL, tile_grid
    cells = [(x, y) for y, row in enumerate(tile_grid()) for x, t in enumerate(row)
             if CRATE_TL <= t <= CRATE_TL + 8]
    x0, y0 = min(x for x, _ in cells) * TILE, min(y for _, y in cells) * TILE
    x1, y1 = (max(x for x, _ in cells) + 1) * TILE, (max(y for _, y in cells) + 1) * TILE
    s = table.s
    return pygame.Rect(s(x0), s(y0), s(x1) - s(x0), s(y1) - s(y0))


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lesson", LESSONS, ids=[x.id for x in LESSONS])
def test_coach_keeps_clear_of_the_crate(tmp_path, size, lesson):
    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        scene = lesson_scene(app, table_info("hungry-meow"), lesson)
        app.stack.clear_to(scene)
        driver = LessonDriver(app, scene, "mouse", draw_every=UNSEEN)     # (draws what it aims at)
        runner, box, seen = scene.lesson, crate(scene), 0
        margin = scene.s(16)
        for _ in driver.steps():
            for lang in ("zh_TW", "en"):
                app.set_language(lang)
                app.step(DT, [])
                app.show_now()                  # (the driver thins the drawing)
                coach = scene.coach_rect
                assert not coach.colliderect(box.inflate(2 * margin, 2 * margin)), \
                    (lesson.id, lang, runner.index, coach, box)
                seen += 1
        assert seen >= 4
    finally:
        app.shutdown()
