"""The title screen: the town at dusk, a lit doorway for each table that exists, cats walking
the street, and one thing to do: press any button (or click) to choose a table."""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cats import COATS, draw_walking_cat
from game.art.draw import focus_outline, panel
from game.art.town import door_light, doorway, street_light
from game.runtime.settings import LANGUAGES
from game.ui import Button
from game.ui.focus import FocusGroup
from game.ui.menu import MenuScene
from game.ui.textfit import Box, button_box, fit_text, register_boxes
from scenes.continue_game import continue_scene
from scenes.tables import all_tables, available_tables, table_info

LOGO = Box(1800, 180, 128, ("shrink",), min_px=72)
TAGLINE = Box(1700, 60, 40)
DOOR_SIGN = Box(330, 56, 36)        # the sign over a doorway (houses are 360 design px wide)
PRESS = Box(1720, 60, 40)
CONTINUE = (620, 64)          # "Continue: <table>", a quiet button under the tagline (issue 21)
CONTINUE_GAP = 22             # design px between the tagline's box and it
PULSE_STEPS = 4               # levels each side of a door light's breathing (each step redraws the door)
register_boxes("title", {
    "app.title": LOGO, "app.tagline": TAGLINE, "table.*.title": DOOR_SIGN, "title.door_closed": DOOR_SIGN,
    "title.press_any": PRESS, "title.no_tables": PRESS, "kiosk.continue": button_box(*CONTINUE),
    "title.continue": button_box(*CONTINUE, px=34),
})

START_KINDS = ("click", "confirm", "pause", "next", "prev", "skip", "move", "text")
CORNER = (300, 72, 32)        # Settings (top right) and the other language (top left)
register_boxes("title", {"title.settings": button_box(*CORNER), "title.language": button_box(*CORNER)})


CAT_GAP = 150                 # design px: two walking cats never come closer (a cat, tail out, is 138 wide)


class WalkingCat:
    def __init__(self, coat: str, x: float, speed: float, phase: float):
        self.coat = coat
        self.x = x              # design px
        self.speed = speed      # design px per second, sign = direction
        self.phase = phase

    def update(self, dt: float) -> None:
        self.x += self.speed * dt
        if self.x > 2040:
            self.speed = -abs(self.speed)
        elif self.x < -120:
            self.speed = abs(self.speed)


class Spot:
    """A place on the title the arrows can focus: its window rect and a name for what Enter does."""

    def __init__(self, name: str, rect) -> None:
        self.name = name
        self.rect = pygame.Rect(rect)


