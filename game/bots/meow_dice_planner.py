"""Meow Meow Dice turn planning: exact expectimax over one turn's rerolls.

``Planner`` computes, for every choice of dice to keep, the expected value of the best card met
with the rolls left (memoised over multisets of faces; locks, the shrinking roll rule, the
4-roll cap and one-bite rerolls respected). ``SearchBot`` and the odds overlay use it; with 0/1
values it is the exact chance of meeting a card (``chance_to_meet``).
"""
from __future__ import annotations

import itertools
from fractions import Fraction

from game.rules.meow_dice_data import roll_info

# ---- multisets of faces ---------------------------------------------------------------------
MULTISETS = {n: list(itertools.combinations_with_replacement(range(6), n)) for n in range(5)}


def _outcomes(m: int) -> list[tuple[tuple, int]]:
    """Each multiset of m thrown dice with the number of the 6**m ordered throws giving it."""
    counts: dict[tuple, int] = {}
    for roll in itertools.product(range(6), repeat=m):
        key = tuple(sorted(roll))
        counts[key] = counts.get(key, 0) + 1
    return sorted(counts.items())


OUTCOMES = {m: _outcomes(m) for m in range(5)}
_MERGE: dict[tuple, tuple] = {}


def merge(a: tuple, b: tuple) -> tuple:
    key = (a, b)
    out = _MERGE.get(key)
    if out is None:
        out = _MERGE[key] = tuple(sorted(a + b))
    return out


def _sub_multisets(ms: tuple) -> dict[int, list[tuple]]:
    """Distinct sub-multisets of ``ms`` by size."""
    out: dict[int, set] = {n: set() for n in range(len(ms) + 1)}
    for n in range(len(ms) + 1):
        for combo in itertools.combinations(ms, n):
            out[n].add(combo)
    return {n: sorted(v) for n, v in out.items()}


SUBS = {ms: _sub_multisets(ms) for n in range(5) for ms in MULTISETS[n]}


OUT = {(keep, m): [(merge(keep, o), c) for o, c in OUTCOMES[m]]
       for m in range(5) for n in range(5 - m) for keep in MULTISETS[n]}

_INDEX = {n: {ms: i for i, ms in enumerate(MULTISETS[n])} for n in range(5)}
# (free, m) -> per kept multiset, its outcomes as (index of the free dice after, ordered throws)
_E_OUT = {(f, m): [[(_INDEX[f][merge(keep, o)], c) for o, c in OUTCOMES[m]] for keep in MULTISETS[f - m]]
          for f in range(1, 5) for m in range(1, f)}
# (free, m) -> per multiset of the free dice, the indexes of its sub-multisets kept when m are thrown
_V_SUBS = {(f, m): [tuple(_INDEX[f - m][keep] for keep in SUBS[ms][f - m]) for ms in MULTISETS[f]]
           for f in range(1, 5) for m in range(1, f)}
_TABLES: dict[tuple, tuple] = {}        # (free dice, exact, stop items) -> Planner.tables()
_TABLES_KEPT = 64


