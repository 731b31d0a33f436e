"""The pause menu's "Phones" (issue 22): for each seat held on a phone, play it at the table
again (hot seat, its link dies) or let another phone join with the same code (the phone that
held it is cut off: a lost or flat phone)."""
from __future__ import annotations

from game.ui.menu import OverlayMenu, title_box
from game.ui.textfit import button_box, register_boxes

BUTTON = (900, 96, 36)
register_boxes("phones_menu", {"phones.title": title_box(1000, 64), "phones.back": button_box(*BUTTON),
                               "phones.release": button_box(*BUTTON)})


class PhonesScene(OverlayMenu):
    hints = [("move", "hint.move"), ("confirm", "hint.select"), ("back", "hint.back")]

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table_scene = table_scene

    def layout(self) -> None:
        s = self.app.s
        desk = self.table_scene.phones
        seats = list(desk.seats) if desk is not None else []
        self.panel_size = (1000, 260 + 230 * max(1, len(seats)))
        p = self.panel_rect()
        buttons = []
        name = self.table_scene.seat_name
        y = p.y + s(150)
        for seat in seats:
            for key, action in (("phones.back", self.take_back), ("phones.release", self.release)):
                b = self.button((0, 0, *BUTTON[:2]), self.app.t(key, name=name(seat)),
                                (lambda a=action, st=seat: a(st)), px=BUTTON[2], raw=True)
                b.rect.midtop = (p.centerx, y)
                buttons.append(b)
                y += s(110)
            y += s(10)
        self.set_widgets(buttons, focus=buttons[0] if buttons and self.focus.focused is None else None)

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
        self.draw_title(surface, self.app.t("phones.title"), px=64)
        self.draw_widgets(surface)
        self.draw_hints(surface)
