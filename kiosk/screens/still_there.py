""""Still there?": the kiosk's idle reset. Pushed over a game nobody has touched for a while; any
input takes it away and play goes on; when the countdown runs out the game is recorded as an idle
reset, its save is dropped and attract mode starts."""
from __future__ import annotations

import math

from game.art import palette as P
from game.runtime.scene import Scene
from kiosk import look
from kiosk.screens.attract import AttractScene


class StillThereScene(Scene):
    overlay = True
    kiosk_screen = True

    def __init__(self, app, seconds: float = 15.0):
        super().__init__(app)
        self.total = max(0.1, float(seconds))
        self.left = self.total
        self.t = 0.0
        self.done = False

    def enter(self) -> None:
        self.app.audio.play("ui_move")
        self.app.log.info("kiosk: still there? (%.0f s)", self.total)

    def handle(self, intent) -> None:
        if not self.done:
            self.done = True
            self.app.log.info("kiosk: still there, play goes on")
            self.app.stack.pop()

    def update(self, dt: float) -> None:
        self.t += dt
        if self.done:
            return
        self.left -= dt
        if self.left <= 0:
            self.done = True
            self.app.log.info("kiosk: nobody there; back to attract mode")
            controller = getattr(self.app, "kiosk_controller", None)
            if controller is not None:
                controller.idle_reset()
            else:
                self.app.stack.clear_to(AttractScene(self.app))

    def draw(self, surface) -> None:
        app = self.app
        look.dim(surface, 185)
        box = look.card(surface, app, (1160, 640))
        app.draw_text(surface, app.t("kiosk.still.title"), app.font(84), P.LAMP,
                      (box.centerx, box.top + app.s(48)), "midtop")
        seconds = max(0, math.ceil(self.left))
        center = (box.centerx, box.top + app.s(300))
        look.ring(surface, center, app.s(96), app.s(16), self.left / self.total, P.LAMP)
        app.draw_text(surface, str(seconds), app.font(88), P.CREAM, center, "center")
        body = app.t("kiosk.still.body", seconds=seconds)
        app.draw_text(surface, body, app.fit_font(body, 40, box.w - app.s(80)), P.CREAM,
                      (box.centerx, box.top + app.s(440)), "midtop")
        pulse = 0.5 + 0.5 * math.sin(self.t * 3.2)
        look.pill(surface, app, app.t("kiosk.still.hint"), (box.centerx, box.bottom - app.s(74)), 32, pulse)
