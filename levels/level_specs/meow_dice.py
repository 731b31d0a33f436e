"""Meow Meow Dice's first level: the butler's parlour tiles, where they lie, and the anchors (read by
levels/level_tool.py, which writes the tileset image and the .tmx from them).

The map is 32 x 18 tiles of 60 px (1920 x 1080 design pixels): deep red damask walls on both
sides and a bottle-green velvet table with a brass edge down the middle, where the butler's
board lies.

Object groups (all anchors are ``type="anchor"`` rectangles in design pixels):

- ``common``: ``prompt`` (what to do now), ``slotTL`` ``slotTR`` ``slotBL`` ``slotBR`` (the four
  slots of MD-3: pattern strip, card, condition tokens and a "why not" line), ``deck`` (regular
  deck), ``fishbones`` (fish-bone pile), ``golden`` (golden deck), ``tray`` (the dice),
  ``supply`` (condition tokens, advanced game), ``actions`` (the button row), ``hints`` (control
  hints).
- ``players-2`` … ``players-4``: ``seatK``, one panel per seat: the cat, name, score, cat token or
  enthusiasm, and the cards collected by type. Positions run clockwise from the bottom left; the
  table scene puts the first person playing at position 0.
"""
from __future__ import annotations

import random

import pygame

from level_specs import COLS, ROWS, TILE

GAME = "meow-dice"
TILESET = "parlour"              # the tileset's name in the map
TILE_COUNT = 12
BACKGROUND = "#561420"           # the map's background colour in Tiled

WALL_A, WALL_B, VELVET_A, VELVET_B = 0, 1, 2, 3
EDGE_TL, EDGE_T, EDGE_TR, EDGE_L, EDGE_R, EDGE_BL, EDGE_B, EDGE_BR = range(4, 12)

WALL = (86, 20, 30)
WALL_DARK = (66, 14, 24)
VELVET = (24, 82, 58)
VELVET_DARK = (18, 66, 46)
VELVET_LIGHT = (32, 96, 68)
BRASS = (214, 170, 80)
BRASS_DARK = (140, 100, 40)


