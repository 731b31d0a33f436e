"""Juice where something means something: a burst of sparks where a Meal lands in a hand or a
Zodiac catch lands on its pile, a dark puff where Death turns up. Each spark is a ``Tween`` of its
own (out from the centre with ``out_cubic``, fading and shrinking as it goes), drawn as plain
dots over the table; their times follow the animation speed setting (slow, normal, faster) and
none is made under the "reduce motion" setting. Nothing of the game waits for them.

A Death also stops the table for a blink and shakes it: ``hit`` holds the table's animations
(``held``, the presenter's time) for ``HOLD_STOP`` seconds, then ``shake`` moves the whole frame
by a decaying offset for ``SHAKE_TIME`` (``offset``, read by the app: it draws that frame whole
and moves it, ``game/runtime/app.py``). Both follow the speed setting; neither under "reduce
motion".

A seat's cat squashes and stretches when it starts to win, is knocked out, or is glad (a Meal, a
catch, a good throw): ``squash_of(seat)`` (width, height factors) follows a short timeline,
1.15x0.85 then 0.9x1.1 then back with ``out_back``, made when ``pose_of`` turns to one of
``SQUASH_POSES`` (watched in ``update``)."""
from __future__ import annotations

import math
import random

import pygame

from game.runtime.tween import Timeline, Tween, out_back, out_cubic

SPARKS = 14            # a burst's sparks
REACH = 170            # design px a spark flies out (past the card it comes from)
LIFE = 0.7             # seconds at normal speed
# overlays a person reads (their kinds in the frame's box log): sparks pass behind their words
READ = ("banner", "coach", "hint", "tooltip", "recap", "go_on", "arrow")
HOLD_STOP = 0.1        # a Death's hit-stop: the table's animations hold this long (normal speed)
SHAKE_TIME = 0.3       # then the table shakes this long
SHAKE_REACH = 12       # design px the frame moves at first
SQUASH_POSES = ("victorious", "knocked_out", "happy")
SQUASH_STEPS = (((1.15, 0.85), 0.08), ((0.9, 1.1), 0.1), ((1.0, 1.0), 0.22))   # (factors, s)
LAND_STEPS = (((1.22, 0.8), 0.05), ((0.94, 1.07), 0.08), ((1.0, 1.0), 0.16))   # a die's landing
DUST = (205, 190, 150)  # a landed die's puff of dust off the velvet


LIFT_GROW = 0.1        # a card mid-flip stands this much larger (lifted towards the eye)
LIFT_SHADOW = 16       # design px its shadow falls further off at the top of the lift


def flip_lift(flip: float) -> float:
    """How high a turning card is lifted (0 flat, 1 at the middle of its flip, on its edge)."""
    return math.sin(math.pi * flip) if 0.0 < flip < 1.0 else 0.0


class Squash:
    def __init__(self):
        self.squash = (1.0, 1.0)


class Spark:
    def __init__(self, centre, angle: float, reach: float, colour, size: float):
        self.centre, self.angle, self.reach = centre, angle, reach
        self.colour, self.size = colour, size
        self.t = 0.0              # 0 → 1 over its life, by its tween

    @property
    def pos(self) -> tuple[int, int]:
        d = self.reach * self.t
        x, y = self.centre
        return (round(x + math.cos(self.angle) * d), round(y + math.sin(self.angle) * d))


