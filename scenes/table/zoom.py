"""A zoom of a piece just revealed (issue 12: "a zoom of each revealed card").

When a presenter calls ``BasePresenter.zoom(tl, item, caption)`` the table shows the piece
enlarged for ``SECONDS`` × the animation speed setting, or until the next press. It never
waits for anything: the game goes on underneath, a press still does what it would have done
(and ends the zoom), and a newer zoom replaces an older one at once, so a run of cards turned
by computer cats never piles up. The table says how the piece looks large (``zoom_picture``)
and where it goes (``zoom_centre``); ``TableScene`` draws it under the tool buttons.
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P

SECONDS = 1.2                     # at normal animation speed
FADE = 0.12                       # in and out, seconds (part of the time shown)
# the fade's shades (quarters): a frame whose shade is the last one's draws nothing new. Why
# (issue 23): each shade draws the whole zoom's place again, all under it blended (at 4K a
# Zodiac card's, 0.9 million px of picture and shadow, ~3 million layered: 7 ms), and a fade
# of 0.12 s took a new shade each frame, 7 in and 7 out; now 4 each, two frames apiece
FADE_STEPS = 4
PRESSES = ("confirm", "click", "back", "alt", "skip", "pause", "drag_start")


class Zoom:
    def __init__(self, scene):
        self.scene = scene
        self.item = None
        self.caption = ""
        self.left = 0.0               # seconds still to show
        self.total = 0.0
        self.shown_count = 0          # how many zooms were started (tests)

    @property
    def shown(self) -> bool:
        return self.item is not None and self.left > 0

    def show(self, item, caption: str = "") -> None:
        """Show ``item`` now, replacing whatever zoom is up."""
        self.item, self.caption = item, caption
        self.total = self.left = SECONDS * self.scene.speed
        self.shown_count += 1

    def age(self) -> float:
        """Seconds since the zoom came up."""
        return self.total - self.left if self.item is not None else 0.0

    def dismiss(self) -> None:
        self.item, self.left = None, 0.0

    def update(self, dt: float) -> None:
        if self.item is not None:
            self.left -= dt
            if self.left <= 0:
                self.dismiss()

    def observe(self, intent) -> None:
        """A press ends the zoom; the press itself still goes where it was going."""
        if self.item is not None and intent.kind in PRESSES:
            self.dismiss()

    def draw(self, surface) -> None:
        if not self.shown:
            return
        scene = self.scene
        picture = scene.zoom_picture(self.item)
        if picture is None:
            return
        age = self.total - self.left
        alpha = math.ceil(min(1.0, age / FADE, self.left / FADE) * FADE_STEPS) / FADE_STEPS
        rect = picture.get_rect(center=scene.zoom_centre())
        if hasattr(scene, "boxes"):             # the audit: a banner under the zoom is caught
            scene.boxes.add("zoom", "zoom", rect)
        shadow = scene.shadow(rect.size, 110)
        fade = int(255 * alpha) if alpha < 1.0 else None
        if fade != 0:                           # (not yet shown, or gone: nothing to blend)
            _blit(surface, shadow, rect.move(scene.s(8), scene.s(12)), fade)
            _blit(surface, picture, rect, fade)
        if self.caption:
            pos = (rect.centerx, rect.bottom + scene.s(34))
            scene.chip(surface, self.caption, pos, P.LAMP_SOFT, 34)

    def rect(self) -> pygame.Rect | None:
        """Where the zoom is drawn now (tests), or None."""
        if not self.shown:
            return None
        picture = self.scene.zoom_picture(self.item)
        return picture.get_rect(center=self.scene.zoom_centre()) if picture is not None else None


def _blit(surface, picture, at, alpha: int | None) -> None:
    """``picture`` blitted at ``at``, faded to ``alpha`` (None: as it is). The picture is the
    cached one, its alpha set for this blit and set back after (the drawing by parts notes each
    blit's alpha and sets it again to draw it). Why (issue 23): a fade made a copy of the
    picture and of its shadow for each zoom (before: each frame of a fade), 1.3 MB each at 4K,
    1-3 ms in the zoom's first frame, for every card turned up."""
    if alpha is None:
        surface.blit(picture, at)
        return
    before = picture.get_alpha()
    picture.set_alpha(alpha)
    try:
        surface.blit(picture, at)
    finally:
        picture.set_alpha(before)
