"""Meow Meow Dice's focus ring (strangers 40r): in mouse play no keyboard ring after a roll (en
#12); on the die the tiger points at, its orange outline and the focus ring both show, and the
focus ring keeps one colour (zh #5: the ring hid the outline; it was white or yellow by moment)."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import focus_reach
from game.bots.advice import Hint, Text
from scenes.advice import TIGER
from tests.scenes import md_driver
from tests.scenes.hm_driver import key
from tests.scenes.test_meow_dice_table import SLOTS, app, open_table  # noqa: F401


def rolled(app, device):  # noqa: F811
    session = md_driver.make_session(players=2, humans=(0,), seed=3, setup={"slots": SLOTS, "dice": "CFMB"})
    drv = open_table(app, session, device)
    drv.settle()
    drv.table.send("roll")
    drv.settle()
    assert drv.table.mode == "rolling"
    return drv


def test_mouse_play_shows_no_keyboard_ring_until_a_key_is_pressed(app):  # noqa: F811
    drv = rolled(app, "mouse")
    table = drv.table
    drawn = []
    table.draw_focus = lambda *a, **k: drawn.append(table.focus.focused)
    drv.step([pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(1, 1), buttons=(0, 0, 0))])
    app.draw()
    assert table.focus.focused is not None and not drawn, "a ring far from the pointer"
    die = table.dice_spots[2]
    drv.step([pygame.event.Event(pygame.MOUSEMOTION, pos=die.rect.center, rel=(1, 1), buttons=(0, 0, 0))])
    app.draw()
    assert drawn and drawn[-1] is die                   # the piece under the pointer
    drawn.clear()
    drv.step([key(pygame.K_RIGHT)])
    app.draw()
    assert drawn, "a key brings the ring back"


def ring_colours(surface, rect, reach) -> set:
    """The colours on a band around ``rect`` (within the focus ring's reach)."""
    out = set()
    for dy in range(1, reach):
        y = rect.top - dy
        for x in range(rect.left + rect.w // 3, rect.right - rect.w // 3):
            out.add(tuple(surface.get_at((x, y)))[:3])
    return out


def test_the_tigers_outline_shows_beyond_the_focus_ring_and_the_ring_keeps_one_colour(app):  # noqa: F811
    drv = rolled(app, "keyboard")
    table = drv.table
    drv.step([key(pygame.K_RIGHT)])                     # keys in use
    die = table.dice_spots[0]
    table.focus.set_focus(die)
    advice = table.advice
    hint = Hint("meow-dice", 0, "reroll 0", Text("md.tiger.condition"), ("die:0",), ())
    advice.asked, advice.hint = advice.position(), hint
    reach = focus_reach(app.scale)
    seen = set()
    for t in (0.0, 0.314, 0.628, 0.942):                # the ring's breath: narrow, wide and between
        table.time = t
        app.draw()
        shot = app.screen
        out = reach + max(2, table.s(3))
        r = pygame.Rect(die.rect).inflate(2 * out, 2 * out)
        band = {tuple(shot.get_at((x, r.top + 1)))[:3] for x in range(r.centerx - 10, r.centerx + 10)}
        assert TIGER in band, (t, band)
        seen |= ring_colours(shot, pygame.Rect(die.rect), reach)
    assert P.FOCUS_2 in seen and P.FOCUS not in seen, seen
