"""Zodiac Catchers 抓抓十二生肖: the rules engine (RULES.md §3 ZC-1…ZC-7, notation §4).

A game is a whole match: rounds are dealt one after another until a seat reaches the target
(option ``target``, default 10) or, with option ``rounds``, until that many rounds are played.

Actions (RULES.md §4)
---------------------
``arrange SEAT CARD…``  the whole hand of SEAT, owner's left first: numbers still ascending, the
                        MERMAIDs anywhere. Any seat, once per round, before the round's first
                        pointing. ``legal_actions()`` lists the current player's own arrangements
                        (every distinct mermaid placement) while that is allowed; ``arrange`` for
                        other seats is accepted too (the runtime sends it for computer seats,
                        see ``random_arrangement`` / ``Zodiac.random_arrange_action``).
``point hand SEAT POS`` a face-down card of a hand (positions from the owner's left, 0-based,
                        counted in the hand as it is now: hands close up when cards leave).
``point centre POS``    a face-down centre card, grid order (row by row, 0-based); holes stay.

Centre grid (a reading: RULES.md fixes only the counts): 12 cards as 3 rows × 4, 14 as 2 × 7,
10 as 2 × 5 — ``GRID[players]`` = (rows, columns); position = row * columns + column.

Reading choices where RULES.md is silent (noted, taken from the seed text):
- Setup hands (``setup.hands`` / ``deals``) must be ascending by number; MERMAIDs may stand
  anywhere in them (a hand dealt from the seed has them at the right end).
- Nobody is told where another seat's MERMAIDs stand: others only learn *that* a seat arranged.
- A match that reaches the target mid-round ends there (``end_reason`` "target"); the round is
  left unfinished.
- ``turn`` counts completed turns (three pointings) over the whole match.

Events (``Event.kind`` → ``data`` fields; all public unless ``seen_by`` is noted). A card's kind
is in a field named ``card`` (``Event.to_json`` puts the event's own kind under "kind").
------------------------------------------------------------------------------
RoundStarted   round, start_player, grid [rows, cols], hand_size, kinds (kinds in use)
Dealt          round, hand_sizes [per seat], centre (number of centre positions)
HandDealt      seat, hand [kinds, left first]                         seen_by {seat}
TrumpTurned    card (the trump kind), pos (centre position it was turned from; it stays a hole)
Arranged       seat                                  (public: that the seat rearranged)
HandArranged   seat, hand [kinds]                                     seen_by {seat}
TurnStarted    seat, turn (index of this turn in the match), round
CardRevealed   by, step (1–3), where ("hand"/"centre"), seat (hand owner or null), pos, card (kind)
Captured       seat, card (kind), places [{where, seat, pos}] (places before hands close up)
HandsClosedUp  seat, removed [positions, before closing], size (cards left) — one per hand
TurnedBack     places [{where, seat, pos}] (the three cards, face down in the same places)
RoundWon       seat, round, how (first of "trump"/"opposites"/"three-sets" that holds),
               conditions [all that hold], kinds [this round's captures of the seat]
PointsScored   seat, points (gained), total, parts {"capture": 1, "mermaid": 1, "trump": 1, "win": 2}
RoundNoWinner  round (fewer than 3 face-down cards left; a safeguard, ZC-5 Resolved)
MatchWon       winners, reason ("target"/"rounds"), points [per seat]

``Zodiac.opening_events`` holds the events of the first deal (``Game.new`` returns none).

View (``view(seat)``)
---------------------
Only what the seat may know: its own ``hand`` (kinds, left first); ``table`` with every hand and
the centre as cells ``"down"`` / ``"hole"`` / KIND (face up now); ``hand_sizes``; ``pointed`` (this
turn's face-up cards); ``captures``; ``points``; ``trump`` and ``trump_pos``; ``remaining`` (cards of
each kind still in play, face up or down: public arithmetic); ``arranged`` (who rearranged) and
``can_arrange``; and ``reveals``: the history of every reveal of the current round, oldest first,
each ``{turn, by, step, where, seat, pos, kind, id, now}`` where ``seat``/``pos`` are the place **as it
was when revealed** and ``now`` is the same card's place **today** (``{where, seat, pos}``, adjusted
as hands close up; null once captured); ``id`` names one physical card within the round (the
index of its first reveal), so repeated reveals of one card share it. No face-down card's face
appears unless the seat was shown it (reveals are shown to all) or it lies in its own hand.
"""
from __future__ import annotations

import random
from collections import Counter
from itertools import combinations
from typing import Any

from game.rules.base import Event, Game, RuleError, SetupError, check_keys

# ---- ZC-1 cards ----------------------------------------------------------------------------
KINDS = ("RAT", "OX", "TIGER", "RABBIT", "DRAGON", "SNAKE", "HORSE", "GOAT", "MONKEY", "ROOSTER",
         "DOG", "PIG", "MERMAID")
MERMAID = 12
KIND_INDEX = {name: i for i, name in enumerate(KINDS)}
NUMBER = {i: i + 1 for i in range(12)}          # RAT 1 … PIG 12; MERMAID has no number


def opposite(k: int) -> int | None:
    """The kind 6 numbers away (ZC-5); None for MERMAID."""
    if k == MERMAID:
        return None
    return k + 6 if k < 6 else k - 6


def _ids(names: str) -> tuple[int, ...]:
    return tuple(KIND_INDEX[n] for n in names.split())


# ---- ZC-2 setups: kinds used, hand size, centre size; GRID: the centre's rows × columns ------
SETUPS: dict[int, tuple[tuple[int, ...], int, int]] = {
    2: (_ids("RAT TIGER DRAGON HORSE MONKEY ROOSTER MERMAID"), 8, 12),
    3: (_ids("RAT OX RABBIT DRAGON SNAKE HORSE GOAT ROOSTER DOG PIG MERMAID"), 10, 14),
    4: (tuple(range(13)), 10, 12),
    5: (tuple(range(13)), 8, 12),
    6: (tuple(range(13)), 7, 10),
}
GRID: dict[int, tuple[int, int]] = {2: (3, 4), 3: (2, 7), 4: (3, 4), 5: (3, 4), 6: (2, 5)}


