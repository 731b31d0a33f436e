"""How far a face-up card of a Zodiac hand stands off it, toward the board (a mixin of the
Zodiac table: its hands, board and seats' sizes are the table's)."""
from __future__ import annotations

from scenes.zodiac.draw import DESIGN_W

# a side column's face-up card stands this many card widths beside it, and one face up just
# above it that much further again (``lift_for``)
SIDE_LIFT, SIDE_TIER = 0.45, 0.85
STRIP = 8          # design px: the least of a face-down card a spread column still shows


class HandLifts:
    def column_ups(self, seat: int) -> tuple:
        """The face-up places of a side column (what spreads it: ``column_y``); () for a row."""
        rect = self.hand_rect(seat)
        if rect.w >= rect.h or not hasattr(self, "presenter"):
            return ()
        return tuple(sorted({round(c.slot) for c in self.presenter.board.hands[seat]
                             if c.flip > 0.5 and not c.gone}))

    def column_y(self, seat: int, rect, h: float, count: float, k: float, reverse: bool) -> float:
        """Where place ``k`` (top to bottom) of a side column stands. Its cards overlap most of
        their height; a face-up card is drawn whole over them, so the column spreads while one
        is up: the gap from a face-up card to the next card (the owner's next) is a whole card
        tall, the others share what is left, and the next card shows beside it (stranger 43,
        defect 1: at four seats there is no room beside the column to stand it apart)."""
        step = min(h + self.s(6), (rect.h - h) / max(1.0, count - 1)) if count > 1 else 0
        n = max(1, round(count))
        ups = {n - 1 - u if reverse else u for u in self.column_ups(seat)}
        full, least = h + self.s(4), self.s(STRIP)
        # face-down cards lie in the owner's order, each over the one before it: what shows of the
        # next card (``slot + 1``) is the edge a face-up card drawn over it would hide
        gaps = [(i + 1 if reverse else i) in ups for i in range(n - 1)]
        wide = sum(gaps)
        if not wide or step >= full:
            return rect.centery - step * (count - 1) / 2 + step * k
        room = rect.h - h
        narrow = len(gaps) - wide
        full = min(full, (room - narrow * least) / wide)
        rest = (room - wide * full) / narrow if narrow else 0
        places = [0.0]
        for big in gaps:
            places.append(places[-1] + (full if big else rest))
        i = max(0, min(n - 1, int(k)))
        at = places[i] + (places[min(n - 1, i + 1)] - places[i]) * (k - i)
        return rect.centery - places[-1] / 2 + at

    def lift_offset(self, seat: int, card) -> tuple[float, float]:
        """Where ``card`` (face up) is drawn from its slot: toward the board by ``lift_for``
        (along a side column the cards spread apart round it: ``column_y``)."""
        dx, dy = self.lift_dir(seat)
        lift = self.lift_for(seat, card)
        ox, oy = dx * lift, dy * lift
        return ox, oy          # along a side column, its cards spread apart instead (column_y)

    def lift_dir(self, seat: int) -> tuple[float, float]:
        """The unit step a face-up card of ``seat``'s hand is lifted by: toward the table."""
        rect = self.hand_rect(seat)
        if rect.w >= rect.h:
            return (0.0, -1.0 if rect.centery > self.grid_rect().centery else 1.0)
        return (1.0 if rect.centerx < self.grid_rect().centerx else -1.0, 0.0)

    def lift_px(self, seat: int) -> int:
        """How far a face-up card is lifted: less for a top hand, whose captures lie just below."""
        return self.s(12 if self.lift_dir(seat)[1] > 0 else 18)

    def lift_for(self, seat: int, card) -> float:
        """How far ``card`` (face up) stands off its hand toward the board. A side column's cards
        overlap most of their height: there a face-up card stands beside the column, clear of
        the next card to point at, and one just above it that is face up too stands further out
        again, so two turned up side by side are both seen (stranger 40r-en: they stacked, and
        the raised card hid the next card and its focus ring)."""
        base = self.lift_px(seat)
        if self.lift_dir(seat)[0] == 0:
            return base
        w = self.s(DESIGN_W["big" if self.big_hand(seat) else "mini"])
        up = {round(c.slot) for c in self.presenter.board.hands[seat] if c.flip > 0.5 and not c.gone}
        tier, below = 0, round(card.slot) - 1
        while below in up:
            tier, below = tier + 1, below - 1
        return max(base, min(base + w * (SIDE_LIFT + SIDE_TIER * (tier % 2)), self.side_room(seat, w)))

    def side_room(self, seat: int, w: float) -> float:
        """The farthest a side column's card may stand out before it meets the board, the trump
        or the "not seen yet" list beside it (at four seats the trump stands right next to the
        left column, the list next to the right one)."""
        hand = self.hand_rect(seat)
        dx = self.lift_dir(seat)[0]
        beside = (self.grid_rect(), self.anchors["trump"].rect, self.zone("odds"))     # ("not seen yet")
        near = [r for r in beside if r is not None and r.top < hand.bottom and r.bottom > hand.top]
        if dx > 0:
            edge = min((r.left for r in near if r.left >= hand.centerx), default=hand.centerx + 4 * w)
            return edge - self.s(10) - hand.centerx - w / 2
        edge = max((r.right for r in near if r.right <= hand.centerx), default=hand.centerx - 4 * w)
        return hand.centerx - w / 2 - self.s(10) - edge
