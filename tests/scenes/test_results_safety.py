"""stranger40e #1: the Meow Meow Dice results came up by themselves with "Play again" focused,
and the natural "go on" press (Enter) started a new game at once: the results, the reward of a
ten-minute game, were gone. Every table's results now ignore presses for a moment after they
appear, come up with nothing focused, and a first key or pad press only shows where the focus
is ("Play again"): a new game takes a second, deliberate press."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.play.match import Match  # noqa: E402
from game.play.session import Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.results import CALM, ResultsScene  # noqa: E402

DT = 1 / 30


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = App(size=(1280, 720), home=str(tmp_path_factory.mktemp("safety")), audio=False, lang="en")
    yield app
    app.shutdown()


def finished(game: str):
    seats = [Seat(f"Cat{i}", "bot", "heuristic") for i in range(3)]
    match = Match.new(game, seats, 5, {"advanced": True} if game == "meow-dice" else None)
    match.play_out()
    return match.session


def press(app, k=pygame.K_RETURN):
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0),
                  pygame.event.Event(pygame.KEYUP, key=k, mod=0)])


def click(app, pos):
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def wait(app, seconds):
    for _ in range(round(seconds / DT) + 2):
        app.step(DT, [])


@pytest.mark.parametrize("game", ["meow-dice", "zodiac", "hungry-meow"])
def test_one_press_never_throws_the_results_away(app, game):
    results = ResultsScene(app, finished(game))
    app.stack.clear_to(results)
    app.step(DT, [])
    assert results.focus.focused is None                 # nothing a press would act on
    press(app)                                           # a "go on" press a beat late
    again = next(w for w in results.widgets if w.label == "results.play_again")
    click(app, again.rect.center)                        # and a click, as quick
    assert app.stack.top is results
    wait(app, CALM)
    assert app.stack.top is results
    press(app)                                           # the first press only shows the focus
    assert app.stack.top is results and results.focus.focused is again
    press(app)                                           # the second, deliberate one plays again
    app.step(DT, [])
    assert app.stack.top is not results and type(app.stack.top).__name__ != "ResultsScene"


def test_a_click_after_the_calm_moment_acts_at_once(app):
    results = ResultsScene(app, finished("meow-dice"))
    app.stack.clear_to(results)
    wait(app, CALM)
    replay = next(w for w in results.widgets if w.label == "results.replay")
    click(app, replay.rect.center)
    app.step(DT, [])
    assert app.stack.top is not results             # the replay: the mouse points before it presses
