"""Issue 21, Zodiac's results: the per-round breakdown of a long match (its earliest rounds folded
into one row) keeps every row, "Total" too, inside its box and above the buttons, in both
languages and at both window sizes."""
from __future__ import annotations

import functools
import random

import pygame
import pytest

from game.play.session import GameSession, Seat
from game.runtime.app import App
from scenes.results import ResultsScene
from scenes.zodiac.scores import SHOWN_ROUNDS
from tests.rules.test_zodiac_playouts import kind_at


@functools.cache
def long_match(players: int) -> GameSession:
    seats = [Seat(f"Cat{i}", "bot", "random", "tabby") for i in range(players)]
    session = GameSession("zodiac", seats, 7, {"rounds": 8}, {})
    rng = random.Random(7)
    game = session.game
    while not game.over:
        legal = game.legal_actions()
        # mostly a card of the kind just turned up (read from the hidden deal, as the playouts do):
        # eight rounds in a few thousand actions instead of 50,000 blind ones
        same = [a for a in legal if game.pointed and kind_at(game, a) == game.kind_of[game.pointed[0]]]
        session.apply(rng.choice(same if same and rng.random() < 0.7 else legal))
    return session


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("players", [2, 6])
def test_a_long_match_keeps_total_inside_its_box(tmp_path, size, players):
    app = App(size=size, home=str(tmp_path), audio=False, lang="en")
    try:
        for lang in ("en", "zh_TW"):
            app.set_language(lang)
            scene = ResultsScene(app, long_match(players))
            app.stack.clear_to(scene)
            app.step(1 / 20, [])
            # turns, sets caught, folded, rounds, total
            assert all(len(rows) == SHOWN_ROUNDS + 4 for rows in scene.rows)
            assert all(rows[-1][0] == app.t("results.total") for rows in scene.rows)
            buttons = min(b.rect.top for b in scene.widgets)
            screen = pygame.Rect((0, 0), app.size)
            for back, rows in scene.row_boxes.values():
                assert back.contains(rows) and back.bottom <= buttons and screen.contains(back), \
                    (lang, back, rows, buttons)
    finally:
        app.shutdown()
