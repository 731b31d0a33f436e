"""A language switch re-localises what a table already shows (issue 21).

The settings can change the language while a table waits under the pause menu. What the table
keeps as words made in the old language is made again in the new one: the default seat names
("Mochi" ↔ "麻糬", a name a person typed stays), the moves log made before the switch (each line
keeps what it was made from: ``LogLine``). The coach's words, the hint and every label are looked
up by key each frame, so they follow by themselves; a caption or banner already up stays until
the next move replaces it.
"""
from __future__ import annotations

from game.runtime.i18n import Translator
from scenes.name_keyboard import default_name, localised_name


class LogLine(str):
    """A line of the moves log that remembers what it was made from: the engine event (words by
    the presenter's ``log_line``) or a function giving the words now."""

    source = None

    def __new__(cls, text: str, source):
        line = super().__new__(cls, text)
        line.source = source
        return line


def remade(presenter, line: str) -> str:
    """``line`` in the language now (unchanged when it does not know where it came from)."""
    source = getattr(line, "source", None)
    if source is None:
        return line
    text = source() if callable(source) else presenter.log_line(source)
    return LogLine(text, source) if text else line


def relocalise(table, old_lang: str) -> None:
    """Make again, in the language now, the words ``table`` made in ``old_lang``."""
    old_t = Translator(old_lang).t
    named = getattr(table, "default_seat_name", default_name)     # a lesson names its own seats
    for i, seat in enumerate(table.feed.seats):
        if seat.name == named(i, old_t):
            seat.name = named(i, table.app.t)
        else:                             # a default name in another seat or language ("Miso" at seat 1)
            seat.name = localised_name(seat.name, table.app.t)
    presenter = table.presenter
    presenter.log = [(remade(presenter, line), seen) for line, seen in presenter.log]
    table.mode_key = None                 # buttons and widgets are made again with the new words
