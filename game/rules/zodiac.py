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

View (``view(seat)``; ``view(None)``: an onlooker, with an empty ``hand``)
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

from game.rules.base import Event, Game, SetupError, check_keys
from game.rules.grammar import Word
from game.rules.zodiac_actions import Actions, _place
from game.rules.zodiac_cards import (  # noqa: F401  (re-exported: the engine's vocabulary)
    GRID,
    KIND_INDEX,
    KINDS,
    MERMAID,
    NUMBER,
    SETUPS,
    arrangements,
    dealt_order,
    deck_counts,
    is_sorted_hand,
    opposite,
    random_arrangement,
)
from game.rules.zodiac_deal import Dealing

_DECKS: dict[int, Counter] = {}     # seats -> the cards of the game by kind


class Zodiac(Actions, Dealing, Game):
    name = "zodiac"
    min_players = 2
    max_players = 6
    turn_cap = 6000     # random play finds few triples: a match of random bots can take thousands of turns
    # never changed in place, so clones share them: the card kinds of the round, the cached point
    # actions, the cached reveals of the view, the setup's deals
    shared_state = frozenset({"kind_of", "_points", "_rows_cache", "_view_cache", "_specs"})
    # how deep each container of the state goes (Game.clone copies that many levels)
    state_depth = {**dict.fromkeys(("arranged", "centre", "holes", "opening_events", "options", "pointed",
                                    "points", "reveals", "seat_captures", "seat_round_wins", "stats",
                                    "winning_seats"), 1),
                   "captures": 2, "hands": 2}
    # the actions of RULES.md §4: verb -> the words after it (game/rules/grammar.py)
    verbs = {"arrange": "seat card*", "point": ("hand seat pos", "centre pos")}
    word_kinds = {"card": Word("card", KIND_INDEX, " ".join(KINDS))}
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
        self.game_over = False
        self.winning_seats: list[int] = []
        self.ending: str | None = None
        self.stats = {"round trump": 0, "round opposites": 0, "round three-sets": 0, "round none": 0,
                      "round unfinished": 0, "rounds": 0, "turns": 0}
        self.seat_captures = [0] * n
        self.seat_round_wins = [0] * n
        events: list[Event] = []
        self._start_round(events)
        self.opening_events = events

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
        self._points = None                 # cache of legal_actions' point actions
        self._rows_cache = None             # cache of the view's reveals (_reveal_rows)
        self._view_cache = None             # and of the rest shared by all seats' views (_view_parts)
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
        self.game_over = True
        self.winning_seats = winners
        self.ending = reason
        events.append(Event("MatchWon", {"winners": list(winners), "reason": reason,
                                         "points": list(self.points)}))

    # ---- queries (current_player, over, winners, turn, end_reason: the base) ----------------
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
        in_centre = self.centre_size - len(self.holes)      # a hole is where a card is not
        return sum(map(len, self.hands)) + in_centre - len(self.pointed)

    def arrange_options(self, seat: int) -> list[str]:
        """Every legal ``arrange`` action for ``seat`` now (empty when it may not arrange)."""
        if self.game_over or self.started or self.arranged[seat]:
            return []
        kinds = [self.kind_of[u] for u in self.hands[seat]]
        return [f"arrange {seat} " + " ".join(KINDS[k] for k in a) for a in arrangements(kinds)]

    def random_arrange_action(self, seat: int, rng: random.Random) -> str | None:
        """A random legal ``arrange`` for ``seat`` (runtime helper for computer seats), or None."""
        if self.game_over or self.started or self.arranged[seat]:
            return None
        return f"arrange {seat} " + " ".join(random_arrangement(self._hand_names(seat), rng))

    def choices(self, seat: int) -> list[str]:
        """A seat holding a mermaid arranges before the round's first pointing (out of turn too);
        the seat to move points. (An arrangement without a mermaid changes nothing: not a choice.)"""
        if self.game_over:
            return []
        out = self.arrange_options(seat) if "MERMAID" in self._hand_names(seat) else []
        if seat == self.current:
            out += [a for a in self.legal_actions() if not a.startswith("arrange ")]
        return out

    def actor(self, action: str) -> int | None:
        """``arrange SEAT …`` is that seat's, whoever is to move (its out-of-turn setup choice)."""
        words = action.split()
        if words and words[0] == "arrange" and len(words) > 1 and words[1].isdigit():
            return int(words[1])
        return self.current_player

    def computer_setup_actions(self, seat: int, rng: random.Random) -> list[str]:
        action = self.random_arrange_action(seat, rng)
        return [action] if action else []

    def legal_actions(self) -> list[str]:
        if self.game_over:
            return []
        actions, index = self._point_actions()
        out = list(actions)
        pointed = self.pointed              # at most 2 cards: drop them, last index first
        if len(pointed) == 1:
            del out[index[pointed[0]]]
        elif pointed:
            i, j = index[pointed[0]], index[pointed[1]]
            del out[max(i, j)]
            del out[min(i, j)]
        if not self.started:
            out[:0] = self.arrange_options(self.current)
        return out

    def _point_actions(self) -> tuple[list[str], dict[int, int]]:
        """Every ``point`` action for the cards in play, and each card's index in that list.
        Cached until a capture or a new deal moves cards (``self._points = None``); never
        mutated, so clones share it."""
        cache = self._points
        if cache is None:
            actions, index = [], {}
            for s, hand in enumerate(self.hands):
                for p, u in enumerate(hand):
                    index[u] = len(actions)
                    actions.append(f"point hand {s} {p}")
            for p, u in enumerate(self.centre):
                if u is not None:
                    index[u] = len(actions)
                    actions.append(f"point centre {p}")
            cache = self._points = (actions, index)
        return cache

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know (module notes); ``seat=None``: an onlooker, who holds no hand."""
        if seat is not None and (not isinstance(seat, int) or not 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r}")
        loc, remaining, rows, place_now = self._view_parts()
        kind_of = self.kind_of
        # every card in play lies face down but the (at most two) pointed ones
        hands = [["down"] * len(h) for h in self.hands]
        centre = ["hole" if u is None else "down" for u in self.centre]
        for u in self.pointed:
            where, s, p = loc[u]
            (hands[s] if where == "hand" else centre)[p] = KINDS[kind_of[u]]
        out = []
        for row, r in zip(rows, self.reveals, strict=True):     # a copy of each row and of its place now
            row = row.copy()                                    # (faster than {**row, "now": ...})
            place = place_now[r[7]]
            row["now"] = place and place.copy()
            out.append(row)
        return {
            "game": self.name, "seat": seat, "players": self.players, "options": dict(self.options),
            "round": self.round_no, "start_player": self.start_player,
            "current_player": self.current_player, "over": self.game_over, "winners": self.winners,
            "turn": self.turns, "round_turn": self.round_turns, "step": len(self.pointed),
            "grid": list(self.grid), "hand_size": self.hand_size,
            "kinds": [KINDS[k] for k in self.kinds_used],
            "trump": KINDS[self.trump], "trump_pos": self.trump_pos,
            "hand": [] if seat is None else self._hand_names(seat),
            "hand_sizes": [len(h) for h in self.hands],
            "table": {"hands": hands, "centre": centre},
            "pointed": [{**_place(*loc[u]), "kind": KINDS[kind_of[u]]} for u in self.pointed],
            "captures": [[KINDS[k] for k in c] for c in self.captures],
            "points": list(self.points),
            "remaining": remaining.copy(),
            "arranged": list(self.arranged),
            "can_arrange": (seat is not None and not self.game_over and not self.started
                            and not self.arranged[seat]),
            "started": self.started,
            "reveals": out,
        }

    def _view_parts(self) -> tuple[dict, dict, list]:
        """Every card's place (``_locations``), the kinds left in play, and each reveal row of the
        round with its card's place now: the same for every seat's view of one state. The places
        and kinds left are kept (``_view_cache``) while kind_of is the same and the hands and
        centre compare equal (any change of place remakes them), each revealed card's place now
        while the reveal rows are also the same. Never changed in place: clones share it."""
        rows, first = self._reveal_rows()
        kind_of = self.kind_of
        places = (tuple(map(tuple, self.hands)), tuple(self.centre))
        cache = self._view_cache
        if cache is not None and cache[0] is kind_of and cache[1] == places:
            if cache[2] is first:
                return cache[3], cache[4], rows, cache[5]
            loc, remaining = cache[3], cache[4]
        else:
            loc = self._locations()
            counts = Counter(map(kind_of.__getitem__, loc))
            remaining = {KINDS[k]: counts.get(k, 0) for k in self.kinds_used}
        # each card's place now, worked out once per card, not once per reveal
        place_now = {u: None if (w := loc.get(u)) is None else {"where": w[0], "seat": w[1], "pos": w[2]}
                     for u in first}
        self._view_cache = (kind_of, places, first, loc, remaining, place_now)
        return loc, remaining, rows, place_now

    def _reveal_rows(self) -> tuple[list[dict], dict[int, int]]:
        """The view's reveals of this round (``now`` left None), and each card's first reveal (its
        ``id``). Kept between views and built on from where the last one stopped: a long round
        has hundreds of reveals, and views of every seat after every action rebuilt them all.
        ``reveals`` only grows by appending within a round (clones copy it, sharing its tuples)
        and is a new list of new tuples at the next, so the cache holds while its first and last
        reveal are the same tuples at the same places. Never changed in place: clones share it."""
        reveals = self.reveals
        cache = self._rows_cache
        n = len(reveals)
        if cache is not None:
            rows, first, head, tail = cache
            m = len(rows)
            if m == n and (not m or (reveals[0] is head and reveals[-1] is tail)):
                return rows, first
            if 0 < m < n and reveals[0] is head and reveals[m - 1] is tail:
                rows, first = list(rows), dict(first)
            else:
                rows, first, m = [], {}, 0
        else:
            rows, first, m = [], {}, 0
        for i in range(m, n):
            t, by, step, where, s, p, k, u = reveals[i]
            rows.append({"turn": t, "by": by, "step": step, "where": where, "seat": s, "pos": p,
                         "kind": KINDS[k], "id": first.setdefault(u, i), "now": None})
        self._rows_cache = (rows, first, reveals[0], reveals[-1]) if n else None
        return rows, first

    dump_fields = (("round", "round_no"), ("rounds_done", "rounds_done"), ("start_player", "start_player"),
                   ("current", "current"), ("over", "game_over"), ("winners", "winning_seats"),
                   ("reason", "ending"), ("turn", "turns"), ("round_turn", "round_turns"),
                   ("hand_ids", "hands"), ("centre_ids", "centre"), ("trump_pos", "trump_pos"),
                   ("pointed", "pointed"), ("started", "started"), ("arranged", "arranged"),
                   ("points", "points"), ("reveals", "reveals"), ("stats", "stats"),
                   ("seat_captures", "seat_captures"), ("seat_round_wins", "seat_round_wins"))

    def _dump_extra(self) -> dict:
        return {"hands": [self._hand_names(s) for s in range(self.players)],
                "centre": [None if u is None else KINDS[self.kind_of[u]] for u in self.centre],
                "holes": {str(k): v for k, v in sorted(self.holes.items())}, "trump": KINDS[self.trump],
                "captures": [[KINDS[k] for k in c] for c in self.captures]}

    def summary(self) -> dict:
        return {"game": self.name, "over": self.game_over, "winners": self.winners,
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
                            + ([self.round_turns] if self.ending == "target" else [])}}

    def check_invariants(self) -> None:
        n = self.players
        deck = _DECKS.get(n) or _DECKS.setdefault(n, deck_counts(n))     # (compared, never changed)
        kind = self.kind_of.__getitem__
        in_play = [u for h in self.hands for u in h] + [u for u in self.centre if u is not None]
        in_set = set(in_play)
        assert len(in_set) == len(in_play), "a card is in two places"
        counts = Counter(map(kind, in_play))
        in_play_trump = counts[self.trump]
        for c in self.captures:
            for k in c:
                counts[k] += 3
        counts[self.trump] += 1
        assert counts == deck, f"cards not conserved: {dict(counts)} vs {dict(deck)}"
        trump_captured = any(self.trump in c for c in self.captures)
        assert in_play_trump == (0 if trump_captured else 3), f"{in_play_trump} trump cards in play"
        assert self.centre[self.trump_pos] is None and self.holes.get(self.trump_pos) == "trump"
        assert len(self.centre) == self.centre_size
        for p, u in enumerate(self.centre):
            assert (u is None) == (p in self.holes), "centre holes out of step"
        for s, hand in enumerate(self.hands):
            assert is_sorted_hand(list(map(kind, hand))), f"hand {s} not sorted"
        assert len(self.pointed) <= 2 and len(set(self.pointed)) == len(self.pointed)
        assert all(u in in_set for u in self.pointed), "a pointed card is not in play"
        assert self.started or (not self.pointed and not self.reveals)
        assert len(self.reveals) == 3 * self.round_turns + len(self.pointed)
        if not self.game_over:
            assert 0 <= self.current < n
            assert self.face_down_count() >= 3 - len(self.pointed)
            for c in self.captures:
                assert len(c) <= 2 and self.trump not in c, "a round should have been won"
        assert sum(self.seat_captures) >= sum(len(c) for c in self.captures)

