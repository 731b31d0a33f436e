"""Issue 12: icons that carry meaning keep the floor (``ICON_MIN_PX``: 28 px on a 1280x720
window) on all three tables, side by side without overlapping each other or the tool buttons.
Seeded games are played with random legal moves; every settled frame's ``meaning_icons()`` (the
places the drawing itself uses) is measured. The icons are measured every 3rd frame (and on every
new screen) where nothing moves, on that frame drawn, while moves are made on any frame."""
from __future__ import annotations

import random

import pygame
import pytest

from game.play.match import new_session
from game.play.session import Seat
from game.runtime.app import App
from game.ui.textfit import ICON_MIN_PX
from scenes.tables import table_info
from tests.peek import engine_of
from tests.scenes.hm_driver import UNSEEN

SIZES = [(1280, 720), (1920, 1080)]
EVERY = 3                       # the icons are measured every 3rd frame


def _start(app, game, players, seed, options=None):
    seats = [Seat(f"Cat{i}", "human" if i == 0 else "bot", "heuristic", "tabby") for i in range(players)]
    table = table_info(game).scene_class()(app, new_session(game, seats, seed, options))
    app.stack.clear_to(table)
    app.step(1 / 30, [])
    return table


def _check(table, app, seen: set) -> None:
    floor = app.s(ICON_MIN_PX)
    icons = table.meaning_icons()
    tools = [b.rect for b in (table.tools.undo_btn, table.tools.moves_btn) if b.visible]
    for what, rect in icons:
        seen.add(what.split(":", 1)[1] if what.startswith("seat") else what)
        assert min(rect.size) >= floor, f"{what} {rect.size} < {floor} px at {app.size}"
        assert not rect.collidelistall(tools), f"{what} {rect} under a tool button"
    for i, (a, ra) in enumerate(icons):
        for b, rb in icons[i + 1:]:
            assert not ra.colliderect(rb), f"{a} {ra} overlaps {b} {rb} at {app.size}"


def _play(app, table, frames: int, seen: set, rng: random.Random, each=None) -> None:
    """Moves on any frame; the icons measured on every 3rd frame (and each new screen), drawn only
    when measured: a frame where the table is busy is skipped, not looked at, so not drawn."""
    for _ in range(frames):
        if app.stack.top is not table or engine_of(table).over:
            return
        if table.tools.pending is not None:
            table.tools.yes()
        if table.presenter.busy:
            table.presenter.skip()
        else:
            if app.drew or (app.frame - 1) % EVERY == 0:     # a frame draw_every(3) drew
                app.show_now()
                _check(table, app, seen)
            if each:
                each(table)
            if table.my_turn() and table.legal:
                table.send(rng.choice(table.legal))
            elif table.my_turn() and getattr(table, "mode", None) == "arrange":
                table._arrange_done()
        table.runner.wait_ready()
        app.step(1 / 30, [])


@pytest.mark.parametrize("size", SIZES)
def test_meow_dice_icons_keep_the_floor(tmp_path, size):
    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang="en")
    app.draw_every(UNSEEN)
    try:
        seen: set = set()
        for players, options in ((4, {"advanced": True}), (2, {})):
            table = _start(app, "meow-dice", players, 3, options)
            _play(app, table, 900, seen, random.Random(3))
        table = _start(app, "meow-dice", 4, 5, {"advanced": True})
        _play(app, table, 1, seen, random.Random(5))
        board = table.presenter.board
        board.won_tokens[0] = ["!C", "XC", "!F", "XF", "!Y", "XY", "!M", "XM"]    # more than the room
        board.won_tokens[1] = ["!B", "XB"]
        app.step(1 / 30, [])
        app.show_now()
        _check(table, app, seen)
        shown, more = table.won_shown(0, board.won_tokens[0])
        assert more and len(shown) + more == 8
        if table.my_turn() and "condition" in {a.split()[0] for a in table.legal}:
            table._start_condition()
            table._press_slot(next(s for s, spot in table.slot_spots.items() if spot.enabled))
            app.step(1 / 30, [])
            app.show_now()
            _check(table, app, seen)
            assert "pick" in seen
        assert {"die", "supply", "slot_token", "won", "head", "enth0", "cat_token", "type:food"} <= seen, seen
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", SIZES)
def test_zodiac_and_hungry_meow_icons_keep_the_floor(tmp_path, size):
    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang="en")
    app.draw_every(UNSEEN)
    try:
        for players in (4, 6):
            seen: set = set()
            table = _start(app, "zodiac", players, 2)
            # 600 frames hold several rounds of reveals and captures (both are first seen by 65)
            _play(app, table, 600, seen, random.Random(2))
            assert {"step", "capture"} <= seen, seen
        seen = set()
        table = _start(app, "hungry-meow", 3, 4)
        _play(app, table, 900, seen, random.Random(4))
        assert "to_beat_symbol" in seen, seen
    finally:
        app.shutdown()


def test_the_floor_is_28_px_on_the_smallest_window(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    try:
        assert app.s(ICON_MIN_PX) >= 28
        assert pygame.Rect(0, 0, app.s(ICON_MIN_PX), 1).w == 28
    finally:
        app.shutdown()
