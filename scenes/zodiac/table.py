"""The Zodiac Catchers table: cats round a lacquer table in a lantern-lit temple courtyard at New Year.

Intents become RULES.md §4 action strings (``arrange SEAT CARD…``, ``point hand SEAT POS``,
``point centre POS``); the only way the scene changes the game is ``session.apply``. The engine's
events go to the presenter, which animates them; rules input waits until it is idle.

Round flow: when a round is dealt, computer seats place their mermaids at once
(``game.computer_setup_actions``); then every human seat holding a mermaid gets the *arrange*
step (pick a mermaid and move it by drag, by click on another place, or with left/right; Done
sends the whole hand). Only then does pointing start. Pointing: every card on the table is
focusable; a face-down card is pointed at by click/confirm; a face-up card or the set-aside trump
explains why not and sends nothing (the explanation also shows while such a card has the focus).

Who sees what: one human → their hand is face up to them at the bottom; several humans → a
curtain ("Pass to Mochi") guards each human's turn and arrange step; none (attract/demo) → every
hand face down. Hands are drawn so positions count from the owner's left as they face the table
(the top seats' rows run right to left; the side columns run top/bottom).

Controls: point/click/drag, move/confirm/back/alt/next/prev/skip/pause/help. ``back`` drops a held
mermaid, otherwise opens the pause overlay; ``skip`` (or a click on bare table while animating)
hurries the current animation; ``alt`` drops a held mermaid.
"""
from __future__ import annotations

import math
import random
import time
from functools import lru_cache

import pygame

from game.art import palette as P
from game.art.cards_zodiac import GOLD, JADE, LACQUER, RATIO, card_back, card_face, trump_frame
from game.art.draw import ellipse_glow, focus_outline, glow, panel
from game.bot_runner import BotRunner
from game.bots.base import Budget, make_bot
from game.layout import load_level
from game.scene import Scene
from game.ui.focus import FocusGroup
from game.ui.widgets import Button
from scenes.zodiac.presenter import Presenter

ANCHOR_NAMES = ("grid", "trump", "banner", "prompt", "actions", "hints", "seat{i}", "hand{i}", "caps{i}")
DESIGN_W = {"big": 110, "mini": 64, "cap": 46, "trump": 120}
INK_PANEL = (34, 14, 18)
RED_EDGE = (200, 60, 60)


class CardWidget:
    """A focusable card: ``key`` is ("hand", seat, pos), ("centre", None, pos), ("trump", None, 0)
    or ("arr", seat, index) for the arrange step."""

    def __init__(self, key):
        self.key = key
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.enabled = True
        self.visible = True
        self.radius = 10
        self.on_press = None


def widget_name(key) -> str:
    where, seat, pos = key
    if where == "hand":
        return f"hand:{seat}:{pos}"
    if where == "arr":
        return f"arr:{pos}"
    if where == "trump":
        return "trump"
    return f"centre:{pos}"


