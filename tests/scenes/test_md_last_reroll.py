"""Playtest (en, mouse): on roll 2 the player rerolled one die, and the turn's rerolls were over
("threw 1 die: no fewer left to reroll") with no word before the press. A reroll after which no
other can follow (one die, or the turn's fourth roll) says "(last)" on its button."""
from __future__ import annotations

from tests.scenes.md_driver import make_session
from tests.scenes.test_meow_dice_table import SLOTS, app, open_table  # noqa: F401


def test_the_last_reroll_says_so_on_its_button(app):  # noqa: F811
    setup = {"slots": SLOTS, "dice": "CCFM" + "FYM" + "YM" + "P"}
    drv = open_table(app, make_session(players=2, humans=(0,), setup=setup), "mouse")
    drv.settle()
    drv.click("btn:roll")
    drv.settle()
    table = drv.table
    button = table.buttons["reroll"]
    drv.click("die:0")
    drv.step()
    assert button.text(app) == "Reroll 1 (last)"            # one die: no fewer left after it
    drv.click("die:1")
    drv.step()
    assert button.text(app) == "Reroll 2 (max 3)"
    drv.click("die:2")
    drv.click("btn:reroll")
    drv.settle()
    drv.click("die:0")
    drv.click("die:1")
    drv.click("btn:reroll")                                 # the third roll
    drv.settle()
    drv.click("die:2")
    drv.step()
    assert button.text(app) == "Reroll 1 (last)"
    app.set_language("zh_TW")
    assert button.text(app) == "重擲 1 顆（最後一次）"
