"""Results: who won and how, every cat at the table in its own column — its cat and name, what it
ended with (its tableau: the hand, the cards and tokens, the sets caught, drawn by its game's
kit) and where its result came from (the breakdown) — and what next: play again with the same
seats (the obvious action), a new setup, watch the replay, or the title screen."""

from __future__ import annotations

import random

import pygame

from game.art import palette as P
from game.art.cats import draw_cat
from game.art.draw import glow, panel
from game.play.match import new_session
from game.play.results_record import finished_record
from game.play.session import Seat
from game.runtime import logs
from game.ui.menu import MenuScene
from game.ui.textfit import Box, button_box, register_boxes
from scenes.seat_setup import SeatSetupScene
from scenes.table.scores import ROW_LABEL, ROW_WIDE, breakdown, load_breakdowns
from scenes.table.tableau import (
    CAPTION,
    Pictures,
    Summary,
    caption_key,
    caption_text,
    fit_width,
    place,
    tableau,
    tableau_rules,
    trim,
)
from scenes.table.zones import BoxLog, fitted
from scenes.tables import table_info
from scenes.title import TitleScene

HEADLINE = Box(1760, 96, 80, ("shrink",), min_px=44)
REASON = Box(1760, 50, 36, ("shrink",), min_px=26)
TURNS = Box(1000, 46, 30)
AGAIN, OTHER = (520, 120, 50), (380, 96, 40)
register_boxes("results", {
    "results.wins": HEADLINE, "results.draw": HEADLINE, "results.reason.*": REASON, "results.turns": TURNS,
    "results.turns_each": TURNS, "results.rounds": TURNS,
    "results.winner_tag": Box(250, 46, 30), "results.play_again": button_box(*AGAIN),
    "results.new_setup": button_box(*OTHER), "results.title_screen": button_box(*OTHER),
    "results.replay": button_box(*OTHER),
})
register_boxes("results", {"results.total": ROW_LABEL, "results.moves": ROW_LABEL})
CALM = 0.8      # seconds of no press the results wait for before they take one (see ``handle``)
WAKE = ("confirm", "move", "next", "prev")    # a key or pad press while nothing is focused
# what counts as a press (a pointer only moving, a wheel turned, does not)
PRESSES = WAKE + ("click", "skip", "back", "alt", "pause", "help", "hint", "undo", "history")
load_breakdowns()             # each game's breakdown registers the boxes of its own rows


