"""Hungry Meow's odds on the table (its kit's ``odds``): the chance, from the seat's own view,
that the next card drawn is Death, and while a 5-card draw may be chosen, that Death is among
those five; in the level's odds zone (else above the draw pile)."""
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
    words = t.app.t("hm.odds.death", pct=pct(chance))
    if t.my_turn() and "draw 5" in t.legal:
        # the 5-card draw's risk beside it, while that draw may be chosen (it was the tiger's alone)
        five = death_chance(view, 5)
        words = t.app.t("hm.odds.death_five", pct=pct(chance), five=pct(five))
        edge = (200, 40, 70) if five >= 0.2 else edge
    chip = t.chip(surface, words, at, edge, 26, keep_off=(t.anchors["table"].rect,))   # the longer words
    t.boxes.add("overlay", "odds", chip)
