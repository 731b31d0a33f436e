"""Stranger 43, defect 1: a card turned up in a side hand (a column) still covered the next card,
so both could not be seen (four seats: no room beside the column to stand it apart). The column
spreads while a card is up: a face-up card's face never meets the next card's (the one it lay on)
nor another face-up card's, at three to six seats, at both sizes, one card up (at the column's ends
and in its middle) or two side by side."""
from __future__ import annotations

import pygame
import pytest

from game.art.cards_zodiac import RATIO
from tests.scenes.test_overlap_audit import app, person_turn  # noqa: F401


def face(table, seat: int, card, up: bool) -> pygame.Rect:
    (x, y), w = table.hand_slot(seat, card.slot, table.presenter.board.counts[seat])
    ox, oy = table.lift_offset(seat, card) if up else (0.0, 0.0)
    r = pygame.Rect(0, 0, int(w), int(w * RATIO))
    r.center = (round(x + ox), round(y + oy))
    return r


def _hits(a, b) -> bool:
    return a.clip(b).w > 1 and a.clip(b).h > 1


@pytest.mark.parametrize("n", [4, 5, 6])     # 3 seats sit in rows: no side column
def test_a_turned_up_side_card_and_the_next_both_show(app, n):  # noqa: F811
    table = person_turn(app, "zodiac", n)
    board = table.presenter.board
    sides = [s for s in range(n) if table.hand_rect(s).w < table.hand_rect(s).h]
    assert sides, "no side column at this table"
    found, met = [], 0
    for seat in sides:
        cards = sorted((c for c in board.hands[seat] if not c.gone), key=lambda c: c.slot)
        flips = {id(c): c.flip for c in cards}
        last = len(cards) - 1
        for ups in ([0], [last], [last // 2], [last // 2, last // 2 + 1], [0, 1], [1, last - 1]):
            for c in cards:
                c.flip = 1.0 if round(c.slot) in ups else 0.0
            for i in ups:
                up = face(table, seat, cards[i], True)
                for j in (i - 1, i + 1):           # the next card, and a face-up neighbour
                    if 0 <= j <= last and (j == i + 1 or j in ups):
                        met += 1
                        other = face(table, seat, cards[j], j in ups)
                        if _hits(up, other):
                            found.append(f"{n} seats {app.size}: seat {seat} up {ups}: card {i} "
                                         f"{tuple(up)} meets card {j} {tuple(other)}")
                hand = table.hand_rect(seat)
                if not hand.inflate(2, 2).contains(face(table, seat, cards[i], False)):
                    found.append(f"{n} seats: seat {seat} card {i} leaves its column {tuple(hand)}")
        for c in cards:
            c.flip = flips[id(c)]
    assert met
    assert not found, "\n".join(found)
