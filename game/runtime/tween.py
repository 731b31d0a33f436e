"""Tweens and timelines.

``Tween(target, "x", 300, 0.4, out_back)`` moves ``target.x`` to 300 in 0.4 s; the attribute may be
a number or a tuple of numbers (positions, colours); ``attr_or_setter`` may be a callable that
receives the value each frame (target is then ignored; ``start=`` is then required).
``Timeline`` runs steps in sequence (``then``), in parallel (``together``), with waits and
callbacks. ``finish()`` jumps everything to the end state and fires the callbacks that were still
due, so a skip never loses game effects.
"""
from __future__ import annotations

import math
from typing import Callable


# ---- easing ------------------------------------------------------------------------------------
def linear(t: float) -> float:
    return t


def in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_cubic(t: float) -> float:
    return t ** 3


def out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def out_bounce(t: float) -> float:
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


EASINGS = {f.__name__: f for f in (linear, in_out_sine, out_cubic, in_cubic, out_back, out_bounce)}


def lerp(a, b, t: float):
    if isinstance(a, (tuple, list)):
        return type(a)(lerp(x, y, t) for x, y in zip(a, b, strict=True))
    return a + (b - a) * t


# ---- tweens ------------------------------------------------------------------------------------
class Tween:
    def __init__(self, target, attr_or_setter, to, duration: float, ease: Callable = in_out_sine,
                 delay: float = 0.0, start=None, speed: float = 1.0):
        if callable(attr_or_setter) and start is None:
            raise ValueError("a setter tween needs start= (there is no attribute to read it from)")
        self.target = target
        self.attr = attr_or_setter
        self.to = to
        self.duration = max(0.0, duration * speed)
        self.delay = max(0.0, delay * speed)
        self.ease = ease
        self.start = start
        self.elapsed = 0.0
        self.done = False
        self._started = False

    def _get(self):
        if callable(self.attr):
            return self.to if self.start is None else self.start
        return getattr(self.target, self.attr)

    def _set(self, value) -> None:
        if callable(self.attr):
            self.attr(value)
        else:
            setattr(self.target, self.attr, value)

    def _begin(self) -> None:
        if not self._started:
            self._started = True
            if self.start is None:
                self.start = self._get()

    def update(self, dt: float) -> float:
        """Advance; return the unused part of dt (for sequences)."""
        if self.done:
            return dt
        self.elapsed += dt
        if self.elapsed < self.delay:
            return 0.0
        self._begin()
        run = self.elapsed - self.delay
        if self.duration <= 0 or run >= self.duration:
            self._set(self.to)
            self.done = True
            return run - self.duration if self.duration > 0 else run
        self._set(lerp(self.start, self.to, self.ease(run / self.duration)))
        return 0.0

    def finish(self) -> None:
        if not self.done:
            self._begin()
            self._set(self.to)
            self.done = True


class Wait:
    def __init__(self, seconds: float, speed: float = 1.0):
        self.left = max(0.0, seconds * speed)
        self.done = self.left <= 0

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.left -= dt
        if self.left <= 0:
            self.done = True
            return -self.left
        return 0.0

    def finish(self) -> None:
        self.done = True


class Call:
    def __init__(self, fn: Callable[[], None]):
        self.fn = fn
        self.done = False

    def update(self, dt: float) -> float:
        if not self.done:
            self.done = True
            self.fn()
        return dt

    def finish(self) -> None:
        self.update(0.0)


class Parallel:
    def __init__(self, steps=()):
        self.steps = list(steps)
        self.done = not self.steps

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        spare = dt
        for step in self.steps:
            if not step.done:
                spare = min(spare, step.update(dt))
        self.done = all(s.done for s in self.steps)
        return spare if self.done else 0.0

    def finish(self) -> None:
        for step in self.steps:
            step.finish()
        self.done = True


class Deferred:
    """A Parallel whose steps are made only when it starts: a table's tweens that must begin
    from wherever things are at that moment (``make`` is called once, on first use)."""

    def __init__(self, make: Callable[[], list]):
        self.make = make
        self.inner: Parallel | None = None
        self.done = False

    def _started(self) -> Parallel:
        if self.inner is None:
            self.inner = Parallel(self.make())
        return self.inner

    def update(self, dt: float) -> float:
        inner = self._started()
        spare = inner.update(dt)
        self.done = inner.done
        return spare

    def finish(self) -> None:
        self._started().finish()
        self.done = True


class Timeline:
    """A sequence of steps; each step is a Tween, Wait, Call, Parallel or another Timeline.

    ``speed`` (e.g. ``app.settings.speed_factor``) scales the durations of tweens and waits added
    through the helpers.
    """

    def __init__(self, speed: float = 1.0):
        self.speed = speed
        self.steps: list = []
        self.index = 0

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def add(self, step) -> "Timeline":
        self.steps.append(step)
        return self

    def then(self, target, attr, to, duration, ease=in_out_sine, delay=0.0, start=None) -> "Timeline":
        return self.add(Tween(target, attr, to, duration, ease, delay, start, speed=self.speed))

    def together(self, *steps) -> "Timeline":
        return self.add(Parallel(steps))

    def wait(self, seconds: float) -> "Timeline":
        return self.add(Wait(seconds, self.speed))

    def call(self, fn: Callable[[], None]) -> "Timeline":
        return self.add(Call(fn))

    def tween(self, *args, **kw) -> Tween:
        """A tween at this timeline's speed, for use inside ``together``."""
        kw.setdefault("speed", self.speed)
        return Tween(*args, **kw)

    def update(self, dt: float) -> float:
        spare = dt
        while not self.done:
            spare = self.steps[self.index].update(spare)
            if not self.steps[self.index].done:
                return 0.0
            self.index += 1
            if spare <= 0 and not self.done and not isinstance(self.steps[self.index], Call):
                return 0.0
        return spare

    def finish(self) -> None:
        while not self.done:
            self.steps[self.index].finish()
            self.index += 1
