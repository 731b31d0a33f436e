"""Rules help (an overlay): the chosen table's rules in the chosen language, a few big lines per
page so they read on a TV from 3 metres. Left/right, wheel, LB/RB or the buttons turn pages."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.cats import draw_cat
from game.ui.menu import OverlayMenu
from scenes.tables import table_info

LINE_PX = 40
# the reading cat's mood per page (a page may name its own with "pose")
PAGE_POSES = ("victorious", "idle", "thinking", "happy", "scared", "thinking", "happy", "victorious")


def pages_for(app, game_name: str) -> list[dict]:
    """[{"title": str, "lines": [str]}] from ``<rules_key>.pages`` in the text files."""
    try:
        info = table_info(game_name)
        key = f"{info.rules_key}.pages"
    except KeyError:
        key = f"rules.{game_name.replace('-', '_')}.pages"
    raw = app.i18n.raw(key)
    pages = []
    if isinstance(raw, list):
        for page in raw:
            if isinstance(page, dict):
                pages.append(
                    {
                        "title": str(page.get("title", "")),
                        "lines": [str(x) for x in page.get("lines", [])],
                        "pose": page.get("pose"),
                    }
                )
            elif isinstance(page, str):
                first, *rest = page.split("\n")
                pages.append({"title": first, "lines": rest})
    return pages or [{"title": "", "lines": [app.t("help.missing")]}]


class RulesHelpScene(OverlayMenu):
    panel_size = (1700, 900)

    @property
    def hints(self):
        turn = "next" if self.app.device == "mouse" else "move"
        return [(turn, "hint.page"), ("confirm", "hint.select"), ("back", "hint.close")]

    def __init__(self, app, game_name: str):
        super().__init__(app)
        self.game_name = game_name
        self.page = 0
        self._fit: dict = {}

    @property
    def pages(self) -> list[dict]:
        return pages_for(self.app, self.game_name)  # read each time: a language change shows at once

    def layout(self) -> None:
        s = self.app.s
        p = self.panel_rect()
        self.prev_btn = self.button((0, 0, 380, 96), "help.prev", lambda: self.turn(-1), px=36)
        self.next_btn = self.button((0, 0, 380, 96), "help.next", lambda: self.turn(1), primary=True, px=36)
        self.close_btn = self.button((0, 0, 300, 96), "help.close", self.on_back, px=36)
        y = p.bottom - s(40)
        self.prev_btn.rect.bottomleft = (p.x + s(60), y)
        self.close_btn.rect.midbottom = (p.centerx, y)
        self.next_btn.rect.bottomright = (p.right - s(60), y)
        self.refresh_buttons()
        self.set_widgets(
            [self.prev_btn, self.close_btn, self.next_btn],
            focus=self.next_btn if self.focus.focused is None else None,
        )

    def refresh_buttons(self) -> None:
        last = self.page >= len(self.pages) - 1
        self.prev_btn.enabled = self.page > 0
        self.next_btn.enabled = not last
        self.next_btn.primary = not last
        self.close_btn.primary = last

    def turn(self, step: int) -> None:
        new = max(0, min(len(self.pages) - 1, self.page + step))
        if new != self.page:
            self.page = new
            self.app.audio.play("card_slide")
        self.refresh_buttons()
        focused = self.focus.focused
        if focused is not None and not focused.enabled:
            self.focus.set_focus(self.close_btn if self.page == len(self.pages) - 1 else self.next_btn)

    def measure(self, lines: list[str], px: int, width: int) -> int:
        """Height in window pixels of ``lines`` at ``px`` design px, wrapped to ``width``."""
        app, s = self.app, self.app.s
        total = 0
        for line in lines:
            if not line:
                total += s(px * 0.6)
            else:
                total += app.text(line, app.font(px), P.CREAM, width).get_height() + s(px * 0.3)
        return total

    def fitting_px(self, lines: list[str], width: int, height: int) -> int:
        """The biggest body size from LINE_PX down to 28 design px at which the page fits."""
        key = (tuple(lines), width, height, self.app.i18n.lang)
        if key not in self._fit:
            px = LINE_PX
            while px > 28 and self.measure(lines, px, width) > height:
                px -= 2
            self._fit[key] = px
        return self._fit[key]

    def text_box(self) -> tuple[int, int]:
        """(width, height) of the page text area in window pixels."""
        p, s = self.panel_rect(), self.app.s
        return p.w - s(420), (p.bottom - s(160)) - s(24) - (p.y + s(210))

    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "move" and intent.direction in ("left", "right"):
            self.turn(1 if intent.direction == "right" else -1)
            return
        if kind in ("next", "prev"):
            self.turn(1 if kind == "next" else -1)
            return
        if kind == "wheel":
            self.turn(-1 if intent.amount > 0 else 1)
            return
        if kind == "help":
            self.on_back()
            return
        super().handle(intent)

    def draw(self, surface) -> None:
        app, s = self.app, self.app.s
        self.draw_background(surface)
        p = self.panel_rect()
        pages = self.pages
        self.page = min(self.page, len(pages) - 1)
        try:
            game_title = app.t(table_info(self.game_name).title_key)
        except KeyError:
            game_title = self.game_name
        app.draw_text(
            surface,
            app.t("help.title", game=game_title),
            app.font(44),
            P.MUTED,
            (p.x + s(60), p.y + s(36)),
            "topleft",
            shadow=False,
        )
        counter = app.t("help.page", n=self.page + 1, total=len(pages))
        app.draw_text(
            surface, counter, app.font(32), P.MUTED, (p.right - s(60), p.y + s(44)), "topright", shadow=False
        )
        page = pages[self.page]
        app.draw_text(surface, page["title"], app.font(64), P.LAMP, (p.x + s(60), p.y + s(110)), "topleft")
        y = p.y + s(210)
        dots_y = p.bottom - s(160)
        width, height = self.text_box()
        px = self.fitting_px(page["lines"], width, height)
        font = app.font(px)
        for line in page["lines"]:
            if not line:
                y += s(px * 0.6)
                continue
            rect = app.draw_text(
                surface, line, font, P.CREAM, (p.x + s(60), y), "topleft", shadow=False, wrap=width
            )
            y = rect.bottom + s(px * 0.3)
        # a page dot row and a cat who reads along
        n = len(pages)
        for i in range(n):
            c = (p.centerx + s(34) * (i - (n - 1) / 2), dots_y)
            pygame.draw.circle(
                surface, P.LAMP if i == self.page else (80, 86, 120), c, s(10 if i == self.page else 7)
            )
        pose = page.get("pose") or PAGE_POSES[self.page % len(PAGE_POSES)]
        draw_cat(surface, (p.right - s(190), p.y + s(400)), s(250), "tabby", pose, self.t)
        self.draw_widgets(surface)
        self.draw_hints(surface)
