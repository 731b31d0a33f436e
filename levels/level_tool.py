"""Make a first version of a table's level: its tileset image and its Tiled map.

    .venv/bin/python levels/level_tool.py [GAME ...] [--force] [--out DIR]

GAME is hungry-meow, meow-dice or zodiac (default: all three); files go to levels/ (or DIR).
The ``.tmx`` files are the source the game reads, and a person edits them in Tiled: this tool
never overwrites an existing map or tileset image — edits saved in Tiled win — unless ``--force``
is given. Neither the build nor the tests run it on levels/. What each level holds (tiles, where
they lie, anchors) is in levels/level_specs/<game>.py; the writing here is shared.
"""
from __future__ import annotations

import importlib
import math
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402
from level_specs import COLS, ROWS, TILE  # noqa: E402

GAMES = ("hungry-meow", "meow-dice", "zodiac")
SHEET_COLS = 4


def spec(game: str):
    return importlib.import_module("level_specs." + game.replace("-", "_"))


def tileset_image(tiles: list[pygame.Surface]) -> pygame.Surface:
    sheet = pygame.Surface((TILE * SHEET_COLS, TILE * math.ceil(len(tiles) / SHEET_COLS)))
    for index, t in enumerate(tiles):
        sheet.blit(t, ((index % SHEET_COLS) * TILE, (index // SHEET_COLS) * TILE))
    return sheet


def _object(oid: int, name: str, rect, props: dict | None) -> str:
    x, y, w, h = rect
    kind = "zone" if name.startswith("zone:") else "anchor"       # a zone is room kept, not a game place
    head = f'  <object id="{oid}" name="{name}" type="{kind}" x="{x}" y="{y}" width="{w}" height="{h}"'
    if not props:
        return head + "/>"
    inner = "\n".join(f'    <property name="{k}" type="int" value="{v}"/>' for k, v in props.items())
    return head + f">\n   <properties>\n{inner}\n   </properties>\n  </object>"


def tmx_text(level, tileset_file: str) -> str:
    """The map: one tile layer (``level.tile_grid()``, gid = index + 1) and the anchor groups
    ``common`` and ``players-N``."""
    csv = ",\n".join(",".join(str(v + 1) for v in row) for row in level.tile_grid())
    oid, gid = 1, 2
    groups = []
    for name, rows in [("common", [(n, r, None) for n, r in level.COMMON.items()])] + \
            [(f"players-{n}", level.seat_objects(n)) for n in sorted(level.SEATS)]:
        lines = []
        for obj_name, rect, props in rows:
            lines.append(_object(oid, obj_name, rect, props))
            oid += 1
        groups.append(f' <objectgroup id="{gid}" name="{name}">\n' + "\n".join(lines) + "\n </objectgroup>")
        gid += 1
    rows = math.ceil(level.TILE_COUNT / SHEET_COLS)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" \
width="{COLS}" height="{ROWS}" tilewidth="{TILE}" tileheight="{TILE}" infinite="0" \
backgroundcolor="{level.BACKGROUND}" nextlayerid="{gid}" nextobjectid="{oid}">
 <properties>
  <property name="game" value="{level.GAME}"/>
 </properties>
 <tileset firstgid="1" name="{level.TILESET}" tilewidth="{TILE}" tileheight="{TILE}" \
tilecount="{level.TILE_COUNT}" columns="{SHEET_COLS}">
  <image source="{tileset_file}" width="{TILE * SHEET_COLS}" height="{TILE * rows}"/>
 </tileset>
 <layer id="1" name="table" width="{COLS}" height="{ROWS}">
  <data encoding="csv">
{csv}
</data>
 </layer>
{chr(10).join(groups)}
</map>
"""


def make(game: str, out: Path, force: bool = False) -> list[str]:
    """Write ``<game>-tiles.png`` and ``<game>.tmx`` into ``out``, each only if it is not there
    yet (or ``force``). Returns one line per file saying what happened."""
    level = spec(game)
    said = []
    tiles_name = f"{game}-tiles.png"
    jobs = ((out / tiles_name, lambda p: pygame.image.save(tileset_image(level.paint_tiles()), str(p))),
            (out / f"{game}.tmx", lambda p: p.write_text(tmx_text(level, tiles_name), encoding="utf-8")))
    for path, write in jobs:
        if path.exists() and not force:
            said.append(f"kept {path} (it exists: edits win; --force overwrites it)")
            continue
        write(path)
        said.append(f"wrote {path}")
    return said


def main(argv: list[str]) -> int:
    force = "--force" in argv
    argv = [a for a in argv if a != "--force"]
    out = HERE
    if "--out" in argv:
        at = argv.index("--out")
        if at + 1 >= len(argv):
            print("level_tool: --out needs a folder", file=sys.stderr)
            return 2
        out = Path(argv[at + 1])
        argv = argv[:at] + argv[at + 2:]
    unknown = [g for g in argv if g not in GAMES]
    if unknown:
        print(f"level_tool: unknown game {unknown[0]!r} (one of {', '.join(GAMES)})", file=sys.stderr)
        return 2
    if not out.is_dir():
        print(f"level_tool: no folder {out}", file=sys.stderr)
        return 2
    for game in argv or GAMES:
        for line in make(game, out, force):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
