"""The Hungry Meow table: cats round a crate in a back alley, cards, and every choice of the rules.

Intents become RULES.md §4 action strings (the only way the scene changes the game is
``session.apply``); the engine's events go to the presenter, which animates them. Rules input
(buttons that send actions, bot moves) waits until the presenter is idle; focus, selection and
explanations never wait.

Who sees what: with one human their hand is face up at the bottom; with several humans a curtain
("Pass to Mochi") guards each human turn and a hand is shown only while its owner's curtain is up;
with none (attract / demo) every hand is face down. Everything drawn comes from the board the
presenter keeps, which is filled from ``game.view(viewer)`` and public knowledge only.

Controls: point/click/drag, move/confirm/back/alt/next/prev/skip/pause. ``back`` and ``pause``
open the pause overlay; ``skip`` (and a click on the table during an animation) hurries the
current animation; ``alt`` toggles top/bottom in a Prophecy and clears a selection otherwise.
"""
from __future__ import annotations

import math
import random
import time

import pygame

from game.art import palette as P
from game.art.cards_hungry_meow import RATIO, card_back, card_face, symbol_icon
from game.art.draw import ellipse_glow, focus_outline, panel
from game.bot_runner import BotRunner
from game.bots.base import Budget, make_bot
from game.layout import load_level
from game.scene import Scene
from game.ui.focus import FocusGroup
from game.ui.widgets import Button
from scenes.hungry_meow.presenter import Presenter
from scenes.hungry_meow.rules_view import (
    explain,
    legal_play_sets,
    parse,
    phase_of,
    play_action,
    set_sum,
    sort_key,
    symbol_of,
)

NEON_PINK = (255, 84, 178)
NEON_CYAN = (80, 232, 246)
ANCHOR_NAMES = ("deck", "discard", "table", "reveal", "prompt", "actions", "hints", "seat{i}", "hand{i}")
DESIGN_W = {"hand": 150, "deck": 150, "table": 150, "reveal": 260, "mini": 62, "prophecy": 170}


class CardWidget:
    """A focusable card of the shown hand (or of a Prophecy row)."""

    def __init__(self, key, card: str, index: int):
        self.key = key
        self.card = card
        self.index = index
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.enabled = True
        self.visible = True
        self.radius = 12
        self.on_press = None


class SeatWidget:
    def __init__(self, seat: int):
        self.seat = seat
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.enabled = True
        self.visible = True
        self.radius = 30
        self.on_press = None


