"""The Meow Meow Dice table: the butler's parlour, four slots, four cat dice and every choice of
the rules (RULES.md §2).

Intents become RULES.md §4 action strings (the only way the scene changes the game is
``session.apply``); the engine's events go to the presenter, which animates them (dice tumble,
cards fly, cats react). Rules input (buttons that send actions, bot moves) waits until the
presenter is idle; focus, selection and explanations never wait.

A human turn:

- before the first roll: **Roll!**, or the cat token (basic game: choose the slot cards to throw
  away, in order, then "Discard"), or in the advanced game spend enthusiasm on a condition
  token (choose a card, then a token), locking a die (choose a die, then its face) or changing
  cards (like the cat token);
- after a roll: click dice (or focus + confirm) to pick them for a reroll; the Reroll button says
  how many are picked and how many may be thrown (MD-7: fewer than the roll before, one more after
  a bite); a slot is enabled only when the dice meet its pattern, card condition and tokens, and
  every slot says in words why it can or cannot be taken; "Fish bone" appears only when nothing
  fits; with the one-bite option a press on one of your food cards bites it.

Every button has its own place in the row (``action_row``, scenes/table/slots.py), the same all
game: an action not available now leaves its place empty (or dimmed during another choice), so
nothing slides under a finger between phases.

``back`` cancels a choice in progress, else opens the pause overlay; ``alt`` clears the picked
dice. Meow Meow Dice hides nothing in a hand, so with several people at the screen there is no
curtain. The shared loop (bots, notes, results, pause, hurry) is ``scenes/table/base.py``; this
file holds the input modes, ``geometry.py`` where things go, ``spots.py`` the pressable things
of each mode, ``draw.py`` the drawing.
"""
from __future__ import annotations

import pygame

from game.art.draw import FOCUS_BREATH, FOCUS_GROW
from game.rules.meow_dice_data import DEFAULT_CARDS, FACES, SLOTS
from game.ui.focus import FocusGroup
from game.ui.widgets import Button
from scenes.meow_dice.ahead import faces_ahead
from scenes.meow_dice.draw import MeowDiceDraw
from scenes.meow_dice.geometry import MeowDiceGeometry
from scenes.meow_dice.icons import MeowDiceIcons
from scenes.meow_dice.outcome import MeowDiceOutcome
from scenes.meow_dice.presenter import Presenter
from scenes.meow_dice.rules_view import (
    condition_choices,
    phase_of,
    reroll_action,
    reroll_reason,
    verbs,
)
from scenes.meow_dice.spots import MeowDiceSpots
from scenes.meow_dice.tips import MeowDiceTips
from scenes.table.base import TableScene
from scenes.table.slots import SlotRow
from scenes.table.widgets import Spot, toggle

PRE_MODES = ("discard", "cond_slot", "cond_token", "lock_die", "lock_face")
SPEND_SLOTS = ("token", "condition", "lock", "change")     # the places of the enthusiasm buttons
CHOICE_FAMILY = {"cond_slot": "condition", "cond_token": "condition", "lock_die": "lock", "lock_face": "lock"}
ANCHOR_NAMES = ("prompt", "slotTL", "slotTR", "slotBL", "slotBR", "deck", "fishbones", "golden", "tray",
                "supply", "actions", "hints", "seat{i}")
_CARD_NAMES = {c.notation: c.name for c in DEFAULT_CARDS.cards}


# the lines of the button row, when one line is too narrow for its one-line labels
ACTION_LINES = {False: None, True: [["dice", "fishbone"], ["condition", "lock", "change"]]}


def action_slots(advanced: bool) -> list[tuple[str, object]]:
    """(slot, the texts it may show) for the button row: dice, then the pre-roll spends (each
    with its own cancel and confirm), then the fish bone."""
    def texts(*keys, **fmt):
        return lambda app: [app.t(k, **{**{"n": 4, "max": 4}, **fmt}) for k in keys]
    dice = ("dice", texts("md.btn.roll", "md.btn.reroll", "md.btn.reroll_last"))
    fish = ("fishbone", texts("md.btn.fishbone", "md.btn.discard"))
    if not advanced:
        return [dice, ("token", texts("md.btn.token", "md.btn.cancel")), fish]
    return [dice, ("condition", texts("md.btn.condition", "md.btn.cancel")),
            ("lock", texts("md.btn.lock", "md.btn.cancel")),
            ("change", texts("md.btn.change", "md.btn.cancel")), fish]


