"""A focusable spot on a table (a card, a die, a seat, a slot): what ``FocusGroup`` and the
pointer need, plus ``why`` (the words shown when a disabled spot is pressed)."""
from __future__ import annotations

import pygame


def toggle(chosen: list, item) -> None:
    """Add ``item`` to a multiple choice (cards of a set, dice to reroll, slots), or take it out."""
    if item in chosen:
        chosen.remove(item)
    else:
        chosen.append(item)


class Spot:
    def __init__(self, key, on_press=None, radius: int = 14):
        self.key = key
        self.label = key
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.enabled = True
        self.visible = True
        self.radius = radius
        self.on_press = on_press
        self.why: tuple | None = None      # (text key, fmt) shown when a disabled spot is pressed
