"""The calm screen the kiosk shows after the game crashed too often: a cat asleep under a lamp,
"Taking a short nap — please call staff". Nothing a visitor does changes it; staff hold Esc (or
Start+Back) for 3 s and type the PIN to try again or quit to desktop. It is run as its own process
(``--kiosk-nap``) and imports no table, so whatever broke the game cannot break this. Every
``RETRY_SECONDS`` it tries the game again by itself (the supervisor starts it afresh), so a passing
cause — a display that came back, a full disk cleared — recovers without staff."""
from __future__ import annotations

import math

from game.art import palette as P
from game.art.draw import glow, vertical_gradient
from game.runtime.scene import Scene
from kiosk import look

RETRY_SECONDS = 60.0


class NapScene(Scene):
    kiosk_screen = True

    def __init__(self, app):
        super().__init__(app)
        self.t = 0.0
        self.retry_in = RETRY_SECONDS

    def handle(self, intent) -> None:
        pass                       # visitors cannot wake it; staff use the admin hold

    def update(self, dt: float) -> None:
        self.t += dt
        self.retry_in -= dt
        controller = getattr(self.app, "kiosk_controller", None)
        if self.retry_in <= 0 and controller is not None and controller.role == "nap":
            self.retry_in = RETRY_SECONDS
            self.app.log.info("kiosk: nap screen trying the game again by itself")
            controller.quit_to_desktop(retry=True)

    def draw(self, surface) -> None:
        app = self.app
        w, h = surface.get_size()
        surface.blit(vertical_gradient((w, h), P.NIGHT, P.DUSK), (0, 0))
        lamp = (w // 2, app.s(300))
        breath = 0.5 + 0.5 * math.sin(self.t * 1.2)        # slow, calm
        g = glow(app.s(360), P.LAMP, 70 + int(20 * breath))
        surface.blit(g, g.get_rect(center=(lamp[0], lamp[1] + app.s(80))))
        cat = look.sleeping_cat(app.s(420))
        cat_rect = cat.get_rect(midbottom=(w // 2, app.s(560) + int(app.s(4) * breath)))
        surface.blit(cat, cat_rect)
        for i in range(3):                                 # "z z z" drifting up
            phase = (self.t * 0.35 + i / 3) % 1.0
            x = cat_rect.left + app.s(150) + int(phase * app.s(120)) + i * app.s(10)
            y = cat_rect.top + app.s(40) - int(phase * app.s(160))
            font = app.font(30 + 14 * i)
            z = app.text("z", font, P.LAMP_SOFT).copy()
            z.set_alpha(int(255 * math.sin(phase * math.pi)))
            surface.blit(z, z.get_rect(center=(x, y)))
        app.draw_text(surface, app.t("kiosk.nap.title"), app.font(84), P.LAMP, (w // 2, app.s(640)), "midtop")
        app.draw_text(surface, app.t("kiosk.nap.body"), app.font(52), P.CREAM, (w // 2, app.s(760)), "midtop")
        staff = app.t("kiosk.nap.staff")
        app.draw_text(surface, staff, app.fit_font(staff, 28, w - app.s(120)), P.MUTED,
                      (w // 2, h - app.s(60)), "midbottom", shadow=False)
