"""Zodiac Catchers' first level: the temple courtyard tiles, where they lie, and the anchors (read by
levels/level_tool.py, which writes the tileset image and the .tmx from them).

The map is 32 x 18 tiles of 60 px (1920 x 1080 design pixels): a red temple wall with a gold
band along the top, grey stone flags with moss in the courtyard, and a low lacquer-red table
with a gold rim in the middle where the centre grid lies. Object groups ``players-2`` ...
``players-6`` hold per seat ``seatK`` (the cat and its name plate), ``handK`` (that seat's
face-down hand; wider than tall: a row, taller than wide: a column; property ``reverse`` = 1 when
the owner's left is at the row's right / the column's bottom, as the owner faces the table) and
``capsK`` (where its captured sets stack). ``common`` holds ``grid`` (the centre cards), ``trump``
(the set-aside trump card), ``prompt``, ``actions`` (the button column), ``hints`` and ``banner``.
Seat positions run clockwise from the bottom; the table scene puts the seat shown at position 0.
"""
from __future__ import annotations

import random

import pygame

from level_specs import COLS, ROWS, TILE

GAME = "zodiac"
TILESET = "courtyard"              # the tileset's name in the map
TILE_COUNT = 16
BACKGROUND = "#3a343a"           # the map's background colour in Tiled

STONE, STONE_MOSS, STONE_CRACK, WALL = 0, 1, 2, 3
WALL_BAND, WALL_BASE, TABLE_TL, TABLE_T = 4, 5, 6, 7
TABLE_TR, TABLE_L, TABLE_C, TABLE_R = 8, 9, 10, 11
TABLE_BL, TABLE_B, TABLE_BR, STONE_DARK = 12, 13, 14, 15

LACQUER = (150, 26, 34)
LACQUER_DARK = (96, 12, 20)
GOLD = (226, 182, 80)
STONE_RGB = (58, 52, 58)


def _stone(surf: pygame.Surface, rng: random.Random, moss: bool, crack: bool, dark: bool) -> None:
    base = (48, 42, 48) if dark else STONE_RGB
    surf.fill(base)
    pygame.draw.rect(surf, (36, 30, 36), (0, 0, TILE, TILE), 2)
    pygame.draw.line(surf, (74, 66, 72), (2, 2), (TILE - 3, 2), 1)
    for _ in range(10):
        x, y = rng.randrange(4, TILE - 4), rng.randrange(4, TILE - 4)
        pygame.draw.circle(surf, rng.choice([(66, 60, 66), (50, 44, 50)]), (x, y), 1)
    if moss:
        for _ in range(8):
            x, y = rng.choice([(3, rng.randrange(TILE)), (rng.randrange(TILE), TILE - 3)])
            pygame.draw.circle(surf, (52, 110, 80), (x, y), rng.choice([2, 3]))
    if crack:
        pygame.draw.lines(surf, (30, 26, 30), False, [(12, 8), (22, 24), (18, 38), (30, 52)], 2)


def _wall(surf: pygame.Surface, kind: int) -> None:
    surf.fill((120, 22, 30))
    for x in range(0, TILE, 30):
        pygame.draw.line(surf, (100, 16, 24), (x, 0), (x, TILE), 2)
    if kind == WALL_BAND:
        pygame.draw.rect(surf, GOLD, (0, 22, TILE, 14))
        pygame.draw.rect(surf, (150, 110, 40), (0, 22, TILE, 14), 2)
        for x in (10, 30, 50):                  # a gold coin pattern in the band
            pygame.draw.circle(surf, (120, 22, 30), (x, 29), 4)
    if kind == WALL_BASE:
        pygame.draw.rect(surf, (40, 30, 32), (0, TILE - 16, TILE, 16))
        pygame.draw.line(surf, GOLD, (0, TILE - 16), (TILE, TILE - 16), 2)


def _table(surf: pygame.Surface, l: bool, r: bool, t: bool, b: bool) -> None:
    surf.fill(LACQUER)
    for i in range(0, TILE, 12):
        pygame.draw.line(surf, (160, 34, 42), (0, i + 5), (TILE, i + 5), 1)
    if t:
        pygame.draw.rect(surf, GOLD, (0, 0, TILE, 8))
    if b:
        pygame.draw.rect(surf, GOLD, (0, TILE - 8, TILE, 8))
        pygame.draw.rect(surf, LACQUER_DARK, (0, TILE - 4, TILE, 4))
    if l:
        pygame.draw.rect(surf, GOLD, (0, 0, 8, TILE))
    if r:
        pygame.draw.rect(surf, GOLD, (TILE - 8, 0, 8, TILE))
    if (t or b) and (l or r):                   # a jade stud at each corner
        cx = 16 if l else TILE - 16
        cy = 16 if t else TILE - 16
        pygame.draw.circle(surf, (46, 150, 118), (cx, cy), 6)
        pygame.draw.circle(surf, GOLD, (cx, cy), 6, 2)


