"""The Meow Meow Dice table: the butler's parlour, four slots, four cat dice and every choice of
the rules (RULES.md §2).

Intents become RULES.md §4 action strings (the only way the scene changes the game is
``session.apply``); the engine's events go to the presenter, which animates them (dice tumble,
cards fly, cats react). Rules input (buttons that send actions, bot moves) waits until the
presenter is idle; focus, selection and explanations never wait.

A human turn:

- before the first roll: **Roll!**, or the cat token (basic game: choose the slot cards to throw
  away, in order, then "Throw away"), or in the advanced game spend enthusiasm on a condition
  token (choose a card, then a token), locking a die (choose a die, then its face) or changing
  cards (like the cat token);
- after a roll: click dice (or focus + confirm) to pick them for a reroll; the Reroll button says
  how many are picked and how many may be thrown (MD-7: fewer than the roll before, one more after
  a bite); a slot is enabled only when the dice meet its pattern, card condition and tokens, and
  every slot says in words why it can or cannot be taken; "Fish bone" appears only when nothing
  fits; with the one-bite option "Bite a food card" lets you choose one of your food cards.

``back`` cancels a choice in progress, else opens the pause overlay; ``alt`` clears the picked
dice; ``skip`` (and a click on the bare table during an animation) hurries the animation. Meow
Meow Dice hides nothing in a hand, so with several people at the screen there is no curtain.
"""
from __future__ import annotations

import math
import time

import pygame

from game.art import palette as P
from game.art.cards_meow_dice import (
    RATIO,
    bite_mark,
    card_back,
    card_face,
    cat_head,
    cat_token,
    condition_token,
    enthusiasm_icon,
    type_icon,
)
from game.art.dice_meow_dice import die_face, die_tumbling, pattern_icon
from game.art.draw import ellipse_glow, focus_outline, panel
from game.bot_runner import BotRunner
from game.bots.base import Budget, make_bot
from game.layout import load_level
from game.rules.meow_dice_data import DEFAULT_CARDS, FACES, SLOTS, TYPES
from game.scene import Scene
from game.ui.focus import FocusGroup
from game.ui.widgets import Button
from scenes.meow_dice.presenter import Presenter, flip_squash
from scenes.meow_dice.rules_view import (
    bite_choices,
    by_type,
    card_cat,
    card_conds,
    card_points,
    card_type,
    condition_choices,
    discard_slots,
    flames,
    lockable_dice,
    phase_of,
    reroll_action,
    reroll_reason,
    slot_reason,
    verbs,
)

PRE_MODES = ("discard", "cond_slot", "cond_token", "lock_die", "lock_face")
ANCHOR_NAMES = ("prompt", "slotTL", "slotTR", "slotBL", "slotBR", "deck", "fishbones", "golden", "tray",
                "supply", "actions", "hints", "seat{i}")
BRASS = (214, 170, 80)
BRASS_LIGHT = (255, 222, 140)
DEEP_RED = (160, 34, 46)
VELVET = (24, 82, 58)
VELVET_DARK = (12, 44, 32)
GOOD = (120, 230, 140)
SEL = (90, 220, 240)
DESIGN = {"slot_card": 140, "pile": 100, "hand": 74, "die": 112, "token": 52, "supply": 40, "won": 34,
          "pick": 62}
_CARD_NAMES = {c.notation: c.name for c in DEFAULT_CARDS.cards}


class Spot:
    """A focusable thing on the table (a die, a slot, a picker token or face, a hand card)."""

    def __init__(self, key: str, on_press=None, radius: int = 14):
        self.key = key
        self.label = key
        self.rect = pygame.Rect(0, 0, 1, 1)
        self.enabled = True
        self.visible = True
        self.radius = radius
        self.on_press = on_press
        self.why: tuple | None = None      # (text key, fmt) shown when a disabled spot is pressed