# a slot's line is one line in its place (issue 21, stranger21c: "No paw print allo…"); a click on
# the card still says the longer words in the note
# the line under a slot names the slot's condition and marks it unmet ("all different ×"), never a bare
# negation ("Not all different" read as a new requirement: stranger 6, defect 3)
SLOT_LINE = {"md.why.no": "md.why.line.no", "md.why.after_bite": "md.why.line.after_bite",
             "md.why.pattern": "md.why.line.pattern", "md.why.need": "md.why.line.need"}


class MeowDiceTable(MeowDiceOutcome, MeowDiceTips, MeowDiceSpots, MeowDiceGeometry, MeowDiceIcons,
                    MeowDiceDraw, TableScene):
    art_family = "meow-dice"
    anchor_names = ANCHOR_NAMES
    text_prefix = "md"
    presenter_class = Presenter
    secret_hands = False                  # no secrets at this table, so never a curtain
    note_seconds = 2.6

    def warm_up(self) -> None:
        """The faces of the cards lying face up: rasterised aside before they are drawn."""
        faces_ahead(self)

    def setup_widgets(self) -> None:
        self.token_flip = [0.0] * self.n
        self.view: dict = {}                  # modes: pre, rolling, discard, cond_slot, cond_token,
        self.picked_dice: list[int] = []      # lock_die, lock_face (None: not a human's move)
        self.picked_slots: list[str] = []
        self.discard_verb = "token"
        self.pick_slot: str | None = None
        self.pick_die: int | None = None
        self.buttons: dict[str, Button] = {}
        self.dice_spots = [Spot(f"die:{d}", (lambda d=d: self._press_die(d)), 18) for d in range(4)]
        self.slot_spots = {s: Spot(f"slot:{s}", (lambda s=s: self._press_slot(s))) for s in SLOTS}
        self.token_spots = {}
        self.face_spots = {f: Spot(f"face:{f}", (lambda f=f: self._press_face(f)), 18) for f in FACES}
        self.card_spots: list[Spot] = []
        self.pick_spots: list[Spot] = []
        self.hand_spots: dict[str, Spot] = {}
        self.items: list = []

    def opening(self) -> None:
        self.presenter.deal()

    # ---- the button row (the rest of the geometry: geometry.py) -------------------------------------
    def actions_rect(self) -> pygame.Rect:
        """The button row: from under the dice tray to the footer's line of text (room for two
        lines of one-line labels in the advanced game: ``action_row``). It starts a focus ring's
        reach below the tray, so a focused button's breathing outline and key chip keep off the
        dice and the condition tokens (stranger 43, defect 3: "Take a fish bone" ringed over them)."""
        reach = round((FOCUS_GROW + FOCUS_BREATH) * self.app.scale) + 2     # focus_outline's shadow
        top = self.anchors["tray"].rect.bottom + reach
        row = self.anchors["actions"].rect
        return pygame.Rect(row.x, top, row.w, self.anchors["hints"].rect.y + self.s(2) - top)

    def action_row(self) -> SlotRow:
        """The fixed places of this game's buttons, left to right (the same all game). Each label on
        one line: where five do not fit side by side (the advanced game), the dice's buttons stand
        over the three pre-roll spends (issue 21: "Lock / a die" wrapped)."""
        row = self.__dict__.get("_action_row")
        if row is None:
            advanced = bool(self.feed.options.get("advanced"))
            row = self._action_row = SlotRow(action_slots(advanced), lines=ACTION_LINES[advanced])
        return row

    def card_name(self, card: str) -> str:
        key = "md.card." + card
        if self.app.i18n.has(key):
            return self.app.t(key)
        return _CARD_NAMES.get(card, card)

    # ---- the turn ------------------------------------------------------------------------------------
    def set_token_flip(self, seat: int, up: bool):
        """A setter for the cat token's flip (0..1): the face changes at the half-way point."""
        def setter(v: float) -> None:
            self.token_flip[seat] = 0.0 if v >= 1.0 else v
            board = self.presenter.board
            if v >= 0.5 and board.cat_up is not None:
                board.cat_up[seat] = up
        return setter

    def advance(self, dt: float) -> None:
        if self.my_turn():
            self.presenter.banner = None          # the table is the human's again: nothing in the way
        super().advance(dt)

    def reset_input(self) -> None:
        self.picked_dice = []
        self.picked_slots = []
        self.pick_slot = None
        self.pick_die = None
        self.mode = None

    def say_why(self, key: str, fmt: dict | None = None) -> str:
        fmt = {k: (self.app.t(v[0]) if isinstance(v, tuple) else v) for k, v in (fmt or {}).items()}
        return self.app.t(key, **fmt)

    # ---- modes and widgets ---------------------------------------------------------------------------
    def refresh_mode(self) -> None:
        game = self.feed
        key = (self.feed.revision, game.current_player, self.app.size, self.presenter.busy)
        if key != self.mode_key:
            self.mode_key = key
            mine = game.current_player in self.humans and not game.over
            self.legal = game.legal_actions() if mine else []
            self.view = game.view(game.current_player if mine else None)
            phase = phase_of(self.legal)
            keep = phase == "pre" and self.mode in PRE_MODES
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
        """Each action in its own slot (``action_row``): the row never reshuffles with the phase.
        A choice in progress shows its cancel in the place of the button that opened it (a discard's
        confirm in the fish bone's place); the other pre-roll buttons stay where they are, dimmed."""
        v = verbs(self.legal)
        mode = self.mode
        advanced = bool(self.view.get("options", {}).get("advanced"))
        spend = ("condition", "lock", "change") if advanced else ("token",)
        labels = {"token": "md.btn.token", "condition": "md.btn.condition", "lock": "md.btn.lock",
                  "change": "md.btn.change"}
        starts = {"token": lambda: self._start_discard("token"), "condition": self._start_condition,
                  "lock": self._start_lock, "change": lambda: self._start_discard("change")}
        order: list[Button] = []
        self.button_slot: dict[str, str] = {}
        if mode == "pre":
            order.append(self._button("roll", "md.btn.roll", lambda: self.send("roll"), True))
            self.button_slot["roll"] = "dice"
            for key in spend:
                order.append(self._button(key, labels[key], starts[key]))
                self.button_slot[key] = key
        elif mode == "rolling":
            if "reroll" in v:
                order.append(self._button("reroll", "md.btn.reroll", self._reroll, False))
                self.button_slot["reroll"] = "dice"
            if "fishbone" in v:                # the obvious action only when no reroll is left
                order.append(self._button("fishbone", "md.btn.fishbone", lambda: self.send("fishbone"),
                                          "reroll" not in v))
                self.button_slot["fishbone"] = "fishbone"
        elif mode in PRE_MODES:
            family = CHOICE_FAMILY.get(mode) or self.discard_verb
            for key in spend:
                if key == family:
                    order.append(self._button("cancel", "md.btn.cancel", self._cancel_all))
                    self.button_slot["cancel"] = key
                else:
                    order.append(self._button(key, labels[key], starts[key]))
                    self.button_slot[key] = key
            if mode == "discard":
                # the confirm has a place of its own (the fish bone's, empty before a roll): a
                # double click on the opener lands on Cancel, never on "Discard" (issue 21)
                order.append(self._button("discard", "md.btn.discard", self._discard, True))
                self.button_slot["discard"] = "fishbone"
        self.active_buttons = order
        if mode in PRE_MODES:
            self._forget_hint()

    def _forget_hint(self) -> None:
        """A step of a choice (a card for the token, then the token; a die, then its face): the
        tiger's words and outlines were for the step before, and they kept the prompt's place, a
        card that may not take a token outlined and the tokens' tips away (stranger 40e, defect 4)."""
        advice = self.advice
        if advice.hint is not None and self._hint_is_this_choice(advice.hint.action.split()):
            return                            # the tiger's own way through this choice: kept
        if advice.asked is not None or advice.hint is not None:
            advice.asked = advice.hint = None
            advice.runner.cancel()

    def _hint_is_this_choice(self, words: list[str]) -> bool:
        """Is the tiger's advice the choice being made, as far as the person has gone with it?"""
        verb = CHOICE_FAMILY.get(self.mode) or (self.discard_verb if self.mode == "discard" else None)
        if not words or words[0] != verb:
            return False
        if self.mode == "cond_token":
            return words[1] == self.pick_slot
        return self.mode != "lock_face" or words[1] == str(self.pick_die)

    def cond_slot_prompt(self) -> str:
        """What to do first for a condition token: the card, and which card may not take one."""
        tl = "TL" in self.slot_spots and "TL" not in condition_choices(self.legal)
        return "md.prompt.cond_slot_tl" if tl else "md.prompt.cond_slot"

    def _button_state(self, key: str, b: Button) -> bool:
        """Enabled? (and the label's numbers). Another choice's button waits, dimmed, while one
        choice is in progress."""
        legal, v = self.legal, verbs(self.legal)
        if key in ("token", "condition", "lock", "change"):
            return self.mode == "pre" and key in v
        if key == "reroll":
            ok, _, fmt = reroll_reason(self.view, self.picked_dice, legal)
            limit = int(self.view.get("next_max") or 0)
            n = len(self.picked_dice)
            # a reroll after which no other can follow says so on the button: one die thrown leaves
            # "no fewer left", and the fourth roll is the most; a first-time player lost the turn's
            # last rerolls to a one-die reroll without a word of warning
            last = n == 1 or int(self.view.get("rolls") or 0) >= 3
            b.label = "md.btn.reroll_last" if n and last else "md.btn.reroll"   # "Reroll 0 (max 3)" at first
            b.fmt = {"n": n, "max": limit}
            b.primary = ok
            return ok
        if key == "discard":
            b.fmt = {"n": len(self.picked_slots)}
            return bool(self.picked_slots) and self._discard_action() in legal
        return True

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
    def _press_die(self, d: int) -> None:
        if self.mode == "lock_die":
            self.pick_die = d
            self.mode = "lock_face"
            self.app.audio.play("dice_clack")
            self._build_buttons()
            return
        if self.mode != "rolling":
            return
        toggle(self.picked_dice, d)
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
        self.send(reroll_action(self.picked_dice))

    def _press_slot(self, slot: str) -> None:
        mode = self.mode
        if mode == "rolling":
            self.send(f"take {slot}")
        elif mode == "discard":
            toggle(self.picked_slots, slot)
            self.app.audio.play("card_slide")
            self._build_buttons()             # Cancel becomes "Discard" in its place, and back
        elif mode == "cond_slot":
            self.pick_slot = slot
            self.mode = "cond_token"
            self.app.audio.play("card_slide")
            self._build_buttons()

    def _press_token(self, tok: str) -> None:
        if self.mode == "cond_token" and self.pick_slot:
            self.send(f"condition {self.pick_slot} {tok}")

    def _press_face(self, face: str) -> None:
        if self.mode == "lock_face" and self.pick_die is not None:
            self.send(f"lock {self.pick_die} {face}")

    def _press_card(self, card: str) -> None:
        if self.mode == "rolling" and f"bite {card}" in self.legal:
            self.send(f"bite {card}")

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
        self.send(self._discard_action())

    def _start_condition(self) -> None:
        self._spend("condition", "cond_slot", "card_flip")

    def _start_lock(self) -> None:
        self._spend("lock", "lock_die", "dice_rattle")

    def _spend(self, verb: str, mode: str, cue: str) -> None:
        """Start spending enthusiasm on ``verb``: choose a card (condition) or a die (lock) first."""
        if verb not in verbs(self.legal):
            self.note(self.app.t("md.why.no_enthusiasm"))
            return
        self.mode = mode
        self.pick_slot = self.pick_die = None
        self.app.audio.play(cue)
        self._build_buttons()

    def focus_group(self, item) -> str:
        key = getattr(item, "key", "")
        if isinstance(key, str) and key.startswith(("die:", "face:", "tok:")):
            return key.split(":")[0]          # the dice, the faces of a lock, the tokens
        # the enthusiasm (or cat token) buttons and a choice's Cancel in their places: a group of
        # their own, so Tab reaches them (stranger 40e, defect 14: Tab went tiger → Roll → tiger)
        if any(b is item and getattr(self, "button_slot", {}).get(k) in SPEND_SLOTS
               for k, b in self.buttons.items()):
            return "spend"
        return super().focus_group(item)

    def _down_from_die(self, intent) -> bool:
        """Down from a die goes to the dice's nearest action under them (Reroll, or Fish bone
        while Reroll waits for picks), not to Moves at the far left (stranger 40e, defect 14)."""
        here = self.focus.focused
        if intent.kind != "move" or intent.direction != "down" or self.focus_group(here) != "die":
            return False
        below = [b for b in self.active_buttons if FocusGroup.usable(b) and self.focus_group(b) == "actions"
                 and b.rect.centery > here.rect.centery]
        if not below:
            return False
        x, y = pygame.Rect(here.rect).center
        nearest = min(below, key=lambda b: abs(b.rect.centerx - x) + abs(b.rect.centery - y))
        return self.focus.set_focus(nearest)

    def choice_open(self) -> bool:
        """Cards picked for the token, a slot or die picked for a condition or a lock."""
        return self.mode in PRE_MODES and self.my_turn()

    def take_back_choice(self) -> None:
        self._cancel()

    def _cancel_all(self) -> None:
        """The Cancel button leaves the whole choice in one press (it stepped back one step, and
        the next click, where Roll! had been, met Cancel again: stranger 40r-en, defect 13);
        Back and Undo still step back one step at a time."""
        self.app.audio.play("ui_back")
        self.pick_slot = self.pick_die = None
        self.mode = phase_of(self.legal)
        self.picked_slots = []
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
    def handle_first(self, intent) -> bool:
        if intent.kind == "back" and self.mode in PRE_MODES:
            self._cancel()
            return True
        return False

    def handle_mode(self, intent) -> bool:
        if intent.kind == "alt":
            if self.picked_dice or self.picked_slots:
                self.picked_dice = []
                self.picked_slots = []
                self.app.audio.play("ui_back")
                self._build_buttons()
            return True
        return False

    def handle_focus(self, intent) -> None:
        kind = intent.kind
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
        if self._down_from_die(intent):
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

    # ---- test / tool support -------------------------------------------------------------------------
    def confirm_text(self, action: str) -> str | None:
        """Ask only where one press loses something (issue 21): a fish bone taken while dice
        could still be rerolled. A take gains a card and is never asked about; a forced fish
        bone (nothing else to do) is not either."""
        if action == "fishbone" and self.legal != ["fishbone"]:
            return self.app.t("md.confirm.fishbone")
        return None

    def hint_marks(self, names: list[str]) -> list[str]:
        """The tiger names the whole way through a choice of several steps (the opener, the slots
        or the die, then what makes it); only the steps still ahead are outlined: the opener
        once its choice is open, a slot or a die once picked, are done."""
        mode, out = self.mode, []
        for name in names:
            if mode in PRE_MODES and name in ("btn:token", "btn:change", "btn:condition", "btn:lock"):
                continue
            if name.startswith("slot:") and (mode == "cond_token" or
                                             (mode == "discard" and name[5:] in self.picked_slots)):
                continue
            if name.startswith("die:") and (mode == "lock_face" or int(name[4:]) in self.picked_dice):
                continue
            if mode not in PRE_MODES and name in ("btn:discard",) or \
                    mode not in ("cond_token",) and name.startswith("tok:") or \
                    mode != "lock_face" and name.startswith("face:"):
                continue                 # (a later step's control is not on the table yet)
            out.append(name)
        return out

    def named_widgets(self) -> list[tuple[str, object]]:
        """Every widget shown now, enabled or not."""
        return super().named_widgets() + [(i.key, i) for i in self.items if isinstance(i, Spot)]

    def slot_text(self, slot: str) -> str:
        """The words shown under a slot now ("Take it!" or why not; '' when none)."""
        spot = self.slot_spots[slot]
        if self.mode != "rolling" or self.presenter.busy:
            return ""
        if spot.enabled:
            return self.app.t("md.why.take")
        if not spot.why:
            return ""
        key, fmt = spot.why        # the line's own short words where the note's are too long for it
        return self.say_why(SLOT_LINE.get(key, key), fmt)

    def explanation(self) -> str:
        return self.message[0] if self.message else ""
