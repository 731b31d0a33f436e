"""Hungry Meow's piles (the deck's backs, the discard's fan) drawn mostly as one opaque piece
each (issue 23): at 4K, anything passing over the deck (every card dealt or drawn) made the
drawing by parts blend its six backs one over another again, ~0.8 Mpx a frame (2-3 ms)."""
from __future__ import annotations

import pygame

from game.art.cards_hungry_meow import RATIO

SETTLE = 8          # frames a pile stays the same before its piece is made (not in its busy frame)


def lay(table, surface, place: str, cards: list, w: int) -> None:
    """Cards lying still on a pile ((card, centre) each, at a resting width ``w``): the background
    under them with their sprites on it (``table.static``, made when they change): the same
    blits on the same background, the same pixels. Not where the direction ring may lie
    (``table.ring_area``: at 4K its ends reach the piles, and it is drawn under them): that
    side of the pile is blitted card by card, clipped to it. A pile just changed (a card landed
    on it, the deck went down by eight) is drawn card by card until it has stayed the same
    ``SETTLE`` frames: its piece is made then, not in the busy frame of the change."""
    if not cards:
        return
    h, s, spots = round(w * RATIO), table.s, []
    for card, (cx, cy) in cards:              # where _blit_card puts a sprite (shadow and all)
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (round(cx), round(cy))
        spots.append((card, pygame.Rect(rect.topleft, (w + s(5), h + s(7)))))
    whole = spots[0][1].unionall([box for _, box in spots[1:]])
    piece, rest = split(whole, getattr(table, "ring_area", None))
    key = ("pile", place, tuple(card for card, _ in cards), w, tuple(whole))
    seen = table.__dict__.setdefault("_piles_seen", {})
    if seen.get(place, (None,))[0] != key:
        seen[place] = (key, table.app.frame)
    if table.app.frame - seen[place][1] < SETTLE:
        piece, rest = pygame.Rect(whole.topleft, (0, 0)), whole
    if piece.w and piece.h:
        def paint(surf, origin) -> None:
            for card, box in spots:
                surf.blit(table._sprite(card, w), box.move(-piece.x, -piece.y))
        surface.blit(table.static(key, piece, paint, place=place), piece)
    if rest.w and rest.h:
        clip = surface.get_clip()
        surface.set_clip(rest.clip(clip))
        for card, box in spots:
            surface.blit(table._sprite(card, w), box)
        surface.set_clip(clip)


def split(whole: pygame.Rect, away) -> tuple[pygame.Rect, pygame.Rect]:
    """``whole`` as (the biggest slab of it along one side clear of ``away``, the rest of it):
    two rectangles, together ``whole``."""
    if away is None or not whole.colliderect(away):
        return pygame.Rect(whole), pygame.Rect(whole.x, whole.y, 0, 0)
    slabs = [(pygame.Rect(whole.x, whole.y, away.x - whole.x, whole.h),                 # left
              pygame.Rect(away.x, whole.y, whole.right - away.x, whole.h)),
             (pygame.Rect(away.right, whole.y, whole.right - away.right, whole.h),      # right
              pygame.Rect(whole.x, whole.y, away.right - whole.x, whole.h)),
             (pygame.Rect(whole.x, whole.y, whole.w, away.y - whole.y),                 # above
              pygame.Rect(whole.x, away.y, whole.w, whole.bottom - away.y)),
             (pygame.Rect(whole.x, away.bottom, whole.w, whole.bottom - away.bottom),   # below
              pygame.Rect(whole.x, whole.y, whole.w, away.bottom - whole.y))]
    slabs = [(a, b) for a, b in slabs if a.w > 0 and a.h > 0]
    if not slabs:
        return pygame.Rect(whole.x, whole.y, 0, 0), pygame.Rect(whole)
    return max(slabs, key=lambda slab: slab[0].w * slab[0].h)
