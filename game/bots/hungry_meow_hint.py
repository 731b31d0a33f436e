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
            return Text("hm.tiger.pass_none"), ["btn:pass"]
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
            return Text("hm.tiger.beat", {"cards": names}), targets
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
