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
whole reroll hid what to do: stranger 40e, defect 3). For the mouse (and touch) the ``DELAY`` is a
rest: the pointer still on the piece, in real seconds; none shows while a drag goes on, nor after a
click or a drop until the pointer has left the piece under it (stranger 11: a Loaf's tip stood over
the Prophecy row after a drag, tips covered the hand being arranged).

The tip stands near its piece, never in the status line's place nor on the footer: "Turn 1/6 •
Roll 2 • reroll up to 2" and what to do stay on screen while a piece is explained (strangers 40r,
both languages). It takes the spot beside the piece that covers least of the table, clear of the
prompt, the footer, the tools, the tiger and the piece itself.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

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
GAP = 14                          # design px between a tip and its piece, room for its pointer
WIDE = tuple(range(600, 1300, 50))  # design px: a low tip's widths where height is short
SIDE_TITLE = 260                  # design px: a low tip's name column
REST = 4                          # window px a resting pointer may wander before its wait starts over
NEAR = 48                         # design px: the farthest a tip stands from its piece
TITLE = Box(WIDTH - PICTURE - 70, 100, 36, ("shrink", "wrap"))
FILL = (18, 16, 30)               # the tip's night panel and its pointer
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
        self.dragging = False         # a mouse or touch drag goes on: no tip over what is carried
        self.quiet: pygame.Rect | None = None   # clicked or dropped here: no tip till the pointer leaves
        self.quiet_pending = False    # the piece under the pointer after a press, taken next update

    # ---- input ---------------------------------------------------------------------------------------
    def observe(self, intent) -> None:
        """Every intent passes here first: a pointer move is remembered, a press hides the tip."""
        kind = intent.kind
        if kind in ("point", "drag"):
            moved = self.pointer is None or intent.pos is None or \
                max(abs(intent.pos[0] - self.pointer[0]), abs(intent.pos[1] - self.pointer[1])) > REST
            self.pointer = intent.pos
            self.by_pointer = True
            if moved and self.tip is None and self.waited > 0:
                self.waited = 0.0     # a pointer passing over a piece is not resting on it
        elif kind in ("move", "next", "prev"):
            self.by_pointer = False
            self.quiet, self.quiet_pending = None, False
        if kind == "drag_start":
            self.dragging = True
            self._reset(None)
        elif kind in ("confirm", "click", "back", "alt", "pause", "drag_end"):
            self._reset(None)
            self.waited = -1.0        # not again until the piece changes
            if kind == "drag_end":
                self.dragging = False
            if intent.pos is not None and getattr(intent, "device", "") in ("mouse", "touch"):
                self.pointer, self.by_pointer = intent.pos, True
                self.quiet_pending = True     # nor on the piece the pointer rests on after it

    # ---- the clock -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        table = self.table
        if table.presenter.busy or table.curtain_for is not None or self._hint_showing():
            # the tiger's words, once asked, keep the dock until the move is made (issue 21)
            self._reset(None)
            return
        mapper = getattr(self.table.app, "input", None)
        if self.dragging or getattr(mapper, "pressing", None) == "mouse":
            # a mouse button held down: a press or a drag begins, nothing is being rested on (a
            # finger held still is a touch player's long press: its tip shows, as on a phone)
            self._reset(None)
            self.quiet_pending = True
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
        if self._quieted(rect):
            self._reset(target)
            self.rect = rect
            return
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

    def _quieted(self, rect) -> bool:
        """After a click or a drop: the piece then under the pointer keeps no tip till the pointer
        leaves it (a tip popping up on what was just played or moved hid the next card)."""
        if self.quiet_pending:
            self.quiet_pending = False
            self.quiet = pygame.Rect(rect) if rect is not None else None
        if self.quiet is None:
            return False
        if self.by_pointer and self.pointer is not None and self.quiet.collidepoint(self.pointer):
            return True
        self.quiet = None
        return False

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
        # the fullest tip that fits beside its piece: with the piece's picture, then words alone,
        # then low and wide, the name on the left of its lines (a hand card between the prompt and
        # the footer has little height above or beside it)
        # then, as a last resort, without the rule every such piece shares (its second line)
        shapes = ((pic, WIDTH, False), (None, WIDTH, False)) + tuple((None, w, True) for w in WIDE)
        lines = tip.lines
        for lines in (tip.lines, tip.lines[:1] + tip.lines[2:], tip.lines[:1]):
            for picture, width, side in shapes:
                title_box, lines_box, title_at, lines_at, size = self._layout(picture, width, side, lines)
                spot = self._spot(size, surface.get_size())
                if spot is not None:
                    break
            if spot is not None:
                break
        if spot is None:
            spot = self._nearest_clear(size, surface.get_size()) or self._place(size, surface.get_size())
        box = pygame.Rect(spot, size)
        piece = pygame.Rect(self.rect)
        apart = max(box.top - piece.bottom, piece.top - box.bottom,
                    box.left - piece.right, piece.left - box.right)
        if apart <= s(NEAR):
            self._tail(surface, box)
        surface.blit(panel(box.size, FILL, s(22), max(2, s(3)), P.LAMP_SOFT, s(8)), box)
        self.table.boxes.add("overlay", "tooltip", box)
        if picture is not None:
            surface.blit(picture, picture.get_rect(midleft=(box.x + s(24), box.centery)))
        log, body = self.table.boxes, "\n".join(lines)
        at = (box.x + title_at[0], box.y + title_at[1])
        block = fitted(log, app, surface, tip.title, title_box, P.LAMP, at, "topleft", "left")
        if body:
            at = (box.x + lines_at[0], box.y + lines_at[1]) if lines_at else (at[0], block.bottom + s(12))
            fitted(log, app, surface, body, lines_box, P.CREAM, at, "topleft", "left")

    def _layout(self, pic, width: int, side: bool, lines: list[str]):
        """(title box, lines box, title's and lines' places in the panel, panel size) of a tip
        ``width`` design px wide: the picture (if any) on the left and the name over its lines, or
        (``side``) the name on the left of its lines, one low panel."""
        app, s, tip = self.table.app, self.table.s, self.tip
        body = "\n".join(lines)
        if side:
            name = self._block(app, tip.title, replace(TITLE, w=SIDE_TITLE))
            title_w = min(SIDE_TITLE, -(-name.width * 1000 // max(1, s(1000))) + 4)   # design px it takes
            title_box = replace(TITLE, w=title_w)
            lines_box = replace(LINES, w=width - title_w - 84)
            lines_h = self._block(app, body, lines_box).height if body else 0
            pad = s(14)
            size = (s(width), max(name.height, lines_h) + 2 * pad)
            return title_box, lines_box, (s(30), pad), (s(title_w + 54), pad), size
        title_box, lines_box = TITLE, LINES
        if pic is None:
            title_box, lines_box = replace(TITLE, w=width - 54), replace(LINES, w=width - 54)
        text_x = s(30) + (pic.get_width() + s(24) if pic is not None else 0)
        title_h = self._block(app, tip.title, title_box).height
        lines_h = self._block(app, body, lines_box).height if body else 0
        h = max(s(120), (pic.get_height() if pic is not None else 0) + s(40), title_h + lines_h + s(56))
        return title_box, lines_box, (text_x, s(22)), None, (s(width), h)

    def _tail(self, surface, box: pygame.Rect) -> None:
        """A short pointer from the tip's side to its piece, so the two read as one."""
        s, piece = self.table.s, pygame.Rect(self.rect)
        half = s(14)
        if piece.bottom <= box.top or piece.top >= box.bottom:          # piece above or below
            x = max(box.left + s(30), min(box.right - s(30), piece.centerx))
            edge, end = (box.top, piece.bottom) if piece.bottom <= box.top else (box.bottom, piece.top)
            points = [(x - half, edge), (x + half, edge), (x, end)]
        elif piece.right <= box.left or piece.left >= box.right:        # left or right
            y = max(box.top + s(30), min(box.bottom - s(30), piece.centery))
            edge, end = (box.left, piece.right) if piece.right <= box.left else (box.right, piece.left)
            points = [(edge, y - half), (edge, y + half), (end, y)]
        else:
            return
        pygame.draw.polygon(surface, FILL, points)
        pygame.draw.lines(surface, P.LAMP_SOFT, False, points[:1] + points[2:] + points[1:2], max(2, s(3)))

    @staticmethod
    def _block(app, text: str, box: Box) -> pygame.Rect:
        from game.ui.textfit import fit_text
        fit = fit_text(app, text, box)
        return pygame.Rect(0, 0, fit.width, min(fit.height, app.s(box.h)))

    def kept_clear(self) -> list[pygame.Rect]:
        """What a tip never covers: the status line and footer, the tools, the tiger, the action
        buttons, its piece."""
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
        out += [pygame.Rect(w.rect) for name, w in table.named_widgets()      # Play, Pass, Reroll...
                if name.startswith("btn:") and getattr(w, "visible", True)]
        # the person's own hand (a board card's tip over it hid the cards being played or
        # arranged) and the "Not seen yet" counts a memory player reads beside it (stranger 11)
        viewer, hand_rect = getattr(table, "viewer", None), getattr(table, "hand_rect", None)
        if viewer is not None and hand_rect is not None:
            out.append(pygame.Rect(hand_rect(viewer)))
        # the row of choices the piece stands in (the rest of the hand, the dice just rolled): a
        # focused card's tip over its neighbours hid what a key player was choosing among
        # (strangers 9, 10)
        row = self.row()
        if row is not None:
            out.append(row)
        out += [pygame.Rect(d.rect) for d in table.boxes.overlays() if d.name == "odds"]
        return out

    def row(self) -> pygame.Rect | None:
        """The focusable pieces level with this tip's piece, as one rectangle (None when it
        stands alone)."""
        piece = pygame.Rect(self.rect)
        level = [pygame.Rect(w.rect) for w in getattr(self.table.focus, "items", [])
                 if getattr(w, "rect", None) is not None
                 and abs(w.rect.centery - piece.centery) < piece.h // 2 and w.rect != piece]
        return piece.unionall(level) if level else None

    def _spot(self, size, screen) -> tuple[int, int] | None:
        """The top left of a tip of ``size``: touching its piece or a short way off (``NEAR``), on
        the window, clear of ``kept_clear`` and the overlays; of the spots beside the piece, the one
        covering least of the table's pieces (it may lie over board cards: a tip far from its piece
        read as something else, stranger 40r). Worked out once a tip."""
        key = (tuple(self.rect), tuple(size), tuple(screen))
        if getattr(self, "_spot_for", (None,))[0] == key:
            return self._spot_for[1]
        table, s = self.table, self.table.s
        w, h = size
        piece = pygame.Rect(self.rect)
        hard = self.kept_clear() + [d.rect for d in table.boxes.overlays()]
        pieces = [pygame.Rect(r) for name, r in table.piece_boxes() if name not in ("prompt", "hints")]
        margin, step, lap = s(6), max(4, s(16)), min(s(40), piece.w // 2, piece.h // 2)
        window = pygame.Rect(margin, margin, screen[0] - 2 * margin, screen[1] - 2 * margin)
        best = None
        # a piece in a row of choices may have its tip further off, past the status line, so the
        # row stays in sight (no pointer then: it would cross the status line)
        far = (s(NEAR * 2), s(NEAR * 3), s(NEAR * 4), s(NEAR * 6)) if self.row() is not None else ()
        for gap in (s(GAP), s(NEAR // 2), s(NEAR)) + far:
            spots = []
            xs = self._along(piece.left - w + lap, piece.right - lap, step, [r.right + 1 for r in hard] +
                             [r.left - w - 1 for r in hard] + [margin, screen[0] - margin - w])
            ys = self._along(piece.top - h + lap, piece.bottom - lap, step, [r.bottom + 1 for r in hard] +
                             [r.top - h - 1 for r in hard] + [margin, screen[1] - margin - h])
            for x in xs:                                                            # above and below
                spots += [(x, piece.top - gap - h), (x, piece.bottom + gap)]
            for y in ys:                                                            # left and right
                spots += [(piece.left - gap - w, y), (piece.right + gap, y)]
            for x, y in spots:
                r = pygame.Rect(x, y, w, h)
                if not window.contains(r):
                    continue
                if r.collidelist(hard) != -1:
                    continue
                area = sum(r.clip(p).w * r.clip(p).h for p in pieces)
                # covering little first, then the nearer spot, then the one most in line with the piece
                off = abs(r.centerx - piece.centerx) + abs(r.centery - piece.centery)
                score = (area / (w * h) + gap / max(1, s(NEAR)) * 0.25, off)
                if best is None or score < best[0]:
                    best = (score, (x, y))
            if best is not None:
                break
        spot = best[1] if best is not None else None      # nowhere near: the caller tries a lower tip
        self._spot_for = (key, spot)
        return spot

    def _nearest_clear(self, size, screen) -> tuple[int, int] | None:
        """Nowhere beside the piece: the spot nearest it that still keeps the hand, the counts and
        the rest of ``kept_clear`` in sight (a tip over them read as a cover, stranger 11)."""
        s, (w, h), piece = self.table.s, size, pygame.Rect(self.rect)
        hard = self.kept_clear() + [d.rect for d in self.table.boxes.overlays()]
        step, margin = max(8, s(24)), s(6)
        spots = [(x, y) for x in range(margin, screen[0] - margin - w + 1, step)
                 for y in range(margin, screen[1] - margin - h + 1, step)]
        clear = [p for p in spots if pygame.Rect(p, size).collidelist(hard) == -1]
        def off(p):
            return abs(p[0] + w // 2 - piece.centerx) + abs(p[1] + h // 2 - piece.centery)
        return min(clear, key=off, default=None)

    @staticmethod
    def _along(low: int, high: int, step: int, edges: list[int]) -> list[int]:
        """Places from ``low`` to ``high`` every ``step``, and the ``edges`` between (a spot flush
        against something kept clear, which a step could jump over)."""
        return sorted(set(range(low, high + 1, step)) | {e for e in edges if low <= e <= high})

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
