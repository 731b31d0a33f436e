"""Juice where something means something: a burst of sparks where a Meal lands in a hand or a
Zodiac catch lands on its pile, a dark puff where Death turns up. Each spark is a ``Tween`` of its
own (out from the centre with ``out_cubic``, fading and shrinking as it goes), drawn as plain
dots over the table; their times follow the animation speed setting (slow, normal, faster) and
none is made under the "reduce motion" setting. Nothing of the game waits for them."""
from __future__ import annotations

import math
import random

import pygame

from game.runtime.tween import Tween, out_cubic

SPARKS = 14            # a burst's sparks
REACH = 170            # design px a spark flies out (past the card it comes from)
LIFE = 0.7             # seconds at normal speed
# overlays a person reads (their kinds in the frame's box log): sparks pass behind their words
READ = ("banner", "coach", "hint", "tooltip", "recap", "go_on", "arrow")


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

    @property
    def on(self) -> bool:
        return not getattr(self.table.app.settings, "reduce_motion", False)

    def burst(self, centre, colour, sparks: int = SPARKS) -> None:
        """Sparks flying out from ``centre`` (window px)."""
        if not self.on:
            return
        s, speed = self.table.s, self.table.speed
        for i in range(sparks):
            angle = 2 * math.pi * (i + self.rng.random() * 0.6) / sparks
            spark = Spark(tuple(centre), angle, s(REACH) * (0.6 + 0.4 * self.rng.random()), colour,
                          s(8) * (0.7 + 0.6 * self.rng.random()))
            self.sparks.append((spark, Tween(spark, "t", 1.0, LIFE * (0.8 + 0.4 * self.rng.random()),
                                             out_cubic, speed=speed)))

    def update(self, dt: float) -> None:
        for _, tween in self.sparks:
            tween.update(dt)
        self.sparks = [(sp, tw) for sp, tw in self.sparks if not tw.done]

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
