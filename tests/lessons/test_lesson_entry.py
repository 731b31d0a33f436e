"""Where a guided game is offered: the first time a table is chosen (once, remembered in the
settings), the table select's and the pause menu's "Learn to play", attract mode's "Learn in 2
minutes", and the next lesson at the end of Meow Meow Dice's first one."""
import pygame
import pytest

from scenes.learn_offer import LearnOfferScene
from scenes.table.lesson import LessonTable, open_lesson
from scenes.tables import table_info
from tests.lessons.driver import LessonDriver
from tests.peek import engine_of, session_of


@pytest.fixture
def app(tmp_path):
    from game.runtime.app import App

    a = App(size=(1280, 720), home=tmp_path, audio=False, lang="en")
    yield a
    a.stack.clear()


def click(app, rect, frames=3):
    pos = rect.center
    app.step(0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(0.05, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    for _ in range(frames):
        app.step(0.05, [])


def button(scene, label):
    return next(w for w in scene.widgets if getattr(w, "label", None) == label)


def select_scene(app):
    from scenes.table_select import TableSelectScene

    app.stack.push(TableSelectScene(app))
    app.step(0.05, [])
    return app.stack.top


def test_first_choice_of_a_table_offers_the_lesson_once(app):
    select = select_scene(app)
    card = next(w for w in select.widgets if getattr(w, "label", None) == "hungry-meow")
    click(app, card.rect)
    offer = app.stack.top
    assert isinstance(offer, LearnOfferScene)
    assert app.settings.lessons_offered == "hungry-meow"
    click(app, button(offer, "learn.offer_learn").rect)
    lesson = app.stack.top
    assert isinstance(lesson, LessonTable) and lesson.lesson.lesson.game == "hungry-meow"
    assert app.stack.scenes[-2] is select            # the offer made way for the lesson
    app.stack.pop()
    app.step(0.05, [])
    click(app, card.rect)                            # the second time: straight to seat setup
    assert type(app.stack.top).__name__ == "SeatSetupScene"
    # the setting was saved: a restart remembers it
    assert '"lessons_offered": "hungry-meow"' in app.settings.path.read_text(encoding="utf-8")


def test_just_play_goes_on_to_seat_setup(app):
    select = select_scene(app)
    card = next(w for w in select.widgets if getattr(w, "label", None) == "zodiac")
    click(app, card.rect)
    click(app, button(app.stack.top, "learn.offer_play").rect)
    assert type(app.stack.top).__name__ == "SeatSetupScene"


def test_table_select_learn_button_teaches_the_focused_table(app):
    select = select_scene(app)
    card = next(w for w in select.widgets if getattr(w, "label", None) == "meow-dice")
    app.step(0.05, [pygame.event.Event(pygame.MOUSEMOTION, pos=card.rect.center, rel=(0, 0),
                                       buttons=(0, 0, 0))])      # hovering the card focuses it
    app.step(0.05, [])
    click(app, button(select, "learn.menu").rect)
    top = app.stack.top
    assert isinstance(top, LessonTable) and top.lesson.lesson.id == "basics"
    assert session_of(top).game_name == "meow-dice"


def test_pause_menu_learn_comes_back_to_the_game(app):
    from game.play.match import new_session
    from game.play.session import Seat

    info = table_info("zodiac")
    seats = [Seat("Mochi", "human", "heuristic", "tabby"), Seat("Tofu", "bot", "heuristic", "calico")]
    table = info.scene_class()(app, new_session("zodiac", seats, 5))
    app.stack.push(table)
    app.step(0.05, [])
    app.step(0.05, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)])
    app.step(0.05, [])
    pause = app.stack.top
    assert type(pause).__name__ == "PauseScene"
    click(app, button(pause, "learn.menu").rect)
    lesson = app.stack.top
    assert isinstance(lesson, LessonTable) and lesson.back_to is table
    before = engine_of(table).dump()
    driver = LessonDriver(app, lesson, "mouse")
    driver.wait_ready()
    driver.press("learn:skip")                       # skippable at any point
    app.step(0.05, [])
    assert app.stack.top is table and engine_of(table).dump() == before
    # a lesson's own pause offers no lesson
    open_lesson(app, "zodiac")
    app.step(0.05, [])
    app.stack.top.pause()
    app.step(0.05, [])
    assert all(getattr(w, "label", None) != "learn.menu" for w in app.stack.top.widgets)


