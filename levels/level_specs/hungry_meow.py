"""Hungry Meow's first level: the back-alley tiles, where they lie, and the anchors (read by
levels/level_tool.py, which writes the tileset image and the .tmx from them).

The map is 32 x 18 tiles of 60 px (1920 x 1080 design pixels): a brick wall along the top, wet
asphalt with puddles, and a wooden crate in the middle that serves as the table. Object groups
``players-2`` ... ``players-6`` hold the seat anchors (``seatK``: where the cat sits, ``handK``:
where that seat's hand is laid out); ``common`` holds ``deck``, ``discard``, ``table``,
``reveal`` (where a drawn card is shown big), ``prompt``, ``actions`` (the action bar) and
``hints`` (the control hints line under the hand).
Seat anchors are positions around the table counted clockwise from the bottom; the table scene
puts the seat whose hand is shown at position 0.
"""
from __future__ import annotations

import random

import pygame

from level_specs import COLS, ROWS, TILE

GAME = "hungry-meow"
TILESET = "alley"              # the tileset's name in the map
TILE_COUNT = 16
BACKGROUND = "#141a2a"           # the map's background colour in Tiled

# tile index -> name (gid = index + 1)
ASPHALT, ASPHALT_SPECK, PUDDLE_L, PUDDLE_R = 0, 1, 2, 3
PUDDLE_NEON, WALL, WALL_BASE, CRATE_TL = 4, 5, 6, 7
CRATE_T, CRATE_TR, CRATE_L, CRATE_C = 8, 9, 10, 11
CRATE_R, CRATE_BL, CRATE_B, CRATE_BR = 12, 13, 14, 15

ASPHALT_RGB = (34, 38, 56)
WOOD = (120, 78, 48)
WOOD_DARK = (74, 46, 30)
WOOD_LIGHT = (150, 102, 64)


def _asphalt(surf: pygame.Surface, rng: random.Random, specks: int) -> None:
    surf.fill(ASPHALT_RGB)
    for _ in range(specks):
        x, y = rng.randrange(TILE), rng.randrange(TILE)
        c = rng.choice([(44, 49, 70), (28, 31, 46), (52, 58, 82)])
        pygame.draw.circle(surf, c, (x, y), rng.choice([1, 1, 2]))


def _puddle(surf: pygame.Surface, rect: pygame.Rect, neon: bool) -> None:
    pygame.draw.ellipse(surf, (24, 44, 74), rect)
    pygame.draw.ellipse(surf, (40, 70, 110), rect.inflate(-10, -8), 0)
    if neon:
        pygame.draw.line(surf, (255, 80, 170), (rect.x + 14, rect.centery - 2),
                         (rect.right - 18, rect.centery - 2), 3)
        pygame.draw.line(surf, (60, 230, 240), (rect.x + 20, rect.centery + 6),
                         (rect.right - 24, rect.centery + 6), 2)
    else:
        pygame.draw.line(surf, (90, 130, 170), (rect.x + 12, rect.centery - 3),
                         (rect.x + 30, rect.centery - 5), 2)


def _wall(surf: pygame.Surface, base: bool) -> None:
    surf.fill((52, 34, 46))
    mortar = (36, 24, 34)
    for row in range(4):
        y = row * 15
        pygame.draw.line(surf, mortar, (0, y), (TILE, y), 2)
        off = 0 if row % 2 == 0 else 15
        for x in range(off, TILE, 30):
            pygame.draw.line(surf, mortar, (x, y), (x, y + 15), 2)
        pygame.draw.line(surf, (66, 44, 58), (0, y + 3), (TILE, y + 3), 1)
    if base:
        pygame.draw.rect(surf, (26, 22, 34), (0, TILE - 12, TILE, 12))
        pygame.draw.line(surf, (90, 70, 90), (0, TILE - 12), (TILE, TILE - 12), 2)


