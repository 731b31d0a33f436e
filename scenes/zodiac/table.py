"""The Zodiac Catchers table: cats round a lacquer table in a lantern-lit temple courtyard at New Year.

Intents become RULES.md §4 action strings (``arrange SEAT CARD…``, ``point hand SEAT POS``,
``point centre POS``); the only way the scene changes the game is ``session.apply``. The engine's
events go to the presenter, which animates them; rules input waits until it is idle.

Round flow: when a round is dealt, computer seats place their mermaids at once (the match driver's
``run_setup``, each from its bot's own generator); then every human seat holding a mermaid gets
the *arrange* step (pick a mermaid and move it by drag, by click on another place, or with
left/right; Done sends the whole hand). Only then does pointing start. Pointing: every card on the
table is focusable; a face-down card is pointed at by click/confirm; a face-up card or the set-
aside trump explains why not and sends nothing (the explanation also shows while such a card has
the focus).

Who sees what: one human → their hand is face up to them at the bottom; several humans → a
curtain ("Pass to Mochi") guards each human's turn and arrange step; none (attract/demo) → every
hand face down. Hands are drawn so positions count from the owner's left as they face the table
(the top seats' rows run right to left; the side columns run top/bottom).

Controls: ``back`` and ``alt`` drop a held mermaid (``back`` otherwise pauses). The shared loop
(bots, curtain, notes, results, pause, hurry) is ``scenes/table/base.py``; this file holds the
geometry and the input modes (arrange, point), ``draw.py`` the drawing.
"""
from __future__ import annotations

import math

import pygame

from game.art.cards_zodiac import RATIO
from game.ui.widgets import Button
from scenes.table.base import TableScene
from scenes.table.carry import CarryRow
from scenes.table.widgets import Spot
from scenes.zodiac.arrows import toward_board
from scenes.zodiac.draw import DESIGN_W, SORT_MARK, ZodiacDraw
from scenes.zodiac.lifts import HandLifts
from scenes.zodiac.pointer import PointerRoom
from scenes.zodiac.presenter import Presenter

ANCHOR_NAMES = ("grid", "trump", "banner", "prompt", "actions", "hints", "match",
                "seat{i}", "hand{i}", "caps{i}")


class CardWidget(Spot):
    """A focusable card: ``key`` is ("hand", seat, pos), ("centre", None, pos), ("trump", None, 0)
    or ("arr", seat, index) for the arrange step."""

    def __init__(self, key):
        super().__init__(key, radius=10)


def widget_name(key) -> str:
    where, seat, pos = key
    if where == "hand":
        return f"hand:{seat}:{pos}"
    if where == "arr":
        return f"arr:{pos}"
    if where == "trump":
        return "trump"
    return f"centre:{pos}"