class HungryMeowTable(Scene):
    def __init__(self, app, session, attract: bool = False):
        super().__init__(app)
        self.session = session
        self.attract = attract
        self.n = len(session.seats)
        self.humans = [] if attract else list(session.human_seats)
        self.human_game = bool(self.humans)
        self.finished = False
        self.time = 0.0
        self.end_wait = 0.0
        # whose hand is face up at the bottom (None: nobody's)
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.bottom = self.humans[0] if self.humans else 0
        self.curtain_for: int | None = None
        self.poses: dict[int, tuple[str, float]] = {}
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.dir_spin = 0.0
        self.selected: list[str] = []
        self.verdict = None
        self.mode: str | None = None
        self.mode_key = None
        self.legal: list[str] = []
        self.prophecy_order: list[str] = []
        self.prophecy_where = "top"
        self.held: int | None = None          # prophecy card picked up (index), controller or mouse
        self.drag_pos: tuple | None = None
        self.dealer_seat: int | None = None
        self.message: tuple[str, float] | None = None   # a short note (e.g. an illegal click)
        self.level = load_level("hungry-meow", app.size)
        self.anchors = {}
        self._bg = None
        self.focus = FocusGroup(wrap=True)
        self.focus.on_move = lambda item: self.app.audio.play("ui_move")
        self.buttons: dict[str, Button] = {}
        self.card_widgets: dict[str, CardWidget] = {}
        self.seat_widgets = {s: SeatWidget(s) for s in range(self.n)}
        for s, w in self.seat_widgets.items():
            w.on_press = (lambda seat=s: self._choose_seat(seat))
        self.pcards: list[CardWidget] = []
        self.layout()
        bots = {}
        for seat, info in enumerate(session.seats):
            if attract or not info.human:
                bot_seed = (session.seed * 7919 + seat * 104729) & 0x7FFFFFFF
                bots[seat] = make_bot(session.game_name, info.level, seat, bot_seed,
                                      Budget(nodes=400, seconds=0.25, clock=time.monotonic))
        self.runner = BotRunner(session, bots, min_delay=0.35 if attract else 0.7, log=app.log)
        self.presenter = Presenter(self)
        if session.actions:              # resumed game: show it as it stands
            self.presenter.board.sync(session.game, self.viewer)
        else:
            self.presenter.deal()

    # ---- geometry ----------------------------------------------------------------------------------
    def layout(self) -> None:
        self.anchors = self.level.anchors(self.n, self.app.size, require=ANCHOR_NAMES)
        self._bg = None
        self.mode_key = None

    def s(self, v: float) -> int:
        return self.app.s(v)

    def card_w(self, kind: str) -> int:
        return self.s(DESIGN_W[kind])

    def position(self, seat: int) -> int:
        return (seat - self.bottom) % self.n

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.anchors[f"seat{self.position(seat)}"].rect

    def hand_rect(self, seat: int) -> pygame.Rect:
        return self.anchors[f"hand{self.position(seat)}"].rect

    def deck_pos(self):
        return self.anchors["deck"].rect.center

    def discard_pos(self):
        return self.anchors["discard"].rect.center

    def reveal_pos(self):
        return self.anchors["reveal"].rect.center

    def big_hand(self, seat: int) -> bool:
        return self.position(seat) == 0

    def hand_slot(self, seat: int, index: int, count: int):
        """(centre, width) of card ``index`` of ``count`` in ``seat``'s hand as drawn."""
        rect = self.hand_rect(seat)
        if self.big_hand(seat):
            w = self.card_w("hand")
            h = round(w * RATIO)
            step = min(w + self.s(12), (rect.w - w) / max(1, count - 1)) if count > 1 else 0
            x0 = rect.centerx - (step * (count - 1)) / 2
            return (x0 + step * index, rect.bottom - h / 2), w
        w = self.card_w("mini")
        h = round(w * RATIO)
        step = min(w * 0.62, (rect.w - w) / max(1, count - 1)) if count > 1 else 0
        x0 = rect.centerx - (step * (count - 1)) / 2
        return (x0 + step * index, rect.y + h / 2 + self.s(6)), w

    def table_slot(self, index: int, count: int):
        rect = self.anchors["table"].rect
        w = self.card_w("table")
        step = w + self.s(14)
        x0 = rect.centerx - step * (count - 1) / 2
        return (x0 + step * index, rect.centery + self.s(10)), w

    def sym_name(self, symbol: str | None) -> str:
        return self.app.t(f"hm.sym.{symbol}") if symbol else ""

    def card_label(self, card: str) -> str:
        p = parse(card)
        if p:
            return f"{self.app.t('hm.colour.' + p[0])} {self.sym_name(p[2])} {p[1]}"
        return self.app.t("hm.card." + card)

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name

    @property
    def speed(self) -> float:
        base = self.app.settings.speed_factor
        return base * (0.75 if self.attract else 1.0)

    # ---- lifecycle ----------------------------------------------------------------------------------
    def exit(self) -> None:
        self.runner.cancel()

    # ---- reactions ---------------------------------------------------------------------------------
    def set_pose(self, seat: int, pose: str, seconds: float) -> None:
        self.poses[seat] = (pose, self.time + seconds)

    def bubble(self, seat: int, text: str, seconds: float) -> None:
        self.bubbles[seat] = (text, self.time + seconds)

    def pose_of(self, seat: int) -> str:
        board = self.presenter.board
        if board.winner == seat:
            return "victorious"
        if seat in board.out:
            return "knocked_out"
        pose = self.poses.get(seat)
        if pose and pose[1] > self.time:
            return pose[0]
        if self.runner.thinking_seat == seat or (board.current == seat and seat not in self.humans
                                                  and not self.presenter.busy):
            return "thinking"
        return "idle"

    # ---- the turn -----------------------------------------------------------------------------------
    @property
    def game(self):
        return self.session.game

    def my_turn(self) -> bool:
        """A human may make a rules choice now (their hand is shown, nothing is animating)."""
        game = self.game
        return (not game.over and game.current_player in self.humans and self.viewer == game.current_player
                and not self.presenter.busy and self.curtain_for is None)

    def _warm_up(self) -> None:
        """Rasterise one card face per frame ahead of need (hand size first, then the big reveal),
        so a card seen for the first time never costs a frame."""
        queue = self.__dict__.get("_warm")
        if queue is None or self.__dict__.get("_warm_size") != self.app.size:
            from game.art.cards_hungry_meow import all_cards

            self._warm_size = self.app.size
            queue = self._warm = [(c, self.card_w(k)) for k in ("hand", "reveal", "prophecy", "mini")
                                  for c in all_cards()]
            card_back(self.card_w("hand"))
        if queue:
            card, width = queue.pop(0)
            card_face(card, width)

    def update(self, dt: float) -> None:
        self.time += dt
        self._warm_up()
        pace = 1.0 if self.attract else self.app.settings.bot_pace   # the bot speed setting
        self.runner.min_delay = (0.35 if self.attract else 0.7) * pace * self.app.settings.speed_factor
        self.dir_spin = max(0.0, self.dir_spin - dt)
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
                cur = game.current_player
                if cur in self.runner.bots:
                    if len(self.humans) > 1 and self.viewer is not None:
                        self.viewer = None            # hide the last human's hand from the room
                        self.presenter.board.sync(game, None)
                    action = self.runner.poll(dt)
                    if action is not None:
                        self._apply(action)
                elif cur in self.humans and self.viewer != cur:
                    if len(self.humans) > 1:
                        if self.curtain_for != cur:
                            self.viewer = None
                            self.curtain_for = cur
                            self.presenter.board.sync(game, None)
                            self.app.audio.play("purr")
                    else:
                        self.viewer = cur
        self._refresh_mode()

    def _end(self) -> None:
        self.finished = True
        if self.attract:
            return
        try:
            from scenes.results import ResultsScene
        except ImportError:
            self.app.log.warning("no results scene: staying on the table")
            return
        self.app.stack.replace(ResultsScene(self.app, self.session))

    def _apply(self, action: str) -> bool:
        from game.rules.base import RuleError

        actor = self.game.current_player
        try:
            events = self.session.apply(action)
        except RuleError as exc:
            self.app.log.warning("table: %s", exc)
            self.note(str(exc.reason))
            self.app.audio.play("ui_back")
            return False
        if actor in self.humans:
            self.app.audio.play("ui_confirm")
        self.selected = []
        self.verdict = None
        self.held = None
        self.drag_pos = None
        self.dealer_seat = None
        self.mode = None
        self.mode_key = None
        self.presenter.present(events, self.viewer)
        return True

    def note(self, text: str, seconds: float = 2.5) -> None:
        self.message = (text, self.time + seconds)

    # ---- modes and widgets --------------------------------------------------------------------------
    def _refresh_mode(self) -> None:
        game = self.game
        key = (len(self.session.actions), self.viewer, self.curtain_for, game.current_player,
               self.app.size)
        if key != self.mode_key:
            self.mode_key = key
            self.legal = game.legal_actions() if (game.current_player in self.humans
                                                   and self.viewer == game.current_player) else []
            self.mode = phase_of(self.legal) if self.legal else None
            if self.mode == "prophecy":
                view = game.view(self.viewer)
                self.prophecy_order = list(view.get("prophecy") or [])
                self.prophecy_where = "top"
            self._build_buttons()
            self._validate_selection()
        self._layout_widgets()

    def _button(self, key: str, label: str, on_press, primary=False) -> Button:
        b = self.buttons.get(key)
        if b is None or b.label != label:
            b = Button((0, 0, 1, 1), label, on_press, primary=primary, px=38)
            self.buttons[key] = b
        b.on_press = on_press
        b.primary = primary
        return b

    def _build_buttons(self) -> None:
        legal = set(self.legal)
        order: list[Button] = []
        mode = self.mode
        if mode == "direction":
            order = [self._button("cw", "hm.btn.cw", lambda: self._send("direction cw"), True),
                     self._button("ccw", "hm.btn.ccw", lambda: self._send("direction ccw"))]
        elif mode == "draw":
            order = [self._button("draw1", "hm.btn.draw1", lambda: self._send("draw 1"), True)]
            if "draw 5" in legal:
                order.append(self._button("draw5", "hm.btn.draw5", lambda: self._send("draw 5")))
            if "draw 0" in legal:
                order.append(self._button("draw0", "hm.btn.draw0", lambda: self._send("draw 0")))
        elif mode == "play":
            order = [self._button("play", "hm.btn.play", self._play, True),
                     self._button("pass", "hm.btn.pass", lambda: self._send("pass"))]
        elif mode == "prophecy":
            where = "hm.btn.bottom" if self.prophecy_where == "top" else "hm.btn.top"
            order = [self._button("confirm", "hm.btn.confirm", self._prophecy_confirm, True),
                     self._button("where", where, self._toggle_where),
                     self._button("skip", "hm.btn.skip_power", lambda: self._send("prophecy skip"))]
            if not self.prophecy_order:
                order = order[2:]
        elif mode == "dealer":
            order = [self._button("take", "hm.btn.take", self._dealer_take, True),
                     self._button("give", "hm.btn.give", self._dealer_give),
                     self._button("skipd", "hm.btn.skip_power", lambda: self._send("dealer skip"))]
        self.active_buttons = order

    def _layout_widgets(self) -> None:
        """Place buttons, hand cards, prophecy cards and seats; hand them to the focus group."""
        rect = self.anchors["actions"].rect
        bh, gap = self.s(86), self.s(16)
        buttons = getattr(self, "active_buttons", [])
        y = rect.bottom - len(buttons) * bh - (len(buttons) - 1) * gap - self.s(14)
        busy = self.presenter.busy
        for b in buttons:
            b.rect = pygame.Rect(rect.x, y, rect.w, bh)
            y += bh + gap
            b.enabled = not busy and self._button_enabled(b)
        items: list = []
        board = self.presenter.board
        viewer = self.viewer
        # the shown hand
        cards = []
        if viewer is not None and self.curtain_for is None:
            hand = board.hands[viewer]
            seen: dict[str, int] = {}
            for i, card in enumerate(hand):
                if card is None:
                    continue
                k = seen.get(card, 0)
                seen[card] = k + 1
                key = f"{card}#{k}"
                w = self.card_widgets.get(key)
                if w is None:
                    w = self.card_widgets[key] = CardWidget(key, card, i)
                    w.on_press = (lambda wid=w: self._press_card(wid))
                w.index = i
                (cx, cy), cw = self.hand_slot(viewer, i, len(hand))
                ch = round(cw * RATIO)
                lift = self.s(40) if card in self.selected else 0
                w.rect = pygame.Rect(0, 0, cw, ch)
                w.rect.center = (round(cx), round(cy - lift))
                w.enabled = self.mode in ("play", "dealer")
                cards.append(w)
        self.hand_widgets = cards
        if self.mode == "prophecy":
            self.pcards = self._prophecy_widgets()
            items += self.pcards
        else:
            self.pcards = []
        if self.mode in ("play", "dealer"):
            items += cards
        if self.mode == "dealer":
            for s, w in self.seat_widgets.items():
                w.rect = self.seat_rect(s)
                w.enabled = s != viewer and s not in board.out
                if w.enabled:
                    items.append(w)
        items += buttons
        self.focus.set_items(items)
        if self.focus.focused is None and items:
            primary = next((b for b in buttons if b.primary and b.enabled), None)
            self.focus.set_focus(primary or items[0])

    def _prophecy_widgets(self) -> list[CardWidget]:
        out = []
        k = len(self.prophecy_order)
        rect = self._prophecy_rect()
        w = self.card_w("prophecy")
        step = w + self.s(24)
        x0 = rect.centerx - step * (k - 1) / 2
        for i, card in enumerate(self.prophecy_order):
            key = f"prophecy{i}"
            wid = self.card_widgets.get(key)
            if wid is None:
                wid = self.card_widgets[key] = CardWidget(key, card, i)
                wid.on_press = (lambda wd=wid: self._press_pcard(wd))
            wid.card, wid.index = card, i
            wid.rect = pygame.Rect(0, 0, w, round(w * RATIO))
            wid.rect.center = (round(x0 + step * i), rect.y + self.s(190))
            if self.held == i and self.drag_pos is None:
                wid.rect.y -= self.s(34)
            wid.enabled = True
            out.append(wid)
        return out

    def _prophecy_rect(self) -> pygame.Rect:
        table = self.anchors["table"].rect
        r = pygame.Rect(0, 0, self.s(1180), self.s(410))
        r.midbottom = (table.centerx, self.anchors["prompt"].rect.y - self.s(12))
        return r

    def _button_enabled(self, b: Button) -> bool:
        key = next((k for k, v in self.buttons.items() if v is b), "")
        if key == "play":
            return bool(self.verdict and self.verdict.ok)
        if key == "take":
            return self.dealer_seat is not None and f"dealer take {self.dealer_seat}" in self.legal
        if key == "give":
            return (self.dealer_seat is not None and len(self.selected) == 1
                    and f"dealer give {self.dealer_seat} {self.selected[0]}" in self.legal)
        return True

    # ---- actions from widgets ------------------------------------------------------------------------
    def _send(self, action: str) -> None:
        if not self.my_turn():
            return
        if self.legal and action not in self.legal:
            self.note(self.app.t("hm.why.not_now"))
            self.app.audio.play("ui_back")
            return
        self._apply(action)

    def _validate_selection(self) -> None:
        hand = self.presenter.board.hands[self.viewer] if self.viewer is not None else []
        self.selected = [c for c in self.selected if c in hand]
        if self.mode == "play":
            self.verdict = explain(self.selected, self.presenter.board.table, self.sym_name,
                                   legal_play_sets(self.legal))
        else:
            self.verdict = None

    def _press_card(self, widget: CardWidget) -> None:
        card = widget.card
        if self.mode == "dealer":
            self.selected = [] if self.selected == [card] else [card]
            self.app.audio.play("card_slide")
            return
        if self.mode != "play":
            return
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
        self.app.audio.play("card_slide")
        self._validate_selection()
        if not self.verdict.ok and self.selected:
            self.app.audio.play("ui_back")

    def _play(self) -> None:
        self._validate_selection()
        if not self.verdict or not self.verdict.ok:
            self.app.audio.play("ui_back")
            return
        self._send(play_action(sorted(self.selected, key=sort_key)))

    def _press_pcard(self, widget: CardWidget) -> None:
        if self.held is None:
            self.held = widget.index
            self.app.audio.play("card_slide")
        else:
            self._move_held_to(widget.index)
            self.held = None
            self.app.audio.play("card_flip")

    def _move_held_to(self, index: int) -> None:
        if self.held is None:
            return
        index = max(0, min(len(self.prophecy_order) - 1, index))
        card = self.prophecy_order.pop(self.held)
        self.prophecy_order.insert(index, card)
        self.held = index

    def _toggle_where(self) -> None:
        self.prophecy_where = "bottom" if self.prophecy_where == "top" else "top"
        self.app.audio.play("card_flip")
        self._build_buttons()

    def _prophecy_confirm(self) -> None:
        self.held = None
        self._send(f"prophecy {self.prophecy_where} " + " ".join(self.prophecy_order))

    def _choose_seat(self, seat: int) -> None:
        if self.mode != "dealer" or seat == self.viewer:
            return
        self.dealer_seat = None if self.dealer_seat == seat else seat
        self.app.audio.play("ui_confirm")
        if self.dealer_seat is not None and not self.presenter.board.hands[seat]:
            self.note(self.app.t("hm.dealer.empty", name=self.seat_name(seat)))

    def _dealer_take(self) -> None:
        if self.dealer_seat is None:
            self.note(self.app.t("hm.dealer.pick_seat"))
            return
        self._send(f"dealer take {self.dealer_seat}")

    def _dealer_give(self) -> None:
        if self.dealer_seat is None:
            self.note(self.app.t("hm.dealer.pick_seat"))
            return
        if len(self.selected) != 1:
            self.note(self.app.t("hm.dealer.pick_card"))
            return
        self._send(f"dealer give {self.dealer_seat} {self.selected[0]}")

    # ---- intents ------------------------------------------------------------------------------------
    def handle(self, intent) -> None:
        kind = intent.kind
        if kind in ("back", "pause"):
            if kind == "back" and self.held is not None:
                self.held = None
                self.drag_pos = None
                return
            self._pause()
            return
        if kind == "help":
            try:
                from scenes.rules_help import RulesHelpScene
                self.app.stack.push(RulesHelpScene(self.app, self.session.game_name))
            except ImportError:
                pass
            return
        if kind == "skip":
            self.presenter.skip()
            return
        if self.curtain_for is not None:
            if kind in ("confirm", "click"):
                self.viewer = self.bottom = self.curtain_for
                self.curtain_for = None
                self.presenter.board.sync(self.game, self.viewer)
                self.app.audio.play("card_flip")
            return
        if self.mode == "prophecy" and self._handle_prophecy(intent):
            return
        if kind == "alt":
            if self.mode == "prophecy":
                self._toggle_where()
            elif self.selected:
                self.selected = []
                self._validate_selection()
            return
        if kind == "click" and self.presenter.busy and self.focus.item_at(intent.pos) is None:
            self.presenter.skip()
            return
        if kind == "click":
            item = self.focus.item_at(intent.pos)
            if item is not None and not self.focus.usable(item):
                return
        self.focus.handle(intent)

    def _handle_prophecy(self, intent) -> bool:
        kind = intent.kind
        if kind == "drag_start":
            hit = next((w for w in self.pcards if w.rect.collidepoint(intent.pos)), None)
            if hit is not None:
                self.held = hit.index
                self.drag_pos = intent.pos
                self.app.audio.play("card_slide")
                return True
            return False
        if kind == "drag" and self.drag_pos is not None:
            self.drag_pos = intent.pos
            return True
        if kind == "drag_end" and self.drag_pos is not None:
            target = self._slot_at_x(intent.pos[0])
            self._move_held_to(target)
            self.held = None
            self.drag_pos = None
            self.app.audio.play("card_flip")
            return True
        if kind == "move" and self.held is not None and intent.direction in ("left", "right"):
            delta = -1 if intent.direction == "left" else 1
            self._move_held_to(self.held + delta)
            self.app.audio.play("ui_move")
            self._layout_widgets()
            self.focus.set_focus(self.pcards[self.held])
            return True
        return False

    def _slot_at_x(self, x: float) -> int:
        if not self.pcards:
            return 0
        centers = [w.rect.centerx for w in sorted(self.pcards, key=lambda w: w.index)]
        return min(range(len(centers)), key=lambda i: abs(centers[i] - x))

    def _pause(self) -> None:
        try:
            from scenes.pause import PauseScene
        except ImportError:
            return
        self.app.audio.play("ui_back")
        self.app.stack.push(PauseScene(self.app, self))

    # ---- test / tool support ---------------------------------------------------------------------------
    def widgets(self) -> dict[str, pygame.Rect]:
        """Name → window rect of every widget that can be pointed at now (tests, tools)."""
        out = {}
        for key, b in self.buttons.items():
            if b in getattr(self, "active_buttons", []):
                out[f"btn:{key}"] = b.rect
        for w in getattr(self, "hand_widgets", []):
            out[f"card:{w.key}"] = w.rect
        for w in self.pcards:
            out[f"prophecy:{w.index}"] = w.rect
        if self.mode == "dealer":
            for s, w in self.seat_widgets.items():
                if w.enabled:
                    out[f"seat:{s}"] = w.rect
        return out

    def widget(self, name: str):
        """The focusable object behind a ``widgets()`` name (None if not there now)."""
        if name.startswith("btn:"):
            b = self.buttons.get(name[4:])
            return b if b in getattr(self, "active_buttons", []) else None
        if name.startswith("card:"):
            return next((w for w in getattr(self, "hand_widgets", []) if w.key == name[5:]), None)
        if name.startswith("prophecy:"):
            return next((w for w in self.pcards if w.index == int(name[9:])), None)
        if name.startswith("seat:"):
            return self.seat_widgets.get(int(name[5:]))
        return None

    def explanation(self) -> str:
        """The text shown under the prompt for the current selection ('' when none)."""
        if self.mode == "play" and self.selected and self.verdict:
            return self.app.t(self.verdict.key, **self.verdict.fmt)
        return ""

    def widget_enabled(self, name: str) -> bool:
        if name.startswith("btn:"):
            b = self.buttons.get(name[4:])
            return bool(b and b.enabled and b in getattr(self, "active_buttons", []))
        return name in self.widgets()

    # ---- drawing ------------------------------------------------------------------------------------
    def _background(self) -> pygame.Surface:
        if self._bg is not None and self._bg.get_size() == self.app.size:
            return self._bg
        self._bg = render_background(self.level, self.app.size, self.anchors)
        return self._bg

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._background(), (0, 0))
        self._draw_direction(surface)
        self._draw_piles(surface)
        self._draw_table(surface)
        for seat in range(self.n):
            self._draw_seat(surface, seat)
        for seat in range(self.n):
            self._draw_hand(surface, seat)
        self._draw_prompt(surface)
        self._draw_hints(surface)
        for b in getattr(self, "active_buttons", []):
            b.draw(surface, self.app, focused=b is self.focus.focused)
        if self.mode == "prophecy" and not self.presenter.busy:
            self._draw_prophecy(surface)
        for f in self.presenter.flyers:
            self._draw_flyer(surface, f)
        if self.presenter.flash > 0:
            shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
            shade.fill((150, 0, 30, int(110 * self.presenter.flash)))
            surface.blit(shade, (0, 0))
        self._draw_banner(surface)
        focused = self.focus.focused
        if focused is not None and self.curtain_for is None and (self.mode or focused in self.hand_widgets):
            focus_outline(surface, focused.rect, self.time, self.app.scale, getattr(focused, "radius", 16))
        if self.curtain_for is not None and not self.presenter.busy:
            self._draw_curtain(surface)

    def _blit_card(self, surface, card: str | None, center, width: int, alpha: int = 255,
                   squash: float = 1.0) -> pygame.Rect:
        width = max(2, int(width))
        height = round(width * RATIO)
        rect = pygame.Rect(0, 0, max(1, int(width * squash)), height)
        rect.center = (round(center[0]), round(center[1]))
        sizes = self._standard_widths()
        if squash >= 0.999 and alpha >= 255:
            if width not in sizes:              # in flight between sizes: steps of 4 px, cached
                width = max(4, round(width / 4) * 4)
            surface.blit(self._sprite(card, width), rect)       # face + shadow, display format
            return rect
        base = next((w for w in sizes if w >= width), sizes[-1])
        surf = card_face(card, base) if card else card_back(base)
        surf = pygame.transform.scale(surf, rect.size)
        if alpha < 255:
            surf.set_alpha(alpha)
        surface.blit(surf, rect)
        return rect

    def _sprite(self, card: str | None, width: int) -> pygame.Surface:
        """A card at a standard width with its drop shadow baked in, converted for fast blits."""
        cache = self.__dict__.setdefault("_sprites", {})
        key = (card, width, self.app.size)
        surf = cache.get(key)
        if surf is None:
            if len(cache) > 600:
                cache.clear()
            sizes = self._standard_widths()
            if width in sizes:
                face = card_face(card, width) if card else card_back(width)
            else:                               # a scale of the next bigger rasterised width
                base = next((w for w in sizes if w >= width), sizes[-1])
                face = card_face(card, base) if card else card_back(base)
                face = pygame.transform.smoothscale(face, (width, round(width * RATIO)))
            dx, dy = self.s(5), self.s(7)
            surf = pygame.Surface((face.get_width() + dx, face.get_height() + dy), pygame.SRCALPHA)
            surf.blit(self._shadow(face.get_size()), (dx, dy))
            surf.blit(face, (0, 0))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            cache[key] = surf
        return surf

    def _shadow(self, size) -> pygame.Surface:
        cache = self.__dict__.setdefault("_shadows", {})
        surf = cache.get(size)
        if surf is None:
            if len(cache) > 64:
                cache.clear()
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 70), surf.get_rect(), border_radius=max(2, int(size[0] * 0.09)))
            cache[size] = surf
        return surf

    def _standard_widths(self) -> list[int]:
        key = self.app.size
        if getattr(self, "_widths_for", None) != key:
            self._widths_for = key
            self._widths = sorted({self.card_w(k) for k in DESIGN_W})
        return self._widths

    def _draw_flyer(self, surface, f) -> None:
        face = f.flip >= 0.5
        squash = abs(math.cos(math.pi * f.flip)) if 0.0 < f.flip < 1.0 else 1.0
        x, y = f.pos
        if f.shake:
            x += math.sin(self.time * 60) * self.s(10) * f.shake
        self._blit_card(surface, f.card if face else None, (x, y), int(f.width), int(f.alpha),
                        max(0.02, squash))

    def _text(self, surface, text, px, colour, pos, anchor="center", shadow=True, max_w=None):
        font = self.app.fit_font(text, px, max_w, min(px, 28)) if max_w else self.app.font(px)
        return self.app.draw_text(surface, text, font, colour, pos, anchor, shadow=shadow)

    def _draw_direction(self, surface) -> None:
        d = self.presenter.board.direction
        if not d:
            return
        rect = self.anchors["table"].rect
        c = (rect.centerx, rect.centery + self.s(10))
        r = self.s(300)
        sign = 1 if d == "cw" else -1
        spin = self.dir_spin * 2.0
        colour = NEON_CYAN
        box = pygame.Rect(0, 0, 2 * r, int(1.2 * r))
        box.center = c
        for k in range(2):
            a0 = k * math.pi + 0.35 + spin * sign
            a1 = a0 + math.pi - 0.7
            pygame.draw.arc(surface, (20, 60, 80), box.inflate(self.s(6), self.s(6)), a0, a1, self.s(9))
            pygame.draw.arc(surface, colour, box, a0, a1, self.s(4))
            # pygame arcs run counter-clockwise on screen; the head sits at the end of travel
            end = a1 if sign < 0 else a0
            back = end - 0.22 if sign < 0 else end + 0.22

            def at(a, rr=r):
                return (c[0] + rr * math.cos(a), c[1] - 0.6 * rr * math.sin(a))
            tip = at(end + (0.06 if sign < 0 else -0.06))
            left = at(back, r + self.s(26))
            right = at(back, r - self.s(26))
            pygame.draw.polygon(surface, colour, [tip, left, right])

    def _draw_piles(self, surface) -> None:
        board = self.presenter.board
        deck = self.anchors["deck"].rect
        w = self.card_w("deck")
        shake = self.presenter.deck_shake
        for i in range(min(6, max(0, (board.pile + 7) // 8))):
            off = self.s(3) * i
            jiggle = math.sin(self.time * 40 + i) * self.s(8) * shake
            self._blit_card(surface, None, (deck.centerx - off + jiggle, deck.centery - off), w)
        if board.pile == 0:
            pygame.draw.rect(surface, (90, 90, 120), deck, self.s(3), border_radius=self.s(14))
        self._text(surface, self.app.t("hm.pile", n=board.pile), 30, P.CREAM,
                   (deck.centerx, deck.bottom + self.s(26)))
        disc = self.anchors["discard"].rect
        if board.discard:                         # discards lie face up: the last ones fanned
            shown = board.discard_top[-3:]
            for i, card in enumerate(shown):
                off = self.s(14) * (i - len(shown) + 1)
                self._blit_card(surface, card, (disc.centerx + off, disc.centery + off // 2), w)
        else:
            pygame.draw.rect(surface, (90, 90, 120), disc, self.s(3), border_radius=self.s(14))
        self._text(surface, self.app.t("hm.discard", n=board.discard), 30, P.CREAM,
                   (disc.centerx, disc.bottom + self.s(26)))

    def _draw_table(self, surface) -> None:
        board = self.presenter.board
        rect = self.anchors["table"].rect
        if board.table:
            for i, card in enumerate(board.table):
                pos, w = self.table_slot(i, len(board.table))
                self._blit_card(surface, card, pos, w)
            sym = symbol_of(board.table)
            label = self.app.t("hm.to_beat", symbol=self.sym_name(sym), sum=set_sum(board.table))
            chip = self._chip(surface, label, (rect.centerx, rect.y - self.s(2)), NEON_PINK)
            icon = symbol_icon(sym, self.s(40))
            surface.blit(icon, icon.get_rect(midright=(chip.x - self.s(8), chip.centery)))
        elif not (self.mode == "prophecy"):
            self._chip(surface, self.app.t("hm.table_clear"), (rect.centerx, rect.centery), NEON_CYAN)

    def _chip(self, surface, text, center, edge) -> pygame.Rect:
        font = self.app.font(32)
        surf = self.app.text(text, font, P.CREAM)
        r = surf.get_rect(center=center).inflate(self.s(36), self.s(14))
        surface.blit(panel(r.size, (20, 18, 40), r.h // 2, max(2, self.s(3)), edge), r)
        surface.blit(surf, surf.get_rect(center=r.center))
        return r

    def _draw_seat(self, surface, seat: int) -> None:
        from game.art.cats import draw_cat

        board = self.presenter.board
        rect = self.seat_rect(seat)
        info = self.session.seats[seat]
        plate_h = self.s(80)
        cat_box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - plate_h)
        active = board.current == seat and not self.game.over and seat not in board.out
        if active:
            pulse = round((0.85 + 0.15 * math.sin(self.time * 4)) * 20) / 20   # a few cached sizes
            g = ellipse_glow((int(rect.w * 1.4 * pulse), int(cat_box.h * 0.6)), (255, 214, 120), 230)
            surface.blit(g, g.get_rect(center=(cat_box.centerx, cat_box.bottom - self.s(6))))
        if self.mode == "dealer" and self.dealer_seat == seat:
            g = ellipse_glow((int(rect.w * 1.2), int(rect.h * 0.9)), NEON_PINK, 220)
            surface.blit(g, g.get_rect(center=cat_box.center))
        size = int(cat_box.h * 0.98)
        flip = rect.centerx > self.app.size[0] / 2
        draw_cat(surface, (cat_box.centerx, cat_box.centery + self.s(4)), size, info.coat, self.pose_of(seat),
                 self.time + seat * 0.7, flip)
        plate = pygame.Rect(rect.x, rect.bottom - plate_h, rect.w, plate_h)
        edge = (255, 214, 120) if active else (NEON_PINK if seat in self.humans else P.PANEL_EDGE)
        surface.blit(panel(plate.size, (22, 22, 44), self.s(16), max(2, self.s(3)), edge), plate)
        name = info.name
        if seat in self.humans and len(self.humans) == 1:
            name += f" ({self.app.t('hm.you')})"
        inner = plate.w - self.s(12)
        self._text(surface, name, 32, P.CREAM, (plate.centerx, plate.y + self.s(22)), max_w=inner)
        if seat in board.out:
            status, colour = self.app.t("hm.status.out"), P.BAD
        elif board.winner == seat:
            status, colour = self.app.t("hm.status.winner"), P.LAMP
        elif seat in board.passed:
            status, colour = self.app.t("hm.status.passed"), P.MUTED
        elif self.pose_of(seat) == "thinking":
            status, colour = self.app.t("hm.status.thinking"), P.LAMP_SOFT
        else:
            count = len(board.hands[seat])
            status, colour = self.app.t("hm.cards", n=count), P.MUTED
        self._text(surface, status, 28, colour, (plate.centerx, plate.y + self.s(57)), max_w=inner)
        bubble = self.bubbles.get(seat)
        if bubble and bubble[1] > self.time:
            self._chip(surface, bubble[0], (cat_box.centerx, cat_box.y + self.s(20)), P.MUTED)

    def _draw_hand(self, surface, seat: int) -> None:
        hand = self.presenter.board.hands[seat]
        shown = seat == self.viewer and self.curtain_for is None
        count = len(hand)
        for i, card in enumerate(hand):
            (cx, cy), w = self.hand_slot(seat, i, count)
            lifted = shown and card in self.selected
            if lifted:
                cy -= self.s(40)
            rect = self._blit_card(surface, card, (cx, cy), w)   # None: face down
            if lifted:
                pygame.draw.rect(surface, NEON_CYAN, rect.inflate(self.s(6), self.s(6)), self.s(5),
                                 border_radius=self.s(16))
            elif card is not None and not shown and not self.big_hand(seat):
                pygame.draw.rect(surface, NEON_CYAN, rect, max(1, self.s(2)), border_radius=self.s(6))
        if shown and len(self.humans) > 1:
            rect = self.hand_rect(seat)
            self._text(surface, self.app.t("hm.hand_of", name=self.seat_name(seat)), 30, NEON_CYAN,
                       (rect.x + self.s(10), rect.y), "bottomleft")

    def _draw_prompt(self, surface) -> None:
        rect = self.anchors["prompt"].rect
        text, colour = self._prompt_text()
        sub = None
        if self.message:
            sub = (self.message[0], P.BAD)
        elif self.mode == "play" and self.selected and self.verdict:
            ok = self.verdict.ok
            sub = (self.app.t(self.verdict.key, **self.verdict.fmt), P.GOOD if ok else P.BAD)
        elif self.mode == "dealer" and self.dealer_seat is not None:
            sub = (self.app.t("hm.prompt.dealer_seat", name=self.seat_name(self.dealer_seat)), P.LAMP_SOFT)
        if not text and not sub:
            return
        box = pygame.Rect(rect.x, rect.y, rect.w, rect.h)
        shade = panel(box.size, (14, 14, 30), self.s(20), max(2, self.s(3)),
                      NEON_PINK if self.my_turn() else (60, 64, 100))
        shade.set_alpha(225)
        surface.blit(shade, box)
        inner = box.w - self.s(30)
        if sub:
            self._text(surface, text, 34, colour, (box.centerx, box.y + self.s(30)), max_w=inner)
            self._text(surface, sub[0], 34, sub[1], (box.centerx, box.y + self.s(78)), max_w=inner)
        else:
            self._text(surface, text, 38, colour, box.center, max_w=inner)

    def _draw_hints(self, surface) -> None:
        """Control hints for the device in use, under the hand (only when a human plays)."""
        if not self.humans or self.curtain_for is not None:
            return
        device = self.app.device if self.app.device in ("mouse", "keyboard", "pad") else "mouse"
        rect = self.anchors["hints"].rect
        self._text(surface, self.app.t("hm.hint." + device), 28, P.MUTED, rect.center, max_w=rect.w)

    def _prompt_text(self) -> tuple[str, tuple]:
        game = self.game
        if self.presenter.busy or game.over or not self.my_turn():
            cur = game.current_player
            if not self.presenter.busy and cur is not None and cur in self.runner.bots:
                return self.app.t("hm.prompt.wait", name=self.seat_name(cur)), P.LAMP_SOFT
            return self.presenter.caption, P.CREAM
        mode = self.mode
        if mode == "direction":
            return self.app.t("hm.prompt.direction"), P.LAMP
        if mode == "draw":
            if "draw 5" in self.legal:
                return self.app.t("hm.prompt.draw_choice"), P.LAMP
            if "draw 0" in self.legal:
                return self.app.t("hm.prompt.draw_optional"), P.LAMP
            return self.app.t("hm.prompt.draw_one"), P.LAMP
        if mode == "play":
            table = self.presenter.board.table
            if table:
                return self.app.t("hm.prompt.beat", symbol=self.sym_name(symbol_of(table)),
                                  sum=set_sum(table)), P.LAMP
            return self.app.t("hm.prompt.lead"), P.LAMP
        if mode == "prophecy":
            return self.app.t("hm.prompt.prophecy"), P.LAMP
        if mode == "dealer":
            return self.app.t("hm.prompt.dealer"), P.LAMP
        return "", P.CREAM

    def _draw_prophecy(self, surface) -> None:
        rect = self._prophecy_rect()
        shade = panel(rect.size, (16, 14, 36), self.s(28), max(2, self.s(4)), NEON_PINK, self.s(8))
        surface.blit(shade, rect)
        where = self.app.t("hm.prophecy.where_" + self.prophecy_where)
        self._text(surface, where, 34, NEON_CYAN, (rect.centerx, rect.y + self.s(30)))
        for w in self.pcards:
            if self.drag_pos is not None and self.held == w.index:
                pygame.draw.rect(surface, (70, 70, 110), w.rect, self.s(3), border_radius=self.s(14))
                continue
            self._blit_card(surface, w.card, w.rect.center, w.rect.w)
            if self.held == w.index:
                pygame.draw.rect(surface, NEON_CYAN, w.rect.inflate(self.s(8), self.s(8)), self.s(5),
                                 border_radius=self.s(16))
        if self.pcards:
            first = self.pcards[0].rect
            self._text(surface, self.app.t("hm.prophecy.first"), 28, P.LAMP_SOFT,
                       (first.centerx, first.bottom + self.s(32)))
        hint = "hm.prophecy.hint_mouse" if self.app.device in ("mouse", "touch") else "hm.prophecy.hint_pad"
        self._text(surface, self.app.t(hint), 28, P.MUTED, (rect.centerx, rect.bottom - self.s(24)))
        if self.drag_pos is not None and self.held is not None:
            self._blit_card(surface, self.prophecy_order[self.held], self.drag_pos, self.card_w("prophecy"))

    def _draw_banner(self, surface) -> None:
        banner = self.presenter.banner
        if not banner:
            return
        text, colour, left = banner
        rect = self.anchors["reveal"].rect
        font = self.app.fit_font(text, 64, self.s(1200), 40)
        surf = self.app.text(text, font, colour)
        box = surf.get_rect(center=(rect.centerx, rect.bottom - self.s(20))).inflate(self.s(60), self.s(24))
        alpha = 255 if left > 0.3 else int(255 * left / 0.3)
        bg = panel(box.size, (12, 10, 24), box.h // 2, max(2, self.s(4)), colour)
        bg.set_alpha(alpha)
        surface.blit(bg, box)
        s2 = surf.copy()
        s2.set_alpha(alpha)
        surface.blit(s2, s2.get_rect(center=box.center))

    def _draw_curtain(self, surface) -> None:
        from game.art.cats import draw_cat

        seat = self.curtain_for
        shade = pygame.Surface(self.app.size, pygame.SRCALPHA)
        shade.fill((8, 8, 20, 236))
        surface.blit(shade, (0, 0))
        w, h = self.app.size
        box = pygame.Rect(0, 0, self.s(1100), self.s(560))
        box.center = (w // 2, h // 2)
        surface.blit(panel(box.size, (26, 24, 54), self.s(36), max(2, self.s(5)), NEON_PINK, self.s(10)), box)
        draw_cat(surface, (box.centerx, box.y + self.s(150)), self.s(220), self.session.seats[seat].coat,
                 "happy", self.time)
        self._text(surface, self.app.t("hm.curtain.pass_to", name=self.seat_name(seat)), 72, P.LAMP,
                   (box.centerx, box.y + self.s(320)), max_w=box.w - self.s(60))
        self._text(surface, self.app.t("hm.curtain.press"), 40, P.CREAM, (box.centerx, box.y + self.s(410)),
                   max_w=box.w - self.s(60))
        self._text(surface, self.app.t("hm.curtain.others"), 32, P.MUTED, (box.centerx, box.y + self.s(480)),
                   max_w=box.w - self.s(60))
        self.curtain_rect = box


def render_background(level, size, anchors) -> pygame.Surface:
    """The alley: the map's tile layer scaled to the window, a lamp glow over the crate, a neon
    sign and a vignette. Drawn once per window size."""
    from game.assets import resource_path
    from game.layout import scale_for

    scale, ox, oy = scale_for(size)
    bg = pygame.Surface(size)
    bg.fill((20, 26, 42))
    tmx = level.tmx
    tiles_img = None
    try:
        tileset = tmx.tilesets[0]
        tiles_img = pygame.image.load(str(resource_path("levels/" + tileset.source.split("/")[-1])))
    except (pygame.error, FileNotFoundError, AttributeError, IndexError):
        tiles_img = None
    tw, th = tmx.tilewidth, tmx.tileheight
    design = pygame.Surface((tmx.width * tw, tmx.height * th))
    design.fill((20, 26, 42))
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
    # lamp light over the crate and a neon sign on the wall
    light = ellipse_glow((1500, 900), (255, 196, 120), 46)
    design.blit(light, light.get_rect(center=(960, 470)))
    sign = pygame.Rect(24, 60, 250, 100)            # a neon fish sign on the wall, top left
    for width, colour in ((14, (60, 20, 50)), (6, NEON_PINK), (2, (255, 200, 230))):
        pygame.draw.rect(design, colour, sign, width, border_radius=26)
    fish = pygame.Rect(0, 0, 120, 54)
    fish.center = (sign.centerx - 22, sign.centery)
    for width, colour in ((12, (20, 80, 100)), (5, NEON_CYAN), (2, (220, 255, 255))):
        pygame.draw.ellipse(design, colour, fish, width)
        pygame.draw.polygon(design, colour, [(fish.right - 6, fish.centery), (fish.right + 36, fish.y - 4),
                                             (fish.right + 36, fish.bottom + 4)], width)
    rng = random.Random(3)
    for _ in range(40):                        # rain streaks
        x, y = rng.randrange(1920), rng.randrange(260, 1080)
        pygame.draw.line(design, (44, 52, 78), (x, y), (x - 6, y + 22), 2)
    vignette = pygame.Surface(design.get_size(), pygame.SRCALPHA)
    for i in range(12):
        a = 10 + i * 6
        pygame.draw.rect(vignette, (0, 0, 10, a), vignette.get_rect(), 40 - 3 * i if i < 12 else 1)
    design.blit(vignette, (0, 0))
    out = pygame.transform.smoothscale(design, (round(design.get_width() * scale),
                                                round(design.get_height() * scale)))
    bg.blit(out, (round(ox), round(oy)))
    return bg.convert() if pygame.display.get_surface() is not None else bg
