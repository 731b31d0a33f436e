"""Issue 21, pace: what a computer cat turns up in Zodiac stays up long enough to remember
(longer at the "slow" animation speed) unless a press goes on, and no computer cat moves while a
person's question (the confirm box) is open, at every table."""
from __future__ import annotations

import pygame
import pytest

from game.play.match import new_session
from game.play.session import Seat
from game.runtime.app import App
from scenes.tables import table_info
from scenes.zodiac.presenter import READ_LAST, READ_OTHERS
from tests.peek import session_of
from tests.scenes.hm_driver import UNSEEN

DT = 1 / 30


def make_app(tmp_path, speed="normal"):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed=speed, lang="en")
    app.draw_every(UNSEEN)      # these read the pace (state and frames), not pixels
    return app


def bot_table(app, game: str, players: int = 2, seed: int = 3):
    seats = [Seat(f"Cat{i}", "bot", "heuristic", "tabby") for i in range(players)]
    table = table_info(game).scene_class()(app, new_session(game, seats, seed))
    app.stack.push(table)
    app.step(DT, [])
    return table


def first_hold(app, table, limit=3000) -> None:
    for _ in range(limit):
        if table.presenter.holding is not None:
            return
        table.runner.wait_ready()
        app.step(DT, [])
    raise AssertionError("nothing was held")


def held_seconds(app, table) -> float:
    first_hold(app, table)
    frames = 0
    while table.presenter.holding is not None:
        app.step(DT, [])
        frames += 1
    return frames * DT


@pytest.mark.parametrize("speed, factor", [("normal", 1.0), ("slow", 1.5)])
def test_a_turned_card_stays_up_to_be_read_longer_when_slow(tmp_path, speed, factor):
    app = make_app(tmp_path, speed)
    table = bot_table(app, "zodiac")
    seconds = held_seconds(app, table)
    assert seconds >= READ_OTHERS * factor - 2 * DT            # a computer's first card
    longest = max(held_seconds(app, table) for _ in range(4))   # ... and the three before a miss
    assert longest >= min(READ_LAST, READ_OTHERS) * factor - 2 * DT
    app.shutdown()


def test_a_press_goes_on_at_once(tmp_path):
    app = make_app(tmp_path, "slow")
    table = bot_table(app, "zodiac")
    first_hold(app, table)
    pos = table.anchors["hints"].rect.midright                  # bare floor
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
    assert table.presenter.holding is None
    app.shutdown()


@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_no_computer_cat_moves_while_a_question_is_open(tmp_path, game):
    app = make_app(tmp_path, "faster")
    table = bot_table(app, game)
    table.tools.pending = ("pass", "Really?")                  # a person reads a question
    actions = len(session_of(table).actions)
    for _ in range(300):
        table.presenter.skip()
        table.runner.wait_ready()
        app.step(DT, [])
    assert len(session_of(table).actions) == actions
    table.tools.pending = None                                  # answered: play goes on
    for _ in range(300):
        table.presenter.skip()
        table.runner.wait_ready()
        app.step(DT, [])
        if len(session_of(table).actions) > actions:
            break
    assert len(session_of(table).actions) > actions
    app.shutdown()
