"""The pause menu over a table (issue 40, stranger 8 #15): the hand's card tops read below the
panel at the menus' usual dim. One person: the table goes to a shadow; hot seat: it is covered
whole, so a table left paused at a curtain shows no one's hand."""
from __future__ import annotations

import numpy
import pygame
import pytest

from game.runtime.app import App
from scenes.pause import PauseScene
from tests.scenes.test_overlap_audit import person_turn
from tests.scenes.test_seat_glide import to_second_person

SHADOW = 64         # the brightest channel a paused table may keep (of 255)


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def app(request, tmp_path):
    app = App(size=request.param, home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def outside_panel(app, pause) -> numpy.ndarray:
    """The frame's pixels beside the panel and above the hint bar, where the table shows."""
    for _ in range(3):
        app.step(1 / 20, [])
    px = pygame.surfarray.array3d(app.screen)
    panel = pause.panel_rect()
    bar_top = app.size[1] - app.s(78)
    edge = app.s(24)                  # the panel's own drop shadow
    left = px[:max(0, panel.x - edge), :bar_top]
    right = px[panel.right + edge:, :bar_top]
    return numpy.concatenate([left.reshape(-1, 3), right.reshape(-1, 3)])


@pytest.mark.parametrize("game", ["hungry-meow", "zodiac", "meow-dice"])
def test_the_paused_table_is_a_shadow(app, game):
    table = person_turn(app, game, 3)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    seen = outside_panel(app, pause)
    assert int(seen.max()) <= SHADOW, int(seen.max())


def test_hot_seat_pause_covers_the_table_whole(app):
    _, table = to_second_person(app)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    seen = outside_panel(app, pause)
    assert len(numpy.unique(seen, axis=0)) == 1
