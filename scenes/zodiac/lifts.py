"""How far a face-up card of a Zodiac hand stands off it, toward the board (a mixin of the
Zodiac table: its hands, board and seats' sizes are the table's)."""
from __future__ import annotations

from game.art.cards_zodiac import RATIO
from scenes.zodiac.draw import DESIGN_W

# a side column's face-up card stands this many card widths beside it, and one face up just
# above it that much further again (``lift_for``)
SIDE_LIFT, SIDE_TIER = 0.45, 0.85
SPREAD = 0.3       # card heights two face-up neighbours step apart along a column with no room beside it


class HandLifts:
    def lift_offset(self, seat: int, card) -> tuple[float, float]:
        """Where ``card`` (face up) is drawn from its slot: toward the board by ``lift_for``; in
        a side column with no room beside it for two, a face-up card also steps away along the
        column from a face-up neighbour, so both faces show (stranger 40r-en: they stacked)."""
        dx, dy = self.lift_dir(seat)
        lift = self.lift_for(seat, card)
        ox, oy = dx * lift, dy * lift
        if dx == 0:
            return ox, oy
        w = self.s(DESIGN_W["big" if self.big_hand(seat) else "mini"])
        if self.side_room(seat, w) >= self.lift_px(seat) + w * (SIDE_LIFT + SIDE_TIER):
            return ox, oy                     # room to stand apart beside the column
        count = self.presenter.board.counts[seat]
        up = {round(c.slot) for c in self.presenter.board.hands[seat] if c.flip > 0.5 and not c.gone}
        here = round(card.slot)
        y = self.hand_slot(seat, card.slot, count)[0][1]
        away = [y - self.hand_slot(seat, float(n), count)[0][1] for n in (here - 1, here + 1) if n in up]
        if len(away) == 1 and away[0]:
            h, hand = w * RATIO, self.hand_rect(seat)
            oy += (1 if away[0] > 0 else -1) * h * SPREAD
            # never past the column's ends, where its "1"/"12" marks stand
            oy = max(hand.top + h / 2 - y, min(oy, hand.bottom - h / 2 - y))
        return ox, oy

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