class Juice:
    def __init__(self, table):
        self.table = table
        self.sparks: list[tuple[Spark, Tween]] = []
        self.rng = random.Random(7)      # presentation only: never the game's random numbers
        self.shown: list[pygame.Rect] = []     # the sparks drawn in the last frame
        self.stop_left = 0.0             # a hit-stop's seconds still to hold
        self.shaking = 0.0               # 1 → 0 over a shake, by its tween
        self.shake_tween: Tween | None = None
        self.clock = 0.0
        self.squashes: dict[int, tuple[Squash, Timeline]] = {}
        self.poses: dict[int, str] | None = None     # each seat's pose last frame
        self.timelines: list[Timeline] = []          # other short motions (a die's landing)

    @property
    def on(self) -> bool:
        return not getattr(self.table.app.settings, "reduce_motion", False)

    def burst(self, centre, colour, sparks: int = SPARKS, reach: float = REACH, size: float = 8,
              arc: tuple[float, float] = (0.0, 2 * math.pi)) -> None:
        """Sparks flying out from ``centre`` (window px), ``reach`` and ``size`` in design px,
        spread over the angles ``arc`` (from, width; 0 is rightwards, down is positive)."""
        if not self.on:
            return
        s, speed = self.table.s, self.table.speed
        for i in range(sparks):
            angle = arc[0] + arc[1] * (i + self.rng.random() * 0.6) / sparks
            spark = Spark(tuple(centre), angle, s(reach) * (0.6 + 0.4 * self.rng.random()), colour,
                          s(size) * (0.7 + 0.6 * self.rng.random()))
            self.sparks.append((spark, Tween(spark, "t", 1.0, LIFE * (0.8 + 0.4 * self.rng.random()),
                                             out_cubic, speed=speed)))

    def hit(self) -> None:
        """A hard blow (Death): the animations hold a blink, then the table shakes."""
        if not self.on:
            return
        self.stop_left = HOLD_STOP * self.table.speed
        self.shake()

    def shake(self, strength: float = 1.0) -> None:
        if not self.on:
            return
        self.shaking = max(self.shaking, strength)
        self.shake_tween = Tween(self, "shaking", 0.0, SHAKE_TIME, out_cubic, speed=self.table.speed)

    def squash(self, seat: int) -> None:
        """The seat's cat squashes and stretches (a win, a knock-out, a Meal or catch)."""
        if not self.on:
            return
        squash = Squash()
        self.squashes[seat] = (squash, self._squash_steps(squash, SQUASH_STEPS))

    def _squash_steps(self, target, steps) -> Timeline:
        tl = Timeline(self.table.speed)
        for i, (scale, seconds) in enumerate(steps):
            tl.then(target, "squash", scale, seconds, out_back if i == len(steps) - 1 else out_cubic)
        return tl

    def land(self, die, rect) -> bool:
        """A thrown die lands with weight: it squashes flat and springs back (``die.squash``,
        width and height factors about its foot) and a puff of dust flies out low either side
        of ``rect``'s foot. False under "reduce motion" (nothing done)."""
        if not self.on:
            return False
        die.squash = (1.0, 1.0)
        self.timelines.append(self._squash_steps(die, LAND_STEPS))
        foot = (rect.centerx, rect.bottom - rect.h // 8)
        self.burst(foot, DUST, 5, 60, 5, (-0.3 * math.pi, 0.3 * math.pi))       # rightwards, a little up
        self.burst(foot, DUST, 5, 60, 5, (-math.pi, 0.3 * math.pi))        # leftwards, a little up
        return True

    def squash_of(self, seat: int) -> tuple[float, float]:
        got = self.squashes.get(seat)
        return got[0].squash if got is not None and self.on else (1.0, 1.0)

    def _watch_poses(self) -> None:
        table = self.table
        if not hasattr(table, "pose_of") or getattr(table, "n", 0) <= 0:
            return
        now = {seat: table.pose_of(seat) for seat in range(table.n)}
        if self.poses is not None:
            for seat, pose in now.items():
                if pose != self.poses.get(seat) and pose in SQUASH_POSES:
                    self.squash(seat)
        self.poses = now

    def lifted_card(self, surface, flip: float, center, width: float, ratio: float) -> float:
        """A card turning over stands off the table: the width to draw it at (larger mid-flip)
        after its shadow, drawn here, further off and softer the higher it is. Flat cards, and
        all under "reduce motion", keep ``width`` and draw no shadow here."""
        lift = flip_lift(flip) if self.on else 0.0
        if lift <= 0.01:
            return width
        table = self.table
        width *= 1 + LIFT_GROW * lift
        squash = abs(math.cos(math.pi * flip))
        size = (max(1, int(width * max(0.02, squash))), max(1, round(width * ratio)))
        shade = table.shadow(size, int(70 - 25 * lift), keep=False)
        off = table.s(5) + table.s(LIFT_SHADOW) * lift
        surface.blit(shade, shade.get_rect(center=(round(center[0] + off * 0.6), round(center[1] + off))))
        return width

    def turning_shade(self, surface, flip: float, rect) -> None:
        """The side of a turning card darkens as it goes edge-on (over the card drawn at ``rect``)."""
        lift = flip_lift(flip) if self.on else 0.0
        if lift > 0.3:
            shade = self.table.shadow(tuple(rect.size), int(110 * (lift - 0.3)), keep=False)
            surface.blit(shade, rect)

    def held(self, dt: float) -> float:
        """The part of ``dt`` the table's animations get (none while a hit-stop holds)."""
        if self.stop_left <= 0:
            return dt
        self.stop_left -= dt
        return max(0.0, -self.stop_left)

    @property
    def offset(self) -> tuple[int, int]:
        """How far the whole frame is moved now ((0, 0): still)."""
        if self.shaking <= 0.01 or not self.on:
            return (0, 0)
        reach = self.table.s(SHAKE_REACH) * self.shaking
        return (round(reach * math.sin(self.clock * 71.0)), round(reach * 0.6 * math.cos(self.clock * 53.0)))

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.shake_tween is not None and self.stop_left <= 0:
            self.shake_tween.update(dt)
            if self.shake_tween.done:
                self.shake_tween, self.shaking = None, 0.0
        for _, tween in self.sparks:
            tween.update(dt)
        self.sparks = [(sp, tw) for sp, tw in self.sparks if not tw.done]
        self._watch_poses()
        for tl in self.timelines:
            tl.update(dt)
        self.timelines = [tl for tl in self.timelines if not tl.done]
        for seat, (_, tl) in list(self.squashes.items()):
            tl.update(dt)
            if tl.done:
                del self.squashes[seat]

    def draw(self, surface) -> pygame.Rect | None:
        """The sparks; their bounds (logged as "fx": a spark flies over the pieces by design,
        behind the words drawn before it: a Meal's sparks crossed its own banner's words)."""
        drawn, self.shown = None, []
        boxes = getattr(self.table, "boxes", None)
        read = [d.rect for d in boxes.items if d.layer == "overlay" and d.name.split(":")[0] in READ] \
            if boxes is not None and self.sparks else []
        for spark, _ in self.sparks:
            radius = max(1, round(spark.size * (1 - spark.t * spark.t)))
            rim = pygame.Rect(0, 0, 2 * radius + 9, 2 * radius + 9)     # the dark rim and a margin
            rim.center = spark.pos
            if rim.collidelist(read) >= 0:
                continue
            rect = pygame.draw.circle(surface, (40, 30, 50), spark.pos, radius + 1)   # read on any card
            pygame.draw.circle(surface, spark.colour, spark.pos, radius)
            self.shown.append(rect)
            drawn = rect if drawn is None else drawn.union(rect)
        if drawn is not None and hasattr(self.table, "boxes"):
            self.table.boxes.add("fx", "sparks", drawn)
        return drawn
