"""The seats' names: defaults, cleaning, and the on-screen keyboard that types one (so pads,
mice and touch screens can name seats). Seat setup (scenes/seat_setup.py) opens the keyboard.
"""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import panel
from game.play.session import Seat
from game.runtime.i18n import LANGUAGES, Translator
from game.ui.menu import OverlayMenu
from game.ui.textfit import button_box
from game.ui.widgets import Button

MAX_NAME = 12
DEFAULT_NAMES = ("Mochi", "Tofu", "Miso", "Nori", "Bao", "Yuzu")
KEY = 104                                     # on-screen keyboard key size
KB_PANEL = (1400, 900)
SPACE_BTN, DELETE_BTN, DONE_BTN = (300, KEY, 40), (220, KEY, 40), (10 * KEY + 9 * 14 - 762, KEY, 44)


def default_name(i: int, t=None) -> str:
    """The default name of seat ``i`` (translated through ``t`` when given)."""
    key = f"name.{i % len(DEFAULT_NAMES)}"
    if t is not None:
        value = t(key)
        if value != key:
            return value
    return DEFAULT_NAMES[i % len(DEFAULT_NAMES)]


def localised_name(name: str, t) -> str:
    """``name`` in the language of ``t`` when it is a default name in any language ("Miso" ->
    "味噌" and back; issue 21: English defaults stayed after a switch to Chinese, even mixed with
    Chinese ones), else the name a person typed, unchanged."""
    for lang in LANGUAGES:
        other = Translator(lang).t
        for k in range(len(DEFAULT_NAMES)):
            if name == default_name(k, other):
                return default_name(k, t)
    return name


def clean_name(text: str) -> str:
    return "".join(ch for ch in text if ch.isprintable())[:MAX_NAME]


KEY_ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-'.!", "0123456789")


class NameKeyboard(OverlayMenu):
    """An on-screen keyboard for a seat's name, so pads, mice and touch screens can name seats.
    A physical keyboard types into it too: letters type (P and X included), Backspace deletes,
    Enter keeps the name, Esc cancels (the name stays as it was). Pad: A types the focused key,
    B deletes a letter (and cancels once the name is empty), Start keeps the name."""

    panel_size = KB_PANEL

    def __init__(self, app, seat: Seat, seat_index: int):
        super().__init__(app)
        self.seat = seat
        self.seat_index = seat_index
        self.text = seat.name
        self.fresh = True  # the first letter replaces the old name
        self.lower = False

    @property
    def hints(self):
        """What each control really does here, per device (glyphs come from glyph.<device>.*)."""
        device = self.app.device
        if device == "keyboard":
            return [("text", "hint.type"), ("delete", "hint.delete"), ("confirm", "hint.done"),
                    ("back", "hint.cancel")]
        if device == "pad":
            return [("move", "hint.move"), ("confirm", "hint.type"), ("delete", "hint.delete"),
                    ("pause", "hint.done")]
        return [("confirm", "hint.type"), ("back", "hint.cancel")]

    def enter(self) -> None:
        super().enter()
        self.app.input.set_text_mode(True)

    def exit(self) -> None:
        self.app.input.set_text_mode(False)

    def layout(self) -> None:
        s = self.app.s
        p = self.panel_rect()
        size, gap = KEY, 14
        keys = []
        for r, row in enumerate(KEY_ROWS):
            width = len(row) * size + (len(row) - 1) * gap
            x0 = p.centerx - s(width) // 2
            for c, ch in enumerate(row):
                b = Button(
                    (x0 + s(c * (size + gap)), p.y + s(250 + r * (size + gap)), s(size), s(size)),
                    ch,
                    lambda ch=ch: self.add(ch),
                    raw=True,
                    px=44,
                )
                b.char = ch
                keys.append(b)
        y = p.y + s(250 + 4 * (size + gap) + 10)
        row_w = 10 * size + 9 * gap
        x0 = p.centerx - s(row_w) // 2
        self.case_btn = Button((x0, y, s(200), s(size)), "abc", self.toggle_case, raw=True, px=40)
        self.space_btn = Button(
            (x0 + s(214), y, s(SPACE_BTN[0]), s(size)), "setup.space", lambda: self.add(" "), px=SPACE_BTN[2]
        )
        self.del_btn = Button((x0 + s(528), y, s(DELETE_BTN[0]), s(size)), "setup.delete", self.delete,
                              px=DELETE_BTN[2])
        self.done_btn = Button(
            (x0 + s(762), y, s(DONE_BTN[0]), s(size)), "hint.done", self.done, primary=True, px=DONE_BTN[2]
        )
        for b, dims in ((self.space_btn, SPACE_BTN), (self.del_btn, DELETE_BTN), (self.done_btn, DONE_BTN)):
            b.box = button_box(*dims)
        self.keys = keys
        self.set_widgets(
            keys + [self.case_btn, self.space_btn, self.del_btn, self.done_btn],
            focus=keys[0] if self.focus.focused is None else None,
        )
        self.refresh_case()

    def refresh_case(self) -> None:
        for b in self.keys:
            b.label = b.char.lower() if self.lower else b.char
        self.case_btn.label = "ABC" if self.lower else "abc"

    def toggle_case(self) -> None:
        self.lower = not self.lower
        self.refresh_case()

    def add(self, ch: str) -> None:
        if self.lower:
            ch = ch.lower()
        base = "" if self.fresh else self.text
        self.fresh = False
        self.text = clean_name(base + ch)

    def delete(self) -> None:
        self.fresh = False
        self.text = self.text[:-1]

    def done(self) -> None:
        self.seat.name = clean_name(self.text).strip() or default_name(self.seat_index, self.app.t)
        self.app.stack.pop()

    def cancel(self) -> None:
        """Close without changing the name."""
        self.app.stack.pop()

    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "text":
            base = "" if self.fresh else self.text
            self.fresh = False
            self.text = clean_name(base + intent.text)
            self.app.audio.play("ui_move")
            return
        if kind == "back":
            self.app.audio.play("ui_back")
            if intent.text == "\b" or (intent.device == "pad" and self.text):
                self.delete()         # Backspace, pad B: one letter
            else:
                self.cancel()         # Esc (or pad B on an empty name): the name stays as it was
            return
        if kind == "pause" or (kind == "confirm" and intent.device == "keyboard"):
            self.app.audio.play("ui_confirm")
            self.done()
            return
        if kind == "alt":
            self.toggle_case()
            return
        super().handle(intent)

    def draw(self, surface) -> None:
        app, s = self.app, self.app.s
        self.draw_background(surface)
        self.draw_title(surface, app.t("setup.name_for", n=self.seat_index + 1), px=52)
        p = self.panel_rect()
        field = pygame.Rect(0, 0, s(760), s(96))
        field.midtop = (p.centerx, p.y + s(120))
        surface.blit(panel(field.size, (250, 240, 222), s(18), max(2, s(3)), P.FOCUS, 0), field)
        caret = "|" if (self.t * 2) % 2 < 1.2 else ""
        shown = self.text + caret
        font = app.fit_font(shown or " ", 52, field.w - s(40), 30)
        app.draw_text(surface, shown or " ", font, P.INK, field.center, "center", shadow=False)
        self.draw_widgets(surface)
        self.draw_hints(surface)
