"""The common shape of a menu screen: a focus group of widgets, sounds on move and press,
the town backdrop, a heading, and the control hints at the bottom. Overlays dim what is below
and sit in a panel."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import panel
from game.art.town import backdrop
from game.runtime.scene import Scene
from game.ui.focus import FocusGroup
from game.ui.textfit import Box, button_box, draw_fitted
from game.ui.widgets import Button, draw_hints

PRESS_KINDS = ("click", "confirm")


class MenuScene(Scene):
    hints: list[tuple[str, str]] = [("move", "hint.move"), ("confirm", "hint.select"), ("back", "hint.back")]

    def __init__(self, app):
        super().__init__(app)
        self.t = 0.0
        self.focus = FocusGroup()
        self.focus.on_move = lambda item: self.app.audio.play("ui_move")
        self.widgets: list = []

    # ---- lifecycle -------------------------------------------------------------------------------
    music: str | None = "title"   # the menus' piece (overlays keep whatever plays)
    hush_music = False            # an overlay that wants the quiet version (rules help, pause)

    def enter(self) -> None:
        self.layout()
        if self.music and not self.overlay:
            self.app.audio.play_music(self.music)
        if self.hush_music:
            self.app.audio.hush(self)

    def exit(self) -> None:
        if self.hush_music:
            self.app.audio.hush(self, False)

    def layout(self) -> None:
        """(Re)build widgets for the current window size. Subclasses call ``self.set_widgets``."""

    def set_widgets(self, widgets, focus=None) -> None:
        keep = self.focus.focused
        keep_label = getattr(keep, "label", None)
        self.widgets = list(widgets)
        self.focus.set_items(self.widgets, keep=False)
        target = focus
        if target is None and keep_label is not None:
            target = next((w for w in self.widgets if getattr(w, "label", None) == keep_label), None)
        if target is not None and target in self.widgets:
            self.focus.index = self.widgets.index(target)

    def y(self, v: float) -> int:
        """A design y in window pixels, with the frame centred on windows taller than 16:9."""
        return self.app.oy + self.app.s(v)

    def button(self, rect_design, label, on_press, primary=False, px=40, **kw) -> Button:
        x, y, w, h = rect_design
        s = self.app.s
        b = Button((s(x), self.y(y), s(w), s(h)), label, on_press, primary=primary, px=px, **kw)
        b.box = button_box(w, h, px)   # register the same with textfit.register_boxes
        return b

    # ---- input -----------------------------------------------------------------------------------
    def handle(self, intent) -> None:
        if intent.kind == "back":
            self.app.audio.play("ui_back")
            self.on_back()
            return
        if intent.kind == "help" and self.on_help():
            return
        if intent.kind == "wheel":
            self.focus.step(-intent.amount)
            return
        used = self.focus.handle(intent)
        if used and intent.kind in PRESS_KINDS:
            self.app.audio.play("ui_confirm")

    def on_back(self) -> None:
        self.app.stack.pop()

    def on_help(self) -> bool:
        return False

    # ---- frame -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.t += dt

    def draw_background(self, surface) -> None:
        surface.blit(backdrop(surface.get_size()), (0, 0))

    def draw_heading(self, surface, text: str, y: int = 70, px: int = 72) -> pygame.Rect:
        """A screen heading in ``heading_box(px)`` (register the same box for the key)."""
        w = surface.get_width()
        return draw_fitted(self.app, surface, text, heading_box(px), P.LAMP_SOFT, (w // 2, self.y(y)),
                           "midtop")

    def draw_widgets(self, surface) -> None:
        focused = self.focus.focused
        for widget in self.widgets:
            widget.draw(surface, self.app, widget is focused)
        self.focus.draw(surface, self.t, self.app.scale)

    def draw_hints(self, surface) -> None:
        draw_hints(surface, self.app, self.hints)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_widgets(surface)
        self.draw_hints(surface)


class OverlayMenu(MenuScene):
    """A menu drawn in a panel over the scene below (pause, settings, rules help)."""

    overlay = True
    panel_size = (900, 700)     # design px

    def panel_rect(self) -> pygame.Rect:
        s = self.app.s
        rect = pygame.Rect(0, 0, s(self.panel_size[0]), s(self.panel_size[1]))
        w, h = self.app.size
        rect.center = (w // 2, (h - s(78)) // 2)
        return rect

    def draw_background(self, surface) -> None:
        surface.fill((88, 88, 112), special_flags=pygame.BLEND_RGB_MULT)  # dim what is below
        rect = self.panel_rect()
        s = self.app.s
        surface.blit(panel(rect.size, (30, 34, 64), s(36), max(3, s(5)), P.PANEL_EDGE, s(10)), rect)

    def draw_title(self, surface, text: str, px: int = 60) -> pygame.Rect:
        """An overlay's title in ``title_box(panel width, px)``."""
        rect = self.panel_rect()
        box = title_box(self.panel_size[0], px)
        pos = (rect.centerx, rect.top + self.app.s(36))
        return draw_fitted(self.app, surface, text, box, P.LAMP_SOFT, pos, "midtop")


def heading_box(px: int = 72) -> Box:
    """A full-screen menu's heading: the width of a 1920 frame less margins; shrinks to 40 px."""
    return Box(1800, px * 1.5, px, ("shrink",), min_px=40)


def title_box(panel_w: int, px: int = 60) -> Box:
    """An overlay panel's title."""
    return Box(panel_w - 80, px * 1.5, px, ("shrink",), min_px=40)
