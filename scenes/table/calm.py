"""Motion under the "reduce motion" setting: a piece that would travel far arrives at once.

A card flying across the table (a deal, a draw, a set played, a card taken) is drawn where it
lands from the flight's first frame and fades in there in ``FADE`` seconds; a short slide into
place (a hand closing up, a card nudged less than ``SHORT`` design px) stays but lasts at most
``QUICK`` seconds; a card growing or shrinking by more than half changes size at once; a setter
marked ``calm = "instant"`` (a token turned over in place) jumps to its end. Strangers
who turned the setting on still saw cards sweep over the whole table.
"""
from __future__ import annotations

import math

from game.runtime.tween import Tween, linear

FADE = 0.12          # seconds: a far flight's fade in where it lands
QUICK = 0.15         # seconds: the longest a short slide takes
SHORT = 60           # design px: a move this short may slide
QUICKEN = ("slot", "flip", "peek")   # a hand closing up, a card turning or lifted in place: quick


class Arrive(Tween):
    """A far flight under reduce motion: at its start the piece stands where it goes, fading in."""

    def __init__(self, target, to, delay: float, speed: float):
        super().__init__(target, "alpha", getattr(target, "alpha", 255), FADE, linear, delay=delay, start=0.0,
                         speed=speed)
        self.place = to

    def _begin(self) -> None:
        if not self._started:
            self.target.pos = self.place
        super()._begin()

    def finish(self) -> None:
        if not self.done:
            self.target.pos = self.place
        super().finish()


def tween(scale, target, attr, to, duration, ease, delay, start, speed) -> Tween:
    """The tween a table makes under reduce motion in place of ``Tween(target, attr, to, ...)``;
    ``scale(px)`` turns design px into window px."""
    if isinstance(attr, str) and attr == "pos" and hasattr(target, "pos"):
        was = start if start is not None else target.pos
        far = ((to[0] - was[0]) ** 2 + (to[1] - was[1]) ** 2) ** 0.5 > scale(SHORT)
        if far and hasattr(target, "alpha"):
            return Arrive(target, tuple(to), delay, speed)
        if far:
            return Tween(target, attr, to, 0.0, ease, delay=delay, start=start, speed=speed)
    elif isinstance(attr, str) and attr == "width" and hasattr(target, "width"):
        was = start if start is not None else target.width
        if max(to, was) > 1.5 * max(1e-6, min(to, was)):
            return Tween(target, attr, to, 0.0, ease, delay=delay, start=start, speed=speed)
    elif callable(attr) and getattr(attr, "calm", None) == "instant":
        # a setter that turns a piece over in place (the Meow Meow Dice token): its new face at once
        return Tween(target, attr, to, 0.0, ease, delay=delay, start=start, speed=speed)
    elif not (isinstance(attr, str) and attr in QUICKEN):
        return Tween(target, attr, to, duration, ease, delay=delay, start=start, speed=speed)
    return Tween(target, attr, to, min(duration, QUICK / max(1e-6, speed)), ease, delay=delay, start=start,
                 speed=speed)


def shake(presenter, tl, attr: str, seconds: float, waves: int) -> None:
    """``presenter.<attr>`` swells and falls ``waves`` times in ``seconds`` (a pile shaken as it is
    shuffled), then 0; under reduce motion it keeps still for as long."""
    if getattr(presenter.app.settings, "reduce_motion", False):
        tl.wait(seconds)
        return
    tl.add(Tween(presenter, attr, 1.0, seconds, lambda t: math.sin(t * math.pi * waves) ** 2, start=0.0,
                 speed=presenter.speed))
    tl.call(lambda: setattr(presenter, attr, 0.0))


def unless(presenter, tl, start_motion) -> None:
    """``start_motion()`` in its turn on ``tl``, but not under reduce motion."""
    if not getattr(presenter.app.settings, "reduce_motion", False):
        tl.call(start_motion)
