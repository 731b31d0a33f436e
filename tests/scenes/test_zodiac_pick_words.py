"""Zodiac, by keyboard: after a pick, the focus stays on the card just turned up (it never moves
by itself), and the prompt's second line said "That card is already face up: point at a
face-down card" under it after every right pick, like a scolding. The card this turn turned up
has no such line; pressing it still says why (the note)."""
from __future__ import annotations

import pygame

from scenes.zodiac.table import CardWidget
from tests.scenes.hm_driver import key
from tests.scenes.test_advice_layer import app, open_table, ready_for_tiger  # noqa: F401


def test_no_face_up_scolding_under_the_card_just_picked(app):  # noqa: F811
    drv = open_table(app, "zodiac", device="keyboard")
    ready_for_tiger(drv)
    table = drv.table
    card = next(w for w in table.shown_widgets if isinstance(w, CardWidget)
                and table._action_for(w.key) in table.legal)
    table.focus.set_focus(card)
    drv.step([key(pygame.K_RETURN)])
    for _ in range(40):
        drv.step()
    focused = table.focus.focused
    assert isinstance(focused, CardWidget) and focused.key == card.key, focused
    assert table.mode == "point" and table.why_not(focused.key), "the card is face up now"
    assert table.explanation() == "", table.explanation()
