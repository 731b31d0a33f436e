"""Each guided game's first steps under "reduce motion": no card travels further than a short
slide (scenes/table/calm.py's SHORT) over a run of frames, the same check as
tests/scenes/test_reduce_motion_flights.py makes on the plain tables."""
import pytest

from game.play.lesson import lessons_for
from game.rules.registry import KITS
from scenes.table.calm import SHORT
from scenes.table.lesson import lesson_scene
from scenes.tables import table_info
from tests.lessons.driver import LessonDriver
from tests.scenes.hm_driver import UNSEEN
from tests.scenes.test_reduce_motion_flights import glides

LESSONS = [lesson for game in KITS for lesson in lessons_for(game)]
IDS = [f"{lesson.game}:{lesson.id}" for lesson in LESSONS]
FIRST_STEPS = 4


class WatchingDriver(LessonDriver):
    """Plays as LessonDriver does, without the hurry key (it would end a glide early and hide it),
    noting every flyer's place after each frame."""

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.seen: dict[int, tuple] = {}       # id -> (the flyer, kept alive; its places)

    def hurry(self) -> list:
        return []

    def step(self, events=(), frames: int = 1) -> None:
        for i in range(frames):
            self.app.step(self.dt, list(events) if i == 0 else [])
            for f in self.scene.presenter.flyers:
                self.seen.setdefault(id(f), (f, []))[1].append(tuple(round(v) for v in f.pos))


@pytest.fixture
def app(tmp_path):
    from game.runtime.app import App

    a = App(size=(1280, 720), home=tmp_path, audio=False, lang="en")
    a.settings.reduce_motion = True
    yield a
    a.stack.clear()


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_no_card_flies_far_in_a_lesson_under_reduce_motion(app, lesson):
    scene = lesson_scene(app, table_info(lesson.game), lesson)
    app.stack.push(scene)
    app.stack.apply_pending()
    driver = WatchingDriver(app, scene, "mouse", draw_every=UNSEEN)
    for n, _index in enumerate(driver.steps()):
        if n >= FIRST_STEPS:
            break
    assert driver.seen, "no card moved at all: nothing was checked"
    for _flyer, places in driver.seen.values():
        for run in glides(places):            # a jump in one frame is an arrival, not a flight
            assert len(run) < 2 or sum(run) <= scene.s(SHORT) + 2, (lesson.id, places)


@pytest.mark.parametrize("calm", [True, False])
def test_the_target_frame_and_arrow_hold_still_under_reduce_motion(app, calm):
    """The coach's pointing frame pulsed and its arrow bounced 14 design px: under reduce motion
    both hold still (drawn the same at any moment); without it they still move."""
    import pygame

    app.settings.reduce_motion = calm
    lesson = LESSONS[0]
    scene = lesson_scene(app, table_info(lesson.game), lesson)
    app.stack.push(scene)
    app.stack.apply_pending()
    app.step(1 / 20, [])
    target = pygame.Rect(560, 300, 160, 120)
    shots = []
    for t in (0.1, 0.37, 0.6):
        scene.time = t
        surface = pygame.Surface(app.size)
        scene.draw_target(surface, target)
        shots.append(pygame.image.tobytes(surface, "RGB"))
    assert (len(set(shots)) == 1) is calm
