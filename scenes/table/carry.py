"""Putting a row of cards in order (Hungry Meow's Prophecy, Zodiac's mermaids): pick a card up
with a click or confirm (or start dragging it), carry it with left/right or the pointer, put it
down with another click, confirm or the end of the drag.

A mixin of a table scene. The table says which list is the row (``carry_row``), which card is
under the pointer (``carry_hit``), where the row's places are across the screen
(``carry_centres``), where the focus goes after a move (``carry_focus``) and, if not every card
may move, which may (``carry_may``). ``held`` is the index of the card picked up (or None);
``drag_pos`` the pointer while dragging.
"""
from __future__ import annotations


class CarryRow:
    held: int | None = None
    drag_pos: tuple | None = None

    def carry_row(self) -> list:
        raise NotImplementedError

    def carry_hit(self, pos) -> int | None:
        raise NotImplementedError

    def carry_centres(self) -> list[float]:
        raise NotImplementedError

    def carry_focus(self, index: int) -> None:
        raise NotImplementedError

    def carry_may(self, index: int, quiet: bool = False) -> bool:
        return True

    def carry_moved(self, old: int, new: int) -> None:
        """A card went from place ``old`` to ``new`` (keep a parallel list in step)."""

    def carry_press(self, index: int) -> None:
        """A click or confirm on card ``index``: pick it up, or put the held card down there."""
        if self.held is None:
            if self.carry_may(index):
                self.held = index
                self.app.audio.play("card_slide")
            return
        self.carry_to(index)
        self.held = None
        self.app.audio.play("card_flip")

    def carry_to(self, index: int) -> None:
        if self.held is None:
            return
        row = self.carry_row()
        index = max(0, min(len(row) - 1, index))
        row.insert(index, row.pop(self.held))
        self.carry_moved(self.held, index)
        self.held = index

    def carry_drop(self) -> None:
        self.held = None
        self.drag_pos = None

    def carry_handle(self, intent) -> bool:
        """Drags and left/right while a card is held; True when the intent was used."""
        kind = intent.kind
        if kind == "drag_start":
            index = self.carry_hit(intent.pos)
            if index is None or not self.carry_may(index, quiet=True):
                return False
            self.held = index
            self.drag_pos = intent.pos
            self.app.audio.play("card_slide")
            return True
        if kind == "drag" and self.drag_pos is not None:
            self.drag_pos = intent.pos
            return True
        if kind == "drag_end" and self.drag_pos is not None:
            centres = self.carry_centres()
            x = intent.pos[0]
            self.carry_to(min(range(len(centres)), key=lambda i: abs(centres[i] - x)) if centres else 0)
            self.carry_drop()
            self.app.audio.play("card_flip")
            return True
        if kind == "move" and self.held is not None and intent.direction in ("left", "right"):
            self.carry_to(self.held + (-1 if intent.direction == "left" else 1))
            self.app.audio.play("ui_move")
            self.carry_focus(self.held)
            return True
        return False
