"""The level specs describe today's maps: a forced run of levels/level_tool.py (a new tileset, a map
lost) makes the .tmx the game reads now, not an older layout. The Hungry Meow tools / drawer places
and the two-seat Meow Meow Dice panels were edited by hand in the .tmx while the specs still held
the first layout, so ``--force`` would have quietly put the old places back."""
from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "levels"))
import level_tool  # noqa: E402


def described(text: str) -> dict:
    """What a map says, without the numbering Tiled gives objects and groups."""
    root = ET.fromstring(text)
    tileset = root.find("tileset")
    csv = root.find("layer/data").text.strip().splitlines()
    tiles = [[int(v) for v in row.rstrip(",").split(",")] for row in csv]
    groups = {}
    for group in root.findall("objectgroup"):
        rows = []
        for obj in group.findall("object"):
            props = {p.get("name"): (p.get("type", "string"), p.get("value"))
                     for p in obj.findall("properties/property")}
            rect = tuple(int(float(obj.get(k, 0))) for k in ("x", "y", "width", "height"))
            rows.append((obj.get("name"), obj.get("type"), rect, tuple(sorted(props.items()))))
        groups[group.get("name")] = sorted(rows)
    head = {k: root.get(k) for k in ("width", "height", "tilewidth", "tileheight", "backgroundcolor")}
    head["game"] = root.find("properties/property[@name='game']").get("value")
    head["tileset"] = {k: tileset.get(k) for k in ("name", "tilewidth", "tileheight", "tilecount", "columns")}
    return {"head": head, "tiles": tiles, "groups": groups}


@pytest.mark.parametrize("game", level_tool.GAMES)
def test_a_forced_level_tool_run_makes_todays_map(game):
    made = described(level_tool.tmx_text(level_tool.spec(game), f"{game}-tiles.png"))
    have = described((ROOT / "levels" / f"{game}.tmx").read_text(encoding="utf-8"))
    assert made["head"] == have["head"]
    assert made["tiles"] == have["tiles"]
    assert sorted(made["groups"]) == sorted(have["groups"])
    for name, rows in have["groups"].items():
        extra = sorted(set(made["groups"][name]) - set(rows))
        missing = sorted(set(rows) - set(made["groups"][name]))
        assert not extra and not missing, (game, name, "spec only:", extra, "map only:", missing)


@pytest.mark.parametrize("game", level_tool.GAMES)
def test_a_forced_level_tool_run_paints_todays_tiles(game):
    pygame.init()
    sheet = level_tool.tileset_image(level_tool.spec(game).paint_tiles())
    have = pygame.image.load(str(ROOT / "levels" / f"{game}-tiles.png"))
    assert sheet.get_size() == have.get_size()
    assert pygame.image.tobytes(sheet, "RGB") == pygame.image.tobytes(have, "RGB")
