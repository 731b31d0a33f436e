"""Zodiac Catchers belief for search: what one seat could not have seen.

``knowledge(view)`` reads what a seat knows, ``HiddenChain`` is a Markov chain whose stationary
law is the exact posterior over the unseen cards, and ``sample_state`` deals a full state from
it. Search bots use these; the engine never does.
"""
from __future__ import annotations

import random
from collections import Counter

from game.rules.zodiac import Zodiac
from game.rules.zodiac_cards import GRID, KIND_INDEX, MERMAID, SETUPS


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
    g.game_over = view["over"]
    g.winning_seats = list(view["winners"])
    g.ending = None
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
    g._points = None
    g._rows_cache = None
    g._view_cache = None

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
