"""A language switch re-localises what a table already shows (issue 21): the default seat names
(a typed name stays), the moves log made before the switch, and in a lesson the coach's words
and the lesson's own seat names."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.play.lesson import lessons_for  # noqa: E402
from game.play.session import GameSession, Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402
from game.runtime.i18n import Translator  # noqa: E402
from scenes.name_keyboard import default_name  # noqa: E402
from scenes.table.lesson import lesson_scene  # noqa: E402
from scenes.tables import table_info  # noqa: E402
from tests.peek import session_of

DT = 1 / 20


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.stack.clear()
    app.shutdown()


def test_default_names_and_the_moves_log_follow_the_language(app):
    en = Translator("en").t
    seats = [Seat("Ann", "human", "heuristic", "tabby")] + [
        Seat(default_name(i, en), "bot", "heuristic", "calico") for i in (1, 2)]
    table = table_info("hungry-meow").scene_class()(app, GameSession("hungry-meow", seats, 5, {}, {}, []))
    app.stack.clear_to(table)
    for _ in range(400):                          # a few moves, so the log has lines
        app.step(DT, [])
        if table.presenter.busy:
            table.presenter.skip()
        elif table.my_turn() and table.legal:
            table.send(table.legal[0])
            if table.tools.pending is not None:
                table.tools.yes()
        table.runner.wait_ready()
        if len(table.presenter.log) >= 6:
            break
    english = [line for line, _ in table.presenter.log]
    assert len(english) >= 6
    app.set_language("zh_TW")
    app.step(DT, [])
    zh = Translator("zh_TW").t
    assert [s.name for s in session_of(table).seats] == ["Ann", default_name(1, zh), default_name(2, zh)]
    assert default_name(1, zh) != default_name(1, en)
    chinese = [line for line, _ in table.presenter.log]
    assert len(chinese) == len(english)
    pairs = list(zip(english, chinese, strict=True))
    assert all(a != b for a, b in pairs), pairs
    remade = [table.presenter.log_line(line.source) for line in chinese if not callable(line.source)]
    assert remade == [line for line in chinese if not callable(line.source)]   # as if made in Chinese
    assert not any(default_name(1, en) in line for line in chinese)
    assert table.tools.lines() == [line for line, seen in table.presenter.log if seen is None or 0 in seen]


def test_a_lesson_renames_its_seats_and_the_coach_speaks_the_new_language(app):
    lesson = lessons_for("hungry-meow")[0]
    scene = lesson_scene(app, table_info("hungry-meow"), lesson)
    app.stack.clear_to(scene)
    app.step(DT, [])
    en_names = [s.name for s in session_of(scene).seats]
    app.set_language("zh_TW")
    app.step(DT, [])
    zh = Translator("zh_TW").t
    assert [s.name for s in session_of(scene).seats] == [zh(s.name) for s in lesson.seats] != en_names
    shown = []
    real = app.draw_text
    app.draw_text = lambda surface, text, *a, **k: shown.append(text) or real(surface, text, *a, **k)
    app.step(DT, [])
    assert zh(scene.lesson.say) in shown


def test_seat_setup_default_names_follow_the_language_typed_names_stay(app):
    """Issue 21 #6: names kept from an English setup, then a switch to Chinese: every default
    name is in Chinese (no "Mochi, Tofu, 味噌, 海苔"), a typed name stays; a switch while the
    setup is open follows too, and the table starts with the names shown."""
    from scenes.seat_setup import SeatSetupScene, memory

    zh = Translator("zh_TW").t
    memory(app)["names"] = ["Mochi", "Biscuit"]             # two seats set up in English
    app.set_language("zh_TW")
    setup = SeatSetupScene(app, table_info("meow-dice"))
    app.stack.clear_to(setup)
    app.step(DT, [])
    assert [s.name for s in setup.seats] == [default_name(0, zh), "Biscuit", default_name(2, zh),
                                             default_name(3, zh)]
    app.set_language("en")
    app.step(DT, [])
    assert [s.name for s in setup.seats] == ["Mochi", "Biscuit", "Miso", "Nori"]
    setup.seats[2].name = "Tofu"                             # a default name in another seat
    app.set_language("zh_TW")
    app.step(DT, [])
    assert [s.name for s in setup.seats][2] == default_name(1, zh)
    setup.start()
    app.step(DT, [])
    assert [s.name for s in session_of(app.stack.top).seats] == [s.name for s in setup.seats]


def test_a_continued_game_shows_default_names_in_the_language_now(app):
    """Issue 21 #6, at the table: a game saved with English default names and continued after a
    switch to Chinese shows the Chinese names; a typed name stays."""
    from scenes.continue_game import table_scene_for

    en, zh = Translator("en").t, Translator("zh_TW").t
    seats = [Seat("Ann", "human", "heuristic", "tabby"),
             Seat(default_name(1, en), "bot", "heuristic", "calico")]
    app.set_language("zh_TW")
    table = table_scene_for(app, GameSession("hungry-meow", seats, 5, {}, {}, []))
    assert [s.name for s in session_of(table).seats] == ["Ann", default_name(1, zh)]
