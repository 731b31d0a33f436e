"""A tip stands in the status line's place for a while, not for as long as a piece keeps the
focus: a die resting in the focus through a whole reroll hid what to do (stranger 40e, defect
3), and a hovered card hid Hungry Meow's sum line."""
from __future__ import annotations

import pygame

from scenes.table.tooltip import DELAY, LIFE
from tests.scenes.test_overlap_audit import DT, app, person_turn, rest, tip_target  # noqa: F401


def test_a_tip_gives_the_status_line_back_and_comes_again_on_another_piece(app):  # noqa: F811
    table = person_turn(app, "meow-dice", 3)
    pieces = [w for w in table.focus.items if table.describe(w) is not None]
    assert len(pieces) >= 2
    table.advice.asked, table.advice.hint = None, None
    table.tooltip.by_pointer = False
    table.focus.set_focus(pieces[0])
    rest(app, int(DELAY / DT) + 2)
    assert table.tooltip.shown
    rest(app, int(LIFE / DT) + 2)
    assert not table.tooltip.shown
    assert not any(d.name == "tooltip" for d in table.boxes.items)      # the status line is back
    table.focus.set_focus(pieces[1])
    rest(app, int(DELAY / DT) + 2)
    assert table.tooltip.shown                                         # a new piece: its tip
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 1), buttons=(0, 0, 0))])
