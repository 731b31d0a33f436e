"""s43: at three seats "Nothing fits: Biscuit gets a fish bone" ran from the board onto the seat
panel beside it. A banner's words now fit between the board's slots: at every seat count, size
and language, the longest outcome banner meets no seat's panel."""
from __future__ import annotations

import pytest

from game.runtime.app import App
from scenes.meow_dice.table import MeowDiceTable
from tests.scenes.md_driver import make_session


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_outcome_banner_stays_on_the_board(tmp_path, size, lang, players):
    app = App(size=size, home=str(tmp_path), audio=False, lang=lang)
    try:
        table = MeowDiceTable(app, make_session(players=players, humans=(0,), seed=5))
        name = "Biscuit (you)"
        lines = [app.t("md.ev.fishbone", name=name), app.t("md.ev.fish_empty", name=name),
                 app.t("md.ev.take_pts", name=name, card=app.t("md.card.food/tuxedo/2/!F"), n=2)]
        tray = table.anchors["tray"].rect
        middle = (table.slot_rect("TL").bottom + table.slot_rect("BL").y) // 2
        for text in lines:
            surf, _, _ = table.banner_picture(text, (190, 210, 235), *table.banner_look())
            box = surf.get_rect(center=(tray.centerx, middle)).inflate(table.s(60), table.s(24))
            for seat in range(players):
                assert not box.colliderect(table.seat_region(seat)), (text, seat, box)
            assert table.slot_rect("TL").left <= box.left and box.right <= table.slot_rect("TR").right
    finally:
        app.shutdown()
