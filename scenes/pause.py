"""Pause (an overlay over a table): resume, rules, settings, quit to title. The table below is
drawn but not updated, so nothing moves while paused."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.ui.menu import OverlayMenu, title_box
from game.ui.textfit import Box, button_box, draw_fitted, register_boxes
from scenes.rules_help import RulesHelpScene
from scenes.settings import SettingsScene
from scenes.title import TitleScene

BUTTON = (560, 104, 44)
COMPACT = (560, 88, 40)       # the buttons when six do not fit at full height (a phone seat's "Phones")
ROOM = 14                     # design px kept clear above the panel and above the hints bar
WHERE = Box(680, 44, 30, ("shrink",), min_px=24)          # which game, which turn
KEPT = Box(680, 70, 26, ("shrink", "wrap"), min_px=22)      # quitting loses nothing
register_boxes("pause", {"pause.title": title_box(760, 64), "pause.where": WHERE, "pause.where_turn": WHERE,
                         "pause.kept": KEPT, "pause.lesson_quit": KEPT, "pause.lesson_kept": KEPT,
                         **{k: button_box(*COMPACT)          # the smaller of the two button sizes
                            for k in ("pause.resume", "pause.rules", "pause.settings", "pause.quit",
                                      "pause.seats", "learn.menu")}})



class PauseScene(OverlayMenu):
    panel_size = (760, 760)
    hush_music = True
    hints = [("move", "hint.move"), ("confirm", "hint.select"), ("back", "pause.resume")]

    def __init__(self, app, table_scene):
        super().__init__(app)
        self.table_scene = table_scene

    @property
    def game_name(self) -> str | None:
        feed = getattr(self.table_scene, "feed", None)
        return getattr(feed, "game_name", None)

    def layout(self) -> None:
        s = self.app.s
        items = [("pause.resume", self.on_back, True), ("pause.rules", self.open_rules, False),
                 ("pause.settings", self.open_settings, False), ("pause.quit", self.quit_to_title, False)]
        if self.can_learn():
            items.insert(2, ("learn.menu", self.learn, False))
        if self.seats_movable():
            items.insert(1, ("pause.seats", self.open_phones, False))
        top = 168 + (48 if self.where_text() else 0)          # under the title and the game's line
        foot = 98                                             # the note under the buttons
        size, gap = BUTTON, 130
        room = self.app.size[1] / self.app.scale - 78 - 2 * ROOM      # above the hints bar
        if top + (len(items) - 1) * gap + size[1] + foot > room:      # issue 21: six ran off the top
            size = COMPACT
            gap = max(size[1] + 12, (room - top - foot - size[1]) / (len(items) - 1))
        self.panel_size = (760, round(top + (len(items) - 1) * gap + size[1] + foot))
        p = self.panel_rect()
        buttons = []
        for i, (label, action, primary) in enumerate(items):
            b = self.button((0, 0, *size[:2]), label, action, primary=primary, px=size[2])
            b.rect.midtop = (p.centerx, p.y + s(top) + round(i * s(gap)))
            buttons.append(b)
        self.set_widgets(buttons, focus=buttons[0] if self.focus.focused is None else None)

    def on_help(self) -> bool:
        self.open_rules()
        return True

    def handle(self, intent) -> None:
        if intent.kind == "pause":
            self.app.audio.play("ui_back")
            self.on_back()
            return
        super().handle(intent)

    def can_learn(self) -> bool:
        """A table with a lesson, not itself a lesson: "Learn to play" opens it over the game."""
        from scenes.table.lesson import LessonTable, table_lessons

        table = self.table_scene
        return (bool(self.game_name) and not isinstance(table, LessonTable)
                and bool(table_lessons(self.app, self.game_name)))

    def learn(self) -> None:
        from scenes.table.lesson import open_lesson

        self.app.stack.pop()                 # the pause; the lesson comes back to the game
        open_lesson(self.app, self.game_name, back_to=self.table_scene)

    def open_rules(self) -> None:
        if self.game_name:
            self.app.stack.push(RulesHelpScene(self.app, self.game_name))

    def seats_movable(self) -> bool:
        """A game with people in it (not a demo, a lesson or a replay): who plays each seat may
        change (at the table, on a phone, a computer cat)."""
        from scenes.table.lesson import LessonTable
        from scenes.table.replay import ReplayTable

        t = self.table_scene
        feed = getattr(t, "feed", None)
        return (feed is not None and not feed.over and not getattr(t, "attract", False)
                and not isinstance(t, (LessonTable, ReplayTable))
                and bool(getattr(t, "started_people", feed.people)))

    def open_phones(self) -> None:
        from scenes.phones_menu import PhonesScene

        self.app.stack.push(PhonesScene(self.app, self.table_scene))

    def open_settings(self) -> None:
        self.app.stack.push(SettingsScene(self.app))

    def quit_to_title(self) -> None:
        people = self.people_playing()
        if not people:
            self.app.stack.clear_to(TitleScene(self.app))
            return
        from scenes.ask import AskScene

        # several people lose their game to one press (the game is kept, but they are sent away)
        names = self.app.t("tiger.join").join(self.table_scene.seat_name(s) for s in people)
        self.app.stack.push(AskScene(self.app, "ask.quit_game", "pause.quit",
                                     lambda: self.app.stack.clear_to(TitleScene(self.app)), names=names))

    def people_playing(self) -> list[int]:
        """The people still in this game when at least two play it: quitting is asked of them."""
        if not self.seats_movable():
            return []
        feed = self.table_scene.feed
        people = [s for s in feed.people if feed.playing(s)]
        return people if len(people) > 1 else []

    def kept(self) -> bool:
        """The game goes on from the title's "Continue" (not a lesson's, nor in kiosk mode, which
        resumes by itself): the pause says so, so quitting does not look like losing it."""
        from scenes.table.lesson import LessonTable

        return (not self.app.kiosk and getattr(self.table_scene, "feed", None) is not None
                and not isinstance(self.table_scene, LessonTable)
                and not getattr(self.table_scene, "attract", False))

    def note(self) -> str | None:
        """The line under the buttons: what quitting does. A game: it is kept. A lesson (issue
        21: quitting one said nothing): the lesson ends unsaved; the game it was opened over, if
        any, is kept for the title's "Continue" (which brings back that game, never the lesson)."""
        from scenes.table.lesson import LessonTable

        if self.kept():
            return "pause.kept"
        if not isinstance(self.table_scene, LessonTable):
            return None
        under = getattr(self.table_scene, "back_to", None)
        if under is not None and PauseScene(self.app, under).kept():
            return "pause.lesson_kept"
        return "pause.lesson_quit"

    def where_text(self) -> str | None:
        game = getattr(self.table_scene, "feed", None)
        if not self.game_name or game is None:
            return None
        from scenes.table.lesson import LessonTable
        from scenes.tables import table_info

        name = self.app.t(table_info(self.game_name).title_key)
        if isinstance(self.table_scene, LessonTable):      # a lesson, not a game at turn N
            return self.app.t("pause.where_turn", game=name, turn=self.app.t("learn.menu"))
        # a table that counts turns its own way ("Turn 2 of 5") gives its words: one count on screen;
        # a table that shows its match's progress in lines ("Round 1", "First to 10 points") gives
        # the first of them (issue 21: the pause said "turn 1" under a table saying "Round 1")
        turn_words = getattr(self.table_scene, "turn_words", None)
        words = turn_words() if callable(turn_words) else None
        match_lines = getattr(self.table_scene, "match_lines", None)
        if not words and callable(match_lines):
            words = next(iter(match_lines()), None)
        if words:
            return self.app.t("pause.where_turn", game=name, turn=words)
        return self.app.t("pause.where", game=name, n=game.turn + 1)

    def hides_table(self) -> bool:
        """Hot seat (more than one person at this table): the pause covers the table whole, so a
        table left paused shows no one's hand to whoever walks up (the curtain's promise)."""
        return len(getattr(self.table_scene, "humans", ()) or ()) > 1

    def draw_background(self, surface) -> None:
        # the table goes to a shadow behind the panel: at the menus' usual dim the tops of the
        # hand's cards still read below the panel and pulled the eye from the menu (stranger 8)
        if self.hides_table():
            surface.fill(P.NIGHT)
        else:
            surface.fill(P.PAUSE_DIM, special_flags=pygame.BLEND_RGB_MULT)
        super().draw_background(surface)

    def draw(self, surface) -> None:
        app, s = self.app, self.app.s
        self.draw_background(surface)
        p = self.panel_rect()
        drawn = {"panel": p, "title": self.draw_title(surface, app.t("pause.title"), px=64)}
        where = self.where_text()
        if where:
            drawn["where"] = draw_fitted(app, surface, where, WHERE, P.CREAM, (p.centerx, p.y + s(136)),
                                         "midtop")
        note = self.note()
        if note:
            last = max(w.rect.bottom for w in self.widgets)
            drawn["note"] = draw_fitted(app, surface, app.t(note), KEPT, P.LAMP_SOFT,
                                        (p.centerx, last + s(16)), "midtop")
        self.draw_widgets(surface)
        self.drawn = {**drawn, **{w.label: w.rect for w in self.widgets}}   # for the overlap audit
        self.draw_hints(surface)
