"""stranger40e #1: at the end of a Meow Meow Dice game with a person in it, "Miso wins with 9
points!" stood about 3.5 s and the results replaced it with no press (the other tables hold
their end until a press). The end is now held until a press when a person plays, and goes on
after a moment at a table of computer cats."""
from __future__ import annotations

import random

import pygame
import pytest

from game.runtime.app import App
from scenes.meow_dice.table import MeowDiceTable
from scenes.results import ResultsScene
from tests.scenes.md_driver import make_session

DT = 1 / 30


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def last_move(humans):
    """A session one action from its end, and that action."""
    whole = make_session(players=3, humans=humans, seed=11)
    rng = random.Random(3)
    while not whole.game.over:
        whole.apply(rng.choice(whole.game.legal_actions()))
    return make_session(players=3, humans=humans, seed=11, actions=whole.actions[:-1]), whole.actions[-1]


def run(app, table, seconds):
    for _ in range(round(seconds / DT)):
        app.step(DT, [])
        table.runner.wait_ready() if app.stack.top is table else None


def play_last_turn(app, table, session, action):
    """The last turn played out at the table: the person's moves by the table, the last one
    the game's own last action."""
    rng = random.Random(5)
    for _ in range(round(60 / DT)):
        if session.game.over:
            break
        if table.my_turn() and not table.presenter.busy:
            legal = session.game.legal_actions()
            table.apply(action if action in legal else rng.choice(legal))
        run(app, table, DT)
    assert session.game.over


@pytest.mark.parametrize("humans", [(0,), ()], ids=["a person", "computer cats"])
def test_the_end_waits_for_a_person(app, humans):
    session, action = last_move(humans)
    table = MeowDiceTable(app, session)
    app.stack.push(table)
    play_last_turn(app, table, session, action)
    run(app, table, 20)
    if not humans:
        assert isinstance(app.stack.top, ResultsScene)      # nobody to wait for
        return
    assert app.stack.top is table and table.presenter.holding is not None
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0),
                  pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    run(app, table, 4)
    assert isinstance(app.stack.top, ResultsScene)
