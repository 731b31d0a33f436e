"""Juice: sparks where a Meal lands or a catch lands on its pile, a dark puff at Death; their
time follows the animation speed, none under "reduce motion", and the game never waits for them."""
from __future__ import annotations

import pytest

from game.runtime.app import App
from tests.scenes.hm_driver import fixed_setup, make_session


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def a_table(app):
    from scenes.hungry_meow.table import HungryMeowTable

    table = HungryMeowTable(app, make_session(players=2, humans=(0,), setup=fixed_setup(
        [["R1P", "R2P"], ["B1X", "B2X"]], deck_top=["LOAF"])))
    return opened(app, table)


def opened(app, table):
    """``table`` on the stack, its opening shown to the end."""
    app.stack.push(table)
    app.step(1 / 30, [])
    table.presenter.finish_all()
    return table


def test_a_meal_drawn_throws_sparks_that_end_with_the_speed_setting(app):
    from game.rules.base import Event

    table = a_table(app)
    table.presenter.present([Event("CardDrawn", {"seat": 0, "card": "LOAF", "reason": "draw"})], table.viewer)
    for _ in range(40):
        app.step(1 / 30, [])
        if table.juice.sparks:
            break
    assert table.juice.sparks and any(d.name == "sparks" for d in table.boxes.items if d.layer == "fx")
    normal = max(tw.duration for _, tw in table.juice.sparks)
    table.juice.sparks.clear()
    app.settings.animation_speed = "faster"
    table.juice.burst((100, 100), (255, 255, 255))
    assert max(tw.duration for _, tw in table.juice.sparks) < normal
    for _ in range(60):
        app.step(1 / 30, [])
    assert not table.juice.sparks


def test_reduce_motion_makes_no_sparks(app):
    table = a_table(app)
    app.settings.reduce_motion = True
    table.juice.burst((100, 100), (255, 255, 255))
    assert not table.juice.sparks
    app.settings.reduce_motion = False
    table.juice.burst((100, 100), (255, 255, 255))
    assert table.juice.sparks


def death_drawn(table):
    from game.rules.base import Event

    drawn = Event("CardDrawn", {"seat": 0, "card": "DEATH", "reason": "draw"})
    table.presenter.present([drawn], table.viewer)


def test_death_holds_the_table_a_blink_then_shakes_it_and_stills(app):
    table = a_table(app)
    death_drawn(table)
    for _ in range(40):
        app.step(1 / 60, [])
        if table.juice.stop_left > 0:
            break
    assert table.juice.stop_left > 0 and table.juice.shaking > 0        # the hit-stop, then the shake
    assert table.juice.held(1 / 60) == 0.0                              # the animations wait
    offsets = []
    for _ in range(40):
        app.step(1 / 60, [])
        offsets.append(table.shake_offset)
    assert any(o != (0, 0) for o in offsets)
    assert offsets[-1] == (0, 0) and table.juice.shaking == 0.0         # over in ~0.4 s
    assert max(abs(o[0]) for o in offsets) <= table.s(12) + 1


def test_the_shake_is_quicker_faster_and_none_under_reduce_motion(app):
    table = a_table(app)
    table.juice.hit()
    normal = table.juice.shake_tween.duration, table.juice.stop_left
    table.juice.shake_tween, table.juice.shaking, table.juice.stop_left = None, 0.0, 0.0
    app.settings.animation_speed = "faster"
    table.juice.hit()
    assert table.juice.shake_tween.duration < normal[0] and table.juice.stop_left < normal[1]
    table.juice.shake_tween, table.juice.shaking, table.juice.stop_left = None, 0.0, 0.0
    app.settings.reduce_motion = True
    death_drawn(table)
    for _ in range(120):
        app.step(1 / 60, [])
        assert table.shake_offset == (0, 0) and table.juice.stop_left <= 0


