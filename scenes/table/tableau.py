"""Each seat's final tableau on the results screen (issue 21: every hand revealed at the end, as
on Board Game Arena's final table).

``tableau(session)`` gives, per seat, a list of groups ``(caption, [(kind, item), ...])``: the
caption a text key or ``(key, {its fields})``, each item a picture the game's kit draws (its
``picture`` part: a card, a token...). The kit's own ``tableau`` part says what each seat ended
with; the neutral default shows the hands the engine's summary lists (``hands``), as words when
the kit has no pictures.

``place`` lays the groups out in a box: the largest pictures for which every group fits (a
caption line, then its pictures in rows), never smaller than ``MIN_W``; nothing overlaps. When
even small pictures do not fit (a long match caught something every round), ``trim`` leaves out
the earliest groups: the latest stay. A kit's tableau may say how wide its pictures must stay
(``readable``, design px) and what the groups left out come to (``summary``: one caption line,
a ``Summary``, first in the column, e.g. "Rounds 1–3: 4 sets"), so nothing is dropped
without a word.
"""
from __future__ import annotations

import pygame

from game.rules.registry import KITS
from game.ui.textfit import Box, register_boxes

CAPTION = Box(400, 34, 28, ("shrink", "abbrev"), min_px=18)
register_boxes("results", {"results.tab.*": CAPTION})
MAX_W, MIN_W = 150, 26          # a picture's width in design pixels: readable, and never tiny
GAP = 6
READABLE = 44                   # the width below which a group is left out rather than shrunk


def tableau(final) -> list[list[tuple[str, list[tuple[str, str]]]]]:
    """``final``: the finished game's record (``game.play.feed.Finished``)."""
    if not getattr(final, "over", True):
        return [[] for _ in final.seats]
    kit = KITS.get(final.game_name)
    own = kit.load("tableau") if kit else None
    return (own or plain_tableau)(final)


def tableau_rules(final) -> tuple[int, object, float]:
    """(the width its pictures keep, design px; what the groups left out come to, or None; the
    share of the width a caption takes beside its pictures, 0 for a caption line above them)."""
    kit = KITS.get(final.game_name)
    own = kit.load("tableau") if kit else None
    return getattr(own, "readable", READABLE), getattr(own, "summary", None), getattr(own, "beside", 0.0)


class Summary(tuple):
    """A caption standing alone, ``(key, {fields})``: what the groups left out come to."""


def plain_tableau(final) -> list[list[tuple[str, list[tuple[str, str]]]]]:
    """A game without its own tableau: each seat's hand, when the summary lists the hands."""
    n = len(final.seats)
    hands = final.summary.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        return [[] for _ in range(n)]
    return [[("results.tab.plain", [("card", str(c)) for c in hand])] if hand else [] for hand in hands]


def caption_key(caption) -> str:
    return caption if isinstance(caption, str) else caption[0]


def caption_text(t, caption) -> str:
    return t(caption) if isinstance(caption, str) else t(caption[0], **caption[1])


def trim(groups, area: pygame.Rect, pictures: "Pictures", s, caption_h: int, readable: int = READABLE,
         summary=None) -> list:
    """The latest groups that fit in ``area`` with pictures ``readable`` wide; with a ``summary``,
    the groups left out are said first, in one line (``summary(left_out)``, a ``Summary``)."""
    groups, left = list(groups), []

    def kept():
        return ([(Summary(summary(left)), [])] if left and summary else []) + groups

    while len(groups) > 1 and not _flow(kept(), area, pictures, s(readable), s(GAP), caption_h)[1]:
        left.append(groups.pop(0))
    return kept()


