"""Keeps the autosave and the session records in step with whatever game is on the scene stack.

Table scenes know nothing about saving: every frame the watcher looks for the topmost scene that
holds a running game (a table's ``feed``, whose session only the play layer's keepers take:
``kept_session``; a scene of its own may hold a ``session``; the attract wrapper exposes its demo
table's feed the same way) and attaches the autosave and a records row (attract demos marked as
such) to it. When that game leaves the stack unfinished it is recorded as abandoned (or as an
idle reset, when the kiosk's "Still there?" ran out), and in kiosk mode its save is removed, so a
later crash does not bring back a game the players walked away from. Outside kiosk mode the save
stays for the title's "Continue".
"""
from __future__ import annotations

import logging

from game.play import records as records_mod
from game.play import saves
from game.play.feed import TableFeed, kept_session
from game.play.session import GameSession


def running_session(stack) -> tuple[GameSession | None, object | None]:
    """The topmost unfinished session on the stack and the scene holding it."""
    for scene in reversed(stack.scenes):
        if getattr(scene, "lesson", None) is not None or getattr(scene, "replay", None) is not None:
            continue                # a guided lesson or a replay (scenes/table/): never saved or recorded
        feed = getattr(scene, "feed", None)
        session = kept_session(feed) if isinstance(feed, TableFeed) else getattr(scene, "session", None)
        if isinstance(session, GameSession) and not session.game.over:
            return session, scene
    return None, None


class SessionWatcher:
    def __init__(self, app, home=None, kiosk: bool = False, log: logging.Logger | None = None,
                 records: records_mod.Records | None = None):
        self.app = app
        self.kiosk = kiosk
        self.log = log or logging.getLogger("meowcade.kiosk")
        self.autosave = saves.Autosave(saves.save_path(home), self.log)
        self.records = records if records is not None else records_mod.Records(
            records_mod.db_path(home), self.log)
        self.recorder = records_mod.SessionRecorder(self.records)
        self.session: GameSession | None = None
        self.next_outcome = "abandoned"
        # the people's game left in the save keeps its records row when it is resumed (kiosk
        # restart or the title's "Continue"); rows left open by any other game are closed
        self.saved: tuple | None = None
        loaded = saves.load(self.autosave.path, self.log)
        if loaded is not None and loaded[1].get("record_id") is not None:
            self.saved = (loaded[0].game_name, loaded[0].seed, loaded[1]["record_id"])
        self.records.close_open("abandoned", keep=self.saved[2] if self.saved else None)

    def end_current(self, outcome: str) -> None:
        """The next time the current game leaves the stack, record it as ``outcome`` ("idle")."""
        self.next_outcome = outcome

    def update(self, dt: float = 0.0) -> None:
        session, scene = running_session(self.app.stack)
        if session is self.session:
            return
        old = self.session
        if old is not None:
            if not old.game.over:
                self.recorder.end(self.next_outcome)
                if self.kiosk or self.next_outcome == "idle":
                    self.autosave.detach(remove=True)
                else:
                    self.autosave.detach()
            else:
                self.recorder.end("won")
                self.autosave.detach()
        self.next_outcome = "abandoned"
        self.session = session
        if session is None:
            return
        attract = bool(getattr(scene, "attract", False) or getattr(scene, "is_attract", False))
        resumed = None
        if self.saved and self.saved[:2] == (session.game_name, session.seed):
            resumed, self.saved = self.saved[2], None
        record_id = self.recorder.begin(session, resumed, attract=attract)   # demos in their own column
        self.autosave.attach(session, attract=attract, record_id=record_id)

    def close(self) -> None:
        """Shutting down: the game in progress stays saved (and its row open) for a resume."""
        self.autosave.detach()
        self.recorder.session = None
        self.records.close()
