"""The tables' one focus model: Tab and the bumpers go from group to group (a hand, the board,
the actions), the arrows go along a hand or the dice and leave them across; a picked die that
rises no longer sends Down to another die."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from tests.peek import session_of
from tests.scenes import md_driver
from tests.scenes.hm_driver import Driver, key, make_session
from tests.scenes.test_meow_dice_table import open_table as md_open


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def test_tab_goes_from_the_hand_to_the_actions_not_to_the_next_card(app):
    from scenes.hungry_meow.table import HungryMeowTable

    table = HungryMeowTable(app, make_session(players=3, humans=(0,), seed=4))
    app.stack.push(table)
    drv = Driver(app, table, device="keyboard")
    drv.settle()
    while table.mode != "play":
        table.send(next(a for a in table.legal if a in ("direction cw", "draw 1")))
        drv.settle()
    cards = [w for w in table.focus.items if table.focus_group(w) == "hand"]
    table.focus.set_focus(cards[1])
    drv.step([key(pygame.K_TAB)])
    assert table.focus_group(table.focus.focused) != "hand"
    drv.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_SHIFT, unicode="",
                                 scancode=0)])
    assert table.focus_group(table.focus.focused) == "hand"
    table.focus.set_focus(cards[-1])
    drv.step([key(pygame.K_RIGHT)])
    assert table.focus.focused is cards[-1]             # the hand's end: no jump across the table


def test_down_from_a_picked_die_goes_to_reroll(app):
    """Picked dice rose, so Down went to another die instead of Reroll, and a second Down landed on
    Fish bone, one Enter from losing the turn."""
    drv = md_open(app, md_driver.make_session(players=2, humans=(0,), seed=3, actions=["roll"]), "keyboard")
    drv.settle()
    table = drv.table
    die = table.widget("die:1")
    table.focus.set_focus(die)
    drv.step([key(pygame.K_RETURN)])                    # picked: it rises
    drv.step([key(pygame.K_DOWN)])
    assert table.focus.focused is table.widget("btn:reroll"), table.focus.focused


def test_k_and_pad_y_press_the_main_action_wherever_the_focus_is(app):
    """Play/Pass was 4-6 presses away: K (pad Y) presses the moment's main action directly when
    nothing moves (and still hurries an animation)."""
    drv = md_open(app, md_driver.make_session(players=2, humans=(0,), seed=3), "pad")
    drv.settle()
    table = drv.table
    assert table.main_button() is table.widget("btn:roll")
    table.focus.set_focus(table.widget("slot:TL"))
    before = list(session_of(table).actions)
    drv.pad(pygame.CONTROLLER_BUTTON_Y)
    assert session_of(table).actions == before + ["roll"]
