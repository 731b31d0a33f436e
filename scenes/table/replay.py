"""Watch a finished game again, written once for every table: from the results screen ("Watch
replay") and from ``./meowcade replay FILE --watch`` (a replay file, e.g. ``simulate --export``).

``replay_scene(app, record)`` builds the game's own table class with ``ReplayTable`` put in front
of it (as the lessons do): a fresh game of the same seed, options and setup, every seat played by
the recorded log, one action at the computer cats' pace (a press hurries the animation as ever).
Nobody at the screen holds a seat, so no hand is anyone's and the tools stay off. A replay is
never saved nor recorded (``game.play.watch``).

The controls (a bar at the bottom says them, shown while paused and for a few seconds after any
press; keys, a pad or the bar's buttons with a mouse):
confirm (Space, Enter, A) pauses and plays; right steps one move on (and pauses); left goes one
move back; up / down play faster / slower; Shift+Tab / Tab (a pad's shoulders, the bar's << and
>>) seek a tenth of the game back / on. Going back rebuilds the table at that move: the rules
cannot run backwards, so the log is played again from the start up to it. Esc or the end leave.
"""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.play.session import GameSession, Seat

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0)
BAR_SECONDS = 4.0     # the bar stays this long after a press while the game plays (always when paused)
BAR_H = 64            # design px
TEXT_PX = 26
_CLASSES: dict[type, type] = {}


def replay_session(record: dict) -> GameSession:
    """A new session of the recorded game at its start (``record``: a replay, as
    ``GameSession.to_replay`` writes it): same seats (all played by the log), seed, options and
    setup."""
    seats = [Seat(s["name"], "bot", s.get("level") or "heuristic", s.get("coat", "tabby"))
             for s in record["seats"]]
    return GameSession(record["game"], seats, record["seed"], dict(record.get("options") or {}),
                       dict(record.get("setup") or {}), origin=record.get("origin"))


def replay_scene(app, source, at: int = 0, speed: float = 1.0, paused: bool = False,
                 leave=None):
    """The table of a recorded game (``source``: a replay record, as ``GameSession.to_replay``
    writes it, or a session) replaying its log from move ``at``. ``leave``: what the end and Esc
    do (default: back to the scene below)."""
    record = source.to_replay() if hasattr(source, "to_replay") else source
    from scenes.tables import table_info

    table_cls = table_info(record["game"]).scene_class()
    cls = _CLASSES.get(table_cls)
    if cls is None:
        cls = _CLASSES[table_cls] = type(f"Replay{table_cls.__name__}", (ReplayTable, table_cls), {})
    start = replay_session(record)
    script = list(record["actions"])
    for action in script[:at]:          # a seek: the log played up to that move
        start.apply(action)
    return cls(app, start, script=script, at=at, speed=speed, paused=paused, source=record, leave=leave)


