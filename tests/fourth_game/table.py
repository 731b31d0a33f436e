"""Fish Pond's table on the shared base: its presenter handles its two events, its table says
what the person may do (three buttons) and draws the pond, the seats and the prompt. Everything
else — bots, undo, the tiger, odds (none), rules help, pause, results, attract mode — is the
shared table's, through the game's kit."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import panel
from game.ui.widgets import Button
from scenes.table.base import TableScene
from scenes.table.look import level_backdrop
from scenes.table.presenter import BasePresenter

C = P.colours("fish-pond")
ACTIONS = ("left", "right", "stop")


class FishPondPresenter(BasePresenter):
    def make_board(self, players: int) -> dict:
        view = self.scene.feed.view(self.scene.viewer)       # as the game stands when the table opens
        return {"pond": list(view["pond"]), "scores": list(view["scores"])}

    def sync(self) -> None:
        view = self.scene.feed.view(self.scene.viewer)
        self.board["pond"] = list(view["pond"])
        self.board["scores"] = list(view["scores"])

    def log_line(self, event) -> str | None:
        if event.kind == "FishTaken":
            return self.t("fish_pond.ev.took", name=self.name(event.data["seat"]), fish=event.data["fish"])
        return None

    def on_FishTaken(self, e, rest):
        seat, fish = e.data["seat"], e.data["fish"]
        tl = self.tl("card_slide")
        tl.call(lambda: self.board["pond"] and self.board["pond"].pop(0 if e.data["end"] == "left" else -1))
        tl.call(lambda: self.board["scores"].__setitem__(seat, self.board["scores"][seat] + fish))
        self.say(tl, self.t("fish_pond.ev.took", name=self.name(seat), fish=fish))
        self.bubble(tl, seat, f"+{fish}")
        self.pose(tl, seat, "happy" if fish >= 4 else "idle")
        tl.wait(0.35)
        return tl


class FishPondTable(TableScene):
    presenter_class = FishPondPresenter
    secret_hands = False              # nothing is hidden: no curtain between people

    def setup_widgets(self) -> None:
        self.buttons = {a: Button((0, 0, 1, 1), f"fish_pond.btn.{a}", lambda a=a: self.press(a), px=34)
                        for a in ACTIONS}

    def press(self, name: str) -> None:
        self.send("stop" if name == "stop" else f"take {name}")

    def refresh_mode(self) -> None:
        game = self.feed
        mine = game.current_player in self.humans and self.viewer == game.current_player
        self.legal = game.legal_actions() if mine else []
        self.active_buttons = [b for a, b in self.buttons.items()
                               if ("stop" if a == "stop" else f"take {a}") in self.legal]
        rect = self.anchors["actions"].rect
        for i, b in enumerate(self.active_buttons):
            b.rect = pygame.Rect(rect.x, rect.y + i * self.s(90), rect.w, self.s(80))
        self.focus.set_items(self.active_buttons)

    def render_background(self) -> pygame.Surface:
        return level_backdrop(self.level, self.app.size, (20, 44, 30), (20, 44, 30), None)

    # ---- drawing --------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(self.background(), (0, 0))
        self.draw_pond(surface)
        for seat in range(self.n):
            self.draw_seat(surface, seat)
        line, colour = self.waiting_line()
        if self.my_turn() and not self.presenter.busy:
            key = "fish_pond.prompt.more" if "stop" in self.legal else "fish_pond.prompt.take"
            line, colour = self.app.t(key), P.CREAM
        self.draw_prompt_box(surface, self.anchors["prompt"].rect, (line or "", colour), None,
                             C.PROMPT_FILL, C.PROMPT_EDGE)
        self.draw_buttons(surface)
        self.advice.draw(surface)             # the tiger's button, its words and the odds (none)
        self.draw_focus(surface)
        self.draw_hints(surface)
        for seat, (text, until) in self.bubbles.items():
            if until < self.time:
                continue
            r = self.seat_rect(seat)
            self.chip(surface, text, (r.centerx, r.y + self.s(20)), C.TURN_GLOW, 30)

    def draw_pond(self, surface) -> None:
        area = self.anchors["pond"].rect
        pond = self.presenter.board["pond"]
        if not pond:
            return
        step = min(area.w / len(pond), self.s(130))
        w, h = int(step * 0.86), int(min(area.h * 0.6, step * 0.6))
        left = area.centerx - step * len(pond) / 2
        for i, fish in enumerate(pond):
            centre = (int(left + step * (i + 0.5)), area.centery)
            self.draw_fish(surface, centre, w, h, fish)

    def draw_fish(self, surface, centre, w, h, value: int) -> None:
        body = pygame.Rect(0, 0, int(w * 0.78), h)
        body.midleft = (centre[0] - w // 2, centre[1])
        colour = C.FISH_VALUES[value - 1]
        tail = [(body.right - 4, centre[1]), (centre[0] + w // 2, centre[1] - h // 2),
                (centre[0] + w // 2, centre[1] + h // 2)]
        pygame.draw.polygon(surface, colour, tail)
        pygame.draw.polygon(surface, C.FISH_INK, tail, max(2, self.s(3)))
        pygame.draw.ellipse(surface, colour, body)
        pygame.draw.ellipse(surface, C.FISH_INK, body, max(2, self.s(3)))
        belly = body.inflate(-body.w // 2, -body.h // 2)
        pygame.draw.ellipse(surface, C.FISH_BELLY, belly)
        eye = (body.x + body.w // 5, body.y + body.h // 3)
        pygame.draw.circle(surface, C.FISH_INK, eye, max(2, self.s(5)))
        self.text(surface, str(value), max(28, int(h * 0.5)), C.FISH_INK, belly.center, shadow=False)

    def draw_seat(self, surface, seat: int) -> None:
        turn = seat == self.feed.current_player
        glow = (1.1, 0.5, C.TURN_GLOW, 10) if turn else None
        _rect, _box, plate = self.draw_seat_cat(surface, seat, 70, glow)
        surface.blit(panel(plate.size, C.SCORE_CHIP, self.s(14), max(2, self.s(3)), C.PROMPT_EDGE), plate)
        score = self.app.t("fish_pond.points", n=self.presenter.board["scores"][seat])
        self.text(surface, f"{self.seat_label(seat)} · {score}", 28, P.CREAM, plate.center,
                  max_w=plate.w - self.s(12), min_px=22)
