"""Computer players for Hungry Meow.

``HeuristicBot`` plays like a sensible person from its view alone: it answers the table with
the cheapest set that beats it while keeping number pairs and colour pairs (they give the
Prophecy and Dealer powers), but only when that set earns a power or the set on the table would
give its owner one (otherwise it passes and keeps its cards: tested to win more often), leads
with a set that earns a power (else its lowest card), stays at 7+ cards when its next draw is
likely Death (known from a Prophecy, or a short pile), uses Prophecy to feed itself
Meals and pass Death on to the next opponent who draws (or to bury it), uses Dealer to grab a
card from the opponent most likely to be holding Meals, and only takes the 5-card draw when the
Death risk is low enough for what it may bring.

The search bot built on it is in ``game.bots.hungry_meow_search``.
"""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, field
from functools import lru_cache

from game.bots.base import Bot
from game.rules.hungry_meow import HAND_LIMIT, HungryMeow
from game.rules.hungry_meow_cards import COL, DEATH, FISH, LOAF, MEALS, NUM, SYM, set_powers
from game.rules.hungry_meow_cards import sort_key as card_sort_key

TOTAL_MEALS = 7


@dataclass
class Info:
    """What a policy decision needs; built from a view (bots) or from a state (rollouts)."""

    seat: int
    players: int
    phase: str
    hand: list[str]
    hand_counts: list[int]
    meals: list[int]              # Meals known (or, in a rollout, held) per seat
    fish: list[int]
    table: list[str]
    eliminated: list[bool]
    direction: int
    pile: int
    discard: int
    pile_known: dict[int, str]
    meal_density: float           # chance that an unknown pile card is a Meal
    seen: list[str] = field(default_factory=list)
    powers: list[str] = field(default_factory=list)
    optional_draw: bool = False

    def opponents(self) -> list[int]:
        return [s for s in range(self.players) if s != self.seat and not self.eliminated[s]]

    def order_after(self, seat: int) -> list[int]:
        step = self.direction or 1
        out = []
        for k in range(1, self.players + 1):
            s = (seat + k * step) % self.players
            if not self.eliminated[s]:
                out.append(s)
        return out


def info_from_view(view: dict) -> Info:
    seat = view["seat"]
    n = view["players"]
    hand = list(view["hand"])
    known = view["known"]
    meals = [sum(1 for c in known[o] if c in MEALS) for o in range(n)]
    fish = [known[o].count(FISH) for o in range(n)]
    pile_known = {off: card for off, card in view["pile_known"]}
    visible_meals = sum(meals) + sum(1 for c in pile_known.values() if c in MEALS)
    unknown_meals = max(0, TOTAL_MEALS - visible_meals)
    unknown_pile = view["draw_pile"] - len(pile_known)
    if unknown_pile < 5:
        unknown_pile += view["discard_count"]
    density = unknown_meals / unknown_pile if unknown_pile > 0 else 0.0
    return Info(seat=seat, players=n, phase=view["phase"], hand=hand,
                hand_counts=list(view["hand_counts"]), meals=meals, fish=fish,
                table=list(view["table"]), eliminated=[s in view["eliminated"] for s in range(n)],
                direction={"cw": 1, "ccw": -1}.get(view["direction"], 1),
                pile=view["draw_pile"], discard=view["discard_count"], pile_known=pile_known,
                meal_density=min(1.0, density), seen=list(view["prophecy"] or []),
                powers=list(view["powers"]), optional_draw=view["options"].get("optional_draw", False))


def info_from_state(g: HungryMeow, seat: int) -> Info:
    """Rollout policy input: the sampled world's hands stand in for the seat's beliefs."""
    n = g.players
    hands = g.hands
    fish = [h.count(FISH) for h in hands]
    meals = [h.count(LOAF) + f for h, f in zip(hands, fish, strict=True)]   # C-speed: rollouts
    deck = g.deck
    pile = len(deck)
    in_pile = TOTAL_MEALS - sum(meals)
    unknown = pile + (len(g.discard) if pile < 5 else 0)
    return Info(seat=seat, players=n, phase=g.phase, hand=hands[seat], hand_counts=[len(h) for h in hands],
                meals=meals, fish=fish, table=g.table, eliminated=g.eliminated,
                direction=g.direction or 1, pile=pile, discard=len(g.discard), pile_known={},
                meal_density=in_pile / unknown if unknown else 0.0,
                seen=g.prophecy_seen, powers=g.powers, optional_draw=g.optional_draw)


# ---- the heuristic policy ---------------------------------------------------------------------
def death_risk(info: Info, count: int) -> float:
    """Chance that Death is among the next ``count`` cards drawn."""
    known = info.pile_known
    for off in range(count):
        if known.get(off) == DEATH:
            return 1.0
    if DEATH in known.values():
        return 0.0
    unknown_total = info.pile - len(known)
    if unknown_total < 5:
        unknown_total += info.discard
    if unknown_total <= 0:
        return 0.0
    unknown_first = sum(1 for off in range(count) if off not in known)
    return min(1.0, unknown_first / unknown_total)


