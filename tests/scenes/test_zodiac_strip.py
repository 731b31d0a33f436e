"""Zodiac keeps the last turn in sight: a miss holds the three cards up 2.5 s at normal speed (or
until a press), then they stay as a small strip in the prompt box until the next turn turns up
its first card; the strip shows only cards every seat saw and passes the overlap audit."""
from __future__ import annotations

import pytest

from scenes.zodiac import presenter as zp
from scenes.zodiac.table import ZodiacTable
from tests.peek import engine_of
from tests.scenes.overlap_audit import problems
from tests.scenes.test_overlap_audit import LANGS
from tests.scenes.test_overlap_audit import app as audit_app  # noqa: F401
from tests.scenes.test_zodiac_table import ZDriver, make_session

app = audit_app


def a_miss(app, players: int):
    table = ZodiacTable(app, make_session(players=players, seed=4))
    app.stack.clear_to(table)
    drv = ZDriver(app, table)
    drv.past_arrange()
    hand = engine_of(table).view(0)["hand"]
    other = next(i for i, k in enumerate(hand) if k not in (hand[0], "MERMAID"))
    for action in ("point hand 0 0", f"point hand 0 {other}"):
        table.send(action)
        drv.settle()
    table.send(next(a for a in table.legal if a.startswith("point centre")))
    for _ in range(600):
        app.step(1 / 30, [])
        if table.presenter.board.last_turn and not table.presenter.busy:
            break
    return table, drv


def test_the_three_cards_of_a_miss_are_read_for_two_and_a_half_seconds():
    assert zp.READ_LAST >= 2.5


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_last_turn_stays_as_a_strip_until_the_next_turn_shows_a_card(app, players):
    table, drv = a_miss(app, players)
    kinds = [row["kind"] for row in engine_of(table).view(None)["reveals"][-3:]]
    assert table.presenter.board.last_turn == kinds
    found = []
    for lang in LANGS:
        app.set_language(lang)
        app.step(1 / 30, [])
        assert any(d.name == "prompt/last_turn" for d in table.boxes.items), lang
        found += problems(table, f"zodiac {players} seats last turn {lang}")
    app.set_language("en")
    assert not found, "\n".join(found)
    for _ in range(2000):                       # the next seat turns up its first card
        drv.step(drv.hurry_events() if table.presenter.busy else [])
        if engine_of(table).view(None)["step"] >= 1 or table.my_turn():
            break
    for _ in range(60):
        app.step(1 / 30, [])
        if table.presenter.board.this_turn:
            break
    assert table.presenter.board.this_turn and not table.presenter.board.last_turn
