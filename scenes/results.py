"""Results: who won and how, every cat at the table, and what next — play again with the same
seats (the obvious action), a new setup, or the title screen."""

from __future__ import annotations

import random

import pygame

from game.art import palette as P
from game.art.cats import draw_cat
from game.art.draw import glow, panel
from game.play.match import new_session
from game.play.session import Seat
from game.runtime import logs
from game.ui.menu import MenuScene
from game.ui.textfit import Box, button_box, draw_fitted, register_boxes
from scenes.seat_setup import SeatSetupScene
from scenes.table.scores import ROW_LABEL, ROW_WIDE, breakdown, load_breakdowns
from scenes.tables import table_info
from scenes.title import TitleScene

HEADLINE = Box(1760, 130, 96, ("shrink",), min_px=48)
REASON = Box(1760, 60, 40)
TURNS = Box(1000, 46, 30)
AGAIN, OTHER = (520, 120, 50), (380, 96, 40)
register_boxes("results", {
    "results.wins": HEADLINE, "results.draw": HEADLINE, "results.reason.*": REASON, "results.turns": TURNS,
    "results.winner_tag": Box(250, 46, 30), "results.play_again": button_box(*AGAIN),
    "results.new_setup": button_box(*OTHER), "results.title_screen": button_box(*OTHER),
    "results.replay": button_box(*OTHER),
})
register_boxes("results", {"results.total": ROW_LABEL, "results.moves": ROW_LABEL})
load_breakdowns()             # each game's breakdown registers the boxes of its own rows


