"""Meow Meow Dice belief for search: a full state consistent with one seat's view.

The only hidden things are the order of the regular deck, of the golden deck under its top and
of the face-down fish bones; ``sample_state`` deals them at random. The engine never calls this.
"""
from __future__ import annotations

import random

from game.rules.base import SetupError
from game.rules.meow_dice import MeowDice
from game.rules.meow_dice_data import FACE_INDEX, SLOTS, TYPES


def sample_state(view: dict, seat: int | random.Random | None = None, rng: random.Random | None = None,
                 cls: type[MeowDice] = MeowDice) -> MeowDice:
    """A full state consistent with one seat's view (for information-set search).

    Called as ``sample_state(view, rng)`` or ``sample_state(view, seat, rng)``. What the view
    shows stays as it is; the hidden order of the regular deck, of the golden deck under its top
    and of the face-down fish bones is drawn from ``rng`` among the cards that seat has not seen.
    Dice thrown later come from a fresh RNG seeded from ``rng``.
    """
    if isinstance(seat, random.Random):
        rng, seat = seat, None
    if rng is None:
        raise TypeError("sample_state needs an rng")
    cs = cls.CARDSET
    n = view["players"]
    game = cls.new(n, rng.randrange(1 << 62), view["options"],
                   {"first": view["first"], "cats": view["cats"], "deck": [], "golden": [],
                    "fishbones": [], "slots": {s: None for s in SLOTS}})
    box = list(game.box)           # every card, to be placed

    def take(notation: str) -> int:
        for cid in box:
            if cs.cards[cid].notation == notation:
                box.remove(cid)
                return cid
        raise SetupError(f"sample_state: {notation} is not available")

    game.slots = [None if view["slots"][s] is None else take(view["slots"][s]) for s in SLOTS]
    game.hands = [[take(c) for c in hand] for hand in view["hands"]]
    game.discard = [take(c) for c in view["discard"]]
    game.bitten = []
    for s, bitten in enumerate(view["bitten"]):
        left = list(bitten)
        for cid in game.hands[s]:
            if cs.cards[cid].notation in left:
                left.remove(cs.cards[cid].notation)
                game.bitten.append(cid)
    golden = [take(view["golden_top"])] if view["golden_top"] else []
    rest = [c for c in box if cs.cards[c].kind == "golden"]
    rng.shuffle(rest)
    game.golden = golden + rest[:max(0, view["golden_count"] - len(golden))]
    fish = [take(view["fishbone_top"])] if view.get("fishbone_top") else []
    rest = [c for c in box if cs.cards[c].kind == "fishbone"]
    rng.shuffle(rest)
    game.fishpile = fish + rest[:max(0, view["fishbone_count"] - len(fish))]
    for cid in game.golden + game.fishpile:
        if cid in box:
            box.remove(cid)
    pool_kinds = ("regular", "special") if game.specials else ("regular",)
    rest = [c for c in box if cs.cards[c].kind in pool_kinds]
    rng.shuffle(rest)
    game.deck = rest[:view["deck_count"]]
    game.box = sorted(set(box) - set(game.deck))
    game.slot_tokens = [list(view["slot_tokens"][s]) for s in SLOTS]
    game.supply = list(view["supply"])
    game.won_tokens = [list(t) for t in view["won_tokens"]]
    game.enth = list(view["enthusiasm"]) if game.advanced else None
    game.cat_up = None if game.advanced else list(view["cat_token_up"])
    for s in range(n):
        hand = [cs.cards[c] for c in game.hands[s]]
        game.r_points[s] = sum(c.points for c in hand)
        game.r_own[s] = sum(1 for c in hand if c.cat == game.cats[s])
        game.r_types[s] = [sum(1 for c in hand if c.type == t) for t in TYPES]
        game.r_abil[s] = [c.ability for c in hand if c.ability]
    game.turns = view["turn"]
    game.turns_by_seat = list(view["turns_by_seat"])
    game.game_over = view["over"]
    game.winning_seats = list(view["winners"])
    game.ending = view["end_reason"]
    game.tie_throws = [list(t) for t in view["tie_throws"]]
    game.current = view["current_player"] if view["current_player"] is not None else game.current
    game.dice = [None if f == "-" else FACE_INDEX[f] for f in view["dice"]]
    game.locked = [d in view["locked"] for d in range(4)]
    game.rolls = view["rolls"]
    game.last_thrown = view["last_thrown"] if view["last_thrown"] is not None else 4
    game.bite_pending = view["bite_pending"]
    return game
