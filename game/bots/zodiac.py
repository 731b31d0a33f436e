"""Computer players for Zodiac Catchers (RULES.md §3).

Every bot sees only ``game.view(seat)`` and its reveal history, and places its MERMAIDs at
random when offered ``arrange`` (ZC-2: "a computer player places its mermaids at random").

- ``KittenBot`` / ``HouseCatBot`` / ``TigerBot`` (``kitten`` / ``housecat`` / ``tiger``): play like
  people. Each reveal is remembered with a probability, memories fade turn by turn and only so
  many fit; own hand and the cards face up now are always known. Unknown places are guessed with
  the sorted-hand rule: a hand position's number is expected near its share of the hand, between
  the numbers remembered on either side. The bot goes for the trump and for opposites (a capture
  that would win the round is worth much more), points first at the card it is most sure of, and
  re-plans after each reveal.
- ``SearchBot`` (``search``): perfect memory of the public history; the kind of every unseen
  card is given by the exact posterior (``game.rules.zodiac.HiddenChain``: sorted hands, counts
  of each kind left, the deal's own weights), estimated by a Markov chain of ``budget.nodes``
  moves per pointing. Each pointing maximises the chance of a capture this turn, weighted by
  what the capture is worth (points, a round win): the first card for the chance whatever it
  turns out to be (so an uncertain card goes first and the plan follows what it shows; the two
  later cards' chances are taken from the per-place probabilities as if independent), the second
  and third for the kind now showing. When no capture can come of the turn any more, it points
  at a card everybody has already seen, giving nothing away.
"""
from __future__ import annotations

import math

from game.bots.base import Bot, Ranked
from game.rules.zodiac_belief import HOLE, HiddenChain, knowledge
from game.rules.zodiac_cards import KIND_INDEX, KINDS, MERMAID, opposite, random_arrangement


def _action(place: tuple[int, int]) -> str:
    s, p = place
    return f"point centre {p}" if s < 0 else f"point hand {s} {p}"


def _parse(action: str) -> tuple[int, int]:
    words = action.split()
    return (-1, int(words[2])) if words[1] == "centre" else (int(words[2]), int(words[3]))


def capture_values(view: dict, seat: int) -> list[float]:
    """What capturing each kind is worth to ``seat`` now: match points, a round win counted high."""
    mine = [KIND_INDEX[c] for c in view["captures"][seat]]
    trump = KIND_INDEX[view["trump"]]
    values = []
    for k in range(13):
        wins = k == trump or (k != MERMAID and opposite(k) in mine) or len(mine) >= 2
        values.append(1.0 + (k == MERMAID) + (k == trump) + (4.0 if wins else 0.0))
    return values


def decide(view: dict, legal: list[str], belief: dict, public: set, rng, adaptive: bool = True) -> str:
    """Pick a pointing from per-place kind probabilities (``belief``: place → 13 numbers).

    ``public``: places whose card the bot believes everyone has already seen. ``adaptive``: the
    first card is chosen for the chance of a capture whatever it turns out to be (search); else
    the bot picks the most promising kind and points first at the card it is most sure of
    (people-like).
    """
    picked, places, scores, jitter = score_places(view, legal, belief, public, rng, adaptive)
    if picked is not None:
        return picked
    best = max(range(len(places)), key=lambda i: scores[i] + jitter[i])
    return _action(places[best])


def score_places(view: dict, legal: list[str], belief: dict, public: set, rng, adaptive: bool = True):
    """(an action already picked or None, places, scores, tie-break jitter) for ``decide``:
    each place's score is its capture chance this turn weighted by the capture's worth."""
    seat = view["seat"]
    places = [_parse(a) for a in legal if a.startswith("point ")]
    probs = [belief[p] for p in places]
    jitter = [rng.random() * 1e-9 for _ in places]
    values = capture_values(view, seat)
    shown = [KIND_INDEX[c["kind"]] for c in view["pointed"]]
    step = len(shown)
    scores: list[float] = []
    if step == 0:
        # P(capture of k) ≈ P(this card is k) × the two best other places for k.
        top: list[list[tuple[float, int]]] = []
        for k in range(13):
            best = sorted(((pr[k], i) for i, pr in enumerate(probs) if pr[k] > 0), reverse=True)[:3]
            top.append(best)
        if not adaptive:
            plans = []
            for k in range(13):
                if len(top[k]) == 3:
                    plans.append((top[k][0][0] * top[k][1][0] * top[k][2][0] * values[k], k))
            if plans:
                _, k = max(plans)
                _, first = max(top[k], key=lambda qi: (qi[0], jitter[qi[1]]))
                return _action(places[first]), places, [], jitter
        for i, pr in enumerate(probs):
            total = 0.0
            for k in range(13):
                if pr[k] <= 0:
                    continue
                others = [q for q, j in top[k] if j != i][:2]
                if len(others) == 2:
                    total += pr[k] * others[0] * others[1] * values[k]
            scores.append(total)
    else:
        k = shown[0]
        if any(x != k for x in shown):
            scores = [0.0] * len(places)
        elif step == 1:
            best = sorted(((pr[k], i) for i, pr in enumerate(probs)), reverse=True)[:2]
            for i, pr in enumerate(probs):
                other = next((q for q, j in best if j != i), 0.0)
                scores.append(pr[k] * other)
        else:
            scores = [pr[k] for pr in probs]
    if max(scores, default=0.0) <= 1e-6 and step > 0:
        # Nothing can come of this turn: show a card that gives nothing away.
        scores = [(1.0 if places[i] in public else 0.0) + max(pr) * 0.5 for i, pr in enumerate(probs)]
    return None, places, scores, jitter


