"""Widgets used by the menu screens: buttons and the control-hint bar."""
from __future__ import annotations

from typing import Callable

import pygame

from game.art import palette as P
from game.art.draw import panel


class Button:
    """A rounded button. ``rect`` is in window pixels; ``label`` is a text key (translated when
    drawn, so a language change shows at once) unless ``raw`` is True. ``primary`` buttons are
    the screen's obvious next action (lamp yellow)."""

    def __init__(self, rect, label: str, on_press: Callable[[], None] | None = None,
                 enabled: bool = True, primary: bool = False, raw: bool = False, px: int = 40,
                 fmt: dict | None = None):
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_press = on_press
        self.enabled = enabled
        self.primary = primary
        self.raw = raw
        self.px = px
        self.fmt = fmt or {}
        self.visible = True
        self.radius = 22

    def text(self, app) -> str:
        return self.label if self.raw else app.t(self.label, **self.fmt)

    def colors(self, focused: bool):
        if not self.enabled:
            return (48, 52, 74), (80, 86, 110), (120, 124, 150)
        if self.primary:
            return ((255, 214, 120) if focused else (240, 186, 84)), P.INK, P.INK
        return ((78, 90, 150) if focused else P.PANEL), (P.FOCUS if focused else P.PANEL_EDGE), P.CREAM

    def draw(self, surface, app, focused: bool = False) -> None:
        if not self.visible:
            return
        fill, edge, ink = self.colors(focused)
        self.radius = app.s(22)
        surface.blit(panel(self.rect.size, fill, self.radius, max(2, app.s(4)), edge, app.s(6)), self.rect)
        label = self.text(app)
        font = app.fit_font(label, self.px, self.rect.w - app.s(36))
        app.draw_text(surface, label, font, ink, self.rect.center, "center", shadow=False)


def hint_items(app, items: list[tuple[str, str]]):
    """``items``: (action kind, text key). The glyph shown depends on ``app.device``."""
    return [(glyph(app.device, kind), app.t(key)) for kind, key in items]


GLYPHS = {
    "keyboard": {"confirm": "Enter", "back": "Esc", "move": "←↑↓→", "pause": "P", "next": "Tab",
                 "alt": "X", "skip": "K", "help": "F1", "text": "A–Z"},
    "pad": {"confirm": "Ⓐ", "back": "Ⓑ", "move": "✚", "pause": "Start", "next": "RB", "alt": "Ⓧ",
            "skip": "Ⓨ", "help": "Back", "text": "—"},
    "mouse": {"confirm": "Click", "back": "Esc", "move": "Point", "pause": "Esc", "next": "Tab",
              "alt": "Right click", "skip": "K", "help": "F1", "text": "A–Z"},
    "touch": {"confirm": "Tap", "back": "◀", "move": "Tap", "pause": "II", "next": "Tap",
              "alt": "Hold", "skip": "Tap", "help": "?", "text": "A–Z"},
}


def glyph(device: str, kind: str) -> str:
    return GLYPHS.get(device, GLYPHS["keyboard"]).get(kind, kind)


def draw_hints(surface, app, items: list[tuple[str, str]]) -> pygame.Rect:
    """The control hints for the device in use, centred in a bar at the bottom of the window."""
    w, h = surface.get_size()
    bar_h = app.s(78)
    bar = pygame.Rect(0, h - bar_h, w, bar_h)
    shade = pygame.Surface(bar.size, pygame.SRCALPHA)
    shade.fill((10, 10, 22, 170))
    surface.blit(shade, bar)
    font = app.font(30)
    key_font = app.font(30)
    pieces = []
    for g, text in hint_items(app, items):
        gs = app.text(g, key_font, P.INK)
        ts = app.text(text, font, P.CREAM)
        pieces.append((gs, ts))
    gap, pad = app.s(48), app.s(12)
    total = sum(gs.get_width() + pad * 3 + ts.get_width() for gs, ts in pieces)
    total += gap * max(0, len(pieces) - 1)
    x = (w - total) // 2
    cy = bar.centery
    for gs, ts in pieces:
        key = pygame.Rect(x, 0, gs.get_width() + pad * 2, max(gs.get_height(), app.s(44)))
        key.centery = cy
        pygame.draw.rect(surface, P.LAMP_SOFT, key, border_radius=app.s(10))
        surface.blit(gs, gs.get_rect(center=key.center))
        surface.blit(ts, ts.get_rect(midleft=(key.right + pad, cy)))
        x = key.right + pad + ts.get_width() + gap
    return bar