def paint_tiles() -> list[pygame.Surface]:
    rng = random.Random(8)
    tiles: list[pygame.Surface] = []
    for index in range(16):
        t = pygame.Surface((TILE, TILE))
        if index in (STONE, STONE_MOSS, STONE_CRACK, STONE_DARK):
            _stone(t, rng, index == STONE_MOSS, index == STONE_CRACK, index == STONE_DARK)
        elif index in (WALL, WALL_BAND, WALL_BASE):
            _wall(t, index)
        else:
            row, col = divmod(index - TABLE_TL, 3)
            _table(t, col == 0, col == 2, row == 0, row == 2)
        tiles.append(t)
    return tiles


def tile_grid() -> list[list[int]]:
    rng = random.Random(2)
    grid = [[rng.choices([STONE, STONE_MOSS, STONE_CRACK, STONE_DARK], [10, 3, 1, 3])[0]
             for _ in range(COLS)] for _ in range(ROWS)]
    for x in range(COLS):
        grid[0][x] = WALL
        grid[1][x] = WALL_BAND
        grid[2][x] = WALL_BASE
    x0, x1, y0, y1 = 8, 23, 4, 11           # the lacquer table under the grid, inclusive
    for y in range(y0, y1 + 1):
        for x in range(x0, x1 + 1):
            row = 0 if y == y0 else 2 if y == y1 else 1
            col = 0 if x == x0 else 2 if x == x1 else 1
            grid[y][x] = TABLE_TL + row * 3 + col
    return grid


# (x, y, w, h) in design pixels; each seat: (cat, hand, caps, reverse)
BOTTOM = ((40, 800, 250, 260), (330, 848, 1240, 170), (40, 700, 250, 90), 0)
NARROW = (BOTTOM[0], BOTTOM[1], (40, 700, 210, 90), 0)      # the bottom seat beside a left hand
LEFT = ((20, 250, 200, 250), (230, 290, 110, 460), (20, 510, 200, 90), 0)
RIGHT = ((1710, 250, 200, 250), (1598, 290, 110, 460), (1710, 510, 200, 90), 1)


def _top(x: int, hand_w: int = 400) -> tuple:
    return (x, 10, 180, 230), (x + 190, 40, hand_w, 120), (x + 190, 168, hand_w, 70), 1


SEATS: dict[int, list] = {
    2: [BOTTOM, _top(620, 620)],
    3: [BOTTOM, _top(250, 560), _top(1050, 560)],
    4: [NARROW, LEFT, _top(620, 620), RIGHT],
    5: [NARROW, LEFT, _top(370, 400), _top(990, 400), RIGHT],
    6: [NARROW, LEFT, _top(360, 240), _top(790, 240), _top(1220, 240), RIGHT],
}
COMMON = {
    "grid": (540, 252, 840, 456),
    "trump": (340, 330, 140, 330),       # clear of the lacquer table (x 480) and a left hand (to 340)
    "banner": (460, 420, 1000, 140),
    "prompt": (330, 724, 1240, 100),
    "actions": (1600, 830, 300, 230),
    "hints": (330, 1024, 1240, 50),
    "match": (16, 16, 196, 150),
    # zones: room a table keeps for a drawn thing (not an anchor of the game)
    "zone:drawer": (1440, 250, 466, 462),
    "zone:odds": (1444, 248, 140, 462),
    "zone:tooltip": (326, 710, 1248, 126),
}
_SIDE_HANDS = [("prompt", (350, 724, 1220, 100), None), ("zone:tooltip", (346, 710, 1228, 126), None)]
# what a seat count adds to (or changes of) the common places: at four seats and more the prompt
# narrows between the side hands
EXTRA: dict[int, list] = {
    2: [("zone:coach", (1444, 10, 462, 700), None), ("zone:odds", (16, 180, 344, 510), None)],
    3: [],
    4: _SIDE_HANDS,
    5: _SIDE_HANDS,
    6: _SIDE_HANDS,
}


def seat_objects(players: int) -> list[tuple]:
    """The players-N group: ``seatK``, ``handK`` (with its ``reverse`` property) and ``capsK``."""
    out = []
    for i, (cat, hand, caps, reverse) in enumerate(SEATS[players]):
        out += [(f"seat{i}", cat, None), (f"hand{i}", hand, {"reverse": reverse}), (f"caps{i}", caps, None)]
    return out + EXTRA[players]