class ResultsScene(MenuScene):
    music = None            # the table's piece goes on under the win sting

    def __init__(self, app, source):
        """``source``: the finished table's feed (its ``final`` record), or a finished session (a
        test, a tool): either way the screen gets the record, never the engine."""
        super().__init__(app)
        self.feed = final = source.final() if hasattr(source, "final") else finished_record(source)
        self.record = source.record() if hasattr(source, "record") else source.to_replay()
        self.info = table_info(final.game_name)
        self.winners = list(final.winners)
        self.reason = final.end_reason
        self.turns = final.turn
        self.view: dict = final.public if isinstance(final.public, dict) else {}
        self.out = {int(x) for x in self.view.get("eliminated", []) if isinstance(x, int)}
        self.rows = breakdown(final, app.t)        # where each seat's result came from
        self.row_boxes: dict[int, tuple] = {}      # seat -> (its box, its rows) as last drawn
        self.winner_tags: dict[int, pygame.Rect] = {}   # seat -> its "Winner" tag as last drawn
        self.tableau = tableau(final)               # what each seat ended with (issue 21)
        self.pictures = Pictures(app, final.game_name)
        self.readable, self.summary, self.pictures.beside = tableau_rules(final)   # the kit's layout
        self.shown: dict[int, list] = {}            # seat -> (caption key, kind, item) as last drawn
        self.boxes = BoxLog()                       # every box of the last frame (the overlap audit)
        self.slots: dict[str, pygame.Rect] = {}     # each picture's place in its column, as last drawn
        self.kept: list = [[] for _ in final.seats]   # each seat's groups that fit, as last drawn
        # the results are the reward of the game: they come up with nothing focused and ignore
        # presses for a moment; then a first key or pad press only puts the focus on "Play
        # again", so one "go on" press never throws them away (stranger40e #1)
        self.shown_for = 0.0

    def enter(self) -> None:
        super().enter()
        self.app.audio.play_sting(self.info.level or self.info.game)
        self.app.log.info(
            "game over: %s winners %s (%s) after %s turns, %s actions",
            self.feed.game_name,
            self.winners,
            self.reason,
            self.turns,
            self.feed.revision,
        )

    def layout(self) -> None:
        s = self.app.s
        cx = self.app.size[0] / self.app.scale / 2
        again = self.button(
            (cx - 465, 840, *AGAIN[:2]), "results.play_again", self.play_again, primary=True, px=AGAIN[2]
        )
        setup = self.button((cx - 875, 852, *OTHER[:2]), "results.new_setup", self.new_setup)
        replay = self.button((cx + 85, 852, *OTHER[:2]), "results.replay", self.watch_replay,
                             enabled=bool(self.feed.revision))
        title = self.button((cx + 495, 852, *OTHER[:2]), "results.title_screen", self.to_title)
        untouched = self.focus.focused is None
        self.set_widgets([setup, again, replay, title])
        if untouched:
            self.focus.index = -1          # nothing focused until a first press (or the pointer)
        self.primary = again
        _ = s

    # ---- input -----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.shown_for < CALM and self.app.input.held_presses():
            self.shown_for = 0.0           # a key held down since the table: its key-up is awaited
        else:
            self.shown_for += dt

    def calm(self) -> bool:
        """The results take presses: they are fully shown (the screens' fade over) and no key,
        pad button or click has come, nor been held, for ``CALM`` seconds."""
        return self.shown_for >= CALM and not self.app.fading

    def handle(self, intent) -> None:
        """A stream of "go on" presses (Enter mashed through the table's last moment, a script's
        Enter after each screenshot) never passes the results on to a new game (stranger 40r-en
        #10: "Game over", then the results, then Play again, one press each). The rule: the
        results wait for the hands to be still. Every press while they come in, and until
        ``CALM`` seconds have passed with no press and no key held, is ignored and starts that
        wait again; so a stream, however long, is absorbed, and so is a key held down since the
        table (its key-up is awaited). Then a first key or pad press only shows where the focus is
        ("Play again"); the next one presses it. A click after the calm acts at once (the pointer
        chose its button)."""
        if intent.kind in PRESSES and not self.calm():
            self.shown_for = 0.0           # a press meant for the table's last moment: wait again
            return
        if intent.kind not in PRESSES and self.shown_for < CALM:
            return
        if self.focus.focused is None and intent.kind in WAKE:
            self.focus.set_focus(self.primary)     # the first press shows where Enter would go
            return
        super().handle(intent)

    # ---- actions ---------------------------------------------------------------------------------
    def play_again(self) -> None:
        # seats on phones stay on phones: the new game has new codes to scan
        seats = [Seat(x.name, x.kind, x.level, x.coat, x.phone) for x in self.feed.seats]
        session = new_session(self.feed.game_name, seats, random.SystemRandom().randrange(1 << 31),
                              dict(self.feed.options))
        self.app.log.info("new %s (play again): %s, seats %s", logs.game_ref(session), session.game_name,
                          [(s.name, s.kind, s.level) for s in seats])   # the seed only with --debug
        self.app.stack.replace(self.info.scene_class()(self.app, session))

    def watch_replay(self) -> None:
        """The whole game again, move by move, then back here (issue 21)."""
        from scenes.table.replay import replay_scene

        self.app.audio.play("ui_confirm")
        self.app.stack.push(replay_scene(self.app, self.record))

    def new_setup(self) -> None:
        below = self.app.stack.scenes[-2] if len(self.app.stack.scenes) >= 2 else None
        if isinstance(below, SeatSetupScene):
            self.app.stack.pop()
        else:
            self.app.stack.replace(SeatSetupScene(self.app, self.info, self.feed.seats,
                                                  options=dict(self.feed.options)))

    def to_title(self) -> None:
        self.app.stack.clear_to(TitleScene(self.app))

    def on_back(self) -> None:
        self.new_setup()

    # ---- frame -----------------------------------------------------------------------------------
    def headline(self) -> str:
        seats = self.feed.seats
        if not self.winners:
            return self.app.t("results.draw")
        names = " & ".join(seats[i].name for i in self.winners)
        return self.app.t("results.wins", name=names)

    def length_text(self) -> str:
        """How long the game was, counted as its table counted (issue 21: "12 turns" under a table
        that said "Turn 6 of 6"): turns each where every seat has its own, rounds where the table
        counts rounds, else the turns."""
        view = self.view
        each = view.get("turns_by_seat")
        if isinstance(view.get("turns_each"), int) and isinstance(each, list) and each:
            return self.app.t("results.turns_each", n=max(int(n) for n in each))
        if isinstance(view.get("round"), int) and view["round"] > 0:
            return self.app.t("results.rounds", n=view["round"])
        return self.app.t("results.turns", n=self.turns)

    def reason_line(self) -> str:
        """The reason and the length on one line, the reason's full stop dropped before the dot
        between them (issue 21: "通吃。 • 14 回合")."""
        return self.reason_text().rstrip(".。") + "  •  " + self.length_text()

    def reason_text(self) -> str:
        key = f"results.reason.{self.reason}"
        return self.app.t(key) if self.app.i18n.has(key) else self.app.t("results.reason.other")

    def row_lines(self, seat: int, width: int, px: int):
        """The seat's rows at ``px`` as drawn lines (label or None, value or None, total) and the
        step between them: a figure too wide to stand beside its label goes on its own line."""
        app, s = self.app, self.app.s
        rows = self.rows[seat] if seat < len(self.rows) else []
        room = width - s(ROW_LABEL.w) - 2 * s(12)
        font = app.font(px)
        lines = []
        for label, value in rows:
            total = label == app.t("results.total")    # a tie-break row may follow it
            if font.size(value)[0] > room:
                lines += [(label, None, total), (None, value, total)]
            else:
                lines.append((label, value, total))
        # a row as tall as the font's line (the Total row was cut at the foot of the box)
        return lines, max(s(34), font.get_linesize() + s(4))

    def rows_height(self, seat: int, width: int, room: int) -> tuple[int, int]:
        """(px, height) of the seat's rows: the largest size whose rows fit in ``room``."""
        for px in (28, 26, 24):
            if self.rows_px_height(seat, width, px) <= room:
                break
        return px, self.rows_px_height(seat, width, px)

    def rows_px_height(self, seat: int, width: int, px: int) -> int:
        lines, step = self.row_lines(seat, width, px)
        return step * len(lines) + self.app.s(14) if lines else 0

    def draw_rows(self, surface, seat: int, column: pygame.Rect, top: int, px: int) -> None:
        """The seat's breakdown: label at the left, figure at the right; the total stressed."""
        app, s = self.app, self.app.s
        pad = s(12)                       # words stay off the box's border (issue 21)
        lines, step = self.row_lines(seat, column.w, px)
        if not lines:
            return
        back = pygame.Rect(column.x, top, column.w, step * len(lines) + s(14))
        inner = pygame.Rect(column.x, top + s(7), column.w, step * len(lines))
        self.row_boxes[seat] = (back, inner)
        self.boxes.add("piece", f"col{seat}/rows", back)
        surface.blit(panel(back.size, (30, 26, 48), s(12), max(1, s(2)), P.PANEL_EDGE, 0), back)
        for k, (label, value, total) in enumerate(lines):
            y = inner.top + k * step
            colour = P.LAMP_SOFT if total else P.CREAM
            if total:
                band = pygame.Rect(column.x + s(5), y, column.w - s(10), step)
                pygame.draw.rect(surface, (70, 60, 96), band, border_radius=s(8))
            if label is not None:
                box = ROW_WIDE if value is None else ROW_LABEL
                # the label takes the column's width left of its figure ("Tie-break: food" was
                # cut to "Tie-break:…" in a 180 px box in a 3-seat column of 440)
                beside = app.font(px).size(value)[0] + s(12) if value else 0
                wide = max(box.w, (column.w - 2 * pad - beside) / app.scale)
                box = Box(wide, box.h, px, box.steps, min(px, box.min_px))
                fitted(self.boxes, app, surface, label, box, colour, (column.x + pad, y + s(2)), "topleft",
                       "left", shadow=False)
            if value:
                vfont = app.fit_font(value, px, column.w - 2 * pad, 24)
                app.draw_text(surface, value, vfont, colour, (column.right - pad, y + s(2)), "topright",
                              shadow=False)

    def columns(self, w: int, top: int, bottom: int) -> list[pygame.Rect]:
        """One column per seat across the width, as wide as the seat count allows."""
        s, n = self.app.s, len(self.feed.seats)
        gap = s(16)
        width = min(s(460), (s(1840) - gap * (n - 1)) // max(1, n))
        x0 = w // 2 - (width * n + gap * (n - 1)) // 2
        return [pygame.Rect(x0 + i * (width + gap), top, width, bottom - top) for i in range(n)]

    def draw(self, surface) -> None:
        app, s = self.app, self.app.s
        w, h = surface.get_size()
        self.boxes.clear()
        self.slots.clear()
        self.draw_background(surface)
        head = fitted(self.boxes, app, surface, self.headline(), HEADLINE, P.LAMP, (w // 2, self.y(14)),
                      "midtop")
        self.boxes.add("piece", "headline", head)
        line = self.reason_line()
        reason = fitted(self.boxes, app, surface, line, REASON, P.CREAM, (w // 2, self.y(112)), "midtop")
        self.boxes.add("piece", "reason", reason)
        buttons = min((b.rect.y for b in self.widgets), default=h)
        for b in self.widgets:
            self.boxes.add("piece", f"btn:{b.label}", b.rect)
        cols = self.columns(w, self.y(172), buttons - s(14))
        # a dim band behind the columns: the skyline's lit windows showed between and beside
        # them, the same yellow as the winner's marks (issue 21, stranger21c); it fades in over
        # the sky, so the moon and stars above keep their look
        if cols:
            band = pygame.Rect(0, cols[0].y + cols[0].h // 4, w, cols[0].h * 3 // 4 + s(10))
            surface.blit(self.band_picture(band.size, s(90)), band)
        areas = [self.column_parts(i, col) for i, col in enumerate(cols)]
        caption_h = s(CAPTION.h)
        self.kept = [trim(self.tableau[i], area, self.pictures, s, caption_h, self.readable, self.summary)
                     for i, (_, area, _, _) in enumerate(areas)]
        pic_w = min((fit_width(self.kept[i], area, self.pictures, s, caption_h)
                     for i, (_, area, _, _) in enumerate(areas) if self.kept[i]), default=0)
        for i, col in enumerate(cols):
            self.draw_column(surface, i, col, areas[i], pic_w)
        self.draw_widgets(surface)
        self.draw_hints(surface)

    def band_picture(self, size, fade: int) -> pygame.Surface:
        """The dim band's picture: clear at its top, solid below ``fade`` px (kept per size)."""
        key = (tuple(size), fade)
        if self.__dict__.get("_band_key") != key:
            strip = pygame.Surface((1, size[1]), pygame.SRCALPHA)
            for y in range(size[1]):
                strip.set_at((0, y), (18, 15, 30, min(245, 245 * y // max(1, fade))))
            self._band_key, self._band = key, pygame.transform.scale(strip, size)
        return self._band

    def column_parts(self, i: int, col: pygame.Rect):
        """(the cat's box, the tableau's area, the rows' top, the rows' font size) of a column."""
        s = self.app.s
        inner = col.inflate(-2 * s(10), -2 * s(10))
        size = s(92)              # the sprite is wider than its size (the tail), the crown above it
        cat_box = pygame.Rect(inner.left, inner.top, size * 13 // 10, size + s(14))
        top = cat_box.bottom + s(8)
        # one size for every column's rows, their tops in line, so the columns read row by row (a
        # tie-break row below one Total made that column's rows smaller: stranger21c)
        room = (inner.bottom - top) // 2
        px = min((self.rows_height(k, inner.w, room)[0] for k in range(len(self.rows))), default=28)
        rows_h = max((self.rows_px_height(k, inner.w, px) for k in range(len(self.rows))), default=0)
        rows_top = inner.bottom - rows_h
        return cat_box, pygame.Rect(inner.left, top, inner.w, rows_top - s(8) - top), rows_top, px

    def draw_column(self, surface, i: int, col: pygame.Rect, parts, pic_w: int) -> None:
        """A seat's column: its cat, name and "Winner" tag, then what it ended with (its
        tableau), then where its result came from (its rows)."""
        app, s = self.app, self.app.s
        seat, won = self.feed.seats[i], i in self.winners
        self.boxes.add("piece", f"col{i}", col)
        surface.blit(panel(col.size, (40, 34, 62) if won else (28, 24, 44), s(16), max(2, s(3)),
                           P.LAMP if won else P.PANEL_EDGE, 0), col)
        inner = col.inflate(-2 * s(10), -2 * s(10))
        cat_box, area, rows_top, px = parts
        size = cat_box.h - s(14)
        if won:
            g = glow(s(120), P.LAMP, 120)
            surface.blit(g, g.get_rect(center=cat_box.center))
        pose = ("victorious" if won else "knocked_out" if i in self.out
                else "idle" if self.winners else "scared")
        drawn = draw_cat(surface, (cat_box.centerx, cat_box.bottom - size // 2 - s(2)), size, seat.coat, pose,
                         self.t + i)
        self.boxes.add("piece", f"col{i}/cat", drawn)
        plate = pygame.Rect(cat_box.right + s(6), inner.top + s(8), inner.right - cat_box.right - s(6), s(52))
        surface.blit(panel(plate.size, (70, 60, 30) if won else P.PANEL, s(14), max(2, s(3)),
                           P.LAMP if won else P.PANEL_EDGE, 0), plate)
        app.draw_text(surface, seat.name, app.fit_font(seat.name, 34, plate.w - s(14), 20),
                      P.LAMP_SOFT if won else P.CREAM, plate.center, "center", shadow=False)
        self.boxes.add("piece", f"col{i}/plate", plate)
        if won:                   # on a dim tag: the skyline's lit windows are the same yellow
            words = app.text(app.t("results.winner_tag"), app.fit_font(app.t("results.winner_tag"), 28,
                                                                       plate.w - s(20), 20), P.LAMP)
            tag = words.get_rect(midtop=(plate.centerx, plate.bottom + s(8))).inflate(s(20), s(4))
            surface.blit(panel(tag.size, (30, 26, 48), tag.h // 2, max(1, s(2)), P.LAMP, 0), tag)
            surface.blit(words, words.get_rect(center=tag.center))
            self.winner_tags[i] = tag
            self.boxes.add("piece", f"col{i}/tag", tag)
        self.draw_tableau(surface, i, area, pic_w)
        self.draw_rows(surface, i, pygame.Rect(inner.left, 0, inner.w, 0), rows_top, px)

    def draw_tableau(self, surface, i: int, area: pygame.Rect, pic_w: int) -> None:
        """What seat ``i`` ended with, pictures as large as the room allows (issue 21)."""
        app, s = self.app, self.app.s
        groups = self.kept[i]
        spots = place(groups, area, self.pictures, s, s(CAPTION.h), pic_w)
        self.shown[i] = []
        for g, ((words, _items), (caption, pics)) in enumerate(zip(groups, spots, strict=True)):
            box = Box(caption.w / app.scale, CAPTION.h, CAPTION.px, CAPTION.steps, CAPTION.min_px)
            drawn = fitted(self.boxes, app, surface, caption_text(app.t, words), box, P.LAMP_SOFT,
                           caption.topleft, "topleft", "left", shadow=False)
            self.boxes.add("piece", f"col{i}/caption{g}", drawn)
            if not pics and not isinstance(words, Summary):
                none = fitted(self.boxes, app, surface, app.t("results.tab.none"), box, P.PANEL_EDGE,
                              (caption.left, caption.bottom + s(3)), "topleft", "left", shadow=False)
                self.boxes.add("piece", f"col{i}/none{g}", none)
            for k, (rect, kind, item) in enumerate(pics):
                # the slot's width includes a framed trump's frame (its shape): the card is
                # asked for narrower, so the frame stays in the slot (the trump's frame met
                # "Winner": stranger40e), and the box logged is what was drawn, not the slot
                wide = self.pictures.shape(kind, item)[0]
                pic = self.pictures.make(kind, item, max(8, round(rect.w / wide)))
                drawn = pic.get_rect(center=rect.center)
                surface.blit(pic, drawn)
                self.boxes.add("piece", f"col{i}/pic{g}.{k}:{item}", drawn)
                self.slots[f"col{i}/pic{g}.{k}:{item}"] = rect
                self.shown[i].append((caption_key(words), kind, item))
