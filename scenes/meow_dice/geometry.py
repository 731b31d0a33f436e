"""Where things go on the Meow Meow Dice table: slots and their cards, condition tokens, piles,
the tray (dice, the tiger, pickers) and the parts of a seat panel, all in window px from the
level's anchors. A mixin of ``MeowDiceTable``; the button row stays with the table (its places
come from ``action_slots``).
"""
from __future__ import annotations

import pygame

from game.art.cards_meow_dice import RATIO
from game.rules.meow_dice_data import TYPES
from scenes.meow_dice.draw import DESIGN, C
from scenes.meow_dice.icons import ICON
from scenes.meow_dice.rules_view import by_type

# design px: where a slot's card stands in its slot (left, top). The card is as wide as the slot
# leaves room for beside it (two columns of condition tokens) and above its "why not" line
# (issue 21: 140 px cards in 300 px slots left the board looking empty at 1920x1080), which has
# its own place inside the slot's panel, clear of its border (``slot_line_rect``)
CARD_AT = [12, 52]
LINE_INSET = 6       # design px between a slot's "why not" line and the slot panel's edge
SHELF_GAP = 12       # design px between a panel's tools shelf and what stands above it
COLS_CLEAR = 20      # design px more between the card columns and the shelf (stranger 6: a column of
                     # four cards ended ~10 px above Undo / Moves and read as touching it)


