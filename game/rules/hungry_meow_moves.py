"""Hungry Meow: a turn's draw step (HM-4, Death HM-5/6) and play step (HM-8, HM-9).

A mixin of ``HungryMeow`` (as ``hungry_meow_powers.Powers`` is): ``draw 0|1|5``, ``play CARD …``
and ``pass`` (read by the engine's grammar), and what they set off (refills, Death and its
survival draw, elimination). Validation comes first; nothing changes until the action is known
to be legal.
"""
from __future__ import annotations

from game.rules import hungry_meow_knowledge as knowledge
from game.rules.base import RuleError
from game.rules.hungry_meow_cards import (
    DEATH,
    MEALS,
    NUM,
    REFILL_BELOW,
    SYM,
    SYMBOL_NAMES,
    describe_set,
    win_reason,
)
from game.rules.hungry_meow_cards import sort_key as card_sort_key


class Moves:
    """The draw step and the play step of a turn; the engine keeps the turn flow."""

    # drawing --------------------------------------------------------------------------------
    def _refill_if_low(self) -> None:
        if len(self.deck) < REFILL_BELOW and self.discard:
            cards = self.discard
            self.discard = []
            self.rng.shuffle(cards)
            self.deck.extend(cards)
            self.stats["refills"] += 1
            self._emit("Refilled", count=len(cards), draw_pile=len(self.deck))

    def _take_top(self, seat: int, reason: str) -> str | None:
        self._refill_if_low()
        if not self.deck:
            self._emit("NoCardToDraw", seat=seat)
            return None
        card = self.deck.pop(0)
        if self.track:
            knowledge.top_drawn(self)
        self._emit("CardDrawn", seat=seat, card=card, reason=reason, draw_pile=len(self.deck))
        return card

    def _gain(self, seat: int, card: str) -> bool:
        """A publicly drawn card joins seat's hand. True if that wins the game."""
        self.hands[seat].append(card)
        if self.track:
            knowledge.shown_into_hand(self, seat, card)
        if card in MEALS:
            reason = win_reason(self.hands[seat])
            if reason:
                self._win(seat, reason)
                return True
        return False

    def _do_draw(self, action: str, count: str) -> None:
        seat = self.current
        hand = len(self.hands[seat])
        count = int(count)
        if count == 0 and not self.optional_draw:
            raise RuleError(action, "draw 0 (declining the draw) needs the optional_draw option",
                            "hm.draw0")
        if count == 5 and hand > 1:
            raise RuleError(action, f"draw 5 is allowed only with 1 card or none in hand; "
                                    f"seat {seat} holds {hand}", "hm.draw5", hand=hand)
        if count == 0:
            self._emit("DrawDeclined", seat=seat)
            self.phase = "play"
            return
        for _ in range(count):
            card = self._take_top(seat, "draw")
            if card is None:
                break
            if card == DEATH:
                self._death(seat)
                return
            if self._gain(seat, card):
                return
        self.phase = "play"

    def _death(self, seat: int) -> None:
        self.stats["death draws"] += 1
        self.stat_turns += (("turn of a Death draw", self.turns + 1),)
        hand = self.hands[seat]
        self._emit("DeathDrawn", seat=seat, returned=len(hand))
        self.deck.extend(hand)
        self.deck.append(DEATH)
        self.hands[seat] = []
        if self.track:
            knowledge.hand_returned(self, seat)
        while True:
            self.rng.shuffle(self.deck)
            if self.track:
                knowledge.shuffled(self)
            self._emit("DeathShuffle", seat=seat, draw_pile=len(self.deck))
            card = self._take_top(seat, "death")
            if card == DEATH:
                self.deck.append(DEATH)
                if len(self.deck) == 1 and not self.discard:
                    # Nothing else can ever be drawn: see the module notes.
                    self.phase = "play"
                    return
                continue
            if card in MEALS:
                self._gain(seat, card)
                self._emit("SurvivedDeath", seat=seat, card=card)
                self.phase = "play"
                return
            self.discard.append(card)
            self._eliminate(seat, card)
            return

    def _eliminate(self, seat: int, card: str) -> None:
        self.eliminated[seat] = True
        self.passed[seat] = False
        self.stats["eliminations"] += 1
        self.stat_turns += (("turn of an elimination", self.turns + 1),)
        self._emit("Eliminated", seat=seat, card=card)
        active = self.active_seats()
        if len(active) == 1:
            self.turns += 1
            self._win(active[0], "last")
            return
        if self.table:
            self._check_trick()
        self._end_turn()

    # playing --------------------------------------------------------------------------------
    def _do_pass(self, action: str) -> None:
        seat = self.current
        self._emit("Passed", seat=seat)
        if self.table:
            self.passed[seat] = True
            self._check_trick()
        self._end_turn()

    def _do_play(self, action: str, cards: tuple[str, ...]) -> None:
        seat = self.current
        if not cards:
            raise RuleError(action, "name the cards of the set, e.g. play R5P B3P", "hm.empty")
        hand = list(self.hands[seat])
        for i, card in enumerate(cards):
            if card not in hand:
                if card in cards[:i]:
                    raise RuleError(action, f"{card} is named twice", "hm.twice", card=card)
                raise RuleError(action, f"you do not hold {card}", "hm.not_held", card=card)
            hand.remove(card)
        for card in cards:
            if card in MEALS:
                raise RuleError(action, f"{card} is a Meal card; Meal cards are never played",
                                "hm.meal", card=card)
        if len(cards) > 3:
            raise RuleError(action, f"a set holds 1 to 3 numbered cards, not {len(cards)}",
                            "hm.too_many", count=len(cards))
        symbols = {SYM[c] for c in cards}
        if len(symbols) > 1:
            parts = ", ".join(f"{c} is {SYMBOL_NAMES[SYM[c]]}" for c in cards)
            raise RuleError(action, f"a set shows one symbol, all paw or all punch ({parts})",
                            "hm.mixed")
        total = sum(NUM[c] for c in cards)
        symbol = SYM[cards[0]]
        lead = not self.table
        if self.table:
            t_symbol = SYM[self.table[0]]
            t_total = sum(NUM[c] for c in self.table)
            if symbol != t_symbol:
                raise RuleError(action, f"{SYMBOL_NAMES[symbol]} does not answer "
                                        f"{SYMBOL_NAMES[t_symbol]} on the table "
                                        f"({describe_set(self.table)})", "hm.symbol",
                                symbol=symbol, want=t_symbol, table=list(self.table), target=t_total)
            if total <= t_total:
                shown = describe_set(cards)
                if len(cards) > 1:
                    shown += f" = {total}"
                table = describe_set(self.table)
                if len(self.table) > 1:
                    table += f" = {t_total}"
                raise RuleError(action, f"{shown} does not beat {table} on the table", "hm.sum",
                                cards=list(cards), total=total, symbol=symbol, table=list(self.table),
                                target=t_total)
        cards = sorted(cards, key=card_sort_key)
        # valid: apply
        self.hands[seat] = hand
        if self.track:
            knowledge.played(self, seat, cards)
        self._emit("SetPlayed", seat=seat, cards=list(cards), symbol=SYMBOL_NAMES[symbol], sum=total,
                   lead=lead)
        if self.table:
            beaten = self.table
            self.discard.extend(beaten)
            self._emit("SetBeaten", seat=self.table_owner, cards=list(beaten), by=seat)
        self.table = list(cards)
        self.table_owner = seat
        self.passed = [False] * self.players
        self._end_turn()
