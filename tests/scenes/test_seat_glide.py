"""Hot seat: when the table turns to the next person at the screen, the seats glide round the
table to their new places (scenes/table/glide.py) instead of jumping; at the animation speed,
and at once under "reduce motion"."""
from __future__ import annotations

import math

import pytest

from game.runtime.app import App
from tests.scenes.hm_driver import choose, make_session
from tests.scenes.test_hungry_meow_table import open_table


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def to_second_person(app):
    """A hot-seat table (two people, one computer cat) at the curtain for seat 1."""
    session = make_session(players=3, humans=(0, 1), seed=3)
    drv = open_table(app, session, "mouse")
    drv.settle()
    drv.click_at((10, 10))
    table = drv.table
    for name in choose(table, 0):
        drv.click(name)
    drv.settle()
    for name in choose(table, 0):
        drv.click(name)
    drv.settle()
    drv.click("btn:pass")
    drv.settle()
    assert table.curtain_for == 1
    return drv, table


def test_the_seats_glide_round_to_the_next_person(app):
    drv, table = to_second_person(app)
    before = {seat: table.seat_rect(seat).center for seat in range(3)}
    drv.click_at((10, 10))                               # lift the curtain: seat 1 to the bottom
    assert table.glide.gliding and table.position(1) == 0
    rest = {seat: table.glide.base[f"seat{table.position(seat)}"].rect.center for seat in range(3)}
    far = math.dist(before[1], rest[1])
    assert far > 100 and math.dist(table.seat_rect(1).center, before[1]) < 0.25 * far   # from where it was
    seen = []
    for _ in range(40):
        app.step(1 / 60, [])
        seen.append(table.seat_rect(1).center)
    between = [c for c in seen if c not in (before[1], rest[1])]
    assert len(between) > 10                             # on its way for many frames, not a jump
    assert not table.glide.gliding and table.seat_rect(1).center == rest[1]
    assert all(table.seat_rect(s).center == rest[s] for s in range(3))
    assert table.hand_rect(1) == table.anchors["hand0"].rect


def test_the_seats_move_at_once_under_reduce_motion(app):
    drv, table = to_second_person(app)
    app.settings.reduce_motion = True
    drv.click_at((10, 10))
    assert not table.glide.gliding
    assert table.seat_rect(1) == table.anchors["seat0"].rect
