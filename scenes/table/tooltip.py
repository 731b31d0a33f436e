"""Card, token and die tooltips, once for every table (issue 13).

Whatever the person rests on for a moment — the focused piece (hover moves the focus, so the
mouse, keys and pads all get here) or, for pieces nobody may pick now (an opponent's turned-up
card), the piece under the pointer — is shown large with its meaning in words. The table says
what a piece is with two hooks:

- ``describe(widget) -> Tip | None`` for a focusable thing;
- ``describe_at(pos) -> (rect, Tip) | None`` for a piece under the pointer that is not focusable.

A ``Tip`` is a title, lines of words and a picture (the piece drawn by the game's own art,
large). The tip appears after ``DELAY`` seconds on the same piece and goes with a press, a move
to another piece, a busy table, or after ``LIFE`` seconds (a die resting in the focus through a
whole reroll hid what to do: stranger 40e, defect 3).

The tip stands near its piece, never in the status line's place nor on the footer: "Turn 1/6 •
Roll 2 • reroll up to 2" and what to do stay on screen while a piece is explained (strangers 40r,
both languages). It takes the spot beside the piece that covers least of the table, clear of the
prompt, the footer, the tools, the tiger and the piece itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from game.art import palette as P
from game.art.draw import panel
from game.rules.registry import KITS
from game.ui.textfit import Box, register_boxes
from scenes.table.zones import fitted

DELAY = 0.6                       # seconds on one piece before its tip shows
LIFE = 4.0                        # seconds it shows, then the status line again until the piece changes
WIDTH = 600                       # design px of the tip panel: a small tip beside its piece
PICTURE = 130                     # design px: the widest a piece's picture is drawn
TITLE = Box(WIDTH - PICTURE - 70, 100, 36, ("shrink", "wrap"))
LINES = Box(WIDTH - PICTURE - 70, 440, 30, ("shrink", "wrap", "abbrev"))

for _kit in KITS.values():          # each game's tips (and the conditions a tip may name)
    register_boxes("table_tooltip", {f"{_kit.text_prefix}.tip.*": LINES, f"{_kit.text_prefix}.cond.*": LINES})


@dataclass
class Tip:
    title: str
    lines: list[str] = field(default_factory=list)
    picture: pygame.Surface | None = None


class Tooltip:
    def __init__(self, table):
        self.table = table
        self.target = None            # the widget, or ("at", rect) for a piece under the pointer
        self.rect: pygame.Rect | None = None
        self.tip: Tip | None = None
        self.waited = 0.0
        self.pointer: tuple[int, int] | None = None
        self.by_pointer = False       # the last thing moved was the pointer (not keys or a pad)

    # ---- input ---------------------------------------------------------------------------------------
    def observe(self, intent) -> None:
        """Every intent passes here first: a pointer move is remembered, a press hides the tip."""
        if intent.kind == "point":
            self.pointer = intent.pos
            self.by_pointer = True
        elif intent.kind in ("move", "next", "prev"):
            self.by_pointer = False
        elif intent.kind in ("confirm", "click", "back", "alt", "pause"):
            self._reset(None)
            self.waited = -1.0        # not again until the piece changes

    # ---- the clock -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        table = self.table
        if table.presenter.busy or table.curtain_for is not None or self._hint_showing():
            # the tiger's words, once asked, keep the dock until the move is made (issue 21)
            self._reset(None)
            return
        target, rect, tip = None, None, None
        focused = table.focus.focused
        describe = getattr(table, "describe", None)
        on_focus = not self.by_pointer or (focused is not None and focused.rect.collidepoint(self.pointer))
        if focused is not None and describe is not None and on_focus:
            target, rect = focused, focused.rect
        elif self.by_pointer and hasattr(table, "describe_at"):
            found = table.describe_at(self.pointer)
            if found is not None:
                rect, tip = found
                target = ("at", tuple(rect))
        if target != self.target:
            self._reset(target)
            self.rect = rect
            return
        self.rect = rect
        if target is None or self.waited < 0:
            return
        self.waited += dt
        if self.waited >= DELAY + LIFE:
            self.tip, self.waited = None, -1.0      # read: the status line comes back
        elif self.waited >= DELAY and self.tip is None:
            self.tip = tip if tip is not None else describe(focused)

    def _hint_showing(self) -> bool:
        advice = getattr(self.table, "advice", None)
        return advice is not None and advice.hint is not None and self.table.my_turn()

    def _reset(self, target) -> None:
        self.target = target
        self.tip = None
        self.waited = 0.0

    @property
    def shown(self) -> bool:
        return self.tip is not None and self.rect is not None

    @property
    def hides_focus(self) -> bool:
        """The tip shown is of a piece under the pointer that is not the focused one: it is
        "this card" now, so the tables draw no focus frame elsewhere (one mark, not two)."""
        return self.shown and isinstance(self.target, tuple) and self.target[0] == "at"

    # ---- drawing -------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if not self.shown or self.table.app.stack.top is not self.table:   # not under a dialog
            return
        app, s, tip = self.table.app, self.table.s, self.tip
        pic = tip.picture
        if pic is not None:
            k = min(1.0, s(PICTURE) / max(1, pic.get_width()), s(220) / max(1, pic.get_height()))
            if k < 1.0:
                pic = pygame.transform.smoothscale(pic, (max(1, int(pic.get_width() * k)),
                                                         max(1, int(pic.get_height() * k))))
        text_x = s(30) + (pic.get_width() + s(24) if pic is not None else 0)
        text_w = s(WIDTH) - text_x - s(24)
        body = "\n".join(tip.lines)
        box = pygame.Rect(0, 0, s(WIDTH) if pic is not None else text_x + text_w + s(24), s(120))
        title_h = self._block(app, tip.title, TITLE).height
        lines_h = self._block(app, body, LINES).height if body else 0
        box.h = max(box.h, (pic.get_height() if pic is not None else 0) + s(40), title_h + lines_h + s(56))
        box.topleft = self._spot(box.size, surface.get_size())
        surface.blit(panel(box.size, (18, 16, 30), s(22), max(2, s(3)), P.LAMP_SOFT, s(8)), box)
        self.table.boxes.add("overlay", "tooltip", box)
        if pic is not None:
            surface.blit(pic, pic.get_rect(midleft=(box.x + s(24), box.centery)))
        y = box.y + s(22)
        log = self.table.boxes
        block = fitted(log, app, surface, tip.title, TITLE, P.LAMP, (box.x + text_x, y), "topleft", "left")
        if body:
            fitted(log, app, surface, body, LINES, P.CREAM, (box.x + text_x, block.bottom + s(12)), "topleft",
                   "left")

    @staticmethod
    def _block(app, text: str, box: Box) -> pygame.Rect:
        from game.ui.textfit import fit_text
        fit = fit_text(app, text, box)
        return pygame.Rect(0, 0, fit.width, min(fit.height, app.s(box.h)))

    def kept_clear(self) -> list[pygame.Rect]:
        """What a tip never covers: the status line and footer, the tools, the tiger, its piece."""
        table = self.table
        out = [pygame.Rect(self.rect)]
        for name in ("prompt", "hints"):
            if name in table.anchors:
                out.append(pygame.Rect(table.anchors[name].rect))
        for name in ("tooltip", "tools"):
            found = table.zone(name)
            if found is not None:
                out.append(found)
        advice = getattr(table, "advice", None)
        if advice is not None and advice.button.visible:
            out.append(pygame.Rect(advice.button.rect))
        return out

    def _spot(self, size, screen) -> tuple[int, int]:
        """The top left of a tip of ``size``: clear of ``kept_clear`` and the overlays, on the
        window, covering little of the table's pieces and near its piece; worked out once a tip."""
        key = (tuple(self.rect), tuple(size), tuple(screen))
        if getattr(self, "_spot_for", (None,))[0] == key:
            return self._spot_for[1]
        table, s = self.table, self.table.s
        w, h = size
        hard = self.kept_clear() + [d.rect for d in table.boxes.overlays()]
        pieces = [pygame.Rect(r) for name, r in table.piece_boxes() if name not in ("prompt", "hints")]
        margin = s(6)
        step = max(8, s(30))
        near = self.rect.center
        best = None
        for y in range(margin, screen[1] - h - margin + 1, step):
            for x in range(margin, screen[0] - w - margin + 1, step):
                r = pygame.Rect(x, y, w, h)
                if r.collidelist(hard) != -1:
                    continue
                area = 0
                for p in pieces:
                    c = r.clip(p)
                    area += c.w * c.h
                # what it covers (a share of itself) against how far it strays from its piece
                # (a share of the window's width): half a window away is worth covering a half
                dist = ((r.centerx - near[0]) ** 2 + (r.centery - near[1]) ** 2) ** 0.5
                score = area / (w * h) + dist / screen[0]
                if best is None or score < best[0]:
                    best = (score, (x, y))
        spot = best[1] if best is not None else self._place(size, screen)
        self._spot_for = (key, spot)
        return spot

    def _place(self, size, screen) -> tuple[int, int]:
        """Never over the piece, on screen: above a piece low on the screen (a hand), below one
        high up, else beside it (right if there is room, else left)."""
        w, h = size
        r, s = self.rect, self.table.s
        above, below = r.y - s(20) - h, r.bottom + s(20)
        x = max(0, min(screen[0] - w, r.centerx - w // 2))
        if r.centery > screen[1] * 0.6 and above >= 0:
            return x, above
        if r.centery < screen[1] * 0.3 and below + h <= screen[1]:
            return x, below
        x = r.right + s(20) if r.right + s(20) + w <= screen[0] else r.x - s(20) - w
        if x < 0:
            x = max(0, min(screen[0] - w, r.centerx - w // 2))
            return x, (above if above >= 0 else below)
        return x, max(0, min(screen[1] - h, r.centery - h // 2))
