"""Playtest (zh_TW, keyboard, 1920x1080): in "Lock a die", the face picker's frame and its first
face's focus ring cut the tiger's key badge "T" in half. By keyboard or pad the picker keeps
clear of the badge; its six faces still sit whole inside its frame."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from tests.scenes.md_driver import make_session
from tests.scenes.test_meow_dice_table import SLOTS, open_table


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def app(request, tmp_path):
    app = App(size=request.param, home=str(tmp_path), audio=False, speed="faster", lang="zh_TW")
    yield app
    app.shutdown()


def test_the_face_picker_keeps_off_the_tigers_key_badge(app):
    session = make_session(players=2, humans=(0,), setup={"slots": SLOTS, "dice": "CCCC"},
                           options={"advanced": True})
    drv = open_table(app, session, "keyboard")
    drv.settle()
    table = drv.table
    table._start_lock()
    table.pick_die = 0
    table.mode = "lock_face"
    for _ in range(3):
        drv.step()
    app.draw()
    glyph = getattr(table.advice, "glyph_rect", None)
    assert app.device == "keyboard" and glyph is not None
    frame = table.picker_frame()
    reach = pygame.Rect(frame).inflate(table.s(12), table.s(12))     # the first face's focus ring too
    assert not reach.colliderect(glyph), (frame, glyph)
    assert table.pick_spots and all(frame.contains(s.rect) for s in table.pick_spots)
