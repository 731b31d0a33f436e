"""A card's flight that ends as soon as the card is drawn where and as it rests.

Why (issue 23): the deal put every card in the air and landed them all in its last frame, each
card changing its place in the drawing order (from the cards in the air, drawn last, to its hand
or the grid) at once: at 4K 2.2 million pixels drawn again and 5.3 million blended, for the same
picture. Each card now lands as it arrives. And not a frame later than it is drawn as at rest:
its last easing steps move it less than a pixel, and a card that landed then changed only its
place in the drawing order, a card's box drawn again for nothing.
"""
from __future__ import annotations

from collections.abc import Callable

from game.runtime.tween import Parallel


class Landing:
    """A timeline step: ``tweens`` together, then ``land()``; all set to their end and landed
    as soon as ``arrived()`` (the card drawn as at rest) or the tweens are done."""

    def __init__(self, tweens, arrived: Callable[[], bool], land: Callable[[], None]):
        self.inner = Parallel(tweens)
        self.arrived = arrived
        self.land = land
        self.done = False

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        spare = self.inner.update(dt)
        if not self.inner.done and self.arrived():
            self.inner.finish()
            spare = 0.0
        if self.inner.done:
            self.finish()
            return spare
        return 0.0

    def finish(self) -> None:
        if not self.done:
            self.inner.finish()
            self.done = True
            self.land()