class ZodiacTable(CarryRow, HandLifts, PointerRoom, ZodiacDraw, TableScene):
    art_family = "zodiac"
    anchor_names = ANCHOR_NAMES
    text_prefix = "zc"
    presenter_class = Presenter

    think_on_turn = False
    demo_options = {"rounds": 1}          # a demo plays one round, not a match to 10 points
    phone_may_cover = ("grid",)            # a phone seat's code panel: over the board if need be

    def setup_widgets(self) -> None:
        self.arr: list[str] = []              # the arrangement being made
        self.arr_seat: int | None = None
        self.arr_ids: list[int] = []          # which card each place of self.arr holds (they move)
        self.arr_shown: dict[int, tuple] = {}  # where each is drawn: eases toward its place
        self.held: int | None = None          # index of the mermaid picked up in self.arr
        self.drag_pos: tuple | None = None
        self.done_btn = Button((0, 0, 1, 1), "zc.btn.done", self._arrange_done, primary=True, px=40)
        self.card_widgets: dict[tuple, CardWidget] = {}
        self.just_picked = None                 # the card the person just pointed at (explanation)
        self.pointed_at: tuple | None = None     # where the person last pointed: focus stays near
        self.shown_widgets: list[CardWidget] = []

    def tiger_rect(self) -> pygame.Rect:
        """Where "Ask the tiger" sits: the level's place for it, else the action corner (empty
        while pointing)."""
        found = self.zone("tiger")
        if found is not None:
            return found
        actions = self.anchors["actions"].rect
        return pygame.Rect(actions.x, actions.bottom - self.s(116), actions.w, self.s(96))

    def opening(self) -> None:
        self.presenter.present(getattr(self.feed, "opening_events", []), self.viewer)

    # ---- geometry ----------------------------------------------------------------------------------
    def hand_rect(self, seat: int) -> pygame.Rect:
        return self.anchors[f"hand{self.position(seat)}"].rect

    def big_hand(self, seat: int) -> bool:
        return self.position(seat) == 0

    def grid_rect(self) -> pygame.Rect:
        return self.anchors["grid"].rect

    def _geometry(self, key, make):
        """``make()``, kept for this layout (the anchors, window size and bottom seat it was made
        for): a frame at 4K asked ~50 card places, 5 hands' marks and their caption's width again,
        1.5-2 ms of processor a frame for the same answers (issue 23). A few hundred kept at most."""
        memo = self.__dict__.get("_geometry_memo")
        if memo is None or memo[0] is not self.anchors or memo[1] != (self.app.size, self.bottom) \
                or len(memo[2]) > 600:
            memo = self._geometry_memo = (self.anchors, (self.app.size, self.bottom), {})
        got = memo[2].get(key, memo)        # (an answer may be None)
        if got is memo:
            got = memo[2][key] = make()
        return got

    def hand_slot(self, seat: int, slot: float, count: float):
        """(centre, width) of the card at ``slot`` (from the owner's left) of ``count`` as drawn."""
        return self._geometry(("hand_slot", seat, slot, count, self.column_ups(seat)),
                              lambda: self._hand_slot(seat, slot, count))

    def _hand_slot(self, seat: int, slot: float, count: float):
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
        return (rect.centerx, self.column_y(seat, rect, h, count, k, reverse)), w     # lifts.py

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

    def top_hand(self, seat: int) -> bool:
        """A row of cards along the top edge (its captures and its "1"/"12" marks share the row
        under it)."""
        rect = self.hand_rect(seat)
        return rect.w >= rect.h and rect.centery < self.grid_rect().top

    def sort_marks(self, seat: int) -> list[tuple[str, tuple[float, float]]]:
        """("1" or "12", centre) of the marks saying which end of a hand holds the low numbers.
        A side column: beyond its end cards. A top row: at the fixed ends of the row under it
        (issue 21: the captures lie between them, never under a mark); where that row is too
        narrow for both marks and three captures, only the "1" end is marked."""
        count, caught = self.presenter.board.counts[seat], len(self.presenter.board.captures[seat])
        return list(self._geometry(("sort_marks", seat, count, caught),
                                   lambda: self._sort_marks(seat, count)))

    def _sort_marks(self, seat: int, count) -> list[tuple[str, tuple[float, float]]]:
        if count < (1 if self.top_hand(seat) else 2):
            return []
        (x0, y0), w = self.hand_slot(seat, 0.0, max(2.0, count))
        (x1, y1), _ = self.hand_slot(seat, max(2.0, count) - 1.0, max(2.0, count))
        if self.top_hand(seat):
            row = self.caps_rect(seat)
            half = self.sort_mark_w() / 2
            left, right = (row.x + half, row.centery), (row.right - half, row.centery)
            lo, hi = (right, left) if x0 > x1 else (left, right)
            # a row too narrow for both marks and three piles keeps both while it holds two piles
            # at most (stranger 6: at six seats only the "1" stood, beside the next cat's name,
            # and read as that cat's); a third catch ends the round
            narrow = row.w - 2 * self.sort_mark_w() - self.s(16) < self.pile_w(seat) * 3 + self.s(8) * 2
            if narrow and len(self.presenter.board.captures[seat]) >= 3:
                return [("1", lo)]
            return [("1", lo), ("12", hi)]
        length = math.hypot(x1 - x0, y1 - y0) or 1.0
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        reach = (w if abs(ux) > 0.5 else w * RATIO) / 2 + self.s(26)
        return [("1", (x0 - ux * reach, y0 - uy * reach)), ("12", (x1 + ux * reach, y1 + uy * reach))]

    def sort_caption_at(self, seat: int, width: int) -> tuple[int, int] | None:
        """Where "Sorted by number" stands in a top row (issue 21: the "12"/"1" marks meant
        nothing without a hover): centred in the row between the room kept for three capture
        piles and the far mark, when the words fit there; else None."""
        count = self.presenter.board.counts[seat]
        return self._geometry(("sort_caption_at", seat, width, count),
                              lambda: self._sort_caption_at(seat, width))

    def _sort_caption_at(self, seat: int, width: int) -> tuple[int, int] | None:
        marks = self.sort_marks(seat) if self.top_hand(seat) else []
        if len(marks) < 2:
            return None
        row = self.caps_rect(seat)
        (px, _), _ = self.capture_slot(seat, 2)
        left = round(px + self.pile_w(seat) / 2) + self.s(10)
        right = round(max(x for _, (x, _) in marks)) - self.sort_mark_w() // 2 - self.s(10)
        if right - left < width:
            return None
        return (left + right) // 2, row.centery

    def sort_mark_w(self) -> int:
        """A mark's diameter (a round badge: "12" in it, as large as a pick mark)."""
        return self.s(SORT_MARK)

    def caps_rect(self, seat: int) -> pygame.Rect:
        return self.anchors[f"caps{self.position(seat)}"].rect

    def cap_w(self, seat: int) -> int:
        """A caught card's width: the design's, or less where the seat's capture row is lower
        than a pile (a top row's piles stood out of it onto the board's edge: stranger 40r-zh)."""
        room = (self.caps_rect(seat).h - self.s(4) * 2 - self.s(2)) / RATIO
        return max(self.s(12), min(self.s(DESIGN_W["cap"]), int(room)))

    def pile_w(self, seat: int) -> int:
        """A capture pile's width: a card and the two under it, each a step up and right."""
        return self.cap_w(seat) + self.s(4) * 2

    def capture_slot(self, seat: int, index: int):
        """(centre, width) of the top card of capture pile ``index``: piles in a row in the seat's
        capture place, between a top row's marks; at most three (ZC-5), so the step is fixed and
        a pile never moves when another is added."""
        rect = self.caps_rect(seat)
        w = self.cap_w(seat)
        h = w * RATIO
        lift = self.s(4) * 2
        x0, x1 = rect.x + self.s(4), rect.right - self.s(4)
        marks = self.sort_marks(seat) if self.top_hand(seat) else []
        mark_w = self.sort_mark_w() + self.s(8)
        for _, (mx, _) in marks:
            if mx < rect.centerx:
                x0 = max(x0, rect.x + mark_w)
            else:
                x1 = min(x1, rect.right - mark_w)
        pile = self.pile_w(seat)
        # a narrow row with both marks holds two piles (its third catch ends the round: one mark)
        piles = 2 if len(marks) == 2 and x1 - x0 < pile * 3 + self.s(8) * 2 else 3
        step = min(w + self.s(16), max(self.s(12), (x1 - x0 - pile) / (piles - 1)))
        return (x0 + w / 2 + step * min(index, 2), rect.y + lift + h / 2 + (index // 3) * self.s(6)), w

    def kind_name(self, kind: str) -> str:
        return self.app.t("zc.kind." + kind)

    # ---- the flow ------------------------------------------------------------------------------------
    def fixed_pose(self, seat: int) -> str | None:
        if self.feed.over and seat in self.presenter.board.winners and not self.presenter.busy:
            return "victorious"
        return None

    def focus_moved(self, item) -> None:
        if getattr(self, "message_colour", None) is None:   # a refusal: the focused card's own
            self.message = None                            # explanation shows instead ("Undone: …" stays)
        self.app.audio.play("ui_move")

    def rule_note(self, exc) -> str:
        return self.app.t("zc.why.not_now")

    def pending_arrange(self) -> list[int]:
        """Human seats that still get the arrange step this round (they hold a mermaid)."""
        due = self.feed.waiting_on()
        return [s for s in self.humans if due.get(s) == "arrange"]

    def human_due(self) -> int | None:
        """A human with a mermaid arranges first; then, once the phones' mermaids are placed,
        whoever points (until then the person who starts waits: the prompt names the phone)."""
        pending = self.pending_arrange()
        if pending:
            return pending[0]
        if self.phones is not None and self.phones.due():
            return None
        return super().human_due()

    def my_turn(self) -> bool:
        """A human may make a rules choice now (arrange or point)."""
        return self.mode is not None and not self.presenter.busy and self.curtain_for is None

    def update(self, dt: float) -> None:
        super().update(dt)
        self._focus_the_tigers_card()
        if self.mode == "arrange":                # cards slide to their new places
            k = min(1.0, dt * 16 / max(0.25, self.app.settings.speed_factor))
            for w in self.shown_widgets:
                uid = self.arr_ids[w.key[2]]
                x, y = self.arr_shown.get(uid, w.rect.center)
                tx, ty = w.rect.center
                self.arr_shown[uid] = (x + (tx - x) * k, y + (ty - y) * k)

    def _focus_the_tigers_card(self) -> None:
        """The tiger's pick takes the keyboard focus when it is shown, so Enter points where the
        tiger does (issue 21, stranger21b #4: the frame stayed on the person's own card)."""
        hint = self.advice.hint
        if hint is None or hint is getattr(self, "hint_focused", None) or not self.my_turn():
            return
        self.hint_focused = hint
        target = next((w for w in map(self.widget, hint.targets) if isinstance(w, CardWidget)), None)
        if target is not None:
            self.focus.set_focus(target)

    def hint_marks(self, names: list[str]) -> list[str]:
        """The tiger's outline only while no other card has the focus: one "this card" mark at a
        time (the focus frame is where Enter points)."""
        focused = self.focus.focused
        if isinstance(focused, CardWidget) and widget_name(focused.key) not in names:
            return []
        return names

    def reset_input(self) -> None:
        self.held = None
        self.drag_pos = None

    # ---- modes and widgets ---------------------------------------------------------------------------
    def refresh_mode(self) -> None:
        game = self.feed
        key = (self.feed.revision, self.viewer, self.curtain_for, self.presenter.busy, self.app.size)
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
                elif game.current_player == self.viewer and not self.pending_arrange() \
                        and not (self.phones is not None and self.phones.due()):   # phones' mermaids first
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
                # held: lifted, but not into the tooltip's dock just above the hand
                lift = self.s(20) if self.held == i else (self.s(8) if kind == "MERMAID" else 0)
                w.rect.center = (round(cx), round(cy - lift))
                items.append(w)
        elif self.mode == "point":
            for s in range(self.n):
                live = board.hands[s]
                for p, c in sorted(enumerate(live), key=lambda pc: pc[1].flip > 0.5):
                    w = self._widget(("hand", s, p))
                    (cx, cy), cw = self.hand_slot(s, c.slot, board.counts[s])
                    w.rect = pygame.Rect(0, 0, int(cw), int(cw * RATIO))
                    ox, oy = self.lift_offset(s, c) if c.flip > 0.5 else (0.0, 0.0)
                    w.rect.center = (round(cx + ox), round(cy + oy))
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
        before = self.focus.focused
        self.focus.set_items(items + list(self.active_buttons))
        if (self.focus.focused is None or before not in self.focus.items) and (items or self.active_buttons):
            first = self._first_focus(items)
            self.focus.set_focus(first)

    def focus_group(self, item) -> str:
        key = getattr(item, "key", None)
        if isinstance(key, tuple) and key[0] == "hand":
            return f"hand{key[1]}"            # each seat's hand a row of its own
        if isinstance(key, tuple):
            return "hand" if key[0] == "arr" else "centre"
        return super().focus_group(item)

    def _first_focus(self, items):
        if self.mode == "arrange":
            return next((w for w in items if self.arr[w.key[2]] == "MERMAID"), self.done_btn)
        if self.pointed_at is not None:
            near = self._near_pointed(items)
            if near is not None:
                return near
        for w in items:
            if w.key[0] == "centre" and self._action_for(w.key) in self.legal:
                return w
        return next((w for w in items if self._action_for(w.key) in self.legal), items[0] if items else None)

    def _near_pointed(self, items):
        """The card the person pointed at last, turned up where it lies (else, caught, the one
        nearest its place): focus never moves by itself (it stepped to the next face-down card,
        so Left + Enter skipped one), and the next arrow goes from the card just chosen."""
        px, py = self.pointed_at
        if not items:
            return None
        return min(items, key=lambda w: (w.rect.centerx - px) ** 2 + (w.rect.centery - py) ** 2)

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
            self.carry_press(key[2])
            return
        if self.mode != "point" or not self.my_turn():
            return
        why = self.why_not(key)
        self.just_picked = None if why else key
        if why:
            self.note(why)
            self.app.audio.play("ui_back")
            return
        widget = self.card_widgets.get(key)
        self.pointed_at = widget.rect.center if widget is not None else None
        self.send(self._action_for(key))       # the third card asks first (confirm_text)

    # ---- arranging (scenes/table/carry.py) -------------------------------------------------------
    def carry_row(self) -> list:
        return self.arr

    def carry_may(self, index: int, quiet: bool = False) -> bool:
        if self.arr[index] == "MERMAID":
            return True
        if not quiet:
            self.note(self.app.t("zc.arrange.numbers"))
            self.app.audio.play("ui_back")
        return False

    def carry_moved(self, old: int, new: int) -> None:
        self.arr_ids.insert(new, self.arr_ids.pop(old))

    def carry_hit(self, pos) -> int | None:
        hit = next((w for w in self.shown_widgets if w.rect.collidepoint(pos)), None)
        return hit.key[2] if hit is not None else None

    def carry_centres(self) -> list[float]:
        count = float(len(self.arr))
        return [self.hand_slot(self.viewer, float(i), count)[0][0] for i in range(len(self.arr))]

    def carry_focus(self, index: int) -> None:
        self._layout_widgets()
        self.focus.set_focus(self.card_widgets[("arr", self.viewer, index)])

    def _arrange_done(self) -> None:
        if self.mode != "arrange" or not self.my_turn():
            return
        self.held = None
        self.apply(f"arrange {self.viewer} " + " ".join(self.arr))

    # ---- intents ------------------------------------------------------------------------------------
    def handle_first(self, intent) -> bool:
        if self.mode == "arrange" and intent.kind in ("alt", "back") and self.held is not None:
            self.carry_drop()
            self.app.audio.play("ui_back")
            return True
        target = toward_board(self, intent.direction) if intent.kind == "move" else None
        return target is not None and self.focus.set_focus(target)

    def handle_mode(self, intent) -> bool:
        return self.mode == "arrange" and self.carry_handle(intent)

    # ---- test / tool support -------------------------------------------------------------------------
    def tools_rect(self) -> pygame.Rect:
        """Undo and Moves side by side just above the tiger, in the action corner (the right
        edge holds seats and the unseen counts at some player counts)."""
        actions = self.anchors["actions"].rect
        rect = pygame.Rect(0, 0, self.s(312), self.s(64))
        rect.bottomright = (actions.right, actions.bottom - self.s(116) - self.s(12))
        return rect

    def go_on_at(self) -> tuple[int, int]:
        """At the foot of the round summary, inside it (``summary_rect``)."""
        box = self.summary_rect()
        return (box.centerx, box.bottom - self.s(42))

    def confirm_text(self, action: str) -> str | None:
        """The third card turns up at once and ends the pointing: ask first, but only where a
        catch is at stake and not sure (the first two alike, the third not known to be one of
        them). Two unlike cards catch nothing whatever the third, and a sure catch loses nothing:
        a question there was one more press for no reason."""
        if not action.startswith("point ") or self.feed.view(None)["step"] != 2:
            return None
        seat = self.viewer
        view = self.feed.view(seat)
        kinds = {p["kind"] for p in view["pointed"]}
        if len(kinds) != 1 or self.known_kind(view, action) in kinds:
            return None
        return self.app.t("zc.confirm.point")

    @staticmethod
    def known_kind(view: dict, action: str) -> str | None:
        """The kind of the card ``action`` points at, if this view knows it: a card of its own
        hand, or one seen turned up whose place now is known."""
        words = action.split()
        place = {"where": "hand", "seat": int(words[2]), "pos": int(words[3])} if words[1] == "hand" \
            else {"where": "centre", "seat": None, "pos": int(words[2])}
        if place["where"] == "hand" and place["seat"] == view["seat"] and place["pos"] < len(view["hand"]):
            return view["hand"][place["pos"]]
        return next((row["kind"] for row in reversed(view["reveals"]) if row.get("now") == place), None)

    def confirm_yes_first(self, action: str) -> bool:
        """The third card is the one the person chose; turning it up is how every pointing ends
        and gives nothing up, so Yes is preselected (issue 21 playtest)."""
        return True

    def piece_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The level's places and the widgets, and what lies beside the hands as drawn: capture
        piles, the "1"/"12" marks, the 1-2-3 pick marks (the overlap audit holds them to their
        own places, issue 21)."""
        return super().piece_boxes() + list(getattr(self, "badges", []))

    def named_widgets(self) -> list[tuple[str, object]]:
        out = [(widget_name(w.key), w) for w in self.shown_widgets]
        if self.done_btn in self.active_buttons:
            out.append(("btn:done", self.done_btn))
        return out

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
            if focused.key == self.just_picked:
                # the card just turned up keeps the focus (it never moves by itself): "already face
                # up" under it read as a scolding for a right pick; moved away and back, it explains
                return ""
            self.just_picked = None
            return self.why_not(focused.key)
        return ""
