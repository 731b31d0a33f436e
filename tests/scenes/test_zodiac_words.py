"""Issue 21, Zodiac's words: one target said everywhere, and the round and target on the table."""
from __future__ import annotations

import pygame
import pytest

from game.play.session import GameSession, Seat
from game.runtime.app import App
from scenes.seat_setup import SeatSetupScene
from scenes.tables import table_info
from scenes.zodiac.table import ZodiacTable
from tests.scenes.hm_driver import COATS, NAMES


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def open_table(app, players=2, options=None) -> ZodiacTable:
    seats = [Seat(NAMES[i], "human" if i == 0 else "bot", "heuristic", COATS[i]) for i in range(players)]
    table = ZodiacTable(app, GameSession("zodiac", seats, 5, dict(options or {}), {}))
    app.stack.push(table)
    app.step(1 / 30, [])
    return table


def test_seat_setup_default_is_the_rules_target_of_ten(app):
    """Item 1: seat setup, the lesson's "Play a real game" (which opens seat setup) and the
    rules (ZC-6) all mean a match to 10."""
    setup = SeatSetupScene(app, table_info("zodiac"), options=None)
    session = setup.make_session()
    assert session.game.options["target"] == 10


@pytest.mark.parametrize("players", range(2, 7))
def test_round_and_target_always_on_the_table(app, players):
    """Item 1: the round and the target are drawn on the table, clear of every seat and hand."""
    table = open_table(app, players)
    assert table.match_lines() == ["Round 1", "First to 10 points"]
    box = table.match_rect
    assert pygame.Rect(0, 0, *app.size).contains(box)
    for s in range(players):
        assert not box.colliderect(table.seat_rect(s)), s
        assert not box.colliderect(table.hand_rect(s)), s
    assert not box.colliderect(table.anchors["trump"].rect)


def test_round_count_match_says_round_of_total(app):
    table = open_table(app, 3, {"rounds": 2})
    assert table.match_lines() == ["Round 1 of 2"]
    table = open_table(app, 3, {"target": 5})
    assert table.match_lines()[1] == "First to 5 points"
