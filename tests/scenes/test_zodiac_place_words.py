"""Stranger 43, defect 3: the moves said "Miso's hand, card 1 from their left" (左起第 1 張) for the
card the viewer saw at the right end of a hand across the table. A hand's place counts from its
end mark 1, the same for every viewer (and for hot seat, where the table turns)."""
from __future__ import annotations

from game.rules.base import Event
from scenes.zodiac.table import ZodiacTable
from tests.scenes.test_overlap_audit import LANGS
from tests.scenes.test_overlap_audit import app as audit_app  # noqa: F401
from tests.scenes.test_zodiac_table import make_session

app = audit_app


def test_a_hand_place_counts_from_the_end_marked_1_not_from_a_left(app):
    table = ZodiacTable(app, make_session(players=3, seed=4))
    app.stack.clear_to(table)
    seen = Event("CardRevealed", {"by": 1, "card": "OX", "where": "hand", "seat": 1, "pos": 0})
    for lang in LANGS:
        app.set_language(lang)
        line = table.presenter.log_line(seen)
        assert "left" not in line.lower() and "左" not in line and "右" not in line, line
        assert " 1" in line and table.seat_name(1) in line, line
    app.set_language("en")
