"""Spatial focus navigation and tweens/timelines."""

import pygame
import pytest

from game.runtime import tween as tw
from game.runtime.input import Intent
from game.ui.focus import FocusGroup


class Item:
    def __init__(self, name, rect, enabled=True):
        self.name, self.rect, self.enabled = name, pygame.Rect(rect), enabled
        self.pressed = 0

    def on_press(self):
        self.pressed += 1

    def __repr__(self):
        return self.name


def grid():
    # a  b  c
    # d  (e disabled)  f
    #       g (wide, below)
    items = {
        n: Item(n, (x * 200, y * 120, 150, 80))
        for n, x, y in (("a", 0, 0), ("b", 1, 0), ("c", 2, 0), ("d", 0, 1), ("e", 1, 1), ("f", 2, 1))
    }
    items["e"].enabled = False
    items["g"] = Item("g", (150, 300, 300, 90))
    return items, FocusGroup(items.values(), wrap=False)


def test_move_picks_nearest_in_direction_and_skips_disabled():
    items, f = grid()
    assert f.focused is items["a"]
    assert f.move("right") and f.focused is items["b"]
    assert f.move("down") and f.focused is items["g"]  # e is disabled: the wide button below
    assert f.move("up") and f.focused is items["b"]
    f.set_focus(items["d"])
    assert f.move("right") and f.focused is items["f"]  # jumps over the disabled e
    assert not f.move("right")  # nothing further, no wrap
    f.set_focus(items["c"])
    assert f.move("left") and f.focused is items["b"]


def test_wrap_goes_to_far_side_of_same_row():
    items, f = grid()
    f.wrap = True
    f.set_focus(items["c"])
    assert f.move("right") and f.focused is items["a"]


def test_pointer_hover_sets_focus_and_click_presses():
    items, f = grid()
    assert f.handle(Intent("point", pos=items["f"].rect.center, device="mouse"))
    assert f.focused is items["f"]
    assert not f.handle(Intent("point", pos=(5000, 5000), device="mouse"))
    assert f.focused is items["f"]  # focus stays visible where it was
    assert f.handle(Intent("click", pos=items["c"].rect.center, device="mouse"))
    assert items["c"].pressed == 1 and f.focused is items["c"]
    assert not f.handle(Intent("click", pos=items["e"].rect.center))  # disabled: no press
    assert items["e"].pressed == 0
    assert f.handle(Intent("confirm")) and items["c"].pressed == 2
    assert f.handle(Intent("next")) and f.focused is items["d"]
    assert f.handle(Intent("prev")) and f.focused is items["c"]


def test_focus_outline_is_drawn():
    items, f = grid()
    surf = pygame.Surface((800, 500))
    surf.fill((0, 0, 0))
    f.set_focus(items["f"])
    f.draw(surf, 0.3)
    r = items["f"].rect
    ring = [surf.get_at((x, r.top - dy)) for x in range(r.left, r.right) for dy in range(4, 16)]
    assert any(c.r > 200 and c.g > 200 for c in ring)
    assert surf.get_at(items["a"].rect.center)[:3] == (0, 0, 0)


class Box:
    x = 0.0
    pos = (0.0, 0.0)


def test_tween_linear_and_tuple_values():
    b = Box()
    t = tw.Tween(b, "x", 10.0, 1.0, tw.linear)
    t.update(0.25)
    assert b.x == pytest.approx(2.5)
    t.update(1.0)
    assert b.x == 10.0 and t.done
    t2 = tw.Tween(b, "pos", (10.0, 20.0), 0.5, tw.linear, delay=0.5)
    t2.update(0.5)
    assert b.pos == (0.0, 0.0)
    t2.update(0.25)
    assert b.pos == pytest.approx((5.0, 10.0))


@pytest.mark.parametrize("ease", [tw.linear, tw.in_out_sine, tw.out_back, tw.out_cubic, tw.out_bounce])
def test_easing_endpoints(ease):
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_out_back_overshoots():
    assert max(tw.out_back(i / 100) for i in range(101)) > 1.0


def test_timeline_sequence_parallel_callbacks_and_finish():
    a, b, log = Box(), Box(), []
    tl = tw.Timeline()
    tl.then(a, "x", 1.0, 0.5, tw.linear).call(lambda: log.append("mid")).wait(0.5)
    tl.together(tl.tween(a, "x", 2.0, 0.5, tw.linear), tl.tween(b, "x", 5.0, 1.0, tw.linear))
    tl.call(lambda: log.append("end"))
    tl.update(0.6)  # 0.1 s spills into the wait
    assert a.x == 1.0 and log == ["mid"]
    tl.update(0.4)
    assert not tl.done and b.x == 0.0
    tl.update(0.5)
    assert a.x == pytest.approx(2.0) and b.x == pytest.approx(2.5)
    tl.finish()  # skip: end state, remaining callbacks fire
    assert b.x == 5.0 and log == ["mid", "end"] and tl.done


def test_setter_tween_and_speed_factor():
    got = []
    t = tw.Tween(None, got.append, 1.0, 1.0, tw.linear, start=0.0, speed=0.5)  # "faster": half as long
    t.update(0.25)
    assert got[-1] == pytest.approx(0.5)
    t.update(0.25)
    assert t.done and got[-1] == 1.0
    with pytest.raises(ValueError, match="start="):
        tw.Tween(None, got.append, 1.0, 1.0)
    tl = tw.Timeline(speed=0.5).wait(1.0)
    tl.update(0.5)
    assert tl.done
