"""What the Zodiac focus arrow must not cover (a mixin of the Zodiac table): the seats' name plates,
the "1" / "12" marks at the hands' ends and the prompt bar. Where the arrow would, the focus shows as its
outline alone."""
from __future__ import annotations

import pygame


class PointerRoom:
    def pointer_blockers(self) -> list[pygame.Rect]:
        """The seats, and each hand's end marks: on a top hand's end card the arrow below it sat
        on the "12" mark and read "12▲" (playtest, zh_TW, 3 seats). And the prompt bar: over a card
        of the person's own hand it sat in the words ("再放▼下": stranger 43, defect 4)."""
        out = [self.seat_rect(s) for s in range(self.n)] + [self.anchors["prompt"].rect]
        d = self.sort_mark_w()
        for seat in range(self.n):
            for _text, (x, y) in self.sort_marks(seat):
                out.append(pygame.Rect(round(x - d / 2), round(y - d / 2), d, d))
        return out
