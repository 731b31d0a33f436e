"""Stranger 43 #1: clicks made to hurry a computer cat went on into the next person's curtain
and recap, and that person's hand lay face up before whoever still sat at the screen. A curtain
(and its recap) lifts only on a press that began once it was fully shown and a calm had passed
(the results' rule, scenes/table/eyes.py ``still_hands``)."""
from __future__ import annotations

import random

import pygame
import pytest

from game.runtime.app import App
from scenes.results import CALM
from tests.peek import engine_of
from tests.scenes.test_seat_glide import to_second_person

FRAME = 1 / 60


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def click(pos) -> list:
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def wait_calm(app, table) -> None:
    for _ in range(600):
        if not table.hands_waiting():
            return
        app.step(FRAME, [])
    raise AssertionError("the curtain never took a press")


def to_computer_turn(app):
    """Two people and a computer cat: seat 1 lifts its curtain, reads its recap and passes; the
    computer cat (seat 2) plays next, then seat 0's curtain comes."""
    drv, table = to_second_person(app)
    wait_calm(app, table)
    drv.click_at((10, 10))
    assert table.viewer == 1
    if table.recap:
        wait_calm(app, table)
        drv.click_at((10, 10))
    assert not table.recap
    for _ in range(2000):
        game = engine_of(table)
        if game.current_player != 1 or table.curtain_for is not None:
            break
        if table.my_turn() and table.legal and not table.presenter.busy:
            acts = [a for a in table.legal if a.startswith("pass")] or table.legal
            table.send(acts[0])
            if table.tools.pending is not None:
                table.tools.yes()
        app.step(FRAME, [])
    assert engine_of(table).current_player == 2
    return drv, table


@pytest.mark.parametrize("seed", range(4))
def test_a_stream_of_hurrying_clicks_never_shows_the_next_hand(app, seed):
    drv, table = to_computer_turn(app)
    rng = random.Random(seed)
    spot = table.anchors["deck"].rect.center       # the bare table's hurry, as the footer says
    next_click, t, curtained = 0.0, 0.0, False
    while t < 12.0:
        events = []
        if t >= next_click:
            events = click(spot)
            next_click = t + rng.uniform(0.1, 0.5)
        app.step(FRAME, events)
        t += FRAME
        curtained = curtained or table.curtain_for == 0
        assert table.viewer is None and 0 not in table.feed.eyes, f"seat 0's hand shown at {t:.2f} s"
        assert all(c is None or c in engine_of(table).view(1)["known"][0]
                   for c in table.presenter.board.hands[0]) or table.viewer is None
    assert curtained and table.curtain_for == 0
    # then still hands, and one deliberate click lifts it; the recap waits likewise
    wait_calm(app, table)
    app.step(FRAME, click(spot))
    assert table.viewer == 0 and table.curtain_for is None
    if table.recap:
        app.step(FRAME, click(spot))
        assert table.recap, "the recap was skipped unread"
        wait_calm(app, table)
        app.step(FRAME, click(spot))
        assert not table.recap


def at_curtain(app):
    drv, table = to_computer_turn(app)
    for _ in range(3000):
        if table.curtain_for == 0 and not table.presenter.busy:
            return drv, table
        app.step(FRAME, drv.hurry_events() if table.presenter.busy else [])
    raise AssertionError("no curtain for seat 0")


def test_a_key_held_from_before_does_not_lift_the_curtain(app):
    drv, table = at_curtain(app)
    app.step(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])   # too soon
    for _ in range(int(3 * CALM / FRAME)):           # held long past the calm
        app.step(FRAME, [])
    assert table.curtain_for == 0
    app.step(FRAME, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    app.step(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])   # at once again
    assert table.curtain_for == 0 and table.viewer is None
    app.step(FRAME, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    wait_calm(app, table)
    app.step(FRAME, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)])
    assert table.viewer == 0 and table.curtain_for is None


def test_a_mouse_button_held_from_before_does_not_lift_the_curtain(app):
    drv, table = at_curtain(app)
    spot = (10, 10)
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=spot, button=1)])
    for _ in range(int(3 * CALM / FRAME)):
        app.step(FRAME, [])
    app.step(FRAME, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=spot, button=1)])     # a click: too old
    assert table.curtain_for == 0 and table.viewer is None
    wait_calm(app, table)
    app.step(FRAME, click(spot))
    assert table.viewer == 0 and table.curtain_for is None


def test_a_deliberate_click_after_the_calm_lifts_it(app):
    drv, table = at_curtain(app)
    for _ in range(int((CALM + 0.1) / FRAME)):
        app.step(FRAME, [])
    app.step(FRAME, click((10, 10)))
    assert table.viewer == 0 and table.curtain_for is None