class MeowDiceGeometry:
    def w(self, kind: str) -> int:
        return self.s(DESIGN[kind])

    def slot_rect(self, slot: str) -> pygame.Rect:
        return self.anchors["slot" + slot].rect

    def slot_card(self, slot: str):
        """(centre, width) of the card in ``slot``."""
        r = self.slot_rect(slot)
        w = self.w("slot_card")
        h = round(w * RATIO)
        return (r.x + self.s(CARD_AT[0]) + w / 2, r.y + self.s(CARD_AT[1]) + h / 2), w

    def slot_card_rect(self, slot: str) -> pygame.Rect:
        (cx, cy), w = self.slot_card(slot)
        rect = pygame.Rect(0, 0, w, round(w * RATIO))
        rect.center = (round(cx), round(cy))
        return rect

    def slot_line_rect(self, slot: str) -> pygame.Rect:
        """The place of a slot's line under its card (its pattern, "Take it!" or why not): one
        line of 28 px text inside the panel, clear of its border (issue 21: it sat on it)."""
        r, s = self.slot_rect(slot), self.s
        h = self.app.font(28).get_linesize()
        return pygame.Rect(r.x + s(10), r.bottom - s(LINE_INSET) - h, r.w - s(20), h)

    def draw_lines_over(self, surface, frames) -> None:
        """A lesson's pulsing frames, drawn after the table, crossed the top of "Take it!" under a
        pointed card (stranger21c): the slot lines they meet are drawn again on their tags."""
        for slot in list(getattr(self, "slot_labels", {})):
            if any(f.colliderect(self.slot_line_rect(slot)) for f in frames):
                self.slot_label(surface, slot, backed=True)

    def token_size(self) -> int:
        return self.w("token")

    def token_pos(self, slot: str, k: int):
        card = self.slot_card_rect(slot)
        size = self.token_size()
        row, col = divmod(k, 2)                 # two a row from the top: the odds chip keeps the foot
        return (card.right + self.s(10) + size / 2 + col * (size + self.s(4)),
                card.y + size / 2 + row * (size + self.s(8)))

    def pile_card(self, kind: str):
        r = self.anchors[kind].rect
        return r.center, self.w("pile")

    def tiger_rect(self) -> pygame.Rect:
        """Where "Ask the tiger" sits (scenes/advice.py asks): the tray's right end, or, in the
        advanced game, whose right end holds the condition token supply, the tray's left end."""
        tray = self.anchors["tray"].rect
        size = min(tray.h, self.s(96))
        r = pygame.Rect(0, 0, size, size)
        if self.presenter.board.advanced:
            r.midleft = (tray.x + self.s(6), tray.centery)
        else:
            r.midright = (tray.right - self.s(6), tray.centery)
        return r

    def picker_area(self) -> pygame.Rect:
        """The tray without the tiger's end: a row of faces or tokens to pick from is seen whole."""
        tray = self.anchors["tray"].rect
        tiger = self.tiger_rect()
        if tiger.centerx < tray.centerx:
            # by keyboard or pad the tiger's key badge stands out past its right edge: the frame
            # keeps clear of it (it cut the badge's "T" in half)
            badge = self.s(22) if self.app.device in ("keyboard", "pad") else 0
            left = tiger.right + self.s(12) + badge
            return pygame.Rect(left, tray.y, tray.right - self.s(8) - left, tray.h)
        return pygame.Rect(tray.x + self.s(8), tray.y, tiger.x - self.s(12) - tray.x - self.s(8), tray.h)

    def picker_frame(self) -> pygame.Rect:
        """The picker's frame: round its faces only, so the tiger beside it never reads as one
        more face to pick (issue 21)."""
        return self.picker_area().inflate(self.s(8), self.s(8))

    def dice_area(self) -> pygame.Rect:
        tray = self.anchors["tray"].rect
        if self.presenter.board.advanced:               # the tiger at the left, the supply at the right
            left = self.tiger_rect().right + self.s(12)
            return pygame.Rect(left, tray.y, self.anchors["supply"].rect.x - left - self.s(10), tray.h)
        return pygame.Rect(tray.x, tray.y, self.tiger_rect().x - tray.x - self.s(10), tray.h)

    def dice_panel(self) -> pygame.Rect:
        """The dark panel the dice lie on, as drawn: it is the dice's piece (the overlap audit),
        not the whole tray height, so a focused button's ring below it is measured against what
        shows."""
        rects = self.dice_rects()
        return rects[0].union(rects[-1]).inflate(self.s(40), self.s(24))

    def dice_gap(self) -> int:
        """Between two dice: closer in the advanced game, whose supply shares the tray."""
        return self.s(12 if self.presenter.board.advanced else 18)

    def die_size(self) -> int:
        gap = self.dice_gap()
        return min(self.w("die"), (self.dice_area().w - 3 * gap - self.s(24)) // 4)

    def dice_rects(self) -> list[pygame.Rect]:
        tray = self.anchors["tray"].rect
        size = self.die_size()
        gap = self.dice_gap()
        total = 4 * size + 3 * gap
        area = self.dice_area()
        x0 = area.centerx - total // 2
        out = []
        for d in range(4):
            r = pygame.Rect(x0 + d * (size + gap), 0, size, size)
            r.centery = tray.centery
            out.append(r)
        return out

    def seat_parts(self, seat: int) -> dict:
        """Where each part of a seat panel goes (window px); cached per window size."""
        cache = self.__dict__.setdefault("_parts", {})
        key = (seat, self.app.size, self.bottom, self.tools_shown())
        if key not in cache:
            cache[key] = self._seat_parts(seat)
        return cache[key]

    def tools_shown(self) -> bool:
        """Undo and Moves are on this table (not a lesson's, a demo's or a table of computer
        cats only): only then has the person's panel a shelf for them, never an empty one."""
        tools = getattr(self, "tools", None)
        return bool(tools is not None and tools.on)

    def _seat_parts(self, seat: int) -> dict:
        r = self.seat_rect(seat)
        s = self.s
        head = pygame.Rect(r.x + s(10), r.y + s(10), r.w - s(20), s(58))
        # where the level's tools zone lies in the person's panel (four seats), it is a shelf of
        # its own across the panel's foot (issue 21: Undo and Moves were squeezed into the
        # won-token corner): the cat column and the card columns end above it
        zone = self.zone("tools")
        tools = seat == self.bottom and zone is not None and r.contains(zone) and self.tools_shown()
        bottom = (zone.y - s(SHELF_GAP)) if tools else r.bottom - s(10)
        left = pygame.Rect(r.x + s(10), head.bottom + s(8), s(176), bottom - head.bottom - s(8))
        # the won tokens keep a whole row above a tools shelf: the cat gives up what they lack
        short = s(ICON["won"]) - (left.h - sum(s(n) for n in (178, 4, 58, 6, 58, 6)))
        cat = pygame.Rect(left.x, left.y, left.w, s(178) - max(0, short))
        badge = pygame.Rect(left.x, cat.bottom + s(4), left.w, s(58))
        status = pygame.Rect(left.x, badge.bottom + s(6), left.w, s(58))
        won = pygame.Rect(left.x, status.bottom + s(6), left.w, left.bottom - status.bottom - s(6))
        extra = {}
        if tools:
            extra["tools"] = zone
        cols_x = left.right + s(12)
        cols_bottom = bottom - (s(COLS_CLEAR) if tools else 0)
        cols = pygame.Rect(cols_x, head.bottom + s(8), r.right - s(10) - cols_x,
                           cols_bottom - head.bottom - s(8))
        return {"panel": r, "head": head, "cat": cat, "badge": badge, "status": status, "won": won,
                "cols": cols, **extra}

    def piece_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """A seat panel is told by its parts (the overlap audit): the tools may hold a corner
        of the person's own panel; the dice tray by the dice's part of it."""
        panels = {f"seat{i}" for i in range(self.n)}
        # the tray by its dice (the tiger keeps one end), the supply only when it holds tokens
        unused = {"tray"} | (set() if self.presenter.board.advanced else {"supply"})
        out = [(name, r) for name, r in super().piece_boxes() if name not in panels | unused]
        out.append(("dice", self.dice_panel()))
        for seat in range(self.n):
            out += [(f"seat{self.position(seat)}.{part}", r) for part, r in self.seat_parts(seat).items()
                    if part not in ("panel", "tools")]
        return out

    def hand_card(self, seat: int, ctype: str, index: int, count: int | None = None):
        """(centre, width) of card ``index`` in the ``ctype`` column of ``seat``'s panel."""
        cols = self.seat_parts(seat)["cols"]
        col_w = cols.w / 4
        k = TYPES.index(ctype)
        w = self.w("hand")
        h = round(w * RATIO)
        top = cols.y + self.s(60)
        if count is None:
            count = max(index + 1, len(by_type(self.presenter.board.hands[seat])[ctype]))
        room = cols.bottom - top - h
        step = min(h * 0.56, room / max(1, count - 1)) if count > 1 else 0
        return (cols.x + col_w * (k + 0.5), top + h / 2 + step * index), w

    def seat_cat(self, seat: int) -> tuple[tuple[int, int], int, bool]:
        """Where a seat's cat stands (its centre), its size, and whether it faces left: as
        _draw_seat draws it."""
        parts = self.seat_parts(seat)
        cat = parts["cat"]
        flip = parts["panel"].centerx > self.app.size[0] / 2
        return (cat.centerx, cat.centery + self.app.s(4)), int(cat.h * 0.96), flip

    def seat_region(self, seat: int) -> pygame.Rect:
        """A seat's still piece: its panel and the turn's glow round it (``_draw_seat``)."""
        return self.seat_parts(seat)["panel"].inflate(self.s(16), self.s(16))

    def seat_glow(self, seat: int) -> tuple:
        """The arguments of ``ellipse_glow`` for the turn's glow round a seat's panel: drawn into
        its piece."""
        return tuple(self.seat_region(seat).size), C.SEAT_STILL_1, 170

    def banner_look(self) -> tuple:
        """draw_banner's size, width, smallest size and fill (after the words and colour). Its
        words fit between the board's slots, panel and all (draw_banner's pad is 60 design px):
        at three seats the board is narrow and a seat's panel stands beside it (s43: "Nothing
        fits: … gets a fish bone" ran onto it)."""
        board = self.slot_rect("TR").right - self.slot_rect("TL").left
        return 56, min(self.s(1100), board - self.s(60)), 30, C.DRAW_1

    def pick_badge(self, card: pygame.Rect) -> pygame.Rect:
        """The order badge of a card picked to discard: on the bottom-left corner, clear of the
        card's point badge at its top left (a "1" on a "1" read as one badge, issue 21)."""
        badge = pygame.Rect(0, 0, self.app.s(46), self.app.s(46))
        badge.center = (card.x + self.app.s(6), card.bottom - self.app.s(6))
        return badge
