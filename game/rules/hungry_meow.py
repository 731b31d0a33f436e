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

What a seat knows (HM-12) is kept as state (``known``, ``pile_known``, ``meal_room``) and
shown by ``view``: see ``hungry_meow_knowledge``.

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

import itertools
from typing import Any

from game.rules import hungry_meow_invariants as invariants
from game.rules import hungry_meow_knowledge as knowledge
from game.rules.base import Event, Game, RuleError, bool_option, check_keys
from game.rules.grammar import Word
from game.rules.hungry_meow_cards import (  # noqa: F401  (re-exported: the engine's vocabulary)
    ALL_CARDS,
    CARD_KINDS,
    COL,
    COLOURS,
    DEATH,
    FISH,
    FULL_COUNTS,
    HAND_LIMIT,
    LOAF,
    MEALS,
    NUM,
    NUMBERED,
    ORDER,
    PROPHECY_CARDS,
    REFILL_BELOW,
    SYM,
    SYMBOL_NAMES,
    describe_set,
    set_powers,
    win_reason,
)
from game.rules.hungry_meow_cards import sort_key as card_sort_key
from game.rules.hungry_meow_moves import Moves
from game.rules.hungry_meow_powers import Powers
from game.rules.hungry_meow_setup import deal

_ORDER_KEY = ORDER.__getitem__
_DIRECTION_NAMES = {1: "cw", -1: "ccw"}
_SORTED_PILES: dict[tuple, list] = {}     # discard pile -> its cards in card order (views repeat it)


def _sorted_pile(cards: list[str]) -> list[str]:
    """A new list of ``cards`` in card order. The discard pile changes once in a few actions and
    every seat's view sorts it, so the order is kept for the last few dozen piles."""
    pile = tuple(cards)
    got = _SORTED_PILES.get(pile)
    if got is None:
        if len(_SORTED_PILES) >= 64:
            _SORTED_PILES.clear()
        got = _SORTED_PILES[pile] = sorted(pile, key=ORDER.__getitem__)
    return list(got)


