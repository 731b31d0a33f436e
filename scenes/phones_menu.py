"""The pause menu's "Seats": who plays each seat from now on. One button per seat a person
plays or played this game cycles it: at the table → on a phone (a game with hidden hands, phones
on) → a computer cat → at the table. A phone seat also lets another phone join with the same
code (the phone that held it is cut off: a lost or flat phone). Each move re-decides whose eyes
are on the screen (the table's feed): the curtain comes down, nobody's hand shows until the
rule says whose."""
from __future__ import annotations

from game.ui.menu import OverlayMenu, title_box
from game.ui.textfit import button_box, register_boxes

BUTTON = (900, 88, 34)
STEP = 100                   # design px from one button to the next
register_boxes("phones_menu", {"seats.title": title_box(1000, 64), "phones.release": button_box(*BUTTON),
                               "seats.at_table": button_box(*BUTTON), "seats.on_phone": button_box(*BUTTON),
                               "seats.computer": button_box(*BUTTON)})
PLACE_KEY = {"screen": "seats.at_table", "phone": "seats.on_phone", "computer": "seats.computer"}


class PhonesScene(OverlayMenu):
    hints = [("move", "hint.move"), ("confirm", "hint.select"), ("back", "hint.back")]

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table_scene = table_scene

    def seats(self) -> list[int]:
        t = self.table_scene
        return sorted(set(t.feed.people) | set(getattr(t, "started_people", ())))

    def place(self, seat: int) -> str:
        feed = self.table_scene.feed
        if seat in feed.phones:
            return "phone"
        return "screen" if seat in feed.people else "computer"

    def places(self) -> list[str]:
        """Where a seat may be played here, in the order a press cycles them."""
        t = self.table_scene
        phone = t.secret_hands and t.phones_possible(self.app, t.attract) and \
            (getattr(t, "phone_kit", None) or (t.kit and t.kit.phone))
        return ["screen", "phone", "computer"] if phone else ["screen", "computer"]

    def layout(self) -> None:
        s = self.app.s
        seats = self.seats()
        rows = [(seat, "move") for seat in seats]
        rows += [(seat, "release") for seat in seats if self.place(seat) == "phone"]
        self.panel_size = (1000, 230 + STEP * max(1, len(rows)))
        p = self.panel_rect()
        buttons = []
        name = self.table_scene.seat_name
        y = p.y + s(140)
        for seat, what in rows:
            if what == "move":
                label = self.app.t(PLACE_KEY[self.place(seat)], name=name(seat))
                action = self.move
            else:
                label = self.app.t("phones.release", name=name(seat))
                action = self.release
            b = self.button((0, 0, *BUTTON[:2]), label, (lambda a=action, st=seat: a(st)), px=BUTTON[2],
                            raw=True)
            b.rect.midtop = (p.centerx, y)
            buttons.append(b)
            y += s(STEP)
        self.set_widgets(buttons, focus=buttons[0] if buttons and self.focus.focused is None else None)

    def move(self, seat: int) -> None:
        """The seat's next place (``places``); the menu stays, showing where it is now."""
        places = self.places()
        here = self.place(seat)
        to = places[(places.index(here) + 1) % len(places)] if here in places else places[0]
        t = self.table_scene
        if here == "phone" and t.phones is not None:
            t.phones.take_back(seat)
            if to != "screen":
                t.seat_moved(seat, to)
        else:
            t.seat_moved(seat, to)
        self.app.audio.play("ui_confirm")
        self.app.invalidate()
        focused = self.focus.focused
        index = self.focus.items.index(focused) if focused in self.focus.items else 0
        self.layout()
        if self.focus.items:
            self.focus.set_focus(self.focus.items[min(index, len(self.focus.items) - 1)])

    def take_back(self, seat: int) -> None:
        self.table_scene.phones.take_back(seat)
        self.app.audio.play("ui_confirm")
        self.app.invalidate()
        self.app.stack.pop()

    def release(self, seat: int) -> None:
        self.table_scene.phones.release(seat)
        self.app.audio.play("ui_confirm")
        self.app.invalidate()
        self.app.stack.pop()

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, self.app.t("seats.title"), px=64)
        self.draw_widgets(surface)
        self.draw_hints(surface)
