"""Arrows on the title: Right from where the keys start went straight into Hungry Meow's table
(any key opened the select with its first card chosen). Now the arrows move from where keys
start (Continue with a saved game, else the "press any key" pill) to the nearest thing that way,
row by row like seat setup, and stay put at an edge."""
from __future__ import annotations

import types

import pygame
import pytest

from game.runtime.app import App
from scenes.title import TitleScene


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def press(app, k):
    app.step(1 / 30, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])
    app.step(1 / 30, [pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)])
    app.step(1 / 30, [])


def title_on(app):
    title = TitleScene(app)
    app.stack.push(title)
    app.step(1 / 30, [])
    return title


def nearest_house(title, x):
    return min(((info, r) for info, r in title.house_rects() if info.game in title.open),
               key=lambda p: abs(p[1].centerx - x))[0].game


def test_without_a_save_right_stays_and_up_goes_to_the_house_above(app):
    title = title_on(app)
    assert title.spot == "start"
    press(app, pygame.K_RIGHT)                   # nothing level with the pill to its right
    assert app.stack.top is title and title.spot == "start"
    press(app, pygame.K_UP)                      # the house straight above the pill
    middle = nearest_house(title, app.size[0] // 2)
    assert app.stack.top is title and title.spot == "house:" + middle
    press(app, pygame.K_RIGHT)                   # along the street, the next lit house
    houses = sorted((r.centerx, info.game) for info, r in title.house_rects() if info.game in title.open)
    games = [g for _, g in houses]
    right = games[min(games.index(middle) + 1, len(games) - 1)]
    assert title.spot == "house:" + right
    press(app, pygame.K_RETURN)                  # Enter opens the house the arrows are on
    top = app.stack.top
    assert type(top).__name__ in ("LearnOfferScene", "SeatSetupScene") and top.info.game == right


def test_with_a_save_keys_start_on_continue_and_move_from_there(app, monkeypatch):
    import game.play.saves as saves

    monkeypatch.setattr(saves, "load_resumable", lambda *a, **k: types.SimpleNamespace(game_name="meow-dice"))
    title = title_on(app)
    assert title.continue_button is not None and title.spot == "continue"
    press(app, pygame.K_RIGHT)                   # nothing level with Continue: no jump anywhere
    assert app.stack.top is title and title.spot == "continue"
    press(app, pygame.K_DOWN)                    # the house below it, not the far corner
    assert app.stack.top is title
    assert title.spot == "house:" + nearest_house(title, title.continue_rect().centerx)
    press(app, pygame.K_UP)                      # and back
    assert title.spot == "continue"
    press(app, pygame.K_UP)                      # above Continue: a corner button, one row up
    assert title.spot in ("title.settings", "title.language")
