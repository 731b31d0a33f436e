"""The kiosk's staff screens: the hold-to-exit progress, the PIN pad, the admin menu, today's stats.

The kiosk controller pushes ``AdminHoldScene`` as soon as Esc (or a pad's Start+Back) is held; it
shows the hold filling up and gives way to ``PinScene`` after ``HOLD_SECONDS``, or vanishes when the
hold ends early. The PIN pad works with the pointer (click/tap the keys), a pad (move, A presses,
B deletes / cancels) and the keyboard (digits, Backspace, Enter, Esc). A right PIN opens
``AdminMenuScene``: resume, settings, session stats, change PIN, quit to desktop (in the nap screen:
try again, quit to desktop). Staff screens close themselves after the idle-reset time without input,
so a kiosk is never left unlocked.
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.play import records as records_mod
from game.runtime.scene import Scene
from game.ui import Button, FocusGroup, draw_hints
from kiosk import admin as rules
from kiosk import look
from kiosk.lock import AdminLock
from scenes.settings import SettingsScene
from scenes.tables import all_tables

KEYS = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "del", "0", "ok")


def _controller(app):
    return getattr(app, "kiosk_controller", None)


def _lock(app) -> AdminLock:
    """The kiosk's admin lock (one per process, shared by every PIN pad)."""
    controller = _controller(app)
    if controller is not None:
        return controller.lock
    return AdminLock.open(app.home, app.log)


class _StaffScene(Scene):
    overlay = True
    kiosk_screen = True
    staff = True

    def __init__(self, app):
        super().__init__(app)
        self.t = 0.0
        self.quiet = 0.0
        self.opened = app.clock_time

    def auto_close(self) -> float:
        controller = _controller(self.app)
        return controller.rules.idle_reset if controller is not None else 90.0

    def update(self, dt: float) -> None:
        self.t += dt
        # quiet time since this screen opened or since the last input, whichever is later (the
        # menu under the stats screen counts its time under it too: both close together)
        self.quiet = min(self.app.clock_time - self.opened, self.app.idle_seconds)
        if self.quiet >= self.auto_close():
            self.app.log.info("kiosk: %s closed after no input", type(self).__name__)
            self.close()

    def close(self) -> None:
        self.app.stack.pop()


