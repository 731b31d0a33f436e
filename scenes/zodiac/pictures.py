"""Zodiac's pictures as the table draws them: the courtyard, a card (a face or the back with its
drop shadow baked in), and which of the cards in the air can be left out of a frame: those
wholly under a later card's opaque face (the deal's waiting pile)."""
from __future__ import annotations

import math
import random

import pygame

from game.art import palette as P
from game.art import pictures
from game.art.cache import ART, art_cache
from game.art.cards_zodiac import RATIO, card_back, card_face, face_file, trump_frame
from game.art.draw import ellipse_glow, flight_picture, glow
from scenes.table.juice import LIFT_GROW, flip_lift
from scenes.table.look import level_backdrop

C = P.colours("zodiac")

DESIGN_W = {"big": 110, "mini": 80, "cap": 46, "trump": 120}
ZOOM_W = 240                      # a card just revealed, shown large (design px)


class CardPictures:
    """A card drawn on the table or in the air (a mixin of ``ZodiacTable``, with ZodiacDraw)."""

    def card_px(self, width: float) -> int:
        """The width a card is drawn at: in steps of 2 design px (as many pictures at 4K)."""
        step = max(2, self.s(2))
        return max(4, int(round(width / step) * step))

    def _blit_card(self, surface, kind, center, width, flip: float = 1.0, own: bool = False,
                   flying: bool = False) -> pygame.Rect:
        surf, rect, framed = self._card_picture(kind, center, width, flip, own, flying)
        surface.blit(surf, rect)
        if framed:
            trump_frame(surface, rect, self.app.scale, self.time)
        return rect

    def _card_picture(self, kind, center, width, flip: float = 1.0, own: bool = False,
                      flying: bool = False) -> tuple[pygame.Surface, pygame.Rect, bool]:
        """A card's picture, the card's rect (the picture is blitted at its top left) and
        whether the trump's frame goes around it."""
        width = self.card_px(width)
        height = round(width * RATIO)
        squash = abs(math.cos(math.pi * flip))
        face = kind is not None and (flip >= 0.5 or own)
        name = self.face_name(kind) if face else None
        rect = pygame.Rect(0, 0, max(1, int(width * squash)), height)
        rect.center = (round(center[0]), round(center[1]))
        item = (kind if face else None, name, 0 if squash < 0.999 else self.s(4))   # shadow baked in
        widths = self.flight_widths() if flying else [width]
        surf = flight_picture(self.art("flights"), _card_art, item, width, widths, solid=True)
        if squash < 0.999:                # mid-flip: one squashed copy a frame for every card alike
            squashed = self.__dict__.get("_squashed")
            if squashed is None or squashed[0] != self.app.frame:
                squashed = self._squashed = (self.app.frame, {})
            got = squashed[1].get((id(surf), rect.size))
            if got is None or got[0] is not surf:
                got = squashed[1][(id(surf), rect.size)] = (surf, pygame.transform.scale(surf, rect.size))
            surf = got[1]
        return surf, rect, face and kind == self.presenter.board.trump and squash > 0.5

    def warm_up(self) -> None:
        """The face of each card the events turned up and the table has not yet zoomed, at the
        zoom's width and the centre's: rasterised on the picture worker (``pictures.ahead``) and
        finished here (its words) once there, one a frame. Only kinds public events named.
        Why: at 4K a card's zoom face (480 px) was rasterised in the frame it showed, 10-12 ms."""
        widths = [self.s(ZOOM_W), self.flight_widths()[-1]]
        for kind in self.presenter.revealing[:3]:
            for width in widths:
                name = self.face_name(kind)
                if ART.has(card_face.family, card_face.key(kind, width, name)):
                    continue
                if pictures.ahead(face_file(kind, width, name), (width, round(width * RATIO))):
                    card_face(kind, width, name)
                    return

    def flight_widths(self) -> list[int]:
        """The resting widths a flying card's picture is scaled from (once per window size and
        grid): the hands', the trump's, the zoom's and the centre's (a card flying to or from the
        grid is scaled from its picture there, not from the zoom's, twice as wide)."""
        key = (self.app.scale, id(self.anchors), self.presenter.board.grid)
        have = self.__dict__.get("_flight_widths")
        if have is None or have[0] != key:
            widths = [self.s(w) for w in (*DESIGN_W.values(), ZOOM_W)]
            have = self._flight_widths = (key, widths + [self.card_px(self.centre_slot(0)[1])])
        return have[1]

    def _draw_flyers(self, surface) -> None:
        """The cards in the air, but none wholly under a later flat card's face (``hidden_under``:
        the deal's waiting pile), nor one the trump's frame goes around; a run of the same card
        at one place is one picture (``stacked``). A card's picture and place are worked out
        again only when it moved, turned or changed (most of the deal's cards wait or have landed)."""
        board, app = self.presenter.board, self.app
        old = self.__dict__.get("_flyers_memo", {})
        memo = self._flyers_memo = {}
        drawn = []
        for f in self.presenter.flyers:
            key = (f.item, f.pos, f.width, f.flip, board.trump, app.scale, app.i18n.lang)
            have = old.get(id(f))
            turning = flip_lift(f.flip) > 0.01 and self.juice.on     # lifted mid-flip
            if have is None or have[0] is not f or have[1] != key:
                surf, rect, framed = self._card_picture(f.item, f.pos, f.width, f.flip, flying=True)
                if turning:                # larger, scaled from its own picture (none rasterised)
                    grow = 1 + LIFT_GROW * flip_lift(f.flip)
                    rect = pygame.Rect(0, 0, max(1, round(rect.w * grow)), max(1, round(rect.h * grow)))
                    rect.center = (round(f.pos[0]), round(f.pos[1]))
                    surf = pygame.transform.scale(surf, rect.size)
                have = (f, key, (surf, pygame.Rect(rect.topleft, surf.get_size()), rect, framed,
                                 f if turning else None))
            memo[id(f)] = have
            drawn.append(have[2])
        hidden = hidden_under([(surf, at, at.size != rect.size) for surf, at, rect, *_ in drawn])  # flat
        shown = [d for d, gone in zip(drawn, hidden, strict=True) if d[3] or not gone]
        piles = self.__dict__.setdefault("_piles", {})
        k = 0
        while k < len(shown):
            surf, at, rect, framed, turning = shown[k]
            n = 1
            while not framed and k + n < len(shown) and shown[k + n][0] is surf and shown[k + n][1] == at:
                n += 1
            if turning is not None:                  # its shadow falls further off as it lifts
                self.juice.lifted_card(surface, turning.flip, turning.pos, self.card_px(turning.width), RATIO)
            surface.blit(stacked(piles, surf, n), rect)
            if turning is not None:
                self.juice.turning_shade(surface, turning.flip, rect)
            if framed:
                trump_frame(surface, rect, app.scale, self.time)
            k += n


