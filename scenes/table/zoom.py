"""A zoom of a piece just revealed (issue 12: "a zoom of each revealed card").

When a presenter calls ``BasePresenter.zoom(tl, item, caption)`` the table shows the piece
enlarged for ``SECONDS`` × the animation speed setting, or until the next press. It never
waits for anything: the game goes on underneath, a press still does what it would have done
(and ends the zoom), and a newer zoom replaces an older one at once, so a run of cards turned
by computer cats never piles up. The table says how the piece looks large (``zoom_picture``)
and where it goes (``zoom_centre``); ``TableScene`` draws it under the tool buttons.
"""
from __future__ import annotations

import pygame

from game.art import palette as P

SECONDS = 1.2                     # at normal animation speed
FADE = 0.12                       # in and out, seconds (part of the time shown)
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
        self._copies = None

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
        alpha = min(1.0, age / FADE, self.left / FADE)
        rect = picture.get_rect(center=scene.zoom_centre())
        shadow = scene.shadow(rect.size, 110)
        if alpha < 1.0:     # both are cached: fade copies, made once a zoom (issue 23: two copies
            shadow, picture = self._faded(shadow, picture)    # of 1-2 MB at 4K each frame of a fade)
            shadow.set_alpha(int(255 * alpha))
            picture.set_alpha(int(255 * alpha))
        surface.blit(shadow, rect.move(scene.s(8), scene.s(12)))
        surface.blit(picture, rect)
        if self.caption:
            pos = (rect.centerx, rect.bottom + scene.s(34))
            scene.chip(surface, self.caption, pos, P.LAMP_SOFT, 34)

    def _faded(self, shadow, picture) -> tuple:
        """Copies of the zoom's shadow and picture to fade (the drawing by parts notes each
        blit's alpha: a copy faded again is drawn again), kept while the zoom shows them."""
        kept = self.__dict__.get("_copies")
        if kept is None or kept[0] is not shadow or kept[1] is not picture:
            kept = self._copies = (shadow, picture, shadow.copy(), picture.copy())
        return kept[2], kept[3]

    def rect(self) -> pygame.Rect | None:
        """Where the zoom is drawn now (tests), or None."""
        if not self.shown:
            return None
        picture = self.scene.zoom_picture(self.item)
        return picture.get_rect(center=self.scene.zoom_centre()) if picture is not None else None
