"""Computer players for Meow Meow Dice: ``HeuristicBot`` and ``SearchBot``.

Both see only ``game.view(seat)`` and the legal action strings.

``SearchBot`` values every card by what it adds to its own final score (points, own-cat bonus,
the expected change in the item-type bonus, condition tokens, special abilities, and for a fish
bone the cat token or enthusiasm it brings back), then plays the turn by expectimax over
rerolls: ``Planner`` computes, for every choice of dice to keep, the exact expected value of the
best card met with the rolls left (memoised over multisets of faces; locks, the shrinking roll
rule, the 4-roll cap and one-bite rerolls respected). With 0/1 values the same recursion is the
exact chance of meeting a card, which the tests check against brute force. Before rolling, it
weighs the cat token (basic) or each enthusiasm action (advanced) by the same expected value,
averaging over a few possible refills when a card would be discarded.
"""
from __future__ import annotations

from functools import lru_cache

from game.bots.base import Bot, Ranked
from game.bots.meow_dice_planner import OUTCOMES, SUBS, Planner, chance_to_meet, stop_table
from game.rules.meow_dice_data import (
    CATS,
    FACE_INDEX,
    FACES,
    SLOT_INDEX,
    SLOTS,
    TYPE_BONUS,
    TYPES,
    cond_bit,
    read_card,
)

# ---- reading the view -------------------------------------------------------------------------
# One reader of card notations for rules, bots, art and scenes (game.rules.meow_dice_data).
info = read_card


@lru_cache(maxsize=None)
def _types_distribution_bonus(have: int, draws: int) -> float:
    """Expected final item-type bonus holding ``have`` distinct types with ``draws`` more cards of
    a uniformly random type (a rough model of the cards still to come)."""
    dist = {have: 1.0}
    for _ in range(draws):
        nxt: dict[int, float] = {}
        for d, p in dist.items():
            nxt[d] = nxt.get(d, 0) + p * d / 4
            if d < 4:
                nxt[d + 1] = nxt.get(d + 1, 0) + p * (4 - d) / 4
        dist = nxt
    return sum(p * TYPE_BONUS[d] for d, p in dist.items())


