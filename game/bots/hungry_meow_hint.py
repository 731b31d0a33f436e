"""Hungry Meow's words for "Ask the tiger" (its kit's ``hint``): the search bot's choice as a
sentence from the seat's own view, with the widgets to outline."""
from __future__ import annotations

from game.bots.advice import Hint, Seat, Text, pct, ranked_hint
from game.bots.hungry_meow import HAND_LIMIT, MEALS, set_powers
from game.bots.hungry_meow_odds import death_chance, pile_odds


def hint(bot, view: dict, legal: list[str]) -> Hint:
    return ranked_hint("hungry-meow", bot, view, legal, words)


def hm_card(card: str) -> Text:
    if card in MEALS or card == "DEATH":
        return Text(f"hm.card.{card}")
    return Text("hm.tiger.card", {"colour": Text(f"hm.colour.{card[0]}"), "n": int(card[1]),
                                  "symbol": Text(f"hm.sym.{card[2]}")})


def lead_reason(view: dict, cards: list[str]) -> Text:
    """Why this lead (every hint names a reason, stranger 40r-en #7: "Lead with blue paw 3"
    alone): a single card that is the hand's lowest keeps the bigger ones for beating sets; any
    other lead sets what the others must beat."""
    numbered = [int(c[1]) for c in view["hand"] if c not in MEALS and c != "DEATH"]
    if len(cards) == 1 and numbered and int(cards[0][1]) <= min(numbered):
        return Text("hm.tiger.why_low")
    return Text("hm.tiger.why_bar", {"symbol": Text(f"hm.sym.{cards[0][2]}"),
                                     "sum": sum(int(c[1]) for c in cards)})


def _sum(cards) -> int:
    return sum(int(c[1]) for c in cards)


def beat_reason(view: dict, cards: list[str], legal: list[str], names: list[Text]) -> Text:
    """Why this answer to the table. "For the least" only when no legal set beats it with a
    smaller sum (stranger 43 #5: it said so over two 4s that beat paw 1 for less): the claim is
    the same comparison, made here on the legal sets, so the words cannot outrun the choice.
    Else the cheaper set is named with what keeping it is for: the power its own cards or a card
    left in hand would make with it (a number pair: Prophecy; a colour pair: the Dealer)."""
    sets = [a.split()[1:] for a in legal if a.startswith("play ")]
    cheaper = [s for s in sets if _sum(s) < _sum(cards)]
    if not cheaper:
        return Text("hm.tiger.beat", {"cards": names})
    cheap = min(cheaper, key=lambda s: (_sum(s), len(s), s))
    powers = kept_powers(view["hand"], cards, cheap)
    args = {"cards": names, "cheap": [hm_card(c) for c in cheap], "n": len(cheap)}   # ("it" or "them")
    if powers:
        return Text("hm.tiger.beat_keep_power", {**args, "power": [Text(f"hm.power.{p}") for p in powers]})
    return Text("hm.tiger.beat_keep", args)


def kept_powers(hand: list[str], played: list[str], cheap: list[str]) -> list[str]:
    """The powers a later set could have from ``cheap``'s cards with the cards still held after
    ``played`` goes (sets are one symbol; powers in set_powers' order)."""
    rest = list(hand)
    for c in played:
        rest.remove(c)
    found = set(set_powers(cheap)) if len(cheap) > 1 else set()
    for c in cheap:
        for o in rest:
            if o != c and o not in MEALS and o != "DEATH" and o[2] == c[2]:
                found.update(set_powers([c, o]))
    return [p for p in ("prophecy", "dealer") if p in found]


def words(view: dict, action: str, legal: list[str]) -> tuple[Text, list[str]]:
    words = action.split()
    verb = words[0]
    if verb == "direction":
        return Text("hm.tiger.direction"), [f"btn:{words[1]}"]
    if verb == "draw":
        n = int(words[1])
        chance = death_chance(view, max(1, n))
        return Text(f"hm.tiger.draw{n}", {"pct": pct(chance)}), [f"btn:draw{n}"]
    if verb == "pass":
        pile = pile_odds(view)
        if len(view["hand"]) >= HAND_LIMIT and pile.located is None and pile.unseen:
            return Text("hm.tiger.pass_safe", {"unseen": pile.unseen}), ["btn:pass"]
        if len(view["hand"]) >= HAND_LIMIT and pile.located is not None:
            return Text("hm.tiger.pass_death"), ["btn:pass"]
        if not any(a.startswith("play ") for a in legal):
            # an empty table: nothing to beat, only Meals held (stranger 43 #5: "nothing in your
            # hand beats the table" with no table)
            return Text("hm.tiger.pass_none" if view["table"] else "hm.tiger.pass_meals"), ["btn:pass"]
        return Text("hm.tiger.pass"), ["btn:pass"]
    if verb == "play":
        cards = words[1:]
        powers = set_powers(cards) if len(cards) > 1 else []
        names = [hm_card(c) for c in cards]
        targets = [f"card:{c}#0" for c in cards] + ["btn:play"]
        if powers:
            return Text("hm.tiger.play_power", {"cards": names,
                                               "power": [Text(f"hm.power.{p}") for p in powers]}), targets
        if view["table"]:
            return beat_reason(view, cards, legal, names), targets
        return Text("hm.tiger.lead", {"cards": names, "why": lead_reason(view, cards)}), targets
    if verb == "prophecy":
        if words[1] == "skip":
            return Text("hm.tiger.skip"), ["btn:skip"]
        cards = [hm_card(c) for c in words[2:]]
        # the control that makes this choice: Confirm once the cards go where the words say
        # (the table shows the top/bottom switch first when they do not yet)
        return Text(f"hm.tiger.prophecy_{words[1]}", {"cards": cards}), [f"btn:prophecy_{words[1]}"]
    if verb == "dealer":
        if words[1] == "skip":
            return Text("hm.tiger.skip"), ["btn:skipd"]
        other = int(words[2])
        if words[1] == "take":
            meals = sum(1 for c in view["known"][other] if c in MEALS)
            return (Text("hm.tiger.take", {"name": Seat(other), "n": meals,
                                          "cards": view["hand_counts"][other]}),
                    [f"seat:{other}", "btn:take"])
        card = words[3]
        return (Text("hm.tiger.give", {"name": Seat(other), "card": hm_card(card)}),
                [f"seat:{other}", f"card:{card}#0", "btn:give"])
    return Text("hm.tiger.skip"), []
