"""Small pure helpers the table uses to read Hungry Meow cards and explain selections.

No pygame here: the explanation of an illegal selection ("paw 3 + paw 2 = 5 does not beat paw 6")
is computed from the public table set and the selected cards, and the action strings follow
RULES.md §4 (``play R5P B5P``, ``prophecy top C1 …``, ``dealer give SEAT CARD`` …).
"""
from __future__ import annotations

from dataclasses import dataclass, field

# The cards are read by the rules' one vocabulary (one parser, one sort order).
from game.rules.hungry_meow_cards import MEALS, is_meal, parse, set_sum, sort_key, symbol_of  # noqa: F401

# the engine's refusal code of a play -> the table's words for it (the table and the phones)
WHY = {"hm.empty": "hm.why.empty", "hm.too_many": "hm.why.too_many", "hm.meal": "hm.why.meal",
       "hm.mixed": "hm.why.mixed", "hm.symbol": "hm.why.symbol", "hm.sum": "hm.why.sum"}


@dataclass
class Verdict:
    """``ok``: the selection may be played. ``key``/``fmt``: text to show (i18n key + format args)."""
    ok: bool
    key: str
    fmt: dict = field(default_factory=dict)


def expression(cards, sym_name) -> str:
    """"paw 3 + paw 2" from the selected cards (in selection order)."""
    return " + ".join(f"{sym_name(parse(c)[2])} {parse(c)[1]}" for c in cards if parse(c))


def explain(selected: list[str], table: list[str], sym_name, legal_plays: set[frozenset] | None = None
            ) -> Verdict:
    """Why the selection can or cannot be played on ``table`` (the set to beat; [] when clear).

    ``sym_name`` maps "P"/"X" to the word shown ("paw"/"punch", or the translation).
    ``legal_plays`` (sets of cards from the engine's legal ``play`` actions) is the final word
    when given: a selection the rules above accept but the engine does not is reported as such.
    """
    if not selected:
        return Verdict(False, "hm.why.empty")
    if len(selected) > 3:
        return Verdict(False, "hm.why.too_many")
    if any(is_meal(c) for c in selected):
        return Verdict(False, "hm.why.meal")
    if any(parse(c) is None for c in selected):
        return Verdict(False, "hm.why.not_playable")
    syms = [parse(c)[2] for c in selected]
    if len(set(syms)) > 1:
        return Verdict(False, "hm.why.mixed", {"a": sym_name("P"), "b": sym_name("X")})
    total = set_sum(selected)
    expr = expression(selected, sym_name)
    if table:
        want = symbol_of(table)
        target = set_sum(table)
        target_expr = f"{sym_name(want)} {target}" if want else str(target)
        if want and syms[0] != want:
            return Verdict(False, "hm.why.symbol", {"want": sym_name(want), "have": sym_name(syms[0]),
                                                   "target": target_expr})
        if total <= target:
            return Verdict(False, "hm.why.sum", {"expr": expr, "total": total, "target": target_expr})
    if legal_plays is not None and frozenset(selected) not in legal_plays:
        return Verdict(False, "hm.why.not_now")
    return Verdict(True, "hm.ok", {"expr": expr, "total": total})


def play_action(selected: list[str]) -> str:
    return "play " + " ".join(selected)


def legal_play_sets(legal: list[str]) -> set[frozenset]:
    return {frozenset(a.split()[1:]) for a in legal if a.startswith("play ")}


def phase_of(legal: list[str]) -> str | None:
    """Which kind of choice the legal actions ask for: direction, draw, play, prophecy, dealer."""
    for action in legal:
        head = action.split(" ", 1)[0]
        if head in ("direction", "draw", "prophecy", "dealer"):
            return head
        if head in ("play", "pass"):
            return "play"
    return None


# The cards each rules help page talks about (page number from 1 -> (kind, card) pairs), drawn
# with the game's own art by scenes/rules_help.py.
RULES_PICTURES = {
    1: [("card", "LOAF"), ("card", "FISH"), ("card", "DEATH")],
    2: [("back", ""), ("card", "R3P"), ("card", "G5X")],
    4: [("back", ""), ("card", "B2P")],
    5: [("card", "DEATH"), ("card", "LOAF")],
    6: [("card", "R2P"), ("card", "Y4P"), ("card", "B7P")],
    8: [("card", "R3P"), ("card", "B3P"), ("card", "G2X"), ("card", "G6X")],
}