class TitleScene(MenuScene):
    # above 1080p only what moved is drawn again (game/runtime/dirty.py); the doors' light
    # breathes in steps (PULSE_STEPS) so that most frames leave it as it was
    dirty_redraw = True

    @property
    def hints(self):
        items = [("any", "hint.start"), ("help", "hint.help"), ("alt", "title.settings")]
        if getattr(self, "continue_button", None) is not None and self.app.device not in ("mouse", "touch") \
                and self.spot == "continue":
            # Enter/A resumes the saved game: the footer says so (it said only "Any key: Play")
            items.insert(0, ("confirm", "kiosk.continue"))
        return items if self.app.kiosk else items + [("back", "hint.quit")]

    def __init__(self, app):
        super().__init__(app)
        self._tables: list | None = None
        self.cats = [WalkingCat(COATS[i], 200 + i * 420, (70 + 23 * i) * (-1 if i % 2 else 1), i * 1.3)
                     for i in range(4)]
        self.pointer: tuple[int, int] | None = None    # where the mouse rests (a house under it is lit up)
        self.spot = "start"     # what the arrows have focused: "start" (press any key), "continue", ...
        self.moved = False      # an arrow has moved it (the pill then gets a focus ring too)

    @property
    def tables(self) -> list:
        """The tables that open, checked when the title is first drawn or used (not when it is
        built under a resumed game: that would import and load every table before the game)."""
        if self._tables is None:
            self._tables = available_tables()
        return self._tables

    @property
    def open(self) -> set[str]:
        return {t.game for t in self.tables}

    def enter(self) -> None:
        super().enter()
        self.app.input.set_text_mode(False)
        # "Continue" a saved game (kiosk mode resumes by itself): Enter/A or a click on the button
        from game.play.saves import load_resumable
        self.continue_button = None
        session = None if self.app.kiosk else load_resumable(self.app.home)
        if session is not None:
            # it says which table, stands clear under the tagline, and is not a second yellow
            # call to action beside "press any key" (issue 21)
            try:
                self.continue_title = table_info(session.game_name).title_key
            except KeyError:
                self.continue_title = None
            key = "title.continue" if self.continue_title else "kiosk.continue"
            self.continue_button = Button(self.continue_rect(), key)
            self.continue_button.box = button_box(*CONTINUE, px=34)
        # keys start where Enter acts: on Continue when there is a saved game, else on the pill
        self.spot = "continue" if self.continue_button is not None else "start"

    def continue_rect(self) -> pygame.Rect:
        s = self.app.s
        rect = pygame.Rect(0, 0, s(CONTINUE[0]), s(CONTINUE[1]))
        rect.midtop = (self.app.size[0] // 2, self.tagline_top() + s(TAGLINE.h + CONTINUE_GAP))
        return rect

    def corner_buttons(self) -> list[Button]:
        """Settings (X, pad X, a click) and the other language (a click: one press, seen at once,
        for a stranger who cannot read the first one)."""
        s, w = self.app.s, self.app.size[0]
        other = next(lang for lang in LANGUAGES if lang != self.app.settings.language)
        buttons = []
        named = {"lang": self.app.t(f"lang.{other}")}
        for i, (label, fmt) in enumerate((("title.settings", {}), ("title.language", named))):
            b = Button((0, 0, s(CORNER[0]), s(CORNER[1])), label, px=CORNER[2], fmt=fmt)
            b.box = button_box(*CORNER)
            top = self.app.oy // 2 + s(24)       # one in each top corner, clear of the logo
            if i == 0:
                b.rect.topright = (w - s(28), top)
            else:
                b.rect.topleft = (s(28), top)
            buttons.append(b)
        return buttons

    def pill_rect(self) -> pygame.Rect:
        """The "press any key" pill at rest (it breathes a few px around this when drawn)."""
        s, (w, h) = self.app.s, self.app.size
        text = self.app.t("title.press_any") if self.tables else self.app.t("title.no_tables")
        label = self.app.text(text, self.app.font(fit_text(self.app, text, PRESS).px), P.INK)
        pill = pygame.Rect(0, 0, label.get_width() + s(80), label.get_height() + s(16))
        pill.center = (w // 2, h - s(78) - s(46))
        return pill

    def spots(self) -> list[Spot]:
        """Everything the arrows can reach, where it is drawn: the two corner buttons, Continue,
        the lit houses and the pill."""
        out = [Spot(b.label, b.rect) for b in self.corner_buttons()]
        if self.continue_button is not None:
            out.append(Spot("continue", self.continue_rect()))
        out += [Spot("house:" + info.game, rect) for info, rect in self.house_rects()
                if info.game in self.open]
        if self.tables:
            out.append(Spot("start", self.pill_rect()))
        return out

    def move_spot(self, direction: str) -> None:
        """An arrow goes from the focused spot to the nearest one that way, row by row as in seat
        setup (Right from the start went straight into Hungry Meow's table: a surprise); at an
        edge it stays."""
        spots = self.spots()
        group = FocusGroup(spots, wrap=False)
        group.set_focus(next((p for p in spots if p.name == self.spot), spots[-1] if spots else None))
        if group.focused is not None and group.move_in_rows(direction):
            self.spot = group.focused.name
            self.moved = True
            self.app.audio.play("ui_move")

    def focused_house(self):
        if not self.spot.startswith("house:"):
            return None
        return next((info for info in self.tables if "house:" + info.game == self.spot), None)

    def start(self, house=None) -> None:
        from scenes.table_select import TableSelectScene

        self.app.audio.play("ui_confirm")
        select = TableSelectScene(self.app, focus_game=house.game if house else None)
        self.app.stack.push(select)
        if house is not None:            # a lit house opens its own table (issue 21)
            select.choose(house)

    def open_settings(self) -> None:
        from scenes.settings import SettingsScene

        self.app.audio.play("ui_confirm")
        self.app.stack.push(SettingsScene(self.app))

    def switch_language(self) -> None:
        other = next(lang for lang in LANGUAGES if lang != self.app.settings.language)
        self.app.set_language(other)
        self.app.save_settings()
        self.app.audio.play("ui_move")

    def ask_quit(self) -> None:
        from scenes.ask import AskScene

        self.app.audio.play("ui_back")
        self.app.stack.push(AskScene(self.app, "ask.quit_app", "ask.quit_app_yes", self.app.quit))

    def tagline_top(self) -> int:
        return self.app.oy // 2 + self.app.s(28) + self.app.s(172)

    def hovered(self):
        """The lit house the mouse rests on, drawn as chosen (None: no house looks chosen; the
        Hungry Meow house's pink sign read as selected whatever the mouse did: stranger40e)."""
        if self.pointer is None or self.app.device != "mouse":
            return None
        return self.house_at(self.pointer)

    @staticmethod
    def sign_colour(info, lit: bool, on: bool):
        """A sign's words: its table's own colour on the house pointed at, one lamp colour on
        every other lit house (Hungry Meow's pink among gold signs read as chosen: strangers 7
        and 8), muted on a closed one."""
        if not lit:
            return P.MUTED
        return P.TABLE_COLOURS.get(info.game, (P.PANEL, P.LAMP, P.CYAN))[1] if on else P.LAMP_SOFT

    def handle(self, intent) -> None:
        if intent.kind in ("point", "drag"):
            self.pointer = intent.pos
            return
        corner = [b for b in self.corner_buttons()
                  if intent.kind == "click" and intent.pos and b.rect.collidepoint(intent.pos)]
        if intent.kind == "move" and self.tables:
            self.move_spot(intent.direction)
            return
        if intent.kind == "confirm" and self.spot in ("title.settings", "title.language"):
            corner = [b for b in self.corner_buttons() if b.label == self.spot]
        if intent.kind == "back":
            if not self.app.kiosk:          # quitting is asked: one stray Esc ended the program
                self.ask_quit()
        elif intent.kind == "alt" or (corner and corner[0].label == "title.settings"):
            self.open_settings()
        elif corner:
            self.switch_language()
        elif intent.kind == "help" and self.tables:
            from scenes.rules_help import RulesHelpScene

            self.app.audio.play("ui_confirm")
            self.app.stack.push(RulesHelpScene(self.app, self.tables[0].game))
        elif self.continue_button is not None and (
                (intent.kind == "confirm" and self.spot == "continue") or (
                intent.kind == "click" and self.continue_button.rect.collidepoint(intent.pos))):
            scene = continue_scene(self.app)
            self.continue_button = None
            self.spot = "start"
            if scene is not None:
                self.app.audio.play("ui_confirm")
                self.app.stack.push(scene)
        elif intent.kind in START_KINDS:
            if intent.kind == "click":
                house = self.house_at(intent.pos) if intent.pos else None
            else:                            # a key: the house the arrows are on, if any
                house = self.focused_house() if intent.kind == "confirm" else None
            self.start(house)

    def house_rects(self) -> list[tuple[object, pygame.Rect]]:
        """(table info, window rect) of each house along the street, as drawn."""
        w, h = self.app.size
        s = self.app.s
        street = int(h * 0.76)
        tables = all_tables()
        out = []
        for i, info in enumerate(tables):
            rect = pygame.Rect(0, 0, s(360), s(470))
            rect.midbottom = (int(w * (i + 1) / (len(tables) + 1)), street + s(4))
            out.append((info, rect))
        return out

    def house_at(self, pos):
        """The table whose lit house is at ``pos`` (None: the street, a closed house)."""
        return next((info for info, rect in self.house_rects()
                     if rect.collidepoint(pos) and info.game in self.open), None)

    def update(self, dt: float) -> None:
        super().update(dt)
        if getattr(self.app.settings, "reduce_motion", False):
            return                  # the cats sit where they are, not walking (reduce motion)
        for cat in self.cats:
            cat.update(dt)
        # two cats that meet turn back rather than walk through each other (stranger 6): the one
        # walking towards the other turns (both, when they face each other)
        for i, a in enumerate(self.cats):
            for b in self.cats[i + 1:]:
                d = b.x - a.x
                if abs(d) < CAT_GAP:
                    if a.speed * d > 0:
                        a.speed = -a.speed
                    if b.speed * -d > 0:
                        b.speed = -b.speed

    def draw(self, surface) -> None:
        app, s = self.app, self.app.s
        w, h = surface.get_size()
        self.draw_background(surface)
        # houses with doorways along the street
        street = int(h * 0.76)
        house = (s(360), s(470))
        chosen = self.hovered() or self.focused_house()
        for i, (info, rect) in enumerate(self.house_rects()):
            cx = rect.centerx
            lit = info.game in self.open
            if lit:
                light = door_light((s(520), s(520)), info.game)
                pulse = 0.8 + 0.2 * round(PULSE_STEPS * math.sin(self.t * 2.2 + i)) / PULSE_STEPS
                light.set_alpha(int(255 * pulse))
                surface.blit(light, light.get_rect(center=(cx, street - s(120))))
            surface.blit(doorway(house, info.game, lit), rect)
            if lit:  # warm light spilling out of the door onto the wet street
                spill = street_light((s(420), s(110)), info.game)
                spill.set_alpha(int(200 * pulse))
                surface.blit(spill, spill.get_rect(midtop=(cx, street - s(6))))
            label = app.t(info.title_key) if lit else app.t("title.door_closed")
            font = app.font(fit_text(app, label, DOOR_SIGN).px)
            on = chosen is not None and chosen.game == info.game
            colour = self.sign_colour(info, lit, on)
            sign = app.text(label, font, colour)
            plate = pygame.Rect(0, 0, sign.get_width() + s(36), sign.get_height() + s(14))
            plate.center = (cx, rect.top + s(126))
            # the sign's rim in its table's colour only on the house the mouse is on; the others
            # in the same quiet rim, so no house reads as chosen before one is
            quiet = tuple((c + 2 * m) // 3 for c, m in zip(colour, P.PANEL_EDGE, strict=True))
            back = (44, 38, 70) if on else (20, 18, 34)
            rim = colour if on or not lit else quiet
            surface.blit(panel(plate.size, back, s(14), max(2, s(3)), rim), plate)
            surface.blit(sign, sign.get_rect(center=plate.center))
        if chosen is not None:
            rect = next(r for info, r in self.house_rects() if info.game == chosen.game)
            focus_outline(surface, rect, self.t, app.scale, s(18))
        # logo
        title = app.t("app.title")
        top = app.oy // 2 + s(28)  # taller windows: the logo comes down a little
        logo = app.font(fit_text(app, title, LOGO).px)
        app.draw_text(surface, title, logo, P.PINK, (w // 2 + s(5), top + s(5)), "midtop", shadow=False)
        app.draw_text(surface, title, logo, P.LAMP_SOFT, (w // 2, top), "midtop")
        tagline = app.t("app.tagline")
        app.draw_text(surface, tagline, app.font(fit_text(app, tagline, TAGLINE).px), P.CREAM,
                      (w // 2, top + s(172)), "midtop")
        # cats on the street
        for cat in self.cats:
            pos = (s(cat.x), street + s(26))
            step = 0.0 if getattr(app.settings, "reduce_motion", False) else self.t + cat.phase
            draw_walking_cat(surface, pos, s(100), cat.coat, step, flip=cat.speed < 0,
                             steps_per_second=abs(cat.speed) / 60)
        # the one thing to do
        text = app.t("title.press_any") if self.tables else app.t("title.no_tables")
        font = app.font(fit_text(app, text, PRESS).px)
        label = app.text(text, font, P.INK)
        pill = self.pill_rect()
        grow = int(s(6) * (0.5 + 0.5 * math.sin(self.t * 3.0)))
        pill = pill.inflate(grow * 2, grow)
        surface.blit(panel(pill.size, P.LAMP, pill.h // 2, max(2, s(4)), (255, 250, 220), s(6)), pill)
        surface.blit(label, label.get_rect(center=pill.center))
        if self.spot == "start" and self.moved:   # the arrows came back to it: show where they are
            focus_outline(surface, pill, self.t, app.scale, pill.h // 2)
        if self.continue_button is not None:
            b = self.continue_button
            b.rect = self.continue_rect()
            b.fmt = {"game": app.t(self.continue_title)} if self.continue_title else {}
            b.draw(surface, app, self.spot == "continue")
        for b in self.corner_buttons():     # a kiosk's visitor gets its harmless rows only
            b.draw(surface, app, self.spot == b.label)
        self.draw_hints(surface)
