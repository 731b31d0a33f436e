"""Issue 12: Zodiac Catchers shows each card turned face up enlarged for a moment (1.2 s × the
animation speed, or until a press), never holding up the game, the newest replacing the older."""
from __future__ import annotations

import pygame
import pytest

from game.rules.base import Event
from game.runtime.app import App
from scenes.table.zoom import SECONDS
from tests.peek import session_of
from tests.scenes.test_readable_pieces import NO_MERMAIDS
from tests.scenes.test_zodiac_table import make_session, open_table

A = pygame.CONTROLLER_BUTTON_A


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="normal", lang="en")
    yield app
    app.shutdown()


def _reveal_one(drv) -> tuple[str, str]:
    """Point at a centre card with the pad; (the action sent, the kind turned up)."""
    table = drv.table
    target = next(w for w in table.shown_widgets if w.key[0] == "centre"
                  and table._action_for(w.key) in table.legal)
    drv.pad_focus(f"centre:{target.key[2]}")
    drv.pad(A)
    action = session_of(drv.table).actions[-1]
    kind = next(e for _, a, events in table.moves if a == action for e in events
                if e.kind == "CardRevealed").data["card"]
    return action, kind


def test_a_revealed_card_is_shown_large_then_goes_by_itself(app):
    drv = open_table(app, make_session(players=2, humans=(0,), seed=3, setup=NO_MERMAIDS), "pad")
    drv.settle()
    table = drv.table
    assert not table.zoom.shown
    card = next(w.rect for w in table.shown_widgets if w.key[0] == "centre")
    _, kind = _reveal_one(drv)
    for _ in range(40):                                       # the flip, not hurried
        drv.step()
        if table.zoom.shown:
            break
    assert table.zoom.shown and table.zoom.item == kind and table.zoom.caption == table.kind_name(kind)
    rect = table.zoom.rect()
    assert rect.w > 2 * card.w                                 # large, not the card's own size
    assert pygame.Rect((0, 0), app.size).contains(rect)
    shown_for = 0.0
    while table.zoom.shown and shown_for < 5:
        drv.step()
        shown_for += drv.dt
    assert not table.zoom.shown
    assert SECONDS * table.speed - 2 * drv.dt <= shown_for <= SECONDS * table.speed + 2 * drv.dt


def test_the_zoom_never_holds_up_input_and_a_press_ends_it(app):
    drv = open_table(app, make_session(players=2, humans=(0,), seed=3, setup=NO_MERMAIDS), "pad")
    drv.settle()
    table = drv.table
    _reveal_one(drv)
    while not (table.zoom.shown and table.my_turn()):          # the flip is over, the zoom still up
        drv.step()
        assert drv.app.stack.top is table
    n = len(session_of(table).actions)
    action, _ = _reveal_one(drv)                               # pointing goes through at once
    assert len(session_of(table).actions) == n + 1 and action.startswith("point ")
    assert not table.zoom.shown                                # and the press ended the zoom


def test_speed_setting_scales_the_zoom(tmp_path):
    times = {}
    for speed in ("slow", "faster"):
        app = App(size=(1280, 720), home=str(tmp_path / speed), audio=False, speed=speed, lang="en")
        try:
            drv = open_table(app, make_session(players=2, humans=(0,), seed=3, setup=NO_MERMAIDS), "pad")
            drv.settle()
            drv.table.zoom.show("RAT", "Rat")
            times[speed] = drv.table.zoom.left
        finally:
            app.shutdown()
    assert times["slow"] == pytest.approx(SECONDS * 1.5) and times["faster"] == pytest.approx(SECONDS * 0.5)


def test_bots_turning_cards_fast_never_pile_zooms_up(app):
    drv = open_table(app, make_session(players=3, humans=(0,), seed=4), "pad")
    drv.settle()
    table = drv.table
    presenter = table.presenter
    board = presenter.board
    up = [(i, c) for i, c in enumerate(board.centre) if c is not None and c.flip < 0.5][:3]
    assert len(up) == 3
    kinds = ["OX", "DOG", "PIG"]
    before = table.zoom.shown_count
    events = [Event("CardRevealed", {"by": 1, "step": k + 1, "card": kinds[k], "where": "centre",
                                     "seat": None, "pos": i}) for k, (i, _) in enumerate(up)]
    presenter.present(events, table.viewer)
    for _ in range(400):                                       # hurried, as a bot's turn may be
        drv.step(drv.hurry_events() if presenter.busy else [])
        if not presenter.busy:
            break
    assert table.zoom.shown_count - before == 3                # each card had its zoom...
    assert not table.zoom.shown or table.zoom.item == "PIG"   # ...and only the newest can be up


def test_under_reduce_motion_a_revealed_card_turns_up_in_place_with_no_zoom(app):
    """Stranger 6: with "reduce motion" on, the big reveal card still zoomed in over the board."""
    app.settings.reduce_motion = True
    drv = open_table(app, make_session(players=2, humans=(0,), seed=3, setup=NO_MERMAIDS), "pad")
    drv.settle()
    table = drv.table
    _, kind = _reveal_one(drv)
    flips = set()
    for _ in range(40):
        drv.step()
        assert not table.zoom.shown
        flips |= {c.flip for c in table.presenter.board.centre if c is not None and c.kind == kind}
    assert flips and all(f in (0.0, 1.0) for f in flips), flips     # no half-turned card
    assert table.zoom.shown_count == 0
