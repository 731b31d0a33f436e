"""No code in scenes/ or kiosk/ reads an engine: every attribute of every engine object read
while tables play (one person with computer cats, hot seat, attract mode, to the results) is
checked for where the reading code lives. A table reads its feed (``game.play.feed``) alone. The
spy is shown to see a read from a scene's file, so a clean count means something."""
from __future__ import annotations

import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.play.session import GameSession, Seat  # noqa: E402
from game.rules.base import Game  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.tables import table_info  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WATCHED = tuple(str(ROOT / d) + os.sep for d in ("scenes", "kiosk"))
NAMES = ["Mochi", "Tofu", "Biscuit", "Pepper"]


class Spy:
    """Counts the engine attribute reads made from code under scenes/ or kiosk/."""

    def __init__(self):
        self.reads: dict[tuple[str, str], int] = {}
        self.all = 0

    def read(self, obj, name):
        self.all += 1
        where = sys._getframe(2).f_code.co_filename
        if where.startswith(WATCHED):
            key = (os.path.relpath(where, ROOT), name)
            self.reads[key] = self.reads.get(key, 0) + 1
        return object.__getattribute__(obj, name)


@pytest.fixture
def spy(monkeypatch):
    found = Spy()

    def spied(obj, name):        # a function, so that it binds as a method
        return found.read(obj, name)
    monkeypatch.setattr(Game, "__getattribute__", spied, raising=False)
    return found


@pytest.fixture
def app(tmp_path):
    a = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield a
    a.shutdown()


def play_table(app, game: str, people, players: int = 3, attract: bool = False, frames: int = 900):
    seats = [Seat(NAMES[i], "human" if i in people else "bot", "heuristic") for i in range(players)]
    table = table_info(game).scene_class()(app, GameSession(game, seats, 11), attract=attract)
    app.stack.push(table)
    app.stack.apply_pending()
    drive(app, table, random.Random(3), frames)
    return table


def drive(app, table, rng, frames: int) -> None:
    """People play at random (at the screen, curtains lifted; on phones, through the desk) for
    ``frames`` frames, and on to the results screen."""
    for _ in range(frames):
        if app.stack.top is not table:
            app.step(1 / 15, [])          # the results screen, drawn from the finished record
            continue
        if table.recap:
            table.recap = []
        if table.presenter.holding is not None:
            table.presenter.release()
        if table.curtain_for is not None and not table.presenter.busy:
            table.lift_curtain()
        elif table.my_turn() and table.feed.legal():
            table.apply(rng.choice(table.feed.legal()))
        for seat in table.phones.due() if table.phones is not None and not table.presenter.busy else []:
            offers = table.phones.offers(seat)
            if offers:
                table.phones.act(seat, rng.choice(offers))
        app.step(1 / 15, [])


@pytest.mark.parametrize("game,people,attract", [
    ("hungry-meow", (0,), False), ("hungry-meow", (0, 1), False), ("meow-dice", (0,), False),
    ("meow-dice", (0, 1), False), ("zodiac", (0,), False), ("zodiac", (0, 1), False),
    ("hungry-meow", (), True), ("zodiac", (), True)])
def test_tables_read_no_engine(app, spy, game, people, attract):
    play_table(app, game, people, attract=attract)
    assert spy.all > 1000, "the spy saw the engines at work"
    assert not spy.reads, sorted(spy.reads.items(), key=lambda kv: -kv[1])[:10]


def test_the_spy_sees_a_read_from_a_scene(spy):
    """A read planted in a file under scenes/ is counted (so zero above is a real zero)."""
    from game.rules.registry import engine

    game = engine("hungry-meow").new(3, 1)
    code = compile("game.current_player\n", str(ROOT / "scenes" / "planted.py"), "exec")
    exec(code, {"game": game})
    assert ("scenes/planted.py", "current_player") in spy.reads


@pytest.mark.parametrize("game", ["hungry-meow", "zodiac"])
def test_a_table_with_phones_reads_no_engine(app, spy, game):
    """The phone desk tells each phone its seat's feed, never the engine."""
    from tests.scenes.test_secrecy_audit import open_table

    app.settings.phones_address = "127.0.0.1"
    table = open_table(app, game, 4, people=(0,), phones=(1, 2), seed=3)
    drive(app, table, random.Random(1), 600)
    table.phones.close()
    assert spy.all > 1000
    assert not spy.reads, sorted(spy.reads.items(), key=lambda kv: -kv[1])[:10]


def test_a_lesson_reads_no_engine(app, spy):
    from game.play.lesson import lessons_for
    from scenes.table.lesson import lesson_scene
    from tests.lessons.driver import LessonDriver
    from tests.scenes.hm_driver import UNSEEN

    for game in ("hungry-meow", "meow-dice", "zodiac"):
        lesson = lessons_for(game)[0]
        scene = lesson_scene(app, table_info(game), lesson)
        app.stack.push(scene)
        app.stack.apply_pending()
        LessonDriver(app, scene, "mouse", draw_every=UNSEEN).play()
        assert scene.lesson.finished
        app.stack.clear()
    assert not spy.reads, sorted(spy.reads.items(), key=lambda kv: -kv[1])[:10]
