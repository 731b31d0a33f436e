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
        self.box = None          # a game.ui.textfit.Box: the label fits it (shrink, then wrap)

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
        if self.box is not None:
            from game.ui.textfit import draw_fitted

            draw_fitted(app, surface, label, self.box, ink, self.rect.center, shadow=False)
            return
        font = app.fit_font(label, self.px, self.rect.w - app.s(36))
        app.draw_text(surface, label, font, ink, self.rect.center, "center", shadow=False)


def glyph(app, kind: str) -> str:
    """The control glyph for ``kind`` on the device in use (text file ``glyph.<device>.<kind>``)."""
    return app.t(f"glyph.{app.device}.{kind}")


def draw_hints(surface, app, items: list[tuple[str, str]]) -> pygame.Rect:
    """Control hints for the device in use, centred in a bar at the bottom of the window.
    ``items``: (action kind, text key), e.g. ("confirm", "hint.select")."""
    w, h = surface.get_size()
    bar_h = app.s(78)
    bar = pygame.Rect(0, h - bar_h, w, bar_h)
    surface.blit(hint_shade(bar.size), bar)
    from game.ui.textfit import fit_text

    font = app.font(30)
    pointer = app.device in ("mouse", "touch")
    pieces = [(app.text(glyph(app, kind), font, P.INK),
               app.text(app.t(key), app.font(fit_text(app, app.t(key), HINT_BOX).px), P.CREAM))
              for kind, key in items if not (pointer and kind == "move")]
    gap, pad = app.s(48), app.s(12)
    total = sum(gs.get_width() + pad * 3 + ts.get_width() for gs, ts in pieces)
    total += gap * max(0, len(pieces) - 1)
    x = (w - total) // 2
    cy = bar.centery
    for gs, ts in pieces:
        key = pygame.Rect(x, 0, gs.get_width() + pad * 2, max(gs.get_height(), app.s(46)))
        key.centery = cy
        pygame.draw.rect(surface, P.LAMP_SOFT, key, border_radius=app.s(10))
        surface.blit(gs, gs.get_rect(center=key.center))
        surface.blit(ts, ts.get_rect(midleft=(key.right + pad, cy)))
        x = key.right + pad + ts.get_width() + gap
    return bar


_SHADES: dict = {}


def _hint_box():
    from game.ui.textfit import Box, register_boxes

    box = Box(360, 48, 30)
    register_boxes("hints", {"hint.*": box, "glyph.*.*": Box(240, 48, 30)})
    return box


HINT_BOX = _hint_box()


def hint_shade(size) -> pygame.Surface:
    if size not in _SHADES:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((12, 12, 26, 255))   # opaque: the hints of a screen below never ghost through
        pygame.draw.line(shade, (*P.PANEL_EDGE, 200), (0, 0), (size[0], 0), 2)
        _SHADES[size] = shade
    return _SHADES[size]