def squash_ok(flip: float) -> bool:
    """The card is drawn flat enough (not mid-flip) for a mark on its back."""
    return abs(math.cos(math.pi * flip)) > 0.9


def _card_art(item, width: int) -> pygame.Surface:
    kind, name, shadow = item
    if shadow:
        return _card_sprite(kind, width, shadow, name)
    return card_face(kind, width, name) if kind else card_back(width)


@art_cache("draw._card_sprite")
def _card_sprite(kind: str | None, width: int, shadow: int, name: str | None = None) -> pygame.Surface:
    """A card face (or the back, for None) with its drop shadow, ready to blit at the card's rect."""
    face = card_face(kind, width, name) if kind else card_back(width)
    w, h = face.get_size()
    surf = pygame.Surface((w + shadow, h + shadow), pygame.SRCALPHA)
    pygame.draw.rect(surf, C.CARD_SPRITE_1, (shadow, shadow, w, h), border_radius=max(3, width // 9))
    surf.blit(face, (0, 0))
    return surf.convert_alpha() if pygame.display.get_surface() is not None else surf


def hidden_under(pictures: list[tuple]) -> list[bool]:
    """For each of ``pictures`` (picture, rect it is blitted at, may it hide others), in drawing
    order: is every pixel it draws under the opaque part of one drawn later? Then leaving it out
    changes no pixel of the frame (a later opaque pixel is the same whatever lay under it, and
    it draws nowhere else).

    Why: the deal puts every card in the air at once, the ones not yet thrown waiting in a pile
    in the middle of the grid (60 at six seats). Each frame a card leaves the pile, so the pile
    was drawn again: at 4K ~50 alpha blits of 25-60 thousand pixels (1.2 million pixels, ~3 ms)
    to show what the centre's cards on top of it show alone, and ~50 card draws in Python.

    A picture may hide others only when its opaque pixels (alpha 255) make a convex shape, as a
    flat card's rounded rectangle does: then a rectangle whose four corners are opaque lies
    wholly in it. The checks run against each distinct picture above (the pile is a few)."""
    out = [False] * len(pictures)
    rects: list[pygame.Rect] = []          # the distinct pictures that may hide others, later first
    surfs: list[pygame.Surface] = []
    seen: set = set()
    for i in range(len(pictures) - 1, -1, -1):
        surf, rect, covers = pictures[i]
        for j in rect.collidelistall(rects):
            over, top = rects[j], surfs[j]
            if over.contains(rect) and _opaque_corners(top, rect.move(-over.x, -over.y)):
                out[i] = True
                break
        else:
            key = (id(surf), rect.x, rect.y)
            if covers and key not in seen:
                seen.add(key)
                rects.append(rect)
                surfs.append(surf)
    return out


def stacked(memo: dict, surf: pygame.Surface, n: int) -> pygame.Surface:
    """``surf`` blitted ``n`` times over itself, kept in ``memo``: one blit for a pile of the same
    card in one place (the deal's centre cards, 12 at six seats: 0.6 million alpha-blended
    pixels at 4K whenever a card leaves the pile), its shadow and soft edges as dark as ``n``
    blits make them (within a few levels on a soft edge: pygame's blend rounds once instead of
    ``n`` times)."""
    if n <= 1:
        return surf
    got = memo.get((id(surf), n))
    if got is not None and got[0] is surf:
        return got[1]
    out = stacked(memo, surf, n - 1).copy()
    out.blit(surf, (0, 0))
    if len(memo) > 32:
        memo.clear()
    memo[(id(surf), n)] = (surf, out)
    return out


def _opaque_corners(surf: pygame.Surface, rect: pygame.Rect) -> bool:
    """Are the four corner pixels of ``rect`` (in ``surf``'s own coordinates) opaque?"""
    right, bottom = rect.right - 1, rect.bottom - 1
    return all(surf.get_at(xy)[3] == 255 for xy in ((rect.x, rect.y), (right, rect.y),
                                                      (rect.x, bottom), (right, bottom)))


def render_background(level, size) -> pygame.Surface:
    """The courtyard: the map's tiles, warm light on the table and red lanterns along the wall."""
    def decorate(design) -> None:
        light = ellipse_glow.unkept((1400, 820), C.DECORATE_1, 50)
        design.blit(light, light.get_rect(center=(960, 520)))
        rng = random.Random(4)
        for x in (120, 420, 740, 1180, 1500, 1800):       # red lanterns hanging from the wall
            y = 70 + rng.randrange(-8, 8)
            design.blit(glow(90, C.DECORATE_2, 110), (x - 90, y - 90))
            pygame.draw.line(design, C.GOLD, (x, 0), (x, y - 30), 3)
            body = pygame.Rect(0, 0, 74, 60)
            body.center = (x, y)
            pygame.draw.ellipse(design, C.LACQUER, body)
            pygame.draw.ellipse(design, C.DECORATE_3, body.inflate(-26, -6))
            for dx in (-14, 0, 14):
                pygame.draw.line(design, C.DECORATE_4, (x + dx, body.y + 4), (x + dx, body.bottom - 4), 2)
            pygame.draw.rect(design, C.GOLD, (x - 16, body.y - 6, 32, 8), border_radius=3)
            pygame.draw.rect(design, C.GOLD, (x - 16, body.bottom - 2, 32, 8), border_radius=3)
            pygame.draw.line(design, C.GOLD, (x, body.bottom + 6), (x, body.bottom + 26), 3)
    return level_backdrop(level, size, C.RENDER_BACKGROUND_1, C.RENDER_BACKGROUND_2, decorate)