def deck_counts(players: int) -> Counter:
    return Counter({k: 4 for k in SETUPS[players][0]})


def is_sorted_hand(kinds: list[int]) -> bool:
    """Ascending by number from the left, MERMAIDs anywhere (ZC-2)."""
    last = -1
    for k in kinds:
        if k == MERMAID:
            continue
        if k < last:
            return False
        last = k
    return True


def dealt_order(kinds: list[int]) -> list[int]:
    """A dealt hand: numbers ascending, MERMAIDs at the right end."""
    return sorted(k for k in kinds if k != MERMAID) + [MERMAID] * sum(1 for k in kinds if k == MERMAID)


def arrangements(kinds: list[int]) -> list[list[int]]:
    """Every distinct legal arrangement of a hand's cards (mermaid positions vary)."""
    numbers = sorted(k for k in kinds if k != MERMAID)
    m = len(kinds) - len(numbers)
    out = []
    for spots in combinations(range(len(kinds)), m):
        it = iter(numbers)
        spot = set(spots)
        out.append([MERMAID if i in spot else next(it) for i in range(len(kinds))])
    return out


def random_arrangement(hand: list[str], rng: random.Random) -> list[str]:
    """A uniformly random legal placement of a hand's MERMAIDs (how computer seats place them)."""
    kinds = [KIND_INDEX[c] for c in hand]
    numbers = sorted(k for k in kinds if k != MERMAID)
    m = len(kinds) - len(numbers)
    spots = set(rng.sample(range(len(kinds)), m))
    it = iter(numbers)
    return [KINDS[MERMAID] if i in spots else KINDS[next(it)] for i in range(len(kinds))]


def _place(where: str, seat: int | None, pos: int) -> dict:
    return {"where": where, "seat": seat, "pos": pos}


