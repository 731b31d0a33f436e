"""The Hungry Meow table: cats round a crate in a back alley, cards, and every choice of the rules.

Intents become RULES.md §4 action strings sent through the shared table loop
(``scenes/table/base.py``: bots, curtain, notes, results, pause, hurry); the engine's events go to
the presenter, which animates them. This file holds the table's geometry and its input modes
(direction, draw, play, prophecy, dealer); ``draw.py`` draws it.

Who sees what: with one human their hand is face up at the bottom; with several humans a curtain
("Pass to Mochi") guards each human turn and a hand is shown only while its owner's curtain is up;
with none (attract / demo) every hand is face down. Everything drawn comes from the board the
presenter keeps, which is filled from ``game.view(viewer)`` and public knowledge only.

Controls: ``back`` drops a carried Prophecy card, else pauses; ``alt`` toggles top/bottom in a
Prophecy and clears a selection otherwise; a click on a disabled card does nothing.
"""
from __future__ import annotations

import pygame

from game.art.cards_hungry_meow import RATIO
from game.art.linebreak import NBSP
from game.ui.widgets import Button
from scenes.hungry_meow.draw import DESIGN_W, HungryMeowDraw
from scenes.hungry_meow.presenter import Presenter
from scenes.hungry_meow.rules_view import (
    WHY,
    Verdict,
    expression,
    parse,
    phase_of,
    play_action,
    set_sum,
    sort_key,
    symbol_of,
)
from scenes.table.base import TableScene
from scenes.table.carry import CarryRow
from scenes.table.widgets import Spot, toggle

# the engine's refusal codes (RuleError.code) -> the words shown under the prompt
# Each button's place in the action column (0 top … 2 bottom), the same for a whole turn (power,
# draw, play): what moves a turn on sits at the bottom, a second choice in the middle, what
# declines (Skip power, Pass, draw none) at the top, so a decline never appears where a press
# did something else a moment before (issue 21: a Dealer skipped by accident).
BUTTON_PLACE = {"cw": 2, "ccw": 1, "draw1": 2, "draw5": 1, "draw0": 0, "play": 2, "pass": 0,
                "confirm": 2, "where": 1, "skip": 0, "take": 2, "give": 1, "skipd": 0}
ANCHOR_NAMES = ("deck", "discard", "table", "reveal", "prompt", "actions", "hints", "seat{i}", "hand{i}")


class CardWidget(Spot):
    """A focusable card of the shown hand (or of a Prophecy row)."""

    def __init__(self, key, card: str, index: int):
        super().__init__(key, radius=12)
        self.card = card
        self.index = index


