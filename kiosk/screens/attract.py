"""Attract mode: computer cats play the tables in rotation while nobody is at the kiosk.

The scene wraps one table scene at a time, built exactly as a game would be
(``Table(app, session, attract=True)``) with all-bot seats; the table runs its bots at a lively pace
and sets ``finished = True`` at the end, then the next table in ``available_tables()`` order follows
after a short pause — a table added to ``scenes/tables.py`` joins the rotation by itself. A caption
per table and "press any button, click or tap to play" are drawn on top.

Any intent goes back to the title and does nothing else: the table never sees it, and a pointer
press that woke the kiosk is held back until it is released, so its click does not land on the
title either.
"""
from __future__ import annotations

import math
import random

import pygame

from game.art import palette as P
from game.art.draw import panel
from game.bots.base import bot_names
from game.play.match import new_session
from game.play.session import GameSession, Seat
from game.runtime.scene import Scene
from kiosk import look
from scenes.table.lesson import open_lesson, table_lessons
from scenes.tables import available_tables
from scenes.title import TitleScene

CAT_NAMES = ("Mochi", "Tofu", "Boba", "Miso", "Taro", "Yuzu", "Sesame", "Dumpling")
COATS = ("tabby", "calico", "tuxedo", "siamese", "black", "ginger")
LINGER = 4.0              # seconds the finished table stays up before the next one
MAX_GAME_SECONDS = 480.0  # a demo game that runs longer than this gives way to the next table
MAX_PLAYERS = 4           # demo games stay short and readable
MAX_FAILURES = 3          # a table that failed this often in attract mode leaves the rotation
WAKE_DISTANCE = 24        # design px the mouse must move to wake the kiosk (a click always does)


