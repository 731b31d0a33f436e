"""Meow Meow Dice's kit: what the shared layers know about it (see ``game.rules.kit``)."""
from __future__ import annotations

from game.rules.kit import RANDOM, GameKit, TableOption

KIT = GameKit(
    name="meow-dice",
    endings=(("score", "everyone had their turns; the highest score won (MD-9)"),
             ("tiebreak-food", "scores tied; most food cards won (MD-9)"),
             ("tiebreak-dice", "scores and food tied; the tied players threw for a C (MD-9)")),
    engine="game.rules.meow_dice:MeowDice",
    table="scenes.meow_dice.table:MeowDiceTable",
    players=(2, 4),
    bots={"random": RANDOM, "heuristic": "game.bots.meow_dice:HeuristicBot",
          "search": "game.bots.meow_dice:SearchBot"},
    advisor="search",
    quiet_events=frozenset({"TokenPlaced", "DieLocked", "EnthusiasmChanged", "TokenFlipped", "Bite"}),
    hint="game.bots.meow_dice_hint:hint",
    odds="scenes.meow_dice.odds:draw_odds",
    breakdown="scenes.meow_dice.scores:breakdown",
    final_record="game.rules.meow_dice_kit:final_record",
    seat_cats=("tabby", "calico", "tuxedo", "siamese"),
    tableau="scenes.meow_dice.scores:tableau",
    rules_pictures="scenes.meow_dice.rules_view:RULES_PICTURES",
    picture="game.art.cards_meow_dice:rules_picture",
    plots="game.simulation.meow_dice_plots:plots",
    cover="covers/meow-dice.svg",
    data_root="game.rules.meow_dice_data:set_data_root",
    palette="meow-dice",
    anchors=("prompt", "slotTL", "slotTR", "slotBL", "slotBR", "deck", "fishbones", "golden",
             "tray", "supply", "actions", "hints", "seat{i}"),
    text_prefix="md",
    options=(TableOption("advanced", "md.opt.advanced"),
             TableOption("specials", "md.opt.specials", needs="advanced"),
             TableOption("one_bite", "md.opt.one_bite")),
)


def final_record(game, steps) -> dict:
    """For the results: each seat's score by MD-9 term and its food cards (the tie-break)."""
    return {"score_parts": [game.score_parts(s) for s in range(game.players)],
            "food_cards": [sum(1 for c in hand if game.card(c).type == "food") for hand in game.hands]}
