"""Stranger 40r-zh, #11: at the match's end the person's own hand turned face down (every seat's
eyes are on the screen then, so there is no one viewer) while the banner still named their last
card; the end's reveal turned it up again. Their hand stays face up through the end."""
from __future__ import annotations

import random

from game.play.session import GameSession, Seat
from game.runtime.app import App
from scenes.tables import table_info
from tests.peek import engine_of


def test_the_persons_hand_stays_face_up_as_the_match_ends(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        seats = [Seat(n, "human" if i == 0 else "bot", "heuristic", c)
                 for i, (n, c) in enumerate([("Mochi", "tabby"), ("Tofu", "calico"), ("Miso", "tuxedo")])]
        session = GameSession("zodiac", seats, 5, {"target": 5}, {}, [])
        table = table_info("zodiac").scene_class()(app, session)
        app.stack.clear_to(table)
        rng = random.Random(5)
        drawn = []
        paint = table._paint_hand

        last = {}

        def spy(surface, seat, shown):
            if seat == 0:                   # the hand as last painted (it is kept until it changes)
                last["hand"] = (shown, [c.kind for c in table.presenter.board.hands[0] if not c.gone])
            return paint(surface, seat, shown)

        table._paint_hand = spy
        for _ in range(20000):
            game = engine_of(table)
            if game.over and table.end_revealed:
                break
            if table.presenter.holding is not None:
                table.presenter.release()
            elif table.mode == "arrange" and table.my_turn() and not table.presenter.busy:
                table._arrange_done()
            elif table.my_turn() and not table.presenter.busy and table.legal and not game.over:
                table.send(rng.choice(table.legal))
                if table.tools.pending is not None:
                    table.tools.yes()
            table.runner.wait_ready()
            app.step(1 / 30, [])
            if engine_of(table).over and not table.end_revealed:
                drawn.append(last["hand"])
        assert engine_of(table).over and drawn, app.frame
        assert all(shown and None not in kinds for shown, kinds in drawn), \
            [d for d in drawn if not d[0] or None in d[1]][:3]
    finally:
        app.shutdown()
