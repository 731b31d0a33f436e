"""Mouse tips wait for the pointer to rest, and keep off what a press or a drag is working on
(stranger 11, defect 2: tips covered the hand being arranged, and a Loaf's tip stayed over the
Prophecy row after a drag)."""
from __future__ import annotations

import pygame

from scenes.table.tooltip import DELAY
from tests.scenes.test_overlap_audit import DT, app, person_turn, rest, tip_target  # noqa: F401


def _motion(pos, held=False):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(1 if held else 0, 0, 0))


def _button(kind, pos):
    return pygame.event.Event(kind, pos=pos, button=1)


def _piece(app):  # noqa: F811
    table = person_turn(app, "meow-dice", 3)
    table.advice.asked, table.advice.hint = None, None
    piece = tip_target(table)
    assert piece is not None
    return table, piece


def test_a_mouse_tip_waits_for_the_pointer_to_rest(app):  # noqa: F811
    table, piece = _piece(app)
    x, y = piece.rect.center
    app.step(DT, [_motion((x, y))])
    for i in range(int(2 * DELAY / DT)):          # wandering over the piece for twice the wait
        app.step(DT, [_motion((x + (8 if i % 2 else -8), y))])
        assert not table.tooltip.shown, "a tip showed under a pointer still moving"
    rest(app, int(DELAY / DT) - 2)
    assert not table.tooltip.shown
    rest(app, 4)
    assert table.tooltip.shown                    # rested: the tip


def test_a_click_hides_the_tip_until_the_pointer_leaves_the_piece(app):  # noqa: F811
    table, piece = _piece(app)
    x, y = piece.rect.center
    app.step(DT, [_motion((x, y))])
    rest(app, int(DELAY / DT) + 2)
    assert table.tooltip.shown
    app.step(DT, [_button(pygame.MOUSEBUTTONDOWN, (x, y)), _button(pygame.MOUSEBUTTONUP, (x, y))])
    assert not table.tooltip.shown
    rest(app, int(3 * DELAY / DT))
    assert not table.tooltip.shown, "a tip came back on the piece just clicked"


def test_no_tip_during_a_drag_nor_left_over_after_it(app):  # noqa: F811
    table, piece = _piece(app)
    x, y = piece.rect.center
    app.step(DT, [_motion((x, y))])
    rest(app, int(DELAY / DT) + 2)
    assert table.tooltip.shown
    app.step(DT, [_button(pygame.MOUSEBUTTONDOWN, (x, y))])
    for step in range(1, 30):                     # carried slowly, then held still
        app.step(DT, [_motion((x + min(step, 10) * 4, y), held=True)])
        assert not table.tooltip.shown, "a tip stood over the card being dragged"
    end = (x + 40, y)
    app.step(DT, [_button(pygame.MOUSEBUTTONUP, end)])
    rest(app, int(3 * DELAY / DT))
    assert not table.tooltip.shown, "a tip was left over after the drop"


def test_a_touch_long_press_still_shows_its_tip(app):  # noqa: F811
    table, piece = _piece(app)
    w, h = app.size
    x, y = piece.rect.center
    down = pygame.event.Event(pygame.FINGERDOWN, x=x / w, y=y / h, finger_id=0, touch_id=0, dx=0, dy=0)
    app.step(DT, [down])
    rest(app, int(DELAY / DT) + 2)
    assert table.tooltip.shown                    # a finger held still: the phone's long press
    up = pygame.event.Event(pygame.FINGERUP, x=x / w, y=y / h, finger_id=0, touch_id=0, dx=0, dy=0)
    app.step(DT, [up])
    rest(app, int(2 * DELAY / DT))
    assert not table.tooltip.shown                # lifted: gone, and not back on the piece tapped
