"""Meow Meow Dice's words for "Ask the tiger" (its kit's ``hint``): the search bot's choice as a
sentence from the seat's own view, with the widgets to outline."""
from __future__ import annotations

from fractions import Fraction

from game.bots.advice import Hint, Text, pct, ranked_hint
from game.bots.meow_dice import Valuer
from game.bots.meow_dice_odds import best_odds, keep_odds
from game.rules.meow_dice_data import FACES, SLOTS


def hint(bot, view: dict, legal: list[str]) -> Hint:
    return ranked_hint("meow-dice", bot, view, legal, words)


def md_card(notation: str) -> Text:
    return Text(f"md.card.{notation}")


def md_dice(faces: list[str]) -> list[Text]:
    """Kept dice as "fish ×2", "mouse" (one entry per face, most first)."""
    counts: dict[str, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    order = sorted(counts, key=lambda f: (-counts[f], FACES.index(f)))
    return [Text("md.tiger.dice", {"face": Text(f"md.face.{f}"), "n": counts[f]}) if counts[f] > 1
            else Text(f"md.face.{f}") for f in order]


def aimed_card(view: dict, chances: dict) -> tuple[str, Fraction] | None:
    """The card a keep plays for: the most chance × worth to this seat (None: nothing in reach)."""
    worth = {SLOTS[s]: v for s, _, v in (x for x in Valuer(view, view["seat"]).slot_values(
        view["slots"], view["slot_tokens"]) if x is not None)}
    best = None
    for slot, chance in chances.items():
        if chance is None or chance <= 0:
            continue
        score = float(chance) * max(worth.get(slot, 0.0), 0.1)
        if best is None or score > best[0]:
            best = (score, slot, chance)
    return None if best is None else (best[1], best[2])


def over_take(view: dict, legal: list[str], odds: dict) -> tuple[str, Fraction, str, Fraction] | None:
    """A reroll advised while a card can be taken now (issue 21: "42% to make the Tiny hat" with
    the Tiny hat already made): (the better card it plays for, its chance, the best card taken
    now, the chance to still make it). None when nothing can be taken or nothing better is in
    reach (the plain keep words then)."""
    takes = [a.split()[1] for a in legal if a.startswith("take ")]
    if not takes:
        return None
    val = Valuer(view, view["seat"])
    worth = {SLOTS[s]: v for s, _, v in (x for x in val.slot_values(view["slots"], view["slot_tokens"])
                                         if x is not None)}
    now = max(takes, key=lambda s: worth.get(s, 0.0))
    best = None
    for slot, chance in odds.items():
        if slot == now or chance is None or chance <= 0 or worth.get(slot, 0.0) <= worth[now]:
            continue
        score = float(chance) * worth[slot]
        if best is None or score > best[0]:
            best = (score, slot, chance)
    if best is None:
        return None
    return best[1], best[2], now, odds.get(now) or Fraction(0)


def over_words(view: dict, keep: list[int], over) -> Text:
    slot, chance, now, still = over
    val = Valuer(view, view["seat"])
    args = {"pct": pct(chance), "card": md_card(view["slots"][slot]),
            "points": round(val.card(view["slots"][slot], view["slot_tokens"][slot])),
            "now": md_card(view["slots"][now]), "still": pct(still)}
    if not keep:
        return Text("md.tiger.reroll_all_over", args)
    throw = [d for d in range(4) if d not in keep and d not in view["locked"]]
    return Text("md.tiger.keep_over", {**args, "dice": md_dice([view["dice"][d] for d in throw])})


def take_words(card, parts: list[tuple[str, float]]) -> Text:
    """"Take the Catnip biscuit: about 4 points to you (2 on the card + 1 for your cat + 1 for a
    new kind)": the points the card shows and what the seat adds, each rounded, so a 4 for a card
    marked 2 says where the other 2 come from (stranger 2, defect 8)."""
    shown = [(kind, round(v)) for kind, v in parts if round(v) or kind == "card"]
    total = sum(n for _, n in shown)
    if len(shown) == 1:
        return Text("md.tiger.take", {"card": card, "points": total})
    why = Text("md.tiger.why." + shown[0][0], {"n": shown[0][1]})
    for kind, n in shown[1:]:
        why = Text("md.tiger.plus" if n > 0 else "md.tiger.minus",
                   {"a": why, "b": Text("md.tiger.why." + kind, {"n": abs(n)})})
    return Text("md.tiger.take_why", {"card": card, "points": total, "why": why})


def words(view: dict, action: str, legal: list[str]) -> tuple[Text, list[str]]:
    words = action.split()
    verb = words[0]
    slots = view["slots"]
    if verb == "reroll":
        throw = [int(w) for w in words[1:]]
        keep = [d for d in range(4) if d not in throw and d not in view["locked"]]
        odds = keep_odds(view, keep)
        targets = [f"die:{d}" for d in throw] + ["btn:reroll"]
        over = over_take(view, legal, odds)
        if over is not None:
            # only the aim outlined: the card to skip in the same orange read as a second aim
            # (stranger21c defect 9)
            return over_words(view, keep, over), targets + [f"slot:{over[0]}"]
        aim = aimed_card(view, odds)
        if aim is None:
            return Text("md.tiger.reroll_long"), targets
        slot, chance = aim
        args = {"pct": pct(chance), "card": md_card(slots[slot])}
        targets.append(f"slot:{slot}")
        # The card's badge shows the best chance playing for that card alone; this keep may aim
        # wider. Two numbers for one card must say what each is (issue 21: 17% vs 24%).
        best = best_odds(view).get(slot)
        badge = "_badge" if best is not None and pct(best) != args["pct"] else ""
        if badge:
            args["best"] = pct(best)
        if not keep:
            return Text("md.tiger.reroll_all" + badge, args), targets
        # the words name the dice outlined, the ones to throw (stranger 6, defect 8: "Keep cat face,
        # reroll the rest" over three other dice outlined); the keys keep their old names
        thrown = md_dice([view["dice"][d] for d in throw])
        return Text("md.tiger.keep" + badge, {**args, "dice": thrown}), targets
    if verb == "take":
        slot = words[1]
        parts = Valuer(view, view["seat"]).card_parts(slots[slot], view["slot_tokens"][slot])
        return take_words(md_card(slots[slot]), parts), [f"slot:{slot}"]
    if verb == "fishbone":
        chase = any(a.startswith("reroll ") for a in legal)
        return Text("md.tiger.fishbone_now" if chase else "md.tiger.fishbone"), ["btn:fishbone"]
    if verb == "bite":
        # the copy the rules bite: the first not yet bitten (the table shows bitten copies first)
        copy = view["bitten"][view["seat"]].count(words[1])
        if words[1].startswith("fishbone"):
            return Text("md.tiger.bite_fishbone"), [f"card:{words[1]}#{copy}"]
        return Text("md.tiger.bite", {"card": md_card(words[1])}), [f"card:{words[1]}#{copy}"]
    if verb == "roll":
        aim = aimed_card(view, keep_odds(view))
        if aim is None:
            return Text("md.tiger.roll_plain"), ["btn:roll"]
        slot, chance = aim
        return (Text("md.tiger.roll", {"pct": pct(chance), "card": md_card(slots[slot])}),
                ["btn:roll", f"slot:{slot}"])
    if verb in ("token", "change"):
        chosen = words[1:]
        # the whole way there: the opener, the slots, then the Discard that makes it
        return (Text(f"md.tiger.{verb}", {"cards": [md_card(slots[s]) for s in chosen if slots[s]]}),
                [f"btn:{verb}"] + [f"slot:{s}" for s in chosen] + ["btn:discard"])
    if verb == "lock":
        return (Text("md.tiger.lock", {"face": Text(f"md.face.{words[2]}")}),
                ["btn:lock", f"die:{words[1]}", f"face:{words[2]}"])
    if verb == "condition":
        slot, tok = words[1], words[2]
        cond = Text("md.cond.need" if tok[0] == "!" else "md.cond.no", {"face": Text(f"md.face.{tok[1]}")})
        return (Text("md.tiger.condition", {"cond": cond, "card": md_card(slots[slot])}),
                ["btn:condition", f"slot:{slot}", f"tok:{tok}"])
    return Text("md.tiger.roll_plain"), []