def _wall(surf: pygame.Surface, fleur: bool) -> None:
    surf.fill(WALL)
    for x in (0, 30):                         # damask stripes
        pygame.draw.rect(surf, WALL_DARK, (x + 10, 0, 10, TILE))
    pygame.draw.line(surf, (104, 30, 40), (5, 0), (5, TILE), 1)
    pygame.draw.line(surf, (104, 30, 40), (35, 0), (35, TILE), 1)
    if fleur:                                 # a small brass fleur
        c = (TILE // 2, TILE // 2)
        for dx, dy in ((0, -7), (-6, 2), (6, 2)):
            pygame.draw.circle(surf, (150, 104, 50), (c[0] + dx, c[1] + dy), 4)
        pygame.draw.line(surf, (150, 104, 50), (c[0], c[1] + 2), (c[0], c[1] + 12), 2)


def _velvet(surf: pygame.Surface, rng: random.Random, stitch: bool) -> None:
    surf.fill(VELVET)
    for _ in range(26):                       # pile of the velvet
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        surf.set_at((x, y), VELVET_LIGHT if rng.random() < 0.5 else VELVET_DARK)
    if stitch:                                # quilted diamonds
        for a, b in (((0, 30), (30, 0)), ((30, 0), (60, 30)), ((60, 30), (30, 60)), ((30, 60), (0, 30))):
            pygame.draw.line(surf, VELVET_DARK, a, b, 1)
        pygame.draw.circle(surf, (40, 110, 80), (30, 30), 2)


def _edge(surf: pygame.Surface, rng: random.Random, left: bool, right: bool, top: bool, bottom: bool) -> None:
    _velvet(surf, rng, False)
    w = 12
    if top:
        pygame.draw.rect(surf, BRASS_DARK, (0, 0, TILE, w))
        pygame.draw.line(surf, BRASS, (0, 3), (TILE, 3), 3)
    if bottom:
        pygame.draw.rect(surf, BRASS_DARK, (0, TILE - w, TILE, w))
        pygame.draw.line(surf, BRASS, (0, TILE - 8), (TILE, TILE - 8), 3)
    if left:
        pygame.draw.rect(surf, BRASS_DARK, (0, 0, w, TILE))
        pygame.draw.line(surf, BRASS, (3, 0), (3, TILE), 3)
    if right:
        pygame.draw.rect(surf, BRASS_DARK, (TILE - w, 0, w, TILE))
        pygame.draw.line(surf, BRASS, (TILE - 8, 0), (TILE - 8, TILE), 3)
    for cx, cy in ((6, 6), (TILE - 6, 6), (6, TILE - 6), (TILE - 6, TILE - 6)):
        corner = (cx < TILE // 2 and left or cx > TILE // 2 and right) and \
                 (cy < TILE // 2 and top or cy > TILE // 2 and bottom)
        if corner:                            # a brass stud at each corner
            pygame.draw.circle(surf, (250, 220, 140), (cx, cy), 5)
            pygame.draw.circle(surf, BRASS_DARK, (cx, cy), 5, 1)


def paint_tiles() -> list[pygame.Surface]:
    rng = random.Random(9)
    tiles: list[pygame.Surface] = []
    edges = {EDGE_TL: (1, 0, 1, 0), EDGE_T: (0, 0, 1, 0), EDGE_TR: (0, 1, 1, 0), EDGE_L: (1, 0, 0, 0),
             EDGE_R: (0, 1, 0, 0), EDGE_BL: (1, 0, 0, 1), EDGE_B: (0, 0, 0, 1), EDGE_BR: (0, 1, 0, 1)}
    for index in range(12):
        t = pygame.Surface((TILE, TILE))
        if index in (WALL_A, WALL_B):
            _wall(t, index == WALL_B)
        elif index in (VELVET_A, VELVET_B):
            _velvet(t, rng, index == VELVET_B)
        else:
            _edge(t, rng, *(bool(v) for v in edges[index]))
        tiles.append(t)
    return tiles


def tile_grid() -> list[list[int]]:
    rng = random.Random(2)
    grid = [[WALL_B if (x + y) % 3 == 0 else WALL_A for x in range(COLS)] for y in range(ROWS)]
    x0, x1, y0, y1 = 9, 22, 0, 17             # the velvet table, inclusive tile bounds
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            left, right, top, bottom = x == x0, x == x1, y == y0, y == y1
            if top and left:
                grid[y][x] = EDGE_TL
            elif top and right:
                grid[y][x] = EDGE_TR
            elif bottom and left:
                grid[y][x] = EDGE_BL
            elif bottom and right:
                grid[y][x] = EDGE_BR
            elif top:
                grid[y][x] = EDGE_T
            elif bottom:
                grid[y][x] = EDGE_B
            elif left:
                grid[y][x] = EDGE_L
            elif right:
                grid[y][x] = EDGE_R
            else:
                grid[y][x] = VELVET_B if rng.random() < 0.35 else VELVET_A
    return grid


# Anchors in design pixels (x, y, w, h).
COMMON = {
    "prompt": (566, 14, 788, 106),
    "slotTL": (566, 130, 300, 300),
    "slotTR": (1054, 130, 300, 300),
    "slotBL": (566, 442, 300, 300),
    "slotBR": (1054, 442, 300, 300),
    "deck": (900, 134, 120, 160),
    "fishbones": (900, 336, 120, 160),
    "golden": (900, 538, 120, 160),
    "tray": (566, 768, 788, 132),
    "supply": (1034, 760, 320, 130),
    "actions": (566, 904, 788, 118),
    "hints": (566, 1022, 788, 44),
    # zones: room a table keeps for a drawn thing (not an anchor of the game)
    "zone:drawer": (1376, 14, 530, 1052),
    "zone:tooltip": (560, 8, 800, 118),
}
LEFT_TOP, LEFT_BOTTOM = (14, 24, 530, 500), (14, 556, 530, 500)
RIGHT_TOP, RIGHT_BOTTOM = (1376, 24, 530, 500), (1376, 556, 530, 500)
SEATS: dict[int, list] = {
    2: [LEFT_BOTTOM, RIGHT_TOP],             # the person's panel where it is at three and four seats
    3: [LEFT_BOTTOM, LEFT_TOP, (1376, 290, 530, 500)],
    4: [LEFT_BOTTOM, LEFT_TOP, RIGHT_TOP, RIGHT_BOTTOM],
}

TOOLS = ("zone:tools", (30, 982, 498, 54), None)     # Undo / Moves / pause at the foot of the person's panel
# what a seat count adds to the common places
# The tiger's words, off the prompt (stranger 43, defect 6: over the prompt they hid its second
# line, "Roll N · next reroll: up to N dice", when it mattered most): in the corner no seat uses
# at two and three seats; at four, over the top of a computer cat's panel (as the moves drawer
# goes over the other seats), where nothing of the person's own choice lies.
HINT = {2: (14, 24, 530, 260), 3: (1376, 24, 530, 252), 4: (1376, 24, 530, 260)}
EXTRA: dict[int, list] = {
    2: [("zone:coach", (1376, 612, 530, 454), None), TOOLS, ("zone:hint", HINT[2], None)],
    3: [TOOLS, ("zone:hint", HINT[3], None)],
    4: [TOOLS, ("zone:hint", HINT[4], None)],
}


def seat_objects(players: int) -> list[tuple]:
    """The players-N group: one ``seatK`` panel per seat."""
    return [(f"seat{i}", rect, None) for i, rect in enumerate(SEATS[players])] + EXTRA[players]
