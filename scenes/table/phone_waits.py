"""No phone seat waits forever, on the big screen (``PhoneWaits``, one per ``PhoneDesk``).

- A seat the game waits for whose phone is not there: after ``OFFER_AFTER`` seconds the TV asks
  what to do (``SeatOfferScene``): a computer cat plays it, it plays here at the table (hot
  seat, with the table's curtain), or keep waiting (asked again after as long).
- A scan the phones' server refused is said on the TV: a phone holding another seat (a note),
  a seat let go by a phone that moved (a note), a phone refused at a held seat (a question:
  ``HandOverScene``; a phone that lost its cookie gets the seat with one confirm).
"""
from __future__ import annotations

import queue

from game.phones.seats import OTHER, TAKEN
from game.ui.menu import OverlayMenu, title_box
from game.ui.textfit import button_box, register_boxes

OFFER_AFTER = 30.0           # s of "Waiting for X's phone" with no phone before the TV offers more
QUIET_AFTER_NO = 60.0        # s a seat's hand-over question stays away after "keep it"
QUIET_AFTER_YES = 10.0       # s after a hand-over: the refused page's last looks are not new asks
NOTE_SECONDS = 6.0
BUTTON = (1000, 96, 36)
register_boxes("phone_waits", {
    "phone.wait.title": title_box(1100, 56), "phone.handover.title": title_box(1100, 56),
    **{k: button_box(*BUTTON) for k in ("phone.wait.bot", "phone.wait.table", "phone.wait.keep",
                                        "phone.handover.give", "phone.handover.keep")}})


class PhoneWaits:
    def __init__(self, desk):
        self.desk = desk
        self.waited: dict[int, float] = {}          # seat -> seconds due with no phone
        self.asked: set[int] = set()                # seats another phone asked for
        self.quiet: dict[int, float] = {}           # seat -> table time its question may return
        self.open: OverlayMenu | None = None        # the question on screen now

    def update(self, dt: float) -> None:
        desk, t = self.desk, self.desk.table
        self.read_notices()
        due = set(desk.due()) if not t.presenter.busy else set()
        for seat in list(desk.seats):
            if seat in due and not desk.server.connected(seat):
                self.waited[seat] = self.waited.get(seat, 0.0) + dt
            else:
                self.waited.pop(seat, None)
        if self.app.stack.pending or (self.open is not None and self.open in self.app.stack.scenes):
            return
        self.open = None
        if self.app.stack.top is not t:            # a menu or another question is up
            return
        for seat in sorted(self.asked):
            if seat in desk.seats and self.quiet.get(seat, 0.0) <= t.time:
                self.asked.discard(seat)
                self.push(HandOverScene(self.app, self, seat))
                return
        for seat, waited in sorted(self.waited.items()):
            if waited >= OFFER_AFTER:
                self.push(SeatOfferScene(self.app, self, seat))
                return

    @property
    def app(self):
        return self.desk.app

    def push(self, scene: OverlayMenu) -> None:
        self.open = scene
        self.app.audio.play("ui_confirm")
        self.app.stack.push(scene)

    def read_notices(self) -> None:
        desk, t = self.desk, self.desk.table
        for _ in range(16):
            try:
                seat, what = desk.server.notices.get_nowait()
            except queue.Empty:
                return
            if seat not in desk.seats:
                continue
            name = t.seat_name(seat)
            if what == OTHER:
                t.note(self.app.t("phone.tried.other", name=name), NOTE_SECONDS)
            elif what == "moved":
                t.note(self.app.t("phone.tried.moved", name=name), NOTE_SECONDS)
                desk.keys.pop(seat, None)
            elif what == TAKEN and self.quiet.get(seat, 0.0) <= t.time:
                self.asked.add(seat)

    # ---- the choices -----------------------------------------------------------------------------
    def to_cat(self, seat: int) -> None:
        """A computer cat plays the seat from now on; its link dies."""
        if seat not in self.desk.seats:
            return
        self.desk.table.seat_moved(seat, "computer")       # the feed's cat; the link dies with it
        self.forget(seat)

    def to_table(self, seat: int) -> None:
        self.desk.take_back(seat)
        self.forget(seat)

    def forget(self, seat: int) -> None:
        """The seat is no phone's any more: no timer, no question, no chip in the focus ring."""
        self.waited.pop(seat, None)
        self.asked.discard(seat)
        self.desk.chips.pop(seat, None)
        self.desk.opened.discard(seat)

    def keep_waiting(self, seat: int) -> None:
        self.waited[seat] = 0.0                      # asked again after as long

    def give(self, seat: int) -> None:
        self.desk.server.hand_over(seat)
        self.desk.keys.pop(seat, None)
        self.asked.discard(seat)
        self.quiet[seat] = self.desk.table.time + QUIET_AFTER_YES

    def keep(self, seat: int) -> None:
        self.quiet[seat] = self.desk.table.time + QUIET_AFTER_NO


class _Question(OverlayMenu):
    """A question about one phone seat: a title and a button for each answer."""

    hints = [("move", "hint.move"), ("confirm", "hint.select"), ("back", "hint.back")]
    title_key = ""

    def __init__(self, app, waits: PhoneWaits, seat: int):
        super().__init__(app)
        self.waits, self.seat = waits, seat
        self.name = waits.desk.table.seat_name(seat)

    def answers(self) -> list[tuple[str, object]]:
        return []

    def layout(self) -> None:
        s = self.app.s
        answers = self.answers()
        self.panel_size = (1100, 200 + 110 * len(answers))
        p = self.panel_rect()
        buttons, y = [], p.y + s(140)
        for key, action in answers:
            b = self.button((0, 0, *BUTTON[:2]), self.app.t(key, name=self.name),
                            (lambda a=action: self.answer(a)), px=BUTTON[2], raw=True)
            b.rect.midtop = (p.centerx, y)
            buttons.append(b)
            y += s(110)
        self.set_widgets(buttons, focus=buttons[0] if self.focus.focused is None else None)

    def answer(self, action) -> None:
        self.app.stack.pop()
        action(self.seat)
        self.app.invalidate()

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, self.app.t(self.title_key, name=self.name), px=56)
        self.draw_widgets(surface)
        self.draw_hints(surface)


class SeatOfferScene(_Question):
    title_key = "phone.wait.title"

    def answers(self):
        w = self.waits
        return [("phone.wait.bot", w.to_cat), ("phone.wait.table", w.to_table),
                ("phone.wait.keep", w.keep_waiting)]

    def on_back(self) -> None:
        self.answer(self.waits.keep_waiting)


class HandOverScene(_Question):
    title_key = "phone.handover.title"

    def answers(self):
        return [("phone.handover.give", self.waits.give), ("phone.handover.keep", self.waits.keep)]

    def on_back(self) -> None:
        self.answer(self.waits.keep)