class Zodiac(Game):
    name = "zodiac"
    min_players = 2
    max_players = 6
    turn_cap = 20000     # random play finds few triples: matches can take thousands of turns
    kinds_captured: tuple = ()   # for simulate: kinds captured, turns of each finished round;
    round_lengths: tuple = ()    # class defaults and tuples, so hand-made states and clones work

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def parse_options(cls, options: dict) -> dict:
        check_keys("zodiac options", options, {"target", "rounds"})
        target, rounds = options.get("target"), options.get("rounds")
        if target is not None and rounds is not None:
            raise SetupError("zodiac options: give 'target' or 'rounds', not both")
        for key, value in (("target", target), ("rounds", rounds)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise SetupError(f"option {key!r} must be a whole number of at least 1, got {value!r}")
        if rounds is not None:
            return {"target": None, "rounds": rounds}
        return {"target": 10 if target is None else target, "rounds": None}

    def _setup(self, options: dict, setup: dict) -> None:
        check_keys("zodiac setup", setup, {"first", "hands", "centre", "trump", "deals"})
        n = self.players
        self.options = options
        first = setup.get("first", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise SetupError(f"setup 'first' must be a seat 0-{n - 1}, got {first!r}")
        deals = setup.get("deals", [])
        if not isinstance(deals, list):
            raise SetupError("setup 'deals' must be a list of {hands, centre, trump}")
        specs = [{k: setup[k] for k in ("hands", "centre", "trump") if k in setup}]
        for i, deal in enumerate(deals):
            check_keys(f"zodiac setup deals[{i}]", deal, {"hands", "centre", "trump"})
            specs.append(dict(deal))
        for i, spec in enumerate(specs[1:]):
            self._resolve_deal(spec, random.Random(0), f"deals[{i}]")   # fail early
        self._specs = specs
        self.hand_size = SETUPS[n][1]
        self.centre_size = SETUPS[n][2]
        self.grid = GRID[n]
        self.kinds_used = SETUPS[n][0]
        self.points = [0] * n
        self.turns = 0
        self.round_no = 0
        self.rounds_done = 0
        self.start_player = (first - 1) % n
        self.done = False
        self.win_seats: list[int] = []
        self.reason: str | None = None
        self.stats = {"round trump": 0, "round opposites": 0, "round three-sets": 0, "round none": 0,
                      "round unfinished": 0, "rounds": 0, "turns": 0}
        self.seat_captures = [0] * n
        self.seat_round_wins = [0] * n
        events: list[Event] = []
        self._start_round(events)
        self.opening_events = events

    def _resolve_deal(self, spec: dict, rng: random.Random, where: str = "setup"):
        """(hands, centre, trump) as kind indexes; parts missing from ``spec`` come from ``rng``."""
        n = self.players
        kinds, hand_size, centre_size = SETUPS[n]
        allowed = set(kinds)

        def card(name: Any, at: str) -> int:
            if not isinstance(name, str) or name not in KIND_INDEX:
                raise SetupError(f"{where} {at}: unknown card {name!r}")
            k = KIND_INDEX[name]
            if k not in allowed:
                raise SetupError(f"{where} {at}: {name} is not used with {n} players")
            return k

        given: Counter = Counter()
        hands = spec.get("hands")
        if hands is not None:
            if not isinstance(hands, list) or len(hands) != n:
                raise SetupError(f"{where} hands: need one list per seat ({n})")
            parsed = []
            for s, hand in enumerate(hands):
                if not isinstance(hand, list) or len(hand) != hand_size:
                    raise SetupError(f"{where} hands[{s}]: need {hand_size} cards with {n} players")
                h = [card(c, f"hands[{s}]") for c in hand]
                if not is_sorted_hand(h):
                    raise SetupError(f"{where} hands[{s}]: not sorted by number from the left (ZC-2)")
                given.update(h)
                parsed.append(h)
            hands = parsed
        centre = spec.get("centre")
        if centre is not None:
            if not isinstance(centre, list) or len(centre) != centre_size:
                raise SetupError(f"{where} centre: need {centre_size} positions with {n} players")
            if sum(1 for c in centre if c is None) != 1:
                raise SetupError(f"{where} centre: exactly one position must be null (where the trump was)")
            centre = [None if c is None else card(c, f"centre[{i}]") for i, c in enumerate(centre)]
            given.update(c for c in centre if c is not None)
        trump = spec.get("trump")
        if trump is not None:
            trump = card(trump, "trump")
            given[trump] += 1
        deck = deck_counts(n)
        for k, c in given.items():
            if c > deck[k]:
                raise SetupError(f"{where}: {c} × {KINDS[k]}, but the deck has {deck[k]}")
        pool = sorted((deck - given).elements())
        rng.shuffle(pool)
        if hands is None:
            if len(pool) < n * hand_size:
                raise SetupError(f"{where}: not enough cards left to deal the hands")
            hands = [dealt_order(pool[s * hand_size:(s + 1) * hand_size]) for s in range(n)]
            pool = pool[n * hand_size:]
        if centre is None:
            if len(pool) < centre_size - (trump is not None):
                raise SetupError(f"{where}: not enough cards left for the centre")
            tpos = rng.randrange(centre_size)
            if trump is None:
                trump = pool.pop()
            rest = pool[:centre_size - 1]
            pool = pool[centre_size - 1:]
            centre = rest[:tpos] + [None] + rest[tpos:]
        elif trump is None:
            if not pool:
                raise SetupError(f"{where}: no card left for the trump")
            trump = pool.pop()
        if pool:
            raise SetupError(f"{where}: the cards are not exactly the {sum(deck.values())} cards of "
                             f"{n} players ({len(pool)} left over)")
        return hands, centre, trump

    # ---- rounds -------------------------------------------------------------------------------
    def _start_round(self, events: list[Event]) -> None:
        n = self.players
        self.round_no += 1
        self.start_player = (self.start_player + 1) % n
        spec = self._specs[self.round_no - 1] if self.round_no <= len(self._specs) else {}
        hands, centre, trump = self._resolve_deal(spec, self.rng,
                                                  "setup" if self.round_no == 1 else
                                                  f"deals[{self.round_no - 2}]")
        kind_of: list[int] = []
        self.hands = []
        for hand in hands:
            ids = []
            for k in hand:
                ids.append(len(kind_of))
                kind_of.append(k)
            self.hands.append(ids)
        self.centre = []
        self.holes: dict[int, str] = {}
        for pos, k in enumerate(centre):
            if k is None:
                self.centre.append(None)
                self.holes[pos] = "trump"
            else:
                self.centre.append(len(kind_of))
                kind_of.append(k)
        kind_of.append(trump)
        self.kind_of = kind_of              # never mutated: shared by clones
        self.trump = trump
        self.trump_pos = centre.index(None)
        self.captures: list[list[int]] = [[] for _ in range(n)]
        self.arranged = [False] * n
        self.started = False                # has the first card of the round been pointed at
        self.pointed: list[int] = []
        self.reveals: list[tuple] = []      # (turn, by, step, where, seat, pos, kind, uid)
        self.round_turns = 0
        self.current = self.start_player
        self.stats["rounds"] += 1
        events.append(Event("RoundStarted", {"round": self.round_no, "start_player": self.start_player,
                                             "grid": list(self.grid), "hand_size": self.hand_size,
                                             "kinds": [KINDS[k] for k in self.kinds_used]}))
        events.append(Event("Dealt", {"round": self.round_no, "hand_sizes": [len(h) for h in self.hands],
                                      "centre": self.centre_size}))
        for s in range(n):
            events.append(Event("HandDealt", {"seat": s, "hand": self._hand_names(s)}, frozenset({s})))
        events.append(Event("TrumpTurned", {"card": KINDS[trump], "pos": self.trump_pos}))
        events.append(Event("TurnStarted", {"seat": self.current, "turn": self.turns,
                                            "round": self.round_no}))

    def _end_round(self, events: list[Event]) -> None:
        self.round_lengths += (self.round_turns,)
        self.rounds_done += 1
        rounds = self.options["rounds"]
        if rounds is not None and self.rounds_done >= rounds:
            best = max(self.points)
            self._finish([s for s in range(self.players) if self.points[s] == best], "rounds", events)
            return
        self._start_round(events)

    def _finish(self, winners: list[int], reason: str, events: list[Event]) -> None:
        self.done = True
        self.win_seats = winners
        self.reason = reason
        events.append(Event("MatchWon", {"winners": list(winners), "reason": reason,
                                         "points": list(self.points)}))

    # ---- queries --------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.done else self.current

    @property
    def over(self) -> bool:
        return self.done

    @property
    def winners(self) -> list[int]:
        return list(self.win_seats) if self.done else []

    @property
    def turn(self) -> int:
        return self.turns

    @property
    def end_reason(self) -> str | None:
        return self.reason if self.done else None

    def _hand_names(self, seat: int) -> list[str]:
        return [KINDS[self.kind_of[u]] for u in self.hands[seat]]

    def _locations(self) -> dict[int, tuple]:
        loc: dict[int, tuple] = {}
        for s, hand in enumerate(self.hands):
            for p, u in enumerate(hand):
                loc[u] = ("hand", s, p)
        for p, u in enumerate(self.centre):
            if u is not None:
                loc[u] = ("centre", None, p)
        return loc

    def face_down_count(self) -> int:
        in_centre = sum(1 for u in self.centre if u is not None)
        return sum(len(h) for h in self.hands) + in_centre - len(self.pointed)

    def arrange_options(self, seat: int) -> list[str]:
        """Every legal ``arrange`` action for ``seat`` now (empty when it may not arrange)."""
        if self.done or self.started or self.arranged[seat]:
            return []
        kinds = [self.kind_of[u] for u in self.hands[seat]]
        return [f"arrange {seat} " + " ".join(KINDS[k] for k in a) for a in arrangements(kinds)]

    def random_arrange_action(self, seat: int, rng: random.Random) -> str | None:
        """A random legal ``arrange`` for ``seat`` (runtime helper for computer seats), or None."""
        if self.done or self.started or self.arranged[seat]:
            return None
        return f"arrange {seat} " + " ".join(random_arrangement(self._hand_names(seat), rng))

    def computer_setup_actions(self, seat: int, rng: random.Random) -> list[str]:
        action = self.random_arrange_action(seat, rng)
        return [action] if action else []

    def legal_actions(self) -> list[str]:
        if self.done:
            return []
        out = self.arrange_options(self.current)
        pointed = set(self.pointed)
        for s, hand in enumerate(self.hands):
            out.extend(f"point hand {s} {p}" for p, u in enumerate(hand) if u not in pointed)
        out.extend(f"point centre {p}" for p, u in enumerate(self.centre)
                   if u is not None and u not in pointed)
        return out

    def view(self, seat: int) -> dict:
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"no seat {seat!r}")
        loc = self._locations()
        up = set(self.pointed)
        kind_of = self.kind_of

        def cell(u):
            if u is None:
                return "hole"
            return KINDS[kind_of[u]] if u in up else "down"

        def now(u):
            where = loc.get(u)
            return None if where is None else _place(*where)

        remaining = Counter(kind_of[u] for u in loc)
        card_ids: dict[int, int] = {}
        return {
            "game": self.name, "seat": seat, "players": self.players, "options": dict(self.options),
            "round": self.round_no, "start_player": self.start_player,
            "current_player": self.current_player, "over": self.done, "winners": self.winners,
            "turn": self.turns, "round_turn": self.round_turns, "step": len(self.pointed),
            "grid": list(self.grid), "hand_size": self.hand_size,
            "kinds": [KINDS[k] for k in self.kinds_used],
            "trump": KINDS[self.trump], "trump_pos": self.trump_pos,
            "hand": self._hand_names(seat),
            "hand_sizes": [len(h) for h in self.hands],
            "table": {"hands": [[cell(u) for u in h] for h in self.hands],
                      "centre": [cell(u) for u in self.centre]},
            "pointed": [{**_place(*loc[u]), "kind": KINDS[kind_of[u]]} for u in self.pointed],
            "captures": [[KINDS[k] for k in c] for c in self.captures],
            "points": list(self.points),
            "remaining": {KINDS[k]: remaining.get(k, 0) for k in self.kinds_used},
            "arranged": list(self.arranged),
            "can_arrange": not self.done and not self.started and not self.arranged[seat],
            "started": self.started,
            "reveals": [{"turn": t, "by": by, "step": step, "where": where, "seat": s, "pos": p,
                         "kind": KINDS[k], "id": card_ids.setdefault(u, i), "now": now(u)}
                        for i, (t, by, step, where, s, p, k, u) in enumerate(self.reveals)],
        }

    def dump(self) -> dict:
        return {
            "game": self.name, "players": self.players, "options": dict(self.options),
            "round": self.round_no, "rounds_done": self.rounds_done, "start_player": self.start_player,
            "current": self.current, "over": self.done, "winners": list(self.win_seats),
            "reason": self.reason, "turn": self.turns, "round_turn": self.round_turns,
            "hands": [self._hand_names(s) for s in range(self.players)],
            "hand_ids": [list(h) for h in self.hands],
            "centre": [None if u is None else KINDS[self.kind_of[u]] for u in self.centre],
            "centre_ids": list(self.centre), "holes": {str(k): v for k, v in sorted(self.holes.items())},
            "trump": KINDS[self.trump], "trump_pos": self.trump_pos,
            "pointed": list(self.pointed), "started": self.started, "arranged": list(self.arranged),
            "captures": [[KINDS[k] for k in c] for c in self.captures], "points": list(self.points),
            "reveals": [list(r) for r in self.reveals],
            "stats": dict(self.stats), "seat_captures": list(self.seat_captures),
            "seat_round_wins": list(self.seat_round_wins),
            "rng": _fingerprint(self.rng.getstate()[1]),
        }

    def summary(self) -> dict:
        return {"game": self.name, "over": self.done, "winners": self.winners,
                "current_player": self.current_player, "turn": self.turns,
                "captures": [[KINDS[k] for k in c] for c in self.captures],
                "points": list(self.points), "round": self.round_no, "trump": KINDS[self.trump],
                "end_reason": self.end_reason}

    def sim_stats(self) -> dict:
        return {"scores": list(self.points), "counters": dict(self.stats),
                "per_seat": {"captures": list(self.seat_captures),
                             "round wins": list(self.seat_round_wins)},
                "tally": {"captures by kind": dict(Counter(KINDS[k] for k in self.kinds_captured))},
                # a match won on points ends inside a round, which _end_round never saw
                "samples": {"turns per round": list(self.round_lengths)
                            + ([self.round_turns] if self.reason == "target" else [])}}

    def check_invariants(self) -> None:
        n = self.players
        deck = deck_counts(n)
        in_play = [u for h in self.hands for u in h] + [u for u in self.centre if u is not None]
        assert len(set(in_play)) == len(in_play), "a card is in two places"
        counts = Counter(self.kind_of[u] for u in in_play)
        for c in self.captures:
            for k in c:
                counts[k] += 3
        counts[self.trump] += 1
        assert counts == deck, f"cards not conserved: {dict(counts)} vs {dict(deck)}"
        trump_captured = any(self.trump in c for c in self.captures)
        in_play_trump = sum(1 for u in in_play if self.kind_of[u] == self.trump)
        assert in_play_trump == (0 if trump_captured else 3), f"{in_play_trump} trump cards in play"
        assert self.centre[self.trump_pos] is None and self.holes.get(self.trump_pos) == "trump"
        assert len(self.centre) == self.centre_size
        for p, u in enumerate(self.centre):
            assert (u is None) == (p in self.holes), "centre holes out of step"
        for s, hand in enumerate(self.hands):
            assert is_sorted_hand([self.kind_of[u] for u in hand]), f"hand {s} not sorted"
        assert len(self.pointed) <= 2 and len(set(self.pointed)) == len(self.pointed)
        assert all(u in set(in_play) for u in self.pointed), "a pointed card is not in play"
        assert self.started or (not self.pointed and not self.reveals)
        assert len(self.reveals) == 3 * self.round_turns + len(self.pointed)
        if not self.done:
            assert 0 <= self.current < n
            assert self.face_down_count() >= 3 - len(self.pointed)
            for c in self.captures:
                assert len(c) <= 2 and self.trump not in c, "a round should have been won"
        assert sum(self.seat_captures) >= sum(len(c) for c in self.captures)

    def clone(self) -> "Zodiac":
        other = Zodiac.__new__(Zodiac)
        d = self.__dict__.copy()
        d["hands"] = [list(h) for h in self.hands]
        d["centre"] = list(self.centre)
        d["holes"] = dict(self.holes)
        d["captures"] = [list(c) for c in self.captures]
        d["arranged"] = list(self.arranged)
        d["pointed"] = list(self.pointed)
        d["reveals"] = list(self.reveals)
        d["points"] = list(self.points)
        d["stats"] = dict(self.stats)
        d["seat_captures"] = list(self.seat_captures)
        d["seat_round_wins"] = list(self.seat_round_wins)
        d["win_seats"] = list(self.win_seats)
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        d["rng"] = rng
        other.__dict__ = d
        return other

    # ---- acting -----------------------------------------------------------------------------
    def _apply(self, action: str) -> list[Event]:
        words = action.split(" ")
        if words[0] == "arrange":
            return self._arrange(action, words)
        if words[0] == "point":
            return self._point(action, words)
        raise RuleError(action, "expected 'arrange SEAT CARD…', 'point hand SEAT POS' or 'point centre POS'")

    def _arrange(self, action: str, words: list[str]) -> list[Event]:
        n = self.players
        if len(words) < 2 or not _is_index(words[1]):
            raise RuleError(action, "expected 'arrange SEAT CARD…'")
        seat = int(words[1])
        if seat >= n:
            raise RuleError(action, f"no seat {seat} (seats 0-{n - 1})")
        if self.started:
            raise RuleError(action, "mermaids can only be arranged before the round's first pointing")
        if self.arranged[seat]:
            raise RuleError(action, f"seat {seat} has already arranged its hand this round")
        names = words[2:]
        for name in names:
            if name not in KIND_INDEX:
                raise RuleError(action, f"unknown card {name!r}")
        new = [KIND_INDEX[c] for c in names]
        hand = self.hands[seat]
        if Counter(new) != Counter(self.kind_of[u] for u in hand):
            raise RuleError(action, f"the cards are not exactly seat {seat}'s hand (give the whole hand)")
        if not is_sorted_hand(new):
            raise RuleError(action, "not sorted: numbers must ascend from the left; only mermaids move")
        numbers = [u for u in hand if self.kind_of[u] != MERMAID]
        mermaids = [u for u in hand if self.kind_of[u] == MERMAID]
        ni, mi = iter(numbers), iter(mermaids)
        self.hands[seat] = [next(mi) if k == MERMAID else next(ni) for k in new]
        self.arranged[seat] = True
        return [Event("Arranged", {"seat": seat}),
                Event("HandArranged", {"seat": seat, "hand": self._hand_names(seat)}, frozenset({seat}))]

    def _point(self, action: str, words: list[str]) -> list[Event]:
        n = self.players
        if len(words) == 4 and words[1] == "hand":
            if not (_is_index(words[2]) and _is_index(words[3])):
                raise RuleError(action, "expected 'point hand SEAT POS' with whole numbers")
            seat, pos = int(words[2]), int(words[3])
            if seat >= n:
                raise RuleError(action, f"no seat {seat} (seats 0-{n - 1})")
            hand = self.hands[seat]
            if pos >= len(hand):
                raise RuleError(action, f"seat {seat}'s hand has {len(hand)} cards (positions 0-"
                                        f"{len(hand) - 1})" if hand else f"seat {seat}'s hand is empty")
            uid, where = hand[pos], ("hand", seat, pos)
        elif len(words) == 3 and words[1] == "centre":
            if not _is_index(words[2]):
                raise RuleError(action, "expected 'point centre POS' with a whole number")
            pos = int(words[2])
            if pos >= self.centre_size:
                raise RuleError(action, f"the centre has positions 0-{self.centre_size - 1}")
            uid = self.centre[pos]
            if uid is None:
                why = ("the trump was turned from there" if self.holes[pos] == "trump"
                       else "its card was captured")
                raise RuleError(action, f"centre {pos} is a hole ({why})")
            where = ("centre", None, pos)
        else:
            raise RuleError(action, "expected 'point hand SEAT POS' or 'point centre POS'")
        if uid in self.pointed:
            raise RuleError(action, "that card is already face up: point at 3 different face-down cards")
        # valid: change the state
        events: list[Event] = []
        self.started = True
        self.pointed.append(uid)
        kind = self.kind_of[uid]
        step = len(self.pointed)
        self.reveals.append((self.turns, self.current, step, where[0], where[1], where[2], kind, uid))
        events.append(Event("CardRevealed", {"by": self.current, "step": step, "where": where[0],
                                             "seat": where[1], "pos": where[2], "card": KINDS[kind]}))
        if step == 3:
            self._finish_turn(events)
        return events

    def _finish_turn(self, events: list[Event]) -> None:
        p = self.current
        loc = self._locations()
        uids = self.pointed
        kinds = [self.kind_of[u] for u in uids]
        places = [_place(*loc[u]) for u in uids]
        self.turns += 1
        self.round_turns += 1
        self.stats["turns"] += 1
        self.pointed = []
        if kinds[0] == kinds[1] == kinds[2]:
            k = kinds[0]
            removed: dict[int, list[int]] = {}
            for u in uids:
                where, s, pos = loc[u]
                if where == "hand":
                    removed.setdefault(s, []).append(pos)
                else:
                    self.centre[pos] = None
                    self.holes[pos] = "captured"
            taken = set(uids)
            for s in removed:
                self.hands[s] = [u for u in self.hands[s] if u not in taken]
            self.captures[p].append(k)
            self.kinds_captured += (k,)
            self.seat_captures[p] += 1
            events.append(Event("Captured", {"seat": p, "card": KINDS[k], "places": places}))
            for s in sorted(removed):
                events.append(Event("HandsClosedUp", {"seat": s, "removed": sorted(removed[s]),
                                                      "size": len(self.hands[s])}))
            mine = self.captures[p]
            conditions = []
            if k == self.trump:
                conditions.append("trump")
            if any(opposite(a) in mine for a in mine if a != MERMAID):
                conditions.append("opposites")
            if len(mine) >= 3:
                conditions.append("three-sets")
            parts = {"capture": 1}
            if k == MERMAID:
                parts["mermaid"] = 1
            if k == self.trump:
                parts["trump"] = 1
            if conditions:
                parts["win"] = 2
                self.seat_round_wins[p] += 1
                self.stats["round " + conditions[0]] += 1
                events.append(Event("RoundWon", {"seat": p, "round": self.round_no, "how": conditions[0],
                                                 "conditions": conditions,
                                                 "kinds": [KINDS[c] for c in mine]}))
            gained = sum(parts.values())
            self.points[p] += gained
            events.append(Event("PointsScored", {"seat": p, "points": gained, "total": self.points[p],
                                                 "parts": parts}))
            target = self.options["target"]
            if target is not None and self.points[p] >= target:
                if not conditions:
                    self.stats["round unfinished"] += 1
                self._finish([p], "target", events)
                return
            if conditions:
                self._end_round(events)
                return
        else:
            events.append(Event("TurnedBack", {"places": places}))
        if self.face_down_count() < 3:
            self.stats["round none"] += 1
            events.append(Event("RoundNoWinner", {"round": self.round_no}))
            self._end_round(events)
            return
        self.current = (p + 1) % self.players
        events.append(Event("TurnStarted", {"seat": self.current, "turn": self.turns,
                                            "round": self.round_no}))


def _is_index(word: str) -> bool:
    return word.isdigit() and word.isascii()


def _fingerprint(values) -> int:
    acc = 0
    for v in values:
        acc = (acc * 1000003 + v) & 0xFFFFFFFFFFFFFFFF
    return acc


# ---- what one seat could not have seen: knowledge, a posterior chain, sample_state ----------
def knowledge(view: dict, remembered: set[int] | None = None):
    """What ``view``'s seat knows (``remembered``: the reveal ``id``s it still remembers; None
    means perfect memory of the public history).

    Returns ``(hands, centre, pool, cap_from)``: ``hands[s][p]`` and ``centre[p]`` are a kind index
    where known, None where unknown, and ``HOLE`` (-1) for a centre hole; ``pool`` counts the kinds
    of the unknown cards; ``cap_from[s]`` counts the kinds captured out of hand ``s`` this round.
    """
    seat, n = view["seat"], view["players"]
    hands: list[list] = [[None] * size for size in view["hand_sizes"]]
    hands[seat] = [KIND_INDEX[c] for c in view["hand"]]
    centre: list = [HOLE if c == "hole" else None for c in view["table"]["centre"]]
    for s, row in enumerate(view["table"]["hands"]):
        for p, c in enumerate(row):
            if c != "down":
                hands[s][p] = KIND_INDEX[c]
    for p, c in enumerate(view["table"]["centre"]):
        if c not in ("down", "hole"):
            centre[p] = KIND_INDEX[c]
    cap_from = [Counter() for _ in range(n)]
    counted: set[int] = set()
    for r in view["reveals"]:
        now, k = r["now"], KIND_INDEX[r["kind"]]
        if now is None:
            if r["where"] == "hand" and r["id"] not in counted:
                counted.add(r["id"])
                cap_from[r["seat"]][k] += 1
        elif remembered is None or r["id"] in remembered:
            if now["where"] == "hand":
                hands[now["seat"]][now["pos"]] = k
            else:
                centre[now["pos"]] = k
    pool = Counter({KIND_INDEX[name]: c for name, c in view["remaining"].items()})
    for h in hands:
        for k in h:
            if k is not None:
                pool[k] -= 1
    for k in centre:
        if k is not None and k != HOLE:
            pool[k] -= 1
    return hands, centre, +pool, cap_from


HOLE = -1


class HiddenChain:
    """A Markov chain over the unknown cards whose stationary law is the exact posterior.

    The prior is the deal (a uniform shuffle; hands sorted; each hand's MERMAIDs at a uniformly
    random place, as computer seats place them). Given the cards known at known places, a full
    assignment is possible only if every hand is sorted apart from MERMAIDs and the kind counts
    match; its weight is ∏ over hands of n0! / ∏_k M0[k]! (M0: the hand as dealt, captured cards
    included; n0: its non-mermaid count). Moves swap the kinds of two unknown places
    (Metropolis), and ``marginals()`` are the time-averaged kind frequencies of each place.
    """

    def __init__(self, hands, centre, pool: Counter, cap_from, rng: random.Random):
        self.rng = rng
        known_hands = [list(h) for h in hands]
        self.hands = [list(h) for h in hands]
        self.slots: list[tuple[int, int]] = []
        for s, h in enumerate(self.hands):
            self.slots.extend((s, p) for p, k in enumerate(h) if k is None)
        hand_slots = len(self.slots)
        self.slots.extend((-1, p) for p, k in enumerate(centre) if k is None)
        if sum(pool.values()) != len(self.slots):
            raise ValueError("the unknown cards do not match the unknown places")
        pool = Counter(pool)
        self._fill(self.slots[:hand_slots], pool)
        rest = list(pool.elements())
        rng.shuffle(rest)
        self.kinds = [self.hands[s][p] if s >= 0 else None for s, p in self.slots]
        for i in range(hand_slots, len(self.slots)):
            self.kinds[i] = rest[i - hand_slots]
        self.m0 = []
        self.n0 = []
        for s, h in enumerate(self.hands):
            c = Counter(h) + cap_from[s]
            self.m0.append([c.get(k, 0) for k in range(13)])
            self.n0.append(sum(c.get(k, 0) for k in range(12)))
        self.steps = 0
        self.count = [[0] * 13 for _ in self.slots]
        self.last = [0] * len(self.slots)
        self._gaps(known_hands)

    def _fill(self, slots, pool: Counter) -> None:
        """A random sorted-consistent filling of the unknown hand places (backtracking)."""
        hands, rng = self.hands, self.rng

        def bounds(s, p):
            h = hands[s]
            lo = hi = None
            for q in range(p - 1, -1, -1):
                if h[q] is not None and h[q] != MERMAID:
                    lo = h[q]
                    break
            for q in range(p + 1, len(h)):
                if h[q] is not None and h[q] != MERMAID:
                    hi = h[q]
                    break
            return (0 if lo is None else lo), (11 if hi is None else hi)

        order = sorted(slots, key=lambda sp: (bounds(*sp)[1] - bounds(*sp)[0], sp))
        for _attempt in range(50):
            stack: list[list[int]] = []
            i, work = 0, 0
            while 0 <= i < len(order) and work < 20000:
                work += 1
                s, p = order[i]
                if i == len(stack):
                    lo, hi = bounds(s, p)
                    cands = [k for k, c in pool.items() if c > 0 and (k == MERMAID or lo <= k <= hi)]
                    keys = {k: rng.random() ** (1.0 / pool[k]) for k in cands}
                    cands.sort(key=keys.__getitem__)
                    stack.append(cands)
                elif hands[s][p] is not None:
                    pool[hands[s][p]] += 1
                    hands[s][p] = None
                if stack[i]:
                    k = stack[i].pop()
                    hands[s][p] = k
                    pool[k] -= 1
                    i += 1
                else:
                    stack.pop()
                    i -= 1
            if i == len(order):
                return
            for s, p in order:                       # give everything back and try again
                if hands[s][p] is not None:
                    pool[hands[s][p]] += 1
                    hands[s][p] = None
        raise ValueError("no deal is consistent with this view")

    def _gaps(self, known_hands) -> None:
        """Group each hand's unknown places into gaps between known numbers (with their range)."""
        self.slot_at = {place: i for i, place in enumerate(self.slots)}
        self.gap_of = [-1] * len(self.slots)
        self.gap_places: list[list[int]] = []      # slot indexes, left to right
        self.gap_range: list[tuple[int, int]] = []
        for s, h in enumerate(known_hands):
            lo, current = 0, []
            for p, k in enumerate(h + [11]):
                if p == len(h) or (k is not None and k != MERMAID):
                    if current:
                        for i in current:
                            self.gap_of[i] = len(self.gap_places)
                        self.gap_places.append(current)
                        self.gap_range.append((lo, k if p < len(h) else 11))
                    lo, current = (k if p < len(h) else lo), []
                elif k is None:
                    current.append(self.slot_at[(s, p)])

    def _set(self, i: int, k: int, t: int) -> None:
        old = self.kinds[i]
        if old != k:
            self.count[i][old] += t - self.last[i]
            self.last[i] = t
            self.kinds[i] = k
            s, p = self.slots[i]
            if s >= 0:
                self.hands[s][p] = k

    def _fits(self, i: int, k: int) -> bool:
        """Would number ``k`` at unknown hand place ``i`` keep that hand sorted?"""
        s, p = self.slots[i]
        h = self.hands[s]
        for q in range(p - 1, -1, -1):
            if h[q] != MERMAID:
                if h[q] > k:
                    return False
                break
        for q in range(p + 1, len(h)):
            if h[q] != MERMAID:
                return h[q] >= k
        return True

    def _resort(self, g: int, t: int) -> None:
        places, kinds = self.gap_places[g], self.kinds
        numbers = sorted(kinds[i] for i in places if kinds[i] != MERMAID)
        n = 0
        for i in places:
            if kinds[i] != MERMAID:
                self._set(i, numbers[n], t)
                n += 1

    def run(self, steps: int) -> None:
        """``steps`` Metropolis–Hastings moves. A move trades the kinds of two unknown places. When
        two numbers trade, a hand gap that receives one re-sorts its numbers (mermaids stay put;
        the Hastings factor counts the places that could make or undo the move); when a mermaid
        trades with a number, the number must fit where it lands."""
        slots, kinds, m0, n0 = self.slots, self.kinds, self.m0, self.n0
        gap_of, gap_places, gap_range = self.gap_of, self.gap_places, self.gap_range
        u = len(slots)
        if u < 2:
            self.steps += steps
            return
        rnd = self.rng.random
        t = self.steps
        for _ in range(steps):
            t += 1
            i = int(rnd() * u)
            j = int(rnd() * u)
            a, b = kinds[i], kinds[j]
            if a == b:
                continue
            gi, gj = gap_of[i], gap_of[j]
            if gi >= 0 and gi == gj:
                # inside one gap only a mermaid can move: swap if the numbers stay sorted
                if a != MERMAID and b != MERMAID:
                    continue
                kinds[i], kinds[j] = b, a
                last = -1
                ok = True
                for x in gap_places[gi]:
                    k = kinds[x]
                    if k != MERMAID:
                        if k < last:
                            ok = False
                            break
                        last = k
                kinds[i], kinds[j] = a, b
                if ok:
                    self._set(i, b, t)
                    self._set(j, a, t)
                continue
            mermaid_move = a == MERMAID or b == MERMAID
            if mermaid_move:
                # a number takes a mermaid's place (or the reverse): it must fit there as it is
                if (gi >= 0 and b != MERMAID and not self._fits(i, b)) or \
                        (gj >= 0 and a != MERMAID and not self._fits(j, a)):
                    continue
            else:
                if gi >= 0 and not gap_range[gi][0] <= b <= gap_range[gi][1]:
                    continue
                if gj >= 0 and not gap_range[gj][0] <= a <= gap_range[gj][1]:
                    continue
            si, sj = slots[i][0], slots[j][0]
            ratio = 1.0
            if si != sj:
                for s, lose, gain in ((si, a, b), (sj, b, a)):
                    if s < 0:
                        continue
                    ms = m0[s]
                    ratio *= (n0[s] + 1) if lose == MERMAID else ms[lose]
                    ratio /= n0[s] if gain == MERMAID else (ms[gain] + 1)
            if not mermaid_move:
                # Hastings: how many places of the gap could have made / can undo this move
                for g, lose, gain in ((gi, a, b), (gj, b, a)):
                    if g >= 0:
                        ks = [kinds[x] for x in gap_places[g]]
                        ratio *= (ks.count(gain) + 1) / ks.count(lose)
            if ratio < 1.0 and rnd() >= ratio:
                continue
            if si != sj:
                for s, lose, gain in ((si, a, b), (sj, b, a)):
                    if s >= 0:
                        m0[s][lose] -= 1
                        m0[s][gain] += 1
                        n0[s] += (lose == MERMAID) - (gain == MERMAID)
            self._set(i, b, t)
            self._set(j, a, t)
            if not mermaid_move:
                if gi >= 0:
                    self._resort(gi, t)
                if gj >= 0:
                    self._resort(gj, t)
        self.steps = t

    def reset_counts(self) -> None:
        self.count = [[0] * 13 for _ in self.slots]
        self.last = [self.steps] * len(self.slots)
        self._origin = self.steps

    def marginals(self) -> dict[tuple[int, int], list[float]]:
        """Place (seat, pos) or (-1, centre pos) → probability of each kind (13 numbers)."""
        origin = getattr(self, "_origin", 0)
        total = self.steps - origin
        out = {}
        for i, place in enumerate(self.slots):
            row = list(self.count[i])
            row[self.kinds[i]] += self.steps - self.last[i]
            if total <= 0:
                row = [0.0] * 13
                row[self.kinds[i]] = 1.0
            else:
                row = [c / total for c in row]
            out[place] = row
        return out

    def assignment(self):
        """The current full assignment: (hands, centre kinds by position for the unknown places)."""
        centre = {p: self.kinds[i] for i, (s, p) in enumerate(self.slots) if s < 0}
        return [list(h) for h in self.hands], centre


def sample_state(view: dict, seat: int, rng: random.Random, mix: int | None = None) -> Zodiac:
    """A full state consistent with ``view`` (seat ``seat``'s view; perfect memory of the public
    reveal history), the unseen cards drawn from the posterior (``HiddenChain``, ``mix`` moves)."""
    if view["seat"] != seat:
        raise ValueError("the view is not that seat's")
    hands_k, centre_k, pool, cap_from = knowledge(view)
    chain = HiddenChain(hands_k, centre_k, pool, cap_from, rng)
    chain.run(mix if mix is not None else 30 * len(chain.slots) + 100)
    hands, centre_fill = chain.assignment()
    n = view["players"]
    g = Zodiac.__new__(Zodiac)
    g.players = n
    g.rng = random.Random(rng.getrandbits(64))
    g.options = dict(view["options"])
    g._specs = []
    g.kinds_used, g.hand_size, g.centre_size = SETUPS[n]
    g.grid = GRID[n]
    g.points = list(view["points"])
    g.turns = view["turn"]
    g.round_no = view["round"]
    g.rounds_done = view["round"] - 1
    g.start_player = view["start_player"]
    g.done = view["over"]
    g.win_seats = list(view["winners"])
    g.reason = None
    g.stats = {"round trump": 0, "round opposites": 0, "round three-sets": 0, "round none": 0,
               "round unfinished": 0, "rounds": 1, "turns": 0}
    g.seat_captures = [len(c) for c in view["captures"]]
    g.seat_round_wins = [0] * n
    kind_of: list[int] = []
    g.hands = []
    for h in hands:
        ids = []
        for k in h:
            ids.append(len(kind_of))
            kind_of.append(k)
        g.hands.append(ids)
    g.centre, g.holes = [], {}
    for p, k in enumerate(centre_k):
        if k == HOLE:
            g.centre.append(None)
            g.holes[p] = "trump" if p == view["trump_pos"] else "captured"
        else:
            g.centre.append(len(kind_of))
            kind_of.append(centre_fill[p] if k is None else k)
    g.trump = KIND_INDEX[view["trump"]]
    g.trump_pos = view["trump_pos"]
    kind_of.append(g.trump)
    gone: dict[int, int] = {}              # card id of a captured card → its uid
    for r in view["reveals"]:
        if r["now"] is None and r["id"] not in gone:
            gone[r["id"]] = len(kind_of)
            kind_of.append(KIND_INDEX[r["kind"]])
    g.kind_of = kind_of

    def uid_at(place):
        if place["where"] == "hand":
            return g.hands[place["seat"]][place["pos"]]
        return g.centre[place["pos"]]

    g.captures = [[KIND_INDEX[c] for c in caps] for caps in view["captures"]]
    g.arranged = list(view["arranged"])
    g.started = view["started"]
    g.pointed = [uid_at(p) for p in view["pointed"]]
    g.reveals = []
    for r in view["reveals"]:
        u = gone[r["id"]] if r["now"] is None else uid_at(r["now"])
        g.reveals.append((r["turn"], r["by"], r["step"], r["where"], r["seat"], r["pos"],
                          KIND_INDEX[r["kind"]], u))
    g.round_turns = view["round_turn"]
    g.current = view["current_player"] if view["current_player"] is not None else view["start_player"]
    g.opening_events = []
    return g
