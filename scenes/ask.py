"""A yes/no question over a screen, asked only where one press would lose something: quitting
the program from the title, quitting a game that people are playing. The safe answer has the
focus, so Enter or A twice in a row never does the losing thing by accident; back is the safe
answer too."""
from __future__ import annotations

from typing import Callable

import pygame

from game.art import palette as P
from game.ui.menu import OverlayMenu
from game.ui.textfit import Box, button_box, draw_fitted, fit_text, register_boxes

BUTTON = (420, 100, 40)
TOP, GAP, FOOT = 50, 44, 40     # design px: above the question, between it and the buttons, below them
QUESTION = Box(880, 190, 44, ("shrink", "wrap"), min_px=30)
register_boxes("ask", {"ask.quit_app": QUESTION, "ask.quit_game": QUESTION,
                       **{k: button_box(*BUTTON) for k in ("ask.quit_app_yes", "ask.stay", "pause.quit")}})


class AskScene(OverlayMenu):
    panel_size = (1000, 380)
    music = None
    hints = [("move", "hint.move"), ("confirm", "hint.select"), ("back", "ask.stay")]

    def __init__(self, app, question: str, yes_key: str, on_yes: Callable[[], None],
                 no_key: str = "ask.stay", **fmt):
        super().__init__(app)
        self.question, self.fmt = question, fmt
        self.yes_key, self.no_key, self.on_yes = yes_key, no_key, on_yes
        self.drawn: dict = {}

    def panel_rect(self) -> pygame.Rect:
        """The panel as tall as its words and buttons (a one-line question left a ~90 px empty
        band under it in a box made for three lines: stranger40e #24)."""
        s = self.app.s
        words = fit_text(self.app, self.app.t(self.question, **self.fmt), QUESTION).height
        rect = pygame.Rect(0, 0, s(self.panel_size[0]), s(TOP + GAP + BUTTON[1] + FOOT) + words)
        w, h = self.app.size
        rect.center = (w // 2, (h - s(78)) // 2)
        return rect

    def layout(self) -> None:
        s = self.app.s
        p = self.panel_rect()
        yes = self.button((0, 0, *BUTTON[:2]), self.yes_key, self.yes, px=BUTTON[2])
        no = self.button((0, 0, *BUTTON[:2]), self.no_key, self.on_back, primary=True, px=BUTTON[2])
        no.rect.bottomright = (p.centerx - s(20), p.bottom - s(FOOT))
        yes.rect.bottomleft = (p.centerx + s(20), p.bottom - s(FOOT))
        self.set_widgets([no, yes], focus=no if self.focus.focused is None else None)

    def yes(self) -> None:
        self.app.stack.pop()
        self.on_yes()

    def draw(self, surface) -> None:
        self.draw_background(surface)
        app, s = self.app, self.app.s
        p = self.panel_rect()
        text = app.t(self.question, **self.fmt)
        self.drawn = {"panel": p, "question": draw_fitted(app, surface, text, QUESTION, P.LAMP_SOFT,
                                                         (p.centerx, p.top + s(TOP)), "midtop")}
        self.draw_widgets(surface)
        self.drawn.update({w.label: w.rect for w in self.widgets})
        self.draw_hints(surface)
