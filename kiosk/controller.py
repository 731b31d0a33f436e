"""The kiosk inside the game process: one frame hook (``app.frame_hooks``) that

- keeps the autosave and session records attached to the game on screen (``SessionWatcher``),
- starts attract mode after ``attract_delay`` s idle on the title, and "Still there?" after
  ``idle_reset`` s idle anywhere people play (``IdleRules``),
- opens the admin hold / PIN screens when Esc or Start+Back is held,
- hides the mouse cursor until the mouse is used (and again after a few quiet seconds),
- writes the supervisor's "on screen" file once the first frame has been shown.

Quitting is locked by ``App(kiosk=True)`` itself (``app.quit()`` refuses; only ``force`` quits),
so window close, Alt+F4 and Esc do nothing; ``quit_to_desktop`` is the admin menu's way out.
"""
from __future__ import annotations

import logging
import os
import threading
import time
from pathlib import Path

import pygame

from game.files.paths import write_private
from game.play import saves
from game.runtime.settings import VISITOR_KEYS
from kiosk import admin as admin_rules
from kiosk.idle import OWN, PLAY, TITLE, IdleRules
from kiosk.lock import AdminLock
from kiosk.supervisor import EXIT_ORPHANED, EXIT_QUIT, EXIT_RETRY, NAPS_ENV
from scenes.continue_game import table_scene_for
from scenes.title import TitleScene

CURSOR_HIDE_AFTER = 5.0     # seconds without mouse use before the cursor hides again
HOLD_SHOW_AFTER = 0.25      # a hold shorter than this (a plain Esc press) shows nothing
# The kiosk's own screens are imported where they are first shown: a restart that brings a
# visitor's game back needs none of them before its first frame.

SAVE_SUSPECT_NAPS = 2       # crash loops in a row (each: 5 deaths in a minute, then the nap
                            # screen) after which the save is set aside instead of resumed


def scene_kind(scene) -> str:
    if scene is None or getattr(scene, "kiosk_screen", False):
        return OWN
    if type(scene).__name__ == "TitleScene":
        return TITLE
    return PLAY


