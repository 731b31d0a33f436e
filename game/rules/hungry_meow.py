"""Hungry Meow 為食貓: the rules engine (RULES.md §1, HM-1 … HM-12; notation §4).

State
-----
Cards are strings: numbered ``R5P`` / ``G8X`` (colour R Y B G, number 1-8, symbol P paw / X punch),
``LOAF`` (×5), ``FISH`` (×2), ``DEATH``. The draw pile ``deck`` is a list, top card first; the
discard pile is a list whose order only matters to the shuffle that refills the pile.

Phases (``view()["phase"]``): ``direction`` (the host's first action), ``prophecy`` and
``dealer`` (the power step of a trick winner, HM-10), ``draw`` (HM-4), ``play`` (HM-8),
``over``.

Actions are exactly RULES.md §4. ``play`` accepts its cards in any order; ``legal_actions()``
lists each set once, cards ordered by number then colour (R Y B G). ``prophecy top|bottom …``
is listed for every distinct order of the cards seen.

Events (``Event.kind`` → ``data`` fields; public unless *seen_by* is given)
---------------------------------------------------------------------------------
- ``DirectionChosen``  seat, direction ("cw" | "ccw")
- ``TurnStarted``      seat, turn (turns completed before this one)
- ``TrickWon``         seat, cards (the set that went to the discard pile)
- ``PowerOffered``     seat, power ("prophecy" | "dealer")
- ``Refilled``         count (discard cards shuffled and put under the draw pile), draw_pile
- ``ProphecyUsed``     seat, where ("top" | "bottom"), count          (no cards: public)
- ``ProphecyCards``    seat, where, cards (new order, top first)       seen_by {prophet}
- ``ProphecySkipped``  seat
- ``DealerTook``       seat, source (the opponent taken from)         (no card: public)
- ``DealerGave``       seat, target                                   (no card: public)
- ``DealerCard``       seat, other, card, move ("take" | "give")       seen_by {seat, other}
- ``DealerSkipped``    seat
- ``NoDraw``           seat, hand (7 or more cards: the draw step is skipped)
- ``DrawDeclined``     seat (``draw 0`` under ``optional_draw``)
- ``CardDrawn``        seat, card, reason ("draw" | "death"), draw_pile (count left)
- ``NoCardToDraw``     seat (draw pile and discard pile both empty: the draw does not happen)
- ``DeathDrawn``       seat, returned (hand cards put into the draw pile with Death)
- ``DeathShuffle``     seat, draw_pile (the pile is shuffled before the survival draw)
- ``SurvivedDeath``    seat, card (the Meal now held alone)
- ``Eliminated``       seat, card (the numbered card drawn, now on the discard pile)
- ``SetPlayed``        seat, cards, symbol ("paw" | "punch"), sum, lead (bool: table was clear)
- ``SetBeaten``        seat (owner of the beaten set), cards, by (seat)
- ``Passed``           seat
- ``GameWon``          seat, reason ("meals" | "fish" | "last")

The order of events is the order of what happens on the table, e.g. a pass that ends a trick
gives ``Passed``, ``TrickWon``, ``TurnStarted``, ``PowerOffered``.

Untracked states (``hungry_meow_belief.sample_state`` results and ``untracked_clone()``, used
by search rollouts) record no events and keep no knowledge; their ``apply`` returns [].

``view(seat)`` fields (``view(None)``: an onlooker: no hand, only what was shown to all)
---------------------
game, players, seat, options, first, phase, current_player (None when over), turn,
direction ("cw" | "ccw" | None before the first action), hand (own cards, sorted),
hand_counts (per seat), known (per seat: cards this seat knows are in that hand; its own entry is
its hand), meal_room (per seat), table (the set to beat, [] when clear), table_owner,
passed (seats that passed on the current table set), discard (contents, sorted: every card in
it was shown face up), discard_count, draw_pile (count), pile_known ([[offset from top, card]]),
eliminated (seats), powers (powers still to be asked this turn, power step only), prophecy (the
cards seen, top first, for the prophet during its Prophecy step; else None), over, winners,
end_reason.

What a seat knows (HM-12), kept as state and shown by ``view``
--------------------------------------------------------------
- ``known[s][o]``: cards seat s knows to be in seat o's hand *for certain*: every publicly drawn
  card, plus the card of a Dealer move s took part in. When a card leaves o's hand in a Dealer
  move s did not see, s can no longer be sure of any single card (one copy of each kind is
  dropped: two known Loaves become one). A Death draw empties the hand into the pile.
- ``pile_known[s]``: {offset from the top: card} that s saw in its Prophecy and still knows:
  draws shift it, a refill (cards go under) keeps it, another Prophecy drops the cards it
  moved, a shuffle drops everything.
- ``meal_room[s][o]``: how many cards of o's hand s cannot identify although they might be
  Meals (cards o received in Dealer moves s did not see, and known cards s stopped being sure
  of), since o's last Death draw: an upper bound on Meals hidden there (for ``sample_state``).
The discard pile holds only cards that were shown face up, so its contents are public.

Readings where RULES.md is silent
---------------------------------
- Prophecy: the cards are looked at when the power step starts, so the action can name them;
  if the pile holds fewer than 5 cards, the refill's shuffle is prepared then and carried out
  only if the power is used (``prophecy skip`` leaves the discard pile as it was). With no
  card at all to see (pile and discard empty), only ``prophecy skip`` is offered.
- A setup hand may not hold DEATH or already hold a winning set of Meals (SetupError).
- With only ``hands`` in the setup the draw pile is the remaining cards shuffled from the seed;
  with only ``deck``, the remaining cards (which must be 5 numbered cards per seat) are dealt.
- Death again on the survival draw when the pile holds nothing but Death and the discard pile
  is empty (only reachable from a contrived setup): Death stays in the pile and the player
  survives with an empty hand, instead of shuffling forever.
- ``turn`` counts turns that ended (by a play, a pass or an elimination); a game won by Meals
  mid-turn does not complete that turn. Holding both Fish reads as ``fish`` even when the
  hand also holds 3 Meals.
"""
from __future__ import annotations

