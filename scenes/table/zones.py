"""Zones: the places a table keeps for its transient things (issue 21), and the boxes of a frame.

A table's level (``levels/<name>.tmx``, in ``common`` or per seat count, so each count has its
own) names its zones as anchors called ``zone:<name>``:

- ``zone:tools``    Undo and Moves (a row when more than twice as wide as high, else a column);
- ``zone:tooltip``  the status line's place, which a piece's tooltip keeps clear of (the tip
                    stands beside its piece: scenes/table/tooltip.py);
- ``zone:coach``, ``zone:coach2``, ... where a lesson's coach may sit (it takes the one that
                    covers least of what the step points at);
- ``zone:odds``     a table's odds panel when it has one (Zodiac's "not seen yet").

The shared table and its layers (tools, tooltip, advice, lesson) place every overlay in its zone;
none finds a place over the table on its own. A table without a zone keeps its old rule.

``BoxLog`` is filled while a frame is drawn: every overlay drawn says where it went, and the
table adds the pieces it shows (seats, hands, the level's places, its widgets), so
tests/scenes/test_overlap_audit.py can check that no two of them meet.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame


@dataclass(frozen=True)
class Drawn:
    layer: str          # "piece" (what the table is about) or "overlay" (a transient thing)
    name: str           # "seat1", "card:R3P", "tooltip", "tools:undo", "coach", "arrow:card:R3P"
    rect: pygame.Rect


@dataclass(frozen=True)
class Label:
    name: str           # the button's ("btn:roll")
    rect: pygame.Rect   # the button's
    lines: int          # how many lines its label took
    px: int             # at what size (design px)
    overflow: bool      # cut or clipped


class BoxLog:
    """The boxes drawn in the last frame (cleared when a new frame starts)."""

    def __init__(self):
        self.items: list[Drawn] = []
        self.clipped: list[str] = []    # texts drawn cut ("…") or clipped by their box this frame
        self.labels: list[Label] = []   # each table button's label, as fitted this frame

    def clear(self) -> None:
        self.items = []
        self.clipped = []
        self.labels = []

    def add(self, layer: str, name: str, rect) -> None:
        rect = pygame.Rect(rect)
        if rect.w > 0 and rect.h > 0:
            self.items.append(Drawn(layer, name, rect))

    def overlays(self) -> list[Drawn]:
        return [d for d in self.items if d.layer == "overlay"]


def fitted(log: BoxLog, app, surface, text: str, box, colour, pos, anchor="center", align="center",
           shadow=True) -> pygame.Rect:
    """``draw_fitted``, noting in ``log`` a text that had to be cut or clipped to fit its box."""
    from game.ui.textfit import ELLIPSIS, draw_fitted, fit_text

    fit = fit_text(app, text, box)
    if fit.overflow or (ELLIPSIS not in text and any(ELLIPSIS in line for line in fit.lines)):
        log.clipped.append(text)
    return draw_fitted(app, surface, text, box, colour, pos, anchor, align, shadow)


def design_box(app, w: int, h: int, px: int, steps=("shrink", "wrap", "abbrev"), min_px: int = 28):
    """A text ``Box`` for a window-pixel area (a zone's size is known only at draw time)."""
    from game.ui.textfit import Box

    return Box(w / app.scale, h / app.scale, px, steps, min(px, min_px))


def zone(anchors: dict, name: str) -> pygame.Rect | None:
    """The window rect of zone ``name`` in a table's anchors, or None."""
    found = anchors.get("zone:" + name)
    return pygame.Rect(found.rect) if found is not None else None


def zones_named(anchors: dict, name: str) -> list[pygame.Rect]:
    """``zone:<name>``, ``zone:<name>2``, ``zone:<name>3``... in order (a list of candidates)."""
    out = []
    for i in range(1, 10):
        found = zone(anchors, name if i == 1 else f"{name}{i}")
        if found is None:
            break
        out.append(found)
    return out


class TableZones:
    """The shared table's side of zones (``TableScene`` has it): its zones and its pieces."""

    def zone(self, name: str) -> pygame.Rect | None:
        """The window rect of the level's ``zone:<name>`` for this seat count."""
        return zone(self.anchors, name)

    def piece_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """(name, window rect) of what the table is about now, for the overlap audit: the
        seats and hands of the level, its other places (not its zones) and the table's own
        widgets. A table adds pieces drawn outside its anchors by extending this."""
        out = [(name, a.rect) for name, a in self.anchors.items() if not name.startswith("zone:")]
        out += [(name, w.rect) for name, w in self.named_widgets()
                if getattr(w, "visible", True) and not name.startswith("learn:")]
        return out

    def log_pieces(self) -> None:
        for name, rect in self.piece_boxes():
            self.boxes.add("piece", name, rect)
        if self.advice.button.visible:
            self.boxes.add("overlay", "tools:tiger", self.advice.button.rect)
