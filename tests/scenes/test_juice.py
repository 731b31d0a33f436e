"""Juice: sparks where a Meal lands or a catch lands on its pile, a dark puff at Death; their
time follows the animation speed, none under "reduce motion", and the game never waits for them."""
from __future__ import annotations

import pytest

from game.runtime.app import App
from tests.scenes.hm_driver import fixed_setup, make_session


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def a_table(app):
    from scenes.hungry_meow.table import HungryMeowTable

    table = HungryMeowTable(app, make_session(players=2, humans=(0,), setup=fixed_setup(
        [["R1P", "R2P"], ["B1X", "B2X"]], deck_top=["LOAF"])))
    app.stack.push(table)
    app.step(1 / 30, [])
    table.presenter.finish_all()
    return table


def test_a_meal_drawn_throws_sparks_that_end_with_the_speed_setting(app):
    from game.rules.base import Event

    table = a_table(app)
    table.presenter.present([Event("CardDrawn", {"seat": 0, "card": "LOAF", "reason": "draw"})], table.viewer)
    for _ in range(40):
        app.step(1 / 30, [])
        if table.juice.sparks:
            break
    assert table.juice.sparks and any(d.name == "sparks" for d in table.boxes.items if d.layer == "fx")
    normal = max(tw.duration for _, tw in table.juice.sparks)
    table.juice.sparks.clear()
    app.settings.animation_speed = "faster"
    table.juice.burst((100, 100), (255, 255, 255))
    assert max(tw.duration for _, tw in table.juice.sparks) < normal
    for _ in range(60):
        app.step(1 / 30, [])
    assert not table.juice.sparks


def test_reduce_motion_makes_no_sparks(app):
    table = a_table(app)
    app.settings.reduce_motion = True
    table.juice.burst((100, 100), (255, 255, 255))
    assert not table.juice.sparks
    app.settings.reduce_motion = False
    table.juice.burst((100, 100), (255, 255, 255))
    assert table.juice.sparks
