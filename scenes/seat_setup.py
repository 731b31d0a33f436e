"""Seat setup: 2–6 seats (within the table's range), each a person or a computer with a level,
a name (typed, up to 12 printable characters) and a coat. One obvious next action: Start.

The seats (names, kinds, levels, coats, count) and options chosen for a table are kept in app
state (``remember``) when the game starts or the player goes back, so coming back through the
title finds them again; a table not set up yet starts from the names used last."""

from __future__ import annotations

import random

import pygame

from game.art import palette as P
from game.art.cats import COATS, draw_cat
from game.art.draw import panel
from game.bots.base import bot_names
from game.play.match import new_session
from game.play.session import GameSession, Seat
from game.rules.registry import KITS
from game.runtime import logs
from game.ui.menu import MenuScene, heading_box, title_box
from game.ui.textfit import Box, button_box, draw_fitted, fit_text, register_boxes
from scenes.name_keyboard import (  # noqa: F401  (MAX_NAME re-exported: seat names' vocabulary)
    DELETE_BTN,
    DONE_BTN,
    KB_PANEL,
    MAX_NAME,
    SPACE_BTN,
    NameKeyboard,
    clean_name,
    default_name,
    localised_name,
)

# ---- text boxes (design px), shared by the drawing below and the text-fit test ----------------
COL_W = 280                                   # a seat column
COAT = Box(COL_W - 20, 42, 28)
KIND = Box(COL_W - 2 * 20, 70, 34)           # 20 px of the button left each side ("手牌在這個畫面" filled it)
LEVEL = Box(COL_W - 96, 70, 32)               # between the ◀ ▶ arrows
STATUS = Box(1800, 46, 32)                    # the line under the seats
OPTION_W = 560                                # an option tick box (at most three in a row)
OPTION = Box(OPTION_W - 14 - 40 - 12 - 16, 50, 32)
SMALL_BTN, START_BTN = (250, 100, 40), (470, 130, 52)
register_boxes("seat_setup", {
    "setup.title": heading_box(68), "coat.*": COAT, "setup.person": KIND, "setup.computer": KIND,
    "setup.hand_here": KIND, "setup.hand_phone": KIND, "setup.hand_shared": KIND,
    "setup.hand_about": STATUS,
    "level.*": LEVEL, "level.*.note": STATUS,
    "setup.level_about": STATUS, "setup.editing": STATUS,
    "setup.need_human": STATUS, "setup.seats": STATUS, "*.opt.*": OPTION, "*.opt.*.note": STATUS,
    "setup.no_level": KIND, "setup.option_about": STATUS,
    "setup.remove": button_box(*SMALL_BTN), "setup.add": button_box(*SMALL_BTN),
    "setup.back": button_box(*SMALL_BTN), "setup.start": button_box(*START_BTN),
    "setup.name_for": title_box(KB_PANEL[0], 52), "setup.space": button_box(*SPACE_BTN),
    "setup.delete": button_box(*DELETE_BTN), "hint.done": button_box(*DONE_BTN),
})
for _kit in KITS.values():              # a game may name its own levels (level_key)
    register_boxes("seat_setup", {f"level.{_kit.module}.*": LEVEL, f"level.{_kit.module}.*.note": STATUS})


def memory(app) -> dict:
    """Seat setups kept for this run of the game: {game: (seats, options), "names": [...]}."""
    if not hasattr(app, "seat_memory"):
        app.seat_memory = {}
    return app.seat_memory


def level_key(app, game: str, level: str, part: str = "") -> str:
    """The text key of a level's name (part "") or description (part ".note"): a table may name
    its own levels (``level.<game>.search``), else the shared ``level.search``."""
    own = f"level.{game.replace('-', '_')}.{level}{part}"
    return own if app.i18n.has(own) else f"level.{level}{part}"


def default_level(game: str) -> str:
    names = bot_names(game)
    playing = [n for n in names if n != "random"]
    return playing[0] if playing else (names[0] if names else "random")


