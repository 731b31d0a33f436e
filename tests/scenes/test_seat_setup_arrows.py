"""Seat setup's arrows go to the nearest thing that way, row by row, and never wrap (stranger 8,
defect 14: Left from "− Seat" went round to Start, and Left, Left, Down from "Bite" landed on
seat 2's portrait). Also the hand choice's words keep a margin inside their button, and the
computer seats do not think before a game has begun."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from game.ui.textfit import fit_text
from scenes.seat_setup import KIND, OptionField, SeatField, SeatSetupScene
from scenes.tables import table_info

ARROWS = {"left": pygame.K_LEFT, "right": pygame.K_RIGHT, "up": pygame.K_UP, "down": pygame.K_DOWN}


@pytest.fixture(params=[(1280, 720), (1920, 1080)])
def app(request, tmp_path):
    app = App(size=request.param, home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def setup(app, game: str, seats: int) -> SeatSetupScene:
    scene = SeatSetupScene(app, table_info(game))
    app.stack.push(scene)
    app.step(1 / 30)
    while len(scene.seats) > seats:
        scene.remove_seat()
    while len(scene.seats) < seats:
        scene.add_seat()
    app.step(1 / 30)
    return scene


def press(app, direction: str) -> None:
    event = pygame.event.Event(pygame.KEYDOWN, key=ARROWS[direction], mod=0, unicode="", scancode=0)
    app.step(1 / 30, [event])


def option(scene, key: str) -> OptionField:
    return next(w for w in scene.widgets if isinstance(w, OptionField) and w.option.key == key)


def test_left_from_the_first_button_stays_and_right_from_start_stays(app):
    scene = setup(app, "meow-dice", 3)
    assert scene.focus.set_focus(scene.remove_btn)
    press(app, "left")
    assert scene.focus.focused is scene.remove_btn
    scene.focus.set_focus(scene.start_btn)
    press(app, "right")
    assert scene.focus.focused is scene.start_btn


def test_left_left_down_from_bite_reaches_the_buttons_not_a_seat(app):
    scene = setup(app, "meow-dice", 2)
    assert scene.focus.set_focus(option(scene, "one_bite"))
    press(app, "left")
    assert scene.focus.focused is option(scene, "advanced")     # "specials" needs "advanced": greyed
    press(app, "left")
    assert scene.focus.focused is option(scene, "advanced")     # the row's end: no wrap
    press(app, "down")
    assert scene.focus.focused in (scene.remove_btn, scene.add_btn, scene.back_btn)


@pytest.mark.parametrize("game,seats", [("meow-dice", 2), ("meow-dice", 4), ("hungry-meow", 3),
                                        ("zodiac", 3), ("zodiac", 6)])
def test_no_arrow_lands_behind_where_it_points(app, game, seats):
    """From every usable thing, each arrow stays put or goes that way (by centres): never a
    wrap round to the far side."""
    scene = setup(app, game, seats)
    sign = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
    for start in [w for w in scene.focus.items if scene.focus.usable(w)]:
        for direction, (dx, dy) in sign.items():
            if isinstance(start, SeatField) and start.part == "level" and direction in ("left", "right"):
                continue                                  # Left/Right change the level there
            scene.focus.set_focus(start)
            press(app, direction)
            end = scene.focus.focused
            if end is start:
                continue
            a, b = pygame.Rect(start.rect).center, pygame.Rect(end.rect).center
            assert (b[0] - a[0]) * dx + (b[1] - a[1]) * dy > 0, (game, seats, start, direction, end)


def test_the_hand_choice_keeps_a_margin_inside_its_button():
    app = App(size=(1280, 720), home=None, audio=False, lang="zh_TW")
    try:
        for key in ("setup.hand_here", "setup.hand_phone", "setup.hand_shared", "setup.person",
                    "setup.computer"):
            fit = fit_text(app, app.t(key), KIND)
            assert fit.width <= app.s(280 - 2 * 20), (key, fit)        # 20 design px each side at least
    finally:
        app.shutdown()


def test_computer_seats_do_not_think_on_the_setup_screen(app, monkeypatch):
    import scenes.seat_setup as seat_setup

    poses = []
    monkeypatch.setattr(seat_setup, "draw_cat",
                        lambda surface, pos, size, coat, pose, *rest: poses.append(pose))
    scene = setup(app, "hungry-meow", 3)
    scene.focus.set_focus(scene.start_btn)
    for t in (0.5, 1.5, 3.0, 6.5):
        scene.t = t
        app.step(1 / 30)
    assert poses and "thinking" not in poses
