"""Issue 21: the game's moves replayable from results: "Watch replay" plays the recorded game
again on its own table, action by action, and comes back to the results; it is never saved."""
from __future__ import annotations

import pytest

from game.play.match import Match
from game.play.session import Seat
from game.runtime.app import App
from scenes.results import ResultsScene
from tests.peek import engine_of, session_of
from tests.scenes.hm_driver import UNSEEN


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    app.draw_every(UNSEEN)      # these check games and actions, not pixels (each screen still drawn)
    yield app
    app.shutdown()


@pytest.mark.parametrize("game, options", [("zodiac", {"rounds": 1}), ("hungry-meow", {}),
                                           ("meow-dice", {})])
def test_watch_replay_plays_the_same_game_and_returns(app, game, options):
    from game.play.watch import running_session

    seats = [Seat(f"Cat{i}", "bot", "heuristic", "tabby") for i in range(2)]
    match = Match.new(game, seats, 5, options)
    match.play_out()
    session = match.session
    results = ResultsScene(app, session)
    app.stack.push(results)
    app.step(1 / 30, [])
    button = next(w for w in results.widgets if getattr(w, "label", "") == "results.replay")
    button.on_press()
    app.step(1 / 30, [])
    replay = app.stack.top
    assert replay is not results and replay.replay == session.actions
    assert running_session(app.stack)[0] is None              # never saved nor recorded
    for _ in range(40000):
        if app.stack.top is results:
            break
        replay.presenter.skip()
        app.step(1 / 30, [])
    assert app.stack.top is results
    assert session_of(replay).actions == session.actions and engine_of(replay).dump() == session.game.dump()


def test_results_take_no_press_in_their_first_moment(app):
    """Stranger 6: an Enter pressed just as a match ended landed on "Play again" and started a
    new match. The results take no press for their first moment (``CALM``); then a first
    Enter shows where Enter goes, and a second plays again."""
    import pygame

    from scenes.results import CALM

    seats = [Seat(f"Cat{i}", "bot", "heuristic", "tabby") for i in range(2)]
    match = Match.new("hungry-meow", seats, 5, {})
    match.play_out()
    results = ResultsScene(app, match.session)
    app.stack.push(results)
    enter = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0),
             pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)]
    app.step(1 / 30, enter)
    assert app.stack.top is results                   # ignored: meant for the table
    for _ in range(int(CALM * 30) + 2):
        app.step(1 / 30, [])
    app.step(1 / 30, enter)
    assert app.stack.top is results and results.focus.focused is results.primary
    app.step(1 / 30, enter)
    assert app.stack.top is not results               # "Play again", now on purpose
