"""Deferred: tweens made when the step starts, from where things are then."""
from game.runtime.tween import Deferred, Timeline, Tween


class Box:
    x = 0.0


def test_deferred_tweens_start_from_where_things_are_when_the_step_begins():
    box = Box()
    made = []
    tl = Timeline()
    tl.call(lambda: setattr(box, "x", 50.0))            # something moves the box first
    tl.add(Deferred(lambda: made.append(1) or [Tween(box, "x", 100.0, 1.0)]))
    assert made == []                                   # nothing made before the step begins
    tl.update(0.5)
    assert made == [1] and 50.0 < box.x < 100.0         # tween began at 50, not at 0
    tl.update(1.0)
    assert tl.done and box.x == 100.0 and made == [1]   # made once only


def test_deferred_finish_jumps_to_the_end():
    box = Box()
    step = Deferred(lambda: [Tween(box, "x", 7.0, 2.0)])
    step.finish()
    assert step.done and box.x == 7.0