def expected_meals(info: Info, count: int) -> float:
    known = info.pile_known
    total = 0.0
    for off in range(count):
        card = known.get(off)
        if card is None:
            total += info.meal_density
        elif card in MEALS:
            total += 1
    return total


def meal_progress(meals: int, fish: int) -> float:
    return max(meals / 3.0, fish / 2.0)


def choose_draw(info: Info) -> str:
    hand = len(info.hand)
    mine = sum(1 for c in info.hand if c in MEALS)
    if info.optional_draw and info.pile_known.get(0) == DEATH:
        return "draw 0"
    if hand <= 1:
        risk1, risk5 = death_risk(info, 1), death_risk(info, 5)
        gain1, gain5 = expected_meals(info, 1), expected_meals(info, 5)
        # A Meal is about a third of a win; Death costs the hand and most likely the game.
        stake = STAKE + mine
        value1 = gain1 / 3.0 - risk1 * stake
        value5 = gain5 / 3.0 - risk5 * stake
        return "draw 5" if value5 > value1 + 0.02 else "draw 1"
    return "draw 1"


# Small integer keys per numbered card: (number, symbol) and (colour, symbol) (rollout speed).
_NUM_KEY = {c: NUM[c] * 2 + (SYM[c] == "X") for c in NUM}
_COL_KEY = {c: "RYBG".index(COL[c]) * 2 + (SYM[c] == "X") for c in NUM}
_ORDER = {c: card_sort_key(c) for c in NUM}       # numbered cards: one total order, no ties


def _pairs_kept(cards: list[str]) -> int:
    """How much power potential a hand holds: number pairs count double, colour pairs once
    (within one symbol, since a set shows one symbol)."""
    nums = [0] * 18
    cols = [0] * 8
    total = 0
    for c in cards:
        k1 = _NUM_KEY.get(c)
        if k1 is not None:
            v1 = nums[k1]
            nums[k1] = v1 + 1
            k2 = _COL_KEY[c]
            v2 = cols[k2]
            cols[k2] = v2 + 1
            total += 2 * (v1 > 0) + (v2 > 0)
    return total


@lru_cache(maxsize=None)
def _powers(combo: tuple[str, ...]) -> tuple[str, ...]:
    """``set_powers`` of a set, remembered (sets repeat endlessly in rollouts)."""
    return tuple(set_powers(combo))


def _sets(hand: list[str], table: list[str]) -> list[tuple[str, ...]]:
    # Numbered cards are all different and their order has no ties: the result depends only on
    # which cards the hand holds.
    numbered = sorted([c for c in hand if c in NUM], key=_ORDER.__getitem__)
    if table:
        symbol = SYM[table[0]]
        need = sum(NUM[c] for c in table) + 1
    else:
        symbol, need = None, 0
    out = []
    append = out.append
    for sym in "PX":
        if symbol is not None and sym != symbol:
            continue
        cards = [c for c in numbered if SYM[c] == sym]
        nums = [NUM[c] for c in cards]
        k = len(cards)
        for i in range(k):
            a = cards[i]
            na = nums[i]
            if na >= need:
                append((a,))
            for j in range(i + 1, k):
                b = cards[j]
                s2 = na + nums[j]
                if s2 >= need:
                    append((a, b))
                # Within a symbol the numbers only grow: the thirds that reach ``need`` are
                # every card from the first that does.
                m = bisect_left(nums, need - s2, j + 1)
                if m < k:
                    out += [(a, b, c) for c in cards[m:]]
    return out


def answer_cost(hand: list[str], combo: tuple[str, ...], base: int | None = None) -> float:
    rest = list(hand)
    for c in combo:
        rest.remove(c)
    if base is None:
        base = _pairs_kept(hand)
    bonus = 0.0
    if len(combo) > 1:
        powers = _powers(tuple(combo))
        bonus = ((ANSWER_PROPHECY if "prophecy" in powers else 0)
                 + (ANSWER_DEALER if "dealer" in powers else 0))
    return sum(NUM[c] for c in combo) + 1.5 * len(combo) + 2.5 * (base - _pairs_kept(rest)) - bonus


@lru_cache(maxsize=None)
def _answer_parts(combo: tuple[str, ...]) -> tuple[float, float]:
    """``answer_cost``'s terms that depend on the set alone: its size and sum term, and the
    power bonus (the same floats, added in the same order)."""
    bonus = 0.0
    if len(combo) > 1:
        powers = _powers(combo)
        bonus = ((ANSWER_PROPHECY if "prophecy" in powers else 0)
                 + (ANSWER_DEALER if "dealer" in powers else 0))
    return sum(NUM[c] for c in combo) + 1.5 * len(combo), bonus


