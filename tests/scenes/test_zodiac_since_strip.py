"""Stranger 43, defect 2: at Fast two computer turns passed in under a second and the prompt's
strip held only the last turn, so a mouse player's turn began with nothing to remember by. The
strip now holds every turn since the person's own, each turn's three under its seat's name, newest
last, until the person's turn ends; it stays inside the prompt box at 3-6 seats in both languages."""
from __future__ import annotations

import pytest

from scenes.zodiac.strip import shown_turns
from scenes.zodiac.table import ZodiacTable
from tests.peek import engine_of
from tests.scenes.overlap_audit import problems
from tests.scenes.test_overlap_audit import LANGS
from tests.scenes.test_overlap_audit import app as audit_app  # noqa: F401
from tests.scenes.test_zodiac_strip import a_miss
from tests.scenes.test_zodiac_table import ZDriver, make_session

app = audit_app


def test_every_computer_turn_since_the_persons_is_kept_on_their_turn(app):
    table, drv = a_miss(app, 3)
    for _ in range(4000):                       # both computer cats play their turns
        drv.step(drv.hurry_events() if table.presenter.busy else [])
        if table.my_turn() and not table.presenter.busy:
            break
    assert table.my_turn()
    turns = [r for r in engine_of(table).view(None)["reveals"]]
    others = shown_turns(table)
    assert [seat for seat, _ in others] == [1, 2], others
    assert [k for _, kinds in others for k in kinds] == [r["kind"] for r in turns[-6:]]
    app.step(1 / 30, [])
    assert any(d.name == "prompt/last_turn" for d in table.boxes.items)
    table.send(next(a for a in table.legal if a.startswith("point ")))   # the person's first pick:
    drv.step()                                                           # still there to remember by
    for _ in range(30):
        app.step(1 / 30, [])
    assert [seat for seat, _ in shown_turns(table)] == [1, 2]


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_turns_since_fit_in_the_prompt_box(app, players):
    table = ZodiacTable(app, make_session(players=players, seed=4))
    app.stack.clear_to(table)
    drv = ZDriver(app, table)
    drv.past_arrange()
    kinds = ["RAT", "OX", "TIGER", "RABBIT", "DRAGON", "SNAKE"]
    table.presenter.board.turns = [(0, kinds[:3])] + [(s, kinds[s % 4:s % 4 + 3]) for s in range(1, players)]
    found = []
    for lang in LANGS:
        app.set_language(lang)
        app.step(1 / 30, [])
        assert any(d.name == "prompt/last_turn" for d in table.boxes.items), lang
        found += problems(table, f"zodiac {players} seats since {lang}")
    app.set_language("en")
    assert len(shown_turns(table)) == players - 1
    assert not found, "\n".join(found)
