"""What the Meow Meow Dice table needs to know about the rules to explain them (no pygame).

Everything here reads a seat's view (``game.view(seat)``) or the legal action strings; nothing
decides for the engine: the table only sends RULES.md §4 action strings and the engine judges.
A *reason* is ``(ok, text key, format dict)`` so the scene can say it in the chosen language.
"""
from __future__ import annotations

from game.rules.meow_dice_data import FACE_INDEX, FACES, SLOTS, TYPES, cond_bit, read_card, roll_info

TYPE_ORDER = {t: i for i, t in enumerate(TYPES)}


def phase_of(legal: list[str]) -> str | None:
    """"pre" (before the first roll), "rolling" (after it) or None (not this seat's move)."""
    if not legal:
        return None
    return "pre" if "roll" in legal else "rolling"


def verbs(legal: list[str]) -> set[str]:
    return {a.split(" ")[0] for a in legal}


# Card notations are read by the rules' one reader (game.rules.meow_dice_data.read_card).
def card_type(notation: str) -> str:
    return read_card(notation).type


def card_conds(notation: str) -> tuple[str, ...]:
    return read_card(notation).conds


def card_points(notation: str) -> int:
    return read_card(notation).points


def card_cat(notation: str) -> str | None:
    return read_card(notation).cat


def flames(notation: str) -> int:
    return read_card(notation).flames


def by_type(cards: list[str]) -> dict[str, list[str]]:
    """A player's cards grouped by item type (fish bones are food), in the order gained."""
    out: dict[str, list[str]] = {t: [] for t in TYPES}
    for card in cards:
        out[card_type(card)].append(card)
    return out


def slot_reason(view: dict, slot: str) -> tuple[bool, str, dict]:
    """Whether the dice in ``view`` meet slot ``slot`` (pattern, card condition, tokens; MD-8),
    and if not, the first thing that fails."""
    card = view["slots"].get(slot)
    if card is None:
        return False, "md.why.empty", {}
    dice = view["dice"]
    if view["rolls"] == 0 or "-" in dice:
        return False, "md.why.roll_first", {}
    fit, mask = roll_info([FACE_INDEX[f] for f in dice])
    s = SLOTS.index(slot)
    if fit != s:
        return False, "md.why.pattern", {"pattern": ("md.pattern." + slot,)}
    for cond in card_conds(card) + tuple(view["slot_tokens"].get(slot, [])):
        if not mask & cond_bit(cond):
            key = "md.why.need" if cond[0] == "!" else "md.why.no"
            return False, key, {"face": ("md.face." + cond[1],)}
    return True, "md.why.take", {}


def reroll_limit(view: dict) -> int:
    """Most dice the next reroll may throw (0: none), as the engine reports it."""
    return int(view.get("next_max") or 0)


def reroll_reason(view: dict, chosen: list[int], legal: list[str]) -> tuple[bool, str, dict]:
    """Whether rerolling the ``chosen`` dice is allowed now (MD-7, MD-13), else why not."""
    limit = reroll_limit(view)
    if limit <= 0:
        return False, "md.why.no_reroll", {}
    if not chosen:
        return False, "md.why.pick_dice", {"max": limit}
    if any(d in view["locked"] for d in chosen):
        return False, "md.why.locked", {}
    if len(chosen) > limit:
        return False, "md.why.too_many", {"n": limit}
    action = reroll_action(chosen)
    if action not in legal:
        return False, "md.why.not_now", {}
    return True, "", {"n": len(chosen), "max": limit}


def reroll_action(chosen: list[int]) -> str:
    return "reroll " + " ".join(str(d) for d in sorted(chosen))


def condition_choices(legal: list[str]) -> dict[str, list[str]]:
    """Slot -> the condition tokens that may go on its card now."""
    out: dict[str, list[str]] = {}
    for action in legal:
        words = action.split(" ")
        if words[0] == "condition":
            out.setdefault(words[1], []).append(words[2])
    return out


def bite_choices(legal: list[str]) -> list[str]:
    return [a.split(" ", 1)[1] for a in legal if a.startswith("bite ")]


def discard_slots(legal: list[str], verb: str) -> list[str]:
    """Slots that a ``token``/``change`` action may name (those holding a card)."""
    out = []
    for action in legal:
        words = action.split(" ")
        if words[0] == verb and len(words) == 2:
            out.append(words[1])
    return [s for s in SLOTS if s in out]


def lockable_dice(legal: list[str]) -> list[int]:
    return sorted({int(a.split(" ")[1]) for a in legal if a.startswith("lock ")})


def all_faces() -> str:
    return FACES


# The pieces each rules help page talks about (page number from 1 -> (kind, item) pairs), drawn
# with the game's own art by scenes/rules_help.py: cards, dice faces, condition and cat tokens.
RULES_PICTURES = {
    1: [("card", "food/tabby/2/!C"), ("card", "nest/siamese/3/XB")],
    2: [("die", f) for f in FACES],
    4: [("pattern", slot) for slot in SLOTS],
    5: [("cond", "!F"), ("cond", "XB"), ("card", "toy/calico/1/!PXY")],
    6: [("card", "fishbone/2"), ("card", "style/tuxedo/2/!M")],
    7: [("cat_token", "tabby")],
    9: [("cond", "!C"), ("cond", "XM"), ("die", "P")],
    11: [("card", "toy/tabby/1/!Y"), ("card", "food/calico/1/!F"), ("card", "nest/tuxedo/1/!P"),
         ("card", "style/siamese/1/!B")],
}