class KioskController:
    def __init__(self, app, home=None, role: str = "child", watcher=None, rules: IdleRules | None = None,
                 ready_path: str | os.PathLike | None = None, log: logging.Logger | None = None,
                 lifeline=None):
        self.app = app
        self.lifeline = lifeline         # heartbeat to the supervisor, and its pid (kiosk.lifeline)
        self.home = home
        self.role = role
        self.log = log or app.log
        self.rules = rules or IdleRules.from_settings(app.settings)
        self.watcher = watcher
        self.ready_path = Path(ready_path) if ready_path else None
        self.lock = AdminLock.open(home, self.log)       # the PIN and its lockout (own file)
        app.visitor_defaults = {k: getattr(app.settings, k) for k in VISITOR_KEYS}
        self.exit_code: int | None = None
        self.notice = ""                 # a one-line message for the admin menu ("PIN changed")
        self.cursor_shown = None
        self.cursor_quiet = 0.0
        self.idle_resets = 0
        try:
            self.naps = int(os.environ.get(NAPS_ENV, "0"))
        except ValueError:
            self.naps = 0
        app.kiosk_controller = self
        app.frame_hooks.append(self.update)
        app.first_frame_hooks.append(self._write_ready)
        self._set_cursor(False)

    # ---- start -----------------------------------------------------------------------------------
    def start(self) -> str:
        """Put the first screen up: the game that was running (after a crash), else attract mode.
        Returns what it did ("resume", "resume-attract", "attract", "nap").

        The save is trusted whenever it loads and replays cleanly, however often the game died: a
        visitor's game comes back after every crash. Only a file that does not load (``saves.load``
        sets it aside as ``.bad-N``), a game whose table cannot be rebuilt, or a save the game kept
        dying with through ``SAVE_SUSPECT_NAPS`` crash loops in a row is moved aside."""
        # (scrypt takes ~0.1 s and releases the GIL: checked beside the first frame, not before it)
        threading.Thread(target=self._check_pin, args=(self.lock.pin,), daemon=True,
                         name="pin-check").start()
        if self.role == "nap":
            from kiosk.screens.nap import NapScene

            self.app.stack.clear_to(NapScene(self.app))
            return "nap"
        path = saves.save_path(self.home)
        if self.naps >= SAVE_SUSPECT_NAPS and path.exists():
            # the nap screen's retries keep ending in a crash loop: the position may be the cause
            self._drop_save(path, f"the game kept dying with it ({self.naps} crash loops in a row)")
        loaded = saves.load(path, self.log)
        if loaded is not None:
            session, extra = loaded
            if extra.get("attract"):
                from kiosk.screens.attract import AttractScene

                self.log.info("kiosk: back to the attract game that was running (%s, %d actions)",
                              session.game_name, len(session.actions))
                self.app.stack.clear_to(AttractScene(self.app, resume=session))
                return "resume-attract"
            scene = table_scene_for(self.app, session)
            if scene is not None:       # (the watcher keeps its records row going: watch.py)
                self.log.info("kiosk: resuming %s after a restart (%d actions played)",
                              session.game_name, len(session.actions))
                self.app.stack.clear_to(self._title())
                self.app.stack.push(scene)          # leaving the game lands on the title
                return "resume"
            self._drop_save(path, "its table could not be rebuilt")
        self._attract()
        return "attract"

    def _check_pin(self, stored: str) -> None:
        if admin_rules.pin_is_default(stored):
            self.log.warning("kiosk: the admin PIN is the default one (README); change it in the admin menu")
        elif admin_rules.is_old_hash(stored):
            self.log.info("kiosk: the admin PIN is kept in the old pbkdf2 form; the next PIN change "
                          "stores it with scrypt")

    def _attract(self) -> None:
        from kiosk.screens.attract import AttractScene

        self.app.stack.clear_to(AttractScene(self.app))

    def restore_visitor_settings(self) -> None:
        """Attract mode starts: what the last visitors changed goes back to the operator's values,
        and the next visitor starts afresh (``app.visit``: offers already made, ...)."""
        app, changed = self.app, []
        app.visit.clear()
        for key, value in app.visitor_defaults.items():
            if getattr(app.settings, key) != value:
                changed.append(key)
                if key == "language":
                    app.set_language(value)
                else:
                    setattr(app.settings, key, value)
        if changed:
            app.audio.apply_volumes()
            self.log.info("kiosk: settings back to the operator's (%s)", ", ".join(changed))

    def _drop_save(self, path, why: str) -> None:
        saves.set_aside(path, why, self.log)          # kept as .bad-N for a look later
        if self.watcher is not None:
            self.watcher.saved = None
            self.watcher.records.close_open("abandoned")

    def _title(self):
        return TitleScene(self.app)

    # ---- every frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        app = self.app
        if self.lifeline is not None and self.lifeline.update(dt):
            self.log.error("kiosk: the supervisor is gone; the game ends with it (the save stays)")
            self.exit_code = EXIT_ORPHANED
            app.quit(force=True)
            return
        if self.watcher is not None:
            self.watcher.update(dt)
        self._cursor(dt)
        top = app.stack.top
        if app.stack.pending or top is None:
            return
        if admin_rules.hold_seconds(app.input) >= HOLD_SHOW_AFTER and not getattr(top, "staff", False):
            from kiosk.screens.admin import AdminHoldScene

            app.stack.push(AdminHoldScene(app))
            return
        if self.role == "nap":
            return
        action = self.rules.decide(scene_kind(top), app.idle_seconds)
        if action == "attract":
            self.log.info("kiosk: %.0f s idle on the title; attract mode", app.idle_seconds)
            self._attract()
        elif action == "still_there":
            from kiosk.screens.still_there import StillThereScene

            app.stack.push(StillThereScene(app, self.rules.still_there))

    def idle_reset(self) -> None:
        """"Still there?" ran out: the game ends as an idle reset and attract mode starts."""
        self.idle_resets += 1
        if self.watcher is not None:
            self.watcher.end_current("idle")
        self._attract()

    def _write_ready(self) -> None:
        """The first frame is on screen: tell the supervisor (the file holds the wall time)."""
        path, self.ready_path = self.ready_path, None
        if path is None:
            return
        try:
            write_private(path, f"{time.time():.3f}\n")
        except OSError as exc:
            self.log.warning("kiosk: could not write %s: %s", path, exc)

    def _cursor(self, dt: float) -> None:
        mouse_now = self.app.idle_seconds == 0 and self.app.input.device == "mouse"
        if mouse_now:
            self.cursor_quiet = 0.0
            self._set_cursor(True)
        else:
            self.cursor_quiet += dt
            if self.cursor_quiet >= CURSOR_HIDE_AFTER:
                self._set_cursor(False)

    def _set_cursor(self, shown: bool) -> None:
        if shown == self.cursor_shown:
            return
        self.cursor_shown = shown
        try:
            pygame.mouse.set_visible(shown)
        except pygame.error:
            pass                # no display yet (headless tests)

    # ---- leaving -----------------------------------------------------------------------------------
    def quit_to_desktop(self, retry: bool = False) -> None:
        """The admin menu's exit (or the nap screen's "try again"): the supervisor sees the code."""
        self.exit_code = EXIT_RETRY if retry else EXIT_QUIT
        self.log.info("kiosk: leaving (%s)", "try again" if retry else "quit to desktop")
        self.app.quit(force=True)

    def close(self) -> None:
        if self.update in self.app.frame_hooks:
            self.app.frame_hooks.remove(self.update)
        if self.watcher is not None:
            self.watcher.close()
        self._set_cursor(True)