class HungryMeowTable(CarryRow, HungryMeowDraw, TableScene):
    art_family = "hungry-meow"
    anchor_names = ANCHOR_NAMES
    text_prefix = "hm"
    tools_y = 0.30                        # Undo / Moves: right edge, between the seats and the tiger
    presenter_class = Presenter
    phone_may_cover = ("table", "deck", "discard")   # a phone seat's code panel: there if need be

    def setup_widgets(self) -> None:
        self.dir_spin = 0.0
        self.dir_loud = 0.0                  # seconds the direction ring stays bright
        self.selected: list[str] = []
        self.verdict = None
        self.prophecy_order: list[str] = []
        self.prophecy_where = "top"
        self.held: int | None = None          # prophecy card picked up (index), controller or mouse
        self.drag_pos: tuple | None = None
        self.dealer_seat: int | None = None
        self.buttons: dict[str, Button] = {}
        self.card_widgets: dict[str, CardWidget] = {}
        self.hand_widgets: list[CardWidget] = []
        self.seat_widgets = {s: Spot(s, (lambda seat=s: self._choose_seat(seat)), 30) for s in range(self.n)}
        self.pcards: list[CardWidget] = []
        self.deck_spot = Spot("deck", self._draw_from_pile, 14)

    def opening(self) -> None:
        self.presenter.deal()

    # ---- geometry ----------------------------------------------------------------------------------
    def card_w(self, kind: str) -> int:
        return self.s(DESIGN_W[kind])

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
        """A card in words: "green punch 6" (zh "綠色貓拳 6"), its words joined by no-break
        spaces, so a wrapped line never parts them ("黃｜貓掌 7" in the moves drawer: stranger
        40r-zh #4; game/art/linebreak.py keeps such a run whole)."""
        p = parse(card)
        if p:
            words = self.app.t("hm.card_label", colour=self.app.t("hm.colour." + p[0]),
                               symbol=self.sym_name(p[2]), n=p[1])
            return words.replace(" ", NBSP)
        return self.app.t("hm.card." + card)

    # ---- the turn -----------------------------------------------------------------------------------
    def fixed_pose(self, seat: int) -> str | None:
        if seat in self.presenter.board.out and self.presenter.board.winner != seat:
            return "knocked_out"
        return super().fixed_pose(seat)

    def update(self, dt: float) -> None:
        self.dir_spin = max(0.0, self.dir_spin - dt)
        self.dir_loud = max(0.0, self.dir_loud - dt)
        super().update(dt)

    def reset_input(self) -> None:
        self.selected = []
        self.verdict = None
        self.held = None
        self.drag_pos = None
        self.dealer_seat = None
        self.mode = None

    # ---- modes and widgets --------------------------------------------------------------------------
    def refresh_mode(self) -> None:
        game = self.feed
        key = (self.feed.revision, self.viewer, self.curtain_for, game.current_player,
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
            self._only_dealer_target()
        if self.mode == "dealer" and "take" in self.buttons and "give" in self.buttons:
            # a card picked to give: Give is the moment's main action (K, pad Y), not Take
            giving = len(self.selected) == 1
            self.buttons["take"].primary, self.buttons["give"].primary = not giving, giving
        self._layout_widgets()

    def focus_group(self, item) -> str:
        if isinstance(item, CardWidget):
            return "prophecy" if self.mode == "prophecy" else "hand"
        if item in self.seat_widgets.values():
            return "seats"
        return super().focus_group(item)

    def _only_dealer_target(self) -> None:
        """With one opponent left to pick, the Dealer has picked them already (no click needed)."""
        if self.mode != "dealer":
            return
        out = self.presenter.board.out
        others = [s for s in range(self.n) if s != self.viewer and s not in out]
        if len(others) == 1 and self.dealer_seat is None:
            self.dealer_seat = others[0]

    def _draw_from_pile(self) -> None:
        """A click on the draw pile draws one card (when drawing one is what may be done)."""
        if self.mode == "draw" and "draw 1" in self.legal:
            self.send("draw 1")

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
            order = [self._button("cw", "hm.btn.cw", lambda: self.send("direction cw"), True),
                     self._button("ccw", "hm.btn.ccw", lambda: self.send("direction ccw"))]
        elif mode == "draw":
            order = [self._button("draw1", "hm.btn.draw1", lambda: self.send("draw 1"), True)]
            if "draw 5" in legal:
                order.append(self._button("draw5", "hm.btn.draw5", lambda: self.send("draw 5")))
            if "draw 0" in legal:
                order.append(self._button("draw0", "hm.btn.draw0", lambda: self.send("draw 0")))
        elif mode == "play":
            order = [self._button("play", "hm.btn.play", self._play, True),
                     self._button("pass", "hm.btn.pass", lambda: self.send("pass"))]
        elif mode == "prophecy":
            where = "hm.btn.bottom" if self.prophecy_where == "top" else "hm.btn.top"
            order = [self._button("confirm", "hm.btn.confirm", self._prophecy_confirm, True),
                     self._button("where", where, self._toggle_where),
                     self._button("skip", "hm.btn.skip_power", lambda: self.send("prophecy skip"))]
            if not self.prophecy_order:
                order = order[2:]
        elif mode == "dealer":
            order = [self._button("take", "hm.btn.take", self._dealer_take, True),
                     self._button("give", "hm.btn.give", self._dealer_give),
                     self._button("skipd", "hm.btn.skip_power", lambda: self.send("dealer skip"))]
        self.active_buttons = order

    def _layout_widgets(self) -> None:
        """Place buttons, hand cards, prophecy cards and seats; hand them to the focus group."""
        rect = self.anchors["actions"].rect
        bh, gap = self.s(86), self.s(16)
        buttons = self.active_buttons
        busy = self.presenter.busy
        keys = {id(b): k for k, b in self.buttons.items()}
        for b in buttons:
            place = BUTTON_PLACE[keys[id(b)]]          # 0 top … 2 bottom, the same all turn long
            y = rect.bottom - self.s(14) - (3 - place) * bh - (2 - place) * gap
            b.rect = pygame.Rect(rect.x, y, rect.w, bh)
            b.enabled = not busy and self._button_enabled(b)
        items: list = []
        board = self.presenter.board
        viewer = self.viewer
        # the shown hand
        cards = []
        if viewer is not None and self.curtain_for is None:
            hand = self.display_hand(viewer)
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
        if self.mode == "draw" and "draw 1" in self.legal:
            self.deck_spot.rect = self.anchors["deck"].rect.copy()
            items.append(self.deck_spot)
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
                wid.on_press = (lambda wd=wid: self.carry_press(wd.index))
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
        r = pygame.Rect(0, 0, self.s(1150), self.s(396))
        bottom = self.anchors["prompt"].rect.y - self.s(12)
        dock = self.zone("tooltip")         # a card's tooltip stands there: clear of it, and of the top seat
        if dock is not None:
            bottom = min(bottom, dock.top - self.s(4))
        r.midbottom = (table.centerx, bottom)
        shown = [name for name, on in (("tools", self.tools.on), ("tiger", self.advice.on),
                                       ("coach", hasattr(self, "lesson"))) if on]
        for name in shown:                    # beside the level's tool column or coach, never over
            zone = self.zone(name)
            if zone is not None and r.colliderect(zone):
                if zone.centerx > r.centerx:
                    r.right = zone.left - self.s(12)
                else:
                    r.left = zone.right + self.s(12)
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
    def _held_now(self) -> list[str]:
        """The cards the person holds in the game itself: while a Death plays out, the hand on
        screen still shows cards already shuffled back into the pile, and one picked there could
        only be refused ("That set can't be played now", with no card left in hand)."""
        if self.viewer is None:
            return []
        shown = self.presenter.board.hands[self.viewer]
        real = self.feed.view(self.viewer)["hand"]
        return [c for c in shown if c in real]

    def _validate_selection(self) -> None:
        hand = self._held_now()
        self.selected = [c for c in self.selected if c in hand]
        self.verdict = self._verdict() if self.mode == "play" else None

    def _verdict(self) -> Verdict:
        """The engine's word on playing the selection (``why_not``), said in the table's words."""
        if not self.selected:
            return Verdict(False, "hm.why.empty")
        expr, total = expression(self.selected, self.sym_name), set_sum(self.selected)
        refusal = self.feed.why_not(play_action(sorted(self.selected, key=sort_key)))
        if refusal is None:
            return Verdict(True, "hm.ok", {"expr": expr, "total": total})
        table = self.presenter.board.table
        want, have = symbol_of(table), symbol_of(self.selected)
        target = f"{self.sym_name(want)} {set_sum(table)}" if want else str(set_sum(table))
        return Verdict(False, WHY.get(refusal.code, "hm.why.not_now"),
                       {"a": self.sym_name("P"), "b": self.sym_name("X"), "want": self.sym_name(want),
                        "have": self.sym_name(have), "target": target, "expr": expr, "total": total})

    def drew(self, seat: int, card: str) -> None:
        """A card the person drew lands in their hand: named under the prompt and edged like a
        card a Dealer brought, until they move (sorted in among the others, nothing said which
        it was). After Draw 5 every card drawn is named and edged (cards drawn are public,
        HM-12; only this screen marks them in the hand)."""
        if seat != self.viewer or self.curtain_for is not None or not self.moves \
                or self.moves[-1][:2] not in ((seat, "draw 1"), (seat, "draw 5")):
            return
        came = self.news[2] if self.news is not None and self.news[0] == seat else None
        cards = ([came] if isinstance(came, str) else list(came or ())) + [card]
        if len(cards) == 1:
            self.news = (seat, self.app.t("hm.news.you_drew", card=self.card_label(card)), card)
            return
        labels = self.app.t("hm.news.list_sep").join(self.card_label(c) for c in cards)
        self.news = (seat, self.app.t("hm.news.you_drew_many", count=len(cards), cards=labels), tuple(cards))

    def _press_card(self, widget: CardWidget) -> None:
        card = widget.card
        if self.mode == "dealer":
            self.selected = [] if self.selected == [card] else [card]
            self.app.audio.play("card_slide")
            return
        if self.mode != "play" or card not in self._held_now():
            return
        toggle(self.selected, card)
        self.app.audio.play("card_slide")
        self._validate_selection()
        if not self.verdict.ok and self.selected:
            self.app.audio.play("ui_back")

    def _play(self) -> None:
        self._validate_selection()
        if not self.verdict or not self.verdict.ok:
            self.app.audio.play("ui_back")
            return
        self.send(play_action(sorted(self.selected, key=sort_key)))

    # ---- the Prophecy row (scenes/table/carry.py) ----------------------------------------------------
    def carry_row(self) -> list:
        return self.prophecy_order

    def carry_hit(self, pos) -> int | None:
        hit = next((w for w in self.pcards if w.rect.collidepoint(pos)), None)
        return hit.index if hit is not None else None

    def carry_centres(self) -> list[float]:
        return [w.rect.centerx for w in sorted(self.pcards, key=lambda w: w.index)]

    def carry_focus(self, index: int) -> None:
        self._layout_widgets()
        self.focus.set_focus(self.pcards[index])

    def _toggle_where(self) -> None:
        self.prophecy_where = "bottom" if self.prophecy_where == "top" else "top"
        self.app.audio.play("card_flip")
        self._build_buttons()

    def _prophecy_confirm(self) -> None:
        self.held = None
        self.send(f"prophecy {self.prophecy_where} " + " ".join(self.prophecy_order))

    def _choose_seat(self, seat: int) -> None:
        if self.mode != "dealer" or seat == self.viewer:
            return
        self.dealer_seat = seat                  # a press picks (the only opponent is picked already)
        self.app.audio.play("ui_confirm")
        if self.dealer_seat is not None and not self.presenter.board.hands[seat]:
            self.note(self.app.t("hm.dealer.empty", name=self.seat_name(seat)))

    def _dealer_take(self) -> None:
        if self.dealer_seat is None:
            self.note(self.app.t("hm.dealer.pick_seat"))
            return
        self.send(f"dealer take {self.dealer_seat}")

    def _dealer_give(self) -> None:
        if self.dealer_seat is None:
            self.note(self.app.t("hm.dealer.pick_seat"))
            return
        if len(self.selected) != 1:
            self.note(self.app.t("hm.dealer.pick_card"))
            return
        self.send(f"dealer give {self.dealer_seat} {self.selected[0]}")

    # ---- intents ------------------------------------------------------------------------------------
    def handle_first(self, intent) -> bool:
        if intent.kind == "back" and self.held is not None:
            self.carry_drop()
            return True
        return False

    def handle_mode(self, intent) -> bool:
        if self.mode == "prophecy" and self.carry_handle(intent):
            return True
        if intent.kind == "alt":
            if self.mode == "prophecy":
                self._toggle_where()
            elif self.selected:
                self.selected = []
                self._validate_selection()
            return True
        return False

    def handle_focus(self, intent) -> None:
        if intent.kind == "move" and intent.direction == "up" and self.focus.focused in self.pcards:
            return                          # nothing above the Prophecy row: no wrap round to the buttons
        if intent.kind == "click":
            item = self.focus.item_at(intent.pos)
            if item is not None and not self.focus.usable(item):
                return
        self.focus.handle(intent)

    # ---- test / tool support ---------------------------------------------------------------------------
    def pointed_done(self, widget) -> bool:
        """A selected card; the cat the Dealer has chosen."""
        if widget in self.hand_widgets:
            return widget.card in self.selected
        return any(w is widget and s == self.dealer_seat for s, w in self.seat_widgets.items())

    def seat_in_game(self, seat: int) -> bool:
        return seat not in self.feed.view(None)["eliminated"]

    def confirm_text(self, action: str) -> str | None:
        """Every pass is one press and ends the turn for good (HM-8: the play step is the turn's
        last; undo cannot take it back), on a clear table or facing a set alike: ask first each
        time (stranger 6, defect 9: facing a set it passed at once, leading it asked). When passing
        is all there is to do, the question says so and Yes is ready (``confirm_yes_first``)."""
        if action != "pass":
            return None
        return self.app.t("hm.confirm.pass_only" if self.legal == ["pass"] else "hm.confirm.pass")

    def confirm_yes_first(self, action: str) -> bool:
        return action == "pass" and self.legal == ["pass"]     # nothing else to do: nothing to lose

    def named_widgets(self) -> list[tuple[str, object]]:
        out = super().named_widgets()
        out += [(f"card:{w.key}", w) for w in self.hand_widgets]
        out += [(f"prophecy:{w.index}", w) for w in self.pcards]
        if self.mode == "dealer":
            out += [(f"seat:{s}", w) for s, w in self.seat_widgets.items() if w.enabled]
        return out

    def piece_boxes(self) -> list[tuple[str, pygame.Rect]]:
        """The open Prophecy panel is a piece too (the overlap audit)."""
        extra = [("prophecy", self._prophecy_rect())] if self.mode == "prophecy" else []
        return super().piece_boxes() + extra

    def hint_marks(self, names: list[str]) -> list[str]:
        """The steps of the tiger's advice still ahead: a card it names is outlined until it is
        selected; its "top" or "bottom" Prophecy advice outlines Confirm when the cards go there
        now, else the switch that sends them there (Confirm would do the other)."""
        out = []
        for name in names:
            if name in ("btn:prophecy_top", "btn:prophecy_bottom"):
                name = "btn:confirm" if name.endswith(self.prophecy_where) else "btn:where"
            elif name.startswith("card:") and name[5:].split("#")[0] in self.selected or \
                    name == f"seat:{self.dealer_seat}":
                continue
            out.append(name)
        return out

    def widget(self, name: str):
        if name.startswith("seat:"):          # a seat can be asked about even when not offered
            return self.seat_widgets.get(int(name[5:]))
        return super().widget(name)

    def explanation(self) -> str:
        """The text shown under the prompt for the current selection ('' when none)."""
        if self.mode == "play" and self.selected and self.verdict:
            return self.app.t(self.verdict.key, **self.verdict.fmt)
        return ""
