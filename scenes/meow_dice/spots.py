"""The Meow Meow Dice table's pressable things, placed and enabled for the current mode: the
button row, the dice, the slot cards, the pickers in the tray (condition tokens, lock faces) and
the food cards a bite may turn. Each disabled spot carries why (``md.why.*``) for the
explanation line. A mixin of ``MeowDiceTable``.
"""
from __future__ import annotations

import pygame

from game.art.cards_meow_dice import RATIO
from game.rules.meow_dice_data import FACES
from scenes.meow_dice.rules_view import (
    bite_choices,
    by_type,
    condition_choices,
    discard_slots,
    lockable_dice,
    slot_reason,
)
from scenes.table.widgets import Spot


class MeowDiceSpots:
    """``_layout_widgets``: run by the table loop whenever the mode or the window changes."""

    def _layout_widgets(self) -> None:
        buttons = self.active_buttons
        busy = self.presenter.busy
        places = self.action_row().rects(self.app, self.actions_rect())
        for b in buttons:
            key = next(k for k, val in self.buttons.items() if val is b)
            b.rect = places[self.button_slot[key]].copy()
            b.box = self.action_row().box(self.app, b.rect)
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
                if ok and not spot.enabled:      # the dice fit, but no take now (issue 21: not "Take it!")
                    key = "md.why.after_bite" if view.get("bite_pending") else "md.why.not_now"
                    fmt = {}
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
            tray = self.picker_area()
            # one row while the tokens fit it at full size, else two (12 in a row were ~30 px)
            rows = 1 if tray.w // max(1, len(supply)) >= self.w("pick") + self.s(6) else 2
            per_row = -(-len(supply) // rows)
            step = min(self.w("pick") + self.s(6), tray.w // max(1, per_row))
            size = min(self.w("pick"), step - self.s(6), (tray.h - self.s(6)) // rows)   # never overlapping
            x0 = tray.centerx - step * (per_row - 1) / 2
            y0 = tray.centery - (size + self.s(6)) * (rows - 1) / 2
            for i, tok in enumerate(supply):
                row, col = divmod(i, per_row)
                spot = self.token_spots.get(tok)
                if spot is None:
                    spot = Spot(f"tok:{tok}", (lambda t=tok: self._press_token(t)), size // 2)
                    self.token_spots[tok] = spot
                spot.rect = pygame.Rect(0, 0, size, size)
                spot.rect.center = (round(x0 + col * step), round(y0 + row * (size + self.s(6))))
                spot.enabled = tok in allowed
                spot.why = None if spot.enabled else ("md.why.cond_bad", {})
                self.pick_spots.append(spot)
        elif mode == "lock_face":
            tray = self.picker_area()
            size = min(self.w("die"), (tray.w - self.s(12) * 5) // 6)
            step = size + self.s(12)
            x0 = tray.centerx - step * 2.5
            for i, f in enumerate(FACES):
                spot = self.face_spots[f]
                spot.rect = pygame.Rect(0, 0, size, size)
                spot.rect.center = (round(x0 + i * step), tray.centery)
                spot.enabled = f"lock {self.pick_die} {f}" in self.legal
                self.pick_spots.append(spot)
        items += self.pick_spots
        # the current human's food cards, pressed to bite one (one-bite option): no button for it
        self.card_spots = []
        allowed = set(bite_choices(self.legal)) if mode == "rolling" else set()
        if allowed:
            seat = self.feed.current_player
            hands = by_type(self.presenter.board.hands[seat])
            bitten = list(self.presenter.board.bitten[seat])
            for i, card in enumerate(hands["food"]):
                key = f"card:{card}#{hands['food'][:i].count(card)}"
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
