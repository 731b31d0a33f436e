"""The Hungry Meow search bot.

``SearchBot`` samples full states consistent with its view (``sample_state``), tries a handful
of candidate actions (the heuristic's choice first) in each sampled world with the same chance
for every candidate (common random numbers), plays each on with the heuristic for a few turns,
and scores the result (win / loss, or a Meal-progress estimate). It keeps the heuristic's
choice unless another candidate scores clearly better. ``budget.deadline()`` decides when to
stop (a node = one rollout); it never reads a clock itself.
"""
from __future__ import annotations

import math

from game.bots.base import Bot, Budget, Ranked
from game.bots.hungry_meow import (
    _play_from,
    _sets,
    answer_cost,
    choose_draw,
    choose_play,
    dealer_options,
    death_risk,
    info_from_state,
    info_from_view,
    lead_score,
    meal_progress,
    policy,
    prophecy_options,
)
from game.rules.hungry_meow import HAND_LIMIT, HungryMeow
from game.rules.hungry_meow_belief import sample_state
from game.rules.hungry_meow_cards import FISH, LOAF, NUM


def evaluate(g: HungryMeow, seat: int) -> float:
    """Win chance estimate for ``seat``: 1/0 when over, else a softmax of Meal progress."""
    if g.phase == "over":
        return 1.0 if seat in g.winning_seats else 0.0
    if g.eliminated[seat]:
        return 0.0
    total = 0.0
    mine = 0.0
    for s, hand in enumerate(g.hands):
        if g.eliminated[s]:
            continue
        f = hand.count(FISH)
        m = hand.count(LOAF) + f
        w = math.exp(4.0 * meal_progress(m, f))
        total += w
        if s == seat:
            mine = w
    return mine / total if total else 0.0


def rollout(g: HungryMeow, seat: int, max_turns: int) -> float:
    stop = g.turns + max_turns
    steps = 0
    while g.phase != "over" and g.turns < stop and steps < 400:
        steps += 1
        actor = g.current
        if g.phase == "play":
            hand = g.hands[actor]
            if len(hand) >= HAND_LIMIT:     # whether Death is near: the seat's whole picture
                action = choose_play(info_from_state(g, actor))
            else:
                sets = _sets(hand, g.table)
                action = _play_from(hand, g.table, sets) if sets else "pass"
        elif g.phase == "draw":
            hand = len(g.hands[actor])
            action = choose_draw(info_from_state(g, actor)) if hand <= 1 else "draw 1"
        else:
            action = policy(info_from_state(g, actor))
        g.apply_trusted(action)
    return evaluate(g, seat)


def candidates(view: dict, legal: list[str]) -> list[str]:
    """A few sensible actions to compare (heuristic choice first), all legal."""
    info = info_from_view(view)
    first = policy(info)
    out = [first] if first in legal else []
    phase = info.phase
    if phase == "draw":
        extra = list(legal)
    elif phase == "play":
        extra = ["pass"]
        sets = _sets(info.hand, info.table)
        if sets:
            if info.table:
                ranked = sorted(sets, key=lambda s: (answer_cost(info.hand, s), s))
                extra += ["play " + " ".join(s) for s in ranked[:2]]
            else:
                ranked = sorted(sets, key=lambda s: (-lead_score(info.hand, s), s))
                extra += ["play " + " ".join(s) for s in ranked[:3]]
                low = min(sets, key=lambda s: (len(s), sum(NUM[c] for c in s), s))
                extra.append("play " + " ".join(low))
    elif phase == "prophecy":
        extra = [a for _, a in prophecy_options(info)[:4]]
    elif phase == "dealer":
        extra = [a for _, a in dealer_options(info)[:5]]
    else:
        extra = []
    for a in extra:
        if a in legal and a not in out:
            out.append(a)
    return out[:6] or [legal[0]]


class SearchBot(Bot):
    """Determinized rollouts over ``sample_state`` with heuristic play-outs."""

    name = "search"
    horizon = 8           # turns played out before the position is scored
    margin = 0.03         # another action must beat the heuristic's by this much
    default_nodes = 200   # rollouts per decision when no budget is given (about 0.25 s of thinking)

    def __init__(self, seat: int, seed: int, budget: Budget | None = None):
        super().__init__(seat, seed, budget or Budget(nodes=self.default_nodes))

    def choose(self, view: dict, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        cands = candidates(view, legal)
        if len(cands) == 1:
            return cands[0]
        return self._pick(*self._search(view, cands))

    def rank(self, view: dict, legal: list[str]) -> list[Ranked]:
        """Every candidate with its mean rollout value (a win-chance estimate), the choice
        first, then by value. ``why``: rollouts behind the value, whether it is the heuristic's
        own choice, and this seat's chance that its next draw is Death (from its view)."""
        cands = candidates(view, legal) if len(legal) > 1 else list(legal)
        info = info_from_view(view)
        facts = {"unit": "win", "death_next": round(death_risk(info, 1), 4)}
        if len(cands) == 1:
            return [Ranked(cands[0], 1.0, {**facts, "unit": "choice", "rollouts": 0, "heuristic": True})]
        cands, totals, counts = self._search(view, cands)
        chosen = self._pick(cands, totals, counts)
        out = [Ranked(a, totals[i] / counts[i] if counts[i] else 0.0,
                      {**facts, "rollouts": counts[i], "heuristic": i == 0})
               for i, a in enumerate(cands)]
        out.sort(key=lambda r: (r.action != chosen, -r.value))
        return out

    def _search(self, view: dict, cands: list[str]) -> tuple[list[str], list[float], list[int]]:
        """Rollouts of every candidate in the same sampled worlds until the budget stops."""
        stop = self.budget.deadline()
        seat = view["seat"]
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        done = 0
        while not stop(done):
            world = sample_state(view, seat, self.rng)
            for i, action in enumerate(cands):
                g = world.clone()
                g.apply_trusted(action)
                totals[i] += rollout(g, seat, self.horizon)
                counts[i] += 1
                done += 1
                if stop(done):
                    break
        return cands, totals, counts

    def _pick(self, cands: list[str], totals: list[float], counts: list[int]) -> str:
        """The heuristic's choice unless another candidate scores clearly better."""
        if not counts[0]:
            return cands[0]
        base = totals[0] / counts[0]
        best, best_value = cands[0], base + self.margin
        for i in range(1, len(cands)):
            if counts[i] and totals[i] / counts[i] > best_value:
                best, best_value = cands[i], totals[i] / counts[i]
        return best

