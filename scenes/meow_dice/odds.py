"""Meow Meow Dice's odds on the table (its kit's ``odds``), on the person's turn only: beside
each board card, the chance of making it — with the dice picked to reroll when some are picked
(the rest kept), else playing for it from the dice as they lie."""
from __future__ import annotations

from game.bots.advice import pct
from game.bots.meow_dice_odds import best_odds, keep_odds


def draw_odds(table, surface, view) -> None:
    t = table
    if not t.my_turn():
        return
    if view["rolls"] and not view["next_max"]:
        return              # no roll left: a card fits or it does not (four "0%" said nothing)
    picked = [d for d in getattr(t, "picked_dice", []) if d not in view["locked"]]
    if view["rolls"] and picked:
        keep = [d for d in range(4) if d not in picked and d not in view["locked"]]
        figures = keep_odds(view, keep)
    else:
        figures = best_odds(view)
    for slot, chance in figures.items():
        if chance is None or slot in t.presenter.hidden_slots:
            continue
        card = t.slot_card_rect(slot)
        room = t.slot_rect(slot)                  # the slot is wider than its card: beside it
        good = chance >= 0.5
        # beside the card's middle; at its foot when condition tokens fill the top (two a row)
        y = card.bottom - t.s(24) if t.presenter.board.slot_tokens.get(slot) else card.centery
        chip = t.chip(surface, f"{pct(chance)}%", ((card.right + room.right) // 2, y),
                      (80, 200, 120) if good else (200, 170, 90), 26)
        t.boxes.add("overlay", f"odds:{slot}", chip)
        # for its tip (scenes/meow_dice/tips.py): what the number is, on hover and in the card's tip
        t.odds_chips[slot] = (chip, pct(chance), bool(view["rolls"] and picked))
