"""Undo, the move history and the turn-ending confirm: once for every table on the shared base.

``TableTools(table)`` is made by ``TableScene``. It keeps two small buttons at one place on the
table (``table.tools_rect()``; they never move between phases): **Undo** (also Backspace, and B
on a pad when nothing is being chosen) and **Moves** (also L), which opens the history drawer.

- Undo follows ``Match.undo``: a person takes back their own last actions within their turn
  until something hidden or random was shown; when refused, a note says why and nothing changes.
- The drawer lists the moves so far in words, each line kept with who may see it
  (``BasePresenter.log``), so a hot-seat player never reads another's secret.
- ``ask(action, text)`` holds a turn-ending choice that undo cannot take back (the table's
  ``confirm_text``) until the person says yes; Cancel (or Esc / B) changes nothing.
Tools are off in attract mode and in lessons (a lesson judges every move itself).
"""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import focus_outline, panel, veil
from game.rules.registry import KITS
from game.ui.textfit import Box, button_box, draw_fitted, fit_text, register_boxes
from game.ui.widgets import Button

TOOL = (112, 60)                      # design px of the smallest tool button (Meow Meow Dice's tray end)
TOOL_LABEL = Box(TOOL[0] - 16, TOOL[1] - 8, 30, ("shrink", "wrap"))
WIDE_TOOL = (300, 64)                 # "Skip to results" in the Undo place, reaching left
DIALOG = (1000, 380)                  # width, and the most height the question may take
DEFAULT_LINE = 46                     # design px: the question's "Enter: Cancel" line
DEFAULT_WORDS = Box(DIALOG[0] - 80, DEFAULT_LINE, 30, ("shrink",))
DRAWER_W = 540                # the moves drawer: a side panel, at most this wide (design px)
# the narrowest column a level gives it (over the side seats' places: stranger 2, defect 10);
# its lines are fitted to the drawer's own width, never narrower than this one's
DRAWER_MIN_W = 396
LINE = Box(DRAWER_MIN_W - 70, 200, 28, ("wrap", "abbrev"))
GO_ON = Box(1000, 46, 32)
LATEST = Box(400, 44, 28, ("shrink",))
QUESTION = Box(DIALOG[0] - 80, 170, 40, ("shrink", "wrap"), min_px=30)
register_boxes("table", {
    "table.undo": TOOL_LABEL, "table.history": TOOL_LABEL,
    "table.confirm.yes": button_box(380, 80, 36), "table.confirm.no": button_box(380, 80, 36),
    "table.confirm.enter_is": DEFAULT_WORDS, "table.confirm.a_is": DEFAULT_WORDS,
    "table.history.title": Box(DRAWER_MIN_W - 60, 50, 36), "table.history.empty": LINE,
    "table.history.close": Box(DRAWER_MIN_W - 60, 46, 28), "table.history.latest": LATEST,
    "table.recap": Box(1040, 50, 32, ("shrink",)), "table.recap_more": Box(1040, 50, 30, ("shrink",)),
    "table.hands_shown": Box(1200, 50, 32, ("shrink",)), "table.game_over": Box(1200, 50, 32, ("shrink",)),
    "table.undo.refused": Box(1400, 50, 32),
    "table.name_you": Box(300, 50, 30, ("shrink",)),     # a seat's plate: "Mochi (you)"
    "table.undone": LINE, "table.undone_move": Box(1400, 50, 32),
    "table.to_results": button_box(*WIDE_TOOL, px=30),
    "table.hold.continue": GO_ON,
    # the footer on a computer cat's turn, in the smallest footer place a level gives (788 x 44)
    "table.hint.wait.*": Box(788, 44, 28, ("shrink", "wrap"), min_px=22),
})
for _kit in KITS.values():          # each game's move-history lines and questions
    register_boxes("table", {f"{_kit.text_prefix}.log.*": LINE, f"{_kit.text_prefix}.ev.*": LINE,
                             f"{_kit.text_prefix}.confirm.*": QUESTION})