def test_meow_dice_basics_ends_with_the_advanced_lesson_offered(app):
    open_lesson(app, "meow-dice")
    app.step(0.05, [])
    lesson = app.stack.top
    driver = LessonDriver(app, lesson, "pad")
    driver.play(check_wrong=False)
    assert "learn:more" in lesson.widgets() and "learn:play" in lesson.widgets()
    driver.press("learn:more")
    app.step(0.05, [])
    advanced = app.stack.top
    assert isinstance(advanced, LessonTable) and advanced.lesson.lesson.id == "advanced"
    assert advanced.feed.options == {"advanced": True}


def test_attract_learn_in_two_minutes(app):
    from kiosk.screens.attract import AttractScene

    app.stack.push(AttractScene(app, seed=3))
    for _ in range(10):
        app.step(0.05, [])
    attract = app.stack.top
    shown = attract.info.game
    assert attract.learn_rect is not None
    click(app, attract.learn_rect, frames=2)         # a tap on "Learn in 2 minutes"
    top = app.stack.top
    assert isinstance(top, LessonTable) and top.lesson.lesson.game == shown
    assert type(app.stack.scenes[0]).__name__ == "TitleScene"
    # a pad's X does the same
    app.stack.clear_to(AttractScene(app, seed=4))
    for _ in range(5):
        app.step(0.05, [])
    app.step(0.05, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0)])
    app.step(0.05, [])
    assert isinstance(app.stack.top, LessonTable)


def test_a_lesson_is_never_autosaved_or_recorded_but_the_game_under_it_is(app):
    from game.play.match import new_session
    from game.play.session import Seat
    from game.play.watch import running_session

    open_lesson(app, "hungry-meow")
    app.step(0.05, [])
    assert running_session(app.stack) == (None, None)
    seats = [Seat("Mochi", "human", "heuristic", "tabby"), Seat("Tofu", "bot", "heuristic", "calico")]
    table = table_info("zodiac").scene_class()(app, new_session("zodiac", seats, 5))
    app.stack.clear_to(table)
    app.step(0.05, [])
    open_lesson(app, "zodiac", back_to=table)
    app.step(0.05, [])
    assert isinstance(app.stack.top, LessonTable)
    assert running_session(app.stack) == (session_of(table), table)


def test_at_a_kiosk_every_new_visitor_is_offered_the_lesson_again(tmp_path):
    """Issue 20.7: the first visitor's offer is theirs alone; after an idle reset (attract mode)
    the next visitor is offered "Learn to play" again, and nothing is written to the settings."""
    from tests.kiosk.helpers import kiosk_app

    app, controller = kiosk_app(tmp_path)
    try:
        assert controller.start() == "attract"
        app.stack.apply_pending()
        for visitor in range(2):
            select = select_scene(app)
            card = next(w for w in select.widgets if getattr(w, "label", None) == "zodiac")
            click(app, card.rect)
            assert isinstance(app.stack.top, LearnOfferScene), f"visitor {visitor + 1} got no offer"
            click(app, button(app.stack.top, "learn.offer_play").rect)
            assert type(app.stack.top).__name__ == "SeatSetupScene"
            app.stack.pop()
            app.step(0.05, [])
            click(app, card.rect)                    # the same visitor again: straight on
            assert type(app.stack.top).__name__ == "SeatSetupScene"
            controller.idle_reset()                  # they walk away: attract mode, a new visitor
            app.step(0.05, [])
            assert type(app.stack.top).__name__ == "AttractScene"
        assert app.settings.lessons_offered == ""
        path = app.settings.path
        assert not path.exists() or "lessons_offered\": \"z" not in path.read_text(encoding="utf-8")
    finally:
        controller.close()
        app.shutdown()


def test_esc_on_the_offer_goes_back_to_the_table_select(app):
    """Esc is back/cancel: no seat setup, no lesson, the table select is on top again."""
    select = select_scene(app)
    card = next(w for w in select.widgets if getattr(w, "label", None) == "meow-dice")
    click(app, card.rect)
    assert isinstance(app.stack.top, LearnOfferScene)
    app.step(0.05, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b",
                                       scancode=41)])
    app.step(0.05, [pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0, scancode=41)])
    app.step(0.05, [])
    assert app.stack.top is select
    assert not any(type(s).__name__ in ("SeatSetupScene", "LessonTable") for s in app.stack.scenes)
