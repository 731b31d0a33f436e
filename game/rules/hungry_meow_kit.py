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
