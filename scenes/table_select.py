"""Choose a table: one card per table that exists (cover art, name, player count, a line about
it). Confirm opens seat setup; F1 / pad Back shows the focused table's rules. A table whose data
or level does not load is shown "out of order" and cannot be chosen (the reason is in the log)."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.covers import cover
from game.art.draw import panel
from game.ui.menu import MenuScene, heading_box
from game.ui.textfit import Box, button_box, draw_fitted, register_boxes
from scenes.tables import listed_tables

CARD = (540, 670)                    # design px
CARD_TITLE = Box(CARD[0] - 40, 72, 52, ("shrink",), min_px=36)
PLAYERS = Box(CARD[0] - 40, 48, 34)
CAPTION = Box(CARD[0] - 40, 44, 28)
BLURB = Box(CARD[0] - 56, CARD[1] - 336 - 170 - 16, 30, ("shrink", "wrap"))
BUTTON = (360, 96)
OUT_OF_ORDER = Box(CARD[0] - 120, 80, 52, ("shrink",), min_px=32)
NOTE = Box(1100, 56, 36, ("shrink",))          # "No lesson for … yet", over the cards' feet
register_boxes("table_select", {
    "select.title": heading_box(76),
    "table.*.title": CARD_TITLE, "select.players": PLAYERS, "table.*.caption": CAPTION,
    "table.*.blurb": BLURB, "select.back": button_box(*BUTTON), "select.rules": button_box(*BUTTON),
    "select.settings": button_box(*BUTTON), "learn.menu": button_box(*BUTTON),
    "select.out_of_order": OUT_OF_ORDER, "learn.none": NOTE,
})


class TableCard:
    radius = 30

    def __init__(self, rect, info, on_press, problem: str | None = None):
        self.rect = pygame.Rect(rect)
        self.info = info
        self.label = info.game
        self.on_press = on_press
        self.problem = problem           # why it is out of order (None: it opens)
        self.enabled = problem is None
        self.visible = True

    def draw(self, surface, app, focused: bool) -> None:
        s = app.s
        r = self.rect
        fill = (54, 62, 108) if focused else P.PANEL
        surface.blit(panel(r.size, fill, s(30), max(3, s(5)), P.FOCUS if focused else P.PANEL_EDGE, s(10)), r)
        art = cover(self.info.game, (r.w - s(40), s(300)))
        surface.blit(art, (r.x + s(20), r.y + s(20)))
        if self.problem is not None:
            self.draw_closed(surface, app, art.get_rect(topleft=(r.x + s(20), r.y + s(20))))
        y = r.y + s(336)
        title = app.t(self.info.title_key)
        draw_fitted(app, surface, title, CARD_TITLE, P.LAMP_SOFT, (r.centerx, y), "midtop")
        lo, hi = self.info.players
        players = app.t("select.players", lo=lo, hi=hi)
        draw_fitted(app, surface, players, PLAYERS, P.CYAN, (r.centerx, y + s(74)), "midtop", shadow=False)
        draw_fitted(app, surface, app.t(self.info.caption_key), CAPTION, P.MUTED, (r.centerx, y + s(122)),
                    "midtop", shadow=False)
        draw_fitted(app, surface, app.t(self.info.blurb_key), BLURB, P.CREAM, (r.centerx, y + s(170)),
                    "midtop", shadow=False)

    def draw_closed(self, surface, app, art_rect) -> None:
        """The cover dimmed under an "Out of order" sign."""
        s = app.s
        shade = pygame.Surface(art_rect.size, pygame.SRCALPHA)
        shade.fill((10, 10, 20, 170))
        surface.blit(shade, art_rect)
        sign = pygame.Rect(0, 0, s(OUT_OF_ORDER.w + 40), s(OUT_OF_ORDER.h + 24))
        sign.center = art_rect.center
        surface.blit(panel(sign.size, (40, 20, 28), s(16), max(2, s(4)), P.BAD), sign)
        draw_fitted(app, surface, app.t("select.out_of_order"), OUT_OF_ORDER, P.BAD, sign.center, "center")


class TableSelectScene(MenuScene):
    hints = [("move", "hint.move"), ("confirm", "hint.select"), ("help", "hint.help"), ("back", "hint.back")]

    def __init__(self, app, focus_game: str | None = None):
        super().__init__(app)
        self.focus_game = focus_game                      # the table whose house was clicked
        self.listed = listed_tables()                     # (info, why it is out of order or None)
        self.tables = [info for info, problem in self.listed if problem is None]
        self.note: tuple[str, float] | None = None       # a short line over the buttons, until

    def layout(self) -> None:
        s = self.app.s
        w, _ = self.app.size
        n = max(1, len(self.listed))
        card_w, gap = CARD[0], 60
        total = n * card_w + (n - 1) * gap
        x0 = (w / self.app.scale - total) / 2
        cards = []
        for i, (info, problem) in enumerate(self.listed):
            rect = (s(x0 + i * (card_w + gap)), self.y(176), s(card_w), s(CARD[1]))
            cards.append(TableCard(rect, info, lambda info=info: self.choose(info), problem))
        cx = w / self.app.scale / 2
        back = self.button((cx - 795, 880, *BUTTON), "select.back", self.on_back)
        rules = self.button((cx - 385, 880, *BUTTON), "select.rules", self.on_help, enabled=bool(self.tables))
        learn = self.button((cx + 25, 880, *BUTTON), "learn.menu", self.learn, enabled=bool(self.tables))
        settings = self.button((cx + 435, 880, *BUTTON), "select.settings", self.open_settings)
        open_cards = [c for c in cards if c.enabled]
        open_cards.sort(key=lambda c: c.info.game != self.focus_game)   # its card first, focused
        self.last_card = open_cards[0] if open_cards else None
        self.set_widgets(cards + [back, rules, learn, settings],
                         focus=open_cards[0] if open_cards else settings)

    def choose(self, info) -> None:
        from scenes.learn_offer import LearnOfferScene
        from scenes.seat_setup import SeatSetupScene
        from scenes.table.lesson import should_offer

        if info not in self.tables:                  # out of order: nothing opens
            self.app.audio.play("ui_back")
            return
        if should_offer(self.app, info.game):       # the first time: offer the guided game
            self.app.stack.push(LearnOfferScene(self.app, info))
            return
        self.app.stack.push(SeatSetupScene(self.app, info))

    def update(self, dt: float) -> None:
        super().update(dt)
        if isinstance(self.focus.focused, TableCard):
            self.last_card = self.focus.focused      # Rules / Learn to play mean this table
        self.keep_in_view(self.last_card)

    def keep_in_view(self, card) -> None:
        """More tables than the window is wide: the row slides so the chosen card shows whole."""
        cards = [w for w in self.widgets if isinstance(w, TableCard)]
        if card is None or not cards:
            return
        margin, width = self.app.s(20), self.app.size[0]
        dx = max(0, margin - card.rect.left) or min(0, width - margin - card.rect.right)
        for c in cards:
            c.rect.x += dx

    def focused_table(self):
        """The focused table (or the table focused last, when a button has focus)."""
        focused = self.focus.focused
        if isinstance(focused, TableCard):
            self.last_card = focused
        return getattr(self.last_card, "info", None) or (self.tables[0] if self.tables else None)

    def learn(self) -> None:
        """Learn to play the focused table (its first lesson)."""
        from scenes.table.lesson import open_lesson

        info = self.focused_table()
        if info is not None and not open_lesson(self.app, info.game):
            self.app.audio.play("ui_back")         # a table without a lesson says so
            self.note = (self.app.t("learn.none", game=self.app.t(info.title_key)), self.t + 2.5)

    def open_settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.stack.push(SettingsScene(self.app))

    def on_help(self) -> bool:
        """Rules of the focused table (or of the table focused last, when a button has focus)."""
        info = self.focused_table()
        if info is None:
            return False
        from scenes.rules_help import RulesHelpScene

        self.app.audio.play("ui_confirm")
        self.app.stack.push(RulesHelpScene(self.app, info.game))
        return True

    def draw(self, surface) -> None:
        self.draw_background(surface)
        self.draw_heading(surface, self.app.t("select.title"), y=34, px=76)
        if not self.listed:
            w, h = surface.get_size()
            self.app.draw_text(
                surface, self.app.t("title.no_tables"), self.app.font(40), P.CREAM, (w // 2, h // 2), "center"
            )
        self.draw_widgets(surface)
        if self.note is not None and self.t < self.note[1]:      # on a plate over the cards' feet
            s = self.app.s
            plate = pygame.Rect(0, 0, s(NOTE.w + 60), s(NOTE.h + 24))
            plate.center = (surface.get_width() // 2, self.y(846))
            surface.blit(panel(plate.size, (30, 34, 64), s(18), max(2, s(3)), P.LAMP_SOFT), plate)
            draw_fitted(self.app, surface, self.note[0], NOTE, P.LAMP_SOFT, plate.center, "center")
        self.draw_hints(surface)