class SeatField:
    """One focusable part of a seat column: "coat", "name", "kind" or "level"."""

    radius = 18

    def __init__(self, scene, seat_index: int, part: str, rect):
        self.scene = scene
        self.seat_index = seat_index
        self.part = part
        self.label = f"{part}{seat_index}"
        self.rect = pygame.Rect(rect)
        self.visible = True

    @property
    def seat(self) -> Seat:
        return self.scene.seats[self.seat_index]

    @property
    def enabled(self) -> bool:
        """A person's level row is the phone choice where phones are offered, else only words."""
        return self.part != "level" or not self.seat.human or self.scene.phones_offered()

    def on_press(self) -> None:
        self.scene.press_field(self)

    def draw(self, surface, app, focused: bool) -> None:
        s = app.s
        r = self.rect
        seat = self.seat
        editing = self.scene.editing is self
        if self.part == "coat":
            fill = (58, 66, 112) if focused else (44, 50, 90)
            surface.blit(panel(r.size, fill, s(26), max(3, s(4)), P.PANEL_EDGE, 0), r)
            pygame.draw.ellipse(surface, (96, 60, 110), (r.x + s(40), r.bottom - s(92), r.w - s(80), s(36)))
            pose = "happy" if focused else "idle"    # no thought bubbles: nobody is thinking yet
            draw_cat(
                surface,
                (r.centerx, r.bottom - s(128)),
                s(156),
                seat.coat,
                pose,
                self.scene.t + self.seat_index,
            )
            coat = app.t(f"coat.{seat.coat}")
            draw_fitted(app, surface, coat, COAT, P.MUTED, (r.centerx, r.bottom - s(6)), "midbottom")
            return
        if self.part == "name":
            fill = (250, 240, 222) if editing else ((70, 80, 136) if focused else P.PANEL)
            ink = P.INK if editing else P.CREAM
            surface.blit(panel(r.size, fill, s(18), max(2, s(3)), P.FOCUS if editing else P.PANEL_EDGE, 0), r)
            text = seat.name + ("|" if editing and (self.scene.t * 2) % 2 < 1.2 else "")
            font = app.fit_font(text or " ", 38, r.w - s(24), 28)
            label = app.text(text or " ", font, ink)
            clip = surface.get_clip()
            surface.set_clip(r.inflate(-s(8), 0))
            surface.blit(label, label.get_rect(center=r.center))
            surface.set_clip(clip)
            return
        if self.part == "kind":
            human = seat.human
            fill = (
                ((120, 200, 140) if focused else (92, 170, 112))
                if human
                else ((110, 126, 200) if focused else (80, 94, 160))
            )
            surface.blit(panel(r.size, fill, s(18), max(2, s(3)), P.INK, 0), r)
            text = app.t("setup.person" if human else "setup.computer")
            draw_fitted(app, surface, text, KIND, P.INK, r.center, "center", shadow=False)
            return
        # level
        if seat.human and self.scene.phones_offered():    # where this person's cards are: a choice of its own
            fill = ((70, 150, 150) if focused else (50, 120, 124)) if seat.phone else \
                ((70, 80, 136) if focused else P.PANEL)
            surface.blit(panel(r.size, fill, s(18), max(2, s(3)), P.PANEL_EDGE, 0), r)
            text = app.t(("setup.hand_shared" if seat.shared else "setup.hand_phone") if seat.phone
                         else "setup.hand_here")
            draw_fitted(app, surface, text, KIND, P.CREAM, r.center, "center", shadow=False)
            return
        if seat.human:                       # words, not an empty button (issue 21: "—" read as broken)
            draw_fitted(app, surface, app.t("setup.no_level"), KIND, P.MUTED, r.center, "center",
                        shadow=False)
            return
        fill = (70, 80, 136) if focused else P.PANEL
        surface.blit(panel(r.size, fill, s(18), max(2, s(3)), P.PANEL_EDGE, 0), r)
        arrows = P.LAMP if focused else P.MUTED
        for glyph, x in (("◀", r.x + s(26)), ("▶", r.right - s(26))):
            app.draw_text(surface, glyph, app.font(30), arrows, (x, r.centery), "center", shadow=False)
        level = app.t(level_key(app, self.scene.info.game, seat.level))
        draw_fitted(app, surface, level, LEVEL, P.CREAM, r.center, "center", shadow=False)


