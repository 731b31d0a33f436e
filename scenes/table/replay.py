"""Watch a finished game again, from the results screen (issue 21), written once for every table.

``replay_scene(app, record)`` builds the game's own table class with ``ReplayTable`` put in front
of it (as the lessons do): a fresh game of the same seed, options and setup, every seat played by
the recorded log, one action at the computer cats' pace (a press hurries the animation as ever).
Nobody at the screen holds a seat, so no hand is anyone's and the tools stay off; Esc or the end
go back to the results. A replay is never saved nor recorded (``game.play.watch``).
"""
from __future__ import annotations

from game.play.session import GameSession, Seat

_CLASSES: dict[type, type] = {}


def replay_session(record: dict) -> GameSession:
    """A new session of the recorded game at its start (``record``: a replay, as
    ``GameSession.to_replay`` writes it): same seats (all played by the log), seed, options and
    setup."""
    seats = [Seat(s["name"], "bot", s.get("level") or "heuristic", s.get("coat", "tabby"))
             for s in record["seats"]]
    return GameSession(record["game"], seats, record["seed"], dict(record.get("options") or {}),
                       dict(record.get("setup") or {}), origin=record.get("origin"))


def replay_scene(app, record: dict):
    from scenes.tables import table_info

    table_cls = table_info(record["game"]).scene_class()
    cls = _CLASSES.get(table_cls)
    if cls is None:
        cls = _CLASSES[table_cls] = type(f"Replay{table_cls.__name__}", (ReplayTable, table_cls), {})
    return cls(app, replay_session(record), script=list(record["actions"]))


class ReplayTable:
    """Put in front of a game's table class (``replay_scene`` does it)."""

    def __init__(self, app, session, script: list[str]):
        self.replay = script                 # the recorded actions, in order
        self.replay_at = 0
        self.replay_wait = 0.0
        super().__init__(app, session)
        self.feed.computer_off()             # nobody thinks: the log plays every seat

    def advance(self, dt: float) -> None:
        if self.feed.over or self.replay_at >= len(self.replay):
            super().advance(dt)              # the end, as in a game
            return
        self.replay_wait += dt
        if self.replay_wait >= self.bot_pace[0] * self.app.settings.bot_pace * self.app.settings.speed_factor:
            self.replay_wait = 0.0
            action = self.replay[self.replay_at]
            self.replay_at += 1
            self.apply(action)

    def end(self) -> None:
        """Back to the results it was opened from."""
        self.finished = True
        self.app.stack.pop()

    def pause(self) -> None:
        self.app.audio.play("ui_back")
        self.finished = True
        self.app.stack.pop()
