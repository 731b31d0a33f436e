"""Meow Meow Dice before the first roll: the cat token (MD-10) and enthusiasm (MD-11).

A mixin of ``MeowDice``: ``token SLOT…`` (basic game: turn the cat token down to change cards),
and in the advanced game, for one enthusiasm each, ``condition SLOT !F`` (a condition token on a
card), ``lock DIE FACE`` (a die set before the roll) and ``change SLOT…``. The engine's grammar
reads the words (slots as indexes, a die and its face as numbers); each method validates the
rules first and changes nothing when it refuses.
"""
from __future__ import annotations

from game.rules.base import Event, RuleError
from game.rules.meow_dice_data import COND_ORDER, FACES, SLOTS, cond_bit, satisfiable


class PreRoll:
    """The pre-roll actions and the slot helpers they share with the engine."""

    def _condition_ok(self, s: int, tok: str) -> str | None:
        """None if token ``tok`` may go on slot ``s``'s card, else the reason."""
        if s == 0:
            return "condition tokens may not go on the TL card"
        cid = self.slots[s]
        if cid is None:
            return f"slot {SLOTS[s]} is empty"
        if tok not in self.supply:
            return f"token {tok} is not in the supply"
        card = self.CARDSET.cards[cid]
        if tok in card.conds or tok in self.slot_tokens[s]:
            return f"{card.notation} already has condition {tok}"
        mask = card.mask | cond_bit(tok)
        for t in self.slot_tokens[s]:
            mask |= cond_bit(t)
        if not satisfiable(s, mask):
            return f"{tok} contradicts {card.notation} in {SLOTS[s]}: no roll could meet it"
        return None

    def _filled(self, action: str, slots: tuple[int, ...]) -> None:
        for s in slots:
            if self.slots[s] is None:
                raise RuleError(action, f"slot {SLOTS[s]} is empty", "md.empty_slot", slot=SLOTS[s])

    def _discard_slots(self, slots: list[int], by: str) -> list[Event]:
        discarded, returned = [], []
        for s in slots:
            discarded.append(self.card(self.slots[s]).notation)
            self.discard.append(self.slots[s])
            self.slots[s] = None
            returned.extend(self.slot_tokens[s])
            self.supply.extend(self.slot_tokens[s])
            self.slot_tokens[s] = []
        self.supply.sort(key=COND_ORDER.__getitem__)
        events = [Event("CardsChanged", {"seat": self.current, "by": by, "slots": [SLOTS[s] for s in slots],
                                         "discarded": discarded, "tokens": returned})]
        events.extend(self._refill(s) for s in slots)
        return events

    def _spend(self) -> Event:
        old = self.enth[self.current]
        self.enth[self.current] = old - 1
        return Event("EnthusiasmChanged", {"seat": self.current, "old": old, "new": old - 1, "why": "spend"})

    def _do_token(self, action, slots):
        seat = self.current
        if self.advanced:
            raise RuleError(action, "the advanced game has no cat token (MD-11: enthusiasm instead)",
                            "md.option")
        if not self.cat_up[seat]:
            raise RuleError(action, "the cat token is face down", "md.token_down")
        self._filled(action, slots)
        self.cat_up[seat] = False
        events = [Event("TokenFlipped", {"seat": seat, "face_up": False})]
        return events + self._discard_slots(slots, "token")

    def _need_enthusiasm(self, action):
        if not self.advanced:
            raise RuleError(action, "enthusiasm is only in the advanced game", "md.option")
        if self.enth[self.current] < 1:
            raise RuleError(action, "no enthusiasm left", "md.no_enthusiasm")

    def _do_condition(self, action, s, tok):
        seat = self.current
        self._need_enthusiasm(action)
        reason = self._condition_ok(s, tok)
        if reason:
            raise RuleError(action, reason, "md.condition", slot=SLOTS[s], condition=tok)
        events = [self._spend()]
        self.supply.remove(tok)
        self.slot_tokens[s].append(tok)
        events.append(Event("TokenPlaced", {"seat": seat, "slot": SLOTS[s],
                                            "card": self.card(self.slots[s]).notation, "condition": tok}))
        return events

    def _do_lock(self, action, d, face):
        seat = self.current
        self._need_enthusiasm(action)
        if self.locked[d]:
            raise RuleError(action, f"die {d} is already locked this turn", "md.die_locked", die=d)
        events = [self._spend()]
        self.locked[d] = True
        self.dice[d] = face
        events.append(Event("DieLocked", {"seat": seat, "die": d, "face": FACES[face]}))
        return events

    def _do_change(self, action, slots):
        self._need_enthusiasm(action)
        self._filled(action, slots)
        return [self._spend()] + self._discard_slots(slots, "change")
