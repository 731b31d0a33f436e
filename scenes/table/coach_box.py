"""Where the parts of the lesson coach's corner go, for any width a level's ``zone:coach`` gives.

Wide (as the old corner, 600 design px and more): the cat at the left, the name and the words
beside it, the buttons in a row at the bottom right. Narrow (a side column of the table): a small
cat with the name beside it on top, the words under them across the whole width, the buttons
at the bottom, in a row when they fit side by side, else one under the other.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

CAT = 190                        # design px of the coach cat in the wide corner
SMALL_CAT = 96                   # and in a narrow column
WIDE = 600                       # design px: narrower than this, the narrow arrangement
BUTTON_H, GAP = 64, 14


@dataclass
class CoachParts:
    cat: int                     # window px of the cat
    cat_centre: tuple[int, int]  # offsets from the box's top left
    name_at: tuple[int, int]     # the name's midleft (narrow) or topleft (wide), offset
    name_anchor: str
    text_at: tuple[int, int]     # the words' topleft, offset
    text_w: int


def parts(s, w: int) -> CoachParts:
    """The parts of a coach box ``w`` window px wide (``s``: design px to window px)."""
    if w >= s(WIDE):
        cat = s(CAT)
        return CoachParts(cat, (s(20) + cat // 2, s(40) + cat // 2), (s(40) + cat, s(18)), "topleft",
                          (s(40) + cat, s(60)), w - s(40 + CAT + 26))
    cat = s(SMALL_CAT)
    return CoachParts(cat, (s(18) + cat // 2, s(14) + cat // 2), (s(30) + cat, s(14) + cat // 2), "midleft",
                      (s(22), s(24) + cat), w - s(44))


def button_widths(s, wide_ones: list[bool]) -> list[int]:
    return [s(300 if wide else 220) for wide in wide_ones]


def button_rows(s, w: int, wide_ones: list[bool]) -> int:
    """1 when the buttons fit side by side in ``w``, else one row each."""
    total = sum(button_widths(s, wide_ones)) + s(GAP) * (len(wide_ones) - 1)
    return 1 if total <= w - s(44) else len(wide_ones)


def height(s, w: int, text_h: int, wide_ones: list[bool]) -> int:
    """The box's height for words ``text_h`` window px high and these buttons."""
    p = parts(s, w)
    rows = button_rows(s, w, wide_ones)
    body = p.text_at[1] + text_h + s(18) + rows * s(BUTTON_H) + (rows - 1) * s(GAP) + s(20)
    return max(body, p.cat_centre[1] + p.cat // 2 + s(20) if w >= s(WIDE) else 0)


def place(s, box: pygame.Rect, buttons: list, wide_ones: list[bool]) -> None:
    """The buttons at the box's bottom right, Skip last (a row), or stacked full width."""
    widths = button_widths(s, wide_ones)
    bh = s(BUTTON_H)
    if button_rows(s, box.w, wide_ones) == 1:
        bx = box.right - s(22)
        for b, width in zip(reversed(buttons), reversed(widths), strict=True):
            b.rect = pygame.Rect(bx - width, box.bottom - bh - s(18), width, bh)
            bx -= width + s(GAP)
        return
    y = box.bottom - s(18) - bh
    for b in reversed(buttons):
        b.rect = pygame.Rect(box.x + s(22), y, box.w - s(44), bh)
        y -= bh + s(GAP)
