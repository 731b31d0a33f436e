"""Hungry Meow HM-10: the powers of a winning set, Prophecy and Dealer (notation §4).

A mixin of ``HungryMeow``: the power step's two actions, ``prophecy top|bottom C1 C2 …`` /
``prophecy skip`` and ``dealer take SEAT`` / ``dealer give SEAT CARD`` / ``dealer skip``.
Validation comes first; nothing changes until the action is known to be legal.
"""
from __future__ import annotations

from game.rules import hungry_meow_knowledge as knowledge
from game.rules.base import RuleError
from game.rules.hungry_meow_cards import MEALS, sort_key, win_reason


class Powers:
    """Prophecy (look at the top 5, put them back on top or bottom in any order) and Dealer
    (take a random card from an opponent, or give one of yours)."""

    def _do_prophecy(self, action: str, where: str, order: tuple[str, ...] = ()) -> None:
        seat = self.current
        seen = self.prophecy_seen
        if where == "skip":
            self.pending_refill = None
            self.prophecy_seen = []
            self.powers.pop(0)
            self._emit("ProphecySkipped", seat=seat)
            self._next_step()
            return
        if not seen:
            raise RuleError(action, "there is no card to look at (draw and discard piles are empty); "
                                    "only prophecy skip is possible")
        if sorted(order) != sorted(seen):
            raise RuleError(action, f"prophecy must name exactly the {len(seen)} cards seen "
                                    f"({' '.join(sorted(seen, key=sort_key))}), each once, "
                                    "in their new order from the top")
        # valid: apply
        if self.pending_refill is not None:
            cards = self.pending_refill
            self.discard = []
            self.deck.extend(cards)
            self.stats["refills"] += 1
            self._emit("Refilled", count=len(cards), draw_pile=len(self.deck))
        k = len(order)
        rest = self.deck[k:]
        self.deck = list(order) + rest if where == "top" else rest + list(order)
        if self.track:
            knowledge.prophecy(self, seat, where, order)
        self.stats["prophecies"] += 1
        self.pending_refill = None
        self.prophecy_seen = []
        self.powers.pop(0)
        self._emit("ProphecyUsed", seat=seat, where=where, count=k)
        self._emit("ProphecyCards", frozenset((seat,)), seat=seat, where=where, cards=list(order))
        self._next_step()

    def _check_opponent(self, action: str, seat: int, verb: str) -> None:
        if seat == self.current:
            raise RuleError(action, f"Dealer must {verb} an opponent, not yourself", "hm.self")
        if self.eliminated[seat]:
            raise RuleError(action, f"seat {seat} is eliminated; only active opponents can be chosen",
                            "hm.out", seat=seat)

    def _do_dealer(self, action: str, move: str, other: int | None = None,
                   card: str | None = None) -> None:
        me = self.current
        if move == "skip":
            self._emit("DealerSkipped", seat=me)
            self.powers.pop(0)
            self._next_step()
            return
        if move == "take":
            self._check_opponent(action, other, "take from")
            if not self.hands[other]:
                raise RuleError(action, f"seat {other} holds no card; an empty hand cannot be taken from",
                                "hm.no_cards", seat=other)
            victim = self.hands[other]
            card = victim.pop(self.rng.randrange(len(victim)))
            self.hands[me].append(card)
            self.stats["dealer takes"] += 1
            if self.track:
                knowledge.dealer(self, giver=other, receiver=me, card=card)
            self._emit("DealerTook", seat=me, source=other)
            self._emit("DealerCard", frozenset((me, other)), seat=me, other=other, card=card,
                       move="take")
            receiver = me
        else:
            self._check_opponent(action, other, "give to")
            if card not in self.hands[me]:
                raise RuleError(action, f"you do not hold {card}", "hm.not_held", card=card)
            self.hands[me].remove(card)
            self.hands[other].append(card)
            self.stats["dealer gives"] += 1
            if self.track:
                knowledge.dealer(self, giver=me, receiver=other, card=card)
            self._emit("DealerGave", seat=me, target=other)
            self._emit("DealerCard", frozenset((me, other)), seat=me, other=other, card=card,
                       move="give")
            receiver = other
        self.powers.pop(0)
        if card in MEALS:
            reason = win_reason(self.hands[receiver])
            if reason:
                self._win(receiver, reason)
                return
        self._next_step()
