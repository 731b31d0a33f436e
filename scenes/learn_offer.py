"""The first time a table is chosen: "New to Hungry Meow? A guided game teaches it in 2 minutes."
Learn to play starts the table's first lesson; Just play goes on to seat setup; back (Esc)
returns to the table select with nothing started. The
offer is remembered in the settings, so it comes once per table."""
from __future__ import annotations

from game.art import palette as P
from game.art.cats import draw_cat
from game.ui.menu import OverlayMenu
from scenes.table.lesson import open_lesson, remember_offered


class LearnOfferScene(OverlayMenu):
    panel_size = (1000, 560)
    music = None

    def __init__(self, app, table_info):
        super().__init__(app)
        self.info = table_info
        remember_offered(app, table_info.game)

    def layout(self) -> None:
        s = self.app.s
        p = self.panel_rect()
        learn = self.button((0, 0, 400, 104), "learn.offer_learn", self.learn, primary=True, px=44)
        play = self.button((0, 0, 400, 104), "learn.offer_play", self.play, px=44)
        learn.rect.bottomright = (p.centerx - s(20), p.bottom - s(40))
        play.rect.bottomleft = (p.centerx + s(20), p.bottom - s(40))
        self.set_widgets([learn, play], focus=learn if self.focus.focused is None else None)

    def learn(self) -> None:
        if not open_lesson(self.app, self.info.game, how="replace"):
            self.play()

    def play(self) -> None:
        from scenes.seat_setup import SeatSetupScene

        self.app.stack.replace(SeatSetupScene(self.app, self.info))

    def on_back(self) -> None:
        # Esc is cancel: back to the table select with nothing started, not a quiet "Just play"
        self.app.stack.pop()

    def draw(self, surface) -> None:
        self.draw_background(surface)
        app, s = self.app, self.app.s
        p = self.panel_rect()
        draw_cat(surface, (p.centerx, p.top + s(120)), s(170), "ginger", "happy", self.t)
        text = app.t("learn.offer", table=app.t(self.info.title_key))
        app.draw_text(surface, text, app.font(44), P.LAMP_SOFT, (p.centerx, p.top + s(220)), "midtop",
                      wrap=p.w - s(100), align="center")
        self.draw_widgets(surface)
        self.draw_hints(surface)
