"""Hot seat's curtain and recap look finished (issue 40, rated 8): the curtain hides the table
whole (a card drawn in sight of all lay face up in the hand behind its veil and read as a peek),
each recap line stands beside the cat who did it, and how to go on is a lit pill inside the box."""
from __future__ import annotations

import numpy
import pygame
import pytest

from game.runtime.app import App
from tests.scenes.test_seat_glide import to_second_person


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def app(request, tmp_path):
    app = App(size=request.param, home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def steps(app, n: int = 10) -> None:
    for _ in range(n):
        app.step(1 / 20, [])


def test_the_curtain_hides_the_table_whole(app):
    _, table = to_second_person(app)
    steps(app)
    px = pygame.surfarray.array3d(app.screen)
    box = table.curtain_rect.inflate(app.s(60), app.s(60))     # the panel and its drop shadow
    outside = numpy.concatenate([px[:box.x].reshape(-1, 3), px[box.right:].reshape(-1, 3)])
    assert len(numpy.unique(outside, axis=0)) == 1
    assert box.contains(table.go_on_rect)


def to_recap(app, drv, table) -> None:
    """Play on (passes, else draws) until the first person's curtain, and lift it."""
    for _ in range(2000):
        if table.curtain_for == 0:
            break
        if table.curtain_for is None and table.my_turn() and table.legal and not table.presenter.busy:
            acts = [a for a in table.legal if a.startswith("pass")] or table.legal
            table.send(acts[0])
            if table.tools.pending is not None:
                table.tools.yes()
        elif table.curtain_for is not None and not table.hands_waiting():
            drv.click_at((10, 10))      # (a curtain takes a press only after its calm)
        app.step(1 / 20, [])
    assert table.curtain_for == 0
    while table.hands_waiting():
        app.step(1 / 20, [])
    drv.click_at((10, 10))
    steps(app)


def test_recap_lines_stand_beside_their_cats(app):
    drv, table = to_second_person(app)
    to_recap(app, drv, table)
    assert table.recap
    by_line = [table.recap_actor(line) for line in table.recap]
    assert [seat for seat, _ in table.recap_icons] == [s for s in by_line if s is not None]
    assert any(seat is not None for seat in by_line)
    box = table.recap_rect
    icons = [rect for _, rect in table.recap_icons]
    assert all(box.contains(r) for r in icons)
    assert len({r.x for r in icons}) == 1                     # one column, under one another
    pill = table.go_on_rect
    assert box.contains(pill) and pill.top > max(r.bottom for r in icons)