def test_a_shaken_frame_is_the_table_moved_and_leaves_no_trails(app):
    """The app draws a shaken frame whole and moved; the frame after the shake, drawn by parts,
    is exactly a full redraw (nothing of the moved frame is left on screen)."""
    import pygame

    from game.runtime import dirty
    from tests.runtime.test_dirty_redraw import same_rgb

    app.dirty_min_pixels = 0                        # by parts at this size too
    table = a_table(app)
    for _ in range(3):
        app.step(1 / 60, [])
    table.juice.shake()
    table.juice.clock = 0.02
    app.draw()
    dx, dy = table.shake_offset
    assert (dx, dy) != (0, 0) and app.present_rects is None      # sent whole
    shaken = app.screen.copy()
    table.juice.clock = 0.05                                     # the next frame of the shake:
    app.draw()                                                   # that picture only moved again
    ex, ey = table.shake_offset
    assert (ex, ey) != (dx, dy) and app.present_rects is None
    w, h = app.size
    inner = lambda ox, oy: pygame.Rect(max(ox, 0), max(oy, 0), w - abs(ox), h - abs(oy))   # noqa: E731
    keep = inner(dx, dy).move(ex - dx, ey - dy).clip(inner(ex, ey))
    assert same_rgb(app.screen.subsurface(keep).copy(), shaken.subsurface(keep.move(dx - ex, dy - ey)).copy())
    table.juice.clock = 0.02
    app._shaken = None
    app.draw()
    table.juice.shaking = 0.0
    app.draw()                                                   # the same moment, still
    w, h = app.size
    inner = pygame.Rect(max(dx, 0), max(dy, 0), w - abs(dx), h - abs(dy))
    assert same_rgb(shaken.subsurface(inner).copy(), app.screen.subsurface(inner.move(-dx, -dy)).copy())
    table.juice.shake()
    for _ in range(60):
        app.step(1 / 60, [])
    assert table.shake_offset == (0, 0)
    full = pygame.Surface(app.size, 0, app.screen)
    full.blit(app.screen, (0, 0))
    dirty.replay(full, app._recorded[1])
    assert same_rgb(full, app.screen)


def test_a_cat_that_turns_glad_or_wins_squashes_and_stretches_then_stands_as_before(app):
    table = a_table(app)
    app.step(1 / 60, [])
    assert table.juice.squash_of(1) == (1.0, 1.0)
    table.set_pose(1, "happy", 2.0)                      # (a Meal, a catch: the presenter's pose)
    seen = []
    for _ in range(40):
        app.step(1 / 60, [])
        seen.append(table.juice.squash_of(1))
    assert any(sx > 1.08 and sy < 0.92 for sx, sy in seen)     # squashed
    assert any(sx < 0.95 and sy > 1.05 for sx, sy in seen)     # stretched
    assert seen[-1] == (1.0, 1.0) and 1 not in table.juice.squashes
    app.settings.reduce_motion = True
    table.set_pose(0, "victorious", 2.0)
    for _ in range(5):
        app.step(1 / 60, [])
        assert table.juice.squash_of(0) == (1.0, 1.0)


def test_a_squashed_cat_is_drawn_wider_and_lower_on_the_same_feet():
    import pygame

    from game.art.cats import draw_cat

    surface = pygame.Surface((400, 400))
    plain = draw_cat(surface, (200, 200), 120, "tabby", "idle", 0.0)
    squat = draw_cat(surface, (200, 200), 120, "tabby", "idle", 0.0, squash=(1.15, 0.85))
    assert squat.w > plain.w and squat.h < plain.h
    assert abs(squat.bottom - plain.bottom) <= 1 and abs(squat.centerx - plain.centerx) <= 1


def test_a_card_mid_flip_lifts_larger_over_a_shadow_further_off(app, monkeypatch):
    """Hungry Meow: a card turning over is drawn wider than flat at its middle, its shadow falls
    further from it, the turning side darkens; a flat card and reduce motion keep it flat."""
    from scenes.table.presenter import Flyer

    table = a_table(app)
    widths, shadows = [], []
    real, lifted = table._blit_card, table._blit_lifted
    monkeypatch.setattr(table, "_blit_card",
                        lambda s, c, centre, w, *a: widths.append(w) or real(s, c, centre, w, *a))
    monkeypatch.setattr(table, "_blit_lifted",       # (scaled from the picture of its own width)
                        lambda s, c, centre, w, up, *a: widths.append(up) or lifted(s, c, centre, w, up, *a))
    real_shadow = table.shadow
    monkeypatch.setattr(table, "shadow", lambda size, alpha=70, keep=True: shadows.append(size)
                        or real_shadow(size, alpha, keep))
    surface = app.screen
    for flip in (1.0, 0.45):
        table._draw_flyer(surface, Flyer("R5P", (400, 300), 100, flip))
    assert widths[0] == 100 and widths[1] > 105            # lifted towards the eye mid-flip
    assert shadows                                          # its shadow, then the turning shade
    widths.clear()
    app.settings.reduce_motion = True
    table._draw_flyer(surface, Flyer("R5P", (400, 300), 100, 0.45))
    assert widths == [100]


