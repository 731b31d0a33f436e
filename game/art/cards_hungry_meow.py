"""Hungry Meow cards: the 64 numbered faces, Loaf, Fish, Death and the shared back, from the
picture files under ``assets/pictures/hungry-meow/`` (game/art/pictures.py).

Each colour also has its own pattern so colour-blind players can tell the suits apart:
red = diagonal stripes, yellow = dots, blue = waves, green = checks. The number is the biggest
thing on a card and sits in two corners; the paw or punch symbol is large in the middle. Meals
glow; Death is black with a skull-cat; the back is a neon back-alley sign.

Files: ``cards/<colour><symbol>.svg`` (a numbered card without its number: ``RP`` is every red
paw card), ``cards/LOAF.svg``, ``FISH``, ``DEATH``, ``back``; ``symbols/<colour><symbol>.svg``
(the small symbol under each corner number) and ``symbols/<symbol>.svg`` (the table's). The
numbers are the game's text, drawn on the picture. Cached per (card, width):
``card_face("R5P", 150)`` and ``card_back(150)`` are cheap to call every frame.
Card names follow RULES.md §4: ``R5P``, ``G8X``, ``LOAF``, ``FISH``, ``DEATH``.
"""
from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.art import palette as P
from game.art import pictures
from game.art.cache import art_cache
from game.art.fonts import shipped_font_path
from game.rules.hungry_meow_cards import parse as read_card

C = P.colours("hungry-meow")

RATIO = 1.4                     # height / width
PATTERNS = {"R": "stripes", "Y": "dots", "B": "waves", "G": "checks"}
COLOUR_NAMES = {"R": "red", "Y": "yellow", "B": "blue", "G": "green"}
SYMBOLS = {"P": "paw", "X": "punch"}
FOLDER = "hungry-meow"

_font_path: str | None = None


def set_font(path: str | None) -> None:
    """Use this font file for the numbers (the game's shipped font); None: pygame's default."""
    global _font_path
    _font_path = path
    _font.cache_clear()
    card_face.cache_clear()


def _find_font() -> str | None:
    if _font_path:
        return _font_path
    return shipped_font_path()          # None when missing or damaged: pygame's default font


# a few sizes kept: each open size holds its glyphs (at 4K and supersampled, about 0.5 MiB);
# 64 kept held about 20 MiB in a 4K kiosk (a card is made at many widths); opening one: 0.3 ms
@lru_cache(maxsize=4)
def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = _find_font()
    try:
        font = pygame.font.Font(path, px)
    except (OSError, ValueError, pygame.error):
        font = pygame.font.Font(None, px)
    font.set_bold(path is None)
    return font


# ``"R5P"`` -> ("R", 5, "P"); Meals and Death -> None: the rules' one card reader.
parse = read_card