class Planner:
    """Expectimax over the rest of one turn's rolls.

    ``stop`` maps every multiset of the free (unlocked) dice to the value of stopping with it
    (the best card its 4 dice meet, locks included). ``V(free, k, r, b)``: value after a roll
    that threw ``k`` dice, ``r`` rolls made so far, ``b`` bites still usable; the next reroll
    throws 1…k-1 dice (1…k with a bite, which costs ``bite_cost``), at most 4 rolls in all.
    Keeping any sub-multiset of the free dice is a choice; rerolled dice follow ``OUTCOMES``.

    Without bites the values are computed bottom-up once (``tables``): V_1 = stop,
    E_m(keep) = sum over outcomes of V_m, V_{m+1} = max(V_m, E_m of every keep) — a few thousand
    sums. With bites (or a roll cap made binding by earlier bites) a memoised recursion over
    (multiset, k, rolls, bites) does the same.
    """

    def __init__(self, stop: dict, free: int, bite_cost=0, exact: bool = False):
        self.stop = stop
        self.free = free
        self.bite_cost = bite_cost
        self.exact = exact
        self._v: dict = {}
        self._e: dict = {}
        self._tables = None

    def _div(self, total, m):
        return Fraction(total, 6 ** m) if self.exact else total / 6 ** m

    def tables(self):
        """(V, E): V[k][ms] after a roll of k dice, E[m][keep], without bites."""
        if self._tables is None:
            f, stop = self.free, self.stop
            # The same stop values give the same tables (a refilled slot often draws the same
            # card again, and a turn's decisions share their planners' stops): kept a while.
            key = (f, self.exact, tuple(stop.items()))
            known = _TABLES.get(key)
            if known is not None:
                self._tables = known
                return known
            # By position in MULTISETS (lists, no tuple hashed per lookup); the same sums in
            # the same order and the same "a later keep replaces only if greater" as by key.
            V, E = {1: stop}, {}
            div = self._div
            Vm = [stop[ms] for ms in MULTISETS[f]]
            for m in range(1, f):
                Em = []
                for outs in _E_OUT[(f, m)]:
                    total = 0
                    for o, c in outs:
                        total += c * Vm[o]
                    Em.append(div(total, m))
                E[m] = dict(zip(MULTISETS[f - m], Em, strict=True))
                Vn = []
                for best, subs in zip(Vm, _V_SUBS[(f, m)], strict=True):
                    for j in subs:
                        v = Em[j]
                        if v > best:
                            best = v
                    Vn.append(best)
                V[m + 1] = dict(zip(MULTISETS[f], Vn, strict=True))
                Vm = Vn
            self._tables = (V, E)
            if len(_TABLES) >= _TABLES_KEPT:
                del _TABLES[next(iter(_TABLES))]        # the oldest first
            _TABLES[key] = self._tables
        return self._tables

    def _plain(self, k: int, r: int, b: int) -> bool:
        return b == 0 and 4 - r >= k - 1

    def E(self, keep: tuple, m: int, r: int, b: int):
        """Expected value of keeping ``keep`` and throwing the other ``m`` free dice as roll r+1."""
        if self._plain(m, r + 1, b) and m < self.free:
            return self.tables()[1][m][keep]
        key = (keep, m, r, b)
        got = self._e.get(key)
        if got is not None:
            return got
        total = 0
        V = self.V
        for o, count in OUT[(keep, m)]:
            total += count * V(o, m, r + 1, b)
        got = self._e[key] = self._div(total, m)
        return got

    def choices(self, ms: tuple, k: int, r: int, b: int):
        """(value, keep, m, bite) of each reroll allowed after a roll of k dice (r rolls made)."""
        out = []
        if r >= 4:
            return out
        subs = SUBS[ms]
        n = len(ms)
        for m in range(1, min(k, n) + 1):
            bite = m == k
            if bite and b <= 0:
                continue
            for keep in subs[n - m]:
                value = self.E(keep, m, r, b - 1 if bite else b)
                if bite:
                    value -= self.bite_cost
                out.append((value, keep, m, bite))
        return out

    def V(self, ms: tuple, k: int, r: int, b: int):
        if self._plain(k, r, b) and k <= self.free:
            return self.tables()[0][k][ms]
        key = (ms, k, r, b)
        got = self._v.get(key)
        if got is not None:
            return got
        best = self.stop[ms]
        for value, _, _, _ in self.choices(ms, k, r, b):
            if value > best:
                best = value
        self._v[key] = best
        return best

    def first_roll(self, b: int = 0):
        """Expected value before the first roll (throws every free die)."""
        if self.free == 0:
            return self.stop[()]
        key = ((), self.free, 0, b)
        got = self._e.get(key)
        if got is None:
            total = 0
            if b == 0:      # V(o, free, 1, 0) is plain: read from the tables, the same sum
                after = self.tables()[0][self.free]
                for o, count in OUT[((), self.free)]:
                    total += count * after[o]
            else:
                for o, count in OUT[((), self.free)]:
                    total += count * self.V(o, self.free, 1, b)
            got = self._e[key] = self._div(total, self.free)
        return got

def stop_table(slot_vals, fish_value: float, locked: tuple) -> dict:
    """Value of stopping with each multiset of the free dice."""
    table = {}
    for ms, slot, mask in _rolls_with(locked):
        best = None
        if slot >= 0:
            sv = slot_vals[slot]
            if sv is not None and mask & sv[1] == sv[1]:
                best = sv[2]
        table[ms] = fish_value if best is None else best
    return table


_WITH: dict[tuple, list] = {}      # locked faces -> (free multiset, slot, mask) of each roll


def _rolls_with(locked: tuple) -> list[tuple[tuple, int, int]]:
    rolls = _WITH.get(locked)
    if rolls is None:
        rolls = _WITH[locked] = [(ms, *roll_info(locked + ms)) for ms in MULTISETS[4 - len(locked)]]
    return rolls


def chance_to_meet(slot: int, mask: int, locked: tuple = (), free_dice: tuple | None = None,
                   k: int = 4, rolls: int = 0, bites: int = 0, exact: bool = True):
    """Exact chance, playing to meet it, that the dice end up meeting one card (slot pattern and
    condition mask). ``free_dice`` None: before the first roll; else the free dice now, after
    ``rolls`` rolls, the last of ``k`` dice."""
    sv = [None] * 4
    sv[slot] = (slot, mask, 1)
    planner = Planner(stop_table(sv, 0, tuple(sorted(locked))), 4 - len(locked), 0, exact)
    if free_dice is None:
        return planner.first_roll(bites)
    return planner.V(tuple(sorted(free_dice)), k, rolls, bites)