class AttractScene(Scene):
    kiosk_screen = True      # the kiosk never idle-resets its own screens
    attract = True
    dirty_redraw = True      # a 4K kiosk redraws only what moved: the table and corners are all art
                             # from the caches (game/runtime/dirty.py)
    rotation = 0             # next table in the rotation, shared by every attract scene of a run
    games_completed = 0      # demo games that reached their end (soak figure)
    errors = 0               # table scenes that raised and were skipped (soak / monkey figure)
    failures: dict = {}      # game -> times its table failed here; at MAX_FAILURES it sits out

    def __init__(self, app, resume: GameSession | None = None, seed: int | None = None):
        super().__init__(app)
        self.rng = random.Random(seed)
        self.resume = resume
        self.table = None            # the wrapped table scene
        self.info = None             # its TableInfo
        self.elapsed = 0.0           # seconds of the current demo game
        self.linger = 0.0            # counting down once the demo game finished
        self.leaving = False
        self.leave_after = 0.0       # waiting for a pointer release before the title
        self.t = 0.0
        self.shown: list[str] = []   # games shown by this scene, in order (tests)
        self.pointer_home = None     # where the pointer rested when attract first heard of it

    # ---- the rotation ------------------------------------------------------------------------------
    @staticmethod
    def tables():
        return available_tables()

    def _new_session(self, info) -> GameSession:
        low, high = info.players
        players = self.rng.randint(low, max(low, min(high, MAX_PLAYERS)))
        names = self.rng.sample(CAT_NAMES, players)
        coats = self.rng.sample(COATS, players) if players <= len(COATS) else [
            COATS[i % len(COATS)] for i in range(players)]
        levels = bot_names(info.game)
        level = levels[1] if len(levels) > 1 else (levels[0] if levels else "random")
        seats = [Seat(names[i], "bot", level, coats[i]) for i in range(players)]
        return new_session(info.game, seats, self.rng.randrange(1, 2**31))   # game 0 of its seed

    def _start_next(self) -> None:
        self._stop_table()
        every = self.tables()
        tables = [t for t in every if AttractScene.failures.get(t.game, 0) < MAX_FAILURES] or every
        if not tables:
            return
        session, self.resume = self.resume, None
        info = None
        if session is not None:
            info = next((t for t in tables if t.game == session.game_name), None)
            if info is not None:
                AttractScene.rotation = tables.index(info) + 1
        if info is None:
            session = None
            info = tables[AttractScene.rotation % len(tables)]
            AttractScene.rotation += 1
        try:
            if session is None:
                session = self._new_session(info)
            table = info.scene_class()(self.app, session, attract=True)
            table.enter()
        except Exception:
            self._failed(info, "could not start")
            return
        self.table, self.info = table, info
        self.elapsed = self.linger = 0.0
        self.shown.append(info.game)
        self.app.log.info("attract: %s, %d cats", info.game, len(session.seats))

    def _stop_table(self) -> None:
        table, self.table = self.table, None
        if table is not None:
            try:
                table.exit()
            except Exception:
                self.app.log.exception("attract: %s table exit failed", self.info.game if self.info else "?")

    def _failed(self, info, what: str) -> None:
        AttractScene.errors += 1
        if info is not None:
            AttractScene.failures[info.game] = AttractScene.failures.get(info.game, 0) + 1
            if AttractScene.failures[info.game] == MAX_FAILURES:
                self.app.log.error("attract: %s failed %d times; it leaves the rotation until a restart",
                                   info.game, MAX_FAILURES)
        self.app.log.exception("attract: %s %s; going on with the next table",
                               info.game if info else "table", what)
        self._stop_table()
        self.linger = LINGER            # try the next table after the usual pause

    @property
    def feed(self):
        """The demo game on screen, its table's feed (the kiosk autosaves it, marked as attract)."""
        return getattr(self.table, "feed", None)

    # ---- scene -------------------------------------------------------------------------------------
    def enter(self) -> None:
        controller = getattr(self.app, "kiosk_controller", None)
        if controller is not None:
            controller.restore_visitor_settings()     # the next visitor starts from the operator's
        self.app.audio.play("attract_jingle")
        self._start_next()

    def exit(self) -> None:
        self._stop_table()

    def layout(self) -> None:
        relayout = getattr(self.table, "layout", None)
        if relayout:
            relayout()

    learn_rect = None

    def handle(self, intent) -> None:
        if intent.kind == "alt" or (intent.kind == "click" and self.learn_rect is not None
                                    and self.learn_rect.collidepoint(intent.pos)):
            self._learn()
            return
        if self.leaving:
            if intent.kind in ("click", "drag_end"):
                self._to_title()
            return
        if intent.kind == "point" and not self._pointer_moved(intent.pos):
            return                      # a window appearing under a resting pointer is not a visitor
        self.leaving = True
        pressed = getattr(self.app.input, "_press", None) is not None
        if intent.kind in ("point", "drag_start", "drag") and pressed:
            self.leave_after = 2.0     # hold on until the press ends (its click is swallowed)
        else:
            self._to_title()

    def _pointer_moved(self, pos) -> bool:
        """Has the pointer really moved (``WAKE_DISTANCE`` design px from where attract first saw it)?
        SDL reports the resting pointer when a window opens or gains focus."""
        if pos is None:
            return True
        if self.pointer_home is None:
            self.pointer_home = pos
            return False
        dx, dy = pos[0] - self.pointer_home[0], pos[1] - self.pointer_home[1]
        return dx * dx + dy * dy >= self.app.s(WAKE_DISTANCE) ** 2

    def _learn(self) -> None:
        """Learn in 2 minutes: the guided game of the table on show (else of the first table
        that has one), over the title."""
        games = ([self.info.game] if self.info is not None else []) + [i.game for i in self.tables()]
        game = next((g for g in games if table_lessons(self.app, g)), None)
        self.app.stack.clear_to(TitleScene(self.app))
        if game is not None:
            open_lesson(self.app, game)

    def _to_title(self) -> None:
        self.leave_after = 0.0
        self.app.stack.clear_to(TitleScene(self.app))

    def update(self, dt: float) -> None:
        self.t += dt
        if self.leaving:
            if self.leave_after > 0:
                self.leave_after -= dt
                if self.leave_after <= 0 or getattr(self.app.input, "_press", 1) is None:
                    self._to_title()
            return
        if self.table is None:
            self.linger -= dt
            if self.linger <= 0:
                self._start_next()
            return
        try:
            self.table.update(dt)
        except Exception:
            self._failed(self.info, "raised during update")
            return
        self.elapsed += dt
        if getattr(self.table, "finished", False):
            if self.linger <= 0:
                AttractScene.games_completed += 1
                self.linger = LINGER
            else:
                self.linger -= dt
                if self.linger <= 0:
                    self._start_next()
        elif self.elapsed > MAX_GAME_SECONDS:
            self.app.log.info("attract: %s demo ran %.0f s; next table", self.info.game, self.elapsed)
            self._start_next()

    def draw(self, surface) -> None:
        app = self.app
        if self.table is not None:
            try:
                self.table.draw(surface)
            except Exception:
                self._failed(self.info, "raised while drawing")
        if self.table is None:
            surface.fill(P.NIGHT)
            app.draw_text(surface, app.t("kiosk.attract.next"), app.font(56), P.CREAM,
                          surface.get_rect().center, "center")
        margin = app.s(28)
        w, h = surface.get_size()
        # the table's name and caption in the top-left corner, the call to action in the
        # bottom-right one: the tables keep seats and hands away from those corners
        if self.info is not None:
            title, caption = app.t(self.info.title_key), app.t(self.info.caption_key)
            inner = app.s(330)
            tfont = app.fit_font(title, 46, inner)
            cfont = app.fit_font(caption, 30, inner)
            tw = max(tfont.size(title)[0], cfont.size(caption)[0]) + app.s(56)
            band = pygame.Rect(margin, margin, tw, app.s(124))
            surface.blit(panel(band.size, P.NIGHT_2, app.s(26), max(2, app.s(4)), P.PANEL_EDGE, app.s(8)),
                         band)
            app.draw_text(surface, title, tfont, P.LAMP, (band.left + app.s(28), band.top + app.s(12)))
            app.draw_text(surface, caption, cfont, P.CREAM, (band.left + app.s(28), band.bottom - app.s(14)),
                          "bottomleft")
        pulse = 0.5 + 0.5 * math.sin(self.t * 3.2)
        press = look.call_to_action(surface, app, app.t("kiosk.attract.press"), (w - margin, h - margin),
                                    app.s(330), 36, pulse)
        # "Learn in 2 minutes" (scenes/table/lesson.py): a tap on it, or X, starts a guided game
        self.learn_rect = look.call_to_action(surface, app, app.t("learn.attract"),
                                              (w - margin, press.top - app.s(16)), app.s(330), 30)
