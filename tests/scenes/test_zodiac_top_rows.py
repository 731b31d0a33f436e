"""Stranger 40r-zh, #11: a top hand's small capture piles stood out of their row onto the board's
top edge, and at 3 seats Tofu's "1" end mark stood nearer Miso's name than its own row's words.
Each pile keeps inside its row; a rail ties the far mark to the row's "Sorted by number"."""
from __future__ import annotations

import pytest

from tests.scenes.test_overlap_audit import DT, app, person_turn  # noqa: F401


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_top_rows_keep_their_piles_and_tie_their_far_mark(app, n):  # noqa: F811
    table = person_turn(app, "zodiac", n)
    board = table.presenter.board
    tops = [s for s in range(n) if table.top_hand(s)]
    assert tops
    for s in tops:
        board.captures[s] = ["RAT", "OX"]
    app.step(DT, [])
    app.draw()
    badges = dict(table.badges)
    for s in tops:
        pos = table.position(s)
        row = table.caps_rect(s)
        for i in range(2):
            pile = badges[f"pile{pos}:{i}"]
            assert row.contains(pile), (n, s, pile, row)
        caption = badges.get(f"sort{pos}:caption")
        far = badges.get(f"sort{pos}:1")
        if caption is not None and far is not None and far.x > caption.right:
            rail = badges[f"sort{pos}:rail"]
            assert rail.left - caption.right <= table.s(10) and far.left - rail.right <= table.s(6), \
                (caption, rail, far)