class OptionField:
    """A yes/no table option (``TableInfo.options``): a tick box and its label. An option whose
    ``needs`` is off is greyed out and counts as off."""

    radius = 18

    def __init__(self, scene, option, rect):
        self.scene = scene
        self.option = option
        self.label = f"opt:{option.key}"
        self.rect = pygame.Rect(rect)
        self.visible = True

    @property
    def enabled(self) -> bool:
        needs = self.option.needs
        return needs is None or bool(self.scene.options.get(needs))

    @property
    def on(self) -> bool:
        return self.enabled and bool(self.scene.options.get(self.option.key))

    def on_press(self) -> None:
        self.scene.options[self.option.key] = not self.scene.options.get(self.option.key)

    def draw(self, surface, app, focused: bool) -> None:
        s = app.s
        r = self.rect
        enabled = self.enabled
        fill = (70, 80, 136) if focused else (P.PANEL if enabled else (40, 44, 70))
        edge = P.PANEL_EDGE if enabled else (60, 64, 96)
        surface.blit(panel(r.size, fill, s(18), max(2, s(3)), edge, 0), r)
        box = pygame.Rect(0, 0, s(40), s(40))
        box.midleft = (r.x + s(14), r.centery)
        pygame.draw.rect(surface, P.CREAM if enabled else (90, 94, 124), box, border_radius=s(8))
        if self.on:
            pts = [(box.x + box.w * 0.2, box.centery), (box.x + box.w * 0.42, box.bottom - box.h * 0.22),
                   (box.right - box.w * 0.16, box.y + box.h * 0.2)]
            pygame.draw.lines(surface, P.GOOD, False, pts, max(3, s(6)))
        text = app.t(self.option.label_key)
        ink = P.CREAM if enabled else (110, 114, 144)
        draw_fitted(app, surface, text, OPTION, ink, (box.right + s(12), r.centery), "midleft", align="left",
                    shadow=False)