def _cheapest_answer(hand: list[str], sets: list[tuple[str, ...]]) -> tuple[str, ...]:
    """``min(sets, key=lambda s: (answer_cost(hand, s), s))`` without copying the hand for each
    set: ``base - _pairs_kept(rest)`` is the pairs a set breaks, counted on the hand's key
    counts (a card breaks a number pair, worth 2, when its number key is held twice or more,
    and a colour pair, worth 1, likewise; a set's cards are taken away one by one)."""
    nums = [0] * 18
    cols = [0] * 8
    for c in hand:
        k1 = _NUM_KEY.get(c)
        if k1 is not None:
            nums[k1] += 1
            cols[_COL_KEY[c]] += 1
    best_key = None
    best = sets[0]
    for s in sets:
        lost = 0
        if len(s) == 1:
            c = s[0]
            lost = 2 * (nums[_NUM_KEY[c]] > 1) + (cols[_COL_KEY[c]] > 1)
        else:
            for c in s:
                k1, k2 = _NUM_KEY[c], _COL_KEY[c]
                v1, v2 = nums[k1], cols[k2]
                lost += 2 * (v1 > 1) + (v2 > 1)
                nums[k1], cols[k2] = v1 - 1, v2 - 1
            for c in s:
                nums[_NUM_KEY[c]] += 1
                cols[_COL_KEY[c]] += 1
        size_sum, bonus = _answer_parts(s)
        key = (size_sum + 2.5 * lost - bonus, s)
        if best_key is None or key < best_key:
            best_key, best = key, s
    return best


def lead_score(hand: list[str], combo: tuple[str, ...]) -> float:
    powers = _powers(tuple(combo))
    total = sum(NUM[c] for c in combo)
    score = 0.0
    if "prophecy" in powers:
        score += LEAD_PROPHECY
    if "dealer" in powers:
        score += LEAD_DEALER
    if powers:
        score += total * LEAD_SUM         # a strong set is less likely to be beaten
    else:
        score -= NUM[combo[0]] + 3 * (len(combo) - 1)   # otherwise shed one low card
    return score


@lru_cache(maxsize=None)
def _lead_key(combo: tuple[str, ...]) -> tuple:
    """The lead's ranking of a set (``lead_score`` reads the set alone), remembered."""
    return lead_score([], combo), tuple(-NUM[c] for c in combo)


def next_draw_risk(info: Info) -> float:
    """Chance that the first card this seat draws on its next turn is Death."""
    before = sum(1 for s in info.order_after(info.seat)
                 if s != info.seat and info.hand_counts[s] < HAND_LIMIT)
    for off, card in info.pile_known.items():
        if card == DEATH:
            return 1.0 if off == before else 0.0
    unknown = info.pile - before - sum(1 for off in info.pile_known if off >= before)
    if info.pile - before < 5:
        unknown += info.discard
    return 1.0 / unknown if unknown > 0 else 0.0


SAFE_RISK = 0.08
ANSWER_POLICY = 1         # 1: answer only with a power set or against one; else pass
LEAD_PASS_BELOW = 0
TAKE_BASE = -0.05
ANSWER_PROPHECY = 15.0
ANSWER_DEALER = 8.0
LEAD_PROPHECY = 12.0
LEAD_DEALER = 8.0
LEAD_SUM = 0.6
SHIELD = 0.0
STAKE = 2.0


def choose_play(info: Info) -> str:
    hand = info.hand
    sets = _sets(hand, info.table)
    if not sets:
        return "pass"
    if len(hand) >= HAND_LIMIT and next_draw_risk(info) >= SAFE_RISK + SHIELD * info.meal_density \
            and not _nothing_moves(info):
        # Staying at 7+ cards skips the next draw while Death is close.
        sets = [s for s in sets if len(hand) - len(s) >= HAND_LIMIT]
        if not sets:
            return "pass"
    return _play_from(hand, info.table, sets)


def _nothing_moves(info: Info) -> bool:
    """A clear table and every other active player at 7+ cards: nobody draws until someone
    leads, so passing brings Death no nearer anyone else and only goes round (HM-4, HM-8)."""
    return not info.table and all(info.hand_counts[s] >= HAND_LIMIT for s in info.opponents())


def _play_from(hand: list[str], table: list[str], sets: list[tuple[str, ...]]) -> str:
    """``choose_play`` once the sets it may play are known (not empty)."""
    if table:
        best = _cheapest_answer(hand, sets)
        if ANSWER_POLICY and not _powers(best) and not _powers(tuple(table)):
            if ANSWER_POLICY == 1 or len(hand) - len(best) < ANSWER_POLICY:
                return "pass"
        return "play " + " ".join(best)
    best = max(sets, key=_lead_key)
    if LEAD_PASS_BELOW and len(best) == 1 and not _powers(best) and len(hand) <= LEAD_PASS_BELOW:
        return "pass"
    return "play " + " ".join(best)


