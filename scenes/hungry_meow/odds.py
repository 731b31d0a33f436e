"""Hungry Meow's odds on the table (its kit's ``odds``): the chance, from the seat's own view,
that the next card drawn is Death, in the level's odds zone (else above the draw pile)."""
from __future__ import annotations

from game.bots.advice import pct
from game.bots.hungry_meow_odds import death_chance


def draw_odds(table, surface, view) -> None:
    t = table
    if t.mode == "prophecy":          # the Prophecy panel lies over the pile and shows its top
        return
    deck = t.anchors["deck"].rect
    chance = death_chance(view)
    edge = (200, 40, 70) if chance >= 0.2 else (150, 110, 170)
    spot = t.zone("odds")
    at = spot.center if spot is not None else (deck.centerx, deck.top - t.s(30))
    chip = t.chip(surface, t.app.t("hm.odds.death", pct=pct(chance)), at, edge, 26)
    t.boxes.add("overlay", "odds", chip)