class AdminHoldScene(_StaffScene):
    """"Keep holding": a ring that fills while the admin hold lasts."""

    def __init__(self, app):
        super().__init__(app)
        self.gone = False

    def handle(self, intent) -> None:
        pass                     # what the held keys do while holding is nothing

    def update(self, dt: float) -> None:
        self.t += dt
        if self.gone:
            return
        held = rules.hold_seconds(self.app.input)
        if held <= 0:
            self.gone = True
            self.app.stack.pop()
        elif held >= rules.HOLD_SECONDS:
            self.gone = True
            self.app.log.info("kiosk: admin hold complete; asking for the PIN")
            nap = getattr(_controller(self.app), "role", "") == "nap"
            self.app.stack.replace(PinScene(self.app, "unlock-nap" if nap else "unlock"))

    def draw(self, surface) -> None:
        app = self.app
        held = rules.hold_seconds(app.input)
        box = look.card(surface, app, (620, 320), (surface.get_width() // 2, app.s(220)))
        app.draw_text(surface, app.t("kiosk.hold.title"), app.font(48), P.LAMP,
                      (box.centerx, box.top + app.s(28)), "midtop")
        center = (box.centerx, box.top + app.s(180))
        look.ring(surface, center, app.s(64), app.s(14), held / rules.HOLD_SECONDS, P.LAMP)
        left = max(0, math.ceil(rules.HOLD_SECONDS - held))
        app.draw_text(surface, str(left), app.font(56), P.CREAM, center, "center")
        text = app.t("kiosk.hold.body", seconds=left)
        app.draw_text(surface, text, app.fit_font(text, 32, box.w - app.s(40)), P.CREAM,
                      (box.centerx, box.bottom - app.s(22)), "midbottom")


class PinScene(_StaffScene):
    """A PIN pad. ``purpose``: "unlock" (then the admin menu), "unlock-nap" (then the nap menu) or
    "new" (type a new PIN twice; it is stored hashed in the settings)."""

    def __init__(self, app, purpose: str = "unlock"):
        super().__init__(app)
        self.purpose = purpose
        self.entry = rules.PinEntry(_lock(app))
        self.first_new: str | None = None      # "new": the first of the two entries
        self.message = ""
        self.message_good = False
        self.was_text_mode = False
        self.was_locked = self.entry.locked
        self.buttons: dict[str, Button] = {}
        self.focus = FocusGroup()
        self.layout()

    def prompt(self) -> str:
        if self.purpose == "new":
            return self.app.t("kiosk.pin.repeat" if self.first_new is not None else "kiosk.pin.new")
        return self.app.t("kiosk.pin.title")

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        size, gap = app.s(150), app.s(22)
        left = w // 2 - (3 * size + 2 * gap) // 2
        top = h // 2 - app.s(90)
        focused = self.focus.focused
        old = {key: b for key, b in self.buttons.items()}
        self.buttons = {}
        for i, key in enumerate(KEYS):
            rect = (left + (i % 3) * (size + gap), top + (i // 3) * (app.s(104) + gap), size, app.s(104))
            label = {"del": "kiosk.pin.delete", "ok": "kiosk.pin.ok"}.get(key, key)
            self.buttons[key] = Button(rect, label, (lambda k=key: self.press(k)), raw=key.isdigit(),
                                       primary=key == "ok", px=48)
        self.focus.set_items(list(self.buttons.values()), keep=False)
        if focused is not None:
            key = next((k for k, b in old.items() if b is focused), "5")
            self.focus.set_focus(self.buttons[key])
        else:
            self.focus.set_focus(self.buttons["5"])

    def enter(self) -> None:
        self.was_text_mode = self.app.input.text_mode
        self.app.input.set_text_mode(True)

    def exit(self) -> None:
        self.app.input.set_text_mode(self.was_text_mode)

    def press(self, key: str) -> None:
        self.app.audio.play("ui_confirm" if key == "ok" else "ui_move")
        if key != "ok":
            result = self.entry.press(key)
            if result == "locked":
                self._say("kiosk.pin.locked", seconds=math.ceil(self.entry.locked_for))
            elif key.isdigit():
                self.message = ""
            return
        if self.purpose == "new":
            self._new_pin()
            return
        result = self.entry.press("ok")
        if result == "ok":
            self.app.log.info("kiosk: admin PIN accepted")
            nap = self.purpose == "unlock-nap"
            self.app.stack.replace(AdminMenuScene(self.app, nap=nap))
        elif result == "wrong":
            self.app.log.warning("kiosk: wrong admin PIN")
            self.app.audio.play("ui_back")
            self._say("kiosk.pin.wrong")
        elif result == "short":
            self._say("kiosk.pin.short")
        elif result == "locked":
            self.app.log.warning("kiosk: PIN locked %.0f s after wrong tries", self.entry.locked_for)
            self._say("kiosk.pin.locked", seconds=math.ceil(self.entry.locked_for))

    def _new_pin(self) -> None:
        pin, self.entry.digits = self.entry.digits, ""
        if not rules.valid_new_pin(pin):
            self._say("kiosk.pin.short")
            return
        if self.first_new is None:
            self.first_new = pin
            self.message = ""
            return
        if pin != self.first_new:
            self.first_new = None
            self._say("kiosk.pin.mismatch")
            return
        self.entry.lock.set_pin(rules.hash_pin(pin))
        self.app.log.info("kiosk: admin PIN changed")
        self.app.stack.pop()
        controller = _controller(self.app)
        if controller is not None:
            controller.notice = "kiosk.pin.changed"

    def _say(self, key: str, **fmt) -> None:
        self.message = self.app.t(key, **fmt)
        self.message_good = False

    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "text":
            for ch in intent.text:
                if ch.isascii() and ch.isdigit():
                    self.press(ch)
                    self.focus.set_focus(self.buttons["ok"])
            return
        if kind == "back":
            if self.entry.digits:
                self.press("del")
            else:
                self.app.audio.play("ui_back")
                self.app.stack.pop()
            return
        self.focus.handle(intent)

    def update(self, dt: float) -> None:
        super().update(dt)
        locked = self.entry.locked
        if self.was_locked and not locked:
            self.message = ""
        self.was_locked = locked

    def draw(self, surface) -> None:
        app = self.app
        look.dim(surface, 200)
        first = self.buttons["1"].rect
        last = self.buttons["ok"].rect
        area = first.union(last)
        box = pygame.Rect(0, 0, area.w + app.s(140), area.bottom - area.top + app.s(400))
        box.midbottom = (area.centerx, area.bottom + app.s(60))
        look.card(surface, app, (round(box.w / app.scale), round(box.h / app.scale)), box.center)
        prompt = self.prompt()
        app.draw_text(surface, prompt, app.fit_font(prompt, 50, box.w - app.s(60)), P.LAMP,
                      (box.centerx, box.top + app.s(34)), "midtop")
        # the digits typed so far, as dots in slots
        slots = max(rules.PIN_MIN, len(self.entry.digits))
        r = app.s(16)
        step = min(app.s(52), (box.w - app.s(80)) // slots)     # up to PIN_MAX (12) slots fit
        y = box.top + app.s(150)
        x0 = box.centerx - (slots - 1) * step // 2
        for i in range(slots):
            c = (x0 + i * step, y)
            if i < len(self.entry.digits):
                pygame.draw.circle(surface, P.CREAM, c, r)
            else:
                pygame.draw.circle(surface, P.PANEL_EDGE, c, r, max(2, app.s(4)))
        if self.message:
            app.draw_text(surface, self.message, app.fit_font(self.message, 34, box.w - app.s(60)),
                          P.GOOD if self.message_good else P.BAD, (box.centerx, y + app.s(40)), "midtop")
        focused = self.focus.focused
        for button in self.buttons.values():
            button.enabled = not self.entry.locked
            button.draw(surface, app, button is focused)
        self.focus.draw(surface, self.t, app.scale)
        draw_hints(surface, app, [("confirm", "kiosk.pin.ok"), ("back", "kiosk.pin.delete")])


class AdminMenuScene(_StaffScene):
    """Resume, settings, session stats, change PIN, quit to desktop (nap: try again, quit)."""

    def __init__(self, app, nap: bool = False):
        super().__init__(app)
        self.nap = nap
        self.focus = FocusGroup()
        self.buttons: list[Button] = []
        self.layout()

    def items(self):
        if self.nap:
            return [("kiosk.nap.retry", self.retry), ("kiosk.admin.quit", self.quit)]
        return [("kiosk.admin.resume", self.resume), ("kiosk.admin.settings", self.settings),
                ("kiosk.admin.stats", self.stats),
                ("admin.phones.on" if self.app.settings.kiosk_phones else "admin.phones.off", self.phones),
                ("kiosk.admin.change_pin", self.change_pin),
                ("kiosk.admin.quit", self.quit)]

    def layout(self) -> None:
        app = self.app
        w, h = app.size
        items = self.items()
        bw, bh, gap = app.s(640), app.s(96), app.s(22)
        top = h // 2 - (len(items) * (bh + gap)) // 2 + app.s(60)
        index = self.focus.index
        self.buttons = [Button((w // 2 - bw // 2, top + i * (bh + gap), bw, bh), key, action,
                               primary=i == 0, px=42) for i, (key, action) in enumerate(items)]
        self.focus.set_items(self.buttons, keep=False)
        if 0 <= index < len(self.buttons):
            self.focus.set_focus(self.buttons[index])

    def enter(self) -> None:
        if rules.pin_is_default(_lock(self.app).pin):
            self.app.log.warning("kiosk: the admin PIN is still the default one; change it in the admin menu")

    # actions
    def resume(self) -> None:
        self.app.audio.play("ui_confirm")
        self.app.stack.pop()

    def settings(self) -> None:
        self.app.stack.push(SettingsScene(self.app, staff=True))

    def stats(self) -> None:
        self.app.stack.push(AdminStatsScene(self.app))

    def phones(self) -> None:
        """Visitors may hold their hands on phones (issue 22): off until the operator says so."""
        self.app.settings.kiosk_phones = not self.app.settings.kiosk_phones
        self.app.save_settings()
        self.app.audio.play("ui_confirm")
        self.layout()

    def change_pin(self) -> None:
        self.app.stack.push(PinScene(self.app, "new"))

    def quit(self) -> None:
        controller = _controller(self.app)
        self.app.log.info("kiosk: admin chose quit to desktop")
        if controller is not None:
            controller.quit_to_desktop()
        else:
            self.app.quit(force=True)

    def retry(self) -> None:
        controller = _controller(self.app)
        self.app.log.info("kiosk: admin chose try again")
        if controller is not None:
            controller.quit_to_desktop(retry=True)

    def handle(self, intent) -> None:
        if intent.kind == "back":
            self.resume() if not self.nap else self.app.stack.pop()
            return
        self.focus.handle(intent)

    def draw(self, surface) -> None:
        app = self.app
        look.dim(surface, 200)
        first, last = self.buttons[0].rect, self.buttons[-1].rect
        box = pygame.Rect(0, 0, app.s(820), last.bottom - first.top + app.s(260))
        box.midbottom = (first.centerx, last.bottom + app.s(50))
        look.card(surface, app, (round(box.w / app.scale), round(box.h / app.scale)), box.center)
        title = app.t("kiosk.nap.title" if self.nap else "kiosk.admin.title")
        app.draw_text(surface, title, app.font(60), P.LAMP, (box.centerx, box.top + app.s(36)), "midtop")
        if rules.pin_is_default(_lock(app).pin):
            warn = app.t("kiosk.admin.default_pin")
            app.draw_text(surface, warn, app.fit_font(warn, 30, box.w - app.s(60)), P.BAD,
                          (box.centerx, box.top + app.s(120)), "midtop")
        controller = _controller(app)
        if controller is not None and controller.notice:
            note = app.t(controller.notice)
            app.draw_text(surface, note, app.font(30), P.GOOD, (box.centerx, box.top + app.s(160)), "midtop")
        for button in self.buttons:
            button.draw(surface, app, button is self.focus.focused)
        self.focus.draw(surface, self.t, app.scale)
        draw_hints(surface, app, [("confirm", "kiosk.pin.ok"),
                                  ("back", "kiosk.stats.back" if self.nap else "kiosk.admin.resume")])


class AdminStatsScene(_StaffScene):
    """Today's totals from the session records."""

    ROWS = ("games", "won", "abandoned", "idle", "open", "humans", "minutes")

    def __init__(self, app):
        super().__init__(app)
        controller = _controller(app)
        records = getattr(getattr(controller, "watcher", None), "records", None)
        if records is None:
            records = records_mod.Records(records_mod.db_path(app.home), app.log)
        self.totals = records.totals()
        w, h = app.size
        self.back = Button((w // 2 - app.s(200), h // 2 + app.s(330), app.s(400), app.s(90)),
                           "kiosk.stats.back", self.close, primary=True)
        self.focus = FocusGroup([self.back])

    def handle(self, intent) -> None:
        if intent.kind == "back":
            self.close()
            return
        self.focus.handle(intent)

    def draw(self, surface) -> None:
        app = self.app
        look.dim(surface, 210)
        box = look.card(surface, app, (900, 920))
        app.draw_text(surface, app.t("kiosk.stats.title"), app.font(60), P.LAMP,
                      (box.centerx, box.top + app.s(36)), "midtop")
        y = box.top + app.s(140)
        font = app.font(36)
        for key in self.ROWS:
            app.draw_text(surface, app.t(f"kiosk.stats.{key}"), font, P.CREAM, (box.left + app.s(90), y),
                          shadow=False)
            app.draw_text(surface, str(self.totals[key]), font, P.LAMP, (box.right - app.s(90), y),
                          "topright", shadow=False)
            y += app.s(58)
        for game, count in sorted(self.totals["by_table"].items()):
            name = game
            for info in all_tables():
                if info.game == game:
                    name = app.t(info.title_key)
            app.draw_text(surface, name, app.font(30), P.MUTED, (box.left + app.s(120), y), shadow=False)
            app.draw_text(surface, str(count), app.font(30), P.MUTED, (box.right - app.s(90), y),
                          "topright", shadow=False)
            y += app.s(46)
        y += app.s(12)           # attract demos: counted apart from the people's games above
        app.draw_text(surface, app.t("kiosk.stats.attract"), font, P.CREAM, (box.left + app.s(90), y),
                      shadow=False)
        app.draw_text(surface, str(self.totals.get("attract", 0)), font, P.LAMP, (box.right - app.s(90), y),
                      "topright", shadow=False)
        self.back.draw(surface, app, True)
        self.focus.draw(surface, self.t, app.scale)
