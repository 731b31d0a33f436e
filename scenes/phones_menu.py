"""The pause menu's "Seats": who plays each seat from now on. For each seat a person plays or
played this game: a seat on a phone plays at the table again (its link dies) or lets another
phone join with the same code (the phone that held it is cut off: a lost or flat phone); a seat
at the table takes its hand to a phone (a game with hidden hands, phones on) or leaves it to a
computer cat; a seat a computer cat took over is played at the table again. Each move decides
again whose eyes are on the screen (the table's feed): the curtain comes down, nobody's hand
shows until the rule says whose."""
from __future__ import annotations

from game.ui.menu import OverlayMenu, title_box
from game.ui.textfit import button_box, register_boxes

BUTTON = (900, 88, 34)
STEP = 100                   # design px from one button to the next
register_boxes("phones_menu", {"seats.title": title_box(1000, 64), "phones.back": button_box(*BUTTON),
                               "phones.release": button_box(*BUTTON), "seats.to_phone": button_box(*BUTTON),
                               "seats.to_computer": button_box(*BUTTON)})


class PhonesScene(OverlayMenu):
    hints = [("move", "hint.move"), ("confirm", "hint.select"), ("back", "hint.back")]

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table_scene = table_scene

    def rows(self) -> list[tuple[str, int, str]]:
        """(text key, seat, where to) of each button, seat by seat."""
        t = self.table_scene
        feed = t.feed
        phones_here = t.secret_hands and t.phones_possible(self.app, t.attract) and \
            bool(getattr(t, "phone_kit", None) or (t.kit and t.kit.phone))
        out = []
        for seat in sorted(set(feed.people) | set(getattr(t, "started_people", ()))):
            if seat in feed.phones:
                out += [("phones.back", seat, "screen"), ("phones.release", seat, "release")]
            elif seat in feed.people:
                if phones_here:
                    out.append(("seats.to_phone", seat, "phone"))
                out.append(("seats.to_computer", seat, "computer"))
            else:
                out.append(("phones.back", seat, "screen"))
        return out

    def layout(self) -> None:
        s = self.app.s
        rows = self.rows()
        self.panel_size = (1000, 230 + STEP * max(1, len(rows)))
        p = self.panel_rect()
        buttons = []
        name = self.table_scene.seat_name
        y = p.y + s(140)
        for key, seat, to in rows:
            b = self.button((0, 0, *BUTTON[:2]), self.app.t(key, name=name(seat)),
                            (lambda st=seat, where=to: self.move(st, where)), px=BUTTON[2], raw=True)
            b.rect.midtop = (p.centerx, y)
            buttons.append(b)
            y += s(STEP)
        self.set_widgets(buttons, focus=buttons[0] if buttons and self.focus.focused is None else None)

    def move(self, seat: int, where: str) -> None:
        t = self.table_scene
        if where == "release":
            t.phones.release(seat)
        elif seat in t.feed.phones and t.phones is not None:
            t.phones.take_back(seat)
            if where != "screen":
                t.seat_moved(seat, where)
        else:
            t.seat_moved(seat, where)
        self.app.audio.play("ui_confirm")
        self.app.invalidate()
        self.app.stack.pop()

    def take_back(self, seat: int) -> None:
        self.move(seat, "screen")

    def release(self, seat: int) -> None:
        self.move(seat, "release")

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_title(surface, self.app.t("seats.title"), px=64)
        self.draw_widgets(surface)
        self.draw_hints(surface)