import hashlib
import itertools
import random
from typing import Any

from game.rules.base import Event, Game, RuleError, bool_option, check_keys
from game.rules.hungry_meow_cards import (  # noqa: F401  (re-exported: the engine's vocabulary)
    ALL_CARDS,
    CARD_KINDS,
    COL,
    COLOURS,
    DEATH,
    FISH,
    FULL_COUNTS,
    LOAF,
    MEALS,
    NUM,
    NUMBERED,
    ORDER,
    SYM,
    SYMBOL_NAMES,
    describe_set,
    set_powers,
    win_reason,
)
from game.rules.hungry_meow_cards import sort_key as card_sort_key
from game.rules.hungry_meow_setup import deal

HAND_LIMIT = 7          # 7 or more cards: no draw
PROPHECY_CARDS = 5
REFILL_BELOW = 5


def full_deck() -> list[str]:
    return list(ALL_CARDS)


def _remove_one_of_each(cards: list[str]) -> list[str]:
    """A card left a hand unseen: keep only what is still certain (one copy fewer of each kind)."""
    out, dropped = [], set()
    for card in cards:
        if card in dropped:
            out.append(card)
        else:
            dropped.add(card)
    return out


class HungryMeow(Game):
    name = "hungry-meow"
    min_players = 2
    max_players = 6
    # Random players can stall (every hand at 7+ cards, everyone passing); real games last
    # a few dozen turns. simulate stops a game at this many turns.
    turn_cap = 600

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def parse_options(cls, options: dict) -> dict:
        check_keys("hungry-meow options", options, {"optional_draw"})
        return {"optional_draw": bool_option(options, "optional_draw", False)}

    def _setup(self, options: dict, setup: dict) -> None:
        n = self.players
        self.options = options
        self.optional_draw = options["optional_draw"]
        first, hands, deck = deal(self.rng, n, setup)
        self.first = first
        self.hands: list[list[str]] = hands
        self.deck: list[str] = deck
        self.discard: list[str] = []
        self.table: list[str] = []
        self.table_owner: int | None = None
        self.passed = [False] * n
        self.eliminated = [False] * n
        self.direction = 0              # +1 cw, -1 ccw, 0 not chosen yet
        self.cur = first
        self.phase = "direction"
        self.powers: list[str] = []     # powers still to be asked this turn
        self.trick_winner: int | None = None
        self.won_set: list[str] = []
        self.prophecy_seen: list[str] = []
        self.pending_refill: list[str] | None = None
        self.turns = 0
        self.winner: int | None = None
        self.reason: str | None = None
        self.stats = {"death draws": 0, "eliminations": 0, "tricks won": 0, "prophecies": 0,
                      "dealer takes": 0, "dealer gives": 0, "refills": 0}
        self.track = True
        # Knowledge tables have a row per seat plus a last row: the onlooker (public knowledge).
        self.known: list[list[list[str]]] = [[[] for _ in range(n)] for _ in range(n + 1)]
        self.pile_known: list[dict[int, str]] = [{} for _ in range(n + 1)]
        mystery = any(c in MEALS for h in hands for c in h)
        self.meal_room = [[(len(hands[o]) if mystery and o != s else 0) for o in range(n)]
                             for s in range(n + 1)]
        self._events: list[Event] = []
    # ---- queries ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == "over" else self.cur

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def winners(self) -> list[int]:
        return [self.winner] if self.winner is not None else []

    @property
    def turn(self) -> int:
        return self.turns

    @property
    def end_reason(self) -> str | None:
        return self.reason

    def active_seats(self) -> list[int]:
        return [s for s in range(self.players) if not self.eliminated[s]]

    def next_active(self, seat: int) -> int:
        step = self.direction or 1
        n = self.players
        for k in range(1, n + 1):
            s = (seat + k * step) % n
            if not self.eliminated[s]:
                return s
        return seat

    def legal_actions(self) -> list[str]:
        phase = self.phase
        if phase == "play":
            return ["pass"] + [f"play {' '.join(s)}" for s in self.beating_sets(self.cur)]
        if phase == "draw":
            out = ["draw 0"] if self.optional_draw else []
            out.append("draw 1")
            if len(self.hands[self.cur]) <= 1:
                out.append("draw 5")
            return out
        if phase == "direction":
            return ["direction cw", "direction ccw"]
        if phase == "prophecy":
            out = ["prophecy skip"]
            seen = self.prophecy_seen
            if seen:
                orders, done = [], set()
                for perm in itertools.permutations(seen):
                    if perm not in done:
                        done.add(perm)
                        orders.append(" ".join(perm))
                out += [f"prophecy top {o}" for o in orders] + [f"prophecy bottom {o}" for o in orders]
            return out
        if phase == "dealer":
            me = self.cur
            out = ["dealer skip"]
            for s in self.active_seats():
                if s != me and self.hands[s]:
                    out.append(f"dealer take {s}")
            mine = sorted(set(self.hands[me]), key=card_sort_key)
            for s in self.active_seats():
                if s != me:
                    out += [f"dealer give {s} {c}" for c in mine]
            return out
        return []

    def beating_sets(self, seat: int) -> list[tuple[str, ...]]:
        """Every set (canonical card order) that seat may play now: beats the table or leads."""
        table = self.table
        if table:
            symbol = SYM[table[0]]
            need = sum(NUM[c] for c in table) + 1
            groups = {symbol: []}
        else:
            symbol, need = None, 0
            groups = {"P": [], "X": []}
        for card in sorted((c for c in self.hands[seat] if c in NUM), key=card_sort_key):
            g = groups.get(SYM[card])
            if g is not None:
                g.append(card)
        out = []
        for cards in groups.values():
            for size in (1, 2, 3):
                for combo in itertools.combinations(cards, size):
                    if need == 0 or sum(NUM[c] for c in combo) >= need:
                        out.append(combo)
        return out

    # ---- views, dumps ---------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know; ``seat=None``: an onlooker (public knowledge, no hand)."""
        n = self.players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"no seat {seat!r}")
        row = n if seat is None else seat
        key = ORDER.__getitem__
        hand = [] if seat is None else sorted(self.hands[seat], key=key)
        known = [sorted(self.known[row][o], key=key) if o != seat else list(hand) for o in range(n)]
        v = {
            "game": self.name, "players": n, "seat": seat, "options": dict(self.options),
            "first": self.first, "phase": self.phase, "current_player": self.current_player,
            "turn": self.turns,
            "direction": {1: "cw", -1: "ccw"}.get(self.direction),
            "hand": hand,
            "hand_counts": [len(h) for h in self.hands],
            "known": known,
            "meal_room": list(self.meal_room[row]),
            "table": list(self.table), "table_owner": self.table_owner,
            "passed": [s for s in range(n) if self.passed[s] and self.table],
            "discard": sorted(self.discard, key=key),
            "discard_count": len(self.discard),
            "draw_pile": len(self.deck),
            "pile_known": sorted([off, card] for off, card in self.pile_known[row].items()),
            "eliminated": [s for s in range(n) if self.eliminated[s]],
            "powers": list(self.powers) if self.phase in ("prophecy", "dealer") else [],
            "prophecy": (list(self.prophecy_seen)
                         if self.phase == "prophecy" and self.cur == seat else None),
            "over": self.over, "winners": self.winners, "end_reason": self.reason,
        }
        return v

    def dump(self) -> dict:
        return {
            "game": self.name, "players": self.players, "options": dict(self.options),
            "first": self.first, "direction": self.direction, "phase": self.phase, "cur": self.cur,
            "hands": [list(h) for h in self.hands], "deck": list(self.deck),
            "discard": list(self.discard), "table": list(self.table), "table_owner": self.table_owner,
            "passed": list(self.passed), "eliminated": list(self.eliminated),
            "powers": list(self.powers), "trick_winner": self.trick_winner,
            "won_set": list(self.won_set), "prophecy_seen": list(self.prophecy_seen),
            "pending_refill": None if self.pending_refill is None else list(self.pending_refill),
            "turns": self.turns, "winner": self.winner, "reason": self.reason,
            "stats": dict(self.stats), "track": self.track,
            "known": [[list(k) for k in row] for row in self.known],
            "pile_known": [sorted([o, c] for o, c in pk.items()) for pk in self.pile_known],
            "meal_room": [list(r) for r in self.meal_room],
            "rng": hashlib.sha1(repr(self.rng.getstate()).encode()).hexdigest(),
        }

    def summary(self) -> dict:
        return {
            "game": self.name, "over": self.over, "winners": self.winners,
            "current_player": self.current_player, "turn": self.turns,
            "hands": [list(h) for h in self.hands],
            "eliminated": [s for s in range(self.players) if self.eliminated[s]],
            "draw_pile": len(self.deck), "table": list(self.table),
            "end_reason": self.reason, "phase": self.phase,
            "direction": {1: "cw", -1: "ccw"}.get(self.direction),
            "discard_pile": len(self.discard),
        }

    def sim_stats(self) -> dict:
        return {"counters": dict(self.stats)}

    def check_invariants(self) -> None:
        n = self.players
        where: dict[str, int] = {}
        for cards in (*self.hands, self.deck, self.discard, self.table):
            for card in cards:
                where[card] = where.get(card, 0) + 1
        assert where == FULL_COUNTS, f"cards not conserved: {where} != {FULL_COUNTS}"
        assert DEATH not in self.discard and DEATH not in self.table, "Death outside the pile"
        for seat, hand in enumerate(self.hands):
            assert DEATH not in hand, f"seat {seat} holds Death"
            if self.eliminated[seat]:
                assert not hand, f"eliminated seat {seat} holds cards"
            reason = win_reason(hand)
            assert reason is None or (self.over and self.winner == seat), \
                f"seat {seat} holds a winning hand ({reason}) but the game goes on"
        if self.table:
            assert 1 <= len(self.table) <= 3 and all(c in NUM for c in self.table), self.table
            assert len({SYM[c] for c in self.table}) == 1, f"mixed table {self.table}"
            assert self.table_owner is not None and not self.eliminated[self.table_owner]
        else:
            assert self.table_owner is None, "owner of an empty table"
        assert self.phase in ("direction", "prophecy", "dealer", "draw", "play", "over"), self.phase
        if self.phase == "over":
            assert self.winner is not None and self.reason in ("meals", "fish", "last")
            assert not self.eliminated[self.winner]
            if self.reason == "last":
                assert len(self.active_seats()) == 1
        else:
            assert self.winner is None and self.reason is None, "winner before the end"
            assert not self.eliminated[self.cur], "an eliminated seat is on turn"
            assert len(self.active_seats()) >= 2
            assert (self.direction == 0) == (self.phase == "direction")
        if self.phase == "prophecy":
            assert self.powers and self.powers[0] == "prophecy"
            pool = self.deck + (self.pending_refill or [])
            assert self.prophecy_seen == pool[:PROPHECY_CARDS]
            if self.pending_refill is not None:
                assert sorted(self.pending_refill) == sorted(self.discard)
        if self.phase == "draw":
            assert len(self.hands[self.cur]) < HAND_LIMIT
        if self.track:
            for s in range(n + 1):
                for o in range(n):
                    hand = list(self.hands[o])
                    for card in self.known[s][o]:
                        assert o != s and card in hand, f"seat {s} 'knows' {card} in seat {o}'s hand"
                        hand.remove(card)
                for off, card in self.pile_known[s].items():
                    assert 0 <= off < len(self.deck) and self.deck[off] == card, \
                        f"seat {s} 'knows' {card} at pile offset {off}"

    def clone(self) -> "HungryMeow":
        g = HungryMeow.__new__(HungryMeow)
        d = g.__dict__
        d.update(self.__dict__)
        rng = random.Random.__new__(random.Random)
        rng.setstate(self.rng.getstate())
        g.rng = rng
        g.options = dict(self.options)
        g.hands = [list(h) for h in self.hands]
        g.deck = list(self.deck)
        g.discard = list(self.discard)
        g.table = list(self.table)
        g.passed = list(self.passed)
        g.eliminated = list(self.eliminated)
        g.powers = list(self.powers)
        g.won_set = list(self.won_set)
        g.prophecy_seen = list(self.prophecy_seen)
        g.pending_refill = None if self.pending_refill is None else list(self.pending_refill)
        g.stats = dict(self.stats)
        if self.track:
            g.known = [[list(k) for k in row] for row in self.known]
            g.pile_known = [dict(pk) for pk in self.pile_known]
            g.meal_room = [list(r) for r in self.meal_room]
        g._events = []
        return g

    def untracked_clone(self) -> "HungryMeow":
        """A clone that keeps no per-seat knowledge and records no events (search rollouts)."""
        saved = self.track
        self.track = False
        try:
            g = self.clone()
        finally:
            self.track = saved
        n = self.players
        g.known = [[[] for _ in range(n)] for _ in range(n + 1)]
        g.pile_known = [{} for _ in range(n + 1)]
        g.meal_room = [[0] * n for _ in range(n + 1)]
        return g

    # ---- acting -----------------------------------------------------------------------------
    def _apply(self, action: str) -> list[Event]:
        words = action.split(" ")
        if any(not w for w in words):
            raise RuleError(action, "words must be separated by single spaces")
        verb = words[0]
        handler = {"direction": self._do_direction, "draw": self._do_draw, "play": self._do_play,
                   "pass": self._do_pass, "prophecy": self._do_prophecy,
                   "dealer": self._do_dealer}.get(verb)
        if handler is None:
            raise RuleError(action, f"unknown action {verb!r} (expected direction, draw, play, pass, "
                                    "prophecy or dealer)")
        if verb != self.phase and not (verb in ("play", "pass") and self.phase == "play"):
            raise RuleError(action, self._phase_hint(), "hm.phase", phase=self.phase, seat=self.cur)
        self._events = []
        handler(action, words)
        events, self._events = self._events, []
        return events

    def _phase_hint(self) -> str:
        seat = self.cur
        if self.phase == "direction":
            return f"the game starts with the host (seat {seat}) choosing: direction cw or direction ccw"
        if self.phase == "prophecy":
            return f"seat {seat} must first use or skip Prophecy (prophecy top|bottom … or prophecy skip)"
        if self.phase == "dealer":
            return f"seat {seat} must first use or skip Dealer (dealer take|give … or dealer skip)"
        if self.phase == "draw":
            hand = len(self.hands[seat])
            due = "draw 1 or draw 5" if hand <= 1 else "draw 1"
            if self.optional_draw:
                due += " (or draw 0)"
            return f"it is seat {seat}'s draw step ({hand} cards in hand): {due} is due"
        return f"it is seat {seat}'s play step: play a set or pass"

    def _emit(self, kind: str, seen_by: frozenset | None = None, **data: Any) -> None:
        if self.track:   # untracked states (search worlds) record no events: faster rollouts
            self._events.append(Event(kind, data, seen_by))

    # direction ------------------------------------------------------------------------------
    def _do_direction(self, action: str, words: list[str]) -> None:
        if len(words) != 2 or words[1] not in ("cw", "ccw"):
            raise RuleError(action, "write direction cw or direction ccw")
        self.direction = 1 if words[1] == "cw" else -1
        self._emit("DirectionChosen", seat=self.cur, direction=words[1])
        self._begin_turn(self.cur)

    # turn flow ------------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.cur = seat
        self._emit("TurnStarted", seat=seat, turn=self.turns)
        if self.trick_winner == seat:
            self.powers = set_powers(self.won_set)
        else:
            self.powers = []
        self.trick_winner = None
        self.won_set = []
        self._next_step()

    def _next_step(self) -> None:
        """After the power step (or one power of it): the next power, else the draw step."""
        seat = self.cur
        if self.powers and self.powers[0] == "prophecy":
            self.phase = "prophecy"
            self.pending_refill = None
            if len(self.deck) < REFILL_BELOW and self.discard:
                pending = list(self.discard)
                self.rng.shuffle(pending)
                self.pending_refill = pending
            self.prophecy_seen = (self.deck + (self.pending_refill or []))[:PROPHECY_CARDS]
            self._emit("PowerOffered", seat=seat, power="prophecy")
            return
        if self.powers and self.powers[0] == "dealer":
            self.phase = "dealer"
            self._emit("PowerOffered", seat=seat, power="dealer")
            return
        self.powers = []
        hand = len(self.hands[seat])
        if hand >= HAND_LIMIT:
            self._emit("NoDraw", seat=seat, hand=hand)
            self.phase = "play"
        else:
            self.phase = "draw"

    def _end_turn(self) -> None:
        self.turns += 1
        if self.phase == "over":
            return
        self._begin_turn(self.next_active(self.cur))

    def _win(self, seat: int, reason: str) -> None:
        self.phase = "over"
        self.winner = seat
        self.reason = reason
        self.powers = []
        self.prophecy_seen = []
        self.pending_refill = None
        self._emit("GameWon", seat=seat, reason=reason)

    def _check_trick(self) -> None:
        owner = self.table_owner
        if owner is None:
            return
        for s in range(self.players):
            if s != owner and not self.eliminated[s] and not self.passed[s]:
                return
        cards = self.table
        self.discard.extend(cards)
        self.table = []
        self.table_owner = None
        self.passed = [False] * self.players
        self.trick_winner = owner
        self.won_set = list(cards)
        self.stats["tricks won"] += 1
        self._emit("TrickWon", seat=owner, cards=list(cards))

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
            for s in range(self.players):
                pk = self.pile_known[s]
                if pk:
                    self.pile_known[s] = {o - 1: c for o, c in pk.items() if o > 0}
        self._emit("CardDrawn", seat=seat, card=card, reason=reason, draw_pile=len(self.deck))
        return card

    def _gain(self, seat: int, card: str) -> bool:
        """A publicly drawn card joins seat's hand. True if that wins the game."""
        self.hands[seat].append(card)
        if self.track:
            for s in range(self.players + 1):
                if s != seat:
                    self.known[s][seat].append(card)
        if card in MEALS:
            reason = win_reason(self.hands[seat])
            if reason:
                self._win(seat, reason)
                return True
        return False

    def _do_draw(self, action: str, words: list[str]) -> None:
        seat = self.cur
        hand = len(self.hands[seat])
        if len(words) != 2 or words[1] not in ("0", "1", "5"):
            raise RuleError(action, "write draw 1, draw 5 or draw 0")
        count = int(words[1])
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
        hand = self.hands[seat]
        self._emit("DeathDrawn", seat=seat, returned=len(hand))
        self.deck.extend(hand)
        self.deck.append(DEATH)
        self.hands[seat] = []
        n = self.players
        if self.track:
            for s in range(n + 1):
                self.known[s][seat] = []
                self.meal_room[s][seat] = 0
        while True:
            self.rng.shuffle(self.deck)
            if self.track:
                self.pile_known = [{} for _ in range(n + 1)]
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
    def _parse_cards(self, action: str, words: list[str]) -> list[str]:
        for word in words:
            if word not in CARD_KINDS:
                raise RuleError(action, f"{word!r} is not a card (write e.g. R5P, G8X, LOAF)")
        return words

    def _do_pass(self, action: str, words: list[str]) -> None:
        if len(words) != 1:
            raise RuleError(action, "pass takes no cards")
        seat = self.cur
        self._emit("Passed", seat=seat)
        if self.table:
            self.passed[seat] = True
            self._check_trick()
        self._end_turn()

    def _do_play(self, action: str, words: list[str]) -> None:
        seat = self.cur
        cards = self._parse_cards(action, words[1:])
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
            for s in range(self.players + 1):
                k = self.known[s][seat]
                for card in cards:
                    if card in k:
                        k.remove(card)
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

    # powers ---------------------------------------------------------------------------------
    def _do_prophecy(self, action: str, words: list[str]) -> None:
        seat = self.cur
        seen = self.prophecy_seen
        if len(words) < 2 or words[1] not in ("top", "bottom", "skip"):
            raise RuleError(action, "write prophecy top|bottom CARD … or prophecy skip")
        if words[1] == "skip":
            if len(words) != 2:
                raise RuleError(action, "prophecy skip takes nothing more")
            self.pending_refill = None
            self.prophecy_seen = []
            self.powers.pop(0)
            self._emit("ProphecySkipped", seat=seat)
            self._next_step()
            return
        where = words[1]
        order = self._parse_cards(action, words[2:])
        if not seen:
            raise RuleError(action, "there is no card to look at (draw and discard piles are empty); "
                                    "only prophecy skip is possible")
        if sorted(order) != sorted(seen):
            raise RuleError(action, f"prophecy must name exactly the {len(seen)} cards seen "
                                    f"({' '.join(sorted(seen, key=card_sort_key))}), each once, "
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
            for s in range(self.players):
                pk = self.pile_known[s]
                if where == "top":
                    new = {o: c for o, c in pk.items() if o >= k}
                else:
                    new = {o - k: c for o, c in pk.items() if o >= k}
                self.pile_known[s] = new
            base = 0 if where == "top" else len(self.deck) - k
            for i, card in enumerate(order):
                self.pile_known[seat][base + i] = card
        self.stats["prophecies"] += 1
        self.pending_refill = None
        self.prophecy_seen = []
        self.powers.pop(0)
        self._emit("ProphecyUsed", seat=seat, where=where, count=k)
        self._emit("ProphecyCards", frozenset((seat,)), seat=seat, where=where, cards=list(order))
        self._next_step()

    def _parse_seat(self, action: str, word: str, verb: str) -> int:
        me = self.cur
        if not word.isdigit() or str(int(word)) != word:
            raise RuleError(action, f"{word!r} is not a seat number")
        seat = int(word)
        if seat >= self.players:
            raise RuleError(action, f"there is no seat {seat} (seats 0-{self.players - 1})")
        if seat == me:
            raise RuleError(action, f"Dealer must {verb} an opponent, not yourself", "hm.self")
        if self.eliminated[seat]:
            raise RuleError(action, f"seat {seat} is eliminated; only active opponents can be chosen",
                            "hm.out", seat=seat)
        return seat

    def _do_dealer(self, action: str, words: list[str]) -> None:
        me = self.cur
        if len(words) < 2 or words[1] not in ("take", "give", "skip"):
            raise RuleError(action, "write dealer take SEAT, dealer give SEAT CARD or dealer skip")
        move = words[1]
        if move == "skip":
            if len(words) != 2:
                raise RuleError(action, "dealer skip takes nothing more")
            self._emit("DealerSkipped", seat=me)
            self.powers.pop(0)
            self._next_step()
            return
        if move == "take":
            if len(words) != 3:
                raise RuleError(action, "write dealer take SEAT")
            other = self._parse_seat(action, words[2], "take from")
            if not self.hands[other]:
                raise RuleError(action, f"seat {other} holds no card; an empty hand cannot be taken from",
                                "hm.no_cards", seat=other)
            victim = self.hands[other]
            card = victim.pop(self.rng.randrange(len(victim)))
            self.hands[me].append(card)
            self.stats["dealer takes"] += 1
            if self.track:
                self._track_dealer(giver=other, receiver=me, card=card)
            self._emit("DealerTook", seat=me, source=other)
            self._emit("DealerCard", frozenset((me, other)), seat=me, other=other, card=card,
                       move="take")
            receiver = me
        else:
            if len(words) != 4:
                raise RuleError(action, "write dealer give SEAT CARD")
            other = self._parse_seat(action, words[2], "give to")
            card = self._parse_cards(action, words[3:])[0]
            if card not in self.hands[me]:
                raise RuleError(action, f"you do not hold {card}", "hm.not_held", card=card)
            self.hands[me].remove(card)
            self.hands[other].append(card)
            self.stats["dealer gives"] += 1
            if self.track:
                self._track_dealer(giver=me, receiver=other, card=card)
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

    def _track_dealer(self, giver: int, receiver: int, card: str) -> None:
        for s in range(self.players + 1):
            if s == giver:
                self.known[s][receiver].append(card)
            elif s == receiver:
                k = self.known[s][giver]
                if card in k:
                    k.remove(card)
            else:
                before = self.known[s][giver]
                after = _remove_one_of_each(before)
                self.known[s][giver] = after
                self.meal_room[s][giver] += sum(1 for c in before if c in MEALS) - \
                    sum(1 for c in after if c in MEALS)
                self.meal_room[s][receiver] += 1
