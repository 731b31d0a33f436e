"""The Meow Meow Dice piles (the deck, the fish bones, the golden cards) and their counts: one
opaque piece of the table (``TableLook.static``: the background under it with its cards,
their shadows and its count drawn once), kept while their cards and counts stay the same.

Why (issue 23): every frame drew up to three cards with their shadows and a measured, fitted
label for each pile (~25 recorded operations and three texts, 1-1.5 ms of processor a frame at
3840x2160) for a picture that changes only when a card is drawn. The three piles are one piece
(the deck's count and the fish bones' cards nearly touch), covering exactly what they draw (found
by recording it once); where that would meet a slot (which it would cover), they are drawn as
before.
"""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.cache import ART
from game.art.cards_meow_dice import RATIO, card_back, card_face
from game.rules.meow_dice_data import SLOTS
from game.runtime import dirty

C = P.colours("meow-dice")
PILES = ("deck", "fishbones", "golden")


def draw_piles(table, surface, board) -> None:
    looks = tuple(pile_look(table, board, kind) for kind in PILES)
    have = table.__dict__.get("_pile_piece")                # (looks, region or None)
    if have is None or have[0] != looks:
        if have is not None and have[1] is not None:         # its piece is never drawn again
            table.art("statics").forget((("piles", have[0]), tuple(have[1]), have[0][0][-1]))
        have = table._pile_piece = (looks, region_of(table, looks))
    region = have[1]
    if region is None:
        for kind, look in zip(PILES, looks, strict=True):
            paint_pile(table, surface, kind, look, (0, 0))
        return

    def paint(surf, origin) -> None:
        for kind, look in zip(PILES, looks, strict=True):
            paint_pile(table, surf, kind, look, region.topleft)
    surface.blit(table.static(("piles", looks), region, paint), region)
    for fn, *args in pictures(table, looks):    # its cards kept as drawn: a card given away or
        ART.touch([(fn.family, fn.key(*args))])  # drawn paints the piles anew in its frame


def pictures(table, looks: tuple) -> list[tuple]:
    """(function, *arguments) of the cards the piles of ``looks`` are painted from."""
    w, out = table.w("pile"), []
    for kind, (count, top, ability, *_) in zip(PILES, looks, strict=True):
        if count and top and kind != "deck":
            out.append((card_face, top, w, ability, table.name_on_card(top, w)))
        if count and (count > 4 or not top or kind == "deck"):
            out.append((card_back, w, "fishbone" if kind == "fishbones" else "regular"))
    return out


def pile_look(table, board, kind: str) -> tuple:
    """All a pile's picture depends on: its count, its top card (and that card's power), where it
    is, the language and the window's size."""
    count = {"deck": board.deck, "fishbones": board.fish, "golden": board.golden}[kind]
    top = {"deck": None, "fishbones": board.fish_top, "golden": board.golden_top}[kind]
    return (count, top, board.abilities.get(top) if top else None, tuple(table.anchors[kind].rect),
            table.app.i18n.lang, table.app.size)


def paint_pile(table, surface, kind: str, look: tuple, origin) -> None:
    """The pile drawn on ``surface``, whose top left is ``origin`` on the window."""
    count, top = look[0], look[1]
    ox, oy = origin
    w = table.w("pile")
    r = pygame.Rect(table.anchors[kind].rect).move(-ox, -oy)
    if count:
        layers = min(3, (count + 3) // 4)
        for i in range(layers):
            off = table.s(3) * (2 - i)
            at = (r.centerx - off, r.centery - off)
            if top and kind != "deck" and i == layers - 1:
                table._card(surface, top, at, w)
            else:
                table._card(surface, None, at, w, "fishbone" if kind == "fishbones" else "regular")
    else:
        hole = pygame.Rect(0, 0, w, round(w * RATIO))
        hole.center = r.center
        pygame.draw.rect(surface, C.DRAW_PILES_1, hole, max(2, table.s(3)), border_radius=table.s(10))
    label = table.app.t("md.deck", n=count) if count else table.app.t("md.deck_empty")
    colour = C.BRASS_LIGHT if kind == "golden" else (P.CREAM if kind == "deck" else C.PILE_LABEL)
    table.text(surface, label, 28, colour, (r.centerx, r.bottom + table.s(16)), max_w=table.s(176))


def region_of(table, looks: tuple) -> pygame.Rect | None:
    """``_region``, kept for the few looks shown lately (found once: recording the piles made
    their words and cards again when pushed out of the budget)."""
    regions = table.__dict__.setdefault("_pile_regions", {})
    if looks not in regions:
        if len(regions) > 8:
            regions.clear()
        regions[looks] = _region(table, looks) or False
    return regions[looks] or None


def _region(table, looks: tuple) -> pygame.Rect | None:
    """Where the piles draw (their operations recorded once: each picture's own rectangle), or
    None where that meets a slot's panel (drawn before them, which the piece would cover)."""
    rec = dirty.Recorder(table.app.size)
    boxes = getattr(table, "boxes", None)
    clipped = len(boxes.clipped) if boxes is not None else 0
    for kind, look in zip(PILES, looks, strict=True):
        paint_pile(table, rec, kind, look, (0, 0))
    if boxes is not None:
        del boxes.clipped[clipped:]                 # (said again when the piece is painted)
    if not rec.ops:
        return None
    rects = [op[1].inflate(-2 * dirty.MARGIN, -2 * dirty.MARGIN) if op[3] == "blit" else op[1]
             for op in rec.ops]
    region = rects[0].unionall(rects).clip(rec.full)
    s = table.s
    if region.collidelist([table.slot_rect(slot).inflate(s(12), s(12)) for slot in SLOTS]) >= 0:
        return None
    return region