class Pictures:
    """The pictures of one game at any width: its kit's ``picture``, else a word on a chip."""

    def __init__(self, app, game_name: str):
        kit = KITS.get(game_name)
        try:
            self.draw = kit.load("picture") if kit else None
        except (ImportError, AttributeError):
            self.draw = None
        self.app = app
        self.shapes: dict[tuple[str, str], tuple[float, float]] = {}
        self.beside = 0.0          # the share of the width a caption takes beside its pictures

    def caption_room(self, groups, most: int) -> int:
        """The width captions beside their pictures take: the widest of them, at most ``most``
        (one edge for every row's pictures)."""
        font, t = self.app.font(CAPTION.px), self.app.t
        widest = max((font.size(caption_text(t, words))[0] for words, items in groups
                      if items and not isinstance(words, Summary)), default=0)
        return min(most, widest + self.app.s(4))

    def make(self, kind: str, item: str, width: int) -> pygame.Surface:
        if self.draw is not None:
            try:
                return self.draw(kind, item, max(8, width), self.app.t)
            except (KeyError, ValueError, IndexError):
                pass                          # a piece the game cannot picture: its word
        return self.chip(item, width)

    def chip(self, item: str, width: int) -> pygame.Surface:
        app = self.app
        font = app.fit_font(item, max(12, int(width * 0.4)), width - 4, 10)
        words = app.text(item, font, (250, 240, 220))
        surf = pygame.Surface((width, max(words.get_height() + 6, int(width * 0.6))), pygame.SRCALPHA)
        pygame.draw.rect(surf, (58, 50, 84), surf.get_rect(), border_radius=max(2, width // 8))
        surf.blit(words, words.get_rect(center=surf.get_rect().center))
        return surf

    def shape(self, kind: str, item: str) -> tuple[float, float]:
        """(width, height) of the picture per unit of asked width (a framed trump is wider)."""
        key = (kind, item)
        if key not in self.shapes:
            surf = self.make(kind, item, 100)
            self.shapes[key] = (surf.get_width() / 100, surf.get_height() / 100)
        return self.shapes[key]


def fit_width(groups, area: pygame.Rect, pictures: Pictures, s, caption_h: int) -> int:
    """The largest picture width (design pixels) at which every group fits in ``area``."""
    for design_w in range(MAX_W, MIN_W, -2):
        if _flow(groups, area, pictures, s(design_w), s(GAP), caption_h)[1]:
            return design_w
    return MIN_W


def place(groups, area: pygame.Rect, pictures: Pictures, s, caption_h: int, design_w: int):
    """[(caption rect, [(picture rect, kind, item)])] per group, the pictures ``design_w`` wide
    (the results screen gives every seat the same width: the smallest that all seats need)."""
    return _flow(groups, area, pictures, s(design_w), s(GAP), caption_h)[0]


def _flow(groups, area, pictures, width, gap, caption_h):
    out = []
    y = area.top
    room = pictures.caption_room(groups, round(area.w * pictures.beside)) if pictures.beside else 0
    for words, items in groups:
        beside = 0 if isinstance(words, Summary) or not items else room
        caption = pygame.Rect(area.left, y, beside or area.w, caption_h)
        if beside:                              # a compact row: the caption at the pictures' left
            left = area.left + beside + gap
        else:
            y, left = caption.bottom + gap // 2, area.left
        x, row_h, spots = left, 0, []
        for kind, item in items:
            sw, sh = pictures.shape(kind, item)
            w, h = max(1, round(width * sw)), max(1, round(width * sh))
            if x > left and x + w > area.right:
                x, y, row_h = left, y + row_h + gap, 0
            spots.append((pygame.Rect(x, y, w, h), kind, item))
            x += w + gap
            row_h = max(row_h, h)
        out.append((caption, spots))
        if isinstance(words, Summary):          # a summary line stands alone
            y = caption.bottom + gap
            continue
        if beside:                              # the caption beside the row, centred on its first row
            first = min((r.h for r, _k, _i in spots[:1]), default=caption_h)
            caption.y = spots[0][0].y + max(0, first - caption_h) // 2 if spots else caption.y
            row_h = max(row_h, caption_h)
        else:
            row_h = row_h or caption_h          # a group with nothing in it says "None"
        y += row_h + gap * 2
    fits = y - gap * 2 <= area.bottom and all(r.right <= area.right for _, spots in out for r, _, _ in spots)
    return out, fits
