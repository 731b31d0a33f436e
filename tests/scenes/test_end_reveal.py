"""Issue 21: every hand revealed at the end, held until a press (or a moment with nobody at the
table), before the results."""
from __future__ import annotations

import pytest

from game.runtime.app import App
from tests.peek import engine_of
from tests.scenes.hm_driver import UNSEEN
from tests.scenes.test_table_pace import bot_table


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    app.draw_every(UNSEEN)      # these check the board and the words, not pixels
    yield app
    app.shutdown()


def play_to_the_reveal(app, table):
    for _ in range(40000):
        if engine_of(table).over and table.end_revealed and table.presenter.holding is not None:
            return
        if engine_of(table).over:
            pass                                       # watch the end as it comes
        elif table.presenter.holding is None:
            table.presenter.skip()
        else:
            table.presenter.release()                 # a card held up to be read: go on
        table.runner.wait_ready()
        app.step(1 / 30, [])
    raise AssertionError("no reveal at the end")


def test_hungry_meow_shows_every_hand_at_the_end(app):
    table = bot_table(app, "hungry-meow", players=3, seed=2)
    play_to_the_reveal(app, table)
    board = table.presenter.board
    for seat in range(3):
        if seat not in board.out:
            assert board.hands[seat] == list(engine_of(table).view(seat)["hand"])
            assert None not in board.hands[seat]
    assert app.t("table.hands_shown") in table.waiting_line()[0]


def test_zodiac_shows_every_hand_at_the_end(app):
    from game.play.match import new_session
    from game.play.session import Seat
    from scenes.zodiac.table import ZodiacTable

    seats = [Seat(f"Cat{i}", "bot", "heuristic", "tabby") for i in range(3)]
    table = ZodiacTable(app, new_session("zodiac", seats, 2, {"target": 3}))
    app.stack.push(table)
    play_to_the_reveal(app, table)
    for _ in range(30):
        app.step(1 / 30, [])
    for seat in range(3):
        live = sorted((c for c in table.presenter.board.hands[seat] if not c.gone), key=lambda c: c.slot)
        assert [c.kind for c in live] == list(engine_of(table).view(seat)["hand"])
        assert all(c.flip >= 0.5 for c in live)


def test_the_held_end_keeps_the_hands_clear_and_says_only_how_to_go_on(app, monkeypatch):
    """After game over "To beat: punch 3" and "Click cards to select" stayed, and "Click or press
    any button to go on" stood over the person's hand: now the footer says how to go on and the
    table shows no set to beat."""
    from scenes.hungry_meow.table import HungryMeowTable
    from tests.scenes.hm_driver import Driver, choose, make_session, record_drawn_text

    table = HungryMeowTable(app, make_session(players=3, humans=(0,), seed=3))
    app.stack.push(table)
    drv = Driver(app, table)
    for _ in range(20000):
        if engine_of(table).over:
            break
        if table.my_turn() and not table.presenter.busy:
            drv.step()
            app.show_now()
            for name in choose(table, 0):
                drv.click(name)
        else:
            drv.step(drv.hurry_events() if table.presenter.busy else [])
    for _ in range(600):
        if table.end_revealed and table.presenter.holding is not None:
            break
        drv.step()
    assert table.presenter.board.table, "a set lies on the table at the end (the case to check)"
    said = record_drawn_text(app, monkeypatch)
    table.draw(app.screen)
    words = [text for text, _ in said]
    assert app.t("table.hold.continue") in words
    assert app.t("hm.hint.mouse") not in words
    assert not any(d.name in ("go_on", "label:to_beat", "label:table_clear") for d in table.boxes.items)
