"""Issue 21 item 4: dice tumbling over "Condition tokens". A thrown die's path stays over the
dice's own part of the tray: in every frame of a roll, each spinning die (as wide as it is when
turned 45 degrees) misses the condition token supply and the tiger, basic and advanced, at
1280x720 and 1920x1080."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from tests.scenes import md_driver
from tests.scenes.test_meow_dice_table import open_table


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720", "1080"])
@pytest.mark.parametrize("advanced", [True, False], ids=["advanced", "basic"])
def test_tumbling_dice_miss_the_supply_and_the_tiger(tmp_path, size, advanced):
    app = App(size=size, home=str(tmp_path), audio=False, lang="en")
    try:
        drv = open_table(app, md_driver.make_session(players=4, humans=(0,), options={"advanced": advanced}))
        drv.settle()
        table = drv.table
        assert table.my_turn() and "roll" in table.legal
        supply = table.anchors["supply"].rect
        tiger = table.tiger_rect()
        table.send("roll")
        seen = 0
        for _ in range(120):
            app.step(1 / 60, [])
            for d, rect in enumerate(table.dice_rects()):
                fx = table.presenter.dice_fx[d]
                if abs(fx.angle) <= 1 and fx.offset == (0.0, 0.0):
                    continue
                seen += 1
                box = pygame.Rect(0, 0, round(rect.w * 1.42), round(rect.h * 1.42))
                box.center = (round(rect.centerx + fx.offset[0]), round(rect.centery + fx.offset[1]))
                assert not box.colliderect(tiger), (d, box, tiger)
                if advanced:
                    assert not box.colliderect(supply), (d, box, supply)
            if not table.presenter.busy:
                break
        assert seen > 20, "no die was seen mid-tumble"
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720", "1080"])
@pytest.mark.parametrize("players", [2, 4])
def test_tumbling_dice_stay_under_the_market_and_its_counts(tmp_path, size, players):
    """Dice flew over the "7 left" under the golden pile (and the slots' words): a thrown die,
    turned, stays below the market's cards and the piles' counts in every frame of a roll."""
    app = App(size=size, home=str(tmp_path), audio=False, lang="en")
    try:
        drv = open_table(app, md_driver.make_session(players=players, humans=(0,)))
        drv.settle()
        table = drv.table
        s = table.s
        above = [a.rect for name, a in table.anchors.items() if name.startswith("slot")]
        above += [pygame.Rect(a.rect.x, a.rect.bottom, a.rect.w, s(34)) for name, a in table.anchors.items()
                  if name in ("deck", "golden", "fishbones")]
        table.send("roll")
        seen = 0
        for _ in range(120):
            app.step(1 / 60, [])
            for d, rect in enumerate(table.dice_rects()):
                fx = table.presenter.dice_fx[d]
                if fx.offset == (0.0, 0.0):
                    continue
                seen += 1
                box = pygame.Rect(0, 0, round(rect.w * 1.42), round(rect.h * 1.42))
                box.center = (round(rect.centerx + fx.offset[0]), round(rect.centery + fx.offset[1]))
                hits = [r for r in above if box.clip(r).h > 1 and box.clip(r).w > 1]
                assert not hits, (d, box, hits)
            if not table.presenter.busy:
                break
        assert seen
    finally:
        app.shutdown()
