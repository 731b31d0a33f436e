"""Zodiac Catchers' kit: what the shared layers know about it (see ``game.rules.kit``)."""
from __future__ import annotations

from game.rules.kit import RANDOM, GameKit, TableOption

KIT = GameKit(
    name="zodiac",
    endings=(("target", "a player reached the target points (ZC-6); a round left without a "
                        "winner there is counted as \"round unfinished\""),
             ("rounds", "the fixed number of rounds was played; highest total won (ZC-6)")),
    engine="game.rules.zodiac:Zodiac",
    table="scenes.zodiac.table:ZodiacTable",
    players=(2, 6),
    bots={"random": RANDOM, "kitten": "game.bots.zodiac:KittenBot",
          "housecat": "game.bots.zodiac:HouseCatBot", "tiger": "game.bots.zodiac:TigerBot",
          "search": "game.bots.zodiac:SearchBot"},
    aliases={"heuristic": "housecat", "house-cat": "housecat"},
    advisor="search",
    quiet_events=frozenset({"Arranged", "HandArranged"}),
    hint="game.bots.zodiac_hint:hint",
    hint_ready="game.bots.zodiac_hint:ready",
    odds="scenes.zodiac.odds:draw_odds",
    breakdown="scenes.zodiac.scores:breakdown",
    tableau="scenes.zodiac.scores:tableau",
    rules_pictures="scenes.zodiac.rules_view:RULES_PICTURES",
    picture="game.art.cards_zodiac:rules_picture",
    plots="game.simulation.zodiac_plots:plots",
    cover="covers/zodiac.svg",
    phone="scenes.zodiac.phone:ZodiacPhone",
    palette="zodiac",
    anchors=("grid", "trump", "banner", "prompt", "actions", "hints", "match",
             "seat{i}", "hand{i}", "caps{i}"),
    text_prefix="zc",
    # One default everywhere: ZC-6's match to 10 (issue 21); a short match is a choice.
    options=(TableOption("short_match", "zodiac.opt.short_match", value=(("target", 5),)),),
)