def draw_schedule(info: Info, length: int, my_draws: int) -> list[int]:
    """Which seat is likely to draw each of the next ``length`` cards."""
    out = [info.seat] * my_draws
    order = info.order_after(info.seat)
    rounds = 0
    while len(out) < length and rounds < 4:
        rounds += 1
        for s in order:
            count = info.hand_counts[s]
            if s == info.seat:
                count += my_draws
            if count < HAND_LIMIT:
                out.append(s)
    return out[:length]


def _my_draws(info: Info) -> int:
    hand = len(info.hand)
    if hand >= HAND_LIMIT:
        return 0
    if hand <= 1:
        return 5
    return 1


def prophecy_options(info: Info) -> list[tuple[float, str]]:
    """Scored arrangements of the cards seen (best first)."""
    seen = list(info.seen)
    if not seen:
        return [(0.0, "prophecy skip")]
    k = len(seen)
    meals = sorted((c for c in seen if c in MEALS), key=lambda c: (c != FISH))
    has_death = DEATH in seen
    others = sorted((c for c in seen if c not in MEALS and c != DEATH), key=card_sort_key)
    results = []
    draws = _my_draws(info)
    for mine in sorted({min(draws, 1), draws}):
        schedule = draw_schedule(info, k, mine)
        if has_death:
            opp = [i for i, s in enumerate(schedule) if s != info.seat]
            death_at = opp[0] if opp else None
        else:
            death_at = None
        if has_death and death_at is None:
            continue
        order: list[str | None] = [None] * k
        if death_at is not None:
            order[death_at] = DEATH
        my_slots = [i for i in range(k) if order[i] is None and i < len(schedule) and schedule[i] == info.seat
                    and (death_at is None or i < death_at)]
        pool_meals = list(meals)
        for i in my_slots:
            if pool_meals:
                order[i] = pool_meals.pop(0)
        rest = others + pool_meals
        # Meals nobody of us draws go after Death (shuffled away) or last.
        for i in range(k):
            if order[i] is None:
                order[i] = rest.pop(0)
        value = 0.0
        limit = death_at if death_at is not None else k
        for i in range(min(limit, len(schedule))):
            card = order[i]
            if card in MEALS:
                value += 1.0 if schedule[i] == info.seat else -1.0
        if death_at is not None:
            value += 1.5
        results.append((value, "prophecy top " + " ".join(order)))  # type: ignore[arg-type]
    # Bottom: bury everything (Death and any Meals an opponent would get).
    results.append((0.0 if not has_death else 0.5, "prophecy bottom " + " ".join(others + meals +
                                                                            ([DEATH] if has_death else []))))
    results.sort(key=lambda r: -r[0])
    return results


def choose_prophecy(info: Info) -> str:
    return prophecy_options(info)[0][1]


def dealer_options(info: Info) -> list[tuple[float, str]]:
    out = [(0.0, "dealer skip")]
    mine = sum(1 for c in info.hand if c in MEALS)
    my_fish = info.hand.count(FISH)
    for s in info.opponents():
        count = info.hand_counts[s]
        if count == 0:
            continue
        m = info.meals[s]
        ratio = m / count
        value = ratio * (1.0 + 0.6 * m)
        if m and (mine >= 2 or (my_fish and info.fish[s])):
            value += ratio * 2
        out.append((value + TAKE_BASE, f"dealer take {s}"))
    numbered = sorted((c for c in info.hand if c in NUM), key=card_sort_key)
    if numbered:
        junk = numbered[0]
        for s in info.opponents():
            # Filling a Meal-holder's hand to 7 stops them drawing next turn.
            value = -0.1
            if info.hand_counts[s] == HAND_LIMIT - 1 and info.meals[s] >= 2:
                value = 0.4
            out.append((value, f"dealer give {s} {junk}"))
    out.sort(key=lambda r: -r[0])
    return out


def choose_dealer(info: Info) -> str:
    return dealer_options(info)[0][1]


def policy(info: Info) -> str:
    phase = info.phase
    if phase == "play":
        return choose_play(info)
    if phase == "draw":
        return choose_draw(info)
    if phase == "prophecy":
        return choose_prophecy(info)
    if phase == "dealer":
        return choose_dealer(info)
    return "direction cw"


class HeuristicBot(Bot):
    name = "heuristic"

    def choose(self, view: dict, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        action = policy(info_from_view(view))
        if action in legal:
            return action
        # Should not happen; stay legal whatever the view held.
        return legal[0]