class Valuer:
    """What each card would add to one seat's final score, from that seat's view."""

    ENTHUSIASM = 0.9      # worth of one enthusiasm point kept for a later turn
    CAT_TOKEN = 0.8       # worth of a face-up cat token for later turns
    BITE = 0.25           # worth of an unbitten food card (a later extra die)
    FUTURE_FOOD = 0.28    # share of future cards that are food (for Gourmet)
    FUTURE_OWN = 0.25     # share of future cards showing the own cat (Fan club)

    def __init__(self, view: dict, seat: int):
        self.view = view
        self.seat = seat
        self.cat = view["cats"][seat]
        self.hand = [info(c) for c in view["hands"][seat]]
        self.abilities = view.get("abilities", {})
        held = {self.abilities.get(c.notation) for c in self.hand}
        self.gourmet, self.dreamer, self.fanclub = ("gourmet" in held, "dreamer" in held, "fanclub" in held)
        self.types = {c.type for c in self.hand}
        self.own = sum(1 for c in self.hand if c.cat == self.cat)
        self.food = sum(1 for c in self.hand if c.type == "food")
        done = view["turns_by_seat"][seat]
        self.left = max(0, view["turns_each"] - done - 1)     # turns after this one
        enth = view["enthusiasm"][seat]
        self.enth = enth if enth is not None else None
        self.advanced = view["options"].get("advanced", False)
        left_factor = 1.0 if self.left >= 2 else (0.6 if self.left == 1 else 0.0)
        self.enth_value = self.ENTHUSIASM * left_factor + (1.0 if self.dreamer else 0.0)
        self.token_value = self.CAT_TOKEN * left_factor
        self.base_types = _types_distribution_bonus(len(self.types), self.left)
        self._type_delta = {t: _types_distribution_bonus(len(self.types | {t}), self.left) - self.base_types
                            for t in TYPES}

    def card(self, notation: str, tokens=()) -> float:
        return sum(v for _, v in self.card_parts(notation, tokens))

    def card_parts(self, notation: str, tokens=()) -> list[tuple[str, float]]:
        """What a card is worth to this seat, in parts: ("card", its points), ("cat", 1 for the
        seat's own cat), ("tokens", 2 each), ("kinds", a new kind of card), ("more", what its
        power and the specials add). The tiger says where its "about N points" comes from."""
        c = info(notation)
        own = c.cat == self.cat
        parts = [("card", float(c.points)), ("cat", 1.0 if own else 0.0), ("tokens", 2.0 * len(tokens)),
                 ("kinds", self._type_delta[c.type])]
        v = 0.0
        if c.type == "food" and self.gourmet:
            v += 1
        if own and self.fanclub:
            v += 3 * (((self.own + 1) // 2) - (self.own // 2))
        ability = self.abilities.get(notation)
        if ability == "catnip" and self.enth is not None:
            v += (3 - self.enth) * self.enth_value
        elif ability == "gourmet":
            v += self.food + 1 + self.FUTURE_FOOD * self.left
        elif ability == "dreamer":
            v += (self.enth or 0) + 0.5 * self.left
        elif ability == "fanclub":
            own_end = self.own + (1 if own else 0) + self.FUTURE_OWN * self.left
            v += 3 * int(own_end // 2) + 1.5 * (own_end % 2 >= 1) * min(1.0, self.left / 2)
        return parts + [("more", v)]

    def fishbone(self) -> float:
        view = self.view
        if not view["fishbone_count"]:
            return 0.0
        v = self._type_delta["food"] + (1 if self.gourmet else 0)
        if self.advanced:
            pile = self._fish_flames()
            if pile:
                gain = sum(min(3, self.enth + f) - self.enth for f in pile) / len(pile)
                v += gain * self.enth_value
        elif not view["cat_token_up"][self.seat]:
            v += self.token_value
        return v

    def _fish_flames(self) -> list[int]:
        view = self.view
        if view.get("fishbone_top"):
            return [info(view["fishbone_top"]).flames]
        total: dict[int, int] = {}          # the fish bones of the game, less those in hands
        for f in view["fishbone_pool"]:
            total[f] = total.get(f, 0) + 1
        for hand in view["hands"]:
            for c in hand:
                if c.startswith("fishbone/"):
                    f = info(c).flames
                    total[f] = total.get(f, 0) - 1
        return [f for f, n in total.items() for _ in range(max(0, n))]

    def slot_values(self, slots: dict, tokens: dict) -> list[tuple[int, int, float] | None]:
        """Per slot: (slot index, required mask, value) or None for an empty slot."""
        out = []
        for s, name in enumerate(SLOTS):
            card = slots.get(name)
            if card is None:
                out.append(None)
                continue
            toks = tokens.get(name, [])
            mask = info(card).mask
            for t in toks:
                mask |= cond_bit(t)
            out.append((s, mask, self.card(card, toks)))
        return out


# ---- bots ----------------------------------------------------------------------------------------
class HeuristicBot(Bot):
    """Rolls at once (in the advanced game after locking one die on the face its most promising
    card asks for); after each roll takes the best card it meets if that is as good as it is
    likely to get, otherwise keeps the dice that fit the most valuable card it can see. Never
    uses the cat token, condition tokens, card changes or bites."""

    name = "heuristic"
    FEASIBLE = (0.75, 0.55, 0.55, 0.15)     # rough chance of each slot pattern in a turn

    def choose(self, view: dict, legal: list[str]) -> str:
        if "roll" in legal:
            return self._before_roll(view, legal)
        seat = view["seat"]
        val = Valuer(view, seat)
        sv = val.slot_values(view["slots"], view["slot_tokens"])
        takes = [a for a in legal if a.startswith("take ")]
        best_take = max(takes, key=lambda a: sv[SLOT_INDEX[a[5:]]][2], default=None)
        take_value = sv[SLOT_INDEX[best_take[5:]]][2] if best_take else -1
        rerolls = [a for a in legal if a.startswith("reroll ")]
        fallback = best_take or "fishbone"
        if not rerolls:
            return fallback if fallback in legal else legal[0]
        targets = sorted((x for x in sv if x is not None), key=lambda x: -x[2] * self.FEASIBLE[x[0]])
        if best_take and take_value >= targets[0][2] * self.FEASIBLE[targets[0][0]] * 1.2:
            return best_take
        dice = [FACE_INDEX[f] for f in view["dice"]]
        locked = set(view["locked"])
        for slot, mask, _ in targets:
            keep = self._keep(slot, mask, dice, locked)
            reroll = [d for d in range(4) if d not in locked and d not in keep]
            limit = view["next_max"]
            if not reroll:
                continue
            reroll = reroll[:limit]
            action = "reroll " + " ".join(map(str, reroll))
            if action in legal:
                return action
        return fallback if fallback in legal else legal[0]

    def _before_roll(self, view: dict, legal: list[str]) -> str:
        """Advanced game: once a turn, lock one die on the face the most promising card asks for."""
        if view["locked"] or not any(a.startswith("lock ") for a in legal):
            return "roll"
        val = Valuer(view, view["seat"])
        targets = [x for x in val.slot_values(view["slots"], view["slot_tokens"]) if x is not None]
        if not targets:
            return "roll"
        slot, mask, _ = max(targets, key=lambda x: x[2] * self.FEASIBLE[x[0]])
        wanted = [f for f in range(6) if mask >> f & 1]
        action = f"lock 0 {FACES[wanted[0]]}" if wanted else "roll"
        return action if action in legal else "roll"

    @staticmethod
    def _keep(slot: int, mask: int, dice: list[int], locked: set) -> set:
        """Indexes of the dice worth keeping toward ``slot`` with conditions ``mask``."""
        banned = {f for f in range(6) if mask >> (f + 6) & 1}
        wanted = {f for f in range(6) if mask >> f & 1}
        ok = [d for d in range(4) if dice[d] not in banned]
        by_face: dict[int, list[int]] = {}
        for d in ok:
            by_face.setdefault(dice[d], []).append(d)
        keep: set[int] = set(locked)
        if slot == 0:                        # all different
            for ds in by_face.values():
                keep.add(next((d for d in ds if d in locked), ds[0]))
            return keep
        ranked = sorted(by_face.items(), key=lambda kv: (-(kv[0] in wanted), -len(kv[1])))
        if slot == 3:                        # four of a kind: the best face
            if ranked:
                keep.update(ranked[0][1])
            return keep
        if slot == 2:                        # three and one
            if ranked:
                face, ds = max(ranked, key=lambda kv: len(kv[1]))
                keep.update(ds[:3])
                others = [d for d in ok if dice[d] != face]
                if len(ds) >= 3 and others:
                    keep.add(others[0])
            return keep
        pairs = [ds for _, ds in ranked if len(ds) >= 2]       # two pairs
        for ds in pairs[:2]:
            keep.update(ds[:2])
        return keep


class SearchBot(Bot):
    """Expectimax over the turn's rerolls with cards valued by what they add to the final score."""

    name = "search"
    SAMPLES = 3           # refills tried when a pre-roll action discards a card

    def __init__(self, seat, seed, budget=None):
        super().__init__(seat, seed, budget)
        self._plan_key = None
        self._planner = None

    # -- the model of one turn --
    def _model(self, view: dict, slots: dict | None = None, tokens: dict | None = None,
               locked: tuple | None = None, val: Valuer | None = None):
        """(Valuer, Planner, bites) of the turn from ``view``, or with other slots, tokens or
        locks; ``val``: this view's Valuer when the caller has it (it reads the view alone)."""
        plain = slots is None and tokens is None and locked is None
        if plain:
            seat = view["seat"]
            key = (tuple(view["slots"].items()), tuple(map(tuple, view["slot_tokens"].values())),
                   tuple(view["locked"]), view["dice"] if view["locked"] else "", tuple(view["hands"][seat]),
                   view["enthusiasm"][seat], view["turns_by_seat"][seat], tuple(view["bitten"][seat]),
                   view["fishbone_count"], tuple(view["cat_token_up"] or ()))
            if key == self._plan_key:
                return self._planner
        if val is None:
            val = Valuer(view, view["seat"])
        slots = view["slots"] if slots is None else slots
        tokens = view["slot_tokens"] if tokens is None else tokens
        if locked is None:
            locked = tuple(sorted(FACE_INDEX[view["dice"][d]] for d in view["locked"]))
        sv = val.slot_values(slots, tokens)
        stop = stop_table(sv, val.fishbone(), locked)
        bites = self._bites(view)
        planner = Planner(stop, 4 - len(locked), val.BITE)
        if plain:
            self._plan_key, self._planner = key, (val, planner, bites)
        return val, planner, bites

    @staticmethod
    def _bites(view: dict) -> int:
        if not view["options"].get("one_bite"):
            return 0
        seat = view["seat"]
        bitten = list(view["bitten"][seat])
        n = 0
        for c in view["hands"][seat]:
            ci = info(c)
            if ci.type != "food" or (ci.fish and ci.flames == 2):
                continue
            if c in bitten:
                bitten.remove(c)
                continue
            n += 1
        return min(n, 2)

    def choose(self, view: dict, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        if view["phase"] == "pre-roll":
            return self._pre_roll(view, legal)
        return self._rolling(view, legal)

    def rank(self, view: dict, legal: list[str]) -> list[Ranked]:
        """After a roll: every reroll, bite and take with its expected points (the planner's
        exact expectimax over the rerolls left), the choice first. Before the first roll the
        choice alone (its options are compared by gains, not listed here). ``why``: "unit"
        "points", "keep" (the faces kept by a reroll), "rolls_left"."""
        choice = self.choose(view, legal)
        if len(legal) == 1 or view["phase"] != "rolling":
            return [Ranked(choice, 1.0, {"unit": "choice"})]
        val, planner, bites = self._model(view)
        dice = [FACE_INDEX[f] for f in view["dice"]]
        free_idx = [d for d in range(4) if d not in set(view["locked"])]
        free_ms = tuple(sorted(dice[d] for d in free_idx))
        r, b = view["rolls"], bites
        sv = val.slot_values(view["slots"], view["slot_tokens"])
        fish = val.fishbone()
        out = []
        for a in legal:
            verb, _, rest = a.partition(" ")
            if verb == "reroll":
                thrown = [int(x) for x in rest.split()]
                keep = tuple(sorted(dice[d] for d in free_idx if d not in thrown))
                value = planner.E(keep, len(thrown), r, b)
                why = {"keep": "".join(FACES[f] for f in keep), "rolls_left": 3 - r}
            elif verb == "take":
                value, why = sv[SLOT_INDEX[rest]][2], {"slot": rest}
            elif verb == "fishbone":
                value, why = fish, {}
            elif verb == "bite":
                options = planner.choices(free_ms, view["last_thrown"], r, bites)
                value = max((o[0] for o in options if o[3]), default=planner.stop[free_ms])
                why = {"card": rest}
            else:
                continue
            out.append(Ranked(a, float(value), {"unit": "points", **why}))
        out.sort(key=lambda x: (x.action != choice, -x.value))
        return out or [Ranked(choice, 1.0, {"unit": "choice"})]

    # -- after a roll: keep / reroll / take --
    def _rolling(self, view: dict, legal: list[str]) -> str:
        val, planner, bites = self._model(view)
        locked_idx = set(view["locked"])
        free_idx = [d for d in range(4) if d not in locked_idx]
        dice = [FACE_INDEX[f] for f in view["dice"]]
        free_ms = tuple(sorted(dice[d] for d in free_idx))
        k, r = view["last_thrown"], view["rolls"]
        if view["bite_pending"]:
            # the bite is spent: the best reroll of up to k dice
            n = len(free_ms)
            options = [(planner.E(keep, m, r, bites), keep, m, False)
                       for m in range(1, min(k, n) + 1) for keep in SUBS[free_ms][n - m]]
        else:
            options = planner.choices(free_ms, k, r, bites)
        stop_value = planner.stop[free_ms]
        best = max(options, key=lambda o: o[0], default=None)
        if best is None or best[0] <= stop_value + 1e-9:
            return self._collect(view, legal, val)
        _, keep, m, bite = best
        if bite and not view["bite_pending"]:
            for a in legal:
                if a.startswith("bite "):
                    return self._best_bite(view, legal)
        # which dice to throw: the free dice not in the kept multiset
        keep_left = list(keep)
        throw = []
        for d in free_idx:
            if dice[d] in keep_left:
                keep_left.remove(dice[d])
            else:
                throw.append(d)
        action = "reroll " + " ".join(map(str, throw))
        return action if action in legal else self._collect(view, legal, val)

    def _best_bite(self, view, legal):
        bites = [a for a in legal if a.startswith("bite ")]
        # bite a fish bone before a real card (same effect; keeps nothing else in mind)
        return min(bites, key=lambda a: (not a.startswith("bite fishbone"), info(a[5:]).points))

    def _collect(self, view, legal, val) -> str:
        takes = [a for a in legal if a.startswith("take ")]
        if not takes:
            return "fishbone" if "fishbone" in legal else legal[0]
        sv = val.slot_values(view["slots"], view["slot_tokens"])
        return max(takes, key=lambda a: sv[SLOT_INDEX[a[5:]]][2])

    # -- before rolling: cat token / enthusiasm --
    def _pre_roll(self, view: dict, legal: list[str]) -> str:
        # pre-roll options are compared without bites (the fast bottom-up tables): a bite helps
        # every option alike, so leaving it out keeps the comparison and saves most of the time
        val, planner, _ = self._model(view)
        # Each other choice is valued from this view afresh, as _model(view, ...) would (the
        # plain model may be kept from an earlier view with the same key): one Valuer for them.
        fresh = Valuer(view, view["seat"])
        bites = 0
        base = planner.first_roll(bites)
        best_action, best_gain = "roll", 0.05
        evals = 0
        # node budget: expected-value evaluations of pre-roll options (nodes // 50, at least 8);
        # with a clock (the runtime) the deadline also stops the search for better options
        budget = max(8, self.budget.nodes // 50)
        out_of_time = self.budget.deadline() if self.budget.clock is not None else (lambda done: False)
        if any(a.startswith("lock ") for a in legal):
            locked = tuple(sorted(FACE_INDEX[view["dice"][d]] for d in view["locked"]))
            die = next(int(a.split()[1]) for a in legal if a.startswith("lock "))
            for f in range(6):
                _, p, _ = self._model(view, locked=tuple(sorted(locked + (f,))), val=fresh)
                gain = p.first_roll(bites) - base - val.enth_value
                evals += 1
                if gain > best_gain:
                    best_action, best_gain = f"lock {die} {FACES[f]}", gain
        conditions = [a for a in legal if a.startswith("condition ")]
        if conditions:
            sv = val.slot_values(view["slots"], view["slot_tokens"])
            # try tokens on the cards worth the most first (the budget may stop the tail)
            conditions.sort(key=lambda a: -(sv[SLOT_INDEX[a.split()[1]]][2]))
            for a in conditions:
                if evals >= budget or out_of_time(evals):
                    break
                _, slot, tok = a.split()
                tokens = {k: list(v) for k, v in view["slot_tokens"].items()}
                tokens[slot].append(tok)
                _, p, _ = self._model(view, tokens=tokens, val=fresh)
                gain = p.first_roll(bites) - base - val.enth_value
                evals += 1
                if gain > best_gain:
                    best_action, best_gain = a, gain
        discard_cost = None
        if any(a.startswith("change ") for a in legal):
            discard_cost = val.enth_value
        elif any(a.startswith("token ") for a in legal):
            discard_cost = val.token_value
        if discard_cost is not None:
            verb = "change" if view["options"].get("advanced") else "token"
            for slots in self._discard_candidates(view, val):
                if evals >= budget or out_of_time(evals):
                    break
                action = verb + " " + " ".join(slots)
                if action not in legal:
                    continue
                ev = self._refill_ev(view, slots, bites, fresh)
                evals += self.SAMPLES
                gain = ev - base - discard_cost
                if gain > best_gain:
                    best_action, best_gain = action, gain
        return best_action if best_action in legal else "roll"

    def _discard_candidates(self, view: dict, val: Valuer) -> list[list[str]]:
        """Slots worth discarding: each card alone, then the weakest ones together."""
        filled = [s for s in SLOTS if view["slots"][s] is not None]
        sv = val.slot_values(view["slots"], view["slot_tokens"])
        weak = sorted(filled, key=lambda s: sv[SLOT_INDEX[s]][2] * HeuristicBot.FEASIBLE[SLOT_INDEX[s]])
        out = [[s] for s in weak]
        for n in (2, 3):
            if len(weak) >= n:
                out.append(sorted(weak[:n], key=SLOT_INDEX.__getitem__))
        return out

    def _unseen_regular(self, view: dict) -> list[str]:
        """Regular-deck cards this seat has not seen anywhere (those the deck may hold)."""
        seen = [c for c in view["slots"].values() if c] + list(view["discard"])
        for hand in view["hands"]:
            seen.extend(hand)
        pool = list(view["regular_pool"])
        for c in seen:
            if c in pool:
                pool.remove(c)
        return pool

    def _refill_ev(self, view: dict, slots: list[str], bites: int, val: Valuer | None = None) -> float:
        pool = self._unseen_regular(view)
        total = 0.0
        for _ in range(self.SAMPLES):
            new = dict(view["slots"])
            tokens = {k: list(v) for k, v in view["slot_tokens"].items()}
            draw = list(pool)
            self.rng.shuffle(draw)
            for s in slots:
                tokens[s] = []
                if s == "BR":
                    new[s] = view["golden_top"]
                else:
                    new[s] = draw.pop() if draw and view["deck_count"] else None
            _, p, _ = self._model(view, slots=new, tokens=tokens, val=val)
            total += p.first_roll(bites)
        return total / self.SAMPLES


__all__ = ["HeuristicBot", "SearchBot", "Planner", "chance_to_meet", "stop_table", "OUTCOMES", "Valuer",
           "CATS"]
