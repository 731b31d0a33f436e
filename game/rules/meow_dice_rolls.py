"""Meow Meow Dice from the first roll on: rolls, rerolls, bites (MD-6, MD-12) and the turn's end by
taking a card or a fish bone (MD-7, MD-8).

A mixin of ``MeowDice`` (as ``meow_dice_tokens.PreRoll`` is): ``roll``, ``reroll DIE…``,
``bite CARD``, ``take SLOT`` and ``fishbone``, read by the engine's grammar (dice and slots as
indexes). Each validates the rules first and changes nothing when it refuses; the engine keeps
the turn flow (``_end_turn``, ``_finish``).
"""
from __future__ import annotations

from game.rules.base import Event, RuleError
from game.rules.meow_dice_data import FACE_INDEX, FACES, SLOTS, roll_info

_PATTERN_TEXT = ("all different", "two pairs", "three and one", "four of a kind")


class Rolls:
    """The dice actions of a turn and the card or fish bone that ends it."""

    def _faces(self, action: str, count: int) -> list[int]:
        if self.script is not None:
            if self.script_pos + count > len(self.script):
                raise RuleError(action, f"setup.dice ran out of faces (used {self.script_pos} of "
                                        f"{len(self.script)})")
            faces = [FACE_INDEX[f] for f in self.script[self.script_pos:self.script_pos + count]]
            self.script_pos += count
            return faces
        rnd = self.rng.random
        return [int(rnd() * 6) for _ in range(count)]

    def _roll_event(self, seat, thrown, faces, was=()):
        return Event("DiceRolled", {
            "seat": seat, "roll": self.rolls, "dice": thrown, "faces": "".join(FACES[f] for f in faces),
            "was": "".join(FACES[f] for f in was),
            "all": "".join(FACES[f] for f in self.dice), "locked": [d for d in range(4) if self.locked[d]],
            "next_max": self.last_thrown - 1 if self.rolls < 4 else 0})

    def _do_roll(self, action):
        seat = self.current
        thrown = [d for d in range(4) if not self.locked[d]]
        faces = self._faces(action, len(thrown))
        for d, f in zip(thrown, faces, strict=True):
            self.dice[d] = f
        self.rolls = 1
        self.last_thrown = len(thrown)
        return [self._roll_event(seat, thrown, faces)]

    def _do_reroll(self, action, dice):
        seat = self.current
        for d in dice:
            if self.locked[d]:
                raise RuleError(action, f"die {d} is locked this turn", "md.die_locked", die=d)
        if self.rolls >= 4:
            raise RuleError(action, "a turn has at most 4 rolls", "md.no_rolls")
        limit = self._max_next()
        if len(dice) > limit:
            if self.bite_pending:
                why = f"after the bite this reroll may throw at most {limit} dice"
            else:
                why = (f"each roll must throw fewer dice than the one before ({self.last_thrown}), "
                       f"so at most {limit}")
            raise RuleError(action, why, "md.too_many_dice", limit=limit, count=len(dice),
                            bite=self.bite_pending)
        dice = sorted(dice)
        was = [self.dice[d] for d in dice]
        faces = self._faces(action, len(dice))
        for d, f in zip(dice, faces, strict=True):
            self.dice[d] = f
        self.rolls += 1
        self.last_thrown = len(dice)
        self.bite_pending = False
        return [self._roll_event(seat, dice, faces, was)]

    def _do_bite(self, action, name):
        seat = self.current
        if not self.one_bite:
            raise RuleError(action, "the one-bite option is off", "md.option")
        if self.rolls >= 4:
            raise RuleError(action, "no reroll is left this turn (at most 4 rolls)", "md.no_rolls")
        for cid in self._bitable():
            if self.card(cid).notation == name:
                break
        else:
            owned = [c for c in self.hands[seat] if self.card(c).notation == name]
            if not owned:
                raise RuleError(action, f"you hold no card {name}", "md.not_held", card=name)
            c = self.card(owned[0])
            if c.type != "food":
                raise RuleError(action, f"{name} is not a food card", "md.bite_food", card=name)
            if c.kind == "fishbone" and c.flames == 2:
                raise RuleError(action, "a 2-flame fish bone cannot be bitten", "md.bite_food",
                                card=name)
            raise RuleError(action, f"{name} is already turned", "md.bitten", card=name)
        self.bitten.append(cid)
        self.bite_pending = True
        return [Event("Bite", {"seat": seat, "card": name, "next_max": self.last_thrown})]

    def _do_take(self, action, s):
        seat, slot = self.current, SLOTS[s]
        cid = self.slots[s]
        if cid is None:
            raise RuleError(action, f"slot {slot} is empty", "md.empty_slot", slot=slot)
        info = roll_info(self.dice)
        if not self._slot_met(s, info):
            card = self.card(cid)
            dice = "".join(FACES[f] for f in self.dice)
            if info[0] != s:
                why = f"the dice {dice} are not {_PATTERN_TEXT[s]} (slot {slot})"
            else:
                why = f"the dice {dice} do not meet {card.notation}"
                if self.slot_tokens[s]:
                    why += " with " + " ".join(self.slot_tokens[s])
            raise RuleError(action, why, "md.not_met", slot=slot, dice=dice,
                            pattern=info[0] == s)
        card = self.card(cid)
        tokens = self.slot_tokens[s]
        self.slot_tokens[s] = []
        self.slots[s] = None
        self._gain(cid)
        self.won_tokens[seat].extend(tokens)
        self.counters["slot " + SLOTS[s]] += 1
        if card.conds:
            self.counters["took !f card" if card.conds[0][0] == "!" else "took Xf card"] += 1
        self.counters["condition tokens won"] += len(tokens)
        events = [Event("CardTaken", {"seat": seat, "slot": SLOTS[s], "card": card.notation,
                                      "name": card.name, "type": card.type, "tokens": tokens,
                                      "ability": card.ability})]
        if card.ability == "catnip" and self.enth is not None:
            old = self.enth[seat]
            self.enth[seat] = 3
            events.append(Event("EnthusiasmChanged", {"seat": seat, "old": old, "new": 3, "why": "catnip"}))
        events.append(self._refill(s))
        return events + self._end_turn(action)

    def _do_fishbone(self, action):
        seat = self.current
        takes = self._takeable()
        if takes:
            raise RuleError(action, "a fish bone is only for when no card can be taken "
                                    f"(you can take {', '.join(SLOTS[s] for s in takes)})",
                            "md.can_take", slots=[SLOTS[s] for s in takes])
        if not self.fishpile:
            self.counters["fishbone pile empty"] += 1
            events = [Event("FishboneTaken", {"seat": seat, "card": None, "flames": 0, "left": 0})]
            return events + self._end_turn(action)
        cid = self.fishpile.pop(0)
        card = self.card(cid)
        self._gain(cid)
        self.counters["fishbone"] += 1
        events = [Event("FishboneTaken", {"seat": seat, "card": card.notation, "flames": card.flames,
                                          "left": len(self.fishpile)})]
        if self.advanced:
            old = self.enth[seat]
            new = min(3, old + card.flames)
            if new != old:
                self.enth[seat] = new
                events.append(Event("EnthusiasmChanged", {"seat": seat, "old": old, "new": new,
                                                          "why": "fishbone"}))
        elif not self.cat_up[seat]:
            self.cat_up[seat] = True
            events.append(Event("TokenFlipped", {"seat": seat, "face_up": True}))
        return events + self._end_turn(action)