class SeatSetupScene(MenuScene):
    def __init__(self, app, table_info, seats: list[Seat] | None = None, options: dict | None = None):
        super().__init__(app)
        self.info = table_info
        table_options = getattr(table_info, "options", ())
        kept = memory(app).get(table_info.game)
        if seats is None and options is None and kept is not None:
            seats, options = kept
        self.options = {o.key: o.is_set_in(options) if options is not None else o.default
                        for o in table_options}
        self.lo, self.hi = table_info.players
        self.levels = bot_names(table_info.game) or ["random"]
        self.editing: SeatField | None = None
        self.fresh_edit = False
        self.name_before_edit = ""
        if seats is None:
            count = max(self.lo, min(4, self.hi))
            names = memory(app).get("names", [])
            seats = [
                Seat(
                    names[i] if i < len(names) else default_name(i, app.t),
                    "human" if i == 0 else "bot",
                    default_level(table_info.game),
                    COATS[i % len(COATS)],
                )
                for i in range(count)
            ]
        self.seats = [Seat(s.name, s.kind, s.level if s.level in self.levels or s.human
                           else default_level(table_info.game), s.coat, s.human and s.phone,
                           s.human and s.phone and s.shared)
                      for s in seats[:self.hi]]
        self.follow_language()

    def follow_language(self) -> None:
        """Default names (not typed ones) in the language now, also after a switch (issue 21)."""
        self.lang = self.app.i18n.lang
        for seat in self.seats:
            seat.name = localised_name(seat.name, self.app.t)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.i18n.lang != self.lang:
            self.follow_language()

    def remember(self) -> None:
        """Keep these seats and options for the next visit (app state, not saved to disk)."""
        kept = memory(self.app)
        kept[self.info.game] = ([Seat(s.name, s.kind, s.level, s.coat, s.phone, s.shared)
                                 for s in self.seats],
                                dict(self.chosen_options()))
        kept["names"] = [s.name for s in self.seats]

    @property
    def hints(self):
        if self.editing is not None:   # typing straight into the name (keyboard)
            return [("text", "hint.type"), ("delete", "hint.delete"), ("confirm", "hint.done"),
                    ("back", "hint.cancel")]
        if self.app.device in ("mouse", "touch"):
            return [("confirm", "hint.change"), ("help", "hint.help"), ("back", "hint.back")]
        return [
            ("move", "hint.move"),
            ("confirm", "hint.change"),
            ("pause", "hint.start"),
            ("help", "hint.help"),
            ("back", "hint.back"),
        ]

    # ---- layout ----------------------------------------------------------------------------------
    @property
    def lift(self) -> int:
        """Design px the seats and their line stand higher, and the buttons lower, when a row of
        options lies between them (issue 21: the row sat on the backing's border, on the buttons)."""
        return 20 if getattr(self.info, "options", ()) else 0

    def status_y(self) -> int:
        return self.y(716 - self.lift)

    def layout(self) -> None:
        s = self.app.s
        design_w = self.app.size[0] / self.app.scale
        n = len(self.seats)
        col_w, gap = COL_W, 26
        total = n * col_w + (n - 1) * gap
        x0 = (design_w - total) / 2
        up, down = self.lift, self.lift * 4 // 5
        widgets = []
        for i in range(n):
            x = x0 + i * (col_w + gap)
            widgets.append(SeatField(self, i, "coat", (s(x), self.y(170 - up), s(col_w), s(250))))
            widgets.append(SeatField(self, i, "name", (s(x), self.y(440 - up), s(col_w), s(76))))
            widgets.append(SeatField(self, i, "kind", (s(x), self.y(532 - up), s(col_w), s(76))))
            widgets.append(SeatField(self, i, "level", (s(x), self.y(624 - up), s(col_w), s(76))))
        cx = design_w / 2
        table_options = getattr(self.info, "options", ())
        if table_options:  # one row of yes/no table options between the seats and the buttons
            ow = min(OPTION_W, (1800 - 20 * (len(table_options) - 1)) / len(table_options))
            ox = cx - (ow * len(table_options) + 20 * (len(table_options) - 1)) / 2
            for k, option in enumerate(table_options):
                widgets.append(OptionField(self, option, (s(ox + k * (ow + 20)), self.y(758), s(ow), s(54))))
        small = SMALL_BTN[:2]
        self.remove_btn = self.button((cx - 800, 860 + down, *small), "setup.remove", self.remove_seat,
                                      enabled=n > self.lo)
        self.add_btn = self.button((cx - 530, 860 + down, *small), "setup.add", self.add_seat,
                                   enabled=n < self.hi)
        self.back_btn = self.button((cx - 260, 860 + down, *small), "setup.back", self.on_back)
        self.start_btn = self.button(
            (cx + 330, 845 + down, *START_BTN[:2]), "setup.start", self.start, primary=True, px=START_BTN[2]
        )
        keep = self.focus.focused
        target = None
        if isinstance(keep, SeatField):
            target = next((w for w in widgets if w.label == keep.label and w.enabled), None)
        self.set_widgets(
            widgets + [self.remove_btn, self.add_btn, self.back_btn, self.start_btn],
            focus=target or (None if keep is not None else self.start_btn),
        )
        if self.focus.focused is None or not self.focus.usable(self.focus.focused):
            self.focus.set_focus(self.start_btn)

    # ---- actions ---------------------------------------------------------------------------------
    def press_field(self, field: SeatField) -> None:
        seat = field.seat
        if field.part == "coat":
            self.next_coat(seat)
        elif field.part == "kind":          # person <-> computer; a phone is its own choice (the level row)
            seat.kind, seat.phone, seat.shared = ("bot" if seat.human else "human"), False, False
        elif field.part == "level":
            self.cycle_level(seat, 1)
        elif field.part == "name":
            if self.app.device == "keyboard":
                self.start_editing(field)  # type straight into the field
            else:  # pad, mouse, touch: the on-screen keyboard
                self.app.stack.push(NameKeyboard(self.app, seat, field.seat_index))

    def phones_offered(self) -> bool:
        """A person may hold their hand on a phone here: the table hides hands (it has a phone
        kit) and the setting allows phones (a kiosk: the operator switched them on)."""
        from scenes.table.phones import phones_enabled

        return phones_enabled(self.app) and bool(getattr(self.info, "phone", None))

    def cycle_level(self, seat: Seat, step: int) -> None:
        """The next level; for a person (phones offered) the next place for the cards: on this
        screen, on a phone of its own, on a phone shared with other such seats (a choice of its
        own: one click on "Person" used to give a phone seat)."""
        if seat.human:
            places = [(False, False)] + ([(True, False), (True, True)] if self.phones_offered() else [])
            at = places.index((seat.phone, seat.shared)) if (seat.phone, seat.shared) in places else 0
            seat.phone, seat.shared = places[(at + step) % len(places)]
            return
        i = self.levels.index(seat.level) if seat.level in self.levels else 0
        seat.level = self.levels[(i + step) % len(self.levels)]

    def start_editing(self, field: SeatField) -> None:
        self.editing = field
        self.fresh_edit = True  # the first typed text replaces the old name
        self.name_before_edit = field.seat.name
        self.app.input.set_text_mode(True)

    def stop_editing(self, cancel: bool = False) -> None:
        if self.editing is not None:
            seat = self.editing.seat
            if cancel:
                seat.name = self.name_before_edit
            seat.name = clean_name(seat.name).strip() or default_name(self.editing.seat_index, self.app.t)
        self.editing = None
        self.app.input.set_text_mode(False)

    def add_seat(self) -> None:
        if len(self.seats) >= self.hi:
            return
        i = len(self.seats)
        used = {s.coat for s in self.seats}
        coat = next((c for c in COATS if c not in used), COATS[i % len(COATS)])
        self.seats.append(Seat(default_name(i, self.app.t), "bot", default_level(self.info.game), coat))
        self.layout()
        if not self.add_btn.enabled:
            self.focus.set_focus(self.remove_btn)

    def remove_seat(self) -> None:
        if len(self.seats) <= self.lo:
            return
        self.seats.pop()
        self.layout()
        if not self.remove_btn.enabled:
            self.focus.set_focus(self.add_btn)

    def next_coat(self, seat) -> None:
        """The seat's next coat. Where the rules score a seat's cat (the kit's ``seat_cats``),
        only those cats, each seat a different one: a computer seat holding the cat a person
        picks takes the person's old one; a cat another person holds is passed over."""
        allowed = getattr(self.info, "seat_cats", ()) or COATS
        if not getattr(self.info, "seat_cats", ()):
            here = allowed.index(seat.coat) if seat.coat in allowed else -1
            seat.coat = allowed[(here + 1) % len(allowed)]
            return
        start = allowed.index(seat.coat) if seat.coat in allowed else -1
        for k in range(1, len(allowed) + 1):
            coat = allowed[(start + k) % len(allowed)]
            holder = next((s for s in self.seats if s is not seat and s.coat == coat), None)
            if holder is None or not holder.human:
                if holder is not None:
                    holder.coat = seat.coat if seat.coat in allowed else next(
                        c for c in allowed if all(s.coat != c for s in self.seats))
                seat.coat = coat
                return

    def make_session(self, seed: int | None = None) -> GameSession:
        if seed is None:
            seed = getattr(self.app, "seed", None)
            seed = random.SystemRandom().randrange(1 << 31) if seed is None else seed
            self.app.seed = None  # --seed fixes the first game only
        phones = self.phones_offered()
        seats = [Seat(s.name, s.kind, s.level, s.coat, s.human and s.phone and phones,
                      s.human and s.phone and s.shared and phones) for s in self.seats]
        return new_session(self.info.game, seats, seed, self.chosen_options())   # simulate's game 0 of seed

    def chosen_options(self) -> dict:
        """The engine options picked in the options row (those switched on, needs met)."""
        chosen = {}
        for option in getattr(self.info, "options", ()):
            if self.options.get(option.key) and (option.needs is None or self.options.get(option.needs)):
                chosen.update(option.engine_options())
        return chosen

    def start(self) -> None:
        self.stop_editing()
        self.remember()
        session = self.make_session()
        self.app.log.info("new %s: %s, seats %s", logs.game_ref(session), self.info.game,
                          [(s.name, s.kind, s.level) for s in session.seats])   # the seed only with --debug
        self.app.stack.push(self.info.scene_class()(self.app, session))

    def exit(self) -> None:
        self.stop_editing()
        self.remember()

    def on_help(self) -> bool:
        from scenes.rules_help import RulesHelpScene

        self.app.audio.play("ui_confirm")
        self.app.stack.push(RulesHelpScene(self.app, self.info.game))
        return True

    # ---- input -----------------------------------------------------------------------------------
    def handle(self, intent) -> None:
        if self.editing is not None:
            self.handle_editing(intent)
            return
        focused = self.focus.focused
        if intent.kind == "pause":  # Start / P: start the game from anywhere here
            self.app.audio.play("ui_confirm")
            self.start()
            return
        if isinstance(focused, SeatField) and focused.part == "level" and focused.enabled:
            # Left/Right (and X) change the level, like the arrows drawn on it; Up/Down leave it
            step = {"left": -1, "right": 1}.get(intent.direction) if intent.kind == "move" else None
            if intent.kind == "alt":
                step = -1
            if step is not None:
                self.cycle_level(focused.seat, step)
                self.app.audio.play("ui_move")
                return
        if intent.kind == "move" and self.option_between(focused, intent.direction):
            return
        if intent.kind == "move":          # rows, not the nearest-anything rule: no wrap, no diagonal jumps
            self.focus.move_in_rows(intent.direction)
            return
        super().handle(intent)

    def option_between(self, focused, direction: str | None) -> bool:
        """The options row lies between the seats and the buttons: Down from a seat's bottom row
        and Up from a button go to its nearest option (the nearest-thing rule jumped over a
        centred "Short game" to the buttons: stranger 6, defect 6)."""
        from_seat = direction == "down" and isinstance(focused, SeatField) and focused.part == "level"
        from_button = direction == "up" and focused in (self.remove_btn, self.add_btn, self.back_btn,
                                                        self.start_btn)
        options = [w for w in self.focus.items if isinstance(w, OptionField) and self.focus.usable(w)]
        if not (from_seat or from_button) or not options:
            return False
        x = pygame.Rect(focused.rect).centerx
        return self.focus.set_focus(min(options, key=lambda w: abs(pygame.Rect(w.rect).centerx - x)))

    def handle_editing(self, intent) -> None:
        seat = self.editing.seat
        if intent.kind == "text":
            seat.name = clean_name(("" if self.fresh_edit else seat.name) + intent.text)
            self.fresh_edit = False
            self.app.audio.play("ui_move")
        elif intent.kind == "back" and intent.text == "\b":
            seat.name = seat.name[:-1]
            self.fresh_edit = False
        elif intent.kind == "back":          # Esc: cancel, the name is what it was
            self.stop_editing(cancel=True)
            self.app.audio.play("ui_back")
        elif intent.kind in ("confirm", "next", "prev"):
            self.stop_editing()
            self.app.audio.play("ui_confirm")
        elif intent.kind == "click":
            self.stop_editing()
            super().handle(intent)
        elif intent.kind == "move" and intent.direction in ("up", "down"):
            self.stop_editing()
            super().handle(intent)

    # ---- frame -----------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        app, s = self.app, self.app.s
        self.draw_background(surface)
        # a lifted block (a row of options) lifts its heading too: the descenders of "playing" sat
        # on the backing's top border (issue 21 #14)
        self.heading_rect = self.draw_heading(surface, app.t("setup.title", game=app.t(self.info.title_key)),
                                              y=40 - self.lift // 2, px=68)
        w = surface.get_width()
        self.draw_backing(surface)
        text, colour = self.status_text()
        draw_fitted(app, surface, text, STATUS, colour, (w // 2, self.status_y()), "midtop")
        self.draw_widgets(surface)
        for i in range(len(self.seats)):
            coat = self.widgets[i * 4].rect
            tag = app.text(str(i + 1), app.font(30), P.INK)
            badge = pygame.Rect(0, 0, s(48), s(48))
            badge.topleft = (coat.x + s(10), coat.y + s(10))
            pygame.draw.ellipse(surface, P.LAMP, badge)
            surface.blit(tag, tag.get_rect(center=badge.center))
        self.draw_hints(surface)

    def draw_backing(self, surface) -> None:
        """A dim panel behind the seats, the line under them and the options, so the skyline's
        lit windows never stand behind words (issue 21)."""
        s = self.app.s
        fields = [w.rect for w in self.widgets if isinstance(w, (SeatField, OptionField))]
        if not fields:
            return
        block = fields[0].unionall(fields[1:])
        # as wide as the line's words now (the phone tip ran past a panel as wide as the seats)
        words = fit_text(self.app, self.status_text()[0], STATUS).width + s(40)
        line = pygame.Rect(0, 0, max(block.w, s(900), words), s(50))
        line.midtop = (surface.get_width() // 2, self.status_y() - s(2))
        block = block.union(line).inflate(s(48), s(40))
        block.h += s(8)                            # the options row clear of the bottom border
        cut = s(self.lift // 2)           # a lifted block: a narrower top margin, clear of the heading
        block.y, block.h = block.y + cut, block.h - cut
        self.backing_rect = block
        backing = panel(block.size, (22, 20, 44), s(30), max(2, s(3)), (70, 74, 120), 0)
        backing.set_alpha(240)
        surface.blit(backing, block)

    def status_text(self) -> tuple[str, tuple]:
        """The line under the seats: typing help, the focused level explained, a tip, or the count."""
        app = self.app
        focused = self.focus.focused
        if self.editing:
            return app.t("setup.editing"), P.CYAN
        if isinstance(focused, SeatField) and focused.part == "level" and focused.seat.human:
            if focused.enabled:
                return app.t("setup.hand_about"), P.LAMP_SOFT
        elif isinstance(focused, SeatField) and focused.part == "level" and focused.enabled:
            level = focused.seat.level
            game = self.info.game
            name, note = app.t(level_key(app, game, level)), app.t(level_key(app, game, level, ".note"))
            about = app.t("setup.level_about", level=name, note=note)
            return about, P.LAMP_SOFT
        if isinstance(focused, OptionField):       # what the option does, from its table's texts
            note = focused.option.label_key + ".note"
            if app.i18n.has(note):
                return app.t("setup.option_about", option=app.t(focused.option.label_key),
                             note=app.t(note)), P.LAMP_SOFT
        if not any(seat.human for seat in self.seats):
            return app.t("setup.need_human"), P.MUTED
        return app.t("setup.seats", n=len(self.seats)), P.MUTED
