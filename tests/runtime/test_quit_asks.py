"""Quitting asks where one press would lose something: Esc on the title (the program), Quit to
title in a game several people play. Settings and the other language are one press from the
title."""
import pygame

from game.play.session import GameSession, Seat
from scenes.ask import AskScene
from scenes.pause import PauseScene
from scenes.settings import SettingsScene
from scenes.title import TitleScene
from tests.runtime.test_screens import click, key, pad, start, step


def test_esc_on_the_title_asks_and_stay_keeps_the_program(app):
    app.running = True
    start(app, TitleScene(app))
    key(app, pygame.K_ESCAPE)
    ask = app.stack.top
    assert isinstance(ask, AskScene) and app.running
    assert ask.focus.focused.label == "ask.stay"        # the safe answer has the focus
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TitleScene) and app.running
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)                            # back is the safe answer too
    assert isinstance(app.stack.top, TitleScene) and app.running
    key(app, pygame.K_ESCAPE)
    click(app, next(w for w in app.stack.top.widgets if w.label == "ask.quit_app_yes"))
    assert not app.running


def test_settings_by_pad_and_language_by_one_click_on_the_title(app):
    title = start(app, TitleScene(app))
    pad(app, pygame.CONTROLLER_BUTTON_X)
    assert isinstance(app.stack.top, SettingsScene)
    key(app, pygame.K_ESCAPE)
    assert app.stack.top is title
    lang = next(b for b in title.corner_buttons() if b.label == "title.language")
    assert lang.text(app) == "繁體中文"
    click(app, lang.rect.center)
    assert app.settings.language == "zh_TW" and app.stack.top is title
    settings = next(b for b in title.corner_buttons() if b.label == "title.settings")
    click(app, settings.rect.center)
    assert isinstance(app.stack.top, SettingsScene)


def table_with(app, people: int):
    from scenes.tables import table_info

    seats = [Seat(f"P{i}", "human" if i < people else "bot", "random") for i in range(3)]
    session = GameSession("hungry-meow", seats, 5)
    table = table_info("hungry-meow").scene_class()(app, session)
    app.stack.push(TitleScene(app))
    app.stack.push(table)
    step(app)
    return table


def quit_from_pause(app, table):
    app.stack.push(PauseScene(app, table))
    step(app)
    pause = app.stack.top
    click(app, next(w for w in pause.widgets if w.label == "pause.quit"))


def test_quit_to_title_asks_when_several_people_play(app):
    table = table_with(app, 2)
    quit_from_pause(app, table)
    ask = app.stack.top
    assert isinstance(ask, AskScene) and table in app.stack.scenes
    assert "P0" in app.t(ask.question, **ask.fmt) and "P1" in app.t(ask.question, **ask.fmt)
    click(app, next(w for w in ask.widgets if w.label == "pause.quit"))
    step(app)
    assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene"]


def test_quit_to_title_alone_does_not_ask(app):
    quit_from_pause(app, table_with(app, 1))
    assert [type(s).__name__ for s in app.stack.scenes] == ["TitleScene"]


def test_the_computer_cats_row_says_it_is_their_speed(app):
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        assert any(w in app.t("settings.bot_speed") for w in ("speed", "速度"))


def test_the_question_box_fits_its_words(app):
    """stranger40e #24: the two-person quit question (one line) sat in a panel made for three,
    with a ~90 px empty band between it and its buttons. The panel is as tall as its words: the
    band under the question is the same small gap for one line and for many, in both languages;
    the question and the buttons stay inside the panel."""
    names = ", ".join(f"Cat number {i}" for i in range(8))
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        cases = (("ask.quit_game", {"names": "Mochi, Tofu"}), ("ask.quit_game", {"names": names}),
                 ("ask.quit_app", {}))
        for question, fmt in cases:
            ask = AskScene(app, question, "pause.quit", lambda: None, **fmt)
            app.stack.clear_to(ask)
            step(app)
            drawn, s = ask.drawn, app.s
            top = min(w.rect.top for w in ask.widgets)
            assert drawn["panel"].contains(drawn["question"]) and all(drawn["panel"].contains(w.rect)
                                                                     for w in ask.widgets)
            assert s(30) <= top - drawn["question"].bottom <= s(60), (lang, question, fmt)
    app.set_language("en")
