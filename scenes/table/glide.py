"""Hot seat: when the table turns to the next person at the screen, every seat's places (its cat
and plate, its hand, its captures: the level's ``seat{i}``, ``hand{i}``, ``caps{i}`` anchors)
glide round the table to their new ones instead of jumping there.

How: the table's resting anchors are kept (``base``) and, while the glide lasts, the table's
``anchors`` are a copy where each place of a seat is on its way from the place the same seat had
before: its centre turns round the window's centre (all seats the same way round), eased by
``in_out_sine`` over ``GLIDE`` seconds, a ``Tween`` at the table's animation speed; it has its
new size all the way (a size a frame made a cat's pictures anew each frame: 30 ms frames at
4K). Everything drawn from the anchors follows. Instant under "reduce motion"."""
from __future__ import annotations

import dataclasses
import math
import re

import pygame

from game.runtime.tween import Tween, in_out_sine

GLIDE = 0.5           # seconds at normal speed
_NUMBERED = re.compile(r"(.*?)(\d+)")


class SeatGlide:
    def __init__(self, table):
        self.table = table
        self.t = 1.0
        self.tween: Tween | None = None
        self.base: dict | None = None           # the resting anchors
        self.made: dict | None = None           # the blended anchors last given to the table
        self.shift = 0
        self.turns: dict[str, float] = {}       # each gliding anchor's turn (radians, signed)

    @property
    def gliding(self) -> bool:
        return self.tween is not None

    def start(self, old_bottom: int) -> None:
        """The bottom seat just changed from ``old_bottom`` (the table laid out anew)."""
        table = self.table
        self.finish()
        if getattr(table.app.settings, "reduce_motion", False) or old_bottom == table.bottom or table.n < 2:
            return
        self.shift = (table.bottom - old_bottom) % table.n
        self.base = table.anchors
        self.turns = {}
        self.t = 0.0
        self.tween = Tween(self, "t", 1.0, GLIDE, in_out_sine, speed=table.speed)
        self._apply()

    def finish(self) -> None:
        if self.tween is not None:
            self.tween = None
            if self.table.anchors is self.made and self.base is not None:
                self.table.anchors = self.base
                self.table.mode_key = None
        self.base = self.made = None

    def update(self, dt: float) -> None:
        if self.tween is None:
            return
        if self.table.anchors is not self.made:      # laid out again meanwhile: new resting places
            self.base = self.table.anchors
        self.tween.update(dt)
        if self.tween.done:
            self.finish()
            return
        self._apply()

    # ---- the places on their way ------------------------------------------------------------------
    def _per_seat(self) -> set[str]:
        return {name.split("{")[0] for name in self.table.anchor_names if "{i}" in name} or {"seat"}

    def _apply(self) -> None:
        table, base, n = self.table, self.base, self.table.n
        prefixes = self._per_seat()
        if not self.turns:
            self.turns = self._turns(prefixes)
        out = dict(base)
        for name, anchor in base.items():
            found = _NUMBERED.fullmatch(name)
            if not found or found.group(1) not in prefixes or int(found.group(2)) >= n:
                continue
            old = base.get(f"{found.group(1)}{(int(found.group(2)) + self.shift) % n}")
            if old is None or name not in self.turns:
                continue
            rect = self._between(old.rect, anchor.rect, self.turns[name])
            out[name] = dataclasses.replace(anchor, rect=rect)
        self.made = table.anchors = out
        table.mode_key = None                    # the widgets placed again from these places

    def _polar(self, rect) -> tuple[float, float]:
        w, h = self.table.app.size
        x, y = (rect.centerx - w / 2) / (w / 2), (rect.centery - h / 2) / (h / 2)
        return math.atan2(y, x), math.hypot(x, y)

    def _turns(self, prefixes) -> dict[str, float]:
        """Each place's turn from where its seat was, all the same way round (the one most go)."""
        base, n, turns = self.base, self.table.n, {}
        for name, anchor in base.items():
            found = _NUMBERED.fullmatch(name)
            if not found or found.group(1) not in prefixes or int(found.group(2)) >= n:
                continue
            old = base.get(f"{found.group(1)}{(int(found.group(2)) + self.shift) % n}")
            if old is not None:
                turn = self._polar(anchor.rect)[0] - self._polar(old.rect)[0]
                turns[name] = (turn + math.pi) % (2 * math.pi) - math.pi
        way = 1 if sum(1 if v >= 0 else -1 for v in turns.values()) >= 0 else -1
        for name, turn in turns.items():
            if turn * way < 0 and abs(turn) > 0.7 * math.pi:
                turns[name] = turn + way * 2 * math.pi
        return turns

    def _between(self, old: pygame.Rect, new: pygame.Rect, turn: float) -> pygame.Rect:
        e = self.t
        (a0, r0), (_, r1) = self._polar(old), self._polar(new)
        angle, radius = a0 + turn * e, r0 + (r1 - r0) * e
        w, h = self.table.app.size
        centre = (w / 2 + math.cos(angle) * radius * w / 2, h / 2 + math.sin(angle) * radius * h / 2)
        rect = pygame.Rect(new)            # its new size all the way: a cat drawn at a new size
        rect.center = (round(centre[0]), round(centre[1]))    # each frame rasterised it anew
        return rect
