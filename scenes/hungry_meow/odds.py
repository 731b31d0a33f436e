"""Hungry Meow's odds on the table (its kit's ``odds``): the chance, from the seat's own view,
that the next card drawn is Death, above the draw pile."""
from __future__ import annotations

from game.bots.advice import pct
from game.bots.hungry_meow_odds import death_chance


def draw_odds(table, surface, view) -> None:
    deck = table.anchors["deck"].rect
    chance = death_chance(view)
    edge = (200, 40, 70) if chance >= 0.2 else (150, 110, 170)
    table.chip(surface, table.app.t("hm.odds.death", pct=pct(chance)),
               (deck.centerx, deck.top - table.s(30)), edge, 26)
