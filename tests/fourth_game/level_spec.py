"""Fish Pond's first level, in the shape of levels/level_specs/<game>.py (``make_level()`` writes
its tileset image and .tmx into levels/ here with levels/level_tool.py's own writer; the .tmx is
then the source, as for every table): a meadow, a pond across the middle with reeds along its
banks, and a wooden jetty under the seat at the bottom. Anchors: ``pond`` (the row of fish),
``prompt``, ``actions``, ``hints`` and per player count ``seatK``."""
from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame

GAME = "fish-pond"
TILESET = "meadow"
TILE_COUNT = 8
BACKGROUND = "#2f5a34"
TILE, COLS, ROWS = 60, 32, 18             # as every level: 1920 x 1080 design pixels

GRASS, GRASS_FLOWER, GRASS_DARK, WATER, WATER_RIPPLE, BANK_TOP, BANK_BOTTOM, JETTY = range(8)


def paint_tiles() -> list[pygame.Surface]:
    rng = random.Random(5)
    tiles = []
    for index in range(TILE_COUNT):
        t = pygame.Surface((TILE, TILE))
        if index in (GRASS, GRASS_FLOWER, GRASS_DARK):
            t.fill((58, 104, 60) if index != GRASS_DARK else (48, 90, 52))
            for _ in range(14):
                x, y = rng.randrange(TILE), rng.randrange(6, TILE)
                pygame.draw.line(t, (80, 134, 74), (x, y), (x + rng.choice((-2, 2)), y - 6), 2)
            if index == GRASS_FLOWER:
                for _ in range(3):
                    c = (rng.randrange(8, TILE - 8), rng.randrange(8, TILE - 8))
                    pygame.draw.circle(t, (236, 220, 120), c, 4)
                    pygame.draw.circle(t, (200, 120, 60), c, 2)
        elif index in (WATER, WATER_RIPPLE, BANK_TOP, BANK_BOTTOM):
            t.fill((40, 92, 128))
            if index == WATER_RIPPLE:
                pygame.draw.arc(t, (96, 150, 186), (10, 20, 40, 16), 0.3, 2.8, 2)
            if index in (BANK_TOP, BANK_BOTTOM):
                y = 0 if index == BANK_TOP else TILE - 14
                pygame.draw.rect(t, (96, 82, 52), (0, y, TILE, 14))
                for x in range(4, TILE, 10):        # reeds on the bank
                    top = y - 10 if index == BANK_TOP else y - 18
                    pygame.draw.line(t, (96, 140, 70), (x, y + 7), (x + 2, max(0, top + 20)), 3)
        else:
            t.fill((122, 84, 50))
            for y in range(0, TILE, 15):
                pygame.draw.line(t, (86, 58, 34), (0, y), (TILE, y), 2)
        tiles.append(t)
    return tiles


def tile_grid() -> list[list[int]]:
    rng = random.Random(3)
    grid = [[rng.choices([GRASS, GRASS_FLOWER, GRASS_DARK], [10, 2, 3])[0] for _ in range(COLS)]
            for _ in range(ROWS)]
    for y in range(5, 11):                    # the pond: rows 5-10
        for x in range(COLS):
            grid[y][x] = BANK_TOP if y == 5 else BANK_BOTTOM if y == 10 else \
                rng.choices([WATER, WATER_RIPPLE], [4, 1])[0]
    for y in range(11, ROWS):                 # the jetty under the bottom seat
        for x in range(1, 6):
            grid[y][x] = JETTY
    return grid


BOTTOM = (40, 760, 340, 300)
SEATS = {
    2: [BOTTOM, (790, 20, 340, 290)],
    3: [BOTTOM, (400, 20, 340, 290), (1180, 20, 340, 290)],
    4: [BOTTOM, (40, 20, 340, 290), (790, 20, 340, 290), (1540, 20, 340, 290)],
}
COMMON = {
    "pond": (360, 360, 1200, 240),
    "prompt": (460, 700, 1000, 110),
    "actions": (1580, 790, 300, 270),
    "hints": (460, 1020, 1000, 50),
}


def seat_objects(players: int) -> list[tuple]:
    return [(f"seat{i}", rect, None) for i, rect in enumerate(SEATS[players])]


def make_level(force: bool = False) -> list[str]:
    """Write levels/fish-pond-tiles.png and levels/fish-pond.tmx here (kept if there, unless
    ``force``), with the program's level writer."""
    root = Path(__file__).resolve().parents[2]
    sys.path.insert(0, str(root / "levels"))
    from level_tool import tileset_image, tmx_text

    out = Path(__file__).resolve().parent / "levels"
    said = []
    tiles = f"{GAME}-tiles.png"
    for path, write in ((out / tiles, lambda p: pygame.image.save(tileset_image(paint_tiles()), str(p))),
                        (out / f"{GAME}.tmx",
                         lambda p: p.write_text(tmx_text(sys.modules[__name__], tiles), encoding="utf-8"))):
        if path.exists() and not force:
            said.append(f"kept {path}")
            continue
        write(path)
        said.append(f"wrote {path}")
    return said


if __name__ == "__main__":
    print("\n".join(make_level("--force" in sys.argv)))
