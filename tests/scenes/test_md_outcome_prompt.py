"""s43: under "Nothing fits: Tofu gets a fish bone" the prompt's top line was empty and its
second still counted the last roll; after the last roll every board card showed a "0%" chip next
to "Nothing fits". The prompt now says whose turn is over, without the rolls, and no odds chip
shows once no roll is left."""
from __future__ import annotations

import random

import pytest

from game.runtime.app import App
from scenes.meow_dice.table import MeowDiceTable
from tests.scenes.md_driver import make_session

DT = 1 / 60


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def settle(table):
    t = 0.0
    while table.presenter.busy and t < 20:
        table.presenter.update(DT)
        t += DT


def test_the_prompt_agrees_with_a_fish_bone_banner(app):
    session = make_session(players=2, humans=(0,), seed=5)
    table = MeowDiceTable(app, session)
    settle(table)
    rng = random.Random(4)
    seen = None
    for _ in range(200):                 # until the computer cat (seat 1) ends a turn on a fish bone
        if session.game.over:
            break
        seat = session.game.current_player
        legal = session.game.legal_actions()
        pick = [a for a in legal if a.startswith("reroll")] or [a for a in legal if a == "fishbone"] or legal
        table.apply(pick[0] if seat == 1 else rng.choice(legal))
        if seat == 1 and pick[0] == "fishbone":
            for _ in range(600):
                table.presenter.update(DT)
                if table.presenter.outcome == 1 and table.presenter.banner:
                    seen = table._prompt_text()[0], table._sub_text()[0]
                    break
            break
        settle(table)
    assert seen is not None
    assert seen[0] == "Tofu's turn is over"
    assert "roll" not in seen[1].lower(), seen


def test_no_odds_chip_when_no_roll_is_left(app):
    session = make_session(players=2, humans=(0,), seed=5)
    table = MeowDiceTable(app, session)
    app.stack.push(table)
    settle(table)
    assert session.game.current_player == 0
    table.apply("roll")
    settle(table)
    while any(a.startswith("reroll") for a in session.game.legal_actions()):
        table.apply([a for a in session.game.legal_actions() if a.startswith("reroll")][-1])
        settle(table)
    table.refresh_mode()
    table.draw(app.screen) if hasattr(app, "screen") else app.show_now()
    assert table.my_turn()
    assert table.odds_chips == {}
