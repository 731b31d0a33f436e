"""Meow Meow Dice dice: six cat-themed faces, each in its own outline shape, from the picture
files under ``assets/pictures/meow-dice/`` (game/art/pictures.py).

Faces (RULES.md MD-1) and how each reads without colour:

====  ==========  ================  =====================
face  picture     outline shape     colour
====  ==========  ================  =====================
C     cat face    circle            orange
F     fish        diamond           blue
Y     yarn ball   hexagon           rose
M     mouse       triangle          grey-violet
P     paw print   heart             green
B     bell        star              gold
====  ==========  ================  =====================

``face_icon(face, size)`` is the shape badge with its picture (``faces/<face>.svg``);
``die_face(face, size, style)`` is a whole die (``dice/<face>-<style>.svg``, ``blank`` for a die
not rolled yet); ``die_tumbling(face, size, angle)`` is the die turned by ``angle`` degrees
(15-degree steps, for the roll animation; only those under 90 cached);
``condition_icon(cond, size)`` is ``!f`` ("must show": ``conditions/must-<face>.svg``, the face
in a green square frame) and ``Xf`` ("must not show": ``conditions/not-<face>.svg``, the face in
a red round no-sign; they differ in shape); ``pattern_icon(slot, size)`` shows a slot's MD-3
pattern as four mini dice whose colours repeat as the faces must (``patterns/<slot>.svg``, with
shapes too in ``<slot>-colourblind.svg``).
"""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art import pictures
from game.art.cache import art_cache, window_format

FACES = "CFYMPB"
FACE_NAMES = {"C": "cat", "F": "fish", "Y": "yarn", "M": "mouse", "P": "paw", "B": "bell"}
PATTERNS = {"TL": (0, 1, 2, 3), "TR": (0, 0, 1, 1), "BL": (0, 0, 0, 1), "BR": (0, 0, 0, 0)}
STYLES = ("normal", "dim", "locked", "selected")
FOLDER = "meow-dice"
CONDITION_SHARE = 0.96     # the condition's drawing is this share of its picture's width


def face_icon(face: str, size: int) -> pygame.Surface:
    """The face's shape badge with its picture, ``size`` pixels square, transparent around."""
    return pictures.picture(f"{FOLDER}/faces/{face}.svg", (size, size))


def die_face(face: str | None, size: int, style: str = "normal") -> pygame.Surface:
    """A die ``size`` px square showing ``face`` (None: blank). Styles: normal, dim (greyed),
    locked (warm, with a padlock), selected (brighter)."""
    size = max(4, int(size))
    return pictures.picture(f"{FOLDER}/dice/{face or 'blank'}-{style}.svg", (size, size))


TUMBLE_FACES = "CFYMPB"                  # the faces a tumbling die flickers through
TUMBLE_TURNS = (15, 30, 45, 60, 75)      # the smooth turns a tumble's pictures are made of


def die_tumbling(face: str | None, size: int, angle: int) -> pygame.Surface:
    """The die turned by ``angle`` degrees (rounded to 15), for the tumble. Only the turns under
    a quarter (15-75 degrees) are smooth-rotated and cached: a turn past a quarter is one of them
    turned again by whole quarters, which is exact and costs a tenth of a millisecond (at 4K a
    smooth turn of the 224 px die took 1.4 ms of processor, 5 ms under load, and a roll asked for
    dozens: 24 angles a face, pushed out of the budget by the next turn's pictures). So a tumble
    needs at most 5 pictures per face and size."""
    angle = (round(angle / 15) * 15) % 360
    quarters, rest = divmod(angle, 90)
    base = die_face(face, size, "normal") if rest == 0 else _die_turned(face, size, rest)
    return pygame.transform.rotate(base, 90 * quarters) if quarters else base


@art_cache("dice_meow_dice._die_turned")
def _die_turned(face: str | None, size: int, angle: int) -> pygame.Surface:
    return window_format(pygame.transform.rotozoom(die_face(face, size, "normal"), angle, 1.0))


def draw_condition(surf, cond: str, center, size: float) -> None:
    """``!f`` / ``Xf`` drawn on ``surf`` (a card or token, kept by its maker) centred on
    ``center``, the drawing ``size`` px wide."""
    kind = "must" if cond[0] == "!" else "not"
    side = round(size / CONDITION_SHARE)
    icon = pictures.picture(f"{FOLDER}/conditions/{kind}-{cond[1]}.svg", (side, side), keep=False)
    surf.blit(icon, icon.get_rect(center=(round(center[0]), round(center[1]))))


def condition_icon(cond: str, size: int) -> pygame.Surface:
    """A condition ``!f`` / ``Xf`` as an icon ``size`` px square (framed face / banned face)."""
    kind = "must" if cond[0] == "!" else "not"
    return pictures.picture(f"{FOLDER}/conditions/{kind}-{cond[1]}.svg", (size, size))


def draw_bell(surf, center, size: float) -> None:
    """The bell (the card back's), ``size`` px wide, centred on ``center``."""
    bell = pictures.picture(f"{FOLDER}/pictures/bell.svg", (round(size), round(size)), keep=False)
    surf.blit(bell, bell.get_rect(center=(round(center[0]), round(center[1]))))


def pattern_icon(slot: str, width: int) -> pygame.Surface:
    """A slot's pattern (``TL``/``TR``/``BL``/``BR``) as a strip ``width`` px wide (height width/4)."""
    look = "-colourblind" if P.colourblind() else ""
    return pictures.picture(f"{FOLDER}/patterns/{slot}{look}.svg", (width, max(4, round(width * 0.3))))


def preload(sizes: tuple[int, ...]) -> None:
    """Rasterise every face at these die sizes (a scene may call this one size per frame)."""
    for size in sizes:
        for face in (*FACES, None):
            die_face(face, size, "normal")