class MeowDiceTable(Scene):
    def __init__(self, app, session, attract: bool = False):
        super().__init__(app)
        self.session = session
        self.attract = attract
        self.n = len(session.seats)
        self.humans = [] if attract else list(session.human_seats)
        self.human_game = bool(self.humans)
        self.curtain_for = None               # no secrets at this table, so never a curtain
        self.finished = False
        self.time = 0.0
        self.end_wait = 0.0
        self.bottom = self.humans[0] if self.humans else 0
        self.poses: dict[int, tuple[str, float]] = {}
        self.token_flip = [0.0] * self.n
        self.message: tuple[str, float] | None = None
        self.mode: str | None = None          # pre, rolling, discard, cond_slot, cond_token, lock_die,
        self.mode_key = None                  # lock_face, bite (None: not a human's move)
        self.legal: list[str] = []
        self.view: dict = {}
        self.picked_dice: list[int] = []
        self.picked_slots: list[str] = []
        self.discard_verb = "token"
        self.pick_slot: str | None = None
        self.pick_die: int | None = None
        self.level = load_level("meow-dice", app.size)
        self.anchors = {}
        self._bg = None
        self.focus = FocusGroup(wrap=True)
        self.focus.on_move = lambda item: self.app.audio.play("ui_move")
        self.buttons: dict[str, Button] = {}
        self.active_buttons: list[Button] = []
        self.dice_spots = [Spot(f"die:{d}", (lambda d=d: self._press_die(d)), 18) for d in range(4)]
        self.slot_spots = {s: Spot(f"slot:{s}", (lambda s=s: self._press_slot(s))) for s in SLOTS}
        self.token_spots = {}
        self.face_spots = {f: Spot(f"face:{f}", (lambda f=f: self._press_face(f)), 18) for f in FACES}
        self.card_spots: list[Spot] = []
        self.hand_spots: dict[str, Spot] = {}
        self.items: list = []
        self.layout()
        bots = {}
        for seat, info in enumerate(session.seats):
            if attract or not info.human:
                bot_seed = (session.seed * 7919 + seat * 104729) & 0x7FFFFFFF
                bots[seat] = make_bot(session.game_name, info.level, seat, bot_seed,
                                      Budget(nodes=400, seconds=0.25, clock=time.monotonic))
        self.runner = BotRunner(session, bots, min_delay=0.35 if attract else 0.7, log=app.log)
        self.presenter = Presenter(self)
        if session.actions:                   # resumed game: show it as it stands
            self.presenter.board.sync(session.game)
            self.presenter._sync_now()
        else:
            self.presenter.deal()

    # ---- geometry ------------------------------------------------------------------------------------
    def layout(self) -> None:
        self.anchors = self.level.anchors(self.n, self.app.size, require=ANCHOR_NAMES)
        self._bg = None
        self.mode_key = None

    def s(self, v: float) -> int:
        return self.app.s(v)

    def w(self, kind: str) -> int:
        return self.s(DESIGN[kind])

    def position(self, seat: int) -> int:
        return (seat - self.bottom) % self.n

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.anchors[f"seat{self.position(seat)}"].rect

    def slot_rect(self, slot: str) -> pygame.Rect:
        return self.anchors["slot" + slot].rect

    def slot_card(self, slot: str):
        """(centre, width) of the card in ``slot``."""
        r = self.slot_rect(slot)
        w = self.w("slot_card")
        h = round(w * RATIO)
        return (r.x + self.s(24) + w / 2, r.y + self.s(66) + h / 2), w

    def slot_card_rect(self, slot: str) -> pygame.Rect:
        (cx, cy), w = self.slot_card(slot)
        rect = pygame.Rect(0, 0, w, round(w * RATIO))
        rect.center = (round(cx), round(cy))
        return rect

    def token_size(self) -> int:
        return self.w("token")

    def token_pos(self, slot: str, k: int):
        card = self.slot_card_rect(slot)
        size = self.token_size()
        col, row = divmod(k, 3)
        return (card.right + self.s(14) + size / 2 + col * (size + self.s(6)),
                card.y + size / 2 + row * (size + self.s(10)))

    def pile_card(self, kind: str):
        r = self.anchors[kind].rect
        return r.center, self.w("pile")

    def supply_token_size(self) -> int:
        return self.w("supply")

    def supply_pos(self, i: int):
        r = self.anchors["supply"].rect
        size = self.supply_token_size()
        gap = (r.w - 6 * size) / 5
        col, row = i % 6, i // 6
        return (r.x + size / 2 + col * (size + gap), r.y + self.s(30) + size / 2 + row * (size + self.s(6)))

    def dice_rects(self) -> list[pygame.Rect]:
        tray = self.anchors["tray"].rect
        size = self.w("die")
        gap = self.s(18)
        total = 4 * size + 3 * gap
        if self.presenter.board.advanced:
            area = pygame.Rect(tray.x, tray.y, self.anchors["supply"].rect.x - tray.x - self.s(10), tray.h)
        else:
            area = tray
        x0 = area.centerx - total // 2
        out = []
        for d in range(4):
            r = pygame.Rect(x0 + d * (size + gap), 0, size, size)
            r.centery = tray.centery
            out.append(r)
        return out

    def seat_parts(self, seat: int) -> dict:
        """Where each part of a seat panel goes (window px); cached per window size."""
        cache = self.__dict__.setdefault("_parts", {})
        key = (seat, self.app.size, self.bottom)
        if key not in cache:
            cache[key] = self._seat_parts(seat)
        return cache[key]

    def _seat_parts(self, seat: int) -> dict:
        r = self.seat_rect(seat)
        s = self.s
        head = pygame.Rect(r.x + s(10), r.y + s(10), r.w - s(20), s(58))
        left = pygame.Rect(r.x + s(10), head.bottom + s(8), s(176), r.h - s(86))
        cat = pygame.Rect(left.x, left.y, left.w, s(178))
        badge = pygame.Rect(left.x, cat.bottom + s(4), left.w, s(58))
        status = pygame.Rect(left.x, badge.bottom + s(6), left.w, s(58))
        won = pygame.Rect(left.x, status.bottom + s(6), left.w, left.bottom - status.bottom - s(6))
        cols_x = left.right + s(12)
        cols = pygame.Rect(cols_x, head.bottom + s(8), r.right - s(10) - cols_x,
                           r.bottom - head.bottom - s(18))
        return {"panel": r, "head": head, "cat": cat, "badge": badge, "status": status, "won": won,
                "cols": cols}

    def hand_card(self, seat: int, ctype: str, index: int, count: int | None = None):
        """(centre, width) of card ``index`` in the ``ctype`` column of ``seat``'s panel."""
        cols = self.seat_parts(seat)["cols"]
        col_w = cols.w / 4
        k = TYPES.index(ctype)
        w = self.w("hand")
        h = round(w * RATIO)
        top = cols.y + self.s(60)
        if count is None:
            count = max(index + 1, len(by_type(self.presenter.board.hands[seat])[ctype]))
        room = cols.bottom - top - h
        step = min(h * 0.56, room / max(1, count - 1)) if count > 1 else 0
        return (cols.x + col_w * (k + 0.5), top + h / 2 + step * index), w

    def won_token_size(self) -> int:
        return self.w("won")

    def won_token_pos(self, seat: int, k: int):
        area = self.seat_parts(seat)["won"]
        size = self.won_token_size()
        per_row = max(1, area.w // (size + self.s(4)))
        row, col = divmod(k, per_row)
        return (area.x + size / 2 + col * (size + self.s(4)), area.y + size / 2 + row * (size + self.s(4)))

    def seat_name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def card_name(self, card: str) -> str:
        key = "md.card." + card
        if self.app.i18n.has(key):
            return self.app.t(key)
        return _CARD_NAMES.get(card, card)

    @property
    def speed(self) -> float:
        base = self.app.settings.speed_factor
        return base * (0.75 if self.attract else 1.0)

    # ---- lifecycle ------------------------------------------------------------------------------------
    def exit(self) -> None:
        self.runner.cancel()

    # ---- reactions ------------------------------------------------------------------------------------
    def set_pose(self, seat: int, pose: str, seconds: float) -> None:
        self.poses[seat] = (pose, self.time + seconds)

    def set_token_flip(self, seat: int, up: bool):
        """A setter for the cat token's flip (0..1): the face changes at the half-way point."""
        def setter(v: float) -> None:
            self.token_flip[seat] = 0.0 if v >= 1.0 else v
            board = self.presenter.board
            if v >= 0.5 and board.cat_up is not None:
                board.cat_up[seat] = up
        return setter

    def pose_of(self, seat: int) -> str:
        board = self.presenter.board
        if board.winner == seat:
            return "victorious"
        pose = self.poses.get(seat)
        if pose and pose[1] > self.time:
            return pose[0]
        if self.runner.thinking_seat == seat or (board.current == seat and seat not in self.humans
                                                  and not self.presenter.busy and not self.game.over):
            return "thinking"
        return "idle"

    # ---- the turn ------------------------------------------------------------------------------------
    @property
    def game(self):
        return self.session.game

    def my_turn(self) -> bool:
        """A human may make a rules choice now (nothing is animating)."""
        game = self.game
        return not game.over and game.current_player in self.humans and not self.presenter.busy

    def _warm_up(self) -> None:
        """Rasterise one piece of art per frame ahead of need, so nothing new costs a frame."""
        queue = self.__dict__.get("_warm")
        if queue is None or self.__dict__.get("_warm_size") != self.app.size:
            self._warm_size = self.app.size
            cards = {c.notation: c.ability for c in DEFAULT_CARDS.cards}
            queue = self._warm = ([("die", f, None) for f in (*FACES, None)]
                                  + [(k, c, a) for k in ("slot_card", "hand") for c, a in cards.items()])
        if queue:
            kind, item, ability = queue.pop(0)
            if kind == "die":
                die_face(item, self.w("die"))
            else:
                card_face(item, self.w(kind), ability)

    def update(self, dt: float) -> None:
        self.time += dt
        self._warm_up()
        pace = 1.0 if self.attract else self.app.settings.bot_pace   # the bot speed setting
        self.runner.min_delay = (0.35 if self.attract else 0.7) * pace * self.app.settings.speed_factor
        if self.message and self.message[1] < self.time:
            self.message = None
        self.presenter.update(dt)
        game = self.game
        if not self.presenter.busy:
            if self.my_turn():
                self.presenter.banner = None      # the table is the human's again: nothing in the way
            if game.over:
                self.end_wait += dt
                if self.end_wait >= 1.2 * self.speed + 0.3 and not self.finished:
                    self._end()
            elif game.current_player in self.runner.bots:
                action = self.runner.poll(dt)
                if action is not None:
                    self._apply(action)
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
        self.picked_dice = []
        self.picked_slots = []
        self.pick_slot = None
        self.pick_die = None
        self.mode = None
        self.mode_key = None
        self.presenter.present(events)
        return True

    def note(self, text: str, seconds: float = 2.6) -> None:
        self.message = (text, self.time + seconds)

    def say_why(self, key: str, fmt: dict | None = None) -> str:
        fmt = {k: (self.app.t(v[0]) if isinstance(v, tuple) else v) for k, v in (fmt or {}).items()}
        return self.app.t(key, **fmt)

    # ---- modes and widgets ---------------------------------------------------------------------------
    def _refresh_mode(self) -> None:
        game = self.game
        key = (len(self.session.actions), game.current_player, self.app.size, self.presenter.busy)
        if key != self.mode_key:
            self.mode_key = key
            mine = game.current_player in self.humans and not game.over
            self.legal = game.legal_actions() if mine else []
            self.view = game.view(game.current_player if mine else 0)
            phase = phase_of(self.legal)
            keep = (phase == "pre" and self.mode in PRE_MODES) or (phase == "rolling" and self.mode == "bite")
            if not keep:
                self.mode = phase
                self.pick_slot = self.pick_die = None
            legal_dice = set(range(4)) - set(self.view.get("locked", []))
            self.picked_dice = [d for d in self.picked_dice if d in legal_dice]
            self._build_buttons()
        self._layout_widgets()

    def _button(self, key: str, label: str, on_press, primary=False, fmt=None) -> Button:
        b = self.buttons.get(key)
        if b is None:
            b = Button((0, 0, 1, 1), label, on_press, primary=primary, px=34)
            self.buttons[key] = b
        b.label = label
        b.on_press = on_press
        b.primary = primary
        b.fmt = dict(fmt or {})
        return b

    def _build_buttons(self) -> None:
        legal = self.legal
        v = verbs(legal)
        mode = self.mode
        order: list[Button] = []
        if mode == "pre":
            order.append(self._button("roll", "md.btn.roll", lambda: self._send("roll"), True))
            if not self.view.get("options", {}).get("advanced"):
                order.append(self._button("token", "md.btn.token", lambda: self._start_discard("token")))
            else:
                order.append(self._button("condition", "md.btn.condition", self._start_condition))
                order.append(self._button("lock", "md.btn.lock", self._start_lock))
                order.append(self._button("change", "md.btn.change", lambda: self._start_discard("change")))
        elif mode == "rolling":
            if "reroll" in v:
                order.append(self._button("reroll", "md.btn.reroll", self._reroll, False))
            if "fishbone" in v:                # the obvious action only when no reroll is left
                order.append(self._button("fishbone", "md.btn.fishbone", lambda: self._send("fishbone"),
                                          "reroll" not in v))
            if "bite" in v:
                order.append(self._button("bite", "md.btn.bite", self._start_bite))
        elif mode == "discard":
            order.append(self._button("discard", "md.btn.discard", self._discard, True))
            order.append(self._button("cancel", "md.btn.cancel", self._cancel))
        elif mode in ("cond_slot", "cond_token", "lock_die", "lock_face", "bite"):
            order.append(self._button("cancel", "md.btn.cancel", self._cancel))
        self.active_buttons = order

    def _button_state(self, key: str, b: Button) -> bool:
        """Enabled? (and the label's numbers)."""
        legal, v = self.legal, verbs(self.legal)
        if key == "token":
            return "token" in v
        if key in ("condition", "lock", "change"):
            return key in v
        if key == "reroll":
            ok, _, fmt = reroll_reason(self.view, self.picked_dice, legal)
            limit = int(self.view.get("next_max") or 0)
            b.label = "md.btn.reroll" if self.picked_dice else "md.btn.reroll_pick"
            b.fmt = {"n": len(self.picked_dice), "max": limit}
            b.primary = ok
            return ok
        if key == "discard":
            b.fmt = {"n": len(self.picked_slots)}
            return bool(self.picked_slots) and self._discard_action() in legal
        return True

    def _layout_widgets(self) -> None:
        rect = self.anchors["actions"].rect
        gap = self.s(14)
        buttons = self.active_buttons
        busy = self.presenter.busy
        if buttons:
            bw = min(self.s(300), (rect.w - gap * (len(buttons) - 1)) // len(buttons))
            total = bw * len(buttons) + gap * (len(buttons) - 1)
            x = rect.centerx - total // 2
            for b in buttons:
                b.rect = pygame.Rect(x, rect.y, bw, rect.h)
                x += bw + gap
                key = next(k for k, val in self.buttons.items() if val is b)
                ok = self._button_state(key, b)   # also fills the label's numbers while busy
                b.enabled = not busy and ok
        items: list = []
        mode = self.mode if not busy else None
        view = self.view
        # dice
        rects = self.dice_rects()
        lockable = set(lockable_dice(self.legal)) if mode == "lock_die" else set()
        locked = set(view.get("locked", []))
        for d, spot in enumerate(self.dice_spots):
            spot.rect = rects[d].copy()
            if d in self.picked_dice:
                spot.rect.y -= self.s(22)
            spot.why = None
            if mode == "rolling":
                spot.enabled = d not in locked and int(view.get("next_max") or 0) > 0
                if d in locked:
                    spot.why = ("md.why.locked", {})
                elif not spot.enabled:
                    spot.why = ("md.why.no_reroll", {})
            elif mode == "lock_die":
                spot.enabled = d in lockable
                spot.why = None if spot.enabled else ("md.why.locked", {})
            else:
                spot.enabled = False
            if mode in ("rolling", "lock_die"):
                items.append(spot)
        # slots
        cond = condition_choices(self.legal) if mode == "cond_slot" else {}
        discardable = set(discard_slots(self.legal, self.discard_verb)) if mode == "discard" else set()
        for slot, spot in self.slot_spots.items():
            spot.rect = self.slot_card_rect(slot)
            spot.why = None
            if mode == "rolling":
                ok, key, fmt = slot_reason(view, slot)
                spot.enabled = ok and f"take {slot}" in self.legal
                spot.why = None if spot.enabled else (key, fmt)
                items.append(spot)
            elif mode == "discard":
                spot.enabled = slot in discardable
                spot.why = None if spot.enabled else ("md.why.empty", {})
                items.append(spot)
            elif mode == "cond_slot":
                spot.enabled = slot in cond
                spot.why = None if spot.enabled else (("md.why.cond_tl", {}) if slot == "TL"
                                                      else ("md.why.cond_bad", {}))
                items.append(spot)
            else:
                spot.enabled = False
        # pickers in the tray
        self.pick_spots: list[Spot] = []
        if mode == "cond_token" and self.pick_slot:
            allowed = set(condition_choices(self.legal).get(self.pick_slot, []))
            supply = list(view.get("supply", []))
            size = self.w("pick")
            tray = self.anchors["tray"].rect
            step = min(size + self.s(6), tray.w // max(1, len(supply)))
            x0 = tray.centerx - step * (len(supply) - 1) / 2
            for i, tok in enumerate(supply):
                spot = self.token_spots.get(tok)
                if spot is None:
                    spot = Spot(f"tok:{tok}", (lambda t=tok: self._press_token(t)), size // 2)
                    self.token_spots[tok] = spot
                spot.rect = pygame.Rect(0, 0, size, size)
                spot.rect.center = (round(x0 + i * step), tray.centery)
                spot.enabled = tok in allowed
                spot.why = None if spot.enabled else ("md.why.cond_bad", {})
                self.pick_spots.append(spot)
        elif mode == "lock_face":
            size = self.w("die")
            tray = self.anchors["tray"].rect
            step = size + self.s(12)
            x0 = tray.centerx - step * 2.5
            for i, f in enumerate(FACES):
                spot = self.face_spots[f]
                spot.rect = pygame.Rect(0, 0, size, size)
                spot.rect.center = (round(x0 + i * step), tray.centery)
                spot.enabled = f"lock {self.pick_die} {f}" in self.legal
                self.pick_spots.append(spot)
        items += self.pick_spots
        # the current human's food cards (bite)
        self.card_spots = []
        if mode == "bite":
            seat = self.game.current_player
            allowed = set(bite_choices(self.legal))
            hands = by_type(self.presenter.board.hands[seat])
            bitten = list(self.presenter.board.bitten[seat])
            for i, card in enumerate(hands["food"]):
                key = f"card:{card}#{i}"
                spot = self.hand_spots.get(key)
                if spot is None:
                    spot = self.hand_spots[key] = Spot(key, (lambda c=card: self._press_card(c)), 8)
                (cx, cy), w = self.hand_card(seat, "food", i, len(hands["food"]))
                spot.rect = pygame.Rect(0, 0, w, round(w * RATIO))
                spot.rect.center = (round(cx), round(cy))
                if i < len(hands["food"]) - 1:      # a stacked card shows only its top strip
                    (nx, ny), _ = self.hand_card(seat, "food", i + 1, len(hands["food"]))
                    spot.rect.h = max(self.s(20), round(ny - w * RATIO / 2) - spot.rect.y)
                spot.card = card
                if card in bitten:
                    bitten.remove(card)
                    spot.enabled, spot.why = False, ("md.why.bitten", {})
                else:
                    spot.enabled = card in allowed
                    spot.why = None if spot.enabled else ("md.why.cant_bite", {})
                self.card_spots.append(spot)
            items += self.card_spots
        items += buttons
        self.items = items
        self.focus.set_items(items)
        focused = self.focus.focused
        if (focused is None or not self.focus.usable(focused)) and items:
            self.focus.set_focus(self._default_focus(items))

    def _default_focus(self, items):
        primary = next((b for b in self.active_buttons if b.primary and b.enabled), None)
        if primary is not None:
            return primary
        if self.mode == "rolling":
            take = next((s for s in self.slot_spots.values() if s.enabled), None)
            if take is not None:
                return take
        return next((i for i in items if FocusGroup.usable(i)), items[0])

    # ---- actions from widgets -------------------------------------------------------------------------
    def _send(self, action: str) -> None:
        if not self.my_turn():
            return
        if self.legal and action not in self.legal:
            self.note(self.app.t("md.why.not_now"))
            self.app.audio.play("ui_back")
            return
        self._apply(action)

    def _press_die(self, d: int) -> None:
        if self.mode == "lock_die":
            self.pick_die = d
            self.mode = "lock_face"
            self.app.audio.play("dice_clack")
            self._build_buttons()
            return
        if self.mode != "rolling":
            return
        if d in self.picked_dice:
            self.picked_dice.remove(d)
        else:
            self.picked_dice.append(d)
        self.app.audio.play("dice_clack")
        ok, key, fmt = reroll_reason(self.view, self.picked_dice, self.legal)
        if not ok and key == "md.why.too_many":
            self.note(self.say_why(key, fmt))
            self.app.audio.play("ui_back")

    def _reroll(self) -> None:
        ok, key, fmt = reroll_reason(self.view, self.picked_dice, self.legal)
        if not ok:
            self.note(self.say_why(key, fmt))
            self.app.audio.play("ui_back")
            return
        self._send(reroll_action(self.picked_dice))

    def _press_slot(self, slot: str) -> None:
        mode = self.mode
        if mode == "rolling":
            self._send(f"take {slot}")
        elif mode == "discard":
            if slot in self.picked_slots:
                self.picked_slots.remove(slot)
            else:
                self.picked_slots.append(slot)
            self.app.audio.play("card_slide")
        elif mode == "cond_slot":
            self.pick_slot = slot
            self.mode = "cond_token"
            self.app.audio.play("card_slide")
            self._build_buttons()

    def _press_token(self, tok: str) -> None:
        if self.mode == "cond_token" and self.pick_slot:
            self._send(f"condition {self.pick_slot} {tok}")

    def _press_face(self, face: str) -> None:
        if self.mode == "lock_face" and self.pick_die is not None:
            self._send(f"lock {self.pick_die} {face}")

    def _press_card(self, card: str) -> None:
        if self.mode == "bite":
            self._send(f"bite {card}")

    def _start_discard(self, verb: str) -> None:
        if verb not in verbs(self.legal):
            self.note(self.app.t("md.why.token_used" if verb == "token" else "md.why.no_enthusiasm"))
            return
        self.discard_verb = verb
        self.picked_slots = []
        self.mode = "discard"
        self.app.audio.play("card_flip")
        self._build_buttons()

    def _discard_action(self) -> str:
        return self.discard_verb + " " + " ".join(self.picked_slots)

    def _discard(self) -> None:
        if not self.picked_slots:
            self.note(self.app.t("md.why.pick_slots"))
            return
        self._send(self._discard_action())

    def _start_condition(self) -> None:
        if "condition" not in verbs(self.legal):
            self.note(self.app.t("md.why.no_enthusiasm"))
            return
        self.mode = "cond_slot"
        self.pick_slot = None
        self.app.audio.play("card_flip")
        self._build_buttons()

    def _start_lock(self) -> None:
        if "lock" not in verbs(self.legal):
            self.note(self.app.t("md.why.no_enthusiasm"))
            return
        self.mode = "lock_die"
        self.pick_die = None
        self.app.audio.play("dice_rattle")
        self._build_buttons()

    def _start_bite(self) -> None:
        self.mode = "bite"
        self.app.audio.play("card_flip")
        self._build_buttons()

    def _cancel(self) -> None:
        self.app.audio.play("ui_back")
        if self.mode == "cond_token":
            self.mode = "cond_slot"
            self.pick_slot = None
        elif self.mode == "lock_face":
            self.mode = "lock_die"
            self.pick_die = None
        else:
            self.mode = phase_of(self.legal)
            self.picked_slots = []
        self._build_buttons()

    # ---- intents ---------------------------------------------------------------------------------------
    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "back" and self.mode in (*PRE_MODES, "bite"):
            self._cancel()
            return
        if kind in ("back", "pause"):
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
        if kind == "alt":
            if self.picked_dice or self.picked_slots:
                self.picked_dice = []
                self.picked_slots = []
                self.app.audio.play("ui_back")
            return
        if kind == "click" and self.presenter.busy and self.focus.item_at(intent.pos) is None:
            self.presenter.skip()
            return
        if kind == "click":
            item = self.focus.item_at(intent.pos)
            if item is None:
                dead = next((i for i in self.items + self.active_buttons
                             if not FocusGroup.usable(i) and pygame.Rect(i.rect).collidepoint(intent.pos)),
                            None)
                if dead is not None:
                    self._explain(dead)
                return
        if kind == "confirm":
            focused = self.focus.focused
            if focused is not None and not FocusGroup.usable(focused):
                self._explain(focused)
                return
        self.focus.handle(intent)

    def _explain(self, item) -> None:
        why = getattr(item, "why", None)
        if why:
            self.note(self.say_why(*why))
        elif item is self.buttons.get("reroll"):
            ok, key, fmt = reroll_reason(self.view, self.picked_dice, self.legal)
            if not ok:
                self.note(self.say_why(key, fmt))
        self.app.audio.play("ui_back")

    def _pause(self) -> None:
        try:
            from scenes.pause import PauseScene
        except ImportError:
            return
        self.app.audio.play("ui_back")
        self.app.stack.push(PauseScene(self.app, self))

    # ---- test / tool support -------------------------------------------------------------------------
    def widgets(self) -> dict[str, pygame.Rect]:
        """Name → window rect of every widget shown now (tests, tools), enabled or not."""
        out = {}
        for key, b in self.buttons.items():
            if b in self.active_buttons:
                out[f"btn:{key}"] = b.rect
        for item in self.items:
            if isinstance(item, Spot):
                out[item.key] = item.rect
        return out

    def widget(self, name: str):
        if name.startswith("btn:"):
            b = self.buttons.get(name[4:])
            return b if b in self.active_buttons else None
        return next((i for i in self.items if isinstance(i, Spot) and i.key == name), None)

    def widget_enabled(self, name: str) -> bool:
        item = self.widget(name)
        return bool(item is not None and FocusGroup.usable(item))

    def slot_text(self, slot: str) -> str:
        """The words shown under a slot now ("Take it!" or why not; '' when none)."""
        spot = self.slot_spots[slot]
        if self.mode != "rolling" or self.presenter.busy:
            return ""
        if spot.enabled:
            return self.app.t("md.why.take")
        return self.say_why(*spot.why) if spot.why else ""

    def explanation(self) -> str:
        return self.message[0] if self.message else ""

    # ---- drawing -----------------------------------------------------------------------------------------
    def _background(self) -> pygame.Surface:
        if self._bg is not None and self._bg.get_size() == self.app.size:
            return self._bg
        self._bg = render_background(self.level, self.app.size)
        return self._bg

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self._background(), (0, 0))
        board = self.presenter.board
        for slot in SLOTS:
            self._draw_slot(surface, slot, board)
        self._draw_piles(surface, board)
        self._draw_tray(surface, board)
        if board.advanced:
            self._draw_supply(surface, board)
        for seat in range(self.n):
            self._draw_seat(surface, seat, board)
        self._draw_prompt(surface)
        for b in self.active_buttons:
            b.draw(surface, self.app, focused=b is self.focus.focused)
        for f in self.presenter.flyers:
            self._draw_flyer(surface, f)
        self._draw_banner(surface)
        focused = self.focus.focused
        shown = self.items + self.active_buttons
        if focused is not None and self.mode and not self.presenter.busy and focused in shown:
            focus_outline(surface, focused.rect, self.time, self.app.scale, getattr(focused, "radius", 16))
        self._draw_hints(surface)

    def _text(self, surface, text, px, colour, pos, anchor="center", shadow=True, max_w=None):
        font = self.app.fit_font(text, px, max_w, min(px, 28)) if max_w else self.app.font(px)
        return self.app.draw_text(surface, text, font, colour, pos, anchor, shadow=shadow)

    def _card(self, surface, card: str | None, center, width: int, back: str = "regular", alpha: int = 255,
              squash: float = 1.0) -> pygame.Rect:
        width = max(4, int(width))
        if card is None:
            surf = card_back(width, back)
        else:
            surf = card_face(card, width, self.presenter.board.abilities.get(card))
        rect = surf.get_rect(center=(round(center[0]), round(center[1])))
        if squash < 0.999 or alpha < 255:
            surf = pygame.transform.scale(surf, (max(1, int(rect.w * squash)), rect.h))
            if alpha < 255:
                surf.set_alpha(int(alpha))
            rect = surf.get_rect(center=rect.center)
        shadow = self._shadow(rect.size)
        surface.blit(shadow, rect.move(self.s(4), self.s(6)))
        surface.blit(surf, rect)
        return rect

    def _shadow(self, size) -> pygame.Surface:
        cache = self.__dict__.setdefault("_shadows", {})
        surf = cache.get(size)
        if surf is None:
            if len(cache) > 64:
                cache.clear()
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 80), surf.get_rect(), border_radius=max(2, int(size[0] * 0.09)))
            cache[size] = surf
        return surf

    def _static(self, key, rect: pygame.Rect, paint) -> pygame.Surface:
        """An opaque piece of the table: the background under ``rect`` with ``paint(surf, (0, 0))``
        (the piece's own origin) drawn on it once (panels, glows), cached per window size.
        Blitting it is cheap; the pieces of one frame must not overlap, as each covers what was
        drawn there before."""
        cache = self.__dict__.setdefault("_statics", {})
        full = (key, tuple(rect), self.app.size)
        surf = cache.get(full)
        if surf is None:
            if len(cache) > 80:
                cache.clear()
            surf = pygame.Surface(rect.size)
            surf.blit(self._background(), (0, 0), rect)
            paint(surf, (0, 0))
            if pygame.display.get_surface() is not None:
                surf = surf.convert()
            cache[full] = surf
        return surf

    def _veil(self, size) -> pygame.Surface:
        """A dimming veil over a card that cannot be taken now (cached per size)."""
        cache = self.__dict__.setdefault("_veils", {})
        surf = cache.get(size)
        if surf is None:
            surf = cache[size] = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (10, 20, 16, 120), surf.get_rect(), border_radius=self.s(12))
        return surf

    def _draw_piles(self, surface, board) -> None:
        w = self.w("pile")
        for kind in ("deck", "fishbones", "golden"):
            r = self.anchors[kind].rect
            count = {"deck": board.deck, "fishbones": board.fish, "golden": board.golden}[kind]
            if count:
                for i in range(min(3, (count + 3) // 4)):
                    off = self.s(3) * (2 - i)
                    if kind == "golden" and board.golden_top and i == min(3, (count + 3) // 4) - 1:
                        self._card(surface, board.golden_top, (r.centerx - off, r.centery - off), w)
                    elif kind == "fishbones" and board.fish_top and i == min(3, (count + 3) // 4) - 1:
                        self._card(surface, board.fish_top, (r.centerx - off, r.centery - off), w)
                    else:
                        self._card(surface, None, (r.centerx - off, r.centery - off), w,
                                   "fishbone" if kind == "fishbones" else "regular")
            else:
                hole = pygame.Rect(0, 0, w, round(w * RATIO))
                hole.center = r.center
                pygame.draw.rect(surface, (40, 100, 74), hole, max(2, self.s(3)), border_radius=self.s(10))
            label = self.app.t("md.deck", n=count) if count else self.app.t("md.deck_empty")
            colour = BRASS_LIGHT if kind == "golden" else (P.CREAM if kind == "deck" else (200, 214, 232))
            self._text(surface, label, 28, colour, (r.centerx, r.bottom + self.s(16)), max_w=self.s(176))

    def _draw_slot(self, surface, slot: str, board) -> None:
        r = self.slot_rect(slot)
        s = self.s
        spot = self.slot_spots[slot]
        live = self.mode in ("rolling", "discard", "cond_slot") and not self.presenter.busy
        bg_col = (18, 60, 42)
        edge = BRASS
        if live and spot.enabled:
            edge = GOOD if self.mode == "rolling" else SEL
        crect = self.slot_card_rect(slot)
        glowing = live and spot.enabled and self.mode == "rolling"
        region = r.inflate(s(10), s(10))

        def paint(surf, origin):
            ox, oy = origin
            surf.blit(panel(r.size, bg_col, s(22), max(2, s(3)), edge, 0), (s(5), s(5)))
            icon = pattern_icon(slot, s(200))
            surf.blit(icon, icon.get_rect(midtop=(r.w // 2 + s(5), s(11))))
            if glowing:
                g = ellipse_glow((int(crect.w * 1.6), int(crect.h * 1.3)), GOOD, 150)
                surf.blit(g, g.get_rect(center=(crect.centerx - region.x, crect.centery - region.y)))
        surface.blit(self._static(("slot", slot, edge, glowing), region, paint), region)
        card = board.slots.get(slot)
        (cx, cy), w = self.slot_card(slot)
        if card is not None and slot not in self.presenter.hidden_slots:
            rect = self._card(surface, card, (cx, cy), w)
            if live and not spot.enabled and self.mode == "rolling":
                surface.blit(self._veil(rect.size), rect)
            if self.mode == "cond_token" and slot == self.pick_slot:
                pygame.draw.rect(surface, SEL, rect.inflate(s(8), s(8)), s(5), border_radius=s(14))
            if slot in self.picked_slots and self.mode == "discard":
                pygame.draw.rect(surface, SEL, rect.inflate(s(8), s(8)), s(5), border_radius=s(14))
                order = self.picked_slots.index(slot) + 1
                badge = pygame.Rect(0, 0, s(46), s(46))
                badge.center = (rect.x + s(6), rect.y + s(6))
                pygame.draw.ellipse(surface, SEL, badge)
                self._text(surface, str(order), 30, P.INK, badge.center, shadow=False)
        else:
            pygame.draw.rect(surface, (40, 100, 74), crect, max(2, s(3)), border_radius=s(12))
        for k, tok in enumerate(board.slot_tokens.get(slot, [])):
            pos = self.token_pos(slot, k)
            t = condition_token(tok, self.token_size())
            surface.blit(t, t.get_rect(center=(round(pos[0]), round(pos[1]))))
        text = self.slot_text(slot) if self.mode == "rolling" else ""
        if not text and card is not None and not (self.mode == "rolling" and not self.presenter.busy):
            text = self.app.t("md.pattern." + slot)
            colour = P.LAMP_SOFT
        else:
            colour = GOOD if spot.enabled else (255, 170, 150)
        if text:
            self._text(surface, text, 28, colour, (r.centerx, r.bottom - s(18)), max_w=r.w - s(16))

    def _draw_supply(self, surface, board) -> None:
        r = self.anchors["supply"].rect
        self._text(surface, self.app.t("md.supply"), 28, P.LAMP_SOFT, (r.centerx, r.y + self.s(8)), max_w=r.w)
        size = self.supply_token_size()
        for i, tok in enumerate(board.supply):
            pos = self.supply_pos(i)
            t = condition_token(tok, size)
            surface.blit(t, t.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _draw_tray(self, surface, board) -> None:
        if self.mode in ("cond_token", "lock_face") and not self.presenter.busy:
            self._draw_picker(surface)
            return
        rects = self.dice_rects()
        area = rects[0].union(rects[-1]).inflate(self.s(40), self.s(24))
        tray_panel = panel(area.size, (16, 54, 38), self.s(26), max(2, self.s(3)), (120, 96, 48), 0)
        surface.blit(self._static(("tray",), area, lambda surf, o: surf.blit(tray_panel, (0, 0))), area)
        size = self.w("die")
        locked = set(board.locked)
        for d, rect in enumerate(rects):
            fx = self.presenter.dice_fx[d]
            face = fx.face
            picked = d in self.picked_dice and self.mode == "rolling"
            style = "locked" if d in locked else ("selected" if picked else "normal")
            cx, cy = rect.center
            if picked:
                cy -= self.s(22)
            cx += fx.offset[0]
            cy += fx.offset[1]
            shadow_y = rect.centery + size * 0.42
            sh = ellipse_glow((int(size * 0.9), int(size * 0.3)), (0, 0, 0), 140)
            surface.blit(sh, sh.get_rect(center=(rect.centerx + fx.offset[0] * 0.8, shadow_y)))
            if abs(fx.angle) > 1:
                surf = die_tumbling(face, size, int(fx.angle))
            else:
                surf = die_face(face, size, style)
            if fx.pop > 0:
                k = 1 + 0.12 * math.sin(fx.pop * math.pi)
                size_k = (int(surf.get_width() * k), int(surf.get_height() * k))
                surf = pygame.transform.smoothscale(surf, size_k)
            surface.blit(surf, surf.get_rect(center=(round(cx), round(cy))))
            if picked:
                box = pygame.Rect(0, 0, size + self.s(10), size + self.s(10))
                box.center = (round(cx), round(cy))
                pygame.draw.rect(surface, SEL, box, self.s(5), border_radius=self.s(24))

    def _draw_picker(self, surface) -> None:
        tray = self.anchors["tray"].rect
        area = tray.inflate(self.s(8), self.s(8))
        pick_panel = panel(area.size, (20, 40, 34), self.s(24), max(2, self.s(3)), SEL, 0)
        surface.blit(self._static(("picker",), area, lambda surf, o: surf.blit(pick_panel, (0, 0))), area)
        for spot in self.pick_spots:
            if spot.key.startswith("tok:"):
                surf = condition_token(spot.key[4:], spot.rect.w)
            else:
                surf = die_face(spot.key[5:], spot.rect.w, "normal" if spot.enabled else "dim")
            if not spot.enabled:
                surf = surf.copy()
                surf.set_alpha(90)
            surface.blit(surf, spot.rect)

    def _draw_seat(self, surface, seat: int, board) -> None:
        """A seat panel: what changes only with the game (panel, cat card, cat token or
        enthusiasm, tokens won, cards by type) is one cached piece; the cat, name and score are
        drawn over it every frame."""
        from game.art.cats import draw_cat

        parts = self.seat_parts(seat)
        r = parts["panel"]
        s = self.s
        info = self.session.seats[seat]
        active = board.current == seat and not self.game.over
        head = parts["head"]
        edge = BRASS_LIGHT if active else (BRASS if seat in self.humans else (96, 80, 50))
        region = r.inflate(s(16), s(16))
        flipping = flip_squash(self.token_flip[seat]) < 0.999
        mdcat = board.cats[seat] if seat < len(board.cats) else "tabby"
        key = ("seat", seat, active, edge, mdcat, tuple(board.hands[seat]), tuple(board.bitten[seat]),
               board.enth[seat], None if flipping or board.cat_up is None else board.cat_up[seat],
               tuple(board.won_tokens[seat]), self.app.i18n.lang)
        piece = self._static(key, region, lambda surf, o: self._seat_still(surf, seat, board, region, active,
                                                                            edge, mdcat, flipping))
        surface.blit(piece, region)
        name = info.name
        if seat in self.humans and len(self.humans) == 1:
            name += f" ({self.app.t('md.you')})"
        score = board.scores[seat] if seat < len(board.scores) else 0
        score_text = self.app.t("md.score", n=score)
        pulse = self.presenter.pulse[seat]
        px = 40 + round(8 * math.sin(pulse * math.pi))
        srect = self._text(surface, score_text, px, BRASS_LIGHT, (head.right - s(14), head.centery),
                           "midright")
        self._text(surface, name, 34, P.CREAM, (head.x + s(14), head.centery), "midleft",
                   max_w=srect.x - head.x - s(28))
        cat = parts["cat"]
        flip = r.centerx > self.app.size[0] / 2
        draw_cat(surface, (cat.centerx, cat.centery + s(4)), int(cat.h * 0.96), info.coat, self.pose_of(seat),
                 self.time + seat * 0.7, flip)
        if flipping and board.cat_up is not None:         # the cat token turning over
            status = parts["status"]
            size = s(56)
            tok = cat_token(mdcat, size, bool(board.cat_up[seat]))
            tok = pygame.transform.scale(tok, (max(1, int(size * flip_squash(self.token_flip[seat]))), size))
            surface.blit(tok, tok.get_rect(center=(status.x + size // 2 + s(4), status.centery)))
        if self.mode == "bite":
            for spot in self.card_spots:
                if spot.enabled:
                    pygame.draw.rect(surface, SEL, spot.rect.inflate(s(6), s(6)), max(2, s(3)),
                                     border_radius=s(10))

    def _seat_still(self, surf, seat: int, board, region, active, edge, mdcat, flipping) -> None:
        """Paint the still parts of a seat panel onto ``surf`` (whose origin is ``region``'s)."""
        s = self.s
        ox, oy = region.topleft
        parts = self.seat_parts(seat)
        r, head = parts["panel"], parts["head"]
        if active:
            surf.blit(ellipse_glow((region.w, region.h), (255, 214, 120), 170), (0, 0))
        frame = panel(r.size, (14, 44, 32), s(24), max(3, s(5) if active else s(3)), edge, 0)
        surf.blit(frame, (r.x - ox, r.y - oy))
        plate = panel(head.size, DEEP_RED if active else (70, 24, 32), s(16), max(2, s(2)), BRASS, 0)
        surf.blit(plate, (head.x - ox, head.y - oy))
        # the cat card: whose cards give +1 (MD-9.2)
        badge = parts["badge"].move(-ox, -oy)
        head_icon = cat_head(mdcat, s(54))
        hb = head_icon.get_rect(midleft=(badge.x + s(8), badge.centery))
        pygame.draw.circle(surf, BRASS, hb.center, s(30))
        pygame.draw.circle(surf, VELVET, hb.center, s(27))
        surf.blit(head_icon, hb)
        self._text(surf, self.app.t("md.bonus"), 32, BRASS_LIGHT, (hb.right + s(10), badge.centery),
                   "midleft")
        # cat token (basic) or enthusiasm (advanced)
        status = parts["status"].move(-ox, -oy)
        if board.enth[seat] is not None:
            size = s(48)
            for k in range(3):
                icon = enthusiasm_icon(size, k < (board.enth[seat] or 0))
                surf.blit(icon, icon.get_rect(midleft=(status.x + k * (size + s(6)), status.centery)))
        elif board.cat_up is not None and not flipping:
            size = s(56)
            tok = cat_token(mdcat, size, bool(board.cat_up[seat]))
            surf.blit(tok, tok.get_rect(center=(status.x + size // 2 + s(4), status.centery)))
        for k, t in enumerate(board.won_tokens[seat]):
            x, y = self.won_token_pos(seat, k)
            icon = condition_token(t, self.won_token_size())
            surf.blit(icon, icon.get_rect(center=(round(x - ox), round(y - oy))))
        # collected cards by type
        cols = parts["cols"]
        col_w = cols.w / 4
        hands = by_type(board.hands[seat])
        bitten = list(board.bitten[seat])
        for k, ctype in enumerate(TYPES):
            cx = cols.x + col_w * (k + 0.5) - ox
            icon = type_icon(ctype, s(48))
            surf.blit(icon, icon.get_rect(midtop=(round(cx), cols.y - oy)))
            cards = hands[ctype]
            if not cards:
                w = self.w("hand")
                hole = pygame.Rect(0, 0, w, round(w * RATIO))
                (hx, hy), _ = self.hand_card(seat, ctype, 0, 1)
                hole.center = (round(hx - ox), round(hy - oy))
                pygame.draw.rect(surf, (34, 76, 56), hole, max(2, s(2)), border_radius=s(8))
            for i, card in enumerate(cards):
                (hx, hy), w = self.hand_card(seat, ctype, i, len(cards))
                rect = self._card(surf, card, (hx - ox, hy - oy), w)
                if card in bitten:
                    bitten.remove(card)
                    surf.blit(bite_mark(w), rect)

    def _draw_prompt(self, surface) -> None:
        rect = self.anchors["prompt"].rect
        text, colour = self._prompt_text()
        sub = self._sub_text()
        mine = self.my_turn()
        edge = BRASS_LIGHT if mine else (120, 90, 50)
        shade = panel(rect.size, (40, 16, 22), self.s(20), max(2, self.s(3)), edge)
        surface.blit(self._static(("prompt", edge), rect, lambda surf, o: surf.blit(shade, (0, 0))), rect)
        inner = rect.w - self.s(30)
        if sub:
            self._text(surface, text, 36, colour, (rect.centerx, rect.y + self.s(32)), max_w=inner)
            self._text(surface, sub[0], 30, sub[1], (rect.centerx, rect.y + self.s(78)), max_w=inner)
        else:
            self._text(surface, text, 40, colour, rect.center, max_w=inner)

    def _prompt_text(self) -> tuple[str, tuple]:
        game = self.game
        board = self.presenter.board
        if self.presenter.busy or game.over or not self.my_turn():
            cur = game.current_player
            if not self.presenter.busy and cur is not None and cur in self.runner.bots:
                return self.app.t("md.prompt.wait", name=self.seat_name(cur)), P.LAMP_SOFT
            return self.presenter.caption, P.CREAM
        mode = self.mode
        name = self.seat_name(game.current_player)
        prefix = f"{name}: " if len(self.humans) > 1 else ""
        if mode == "pre":
            v = verbs(self.legal)
            if "token" in v:
                key = "md.prompt.pre_token"
            elif v & {"condition", "lock", "change"}:
                key = "md.prompt.pre_enth"
            else:
                key = "md.prompt.pre"
            return prefix + self.app.t(key), P.LAMP
        if mode == "rolling":
            v = verbs(self.legal)
            if self.view.get("bite_pending"):
                return prefix + self.app.t("md.prompt.after_bite", n=board.next_max), P.LAMP
            if "take" in v:
                return prefix + self.app.t("md.prompt.rolling" if "reroll" in v else "md.prompt.take"), P.LAMP
            key = "md.prompt.rolling_fish" if "reroll" in v else "md.prompt.fish"
            return prefix + self.app.t(key), P.LAMP
        key = {"discard": "md.prompt.token" if self.discard_verb == "token" else "md.prompt.change",
               "cond_slot": "md.prompt.cond_slot", "cond_token": "md.prompt.cond_token",
               "lock_die": "md.prompt.lock_die", "lock_face": "md.prompt.lock_face",
               "bite": "md.prompt.bite"}.get(mode)
        return (prefix + self.app.t(key), P.LAMP) if key else ("", P.CREAM)

    def _sub_text(self):
        if self.message:
            return self.message[0], (255, 150, 130)
        if self.game.over:
            return None
        board = self.presenter.board
        total = board.turns_each
        seat = board.current
        if seat is None:
            return None
        where = self.app.t("md.turns", n=min(total, board.turns_by_seat[seat] + 1), total=total)
        if board.rolls:
            where += " · " + self.app.t("md.rolls", n=board.rolls)
        if not self.my_turn():
            return where, P.MUTED
        detail = self.detail(self.focus.focused)
        if detail:
            return detail, P.CREAM
        return where, P.MUTED

    def detail(self, item) -> str:
        """Words for the focused thing: a card's name, type, points, cat and conditions."""
        if isinstance(item, Spot) and item.key.startswith("slot:"):
            slot = item.key[5:]
            card = self.presenter.board.slots.get(slot)
            if card:
                return self.card_words(card, self.presenter.board.slot_tokens.get(slot, []))
        if isinstance(item, Spot) and item.key.startswith("card:"):
            return self.card_words(item.card, [])
        if isinstance(item, Spot) and item.key.startswith("tok:"):
            return self.cond_words(item.key[4:])
        if isinstance(item, Spot) and item.key.startswith("face:"):
            return self.app.t("md.face." + item.key[5:])
        return ""

    def cond_words(self, cond: str) -> str:
        face = self.app.t("md.face." + cond[1])
        return self.app.t("md.cond.need" if cond[0] == "!" else "md.cond.no", face=face)

    def card_words(self, card: str, tokens) -> str:
        t = self.app.t
        if card.startswith("fishbone/"):
            return t("md.card.fishbone", n=flames(card))
        parts = [self.card_name(card), t("md.type." + card_type(card)),
                 t("md.card.points", n=card_points(card)),
                 t("md.card.bonus", cat=t("md.cat." + (card_cat(card) or "tabby")))]
        conds = [self.cond_words(c) for c in card_conds(card) + tuple(tokens)]
        ability = self.presenter.board.abilities.get(card)
        if ability:
            parts.append(t("md.ability." + ability))
        return " · ".join(parts + conds)

    def _draw_hints(self, surface) -> None:
        if not self.humans:
            return
        device = self.app.device if self.app.device in ("mouse", "keyboard", "pad") else "mouse"
        rect = self.anchors["hints"].rect
        self._text(surface, self.app.t("md.hint." + device), 28, P.MUTED, rect.center, max_w=rect.w)

    def _draw_banner(self, surface) -> None:
        banner = self.presenter.banner
        if not banner:
            return
        text, colour, left = banner
        tray = self.anchors["tray"].rect
        font = self.app.fit_font(text, 56, self.s(1100), 36)
        surf = self.app.text(text, font, colour)
        middle = (self.slot_rect("TL").bottom + self.slot_rect("BL").y) // 2
        box = surf.get_rect(center=(tray.centerx, middle)).inflate(self.s(60), self.s(24))
        alpha = 255 if left > 0.3 else int(255 * left / 0.3)
        bg = panel(box.size, (36, 12, 18), box.h // 2, max(2, self.s(4)), colour)
        bg.set_alpha(alpha)
        surface.blit(bg, box)
        s2 = surf.copy()
        s2.set_alpha(alpha)
        surface.blit(s2, s2.get_rect(center=box.center))

    def _draw_flyer(self, surface, f) -> None:
        x, y = f.pos
        if f.kind == "token":
            size = max(4, int(f.width))
            t = condition_token(f.item, size)
            surface.blit(t, t.get_rect(center=(round(x), round(y))))
            return
        face = f.flip >= 0.5
        squash = max(0.02, flip_squash(f.flip))
        back = "fishbone" if (f.item or "").startswith("fishbone/") else "regular"
        self._card(surface, f.item if face else None, (x, y), int(f.width), back, int(f.alpha), squash)


def render_background(level, size) -> pygame.Surface:
    """The parlour: the map's tile layer scaled to the window, lamp light over the velvet, a brass
    bell on the wall and a vignette. Drawn once per window size."""
    from game.assets import resource_path
    from game.layout import scale_for

    scale, ox, oy = scale_for(size)
    bg = pygame.Surface(size)
    bg.fill((60, 16, 24))
    tmx = level.tmx
    try:
        tileset = tmx.tilesets[0]
        tiles_img = pygame.image.load(str(resource_path("levels/" + tileset.source.split("/")[-1])))
    except (pygame.error, FileNotFoundError, AttributeError, IndexError):
        tiles_img = None
    tw, th = tmx.tilewidth, tmx.tileheight
    design = pygame.Surface((tmx.width * tw, tmx.height * th))
    design.fill((60, 16, 24))
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
    light = ellipse_glow((1100, 1000), (255, 220, 150), 40)
    design.blit(light, light.get_rect(center=(960, 470)))
    vignette = pygame.Surface(design.get_size(), pygame.SRCALPHA)
    for i in range(12):
        pygame.draw.rect(vignette, (10, 0, 4, 10 + i * 6), vignette.get_rect(), 40 - 3 * i)
    design.blit(vignette, (0, 0))
    out = pygame.transform.smoothscale(design, (round(design.get_width() * scale),
                                                round(design.get_height() * scale)))
    bg.blit(out, (round(ox), round(oy)))
    return bg.convert() if pygame.display.get_surface() is not None else bg