class HungryMeow(Moves, Powers, Game):
    name = "hungry-meow"
    min_players = 2
    max_players = 6
    # Random players can stall (every hand at 7+ cards, everyone passing); real games last
    # a few dozen turns. simulate stops a game at this many turns.
    turn_cap = 600
    # how deep each container of the state goes (Game.clone copies that many levels)
    state_depth = {**dict.fromkeys(("deck", "discard", "eliminated", "passed", "powers", "prophecy_seen",
                                    "table", "won_set", "winning_seats", "pending_refill", "options",
                                    "stats", "_events"), 1),
                   "hands": 2, "meal_room": 2, "pile_known": 2, "known": 3}
    stat_turns: tuple = ()   # (sample, turn) of each Death draw and elimination, for simulate;
    # a class default (states made by hand have it too), a tuple so that clones may share it
    # the actions of RULES.md §4: verb -> the words after it (game/rules/grammar.py)
    verbs = {"direction": "cw|ccw", "draw": "0|1|5", "play": "card*", "pass": "",
             "prophecy": ("skip", "top|bottom card*"), "dealer": ("skip", "take seat", "give seat card")}
    word_kinds = {"card": Word("card", CARD_KINDS, "e.g. R5P, G8X, LOAF")}

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
        self.current = first
        self.phase = "direction"
        self.powers: list[str] = []     # powers still to be asked this turn
        self.trick_winner: int | None = None
        self.won_set: list[str] = []
        self.prophecy_seen: list[str] = []
        self.pending_refill: list[str] | None = None
        self.turns = 0
        self.game_over = False
        self.winning_seats: list[int] = []
        self.ending: str | None = None
        self.stats = {"death draws": 0, "eliminations": 0, "tricks won": 0, "prophecies": 0,
                      "dealer takes": 0, "dealer gives": 0, "refills": 0}
        self.track = True
        # a row per seat plus the onlooker's (see hungry_meow_knowledge)
        self.known, self.pile_known, self.meal_room = knowledge.fresh(n, hands)
        self._events: list[Event] = []
    # ---- queries (current_player, over, winners, turn, end_reason: the base) ----------------
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
            return ["pass"] + [f"play {' '.join(s)}" for s in self.beating_sets(self.current)]
        if phase == "draw":
            out = ["draw 0"] if self.optional_draw else []
            out.append("draw 1")
            if len(self.hands[self.current]) <= 1:
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
            me = self.current
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
        key = _ORDER_KEY
        hand = [] if seat is None else sorted(self.hands[seat], key=key)
        known = [sorted(k, key=key) if k else [] for k in self.known[row]]
        if seat is not None:
            known[seat] = list(hand)
        over = self.game_over
        phase = self.phase
        pile_known = self.pile_known[row]
        return {
            "game": self.name, "players": n, "seat": seat, "options": self.options.copy(),
            "first": self.first, "phase": phase, "current_player": None if over else self.current,
            "turn": self.turns,
            "direction": _DIRECTION_NAMES.get(self.direction),
            "hand": hand,
            "hand_counts": list(map(len, self.hands)),
            "known": known,
            "meal_room": self.meal_room[row].copy(),
            "table": self.table.copy(), "table_owner": self.table_owner,
            "passed": [s for s, p in enumerate(self.passed) if p] if self.table else [],
            "discard": _sorted_pile(self.discard),
            "discard_count": len(self.discard),
            "draw_pile": len(self.deck),
            "pile_known": sorted([off, card] for off, card in pile_known.items()) if pile_known else [],
            "eliminated": [s for s, e in enumerate(self.eliminated) if e],
            "powers": self.powers.copy() if phase in ("prophecy", "dealer") else [],
            "prophecy": (self.prophecy_seen.copy()
                         if phase == "prophecy" and self.current == seat else None),
            "over": over, "winners": list(self.winning_seats) if over else [],
            "end_reason": self.ending if over else None,
        }

    dump_fields = (("first", "first"), ("direction", "direction"), ("phase", "phase"), ("cur", "current"),
                   ("hands", "hands"), ("deck", "deck"), ("discard", "discard"), ("table", "table"),
                   ("table_owner", "table_owner"), ("passed", "passed"), ("eliminated", "eliminated"),
                   ("powers", "powers"), ("trick_winner", "trick_winner"), ("won_set", "won_set"),
                   ("prophecy_seen", "prophecy_seen"), ("pending_refill", "pending_refill"),
                   ("turns", "turns"), ("reason", "ending"), ("stats", "stats"), ("track", "track"),
                   ("known", "known"), ("meal_room", "meal_room"))

    def _dump_extra(self) -> dict:
        return {"winner": self.winning_seats[0] if self.winning_seats else None,
                "pile_known": [sorted([o, c] for o, c in pk.items()) for pk in self.pile_known]}

    def summary(self) -> dict:
        return {
            "game": self.name, "over": self.over, "winners": self.winners,
            "current_player": self.current_player, "turn": self.turns,
            "hands": [list(h) for h in self.hands],
            "eliminated": [s for s in range(self.players) if self.eliminated[s]],
            "draw_pile": len(self.deck), "table": list(self.table),
            "end_reason": self.end_reason, "phase": self.phase,
            "direction": {1: "cw", -1: "ccw"}.get(self.direction),
            "discard_pile": len(self.discard),
        }

    def sim_stats(self) -> dict:
        samples: dict[str, list[int]] = {"turn of a Death draw": [], "turn of an elimination": []}
        for name, turn in self.stat_turns:
            samples[name].append(turn)
        return {"counters": dict(self.stats), "samples": samples}

    def check_invariants(self) -> None:
        invariants.check(self)

    def untracked_clone(self) -> "HungryMeow":
        """A clone that keeps no per-seat knowledge and records no events (search rollouts)."""
        saved = self.track, self.known, self.pile_known, self.meal_room
        self.track, self.known, self.pile_known, self.meal_room = False, None, None, None
        try:
            g = self.clone()                 # (the knowledge tables are not copied: made blank)
        finally:
            self.track, self.known, self.pile_known, self.meal_room = saved
        g.known, g.pile_known, g.meal_room = knowledge.blank(self.players)
        return g

    # ---- acting -----------------------------------------------------------------------------
    def _check_verb(self, action: str, verb: str) -> None:
        if verb != self.phase and not (verb in ("play", "pass") and self.phase == "play"):
            raise RuleError(action, self._phase_hint(), "hm.phase", phase=self.phase, seat=self.current)

    def _apply(self, action: str) -> list[Event]:
        self._events = []
        super()._apply(action)          # the verb's method records what happens in _events
        events, self._events = self._events, []
        return events

    def _phase_hint(self) -> str:
        seat = self.current
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
    def _do_direction(self, action: str, way: str) -> None:
        self.direction = 1 if way == "cw" else -1
        self._emit("DirectionChosen", seat=self.current, direction=way)
        self._begin_turn(self.current)

    # turn flow ------------------------------------------------------------------------------
    def _begin_turn(self, seat: int) -> None:
        self.current = seat
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
        seat = self.current
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
        self._begin_turn(self.next_active(self.current))

    def _win(self, seat: int, reason: str) -> None:
        self.phase = "over"
        self.game_over = True
        self.winning_seats = [seat]
        self.ending = reason
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