def size_for(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


# ---- drawing ----------------------------------------------------------------------------------

def _outlined_text(text: str, px: int, fill, outline, thick: int) -> pygame.Surface:
    font = _font(px)
    core = font.render(text, True, fill)
    if hasattr(font, "outline"):            # pygame-ce: one render of the outlined glyphs
        font.outline = thick
        try:
            out = font.render(text, True, outline).convert_alpha() if pygame.display.get_surface() \
                else font.render(text, True, outline)
        finally:
            font.outline = 0
        out.blit(core, (thick, thick))
        return out
    edge = font.render(text, True, outline)
    w, h = core.get_width() + 2 * thick, core.get_height() + 2 * thick
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    steps = max(8, thick * 4)
    for i in range(steps):
        a = 2 * math.pi * i / steps
        out.blit(edge, (thick + round(math.cos(a) * thick), thick + round(math.sin(a) * thick)))
    out.blit(core, (thick, thick))
    return out


def _symbol(surf: pygame.Surface, name: str, center, size: float) -> None:
    icon = pictures.picture(f"{FOLDER}/symbols/{name}.svg", (round(size), round(size)))   # (not drawn on)
    surf.blit(icon, icon.get_rect(center=(round(center[0]), round(center[1]))))


def _corner_numbers(surf: pygame.Surface, text: str, main, dark, w: int, h: int, icon: str) -> None:
    """The number in two corners (the second upside down), each with the card's symbol under it."""
    px = round(h * 0.31)
    thick = max(1, round(w * 0.028))
    label = _outlined_text(text, px, main, C.CREAM, thick)
    shadow = _outlined_text(text, px, dark, dark, thick)
    box = label.get_bounding_rect()
    label = label.subsurface(box).copy()
    shadow = shadow.subsurface(box).copy()
    drop = max(1, round(w * 0.018))
    x, y = round(w * 0.075), round(h * 0.045)
    surf.blit(shadow, (x + drop, y + drop))
    surf.blit(label, (x, y))
    flipped_l = pygame.transform.rotate(label, 180)
    flipped_s = pygame.transform.rotate(shadow, 180)
    bx, by = w - label.get_width() - x, h - label.get_height() - y
    surf.blit(flipped_s, (bx - drop, by - drop))
    surf.blit(flipped_l, (bx, by))
    isize = w * 0.17
    _symbol(surf, icon, (x + label.get_width() / 2, y + label.get_height() + isize * 0.62), isize)
    _symbol(surf, icon, (bx + label.get_width() / 2, by - isize * 0.62), isize)


def picture_file(card: str) -> str:
    """The file ``card``'s face is drawn from (numbered cards: their colour and symbol's)."""
    if card in ("LOAF", "FISH", "DEATH"):
        return f"{FOLDER}/cards/{card}.svg"
    parsed = parse(card)
    if not parsed:
        raise ValueError(f"not a Hungry Meow card: {card!r}")
    return f"{FOLDER}/cards/{parsed[0]}{parsed[2]}.svg"


BACK_FILE = f"{FOLDER}/cards/back.svg"


@art_cache("cards_hungry_meow.card_face")
def card_face(card: str, width: int) -> pygame.Surface:
    """The face of ``card`` at ``width`` pixels wide (height = width * RATIO). Cached."""
    w, h = size_for(width)
    if card in ("LOAF", "FISH", "DEATH"):
        surf = pictures.picture(picture_file(card), (w, h), keep=False)
    elif parse(card):
        colour, number, symbol = parse(card)
        main, dark, _, _ = C.CARD_COLOURS[colour]
        # kept: the eight of a colour and symbol share it (each a copy with its numbers)
        surf = pictures.picture(picture_file(card), (w, h)).copy()
        _corner_numbers(surf, str(number), main, dark, w, h, colour + symbol)
    else:
        raise ValueError(f"not a Hungry Meow card: {card!r}")
    pictures.round_corners(surf, round(w * 0.09))
    return surf


@art_cache("cards_hungry_meow.card_back")
def card_back(width: int) -> pygame.Surface:
    w, h = size_for(width)
    surf = pictures.picture(BACK_FILE, (w, h), keep=False)
    pictures.round_corners(surf, round(w * 0.09))
    return surf


def symbol_icon(symbol: str, size: int) -> pygame.Surface:
    """A paw or punch symbol on its own (for prompts and the table's 'to beat' marker)."""
    return pictures.picture(f"{FOLDER}/symbols/{symbol}.svg", (size, size))


def all_cards() -> list[str]:
    cards = [f"{c}{n}{s}" for c in "RYBG" for s in "PX" for n in range(1, 9)]
    return cards + ["LOAF", "FISH", "DEATH"]


def rules_picture(kind: str, item: str, width: int, t=None) -> pygame.Surface:
    """A piece a rules help page shows (its kit's ``picture``): a card face, or the back
    (``t``, the reader's translator, is not used here)."""
    return card_back(width) if kind == "back" else card_face(item, width)
