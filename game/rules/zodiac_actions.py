"""Zodiac Catchers: the actions (ZC-2 arranging mermaids, ZC-3…ZC-5 pointing, capturing, winning
a round).

A mixin of ``Zodiac``: ``arrange SEAT CARD…``, ``point hand SEAT POS`` and ``point centre POS``
(read by the engine's grammar: seats and positions as numbers, cards as kinds), refuses before
changing anything, and resolves a turn's third card (capture, points, round won, match won).
The engine keeps the deal and the round flow.
"""
from __future__ import annotations

from collections import Counter

from game.rules.base import Event, RuleError
from game.rules.zodiac_cards import KINDS, MERMAID, is_sorted_hand, opposite


def _place(where: str, seat: int | None, pos: int) -> dict:
    return {"where": where, "seat": seat, "pos": pos}


class Actions:
    """Arranging and pointing; the state changes only in ``_reveal`` and ``_finish_turn``."""

    def _do_arrange(self, action: str, seat: int, new: tuple[int, ...]) -> list[Event]:
        if self.started:
            raise RuleError(action, "mermaids can only be arranged before the round's first pointing",
                            "zc.started")
        if self.arranged[seat]:
            raise RuleError(action, f"seat {seat} has already arranged its hand this round",
                            "zc.arranged", seat=seat)
        hand = self.hands[seat]
        if Counter(new) != Counter(self.kind_of[u] for u in hand):
            raise RuleError(action, f"the cards are not exactly seat {seat}'s hand (give the whole hand)")
        if not is_sorted_hand(new):
            raise RuleError(action, "not sorted: numbers must ascend from the left; only mermaids move",
                            "zc.unsorted")
        numbers = [u for u in hand if self.kind_of[u] != MERMAID]
        mermaids = [u for u in hand if self.kind_of[u] == MERMAID]
        ni, mi = iter(numbers), iter(mermaids)
        self.hands[seat] = [next(mi) if k == MERMAID else next(ni) for k in new]
        self._points = None                 # the cards changed places
        self.arranged[seat] = True
        return [Event("Arranged", {"seat": seat}),
                Event("HandArranged", {"seat": seat, "hand": self._hand_names(seat)}, frozenset({seat}))]

    def _do_point(self, action: str, where: str, *place: int) -> list[Event]:
        if where == "hand":
            seat, pos = place
            hand = self.hands[seat]
            if pos >= len(hand):
                raise RuleError(action, f"seat {seat}'s hand has {len(hand)} cards (positions 0-"
                                        f"{len(hand) - 1})" if hand else f"seat {seat}'s hand is empty")
            uid, where = hand[pos], ("hand", seat, pos)
        else:
            pos = place[0]
            if pos >= self.centre_size:
                raise RuleError(action, f"the centre has positions 0-{self.centre_size - 1}")
            uid = self.centre[pos]
            if uid is None:
                why = ("the trump was turned from there" if self.holes[pos] == "trump"
                       else "its card was captured")
                raise RuleError(action, f"centre {pos} is a hole ({why})", "zc.hole", pos=pos)
            where = ("centre", None, pos)
        if uid in self.pointed:
            raise RuleError(action, "that card is already face up: point at 3 different face-down cards",
                            "zc.face_up")
        return self._reveal(uid, *where)

    def apply_trusted(self, action: str) -> list[Event]:
        """``point`` actions from ``legal_actions()`` skip the parsing and the checks."""
        place = _POINT_PLACES.get(action)
        if place is None or self.game_over:
            return self._apply(action)
        where, seat, pos = place
        return self._reveal(self.centre[pos] if seat is None else self.hands[seat][pos], where, seat, pos)

    def _reveal(self, uid: int, where: str, seat: int | None, pos: int) -> list[Event]:
        """Turn a card face up (a valid pointing): the state changes only here."""
        events: list[Event] = []
        self.started = True
        self.pointed.append(uid)
        kind = self.kind_of[uid]
        step = len(self.pointed)
        self.reveals.append((self.turns, self.current, step, where, seat, pos, kind, uid))
        events.append(Event("CardRevealed", {"by": self.current, "step": step, "where": where,
                                             "seat": seat, "pos": pos, "card": KINDS[kind]}))
        if step == 3:
            self._finish_turn(events)
        return events

    def _finish_turn(self, events: list[Event]) -> None:
        p = self.current
        # Nothing moves during a turn, so the three reveals give the places (no full scan).
        loc = {r[7]: (r[3], r[4], r[5]) for r in self.reveals[-3:]}
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
            self._points = None
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


# Canonical point actions -> place, for the trusted path (hands hold at most 10, centre 14).
_POINT_PLACES = {f"point hand {s} {p}": ("hand", s, p) for s in range(6) for p in range(16)}
_POINT_PLACES.update({f"point centre {p}": ("centre", None, p) for p in range(16)})