class ResultsScene(MenuScene):
    music = None            # the table's piece goes on under the win sting

    def __init__(self, app, session):
        super().__init__(app)
        self.session = session
        self.info = table_info(session.game_name)
        game = session.game
        self.winners = list(game.winners) if game is not None and game.over else []
        self.reason = game.end_reason if game is not None else None
        self.turns = game.turn if game is not None else 0
        self.out: set[int] = set()  # seats knocked out of the game (a sad cat)
        try:
            view = game.view(None) if game is not None else {}
            self.out = {int(x) for x in view.get("eliminated", []) if isinstance(x, int)}
        except Exception:  # an engine without that idea: nobody is shown knocked out
            self.out = set()
        self.rows = breakdown(session, app.t)      # where each seat's result came from
        self.row_boxes: dict[int, tuple] = {}      # seat -> (its box, its rows) as last drawn
        self.winner_tags: dict[int, pygame.Rect] = {}   # seat -> its "Winner" tag as last drawn

    def enter(self) -> None:
        super().enter()
        self.app.audio.play_sting(self.info.level or self.info.game)
        self.app.log.info(
            "game over: %s winners %s (%s) after %s turns, %s actions",
            self.session.game_name,
            self.winners,
            self.reason,
            self.turns,
            len(self.session.actions),
        )

    def layout(self) -> None:
        s = self.app.s
        cx = self.app.size[0] / self.app.scale / 2
        again = self.button(
            (cx - 465, 840, *AGAIN[:2]), "results.play_again", self.play_again, primary=True, px=AGAIN[2]
        )
        setup = self.button((cx - 875, 852, *OTHER[:2]), "results.new_setup", self.new_setup)
        replay = self.button((cx + 85, 852, *OTHER[:2]), "results.replay", self.watch_replay,
                             enabled=bool(self.session.actions))
        title = self.button((cx + 495, 852, *OTHER[:2]), "results.title_screen", self.to_title)
        self.set_widgets([setup, again, replay, title], focus=again if self.focus.focused is None else None)
        _ = s

    # ---- actions ---------------------------------------------------------------------------------
    def play_again(self) -> None:
        # seats on phones stay on phones: the new game has new codes to scan
        seats = [Seat(x.name, x.kind, x.level, x.coat, x.phone) for x in self.session.seats]
        session = new_session(self.session.game_name, seats, random.SystemRandom().randrange(1 << 31),
                              dict(self.session.options))
        self.app.log.info("new %s (play again): %s, seats %s", logs.game_ref(session), session.game_name,
                          [(s.name, s.kind, s.level) for s in seats])   # the seed only with --debug
        self.app.stack.replace(self.info.scene_class()(self.app, session))

    def watch_replay(self) -> None:
        """The whole game again, move by move, then back here (issue 21)."""
        from scenes.table.replay import replay_scene

        self.app.audio.play("ui_confirm")
        self.app.stack.push(replay_scene(self.app, self.session))

    def new_setup(self) -> None:
        below = self.app.stack.scenes[-2] if len(self.app.stack.scenes) >= 2 else None
        if isinstance(below, SeatSetupScene):
            self.app.stack.pop()
        else:
            self.app.stack.replace(SeatSetupScene(self.app, self.info, self.session.seats,
                                                  options=dict(self.session.options)))

    def to_title(self) -> None:
        self.app.stack.clear_to(TitleScene(self.app))

    def on_back(self) -> None:
        self.new_setup()

    # ---- frame -----------------------------------------------------------------------------------
    def headline(self) -> str:
        seats = self.session.seats
        if not self.winners:
            return self.app.t("results.draw")
        names = " & ".join(seats[i].name for i in self.winners)
        return self.app.t("results.wins", name=names)

    def reason_text(self) -> str:
        key = f"results.reason.{self.reason}"
        return self.app.t(key) if self.app.i18n.has(key) else self.app.t("results.reason.other")

    def draw_rows(self, surface, seat: int, column: pygame.Rect, top: int, bottom: int | None = None) -> None:
        """The seat's breakdown: label at the left, figure at the right (a figure too wide for
        that, like a card's name, goes on its own line under its label); the total stressed."""
        app, s = self.app, self.app.s
        rows = self.rows[seat] if seat < len(self.rows) else []
        pad = s(12)                       # words stay off the box's border (issue 21)
        room = column.w - s(ROW_LABEL.w) - 2 * pad
        for px in (28, 26, 24):           # a size whose rows all stand above the buttons
            font = app.font(px)
            lines = []                    # (label or None, value, total)
            for k, (label, value) in enumerate(rows):
                total = k == len(rows) - 1 and label == app.t("results.total")
                if font.size(value)[0] > room:
                    lines += [(label, None, total), (None, value, total)]
                else:
                    lines.append((label, value, total))
            # a row as tall as the font's line (the Total row was cut at the foot of the box)
            step = max(s(34), font.get_linesize() + s(4))
            if bottom is None or top + step * len(lines) + s(10) <= bottom:
                break
        if lines:
            back = pygame.Rect(column.x, top - s(7), column.w, step * len(lines) + s(14))
            self.row_boxes[seat] = (back, pygame.Rect(column.x, top, column.w, step * len(lines)))
            surface.blit(panel(back.size, (30, 26, 48), s(12), max(1, s(2)), P.PANEL_EDGE, 0), back)
        for k, (label, value, total) in enumerate(lines):
            y = top + k * step
            colour = P.LAMP_SOFT if total else P.CREAM
            if total:
                band = pygame.Rect(column.x + s(5), y, column.w - s(10), step)
                pygame.draw.rect(surface, (70, 60, 96), band, border_radius=s(8))
            if label is not None:
                box = ROW_WIDE if value is None else ROW_LABEL
                box = Box(box.w, box.h, px, box.steps, min(px, box.min_px))
                draw_fitted(app, surface, label, box, colour, (column.x + pad, y + s(2)), "topleft", "left",
                            shadow=False)
            if value:
                vfont = app.fit_font(value, px, column.w - 2 * pad, 24)
                app.draw_text(surface, value, vfont, colour, (column.right - pad, y + s(2)), "topright",
                              shadow=False)

    def draw(self, surface) -> None:
        app, s = self.app, self.app.s
        w, h = surface.get_size()
        self.draw_background(surface)
        head = self.headline()
        draw_fitted(app, surface, head, HEADLINE, P.LAMP, (w // 2, self.y(40)), "midtop")
        line = self.reason_text() + "  •  " + app.t("results.turns", n=self.turns)
        draw_fitted(app, surface, line, REASON, P.CREAM, (w // 2, self.y(170)), "midtop")
        seats = self.session.seats
        n = len(seats)
        slot = min(300, 1700 // max(1, n))
        x0 = w / 2 - s(slot) * (n - 1) / 2
        for i, seat in enumerate(seats):
            won = i in self.winners
            cx = int(x0 + s(slot) * i)
            base_y = self.y(425)
            if won:
                g = glow(s(220), P.LAMP, 150)
                surface.blit(g, g.get_rect(center=(cx, base_y - s(120))))
            size = s(180 if won else 150)
            draw_cat(
                surface,
                (cx, base_y - size // 2 - s(10)),
                size,
                seat.coat,
                "victorious"
                if won
                else ("knocked_out" if i in self.out else "idle" if self.winners else "scared"),
                self.t + i,
            )
            plate = pygame.Rect(0, 0, s(slot - 24), s(64))
            plate.midtop = (cx, base_y + s(10))
            surface.blit(
                panel(
                    plate.size,
                    (70, 60, 30) if won else P.PANEL,
                    s(16),
                    max(2, s(3)),
                    P.LAMP if won else P.PANEL_EDGE,
                    0,
                ),
                plate,
            )
            app.draw_text(
                surface,
                seat.name,
                app.fit_font(seat.name, 36, plate.w - s(16), 28),
                P.LAMP_SOFT if won else P.CREAM,
                plate.center,
                "center",
                shadow=False,
            )
            if won:                   # on a dim tag: the skyline's lit windows are the same yellow
                words = app.text(app.t("results.winner_tag"), app.font(30), P.LAMP)
                tag = words.get_rect(midtop=(cx, plate.bottom + s(4))).inflate(s(28), s(4))
                surface.blit(panel(tag.size, (30, 26, 48), tag.h // 2, max(1, s(2)), P.LAMP, 0), tag)
                surface.blit(words, words.get_rect(center=tag.center))
                self.winner_tags[i] = tag
            buttons = min((b.rect.y for b in self.widgets), default=h)
            self.draw_rows(surface, i, plate.inflate(-s(8), 0), plate.bottom + s(60), buttons - s(12))
        self.draw_widgets(surface)
        self.draw_hints(surface)
