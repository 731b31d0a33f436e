"""A new Zodiac round starts clean (stranger 40e, defect 22): while round 2 is dealt and its
trump is not yet turned, no card wears the last round's trump frame and the last turn's strip
(the old catch) is gone from the prompt bar."""
from __future__ import annotations

from tests.scenes.hm_driver import UNSEEN
from tests.scenes.test_zodiac_table import app, make_session, open_table, play_whole_game  # noqa: F401


def test_the_last_rounds_trump_and_catch_go_when_a_new_round_is_dealt(app):  # noqa: F811
    app.draw_every(UNSEEN)
    session = make_session(players=2, humans=(0,), seed=11, options={"rounds": 2})
    drv = open_table(app, session, "mouse")
    board = drv.table.presenter.board
    seen, stale = [], []
    real = drv.step

    def step(events=(), frames: int = 1):
        for _ in range(frames):
            real(events)
            events = ()
            if board.round == 2 and not board.trump_shown:
                seen.append(1)
                if board.trump is not None or board.last_turn or any(
                        d.name == "prompt/last_turn" for d in drv.table.boxes.items):
                    stale.append((board.trump, list(board.last_turn)))
    drv.step = step

    def arrange():
        drv.click("btn:done")

    play_whole_game(drv, 0, drv.click, arrange)
    assert seen, "round 2 was never seen before its trump"
    assert not stale, stale[:3]