def test_lifted_card_shadow_goes_further_the_higher_the_card(app):
    import pygame

    table = a_table(app)
    places = []
    surface = pygame.Surface((800, 600))
    real = surface.blit
    for flip in (0.2, 0.5):
        class Spy(pygame.Surface):
            def blit(self, source, dest, *a, **k):
                places.append(pygame.Rect(dest).center)
                return real(source, dest, *a, **k)
        spy = Spy((800, 600))
        table.juice.lifted_card(spy, flip, (400, 300), 100, 1.4)
    assert places[1][1] > places[0][1] > 300
    assert table.juice.lifted_card(surface, 1.0, (400, 300), 100, 1.4) == 100


def a_dice_table(app):
    from game.play.match import new_session
    from game.play.session import Seat
    from scenes.meow_dice.table import MeowDiceTable

    seats = [Seat("Mochi", "human", "heuristic", "tabby"), Seat("Tofu", "bot", "heuristic", "calico")]
    return opened(app, MeowDiceTable(app, new_session("meow-dice", seats, 3)))


def test_a_die_lands_with_weight_squashed_on_its_foot_and_a_puff_of_dust(app):
    from scenes.meow_dice.presenter import _Tumble

    table = a_dice_table(app)
    fx = table.presenter.dice_fx[1]
    tumble = _Tumble(table.presenter, 1, "C", 1, 0.0)
    table.juice.sparks.clear()
    while not tumble.done:
        tumble.update(1 / 60)
    assert table.juice.sparks and fx.pop == 0.0                # dust, no plain pop
    seen = []
    for _ in range(30):
        app.step(1 / 60, [])
        seen.append(fx.squash)
    assert any(sx > 1.1 and sy < 0.9 for sx, sy in seen)      # flat on landing
    assert any(sy > 1.03 for _, sy in seen)                    # springs back up
    assert seen[-1] == (1.0, 1.0)
    foot = table.dice_rects()[1].bottom
    assert all(sp.centre[1] < foot for sp, _ in table.juice.sparks)


def test_a_die_lands_plain_under_reduce_motion(app):
    from scenes.meow_dice.presenter import _Tumble

    table = a_dice_table(app)
    app.settings.reduce_motion = True
    fx = table.presenter.dice_fx[0]
    tumble = _Tumble(table.presenter, 0, "F", -1, 0.0)
    tumble.finish()
    # no squash, no dust and no scale pop either (stranger 6: "reduce motion" still moved the dice)
    assert fx.pop == 0.0 and fx.squash == (1.0, 1.0) and not table.juice.timelines


def test_under_reduce_motion_a_die_shows_its_result_where_it_lies(app):
    """Stranger 6: with "reduce motion" on, the dice still flew in, spun and bounced (tilted in
    mid-roll 0.35 s after "Roll!"). Now each shows its result in place, still, from the start."""
    from scenes.meow_dice.presenter import _Tumble

    table = a_dice_table(app)
    app.settings.reduce_motion = True
    fx = table.presenter.dice_fx[2]
    tumble = _Tumble(table.presenter, 2, "Y", 1, 0.14)
    steps = 0
    while not tumble.done:
        tumble.update(1 / 60)
        steps += 1
        assert fx.offset == (0.0, 0.0) and fx.angle == 0.0 and fx.face == "Y"
    assert steps / 60 <= 0.3 * table.presenter.speed + 0.05
    app.settings.reduce_motion = False
    moving = _Tumble(table.presenter, 2, "Y", 1, 0.0)
    for _ in range(20):
        moving.update(1 / 60)
    assert fx.offset != (0.0, 0.0) or fx.angle != 0.0            # (the setting off: it tumbles)


def test_the_tiger_button_shows_a_striped_tiger_not_a_seat_s_cat(app):
    """The tiger (Ask the tiger) is its own picture: the tiger's orange and black stripes in
    its button, none of the ginger coat the player's cats may wear (issue 40)."""
    import numpy
    import pygame

    table = a_table(app)
    for _ in range(3):
        app.step(1 / 30, [])
    button = table.advice.button
    assert button.visible
    area = app.screen.subsurface(button.rect.clip(app.screen.get_rect()))
    rgb = pygame.surfarray.array3d(area).astype(numpy.uint32)
    seen = set(numpy.unique((rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]).tolist())
    assert 0xE8731C in seen                        # the tiger's coat
    assert 0xF09846 not in seen                    # the ginger cat's coat
