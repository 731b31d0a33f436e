"""Settings (an overlay): language, music and effects volume, animation speed (slow / normal /
faster), computer cats' pace (slow / normal / fast: ``settings.bot_pace`` for the tables), full
screen, colour-blind patterns, odds on the tables, Hungry Meow's hand grouped by symbol (or by
number alone). Left/right (or clicking the arrows) changes the
focused row; every change applies at once and is saved to the user config directory.

In kiosk mode a visitor sees only the harmless rows (``VISITOR_KEYS``: language, volumes,
animation speed), and their changes last until attract mode starts; staff (``staff=True``, from
the admin menu) see every row but full screen and set the operator's values, including the mute
of the music or the effects (a row only staff see)."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import panel
from game.runtime.settings import BOT_SPEEDS, LANGUAGES, MUTES, SPEEDS, VISITOR_KEYS
from game.ui.menu import OverlayMenu, title_box
from game.ui.textfit import Box, button_box, draw_fitted, fit_text, register_boxes

PANEL = (1180, 968)           # eleven rows, clear of the window's top and of the hints bar
ROW_W = PANEL[0] - 120
ROW_H = 52
ROW_STEP = 58
TITLE_PX, TITLE_TOP = 48, 22  # the title, a little higher and smaller: room for the line below the rows
ROWS_TOP = 100                # the first row's top, below the title
MOST_ROWS = 11                # at home every row but the operator's mute; staff every row but full screen
LABEL = Box(ROW_W - 470, ROW_H, 34)        # the setting's name, left of the arrows (a line the row's height)
VALUE = Box(260, ROW_H, 34)                # its value, between the arrows
LABEL_RAISE = 2               # the font sits low in its line: descenders ("group") touched the row's border
# what the focused (or pointed at) row does, under the rows: a name alone ("Reduce motion",
# "Show odds") left strangers guessing what it changes
NOTE = Box(ROW_W, 128, 30, ("shrink", "wrap"))
NOTE_GAP = 6                  # between the last row and the line
DONE = (400, 80)
DONE_MARGIN = 14              # the Done button above the panel's bottom edge
NOTES = {"language": "settings.language.note", "music_volume": "settings.music.note",
         "effects_volume": "settings.effects.note", "animation_speed": "settings.speed.note",
         "bot_speed": "settings.bot_speed.note", "fullscreen": "settings.fullscreen.note",
         "colorblind": "settings.colorblind.note", "show_odds": "settings.show_odds.note",
         "group_hand": "settings.group_hand.note", "ask_first": "settings.ask_first.note",
         "reduce_motion": "settings.reduce_motion.note", "mute": "kiosk.note.mute"}
register_boxes("settings", {
    **{key: NOTE for key in NOTES.values()}, "settings.done.note": NOTE,
    "settings.title": title_box(PANEL[0], TITLE_PX), "settings.done": button_box(*DONE),
    **{f"settings.{k}": LABEL for k in ("language", "music", "effects", "speed", "bot_speed", "fullscreen",
                                        "colorblind", "show_odds", "group_hand", "ask_first",
                                        "reduce_motion")},
    "lang.*": VALUE, "speed.*": VALUE, "bot_speed.*": VALUE, "settings.on": VALUE, "settings.off": VALUE,
    "kiosk.mute": LABEL, "kiosk.mute.*": VALUE,
})


class SettingRow:
    radius = 18

    def __init__(self, scene, key: str, label: str, rect):
        self.scene = scene
        self.key = key
        self.label = label
        self.rect = pygame.Rect(rect)
        self.enabled = True
        self.visible = True

    def on_press(self) -> None:
        self.scene.change(self.key, 1)

    def arrows(self, app):
        r = self.rect
        w = app.s(70)
        return (
            pygame.Rect(r.right - app.s(430), r.y, w, r.h),
            pygame.Rect(r.right - w - app.s(10), r.y, w, r.h),
        )

    def value_text(self, app) -> str:
        st = app.settings
        if self.key == "language":
            return app.t(f"lang.{st.language}")
        if self.key in ("music_volume", "effects_volume"):
            return str(round(getattr(st, self.key) * 10))
        if self.key == "animation_speed":
            return app.t(f"speed.{st.animation_speed}")
        if self.key == "bot_speed":
            return app.t(f"bot_speed.{st.bot_speed}")
        if self.key == "mute":
            return app.t(f"kiosk.mute.{st.mute}")
        if self.key == "fullscreen":
            return app.t("settings.on" if app.fullscreen else "settings.off")     # as it is now
        return app.t("settings.on" if getattr(st, self.key) else "settings.off")

    def draw(self, surface, app, focused: bool) -> None:
        s = app.s
        r = self.rect
        surface.blit(
            panel(r.size, (64, 74, 128) if focused else (40, 46, 84), s(18), max(2, s(3)), P.PANEL_EDGE, 0), r
        )
        self.label_px = self.scene.label_px()         # every row's name at one size (issue 21)
        draw_fitted(app, surface, app.t(self.label), Box(LABEL.w, LABEL.h, self.label_px, LABEL.steps),
                    P.CREAM, (r.x + s(28), r.centery - s(LABEL_RAISE)), "midleft", align="left", shadow=False)
        left, right = self.arrows(app)
        app.draw_text(
            surface, "◀", app.font(34), P.LAMP if focused else P.MUTED, left.center, "center", shadow=False
        )
        app.draw_text(
            surface, "▶", app.font(34), P.LAMP if focused else P.MUTED, right.center, "center", shadow=False
        )
        value = self.value_text(app)
        centre = ((left.right + right.left) // 2, r.centery)
        if self.key in ("music_volume", "effects_volume"):
            bar = pygame.Rect(0, 0, right.left - left.right - s(90), s(16))
            bar.midleft = (left.right + s(10), r.centery)
            level = getattr(app.settings, self.key)
            pygame.draw.rect(surface, (24, 26, 44), bar, border_radius=bar.h // 2)
            fill = bar.copy()
            fill.w = max(bar.h, int(bar.w * level))
            pygame.draw.rect(surface, P.CYAN, fill, border_radius=bar.h // 2)
            centre = (bar.right + s(40), r.centery)
        if self.key in ("music_volume", "effects_volume"):
            app.draw_text(surface, value, app.font(34), P.LAMP_SOFT, centre, "center", shadow=False)
        else:
            draw_fitted(app, surface, value, VALUE, P.LAMP_SOFT, centre, "center", shadow=False)


class SettingsScene(OverlayMenu):
    panel_size = PANEL
    hints = [("move", "hint.move"), ("confirm", "hint.change"), ("back", "hint.done")]
    ROWS = (
        ("language", "settings.language"),
        ("music_volume", "settings.music"),
        ("effects_volume", "settings.effects"),
        ("animation_speed", "settings.speed"),
        ("bot_speed", "settings.bot_speed"),
        ("fullscreen", "settings.fullscreen"),
        ("colorblind", "settings.colorblind"),
        ("show_odds", "settings.show_odds"),
        ("group_hand", "settings.group_hand"),
        ("ask_first", "settings.ask_first"),
        ("reduce_motion", "settings.reduce_motion"),
        ("mute", "kiosk.mute"),           # the kiosk operator's, behind the PIN
    )

    def __init__(self, app, staff: bool = False):
        super().__init__(app)
        self.staff = staff
        self.rows = self.rows_for(app, staff)
        self.panel_size = (PANEL[0], PANEL[1] - (MOST_ROWS - len(self.rows)) * ROW_STEP)

    @classmethod
    def rows_for(cls, app, staff: bool = False) -> tuple:
        if not app.kiosk:
            return tuple(r for r in cls.ROWS if r[0] != "mute")
        if staff:            # the kiosk is full screen by its command line, never by a setting
            return tuple(r for r in cls.ROWS if r[0] != "fullscreen")
        return tuple(r for r in cls.ROWS if r[0] in VISITOR_KEYS)

    def layout(self) -> None:
        s = self.app.s
        panel_rect = self.panel_rect()
        x = panel_rect.x + s(60)
        width = panel_rect.w - s(120)
        rows = []
        for i, (key, label) in enumerate(self.rows):
            top = panel_rect.y + s(ROWS_TOP) + i * s(ROW_STEP)
            rows.append(SettingRow(self, key, label, (x, top, width, s(ROW_H))))
        done = self.button((0, 0, *DONE), "settings.done", self.on_back, primary=True)
        done.rect.midbottom = (panel_rect.centerx, panel_rect.bottom - s(DONE_MARGIN))
        self.set_widgets(rows + [done], focus=rows[0] if self.focus.focused is None else None)

    def label_px(self) -> int:
        """The size every row's name is drawn at: the longest name's fitted size (one name shrunk
        alone read as a mistake, issue 21)."""
        return min(fit_text(self.app, self.app.t(label), LABEL).px for _, label in self.rows)

    def change(self, key: str, step: int) -> None:
        app, st = self.app, self.app.settings
        if key not in (k for k, _ in self.rows):
            return                                  # a row this screen does not offer
        if key == "language":
            i = LANGUAGES.index(st.language) if st.language in LANGUAGES else 0
            app.set_language(LANGUAGES[(i + step) % len(LANGUAGES)])
        elif key in ("music_volume", "effects_volume"):
            value = round(getattr(st, key) * 10) + step
            setattr(st, key, max(0, min(10, value)) / 10)
        elif key == "animation_speed":
            i = SPEEDS.index(st.animation_speed) if st.animation_speed in SPEEDS else 1
            st.animation_speed = SPEEDS[(i + step) % len(SPEEDS)]
        elif key == "bot_speed":
            i = BOT_SPEEDS.index(st.bot_speed) if st.bot_speed in BOT_SPEEDS else 1
            st.bot_speed = BOT_SPEEDS[(i + step) % len(BOT_SPEEDS)]
        elif key == "mute":
            i = MUTES.index(st.mute) if st.mute in MUTES else 0
            st.mute = MUTES[(i + step) % len(MUTES)]
        elif key == "fullscreen":
            st.fullscreen = not app.fullscreen
            app.set_fullscreen(st.fullscreen)
        elif key == "colorblind":
            st.colorblind = not st.colorblind
        elif key == "show_odds":
            st.show_odds = not st.show_odds
        elif key in ("group_hand", "ask_first", "reduce_motion"):
            setattr(st, key, not getattr(st, key))
        if self.staff and app.visitor_defaults is not None and key in app.visitor_defaults:
            app.visitor_defaults[key] = getattr(st, key)          # staff set the operator's value
        app.save_settings()
        app.audio.play("ui_move")
        app.log.info("setting %s changed", key)

    def handle(self, intent) -> None:
        focused = self.focus.focused
        if (
            isinstance(focused, SettingRow)
            and intent.kind == "move"
            and intent.direction in ("left", "right")
        ):
            self.change(focused.key, 1 if intent.direction == "right" else -1)
            return
        if intent.kind == "alt" and isinstance(focused, SettingRow):
            self.change(focused.key, -1)
            return
        if intent.kind == "click":
            row = self.focus.item_at(intent.pos)
            if isinstance(row, SettingRow):
                self.focus.set_focus(row)
                left, right = row.arrows(self.app)
                self.change(row.key, -1 if left.collidepoint(intent.pos) else 1)
                return
        super().handle(intent)

    def draw(self, surface) -> None:
        self.draw_background(surface)
        top = (self.panel_rect().centerx, self.panel_rect().top + self.app.s(TITLE_TOP))
        title = title_box(PANEL[0], TITLE_PX)
        draw_fitted(self.app, surface, self.app.t("settings.title"), title, P.LAMP_SOFT, top, "midtop")
        self.draw_widgets(surface)
        self.draw_note(surface)
        self.draw_hints(surface)

    def note_key(self) -> str:
        """The text key of what the focused row does (the Done button: that changes are kept)."""
        focused = self.focus.focused
        return NOTES[focused.key] if isinstance(focused, SettingRow) else "settings.done.note"

    def note_rect(self) -> pygame.Rect:
        """Where the line about the focused row stands: under the last row, above Done."""
        s = self.app.s
        rows = [w for w in self.widgets if isinstance(w, SettingRow)]
        box = pygame.Rect(0, 0, s(NOTE.w), s(NOTE.h))
        box.midtop = (self.panel_rect().centerx, rows[-1].rect.bottom + s(NOTE_GAP))
        return box

    def draw_note(self, surface) -> None:
        box = self.note_rect()
        draw_fitted(self.app, surface, self.app.t(self.note_key()), NOTE, P.LAMP_SOFT, box.center,
                    "center", shadow=False)