def _arrange(view: dict, legal: list[str], rng) -> str | None:
    options = [a for a in legal if a.startswith("arrange ")]
    if not options:
        return None
    mine = [a for a in options if a.split()[1] == str(view["seat"])]
    return rng.choice(mine or options)


class _ZodiacBot(Bot):
    adaptive = True

    def arrange_action(self, view: dict) -> str | None:
        """This seat's random MERMAID placement, if it may still arrange (runtime helper)."""
        if not view.get("can_arrange"):
            return None
        return f"arrange {self.seat} " + " ".join(random_arrangement(view["hand"], self.rng))

    def choose(self, view: dict, legal: list[str]) -> str:
        arranged = _arrange(view, legal, self.rng)
        if arranged is not None:
            return arranged
        if not any(a.startswith("point ") for a in legal):
            return self.rng.choice(legal)
        belief, public = self.beliefs(view)
        return decide(view, legal, belief, public, self.rng, self.adaptive)

    def beliefs(self, view: dict) -> tuple[dict, set]:
        raise NotImplementedError


class MemoryBot(_ZodiacBot):
    """The people-like player; the subclasses set how good its memory is."""

    name = "memory"
    adaptive = False
    remember = 0.7      # chance to take in a reveal
    forget = 0.05       # chance per turn to lose one memory
    capacity = 10       # memories kept at most (the oldest go first)
    spread = 0.3        # how sharply it reads a number's place from its share of the hand

    restless_after = 30     # turns of a round without a capture before it looks somewhere new

    def __init__(self, seat, seed, budget=None):
        super().__init__(seat, seed, budget)
        self._round = None
        self._seen = 0
        self._turn = 0
        self._captures = 0
        self._dry_since = 0
        self.memory: dict[int, int] = {}     # reveal card id → kind (insertion order = age)

    def state_key(self) -> tuple:
        return (self._round, self._seen, self._captures, self._turn - self._dry_since,
                tuple(self.memory.items()))

    def choose(self, view: dict, legal: list[str]) -> str:
        if not view["pointed"] and any(a.startswith("point ") for a in legal):
            self._update_memory(view)
            if view["turn"] - self._dry_since >= self.restless_after and self.rng.random() < 0.5:
                # A long dry spell: what it remembers keeps pointing it at the same few cards,
                # so it turns up one it does not know (people do the same when stuck).
                belief, _ = guess_beliefs(view, set(self.memory), self.spread)
                unknown = [a for a in legal if a.startswith("point ") and max(belief[_parse(a)]) < 1.0]
                if unknown:
                    return self.rng.choice(unknown)
        return super().choose(view, legal)

    def _update_memory(self, view: dict) -> None:
        captured = sum(len(c) for c in view["captures"])
        if view["round"] != self._round:
            self._round, self._seen, self.memory = view["round"], 0, {}
            self._turn = self._dry_since = view["turn"]
        if captured != self._captures:
            self._captures, self._dry_since = captured, view["turn"]
        gap = view["turn"] - self._turn
        self._turn = view["turn"]
        if gap > 0 and self.memory:
            keep = (1.0 - self.forget) ** gap
            self.memory = {c: k for c, k in self.memory.items() if self.rng.random() < keep}
        reveals = view["reveals"]
        for r in reveals[self._seen:]:
            if r["now"] is not None and self.rng.random() < self.remember:
                self.memory.pop(r["id"], None)
                self.memory[r["id"]] = KIND_INDEX[r["kind"]]
        self._seen = len(reveals)
        while len(self.memory) > self.capacity:
            self.memory.pop(next(iter(self.memory)))

    def beliefs(self, view: dict) -> tuple[dict, set]:
        self._update_memory(view)
        return guess_beliefs(view, set(self.memory), self.spread)


def _public_places(view: dict, remembered: set | None) -> set:
    public = set()
    for r in view["reveals"]:
        now = r["now"]
        if now is not None and (remembered is None or r["id"] in remembered):
            public.add((-1, now["pos"]) if now["where"] == "centre" else (now["seat"], now["pos"]))
    return public