def _crate(surf: pygame.Surface, edge_l: bool, edge_r: bool, edge_t: bool, edge_b: bool) -> None:
    surf.fill(WOOD)
    for i in range(0, TILE, 20):           # planks run left-right, 20 px each
        pygame.draw.line(surf, WOOD_DARK, (0, i), (TILE, i), 2)
        pygame.draw.line(surf, WOOD_LIGHT, (0, i + 3), (TILE, i + 3), 1)
        pygame.draw.line(surf, (132, 88, 56), (6, i + 11), (26, i + 10), 1)
    if edge_t:
        pygame.draw.rect(surf, WOOD_DARK, (0, 0, TILE, 10))
        pygame.draw.line(surf, WOOD_LIGHT, (0, 10), (TILE, 10), 2)
    if edge_b:
        pygame.draw.rect(surf, WOOD_DARK, (0, TILE - 14, TILE, 14))
        pygame.draw.rect(surf, (40, 26, 18), (0, TILE - 5, TILE, 5))
    if edge_l:
        pygame.draw.rect(surf, WOOD_DARK, (0, 0, 10, TILE))
        pygame.draw.line(surf, WOOD_LIGHT, (10, 0), (10, TILE), 2)
    if edge_r:
        pygame.draw.rect(surf, WOOD_DARK, (TILE - 10, 0, 10, TILE))
        pygame.draw.line(surf, (40, 26, 18), (TILE - 2, 0), (TILE - 2, TILE), 3)
    for cx, cy in ((8, 8), (TILE - 8, 8), (8, TILE - 8), (TILE - 8, TILE - 8)):
        corner = (cx < TILE // 2 and edge_l or cx > TILE // 2 and edge_r) and \
                 (cy < TILE // 2 and edge_t or cy > TILE // 2 and edge_b)
        if corner:                          # a nail head at each crate corner
            pygame.draw.circle(surf, (190, 190, 200), (cx, cy), 4)
            pygame.draw.circle(surf, (90, 90, 100), (cx, cy), 4, 1)


def paint_tiles() -> list[pygame.Surface]:
    rng = random.Random(6)
    tiles: list[pygame.Surface] = []
    for index in range(16):
        t = pygame.Surface((TILE, TILE))
        if index in (ASPHALT, ASPHALT_SPECK):
            _asphalt(t, rng, 6 if index == ASPHALT else 22)
        elif index == PUDDLE_L:
            _asphalt(t, rng, 4)
            _puddle(t, pygame.Rect(8, 18, 80, 26), False)
        elif index == PUDDLE_R:
            _asphalt(t, rng, 4)
            _puddle(t, pygame.Rect(-28, 18, 80, 26), False)
        elif index == PUDDLE_NEON:
            _asphalt(t, rng, 4)
            _puddle(t, pygame.Rect(2, 14, 56, 32), True)
        elif index in (WALL, WALL_BASE):
            _wall(t, index == WALL_BASE)
        else:
            k = index - CRATE_TL            # 0..8, a 3x3 nine-slice
            row, col = divmod(k, 3)
            _crate(t, col == 0, col == 2, row == 0, row == 2)
        tiles.append(t)
    return tiles


def tile_grid() -> list[list[int]]:
    rng = random.Random(1)
    grid = [[ASPHALT if rng.random() < 0.7 else ASPHALT_SPECK for _ in range(COLS)] for _ in range(ROWS)]
    for x in range(COLS):
        for y in range(3):
            grid[y][x] = WALL
        grid[3][x] = WALL_BASE
    for x, y in ((2, 12), (27, 13), (14, 15), (5, 5), (25, 5)):
        grid[y][x], grid[y][x + 1] = PUDDLE_L, PUDDLE_R
    # the neon puddles beside the crate, not over a side seat's cards (there, at 4 seats and up,
    # the pink stroke read as a stray "—" badge on the hand)
    for x, y in ((12, 16), (24, 9), (7, 9)):
        grid[y][x] = PUDDLE_NEON
    x0, x1, y0, y1 = 8, 23, 5, 11           # the crate, inclusive tile bounds
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            row = 0 if y == y0 else 2 if y == y1 else 1
            col = 0 if x == x0 else 2 if x == x1 else 1
            grid[y][x] = CRATE_TL + row * 3 + col
    return grid


# Anchors in design pixels (x, y, w, h). Seat positions run clockwise from the bottom.
BOTTOM_CAT = (60, 800, 240, 250)
BOTTOM_HAND = (330, 780, 1240, 250)
LEFT = ((20, 330, 230, 230), (20, 570, 250, 130))
RIGHT = ((1670, 330, 230, 230), (1650, 570, 250, 130))


def _top(x: int) -> tuple[tuple[int, int, int, int], tuple[int, int, int, int]]:
    return (x, 20, 210, 210), (x + 215, 60, 240, 130)


SEATS: dict[int, list] = {
    2: [(BOTTOM_CAT, BOTTOM_HAND), _top(760)],
    3: [(BOTTOM_CAT, BOTTOM_HAND), _top(430), _top(1130)],
    4: [(BOTTOM_CAT, BOTTOM_HAND), LEFT, _top(760), RIGHT],
    5: [(BOTTOM_CAT, BOTTOM_HAND), LEFT, _top(430), _top(1130), RIGHT],
    6: [(BOTTOM_CAT, BOTTOM_HAND), LEFT, _top(300), _top(800), _top(1300), RIGHT],
}
COMMON = {
    "table": (700, 320, 520, 300),
    "deck": (510, 340, 170, 238),
    "discard": (1240, 340, 170, 238),
    "reveal": (830, 250, 260, 364),
    "prompt": (330, 650, 1260, 110),
    "actions": (1600, 760, 300, 300),
    "hints": (330, 1034, 1260, 44),
    # zones: room a table keeps for a drawn thing (not an anchor of the game); the tools and the
    # moves drawer stand in one place at every seat count
    "zone:drawer": (14, 14, 396, 626),
    "zone:odds": (440, 280, 250, 40),
    "zone:tiger": (1446, 416, 216, 124),
    "zone:tools": (1446, 250, 216, 150),
    "zone:tooltip": (322, 636, 1276, 138),
}
# what a seat count adds to (or changes of) the common places
EXTRA: dict[int, list] = {
    2: [("zone:coach", (1464, 14, 442, 636), None), ("zone:tiger", (1604, 660, 296, 84), None)],
    3: [("zone:tiger", (1604, 660, 296, 84), None)],
    4: [], 5: [], 6: [],
}


def seat_objects(players: int) -> list[tuple]:
    """The players-N group: ``seatK`` and ``handK`` for each seat."""
    out = []
    for i, (cat, hand) in enumerate(SEATS[players]):
        out += [(f"seat{i}", cat, None), (f"hand{i}", hand, None)]
    return out + EXTRA[players]
