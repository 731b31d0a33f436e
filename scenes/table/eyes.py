"""Who looks at the screen, seen from a table: the people at the screen and the seat whose hand
shows (the feed decides: ``game.play.feed.eyes_on_screen``), the "Pass to Mochi" curtain and the
recap read once it is lifted, the hand turned down when a turn ends, and seats moved between the
table, a phone and a computer cat. A mixin of ``TableScene`` (scenes/table/base.py)."""
from __future__ import annotations

from scenes.results import CALM, PRESSES
from scenes.table.phones import PhoneDesk, phones_enabled


class TableEyes:
    def hot_seat(self) -> bool:
        """More than one person still in the game watch the screen: a hand hides between turns
        behind a curtain (the feed's one rule; not once the others are out)."""
        return self.feed.needs_curtain

    @property
    def humans(self) -> list[int]:
        """The people at the screen (not on phones)."""
        return self.feed.at_screen

    @property
    def viewer(self) -> int | None:
        """The seat whose hand the screen shows as its own (the feed decides: ``eyes``)."""
        return self.feed.viewer

    @staticmethod
    def phones_possible(app, attract: bool) -> bool:
        return not attract and phones_enabled(app)

    def show(self, seat: int) -> None:
        """Make ``seat``'s hand the one shown (a curtain first when several people watch)."""
        if self.hot_seat():
            if self.viewer != seat and self.curtain_for != seat:
                self.feed.lower()
                self.curtain_for = seat
                self.presenter.sync()
                self.app.audio.play("purr")
            return
        if self.viewer == seat and self.bottom == seat:
            return
        self.feed.lift(seat)
        if self.bottom != seat:            # the one person left (the others out) sits at the bottom
            was, self.bottom = self.bottom, seat
            self.layout()
            self.glide.start(was)
        self.presenter.sync()

    # ---- still hands: a curtain and its recap lift only on a press meant for them --------------
    # Stranger 43 #1: clicks on the bare table to hurry a computer cat went on into the next
    # person's curtain and recap, and their hand lay face up before whoever still sat there. The
    # results' rule (scenes/results.py ``handle``): the curtain, then the recap, take a press only
    # once fully shown and CALM seconds have passed with no press and nothing held (a key, a pad
    # button, a mouse button or finger down since before); every press before restarts the wait.
    def still_hands(self, dt: float) -> None:
        """Count the calm under a curtain or recap shown (``update`` calls this each frame)."""
        shown = (self.curtain_for is not None and not self.presenter.busy) or self.recap
        if not shown or self.app.fading or self.app.stack.top is not self:
            self.still_for = 0.0           # not fully shown yet: the calm has not begun
        elif self.still_for < CALM and self.app.input.held_presses():
            self.still_for = 0.0           # held since before: its key-up (button-up) is awaited
        else:
            self.still_for += dt

    def hands_waiting(self) -> bool:
        """A curtain or recap is up and does not take a press yet."""
        up = self.curtain_for is not None or bool(self.recap)
        return up and (self.still_for < CALM or self.app.fading)

    def hands_unsteady(self, intent) -> bool:
        """Whether ``intent`` is a press that came too soon for the curtain or recap up now (it
        restarts the wait). Pause and help still act: they hide the table, never show a hand."""
        if (self.curtain_for is None and not self.recap) or intent.kind not in PRESSES:
            return False
        if not self.hands_waiting():
            return False
        self.still_for = 0.0
        return intent.kind not in ("back", "pause", "help")

    def lift_curtain(self) -> None:
        seat = self.curtain_for
        self.still_for = 0.0               # the recap waits for its own calm (read, not skipped)
        self.feed.lift(seat)
        was, self.bottom = self.bottom, seat
        self.curtain_for = None
        self.layout()
        self.glide.start(was)               # the seats turn round the table to their new places
        self.presenter.sync()
        # what happened since this person's last turn, now that only they look (issue 36: drawn
        # on the curtain, a card taken from them was read by whoever passed the screen)
        self.recap = self.recap_lines(seat)
        self.app.audio.play("card_flip")

    def hide_outgoing_hand(self, actor: int) -> None:
        """A person's turn just ended and their eyes are no longer the screen's (hot seat; or
        knocked out while another person plays on): their hand turns face down at once, before
        the animation and the curtain for the next person (never after)."""
        if not (self.feed.over or self.feed.current_player != actor):
            return
        if self.hot_seat() or actor not in self.feed.eyes:
            self.feed.lower()
            self.presenter.hide_hand(actor)
            # and what those eyes knew of the others' hands (a Dealer's gift): a person knocked
            # out leaves the screen to another, whose eyes never saw it (a kept hand's picture
            # showed it until painted again: seen when a Death's shake painted every piece)
            for seat in range(self.n):
                if seat != actor and seat not in self.feed.eyes:
                    self.presenter.hide_hand(seat)

    def seat_moved(self, seat: int, where: str) -> None:
        """``seat`` is played from now on at the screen, on a phone or by a computer cat (the
        pause menu's Seats): the feed decides the eyes again (the curtain comes down, nobody's
        hand is shown until the rule says whose), the bots, phones and tools follow."""
        self.runner.cancel()
        self.feed.move_seat(seat, where)
        if where == "phone":
            if self.phones is None:
                self.phones = PhoneDesk.open(self)
            elif seat not in self.phones.seats:
                self.phones.add(seat)
            if self.phones is None:            # phones cannot be had here: the seat stays
                self.feed.move_seat(seat, "screen")
        elif self.phones is not None and seat in self.phones.seats:
            self.phones.seats.remove(seat)
            self.phones.server.revoke(seat)
        self.runner = self.feed.bot_runner(self.runner.min_delay, self.app.log)
        self.curtain_for, self.recap = None, []
        if self.humans and self.bottom not in self.humans:
            self.bottom = self.humans[0]
        people = bool(self.humans) and not self.attract
        self.advice.on = people
        self.tools.on = people and not hasattr(self, "lesson")
        for b in (self.tools.undo_btn, self.tools.moves_btn):
            b.visible = self.tools.on
        self.human_game = bool(self.feed.people)
        self.layout()
        self.mode_key = None
        self.presenter.sync()