class ReplayTable:
    """Put in front of a game's table class (``replay_scene`` does it)."""

    def __init__(self, app, session, script: list[str], at: int = 0, speed: float = 1.0,
                 paused: bool = False, source=None, leave=None):
        self.replay = script                 # the recorded actions, in order
        self.replay_at = at
        self.replay_wait = 0.0
        self.replay_speed = speed
        self.replay_paused = paused
        self.replay_steps = 0                # moves asked for one by one while paused
        self.replay_source = source
        self.replay_leave = leave
        self.replay_buttons: list[tuple[str, pygame.Rect]] = []
        self.replay_bar_until = BAR_SECONDS       # scene time the bar shows until while playing
        super().__init__(app, session)
        self.feed.computer_off()             # nobody thinks: the log plays every seat

    # ---- playing ------------------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        if self.feed.over or self.replay_at >= len(self.replay):
            if not self.replay_paused:
                super().advance(dt)          # the end, as in a game
            return
        if self.replay_paused:
            if self.replay_steps:
                self.replay_steps -= 1
                self.replay_next()
            return
        self.replay_wait += dt * self.replay_speed
        if self.replay_wait >= self.bot_pace[0] * self.app.settings.bot_pace * self.app.settings.speed_factor:
            self.replay_wait = 0.0
            self.replay_next()

    def replay_next(self) -> None:
        action = self.replay[self.replay_at]
        self.replay_at += 1
        self.apply(action)

    def replay_seek(self, at: int) -> None:
        """Show the table at move ``at`` (paused): a new table with the log played up to there."""
        at = max(0, min(len(self.replay), at))
        if at == self.replay_at or self.replay_source is None:
            return
        self.app.stack.replace(replay_scene(self.app, self.replay_source, at, self.replay_speed, True,
                                            self.replay_leave))

    def replay_faster(self, step: int) -> None:
        i = min(range(len(SPEEDS)), key=lambda k: abs(SPEEDS[k] - self.replay_speed))
        self.replay_speed = SPEEDS[max(0, min(len(SPEEDS) - 1, i + step))]

    def replay_control(self, name: str) -> None:
        tenth = max(1, len(self.replay) // 10)
        if name == "play":
            self.replay_paused = not self.replay_paused
            self.replay_wait = 0.0
        elif name == "step":
            self.replay_paused = True
            if self.presenter.busy:
                self.presenter.skip()
            self.replay_steps += 1
        elif name == "back":
            self.replay_seek(self.replay_at - 1)
        elif name == "faster":
            self.replay_faster(1)
        elif name == "slower":
            self.replay_faster(-1)
        elif name == "seek_back":
            self.replay_seek(self.replay_at - tenth)
        elif name == "seek_on":
            self.replay_seek(self.replay_at + tenth)

    # ---- input --------------------------------------------------------------------------------
    def handle_first(self, intent) -> bool:
        kind = intent.kind
        self.replay_bar_until = self.time + BAR_SECONDS     # any touch brings the bar back
        if kind == "click" and intent.pos is not None:
            for name, rect in self.replay_buttons:
                if rect.collidepoint(intent.pos):
                    self.replay_control(name)
                    return True
            return False
        if kind == "confirm":
            self.replay_control("play")
            return True
        if kind == "move":
            self.replay_control({"right": "step", "left": "back", "up": "faster",
                                 "down": "slower"}[intent.direction])
            return True
        if kind in ("prev", "next"):
            self.replay_control("seek_back" if kind == "prev" else "seek_on")
            return True
        return super().handle_first(intent)

    def end(self) -> None:
        self.finished = True
        self.leave_replay()

    def pause(self) -> None:
        self.app.audio.play("ui_back")
        self.finished = True
        self.leave_replay()

    def leave_replay(self) -> None:
        """Back to where it was opened from (the results), or out (the command line's watch)."""
        if self.replay_leave is not None:
            self.replay_leave()
        else:
            self.app.stack.pop()

    # ---- the bar ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        super().draw(surface)
        if self.replay_paused or self.time < self.replay_bar_until:
            self.draw_replay_bar(surface)
        else:                    # it covers the bottom seat while the game plays: out of the way
            self.replay_buttons = []

    def draw_replay_bar(self, surface) -> None:
        s, t = self.app.s, self.app.t
        w, h = surface.get_size()
        bar = pygame.Rect(0, h - s(BAR_H), w, s(BAR_H))
        shade = pygame.Surface(bar.size, pygame.SRCALPHA)
        shade.fill((20, 16, 36, 215))
        surface.blit(shade, bar)
        font = self.app.font(TEXT_PX)
        state = t("replay.paused") if self.replay_paused else t("replay.playing")
        status = t("replay.status", state=state, at=self.replay_at, total=len(self.replay),
                   speed=f"{self.replay_speed:g}")
        x = bar.x + s(24)
        self.replay_buttons = []
        play = ">" if self.replay_paused else "||"
        for name, label in (("seek_back", "<<"), ("back", "<"), ("play", play), ("step", ">|"),
                            ("seek_on", ">>"), ("slower", "-"), ("faster", "+")):
            rect = pygame.Rect(x, bar.y + s(8), s(64), bar.h - s(16))
            pygame.draw.rect(surface, (60, 52, 92), rect, border_radius=s(10))
            self.app.draw_text(surface, label, font, P.CREAM, rect.center, "center", shadow=False)
            self.replay_buttons.append((name, rect))
            x = rect.right + s(8)
        # the fraction of the game played, under the buttons' row
        track = pygame.Rect(bar.x, bar.y, w, max(2, s(5)))
        pygame.draw.rect(surface, (60, 52, 92), track)
        done = track.copy()
        done.w = int(w * self.replay_at / max(1, len(self.replay)))
        pygame.draw.rect(surface, P.LAMP, done)
        self.app.draw_text(surface, status + "   " + t("replay.keys"), font, P.CREAM,
                           (x + s(16), bar.centery), "midleft", shadow=False)