class TableTools:
    def __init__(self, table):
        self.table = table
        self.app = table.app
        self.on = bool(table.humans) and not table.attract and not hasattr(table, "lesson")
        self.undo_btn = Button((0, 0, 1, 1), "table.undo", self.undo, px=30)
        self.results_btn = Button((0, 0, 1, 1), "table.to_results", self.to_results, primary=True, px=30)
        self.moves_btn = Button((0, 0, 1, 1), "table.history", self.toggle_history, px=30)
        self.yes_btn = Button((0, 0, 1, 1), "table.confirm.yes", self.yes, primary=True, px=36)
        self.no_btn = Button((0, 0, 1, 1), "table.confirm.no", self.cancel, px=36)
        for b in (self.undo_btn, self.moves_btn):
            b.box = TOOL_LABEL
        self.results_btn.box = button_box(*WIDE_TOOL, px=30)
        self.history_open = False
        self.scroll = 0                       # lines scrolled back from the newest
        self.latest_rect: pygame.Rect | None = None   # "Jump to latest", while scrolled back
        self.bar_rect: pygame.Rect | None = None      # the scrollbar's track, when lines overflow
        self.shown_lines = 0
        self.pending: tuple[str, str] | None = None     # (action, question) waiting for a yes
        self.choice = self.no_btn
        for b in (self.undo_btn, self.moves_btn):
            b.visible = self.on
        # the pause menu for a mouse or a finger (stranger 6, defect 2: only Esc opened it), on
        # every table a person plays, lessons too: a square button at the end of the tools' place
        self.menu_on = bool(table.humans) and not table.attract
        self.menu_btn = Button((0, 0, 1, 1), "", table.pause, raw=True)
        self.menu_btn.visible = self.menu_on

    # ---- undo -----------------------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        """The person whose moves Undo would take back: the one whose hand is shown."""
        t = self.table
        if not self.on or t.curtain_for is not None or t.presenter.busy:
            return None
        return t.viewer if t.viewer in t.humans else None

    def can_undo(self) -> bool:
        seat = self.undo_seat()
        return bool(self.table.feed.undoable(seat)) or (seat is not None and self.table.choice_open())

    def undo(self) -> bool:
        t = self.table
        seat = self.undo_seat()
        if seat is None:
            return False
        if t.choice_open():      # a choice half made (cards picked for the token): its step back
            t.take_back_choice()
            return True
        if not t.feed.undo(seat):
            t.note(self.app.t("table.undo.refused"))
            self.app.audio.play("ui_back")
            return False
        t.after_undo(seat)
        self.app.audio.play("ui_back")
        return True

    # ---- skip to results ------------------------------------------------------------------------
    def watching(self) -> bool:
        """Every person's seat is out of the game (knocked out) but the game goes on."""
        t = self.table
        return (self.on and not t.feed.over and not t.finished
                and not any(t.seat_in_game(h) for h in t.humans))

    def to_results(self) -> None:
        if self.watching():
            self.app.audio.play("ui_confirm")
            self.table.skip_to_results()

    # ---- confirm --------------------------------------------------------------------------------
    def ask(self, action: str, question: str) -> None:
        self.pending = (action, question)
        self.dialog_rect()
        self.choice = self.no_btn             # a second press of the same key is not a yes
        self.app.audio.play("ui_move")

    def yes(self) -> None:
        action = self.pending[0] if self.pending else None
        self.pending = None
        if action is not None:
            self.table.apply(action)

    def cancel(self) -> None:
        self.pending = None
        self.app.audio.play("ui_back")

    def handle_dialog(self, intent) -> bool:
        """While a question is open it takes every intent (the table waits)."""
        if self.pending is None:
            return False
        kind = intent.kind
        if kind in ("back", "pause"):
            self.cancel()
        elif kind in ("click", "point") and intent.pos is not None:
            hit = next((b for b in (self.yes_btn, self.no_btn) if b.rect.collidepoint(intent.pos)), None)
            if hit is not None:
                self.choice = hit
                if kind == "click":
                    hit.on_press()
        elif kind in ("move", "next", "prev"):
            self.choice = self.no_btn if self.choice is self.yes_btn else self.yes_btn
            self.app.audio.play("ui_move")
        elif kind == "confirm":
            self.choice.on_press()
        return True

    # ---- history --------------------------------------------------------------------------------
    def toggle_history(self) -> None:
        self.history_open = not self.history_open
        self.scroll = 0
        self.app.audio.play("ui_move")

    def lines(self) -> list[str]:
        """The history the person at the screen may read now."""
        viewer = self.table.viewer if self.table.curtain_for is None else None
        return [text for text, seen in self.table.presenter.log if seen is None or viewer in seen]

    def menu_rect(self) -> pygame.Rect:
        """A square at the tools' place's right end (a row) or top right (a column); Undo and
        Moves keep the rest of the place (``split``)."""
        t = self.table
        if hasattr(t, "lesson"):          # a lesson (no Undo, no Moves): the coach's top right corner
            side = t.s(48)
            return pygame.Rect(t.coach_rect.right - t.s(14) - side, t.coach_rect.y + t.s(12), side, side)
        rect, gap = t.tools_rect(), t.s(12)
        side = rect.h if rect.w > rect.h * 2 else (rect.h - gap) // 2
        return pygame.Rect(rect.right - side, rect.y, side, side)

    def split(self) -> pygame.Rect:
        """The tools' place left for Undo and Moves beside the menu button."""
        rect = self.table.tools_rect()
        if not self.menu_on or hasattr(self.table, "lesson"):
            return rect
        menu = self.menu_rect()
        return pygame.Rect(rect.x, rect.y, menu.x - self.table.s(12) - rect.x, rect.h)

    def handle_menu(self, intent) -> bool:
        """A click or tap on the menu button: the pause menu (before anything else on the table)."""
        b = self.menu_btn
        if not (self.menu_on and b.visible and intent.kind == "click" and intent.pos is not None
                and b.rect.collidepoint(intent.pos)):
            return False
        b.on_press()
        return True

    def handle(self, intent) -> bool:
        """Undo and history keys, the tool buttons, scrolling an open drawer."""
        if not self.on:
            return False
        if self.handle_dialog(intent):
            return True
        kind = intent.kind
        if kind == "history":
            self.toggle_history()
            return True
        if kind == "undo" or (kind == "back" and (intent.text == "\b" or intent.device == "pad")
                              and self.can_undo()):     # else back as ever (pause); Esc always
            self.undo()
            return True
        if kind == "click" and intent.pos is not None:
            for b in (self.results_btn, self.undo_btn, self.moves_btn):
                if b.visible and b.rect.collidepoint(intent.pos):
                    if b.enabled:
                        b.on_press()
                    return True
        if self.history_open:
            if kind == "back":
                self.toggle_history()
                return True
            if kind == "wheel":
                self.scroll = max(0, self.scroll + intent.amount)
                return True
            if kind == "move" and intent.direction in ("up", "down"):   # keys and pads scroll too
                self.scroll = max(0, self.scroll + (1 if intent.direction == "up" else -1))
                return True
            if kind == "click" and intent.pos is not None:
                if self.latest_rect is not None and self.latest_rect.collidepoint(intent.pos):
                    self.scroll = 0                   # jump to the newest line
                    return True
                if self.bar_rect is not None and self.bar_rect.collidepoint(intent.pos):
                    share = (self.bar_rect.bottom - intent.pos[1]) / max(1, self.bar_rect.h)
                    self.scroll = max(0, round(share * len(self.lines())) - self.shown_lines // 2)
                    return True
        return False

    # ---- every frame ----------------------------------------------------------------------------
    def update(self, focused) -> None:
        """After the table's ``refresh_mode``: place the buttons and keep them in the focus ring
        (``focused``: what had the focus before the table rebuilt the ring)."""
        self.menu_btn.rect = self.menu_rect()
        away = getattr(self.table, "coach_away", None)     # a lesson's coach box (and this) out of sight
        self.menu_btn.visible = self.menu_on and self.table.curtain_for is None and not (away and away())
        if not self.on:
            return
        t = self.table
        rect = self.split()
        if t.tools_rect().w > t.tools_rect().h * 2:   # a row: Undo at the left, Moves at the right
            w = (rect.w - t.s(12)) // 2
            self.undo_btn.rect = pygame.Rect(rect.x, rect.y, w, rect.h)
            self.moves_btn.rect = pygame.Rect(rect.right - w, rect.y, w, rect.h)
        else:                                 # a column: Undo above Moves
            h = (rect.h - t.s(12)) // 2
            self.undo_btn.rect = pygame.Rect(rect.x, rect.y, rect.w, h)
            self.moves_btn.rect = pygame.Rect(rect.x, rect.bottom - h, rect.w, h)
        self.undo_btn.enabled = self.can_undo()
        watching = self.watching()
        self.results_btn.rect = self.undo_btn.rect.copy()
        self.results_btn.rect.w = t.s(WIDE_TOOL[0])
        self.results_btn.rect.right = self.undo_btn.rect.right
        self.results_btn.visible = self.results_btn.enabled = watching
        shown = t.curtain_for is None
        unfocused = t.focus.index < 0      # adding a button must not take the focus for itself
        for b in (self.undo_btn, self.moves_btn, self.results_btn):
            if b is not self.results_btn:
                b.visible = shown and not (watching and b is self.undo_btn)
            usable = b.visible and b.enabled
            if not usable and b in t.focus.items:
                t.focus.items.remove(b)
            if usable and b not in t.focus.items:
                t.focus.add(b)
            if usable and focused is b and t.focus.focused is not b:
                t.focus.index = t.focus.items.index(b)
        if unfocused and focused not in (self.undo_btn, self.moves_btn, self.results_btn):
            t.focus.index = -1             # the table picks its own first focus (near a pointed card)

    # ---- drawing --------------------------------------------------------------------------------
    def draw_menu(self, surface) -> None:
        """The menu button: a pause sign (two bars) on a small round-cornered panel."""
        b, s = self.menu_btn, self.table.s
        if not (self.menu_on and b.visible):
            return
        hover = self.app.device == "mouse" and b.rect.collidepoint(pygame.mouse.get_pos())
        b.draw(surface, self.app, focused=hover)
        if not hasattr(self.table, "lesson"):        # in a lesson it is part of the coach's box
            self.table.boxes.add("overlay", "tools:menu", b.rect)
        for dx in (-s(9), s(9)):              # a new Rect each (a frame drawn by parts keeps them)
            bar = pygame.Rect(0, 0, max(3, s(9)), b.rect.h * 4 // 10)
            bar.center = (b.rect.centerx + dx, b.rect.centery)
            pygame.draw.rect(surface, P.CREAM, bar, border_radius=max(1, s(3)))

    def draw(self, surface) -> None:
        t = self.table
        if t.curtain_for is None:
            self.draw_menu(surface)
        if not self.on or t.curtain_for is not None:
            return
        for name, b in (("undo", self.undo_btn), ("moves", self.moves_btn), ("results", self.results_btn)):
            if b.visible:
                b.draw(surface, self.app, focused=b is t.focus.focused)
                t.boxes.add("overlay", "tools:" + name, b.rect)
        self._glyph(surface, self.moves_btn, "history")
        if self.undo_btn.visible:
            self._glyph(surface, self.undo_btn, "undo")
        main = t.main_button()
        if main is not None:                  # its direct key (K, pad Y) on the main action
            self._glyph(surface, main, "skip", pad=True)
        if t.presenter.holding is not None and not t.presenter.holding.quiet and \
                not (t.feed.over and t.humans and t.curtain_for is None):   # the footer says it then
            self._draw_go_on(surface)
        if self.history_open:
            self._draw_drawer(surface)
        if self.pending is not None:
            self._draw_dialog(surface)

    def _glyph(self, surface, button, kind: str, pad: bool = False) -> None:
        if self.app.device not in (("keyboard", "pad") if pad else ("keyboard",)):
            return
        r = button.rect
        key = self.app.t(f"glyph.{self.app.device}.{kind}")
        chip = self.app.text(key, self.app.font(22), P.INK)
        box = chip.get_rect().inflate(self.table.s(14), self.table.s(4))
        box.center = (r.right - self.table.s(6), r.top + self.table.s(4))
        pygame.draw.rect(surface, P.LAMP_SOFT, box, border_radius=self.table.s(8))
        surface.blit(chip, chip.get_rect(center=box.center))

    def _draw_go_on(self, surface) -> None:
        """Under a held moment (a round's summary): how to go on."""
        s, app = self.table.s, self.app
        w, h = app.size
        text = app.t("table.hold.continue")
        fit = fit_text(app, text, GO_ON)
        chip = pygame.Rect(0, 0, fit.width + s(48), fit.height + s(20))
        chip.center = self.table.go_on_at()
        surface.blit(panel(chip.size, (40, 34, 56), chip.h // 2, max(2, s(3)), P.LAMP_SOFT, 0), chip)
        self.table.boxes.add("overlay", "go_on", chip)
        draw_fitted(app, surface, text, GO_ON, P.LAMP_SOFT, chip.center, "center", shadow=False)

    def drawer_rect(self) -> pygame.Rect:
        """A column in the level's ``zone:drawer``: over the side the other seats use, clear of
        the board, the person's own seat and hand and every button, so what is decided on stays
        in sight while the moves are read (stranger 2, defect 10: it hid the market, the grid and
        the set to beat); at most ``DRAWER_W`` wide, at the zone's right; else the window's right."""
        found = self.table.zone("drawer")
        if found is not None:
            side = found.copy()
            side.w = min(found.w, self.table.s(DRAWER_W))
            side.right = found.right
            # below a top seat's bubble or badge that hangs into the place (it stays readable)
            hangs = [d.rect.bottom for d in self.table.boxes.overlays()
                     if d.name.endswith(tuple(f":seat{i}" for i in range(self.table.n)))
                     and d.rect.colliderect(side) and d.rect.top < side.top + self.table.s(60)]
            if hangs:
                top = max(hangs) + self.table.s(6)
                side.h, side.top = side.bottom - top, top
            return side
        w, h = self.app.size
        s = self.table.s
        rect = pygame.Rect(0, 0, s(DRAWER_W), h - s(120))
        rect.topright = (w - s(16), s(16))
        return rect

    def _draw_drawer(self, surface) -> None:
        s, app = self.table.s, self.app
        rect = self.drawer_rect()
        surface.blit(panel(rect.size, (28, 24, 40), s(20), max(2, s(4)), P.PANEL_EDGE, s(8)), rect)
        self.table.boxes.add("overlay", "drawer", rect)
        draw_fitted(app, surface, app.t("table.history.title"), Box(DRAWER_MIN_W - 60, 50, 36),
                    P.LAMP_SOFT, (rect.centerx, rect.y + s(14)), "midtop", shadow=False)
        top, bottom = rect.y + s(74), rect.bottom - s(54)
        lines = self.lines()
        self.scroll = min(self.scroll, max(0, len(lines) - 1))
        self.latest_rect = None
        if self.scroll:      # scrolled back: the way to the newest stands at the newest end, the
            # bottom, in the close line's place (at the top it pointed away from where the newest
            # line shows: stranger 40r-en), and the lines end above it
            chip = fit_text(app, app.t("table.history.latest"), LATEST)
            self.latest_rect = pygame.Rect(0, 0, chip.width + s(40), chip.height + s(16))
            self.latest_rect.midbottom = (rect.centerx, rect.bottom - s(8))
            bottom = min(bottom, self.latest_rect.top - s(6))
        if not lines:
            draw_fitted(app, surface, app.t("table.history.empty"), LINE, P.MUTED,
                        (rect.centerx, top), "midtop", shadow=False)
        # the lines as wide as this drawer lets them (clear of the scroll bar), never narrower than LINE
        wide = max(LINE.w, min(DRAWER_W, round(rect.w / app.scale)) - 58)
        line_box = Box(wide, LINE.h, LINE.px, LINE.steps)
        fits = [fit_text(app, text, line_box) for text in lines]
        y = bottom
        shown = 0
        for i in range(len(lines) - 1 - self.scroll, -1, -1):       # newest at the bottom
            # (a card's name is never broken, stranger 40r-zh #4: lines wrap sooner; the gaps
            # between them and the margins are a little less, so as many lines show)
            if y - fits[i].height - s(6) < top:     # the gap above a line is part of its room
                break
            y -= fits[i].height + s(6)
            shown += 1
            colour = P.CREAM if i == len(lines) - 1 else (214, 206, 190)
            draw_fitted(app, surface, lines[i], line_box, colour, (rect.x + s(24), y), "topleft", "left",
                        shadow=False)
        self.shown_lines = shown
        self._draw_scrollbar(surface, rect, top, bottom, len(lines), shown)
        if self.latest_rect is not None:
            r = self.latest_rect
            surface.blit(panel(r.size, (60, 52, 84), r.h // 2, max(2, s(3)), P.LAMP_SOFT), r)
            self.table.boxes.add("overlay", "drawer:latest", r)
            draw_fitted(app, surface, app.t("table.history.latest"), LATEST, P.CREAM, r.center, "center",
                        shadow=False)
        else:
            draw_fitted(app, surface, app.t("table.history.close"), Box(DRAWER_MIN_W - 60, 46, 28), P.MUTED,
                        (rect.centerx, rect.bottom - s(12)), "midbottom", shadow=False)

    def _draw_scrollbar(self, surface, rect, top: int, bottom: int, total: int, shown: int) -> None:
        """A track at the drawer's right edge and a thumb for the part on show (newest at the
        bottom), only when the lines do not all fit; a click on the track scrolls there."""
        s = self.table.s
        self.bar_rect = None
        if total <= shown or total == 0:
            return
        track = pygame.Rect(rect.right - s(22), top, s(10), bottom - top)
        self.bar_rect = track.inflate(s(16), 0)
        pygame.draw.rect(surface, (52, 46, 70), track, border_radius=track.w // 2)
        h = max(s(24), round(track.h * shown / total))
        y = track.bottom - h - round((track.h - h) * min(1.0, self.scroll / max(1, total - shown)))
        pygame.draw.rect(surface, P.LAMP_SOFT, (track.x, y, track.w, h), border_radius=track.w // 2)

    def dialog_rect(self) -> pygame.Rect:
        """The question's box; places its two buttons too."""
        s, (w, h) = self.table.s, self.app.size
        text_h = fit_text(self.app, self.pending[1], QUESTION).height if self.pending else s(60)
        box = pygame.Rect(0, 0, s(DIALOG[0]), s(40 + 36 + 80 + 36 + DEFAULT_LINE) + text_h)
        box.center = (w // 2, h // 2)
        bw, bh, gap = s(380), s(80), s(40)
        self.yes_btn.rect = pygame.Rect(box.centerx - gap // 2 - bw, box.bottom - bh - s(36), bw, bh)
        self.no_btn.rect = pygame.Rect(box.centerx + gap // 2, box.bottom - bh - s(36), bw, bh)
        return box

    def _draw_dialog(self, surface) -> None:
        s, app = self.table.s, self.app
        veil(surface, (10, 8, 16, 170))      # opaque enough that nothing ghosts through
        box = self.dialog_rect()
        surface.blit(panel(box.size, (40, 34, 56), s(28), max(2, s(5)), P.LAMP_SOFT, s(10)), box)
        draw_fitted(app, surface, self.pending[1], QUESTION, P.CREAM, (box.centerx, box.y + s(40)), "midtop",
                    shadow=False)
        for b in (self.yes_btn, self.no_btn):
            b.draw(surface, app, focused=b is self.choice)
        focus_outline(surface, self.choice.rect, self.table.time, app.scale, s(22))
        said = self.default_words()
        if said:
            at = (box.centerx, self.yes_btn.rect.top - s(12))
            draw_fitted(app, surface, said, DEFAULT_WORDS, P.LAMP, at, "midbottom", shadow=False)

    def default_words(self) -> str | None:
        """Which answer Enter (pad A) gives now, in words over the buttons: a question with Yes
        ready and one with Cancel ready look alike but for the focus ring, so a person who learned
        "Enter, Enter" on the first would be surprised by the second (stranger 40r-zh #10)."""
        if self.pending is None or self.app.device not in ("keyboard", "pad"):
            return None
        key = "table.confirm.enter_is" if self.app.device == "keyboard" else "table.confirm.a_is"
        return self.app.t(key, button=self.choice.text(self.app))
