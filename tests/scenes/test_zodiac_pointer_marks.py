"""Playtest (zh_TW, 3 seats, keyboard): on the end card of a top hand the focus arrow, drawn below
the card, sat on the hand's "12" end mark ("12▲"). The arrow keeps off the end marks as it keeps
off the name plates: there the focus shows as its outline alone."""
from __future__ import annotations

import pygame
import pytest

from scenes.zodiac.table import CardWidget
from tests.scenes.test_overlap_audit import app, person_turn  # noqa: F401


@pytest.mark.parametrize("n", [3, 4])
def test_the_focus_arrow_never_covers_a_hands_end_mark(app, n):  # noqa: F811
    table = person_turn(app, "zodiac", n)
    d = table.sort_mark_w()
    marks = [pygame.Rect(round(x - d / 2), round(y - d / 2), d, d)
             for s in range(n) for _t, (x, y) in table.sort_marks(s)]
    scale = app.scale
    size, gap = max(8, round(26 * scale)), round(20 * scale)
    met = 0
    for w in table.shown_widgets:
        if not (isinstance(w, CardWidget) and w.key[0] == "hand" and table.top_hand(w.key[1])):
            continue
        arrow = pygame.Rect(w.rect.centerx - size, w.rect.bottom, 2 * size, gap + size)   # side "bottom"
        if any(arrow.colliderect(m) for m in marks):
            met += 1
            assert table._pointer_meets_a_seat(w.rect, "bottom"), w.key
    assert met, "no top hand card's arrow reached an end mark: the case was not met"