def guess_beliefs(view: dict, remembered: set | None, spread: float) -> tuple[dict, set]:
    """People-like beliefs: known cards (own hand, face up, remembered reveals) for sure; a centre
    card in proportion to what is left; a hand card by the sorted-hand rule — near its share of
    the way between the numbers known on either side (``spread``: how sharply)."""
    hands, centre, pool, _cap = knowledge(view, remembered)
    total = sum(pool.values())
    flat = [pool.get(k, 0) / total if total else 0.0 for k in range(13)]
    belief: dict[tuple[int, int], list[float]] = {}
    for p, k in enumerate(centre):
        if k == HOLE:
            continue
        belief[(-1, p)] = _onehot(k) if k is not None else flat
    for s, hand in enumerate(hands):
        size = len(hand)
        for p, k in enumerate(hand):
            if k is not None:
                belief[(s, p)] = _onehot(k)
                continue
            lo, lp, hi, hp = 0, -1, 11, size
            for q in range(p - 1, -1, -1):
                if hand[q] is not None and hand[q] != MERMAID:
                    lo, lp = hand[q], q
                    break
            for q in range(p + 1, size):
                if hand[q] is not None and hand[q] != MERMAID:
                    hi, hp = hand[q], q
                    break
            belief[(s, p)] = _sorted_guess(pool, lo, hi, (p - lp) / (hp - lp), spread)
    return belief, _public_places(view, remembered)


def _sorted_guess(pool, lo: int, hi: int, share: float, spread: float) -> list[float]:
    """Sorted-hand rule: a place ``share`` of the way between two known numbers lo…hi."""
    counts = [(k, pool.get(k, 0)) for k in range(lo, hi + 1) if pool.get(k, 0) > 0]
    numbers = sum(c for _, c in counts)
    row = [0.0] * 13
    if numbers:
        below = 0.0
        weights = []
        for k, c in counts:
            mid = (below + c / 2.0) / numbers
            below += c
            weights.append((k, c * math.exp(-((share - mid) ** 2) / (2 * spread ** 2))))
        norm = sum(w for _, w in weights)
        for k, w in weights:
            row[k] = numbers * w / norm
    row[MERMAID] = pool.get(MERMAID, 0)
    total = sum(row)
    return [x / total for x in row] if total else row


def _onehot(k: int) -> list[float]:
    row = [0.0] * 13
    row[k] = 1.0
    return row


class KittenBot(MemoryBot):
    name = "kitten"
    remember, forget, capacity, spread = 0.35, 0.2, 3, 0.5


class HouseCatBot(MemoryBot):
    name = "housecat"
    remember, forget, capacity, spread = 0.6, 0.08, 7, 0.3


class TigerBot(MemoryBot):
    name = "tiger"
    remember, forget, capacity, spread = 0.95, 0.01, 30, 0.25


class SearchBot(_ZodiacBot):
    """Perfect memory and the exact posterior over what it has not seen (see module docstring)."""

    name = "search"

    def beliefs(self, view: dict) -> tuple[dict, set]:
        hands, centre, pool, cap_from = knowledge(view)
        try:
            chain = HiddenChain(hands, centre, pool, cap_from, self.rng)
        except ValueError:       # no consistent deal found in time (never seen): think like a tiger
            return guess_beliefs(view, None, TigerBot.spread)
        nodes = max(self.budget.nodes, 1)
        stop = self.budget.deadline()
        burn = nodes // 4
        chain.run(burn)
        chain.reset_counts()
        done, chunk = 0, 100
        while not stop(done + burn):
            chain.run(chunk)
            done += chunk
        marg = chain.marginals()
        belief: dict[tuple[int, int], list[float]] = {}
        for s, hand in enumerate(hands):
            for p, k in enumerate(hand):
                belief[(s, p)] = marg[(s, p)] if k is None else _onehot(k)
        for p, k in enumerate(centre):
            if k != HOLE:
                belief[(-1, p)] = marg[(-1, p)] if k is None else _onehot(k)
        return belief, _public_places(view, None)

    def rank(self, view: dict, legal: list[str]) -> list[Ranked]:
        """Pointings by score (capture chance this turn × what the capture is worth), best
        first; ``why``: "kind" most likely there and its chance, "public" if everyone has seen
        it. An ``arrange`` (MERMAIDs placed at random) is the choice alone."""
        if _arrange(view, legal, self.rng) is not None or not any(a.startswith("point ") for a in legal):
            return [Ranked(self.choose(view, legal), 1.0, {"unit": "choice"})]
        belief, public = self.beliefs(view)
        _, places, scores, jitter = score_places(view, legal, belief, public, self.rng, True)
        order = sorted(range(len(places)), key=lambda i: -(scores[i] + jitter[i]))
        out = []
        for i in order[:8]:
            pr = belief[places[i]]
            k = max(range(13), key=pr.__getitem__)
            out.append(Ranked(_action(places[i]), round(scores[i], 6),
                              {"unit": "capture", "kind": KINDS[k], "chance": round(pr[k], 4),
                               "public": places[i] in public}))
        return out


__all__ = ["KittenBot", "HouseCatBot", "TigerBot", "SearchBot", "MemoryBot", "decide", "KINDS"]