class ZodiacTable(Scene):
    def __init__(self, app, session, attract: bool = False):
        super().__init__(app)
        self.attract = attract
        if attract and not session.actions and not session.options:
            # a demo plays one round, not a match to 10 points
            from game.rules.registry import engine

            session.options = {"rounds": 1}
            session.game = engine(session.game_name).new(len(session.seats), session.seed, session.options,
                                                         session.setup or None)
        self.session = session
        self.n = len(session.seats)
        self.humans = [] if attract else list(session.human_seats)
        self.human_game = bool(self.humans)
        self.finished = False
        self.time = 0.0
        self.end_wait = 0.0
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.bottom = self.humans[0] if self.humans else 0
        self.curtain_for: int | None = None
        self.poses: dict[int, tuple[str, float]] = {}
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.mode: str | None = None          # "arrange" / "point" / None
        self.mode_key = None
        self.legal: list[str] = []
        self.arr: list[str] = []              # the arrangement being made
        self.arr_seat: int | None = None
        self.arr_ids: list[int] = []          # which card each place of self.arr holds (they move)
        self.arr_shown: dict[int, tuple] = {}  # where each is drawn: eases toward its place
        self.held: int | None = None          # index of the mermaid picked up in self.arr
        self.drag_pos: tuple | None = None
        self.message: tuple[str, float] | None = None
        self.setup_round = 0
        self.rng = random.Random(session.seed * 31 + 5)
        self.level = load_level("zodiac", app.size)
        self.anchors = {}
        self._bg = None
        self.focus = FocusGroup(wrap=True)
        self.focus.on_move = self._focus_moved
        self.done_btn = Button((0, 0, 1, 1), "zc.btn.done", self._arrange_done, primary=True, px=40)
        self.active_buttons: list[Button] = []
        self.card_widgets: dict[tuple, CardWidget] = {}
        self.shown_widgets: list[CardWidget] = []
        self.layout()
        bots = {}
        for seat, info in enumerate(session.seats):
            if attract or not info.human:
                bot_seed = (session.seed * 7919 + seat * 104729) & 0x7FFFFFFF
                bots[seat] = make_bot(session.game_name, info.level, seat, bot_seed,
                                      Budget(nodes=400, seconds=0.25, clock=time.monotonic))
        self.runner = BotRunner(session, bots, min_delay=0.35 if attract else 0.7, log=app.log)
        self.presenter = Presenter(self)
        if session.actions:
            self.presenter.board.sync(session.game, self.viewer)
            self.setup_round = session.game.view(0)["round"] if session.game.view(0)["started"] else 0
        else:
            self.presenter.present(getattr(session.game, "opening_events", []), self.viewer)

    # ---- geometry ----------------------------------------------------------------------------------
    def layout(self) -> None:
        self.anchors = self.level.anchors(self.n, self.app.size, require=ANCHOR_NAMES)
        self._bg = None
        self.mode_key = None

    def s(self, v: float) -> int:
        return self.app.s(v)

    def position(self, seat: int) -> int:
        return (seat - self.bottom) % self.n

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.anchors[f"seat{self.position(seat)}"].rect

    def hand_rect(self, seat: int) -> pygame.Rect:
        return self.anchors[f"hand{self.position(seat)}"].rect

    def big_hand(self, seat: int) -> bool:
        return self.position(seat) == 0

    def grid_rect(self) -> pygame.Rect:
        return self.anchors["grid"].rect

    def hand_slot(self, seat: int, slot: float, count: float):
        """(centre, width) of the card at ``slot`` (from the owner's left) of ``count`` as drawn."""
        anchor = self.anchors[f"hand{self.position(seat)}"]
        rect = anchor.rect
        reverse = bool(int(anchor.properties.get("reverse", 0) or 0))
        w = self.s(DESIGN_W["big" if self.big_hand(seat) else "mini"])
        h = w * RATIO
        count = max(1.0, count)
        k = (count - 1 - slot) if reverse else slot
        if rect.w >= rect.h:
            gap = self.s(14 if self.big_hand(seat) else 6)
            step = min(w + gap, (rect.w - w) / max(1.0, count - 1)) if count > 1 else 0
            x0 = rect.centerx - step * (count - 1) / 2
            return (x0 + step * k, rect.centery), w
        step = min(h + self.s(6), (rect.h - h) / max(1.0, count - 1)) if count > 1 else 0
        y0 = rect.centery - step * (count - 1) / 2
        return (rect.centerx, y0 + step * k), w

    def lift_dir(self, seat: int) -> tuple[float, float]:
        """The unit step a face-up card of ``seat``'s hand is lifted by: toward the table."""
        rect = self.hand_rect(seat)
        if rect.w >= rect.h:
            return (0.0, -1.0 if rect.centery > self.grid_rect().centery else 1.0)
        return (1.0 if rect.centerx < self.grid_rect().centerx else -1.0, 0.0)

    def centre_slot(self, pos: int):
        rows, cols = self.presenter.board.grid if hasattr(self, "presenter") else (3, 4)
        rect = self.grid_rect()
        gap = self.s(14)
        w = min(self.s(128), (rect.w - gap * (cols - 1)) / cols, ((rect.h - gap * (rows - 1)) / rows) / RATIO)
        h = w * RATIO
        r, c = divmod(pos, cols)
        x0 = rect.centerx - ((w + gap) * (cols - 1)) / 2
        y0 = rect.centery - ((h + gap) * (rows - 1)) / 2
        return (x0 + (w + gap) * c, y0 + (h + gap) * r), int(w)

    def trump_slot(self):
        rect = self.anchors["trump"].rect
        w = self.s(DESIGN_W["trump"])
        return (rect.centerx, rect.y + self.s(70) + w * RATIO / 2), w

    def capture_slot(self, seat: int, index: int):
        rect = self.anchors[f"caps{self.position(seat)}"].rect
        w = self.s(DESIGN_W["cap"])
        h = w * RATIO
        step = w + self.s(16)
        per_row = max(1, int((rect.w + self.s(16)) // step))
        r, c = divmod(index, per_row)
        return (rect.x + w / 2 + step * c + self.s(4), rect.y + h / 2 + r * (h + self.s(6))), w

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def kind_name(self, kind: str) -> str:
        return self.app.t("zc.kind." + kind)

    @property
    def speed(self) -> float:
        return self.app.settings.speed_factor * (0.75 if self.attract else 1.0)

    @property
    def game(self):
        return self.session.game

    # ---- lifecycle / reactions -----------------------------------------------------------------------
    def exit(self) -> None:
        self.runner.cancel()

    def set_pose(self, seat: int, pose: str, seconds: float) -> None:
        self.poses[seat] = (pose, self.time + seconds)

    def bubble(self, seat: int, text: str, seconds: float) -> None:
        self.bubbles[seat] = (text, self.time + seconds)

    def pose_of(self, seat: int) -> str:
        board = self.presenter.board
        if self.game.over and seat in board.winners and not self.presenter.busy:
            return "victorious"
        pose = self.poses.get(seat)
        if pose and pose[1] > self.time:
            return pose[0]
        if self.runner.thinking_seat == seat:
            return "thinking"
        return "idle"

    def _focus_moved(self, item) -> None:
        self.message = None               # the focused card's own explanation shows instead
        self.app.audio.play("ui_move")

    def note(self, text: str, seconds: float = 2.5) -> None:
        self.message = (text, self.time + seconds)

    # ---- the flow ------------------------------------------------------------------------------------
    def pending_arrange(self) -> list[int]:
        """Human seats that still get the arrange step this round (they hold a mermaid)."""
        game = self.game
        if game.over:
            return []
        out = []
        for s in self.humans:
            v = game.view(s)
            if v["can_arrange"] and "MERMAID" in v["hand"]:
                out.append(s)
        return out

    def my_turn(self) -> bool:
        """A human may make a rules choice now (arrange or point)."""
        return self.mode is not None and not self.presenter.busy and self.curtain_for is None

    def _show(self, seat: int) -> None:
        """Make ``seat``'s hand the one shown (a curtain first when several humans share the screen)."""
        if self.viewer == seat:
            return
        if len(self.humans) > 1:
            if self.curtain_for != seat:
                self.viewer = None
                self.curtain_for = seat
                self.presenter.board.sync(self.game, None)
                self.app.audio.play("purr")
        else:
            self.viewer = seat
            self.presenter.board.sync(self.game, seat)

    def update(self, dt: float) -> None:
        self.time += dt
        self._frame_dt = dt
        pace = 1.0 if self.attract else self.app.settings.bot_pace   # the bot speed setting
        self.runner.min_delay = (0.35 if self.attract else 0.7) * pace * self.app.settings.speed_factor
        if self.message and self.message[1] < self.time:
            self.message = None
        self.presenter.update(dt)
        game = self.game
        if not self.presenter.busy:
            if game.over:
                self.end_wait += dt
                if self.end_wait >= 1.2 * self.speed + 0.3 and not self.finished:
                    self._end()
            else:
                view = game.view(0)
                if not view["started"] and self.setup_round != view["round"]:
                    self.setup_round = view["round"]
                    for seat in sorted(self.runner.bots):
                        for action in game.computer_setup_actions(seat, self.rng):
                            self._apply(action)
                if not self.presenter.busy:
                    self._advance()
        self._refresh_mode()
        if self.mode == "arrange":                # cards slide to their new places
            k = min(1.0, dt * 16 / max(0.25, self.app.settings.speed_factor))
            for w in self.shown_widgets:
                uid = self.arr_ids[w.key[2]]
                x, y = self.arr_shown.get(uid, w.rect.center)
                tx, ty = w.rect.center
                self.arr_shown[uid] = (x + (tx - x) * k, y + (ty - y) * k)

    def _advance(self) -> None:
        game = self.game
        pending = self.pending_arrange()
        if pending:
            self._show(pending[0])
            return
        cur = game.current_player
        if cur in self.runner.bots:
            if len(self.humans) > 1 and self.viewer is not None:
                self.viewer = None
                self.presenter.board.sync(game, None)
            action = self.runner.poll(self._frame_dt)
            if action is not None:
                self._apply(action)
        elif cur in self.humans:
            self._show(cur)

    def _end(self) -> None:
        self.finished = True
        if self.attract:
            return
        from scenes.results import ResultsScene

        self.app.stack.replace(ResultsScene(self.app, self.session))

    def _apply(self, action: str) -> bool:
        from game.rules.base import RuleError

        actor = self.game.current_player
        try:
            events = self.session.apply(action)
        except RuleError as exc:
            self.app.log.warning("zodiac table: %s", exc)
            self.note(self.app.t("zc.why.not_now"))
            self.app.audio.play("ui_back")
            return False
        if actor in self.humans and self.viewer == actor:
            self.app.audio.play("ui_confirm")
        self.held = None
        self.drag_pos = None
        self.mode_key = None
        self.presenter.present(events, self.viewer)
        return True

    # ---- modes and widgets ---------------------------------------------------------------------------
    def _refresh_mode(self) -> None:
        game = self.game
        key = (len(self.session.actions), self.viewer, self.curtain_for, self.presenter.busy, self.app.size)
        if key != self.mode_key:
            self.mode_key = key
            self.mode = None
            self.legal = []
            if not game.over and self.curtain_for is None and self.viewer is not None \
                    and not self.presenter.busy:
                if self.viewer in self.pending_arrange():
                    self.mode = "arrange"
                    if self.arr_seat != self.viewer or not self.arr or \
                            sorted(self.arr) != sorted(game.view(self.viewer)["hand"]):
                        self.arr = list(game.view(self.viewer)["hand"])
                        self.arr_ids = list(range(len(self.arr)))
                        self.arr_shown = {}
                        self.arr_seat = self.viewer
                        self.held = None
                elif game.current_player == self.viewer and not self.pending_arrange():
                    self.mode = "point"
                    self.legal = [a for a in game.legal_actions() if a.startswith("point")]
            self.active_buttons = [self.done_btn] if self.mode == "arrange" else []
        self._layout_widgets()

    def _widget(self, key) -> CardWidget:
        w = self.card_widgets.get(key)
        if w is None:
            w = self.card_widgets[key] = CardWidget(key)
            w.on_press = (lambda k=key: self._press(k))
        return w

    def _layout_widgets(self) -> None:
        rect = self.anchors["actions"].rect
        bh = self.s(96)
        self.done_btn.rect = pygame.Rect(rect.x, rect.bottom - bh - self.s(20), rect.w, bh)
        self.done_btn.enabled = not self.presenter.busy
        items: list = []
        board = self.presenter.board
        if self.mode == "arrange":
            count = len(self.arr)
            for i, kind in enumerate(self.arr):
                w = self._widget(("arr", self.viewer, i))
                (cx, cy), cw = self.hand_slot(self.viewer, float(i), float(count))
                w.rect = pygame.Rect(0, 0, int(cw), int(cw * RATIO))
                lift = self.s(24) if self.held == i else (self.s(8) if kind == "MERMAID" else 0)
                w.rect.center = (round(cx), round(cy - lift))
                items.append(w)
        elif self.mode == "point":
            for s in range(self.n):
                live = board.hands[s]
                for p, c in sorted(enumerate(live), key=lambda pc: pc[1].flip > 0.5):
                    w = self._widget(("hand", s, p))
                    (cx, cy), cw = self.hand_slot(s, c.slot, board.counts[s])
                    w.rect = pygame.Rect(0, 0, int(cw), int(cw * RATIO))
                    lift = self.s(18) if c.flip > 0.5 else 0
                    dx, dy = self.lift_dir(s)
                    w.rect.center = (round(cx + dx * lift), round(cy + dy * lift))
                    items.append(w)
            for p, c in enumerate(board.centre):
                if c is None:
                    continue
                w = self._widget(("centre", None, p))
                (cx, cy), cw = self.centre_slot(p)
                w.rect = pygame.Rect(0, 0, int(cw), int(cw * RATIO))
                w.rect.center = (round(cx), round(cy))
                items.append(w)
            if board.trump_shown:
                w = self._widget(("trump", None, 0))
                (cx, cy), cw = self.trump_slot()
                w.rect = pygame.Rect(0, 0, int(cw), int(cw * RATIO))
                w.rect.center = (round(cx), round(cy))
                items.append(w)
        # a hand's cards overlap: the later (right) card wins a click, as drawn
        self.shown_widgets = items
        self.focus.set_items(items + list(self.active_buttons))
        if self.focus.focused is None and (items or self.active_buttons):
            first = self._first_focus(items)
            self.focus.set_focus(first)

    def _first_focus(self, items):
        if self.mode == "arrange":
            return next((w for w in items if self.arr[w.key[2]] == "MERMAID"), self.done_btn)
        for w in items:
            if w.key[0] == "centre" and self._action_for(w.key) in self.legal:
                return w
        return next((w for w in items if self._action_for(w.key) in self.legal), items[0] if items else None)

    # ---- pointing ------------------------------------------------------------------------------------
    def _action_for(self, key) -> str | None:
        where, seat, pos = key
        if where == "hand":
            return f"point hand {seat} {pos}"
        if where == "centre":
            return f"point centre {pos}"
        return None

    def why_not(self, key) -> str:
        """Why pointing at ``key`` is not allowed now ('' when it is)."""
        if self.mode != "point":
            return ""
        if key[0] == "trump":
            return self.app.t("zc.why.trump")
        action = self._action_for(key)
        if action in self.legal:
            return ""
        return self.app.t("zc.why.face_up")

    def _press(self, key) -> None:
        if self.mode == "arrange" and key[0] == "arr":
            self._press_arr(key[2])
            return
        if self.mode != "point" or not self.my_turn():
            return
        why = self.why_not(key)
        if why:
            self.note(why)
            self.app.audio.play("ui_back")
            return
        self._apply(self._action_for(key))

    # ---- arranging -----------------------------------------------------------------------------------
    def _press_arr(self, index: int) -> None:
        if self.held is None:
            if self.arr[index] != "MERMAID":
                self.note(self.app.t("zc.arrange.numbers"))
                self.app.audio.play("ui_back")
                return
            self.held = index
            self.app.audio.play("card_slide")
            return
        self._move_held_to(index)
        self.held = None
        self.app.audio.play("card_flip")

    def _move_held_to(self, index: int) -> None:
        if self.held is None:
            return
        index = max(0, min(len(self.arr) - 1, index))
        card = self.arr.pop(self.held)
        self.arr.insert(index, card)
        self.arr_ids.insert(index, self.arr_ids.pop(self.held))
        self.held = index

    def _arrange_done(self) -> None:
        if self.mode != "arrange" or not self.my_turn():
            return
        self.held = None
        self._apply(f"arrange {self.viewer} " + " ".join(self.arr))

    def _slot_at_x(self, x: float) -> int:
        if not self.arr:
            return 0
        count = float(len(self.arr))
        centers = [self.hand_slot(self.viewer, float(i), count)[0][0] for i in range(len(self.arr))]
        return min(range(len(centers)), key=lambda i: abs(centers[i] - x))

    def _handle_arrange(self, intent) -> bool:
        kind = intent.kind
        if kind == "drag_start":
            hit = next((w for w in self.shown_widgets if w.rect.collidepoint(intent.pos)), None)
            if hit is not None and self.arr[hit.key[2]] == "MERMAID":
                self.held = hit.key[2]
                self.drag_pos = intent.pos
                self.app.audio.play("card_slide")
                return True
            return False
        if kind == "drag" and self.drag_pos is not None:
            self.drag_pos = intent.pos
            return True
        if kind == "drag_end" and self.drag_pos is not None:
            self._move_held_to(self._slot_at_x(intent.pos[0]))
            self.held = None
            self.drag_pos = None
            self.app.audio.play("card_flip")
            return True
        if kind == "move" and self.held is not None and intent.direction in ("left", "right"):
            self._move_held_to(self.held + (-1 if intent.direction == "left" else 1))
            self.app.audio.play("ui_move")
            self._layout_widgets()
            self.focus.set_focus(self.card_widgets[("arr", self.viewer, self.held)])
            return True
        if kind in ("alt", "back") and self.held is not None:
            self.held = None
            self.drag_pos = None
            self.app.audio.play("ui_back")
            return True
        return False

    # ---- intents ------------------------------------------------------------------------------------
    def handle(self, intent) -> None:
        kind = intent.kind
        if self.mode == "arrange" and kind in ("alt", "back") and self.held is not None:
            self._handle_arrange(intent)
            return
        if kind in ("back", "pause"):
            self._pause()
            return
        if kind == "help":
            from scenes.rules_help import RulesHelpScene

            self.app.stack.push(RulesHelpScene(self.app, self.session.game_name))
            return
        if kind == "skip":
            self.presenter.skip()
            return
        if self.curtain_for is not None:
            if kind in ("confirm", "click") and not self.presenter.busy:
                self.viewer = self.bottom = self.curtain_for
                self.curtain_for = None
                self.layout()
                self.presenter.board.sync(self.game, self.viewer)
                self.app.audio.play("card_flip")
            return
        if self.mode == "arrange" and self._handle_arrange(intent):
            return
        if kind == "click" and self.presenter.busy and self.focus.item_at(intent.pos) is None:
            self.presenter.skip()
            return
        self.focus.handle(intent)

    def _pause(self) -> None:
        from scenes.pause import PauseScene

        self.app.audio.play("ui_back")
        self.app.stack.push(PauseScene(self.app, self))

    # ---- test / tool support -------------------------------------------------------------------------
    def widgets(self) -> dict[str, pygame.Rect]:
        """Name → window rect of every widget that can be pointed at now (tests, tools)."""
        out = {widget_name(w.key): w.rect for w in self.shown_widgets}
        if self.done_btn in self.active_buttons:
            out["btn:done"] = self.done_btn.rect
        return out

    def widget(self, name: str):
        if name == "btn:done":
            return self.done_btn if self.done_btn in self.active_buttons else None
        return next((w for w in self.shown_widgets if widget_name(w.key) == name), None)

    def click_point(self, name: str) -> tuple[int, int]:
        """A point inside the part of widget ``name`` that is not covered by a later card."""
        target = self.widget(name)
        rect = target.rect
        later = [w.rect for w in self.shown_widgets[self.shown_widgets.index(target) + 1:]] \
            if target in self.shown_widgets else []
        for fx in (0.5, 0.2, 0.08, 0.8, 0.92):
            for fy in (0.5, 0.15, 0.85):
                p = (rect.x + int(rect.w * fx), rect.y + int(rect.h * fy))
                if not any(r.collidepoint(p) for r in later):
                    return p
        return rect.center

    def explanation(self) -> str:
        if self.message:
            return self.message[0]
        focused = self.focus.focused
        if isinstance(focused, CardWidget) and self.mode == "point":
            return self.why_not(focused.key)
        return ""

    # ---- drawing ------------------------------------------------------------------------------------
    def _background(self) -> pygame.Surface:
        if self._bg is None or self._bg.get_size() != self.app.size:
            self._bg = render_background(self.level, self.app.size)
        return self._bg

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._background(), (0, 0))
        board = self.presenter.board
        self._draw_trump(surface)
        self._draw_centre(surface)
        for seat in range(self.n):
            self._draw_seat(surface, seat)
            self._draw_captures(surface, seat)
        for seat in range(self.n):
            if self.mode == "arrange" and seat == self.viewer:
                self._draw_arrange(surface)
            else:
                self._draw_hand(surface, seat)
        for b in self.active_buttons:
            b.draw(surface, self.app, focused=b is self.focus.focused)
        for f in self.presenter.flyers:
            self._blit_card(surface, f.kind, f.pos, f.width, f.flip)
        self._draw_prompt(surface)
        self._draw_hints(surface)
        focused = self.focus.focused
        if focused is not None and self.my_turn() and self.drag_pos is None:
            focus_outline(surface, focused.rect, self.time, self.app.scale, getattr(focused, "radius", 12))
        self._draw_floats(surface)
        if board.summary:
            self._draw_summary(surface, board.summary)
        else:
            self._draw_banner(surface)
        if self.curtain_for is not None and not self.presenter.busy:
            self._draw_curtain(surface)

    def _blit_card(self, surface, kind, center, width, flip: float = 1.0, own: bool = False) -> pygame.Rect:
        width = max(4, int(round(width / 2) * 2))
        height = round(width * RATIO)
        squash = abs(math.cos(math.pi * flip))
        face = kind is not None and (flip >= 0.5 or own)
        surf = card_face(kind, width) if face else card_back(width)
        rect = pygame.Rect(0, 0, max(1, int(width * squash)), height)
        rect.center = (round(center[0]), round(center[1]))
        if squash < 0.999:
            surf = pygame.transform.scale(surf, rect.size)
        else:
            surf = _card_sprite(kind if face else None, width, self.s(4))    # shadow baked in
        surface.blit(surf, rect)
        if face and kind == self.presenter.board.trump and squash > 0.5:
            trump_frame(surface, rect, self.app.scale, self.time)
        return rect

    def _text(self, surface, text, px, colour, pos, anchor="center", max_w=None):
        font = self.app.fit_font(text, px, max_w, 28) if max_w else self.app.font(px)
        return self.app.draw_text(surface, text, font, colour, pos, anchor)

    def _chip(self, surface, text, center, edge, px=32) -> pygame.Rect:
        surf = self.app.text(text, self.app.font(px), P.CREAM)
        r = surf.get_rect(center=center).inflate(self.s(32), self.s(12))
        surface.blit(panel(r.size, INK_PANEL, r.h // 2, max(2, self.s(3)), edge), r)
        surface.blit(surf, surf.get_rect(center=r.center))
        return r

    def _draw_trump(self, surface) -> None:
        board = self.presenter.board
        rect = self.anchors["trump"].rect
        self._text(surface, self.app.t("zc.trump"), 34, GOLD, (rect.centerx, rect.y + self.s(30)))
        (cx, cy), w = self.trump_slot()
        if board.trump_shown and board.trump:
            r = self._blit_card(surface, board.trump, (cx, cy), w, 1.0)
            self._text(surface, self.kind_name(board.trump), 30, P.CREAM,
                       (rect.centerx, r.bottom + self.s(30)), max_w=self.s(230))
        else:
            r = pygame.Rect(0, 0, w, round(w * RATIO))
            r.center = (round(cx), round(cy))
            pygame.draw.rect(surface, GOLD, r, max(2, self.s(3)), border_radius=self.s(12))

    def _draw_centre(self, surface) -> None:
        board = self.presenter.board
        for p, c in enumerate(board.centre):
            (cx, cy), w = self.centre_slot(p)
            if c is None:
                r = pygame.Rect(0, 0, w, round(w * RATIO))
                r.center = (round(cx), round(cy))
                pygame.draw.rect(surface, (120, 20, 28), r, max(2, self.s(3)), border_radius=self.s(12))
                continue
            r = self._blit_card(surface, c.kind, (cx, cy), w, c.flip)
            if c.step:
                self._step_chip(surface, r, c.step)

    def _step_chip(self, surface, rect, step: int, below: bool = False) -> None:
        """The gold 1-2-3 order mark of this turn's pointed cards (under the bottom hand's cards,
        where the prompt does not cover it; above the others)."""
        rad = self.s(22)
        c = (rect.centerx, rect.bottom + self.s(2) if below else rect.y - self.s(4))
        pygame.draw.circle(surface, P.INK, c, rad + self.s(3))
        pygame.draw.circle(surface, GOLD, c, rad)
        self._text(surface, str(step), 30, P.INK, c)

    def _draw_hand(self, surface, seat: int) -> None:
        board = self.presenter.board
        shown = seat == self.viewer and self.curtain_for is None
        # face-up cards are drawn last, on top of their neighbours (the click order matches)
        for c in sorted(board.hands[seat], key=lambda c: c.flip > 0.5):
            if c.gone:
                continue
            (cx, cy), w = self.hand_slot(seat, c.slot, board.counts[seat])
            up = c.flip > 0.5
            lift = self.s(18) * min(1.0, c.flip * 2) if (up or c.step) else 0
            dx, dy = self.lift_dir(seat)
            flip = c.flip if up or not shown else c.peek
            r = self._blit_card(surface, c.kind, (cx + dx * lift, cy + dy * lift), w, flip,
                                own=shown and c.peek >= 1.0)
            if shown and not up and c.kind:
                # own card, face down on the table: a dark band says "only you see this"
                band = pygame.Rect(r.x, r.bottom - self.s(10), r.w, self.s(10))
                pygame.draw.rect(surface, (60, 10, 16), band, border_bottom_left_radius=self.s(10),
                                 border_bottom_right_radius=self.s(10))
            if c.step:
                self._step_chip(surface, r, c.step, below=self.big_hand(seat))
        if shown and len(self.humans) > 1:
            rect = self.hand_rect(seat)
            self._text(surface, self.app.t("zc.hand_of", name=self.seat_name(seat)), 30, GOLD,
                       (rect.x, rect.y - self.s(4)), "bottomleft")

    def _draw_arrange(self, surface) -> None:
        for w in self.shown_widgets:
            i = w.key[2]
            if self.drag_pos is not None and self.held == i:
                pygame.draw.rect(surface, GOLD, w.rect, self.s(3), border_radius=self.s(10))
                continue
            pos = self.arr_shown.get(self.arr_ids[i], w.rect.center)
            self._blit_card(surface, self.arr[i], pos, w.rect.w, 1.0, own=True)
            if self.held == i:
                ring = w.rect.copy()
                ring.center = (round(pos[0]), round(pos[1]))
                pygame.draw.rect(surface, JADE, ring.inflate(self.s(8), self.s(8)), self.s(5),
                                 border_radius=self.s(14))
        if self.drag_pos is not None and self.held is not None:
            self._blit_card(surface, "MERMAID", self.drag_pos, self.s(DESIGN_W["big"]), 1.0, own=True)

    def _draw_seat(self, surface, seat: int) -> None:
        from game.art.cats import draw_cat

        board = self.presenter.board
        rect = self.seat_rect(seat)
        info = self.session.seats[seat]
        plate_h = self.s(78)
        cat_box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - plate_h)
        active = board.current == seat and not self.game.over
        if active:
            pulse = round((0.85 + 0.15 * math.sin(self.time * 4)) * 20) / 20
            g = ellipse_glow((int(rect.w * 1.3 * pulse), int(cat_box.h * 0.55)), (255, 200, 110), 230)
            surface.blit(g, g.get_rect(center=(cat_box.centerx, cat_box.bottom - self.s(8))))
        size = int(min(cat_box.h, cat_box.w) * 0.98)
        flip = rect.centerx > self.app.size[0] / 2
        draw_cat(surface, (cat_box.centerx, cat_box.centery + self.s(4)), size, info.coat, self.pose_of(seat),
                 self.time + seat * 0.7, flip)
        plate = pygame.Rect(rect.x, rect.bottom - plate_h, rect.w, plate_h)
        edge = GOLD if active else (JADE if seat in self.humans else RED_EDGE)
        surface.blit(panel(plate.size, INK_PANEL, self.s(14), max(2, self.s(3)), edge), plate)
        name = info.name
        if seat in self.humans and len(self.humans) == 1:
            name += f" ({self.app.t('zc.you')})"
        inner = plate.w - self.s(12)
        self._text(surface, name, 30, P.CREAM, (plate.centerx, plate.y + self.s(21)), max_w=inner)
        pts = board.points[seat]
        status = self.app.t("zc.points", n=pts)
        colour = GOLD
        if self.game.over and seat in board.winners and not self.presenter.busy:
            status += " · " + self.app.t("zc.status.winner")
        elif self.pose_of(seat) == "thinking":
            status += " · " + self.app.t("zc.status.thinking")
            colour = P.LAMP_SOFT
        self._text(surface, status, 28, colour, (plate.centerx, plate.y + self.s(56)), max_w=inner)
        bubble = self.bubbles.get(seat)
        if bubble and bubble[1] > self.time:
            self._chip(surface, bubble[0], (cat_box.centerx, cat_box.y + self.s(24)), JADE, 28)

    def _draw_captures(self, surface, seat: int) -> None:
        board = self.presenter.board
        for i, kind in enumerate(board.captures[seat]):
            (cx, cy), w = self.capture_slot(seat, i)
            for k in range(3):                        # a little stack of three
                self._blit_card(surface, kind, (cx + self.s(4) * k, cy - self.s(4) * k), w, 1.0)

    def _draw_floats(self, surface) -> None:
        for seat, text, left in self.presenter.board.floats:
            rect = self.seat_rect(seat)
            rise = self.s(40) * (1 - min(1.0, left / 1.6))
            self._chip(surface, text, (rect.centerx, rect.y + self.s(40) - rise), GOLD, 40)

    def _prompt_text(self) -> tuple[str, tuple]:
        game = self.game
        if self.mode == "arrange" and not self.presenter.busy:
            return self.app.t("zc.prompt.arrange"), P.LAMP
        if self.mode == "point" and not self.presenter.busy:
            step = game.view(self.viewer)["step"] + 1
            return self.app.t("zc.prompt.point", step=step), P.LAMP
        cur = game.current_player
        if not self.presenter.busy and cur in self.runner.bots and not self.pending_arrange():
            return self.app.t("zc.prompt.wait", name=self.seat_name(cur)), P.LAMP_SOFT
        return self.presenter.caption, P.CREAM

    def _draw_prompt(self, surface) -> None:
        rect = self.anchors["prompt"].rect
        text, colour = self._prompt_text()
        sub = None
        if self.message:
            sub = (self.message[0], P.BAD)
        elif self.mode == "arrange" and self.held is not None:
            sub = (self.app.t("zc.arrange.held"), P.GOOD)
        elif self.mode == "point" and self.my_turn():
            why = self.explanation()
            if why:
                sub = (why, P.BAD)
        if not text and not sub:
            return
        mine = self.my_turn()
        shade = panel(rect.size, INK_PANEL, self.s(20), max(2, self.s(3)), GOLD if mine else (110, 40, 44))
        shade.set_alpha(230)
        surface.blit(shade, rect)
        inner = rect.w - self.s(30)
        if sub:
            self._text(surface, text, 32, colour, (rect.centerx, rect.y + self.s(30)), max_w=inner)
            self._text(surface, sub[0], 30, sub[1], (rect.centerx, rect.y + self.s(72)), max_w=inner)
        else:
            self._text(surface, text, 38, colour, rect.center, max_w=inner)

    def _draw_hints(self, surface) -> None:
        if not self.humans or self.curtain_for is not None or self.viewer is None:
            return
        device = self.app.device if self.app.device in ("mouse", "keyboard", "pad") else "mouse"
        rect = self.anchors["hints"].rect
        key = ("zc.hint.arrange." if self.mode == "arrange" else "zc.hint.") + device
        self._text(surface, self.app.t(key), 28, (230, 200, 190), rect.center, max_w=rect.w)

    def _draw_banner(self, surface) -> None:
        banner = self.presenter.banner
        if not banner:
            return
        text, colour, left = banner
        rect = self.anchors["banner"].rect
        font = self.app.fit_font(text, 60, rect.w, 36)
        surf = self.app.text(text, font, colour)
        box = surf.get_rect(center=rect.center).inflate(self.s(60), self.s(28))
        alpha = 255 if left > 0.3 else int(255 * left / 0.3)
        bg = panel(box.size, INK_PANEL, box.h // 2, max(2, self.s(4)), GOLD)
        bg.set_alpha(alpha)
        surface.blit(bg, box)
        s2 = surf.copy()
        s2.set_alpha(alpha)
        surface.blit(s2, s2.get_rect(center=box.center))

    def _draw_summary(self, surface, summary: dict) -> None:
        rows = sorted(range(self.n), key=lambda s: -summary["points"][s])
        box = pygame.Rect(0, 0, self.s(900), self.s(180 + 44 * self.n))
        box.center = self.grid_rect().center
        surface.blit(panel(box.size, INK_PANEL, self.s(30), max(2, self.s(5)), GOLD, self.s(10)), box)
        if summary["seat"] is not None:
            title = self.app.t("zc.summary.title", n=summary["round"], name=self.seat_name(summary["seat"]))
        else:
            title = self.app.t("zc.summary.none", n=summary["round"])
        self._text(surface, title, 48, GOLD, (box.centerx, box.y + self.s(50)), max_w=box.w - self.s(40))
        y = box.y + self.s(104)
        for s in rows:
            colour = GOLD if s == summary["seat"] else P.CREAM
            pts = summary["points"][s]
            label = self.app.t("zc.points", n=pts)
            row = self.app.t("zc.summary.row", name=self.seat_name(s), points=label)
            self._text(surface, row, 36, colour, (box.centerx, y), max_w=box.w - self.s(40))
            y += self.s(44)
        if summary.get("next") is not None:
            self._text(surface, self.app.t("zc.summary.next", name=self.seat_name(summary["next"])), 32,
                       (190, 230, 210), (box.centerx, box.bottom - self.s(40)), max_w=box.w - self.s(40))

    def _draw_curtain(self, surface) -> None:
        from game.art.cats import draw_cat

        seat = self.curtain_for
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((20, 6, 10, 236))
        surface.blit(shade, (0, 0))
        w, h = self.app.size
        box = pygame.Rect(0, 0, self.s(1100), self.s(560))
        box.center = (w // 2, h // 2)
        surface.blit(panel(box.size, (60, 14, 20), self.s(36), max(2, self.s(5)), GOLD, self.s(10)), box)
        draw_cat(surface, (box.centerx, box.y + self.s(150)), self.s(220), self.session.seats[seat].coat,
                 "happy", self.time)
        self._text(surface, self.app.t("zc.curtain.pass_to", name=self.seat_name(seat)), 72, GOLD,
                   (box.centerx, box.y + self.s(320)), max_w=box.w - self.s(60))
        self._text(surface, self.app.t("zc.curtain.press"), 40, P.CREAM, (box.centerx, box.y + self.s(410)),
                   max_w=box.w - self.s(60))
        self._text(surface, self.app.t("zc.curtain.others"), 32, (220, 190, 180),
                   (box.centerx, box.y + self.s(480)), max_w=box.w - self.s(60))


@lru_cache(maxsize=256)
def _card_sprite(kind: str | None, width: int, shadow: int) -> pygame.Surface:
    """A card face (or the back, for None) with its drop shadow, ready to blit at the card's rect."""
    face = card_face(kind, width) if kind else card_back(width)
    w, h = face.get_size()
    surf = pygame.Surface((w + shadow, h + shadow), pygame.SRCALPHA)
    pygame.draw.rect(surf, (0, 0, 0, 200), (shadow, shadow, w, h), border_radius=max(3, width // 9))
    surf.blit(face, (0, 0))
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def render_background(level, size) -> pygame.Surface:
    """The courtyard: the map's tile layer scaled to the window, lanterns along the wall with their
    glow, warm light on the table and a vignette. Drawn once per window size."""
    from game.assets import resource_path
    from game.layout import scale_for

    scale, ox, oy = scale_for(size)
    bg = pygame.Surface(size)
    bg.fill((40, 30, 34))
    tmx = level.tmx
    tw, th = tmx.tilewidth, tmx.tileheight
    design = pygame.Surface((tmx.width * tw, tmx.height * th))
    design.fill((58, 52, 58))
    try:
        tileset = tmx.tilesets[0]
        tiles_img = pygame.image.load(str(resource_path("levels/" + tileset.source.split("/")[-1])))
    except (pygame.error, FileNotFoundError, AttributeError, IndexError):
        tiles_img = None
    if tiles_img is not None:
        cols = tiles_img.get_width() // tw
        layer = next(lyr for lyr in tmx.visible_layers if hasattr(lyr, "data"))
        for y, row in enumerate(layer.data):
            for x, gid in enumerate(row):
                if not gid:
                    continue
                real = tmx.tiledgidmap.get(gid, gid) - 1
                src = pygame.Rect((real % cols) * tw, (real // cols) * th, tw, th)
                design.blit(tiles_img, (x * tw, y * th), src)
    light = ellipse_glow((1400, 820), (255, 190, 110), 50)
    design.blit(light, light.get_rect(center=(960, 520)))
    rng = random.Random(4)
    for x in (120, 420, 740, 1180, 1500, 1800):       # red lanterns hanging from the wall
        y = 70 + rng.randrange(-8, 8)
        design.blit(glow(90, (255, 140, 70), 110), (x - 90, y - 90))
        pygame.draw.line(design, GOLD, (x, 0), (x, y - 30), 3)
        body = pygame.Rect(0, 0, 74, 60)
        body.center = (x, y)
        pygame.draw.ellipse(design, LACQUER, body)
        pygame.draw.ellipse(design, (230, 70, 50), body.inflate(-26, -6))
        for dx in (-14, 0, 14):
            pygame.draw.line(design, (120, 16, 24), (x + dx, body.y + 4), (x + dx, body.bottom - 4), 2)
        pygame.draw.rect(design, GOLD, (x - 16, body.y - 6, 32, 8), border_radius=3)
        pygame.draw.rect(design, GOLD, (x - 16, body.bottom - 2, 32, 8), border_radius=3)
        pygame.draw.line(design, GOLD, (x, body.bottom + 6), (x, body.bottom + 26), 3)
    vignette = pygame.Surface(design.get_size(), pygame.SRCALPHA)
    for i in range(12):
        pygame.draw.rect(vignette, (10, 0, 4, 10 + i * 6), vignette.get_rect(), 40 - 3 * i)
    design.blit(vignette, (0, 0))
    out = pygame.transform.smoothscale(design, (round(design.get_width() * scale),
                                                round(design.get_height() * scale)))
    bg.blit(out, (round(ox), round(oy)))
    return bg.convert() if pygame.display.get_surface() is not None else bg
