"""Issue 21, Zodiac's pace for the person: their own three cards stay up to be remembered.

A playtester's own third card used to flip back in under 1 s. Now a miss holds all three cards
face up for ``READ_LAST`` seconds × the animation speed (longer at "slow") before they turn back,
the same as a computer cat's, unless a press goes on (tests/scenes/test_table_pace.py).
"""
from __future__ import annotations

import random

import pytest

from game.play.match import new_session
from game.play.session import Seat
from game.runtime.app import App
from scenes.tables import table_info
from scenes.zodiac.presenter import READ_LAST
from tests.peek import engine_of
from tests.scenes.hm_driver import UNSEEN

DT = 1 / 30


def own_miss_shown_for(app, table, rng) -> float:
    """Play (the person at random) until the person's own pointing ends in a miss: the seconds
    their three cards were held face up before turning back."""
    for _ in range(20000):
        if engine_of(table).over:
            break
        if table.tools.pending is not None:
            table.tools.yes()
        if table.mode == "arrange" and table.my_turn():
            table._arrange_done()
        elif table.mode == "point" and table.my_turn() and table.legal:
            third = engine_of(table).view(0)["step"] == 2
            table.send(rng.choice(table.legal))
            if table.tools.pending is not None:
                table.tools.yes()
            missed = third and any(e.kind == "TurnedBack" for e in table.feed._history[-1][1])
            if missed:
                frames, cards = 0, [c for c in table.presenter.board.hands[0] if c.step] + \
                    [c for c in table.presenter.board.centre if c is not None and c.step]
                app.step(DT, [])
                while table.presenter.busy and any(c.flip > 0.5 for c in cards):
                    app.step(DT, [])
                    frames += 1
                return frames * DT
        table.runner.wait_ready()
        app.step(DT, [])
    raise AssertionError("the person never missed")


@pytest.mark.parametrize("speed, factor", [("normal", 1.0), ("slow", 1.5)])
def test_the_persons_own_three_cards_stay_up_to_be_remembered(tmp_path, speed, factor):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed=speed, lang="en")
    app.draw_every(UNSEEN)      # a hold time in frames, not pixels
    try:
        seats = [Seat("Mochi", "human", "heuristic", "tabby"), Seat("Tofu", "bot", "heuristic", "calico")]
        table = table_info("zodiac").scene_class()(app, new_session("zodiac", seats, 4))
        app.stack.push(table)
        app.step(DT, [])
        shown = own_miss_shown_for(app, table, random.Random(4))
        assert shown >= READ_LAST * factor - 2 * DT, shown
    finally:
        app.shutdown()
