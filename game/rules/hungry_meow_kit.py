"""Hungry Meow's kit: what the shared layers know about it (see ``game.rules.kit``)."""
from __future__ import annotations

from game.rules.kit import RANDOM, GameKit


def reveals(event) -> bool:
    """A Dealer gift shows the giver only a card they held (quiet); a Dealer take shows them a
    random card (a reveal). Every other event goes by its kind."""
    if event.kind == "DealerCard":
        return event.data.get("move") != "give"
    return event.kind not in KIT.quiet_events


KIT = GameKit(
    name="hungry-meow",
    endings=(("meals", "a player held 3 Meals (HM-11)"), ("fish", "a player held both Fish (HM-11)"),
             ("last", "the last player not eliminated by Death (HM-11)")),
    engine="game.rules.hungry_meow:HungryMeow",
    table="scenes.hungry_meow.table:HungryMeowTable",
    players=(2, 6),
    bots={"random": RANDOM, "heuristic": "game.bots.hungry_meow:HeuristicBot",
          "search": "game.bots.hungry_meow_search:SearchBot"},
    advisor="search",
    quiet_events=frozenset({"DirectionChosen", "TurnStarted", "PowerOffered", "NoDraw",
                            "ProphecySkipped", "DealerSkipped", "DealerGave", "DealerCard",
                            "DrawDeclined"}),
    reveal_rule="game.rules.hungry_meow_kit:reveals",
    hint="game.bots.hungry_meow_hint:hint",
    odds="scenes.hungry_meow.odds:draw_odds",
    breakdown="scenes.hungry_meow.scores:breakdown",
    final_record="game.rules.hungry_meow_kit:final_record",
    tableau="scenes.hungry_meow.scores:tableau",
    rules_pictures="scenes.hungry_meow.rules_view:RULES_PICTURES",
    picture="game.art.cards_hungry_meow:rules_picture",
    plots="game.simulation.hungry_meow_plots:plots",
    cover="covers/hungry-meow.svg",
    phone="scenes.hungry_meow.phone:HungryMeowPhone",
    palette="hungry-meow",
    anchors=("deck", "discard", "table", "reveal", "prompt", "actions", "seat{i}", "hand{i}"),
    text_prefix="hm",
)


def final_record(game, steps) -> dict:
    """For the results: each knocked-out seat's hand at the moment it drew Death (the hand
    before the draw and the cards that draw brought before Death: a 5-card draw's too), and the
    card turned up after Death that knocked it out."""
    death_hands, by = {}, {}
    for before, events in steps:
        drawn: dict[int, list[str]] = {}
        at_death: dict[int, list[str]] = {}
        for e in events:
            seat = e.data.get("seat")
            if e.kind == "CardDrawn" and e.data.get("reason") == "draw" and e.data["card"] != "DEATH":
                drawn.setdefault(seat, []).append(e.data["card"])
            elif e.kind == "DeathDrawn":
                at_death[seat] = list(before["hands"][seat]) + drawn.get(seat, [])
            elif e.kind == "Eliminated":
                death_hands[str(seat)] = at_death.get(seat, list(before["hands"][seat]))
                by[str(seat)] = e.data["card"]
    return {"death_hands": death_hands, "knocked_out_by": by}
