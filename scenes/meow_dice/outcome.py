"""The prompt while a turn's outcome banner ("Nothing fits: Miso gets a fish bone", "Miso takes
the Warm milk (3 points)") is up: the shared waiting line leaves its top line empty under a
banner (not to say it twice), and the second line still counted the last roll, so the prompt
said something else than the banner. Here it says whose turn is over, and the second line drops
the rolls (scenes/meow_dice/draw.py ``_sub_text``)."""
from __future__ import annotations

from game.art import palette as P


class MeowDiceOutcome:
    def waiting_line(self) -> tuple[str, tuple]:
        seat = self.presenter.outcome
        if seat is not None and self.presenter.banner is not None and not self.feed.over:
            return self.app.t("md.prompt.turn_over", name=self.seat_name(seat)), P.CREAM
        return super().waiting_line()
