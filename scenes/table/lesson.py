"""Learn to play: any table in lesson mode, written once for every game.

``lesson_scene(app, info, lesson)`` builds the game's own table class with ``LessonTable`` put in
front of it, so the table plays, draws and takes input exactly as in a real game, and the lesson
only adds what a guided game needs: the coach cat in a corner with a speech bubble (the step's
line, or a friendly word after a wrong move), a pulsing outline and a bouncing arrow on the
widgets the step names, Next (steps that only explain), Skip (always) and, at the end, "Play a
real game" (which opens seat setup). The computer cats make the lesson's scripted moves instead
of thinking; a person's move goes through ``LessonRunner.judge`` before it reaches the engine, so
a wrong one changes nothing. Mouse, touch, keys and pads work as on any table: the coach's buttons
join the table's focus group.
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cats import draw_cat
from game.art.draw import panel
from game.play.lesson import Lesson, LessonError, LessonRunner, lessons_for
from game.ui.widgets import Button
from scenes.table import coach_box
from scenes.table.zones import zones_named

PANEL = (760, 250)                    # design px of the coach's corner (taller for long lines)
TEXT_PX = 32
WRONG_SECONDS = 3.2
STEER = ("learn.steer_keys", "learn.steer_pad")     # the coach's word after Enter brought the focus
_CLASSES: dict[type, type] = {}


def lesson_scene(app, info, lesson: Lesson, back_to=None):
    """The table of ``info`` playing ``lesson``. ``back_to``: a table scene under this one to go
    back to at the end (a lesson opened from the pause menu), else the end starts a new game."""
    table_cls = info.scene_class()
    cls = _CLASSES.get(table_cls)
    if cls is None:
        cls = _CLASSES[table_cls] = type(f"Lesson{table_cls.__name__}", (LessonTable, table_cls), {})
    return cls(app, lesson.new_session(app.t), lesson=lesson, info=info, back_to=back_to)


_LESSONS: dict[str, list[Lesson]] = {}


def table_lessons(app, game: str) -> list[Lesson]:
    """The lessons of one table, loaded and checked once; a broken lesson file is logged (one
    line) and the table simply offers no lesson."""
    if game not in _LESSONS:
        try:
            _LESSONS[game] = lessons_for(game)
        except LessonError as exc:
            app.log.warning("lessons for %s: %s", game, exc)
            _LESSONS[game] = []
    return _LESSONS[game]


def open_lesson(app, game: str, index: int = 0, back_to=None, how: str = "push") -> bool:
    """Start lesson ``index`` of ``game`` (``how``: push it, or replace the top scene). False when
    the table has no such lesson."""
    from scenes.tables import table_info

    lessons = table_lessons(app, game)
    if index >= len(lessons):
        return False
    scene = lesson_scene(app, table_info(game), lessons[index], back_to)
    (app.stack.replace if how == "replace" else app.stack.push)(scene)
    return True


def should_offer(app, game: str) -> bool:
    """The first time a table is chosen (and it has a lesson), a lesson is offered: once per
    player at home (the settings), once per visitor at a kiosk (``app.visit``, which the kiosk
    clears for each new visitor, so one visitor never uses up the offer for the next)."""
    return game not in _offered(app) and bool(table_lessons(app, game))


def _offered(app) -> list[str]:
    if app.kiosk:
        return app.visit.setdefault("lessons_offered", [])
    return [g for g in app.settings.lessons_offered.split(",") if g]


def remember_offered(app, game: str) -> None:
    """Note that this table's lesson was offered (the first-time offer shows once): in the
    settings, or at a kiosk for this visitor only (never written)."""
    seen = _offered(app)
    if game in seen:
        return
    if app.kiosk:
        seen.append(game)
        return
    app.settings.lessons_offered = ",".join(seen + [game])
    app.save_settings()


def corner_brackets(surface, rect: pygame.Rect, colour, width: int, arm: int) -> None:
    """Four L-shaped corners round ``rect`` (the coach's pointing), each with a dark edge."""
    for dark, w in ((P.INK, width + 4), (colour, width)):
        for (x, y), (dx, dy) in (((rect.left, rect.top), (1, 1)), ((rect.right - 1, rect.top), (-1, 1)),
                                 ((rect.left, rect.bottom - 1), (1, -1)),
                                 ((rect.right - 1, rect.bottom - 1), (-1, -1))):
            inset = w // 2
            cx, cy = x + dx * inset, y + dy * inset
            pygame.draw.line(surface, dark, (cx - dx * inset, cy), (cx + dx * arm, cy), w)
            pygame.draw.line(surface, dark, (cx, cy - dy * inset), (cx, cy + dy * arm), w)


class LessonTable:
    """Put in front of a game's table class (``lesson_scene`` does it)."""

    def __init__(self, app, session, lesson: Lesson, info, back_to=None):
        self.lesson = LessonRunner(lesson, session)
        self.lesson_info = info
        self.back_to = back_to
        self.coach_said: tuple[str, float] | None = None    # a friendly word after a wrong move
        self.bot_wait = 0.0
        self.coach_rect = pygame.Rect(0, 0, 1, 1)
        self.coach_key = None
        self.focus_key = None
        self.enter_pressed: tuple[int, set[str]] = (-1, set())    # (step, names Enter pressed in it)
        self.shown_say: str | None = None    # the coach's line as last shown (held while things move)
        self.next_btn = Button((0, 0, 1, 1), "learn.next", self.lesson_next, primary=True, px=34)
        self.skip_btn = Button((0, 0, 1, 1), "learn.skip", self.lesson_leave, px=30)
        self.play_btn = Button((0, 0, 1, 1), "learn.play", self.lesson_leave, primary=True, px=34)
        self.more_btn = Button((0, 0, 1, 1), "learn.more", self.lesson_more, px=30)
        super().__init__(app, session)
        self.feed.computer_off()        # nobody thinks: the computer cats play the script
        remember_offered(app, lesson.game)

    # ---- the lesson's flow ---------------------------------------------------------------------
    def advance(self, dt: float) -> None:
        lesson = self.lesson
        if lesson.finished:
            return
        action = lesson.bot_action()
        if action is not None:
            self.bot_wait += dt
            if self.bot_wait >= self.bot_pace[0] * self.app.settings.speed_factor:
                self.bot_wait = 0.0
                self.apply(action, scripted=True)
            return
        self.bot_wait = 0.0
        super().advance(dt)

    def apply(self, action: str, scripted: bool = False) -> bool:
        """A person's move is judged first: a wrong one gets the coach's friendly word and is never
        applied. The scripted computer moves go straight through."""
        if not scripted:
            why = self.lesson.judge(action)
            if why is not None:
                self.coach_said = (why, self.time + WRONG_SECONDS)
                self.app.audio.play("ui_back")
                self.reset_input()
                self.mode_key = None
                return False
        if not super().apply(action):
            return False
        self.lesson.record(action)
        self.coach_said = None
        return True

    def lesson_next(self) -> None:
        if self.lesson.confirm():
            self.app.audio.play("ui_confirm")
            self.coach_said = None

    def lesson_leave(self) -> None:
        """Skip, or the end: back to the game this lesson was opened from, or a real game."""
        self.app.audio.play("ui_confirm")
        if self.back_to is not None:
            self.app.stack.pop()
            return
        from scenes.seat_setup import SeatSetupScene

        # through seat setup (issue 21): the real game's seats and options are the player's to see
        self.app.stack.replace(SeatSetupScene(self.app, self.lesson_info))

    def next_lesson(self) -> int | None:
        """Index of the table's next lesson (Meow Meow Dice: the advanced tokens), if any."""
        lessons = table_lessons(self.app, self.lesson.lesson.game)
        ids = [lesson.id for lesson in lessons]
        here = ids.index(self.lesson.lesson.id) if self.lesson.lesson.id in ids else len(ids)
        return here + 1 if here + 1 < len(ids) else None

    def lesson_more(self) -> None:
        self.app.audio.play("ui_confirm")
        open_lesson(self.app, self.lesson.lesson.game, self.next_lesson(), self.back_to, how="replace")

    def end(self) -> None:
        self.finished = True            # the lesson's own end (finish words, Play) takes over

    def default_seat_name(self, i: int, t) -> str:
        """Seat ``i``'s name as the lesson gives it (a language switch names it again)."""
        return t(self.lesson.lesson.seats[i].name)

    # ---- the coach's buttons in the table's focus group -------------------------------------------
    def lesson_buttons(self) -> list[Button]:
        if self.lesson.finished:
            return [self.play_btn] + ([self.more_btn] if self.next_lesson() is not None else [])
        step = self.lesson.step
        return ([self.next_btn] if step is not None and step.info else []) + [self.skip_btn]

    def main_button(self):
        """K / pad Y: a step that only tells presses its Next, the end its "Play a real game"
        (stranger 40r-en: K, the main action everywhere else, was refused at the coach)."""
        mine = [] if self.coach_away() or self.tools.pending is not None else self.lesson_buttons()
        first = mine[0] if mine else None
        if first in (self.next_btn, self.play_btn) and first.enabled and first in self.focus.items:
            return first
        return super().main_button()

    def focus_group(self, item) -> str:
        return "lesson" if item in (self.next_btn, self.skip_btn, self.play_btn, self.more_btn) \
            else super().focus_group(item)

    def refresh_mode(self) -> None:
        kept = self.focus.focused
        super().refresh_mode()
        self.place_coach()
        mine = [] if self.coach_away() else self.place_buttons()
        for b in mine:
            b.enabled = not (b is self.next_btn and self.presenter.busy)
            self.focus.items.append(b)
        if kept in mine:
            self.focus.index = self.focus.items.index(kept)
        # the focus stays where the person put it (stranger 40r-en: it went on to the coach's next
        # card by itself after a pick, so Right landed on the wrong card); the lesson places it
        # only at the start and when what it was on has gone (Next after its step, a hand after a
        # play), on what the coach wants now, once the screen is still
        if kept is not None and (kept not in self.focus.items or not self.focus.usable(kept)):
            self.focus_key = None
        if self.focus_key is None and not self.presenter.busy:
            if self.focus.set_focus(self.wanted_widget()):
                self.focus_key = True       # placed: from now on only the person moves it
            elif kept in mine:
                self.focus.index = 0
                self.focus._skip_disabled()

    def wanted_widget(self):
        """What the coach wants pressed now: Next on a step that only tells, "Play a real game" at
        the end, else the first thing the step points at that is not done yet (or None)."""
        mine = [] if self.coach_away() else self.lesson_buttons()
        first = mine[0] if mine else None
        if first in (self.next_btn, self.play_btn) and first in self.focus.items and self.focus.usable(first):
            return first
        return self.aimed_widget()

    def step_wants(self, item) -> bool:
        """Is ``item`` one of the things the step points at, not pressed yet?"""
        step = self.lesson.step
        if step is None or item is None:
            return False
        named = dict(self.named_widgets())
        return any(named.get(n) is item and not self.pointed_done(item) and not self.pressed_here(n)
                   for n in step.point)

    def steer_focus(self, intent) -> bool:
        """Enter (pad A) on something the step does not want brings the focus to what the coach
        points at, one visible press, instead of a move the lesson would refuse anyway: Enter
        alone still plays a lesson, and the focus never moves without a press."""
        if intent.kind != "confirm" or self.presenter.busy or self.presenter.holding is not None \
                or self.tools.pending is not None or self.recap or self.curtain_for is not None:
            return False
        wanted, focused = self.wanted_widget(), self.focus.focused
        if wanted is None or focused is wanted or self.step_wants(focused):
            return False
        if focused in (self.skip_btn, self.more_btn) or self.focus_group(focused) == "tools":
            return False                # the coach's Skip, the tiger, Undo: the person's own choice
        self.focus.set_focus(wanted)
        # the coach says which key does it now (in its own colour: nothing went wrong)
        self.coach_said = ("learn.steer_pad" if intent.device == "pad" else "learn.steer_keys",
                           self.time + WRONG_SECONDS)
        return True

    def aimed_widget(self):
        """The first thing the step points at that the focus can take, or None."""
        step = self.lesson.step
        if step is None:
            return None
        named = dict(self.named_widgets())
        return next((named[n] for n in step.point if n in named and named[n] in self.focus.items
                     and self.focus.usable(named[n]) and not self.pointed_done(named[n])
                     and not self.pressed_here(n)), None)

    def pressed_here(self, name: str) -> bool:
        """Was the step's pointed widget ``name`` pressed by Enter (pad A) in this step? Then Enter
        goes on to the next thing the step points at: a die picked, a mermaid picked up, which
        their tables do not count as done (Enter again would put them back: Enter alone looped)."""
        return self.enter_pressed[0] == self.lesson.index and name in self.enter_pressed[1]

    def named_widgets(self) -> list[tuple[str, object]]:
        names = {id(self.next_btn): "learn:next", id(self.skip_btn): "learn:skip",
                 id(self.play_btn): "learn:play", id(self.more_btn): "learn:more"}
        return super().named_widgets() + [(names[id(b)], b) for b in self.lesson_buttons()]

    def handle(self, intent) -> None:
        if intent.kind in ("move", "next", "prev", "point", "click"):
            self.focus_key = True           # the person puts the focus somewhere: it stays there
        mine = [] if self.coach_away() else self.lesson_buttons()
        if intent.kind == "click" and intent.pos is not None:
            hit = next((b for b in mine if b.enabled and b.rect.collidepoint(intent.pos)), None)
            if hit is not None:
                self.focus.set_focus(hit)
                hit.on_press()
                return
        if intent.kind == "confirm" and self.focus.focused in mine:
            self.focus.focused.on_press()
            return
        if self.steer_focus(intent):
            return
        if intent.kind == "confirm" and self.step_wants(self.focus.focused):
            name = next(n for n, w in self.named_widgets() if w is self.focus.focused)
            if self.enter_pressed[0] != self.lesson.index:
                self.enter_pressed = (self.lesson.index, set())
            self.enter_pressed[1].add(name)
        super().handle(intent)

    # ---- where the coach sits -----------------------------------------------------------------------
    def targets(self) -> list[pygame.Rect]:
        """Window rects of the step's targets shown now (none while something moves): widgets by
        their ``widgets()`` name, or places of the table's level as ``anchor:<name>``."""
        step = self.lesson.step
        if step is None or self.presenter.busy or self.curtain_for is not None:
            return []
        shown = self.widgets()
        out = []
        for name in step.point:
            if name in shown:
                if self.pointed_done(self.widget(name)):
                    continue        # picked already: its own look (a card's lift and tick) says so
                out.append(pygame.Rect(shown[name]))
            elif name.startswith("anchor:") and name[7:] in self.anchors:   # a place of the level
                out.append(pygame.Rect(self.anchors[name[7:]].rect))
        return out

    def place_coach(self) -> None:
        """The corner that covers the least of what matters now: the targets most, then any
        widget, then the seats. Chosen again only when the step changes (it must not wander)."""
        key = (self.lesson.index, len(self.lesson.queue), self.lesson.finished, self.app.size,
               self.app.i18n.lang)
        if key == self.coach_key or (self.presenter.busy and self.coach_key is not None):
            return
        if not self.presenter.busy:
            self.coach_key = key          # placed while things move: place again once they stop
        w, h = self.app.size
        pw = self.s(PANEL[0])
        ph = self.coach_height(pw)
        m = self.s(16)
        spots = [(m, m), (w - pw - m, m), (m, h - ph - m), (w - pw - m, h - ph - m),
                 (m, (h - ph) // 2), (w - pw - m, (h - ph) // 2), ((w - pw) // 2, m)]
        zones = zones_named(self.anchors, "coach")    # the level's places for the coach (issue 21)
        if zones:
            pw = zones[0].w
            ph = self.coach_height(pw)
            spots = [(z.x, z.y if z.centery < h // 2 else z.bottom - ph) for z in zones]
        targets = self.targets()
        others = [pygame.Rect(r) for name, r in self.widgets().items() if not name.startswith("learn:")]
        seats = [self.seat_rect(s) for s in range(self.n)]

        def cost(xy):
            r = pygame.Rect(xy, (pw, ph))
            over = lambda rects: sum(r.clip(o).w * r.clip(o).h for o in rects)  # noqa: E731
            return over(targets) * 40 + over(others) * 3 + over(seats)

        self.coach_rect = pygame.Rect(min(spots, key=cost), (pw, ph))

    def coach_away(self) -> bool:
        """The person has done the step and the screen still shows what came of it: the coach
        box (its words, its buttons) waits out of sight until the next step's words can be said
        (stranger 6, defect 4: "Careful: Death hides in the pile" stayed up over the Death; the end
        buttons stood over the old words for a frame)."""
        return self.presenter.busy and self.shown_say is not None and self.shown_say != self.lesson.say

    def coach_line(self) -> str:
        """The coach's line, changed only once nothing moves: the next step's words tell what
        happened (a Meal saved from Death) only after the screen has shown it (issue 21)."""
        if self.shown_say is None or not self.presenter.busy:
            self.shown_say = self.lesson.say
        return self.shown_say

    def text_width(self, panel_w: int | None = None) -> int:
        if panel_w is None:
            panel_w = self.coach_rect.w if self.coach_rect.w > 1 else self.s(PANEL[0])
        return coach_box.parts(self.s, panel_w).text_w

    def wide_buttons(self) -> list[bool]:
        return [b in (self.play_btn, self.more_btn) for b in self.lesson_buttons()]

    def coach_height(self, panel_w: int | None = None) -> int:
        """Tall enough for the longest thing the coach may say at this step, and the buttons."""
        step, t = self.lesson.current, self.app.t
        said = ((step.wrong, step.why) if step is not None else ()) + STEER
        lines = [t(self.lesson.say), t(self.coach_line())] + [t(k) for k in said if k]
        panel_w = panel_w or (self.coach_rect.w if self.coach_rect.w > 1 else self.s(PANEL[0]))
        text_h = max(self.app.text(line, self.app.font(TEXT_PX), wrap=self.text_width(panel_w)).get_height()
                     for line in lines)
        return max(self.s(PANEL[1]) if panel_w >= self.s(coach_box.WIDE) else 0,
                   coach_box.height(self.s, panel_w, text_h, self.wide_buttons()))

    def place_buttons(self) -> list[Button]:
        """The coach's buttons, bottom right of the corner, Skip last."""
        buttons = self.lesson_buttons()
        coach_box.place(self.s, self.coach_rect, buttons, self.wide_buttons())
        return buttons

    # ---- drawing --------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        super().draw(surface)
        pieces = [r for _, r in self.piece_boxes()] + [b.rect for b in self.lesson_buttons()]
        pieces += [r for name, r in self.widgets().items() if not name.startswith("learn:")]
        pieces += [d.rect for d in self.boxes.overlays()]         # odds figures, the tiger
        frames = []
        for r in self.targets():
            frames.append(self.draw_target(surface, r, pieces))
        over = getattr(self, "draw_lines_over", None)   # a table's lines the frames cross, on top
        if over is not None and frames:
            over(surface, frames)
        if not self.coach_away():
            self.draw_coach(surface)

    def arrow_side(self, rect: pygame.Rect, pieces) -> tuple[str | None, pygame.Rect | None]:
        """The side of a target its arrow stands on: above, below, left or right, the first
        whose arrow (with its bounce) meets no other piece or label, on screen and off the coach;
        (None, None) when every side is taken."""
        size, reach = self.s(34), self.s(34 * 1.2 + 14 + 22)
        screen = pygame.Rect((0, 0), self.app.size)
        sides = {"above": pygame.Rect(rect.centerx - size, rect.top - reach, 2 * size, reach),
                 "below": pygame.Rect(rect.centerx - size, rect.bottom, 2 * size, reach),
                 "left": pygame.Rect(rect.left - reach, rect.centery - size, reach, 2 * size),
                 "right": pygame.Rect(rect.right, rect.centery - size, reach, 2 * size)}
        others = [p for p in pieces if not rect.contains(p)] + [self.coach_rect]
        for side, box in sides.items():
            if screen.contains(box) and not any(box.colliderect(p) and not p.contains(rect) for p in others):
                return side, box
        return None, None                 # hemmed in: the pulsing outline alone shows it

    def draw_target(self, surface, rect: pygame.Rect, pieces=()) -> pygame.Rect:
        """The pulsing frame round a target (returned) and an arrow on its free side."""
        # under reduce motion the frame keeps one size and the arrow holds still (no bounce)
        calm = getattr(self.app.settings, "reduce_motion", False)
        pulse = 0.5 if calm else 0.5 + 0.5 * math.sin(self.time * 6)
        # its own shape, corner brackets (a full cyan ring read as the keyboard focus and as a
        # selection: strangers 6 #12 and 40r-en #8), outside the focus outline, which shows within
        grow = self.s(16 + 6 * pulse)
        frame = rect.inflate(grow * 2, grow * 2)
        corner_brackets(surface, frame, P.CYAN, max(3, self.s(8)), max(8, min(frame.w, frame.h) * 3 // 10))
        # a bouncing arrow on the target's free side, pointing at it
        size = self.s(34)
        bob = 0 if calm else self.s(14) * abs(math.sin(self.time * 4))
        side, box = self.arrow_side(rect.inflate(2 * self.s(14), 2 * self.s(14)), pieces)
        if side is None:
            return frame
        self.boxes.add("overlay", "arrow", box)
        gap = grow + self.s(6) + bob
        if side in ("above", "below"):
            sign = -1 if side == "above" else 1
            tip = (rect.centerx, rect.top - gap if side == "above" else rect.bottom + gap)
            end = tip[1] + sign * size * 1.2
            pts = [tip, (tip[0] - size, end), (tip[0] + size, end)]
        else:
            sign = -1 if side == "left" else 1
            tip = (rect.left - gap if side == "left" else rect.right + gap, rect.centery)
            end = tip[0] + sign * size * 1.2
            pts = [tip, (end, tip[1] - size), (end, tip[1] + size)]
        pygame.draw.polygon(surface, P.CYAN, pts)
        pygame.draw.polygon(surface, P.INK, pts, max(2, self.s(4)))
        return frame

    def draw_coach(self, surface) -> None:
        box = self.coach_rect
        surface.blit(panel(box.size, (30, 26, 52), self.s(30), max(3, self.s(5)), P.LAMP, self.s(10)), box)
        self.boxes.add("overlay", "coach", box)
        wrong = self.coach_said is not None and self.coach_said[1] > self.time
        pose = "thinking" if wrong else ("victorious" if self.lesson.finished else "happy")
        p = coach_box.parts(self.s, box.w)
        draw_cat(surface, (box.x + p.cat_centre[0], box.y + p.cat_centre[1]), p.cat,
                 self.lesson.lesson.coach["coat"], pose, self.time)
        t = self.app.t
        self.text(surface, t(self.lesson.lesson.coach["name"]), 30, P.LAMP,
                  (box.x + p.name_at[0], box.y + p.name_at[1]), anchor=p.name_anchor)
        line = t(self.coach_said[0]) if wrong else t(self.coach_line())
        step = self.lesson.current
        said = self.coach_said[0] if wrong else None
        reason = said in STEER or (step is not None and said is not None and said == step.why)
        colour = P.LAMP if reason else P.BAD if wrong else P.CREAM
        self.app.draw_text(surface, line, self.app.font(TEXT_PX), colour,
                           (box.x + p.text_at[0], box.y + p.text_at[1]), "topleft", shadow=False,
                           wrap=p.text_w)
        for b in self.lesson_buttons():
            b.draw(surface, self.app, focused=b is self.focus.focused)
