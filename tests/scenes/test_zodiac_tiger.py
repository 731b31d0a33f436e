"""Zodiac's tiger and the keyboard focus (issue 21, stranger21b defect 4): the tiger outlined an
opponent's card while the focus frame stayed on one of the person's own cards, and Enter pointed
at the focused card. Now the tiger's pick takes the focus when the hint shows, so T then Enter
points where the tiger says; and only one "this card" mark shows at a time: the tiger's outline
yields once the person moves the focus to another card."""
from __future__ import annotations

import pygame

from scenes.zodiac.table import CardWidget, widget_name
from tests.peek import session_of
from tests.scenes.hm_driver import key, record_drawn_text
from tests.scenes.test_advice_layer import app, open_table, ready_for_tiger, wait_hint  # noqa: F401


def own_card_focused(table) -> CardWidget:
    own = next(w for w in table.shown_widgets if w.key[0] == "hand" and w.key[1] == 0
               and table._action_for(w.key) in table.legal)
    table.focus.set_focus(own)
    return own


def test_t_then_enter_points_at_the_tigers_card(app):  # noqa: F811
    drv = open_table(app, "zodiac", device="keyboard")
    ready_for_tiger(drv)
    table = drv.table
    own_card_focused(table)
    drv.step([key(pygame.K_t)])
    hint = wait_hint(drv)
    drv.step()
    focused = table.focus.focused
    assert isinstance(focused, CardWidget) and widget_name(focused.key) in hint.targets, \
        (hint.targets, focused)
    before = len(session_of(table).actions)
    drv.step([key(pygame.K_RETURN)])
    drv.step()
    if table.tools.pending is not None:          # the third card asks first
        table.tools.yes()
    assert session_of(table).actions[before:before + 1] == [hint.action]


def test_one_this_card_mark_at_a_time(app, monkeypatch):  # noqa: F811
    drv = open_table(app, "zodiac", device="keyboard")
    ready_for_tiger(drv)
    table = drv.table
    drv.step([key(pygame.K_t)])
    hint = wait_hint(drv)
    drv.step()
    drawn = []
    real = pygame.draw.rect
    orange = (255, 150, 40)

    def spy(surface, colour, rect, *a, **k):
        if tuple(colour)[:3] == orange:
            drawn.append(pygame.Rect(rect))
        return real(surface, colour, rect, *a, **k)

    monkeypatch.setattr(pygame.draw, "rect", spy)
    drv.step()
    assert drawn, "the tiger's outline shows on its own focused card"
    other = own_card_focused(table)
    assert widget_name(other.key) not in hint.targets
    drawn.clear()
    drv.step()
    assert not drawn, "the tiger's outline stays on another card than the focused one"


def test_a_cards_tip_leaves_the_prompt_on_screen(app, monkeypatch):  # noqa: F811
    """Stranger21b: a focused hand card's tip, docked in the prompt's place, hid "Point at a
    face-down card (1 of 3)". While the tip stands there the prompt is drawn in the footer."""
    from scenes.table.tooltip import DELAY
    drv = open_table(app, "zodiac", device="keyboard")
    ready_for_tiger(drv)
    table = drv.table
    prompt = table._prompt_text()[0]
    own_card_focused(table)
    drv.step(frames=int(DELAY / drv.dt) + 4)
    assert table.tooltip.shown and table.zone("tooltip") is not None
    said = record_drawn_text(app, monkeypatch)
    drv.step()
    tip = next(d.rect for d in table.boxes.items if d.name == "tooltip")
    seen = [r for text, r in said if text == prompt and not r.colliderect(tip)]   # not under the tip
    assert seen, (prompt, tip, [x for x in said if x[0] == prompt])
