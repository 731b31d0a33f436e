"""Scenes and the scene stack.

Changes (``push``, ``pop``, ``replace``, ``clear_to``) are queued and applied between frames by
``apply_pending()``, so a scene may change the stack from inside ``handle`` or ``update`` safely.
``enter()`` and ``exit()`` are always paired: every scene that entered exits exactly once.

Updating: only the top scene and the scenes it shows through are drawn; only the **top** scene
gets intents, and only the top scene gets ``update(dt)`` — a scene under an overlay (a table
under pause or rules help) is drawn frozen, so its bots and animations wait while paused.
A scene that must keep moving under an overlay (e.g. an attract wrapper) sets
``update_below = True``.
"""
from __future__ import annotations


class Scene:
    overlay = False          # True: the scenes below are drawn first (pause, help, dialogs)
    human_game = False       # a table with human seats sets True (kiosk idle reset watches it)
    update_below = False     # True: keeps getting update(dt) while covered by an overlay
    # True: on big windows the app records draw() and redraws only what moved (game/runtime/
    # dirty.py); the scene must draw all of its window every frame and never repaint a picture
    # in place (a changed picture is a new surface)
    dirty_redraw = False

    def __init__(self, app):
        self.app = app

    def enter(self) -> None:
        pass

    def exit(self) -> None:
        pass

    def handle(self, intent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def __repr__(self) -> str:
        return type(self).__name__


class SceneStack:
    def __init__(self, log=None):
        self.scenes: list[Scene] = []
        self._pending: list[tuple[str, Scene | None]] = []
        self.log = log

    # queued changes
    def push(self, scene: Scene) -> None:
        self._pending.append(("push", scene))

    def pop(self) -> None:
        self._pending.append(("pop", None))

    def replace(self, scene: Scene) -> None:
        self._pending.append(("replace", scene))

    def clear_to(self, scene: Scene) -> None:
        self._pending.append(("clear", scene))

    @property
    def pending(self) -> bool:
        return bool(self._pending)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def _exit(self, scene: Scene) -> None:
        try:
            scene.exit()
        except Exception:
            if self.log:
                self.log.exception("%s.exit failed", scene)
            raise

    def apply_pending(self) -> bool:
        """Apply queued changes in order; return True if the stack changed."""
        changed = False
        while self._pending:
            op, scene = self._pending.pop(0)
            changed = True
            if op == "push":
                self.scenes.append(scene)
                scene.enter()
            elif op == "pop":
                if self.scenes:
                    self._exit(self.scenes.pop())
            elif op == "replace":
                if self.scenes:
                    self._exit(self.scenes.pop())
                self.scenes.append(scene)
                scene.enter()
            elif op == "clear":
                while self.scenes:
                    self._exit(self.scenes.pop())
                self.scenes.append(scene)
                scene.enter()
        return changed

    def visible(self) -> list[Scene]:
        """The scenes to draw, bottom first: the top one and everything its overlays show."""
        out: list[Scene] = []
        for scene in reversed(self.scenes):
            out.append(scene)
            if not scene.overlay:
                break
        return list(reversed(out))

    def updating(self) -> list[Scene]:
        """The top scene, plus covered scenes that asked for ``update_below``."""
        if not self.scenes:
            return []
        return [s for s in self.scenes[:-1] if s.update_below] + [self.scenes[-1]]

    def clear(self) -> None:
        """Exit every scene now (shutdown)."""
        self._pending.clear()
        while self.scenes:
            self._exit(self.scenes.pop())
