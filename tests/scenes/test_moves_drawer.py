"""Issue 21: the moves drawer has a scrollbar when its lines overflow, scrolls by keys and pads
too, and offers "Jump to latest" while scrolled back."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from game.runtime.input import Intent
from tests.scenes.test_table_pace import bot_table


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def test_scrollbar_and_jump_to_latest(app):
    table = bot_table(app, "zodiac", players=3)
    for _ in range(3000):                              # enough moves to overflow the drawer
        table.presenter.skip()
        table.runner.wait_ready()
        app.step(1 / 30, [])
        if len(table.tools.lines()) > 40:
            break
    table.tools.on = True
    table.tools.history_open = True
    surface = pygame.Surface(app.size)
    table.tools._draw_drawer(surface)
    assert table.tools.bar_rect is not None and table.tools.latest_rect is None
    shown = table.tools.shown_lines
    assert 0 < shown < len(table.tools.lines())
    assert table.tools.handle(Intent("move", direction="up"))           # a key scrolls back
    assert table.tools.scroll == 1
    table.tools.handle(Intent("wheel", amount=5))
    table.tools._draw_drawer(surface)
    latest = table.tools.latest_rect
    assert latest is not None and table.tools.drawer_rect().contains(latest)
    table.tools.handle(Intent("click", pos=latest.center))
    assert table.tools.scroll == 0
    bar = table.tools.bar_rect
    table.tools.handle(Intent("click", pos=(bar.centerx, bar.top + 2)))   # the top: the oldest
    assert table.tools.scroll > shown
