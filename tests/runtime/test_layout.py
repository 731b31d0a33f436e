"""Level files: every levels/*.tmx loads and has the anchors its table declares for every player
count; a bad level or a missing anchor is a clear error naming the map and the anchor."""

from pathlib import Path

import pygame
import pytest

from game.runtime.assets import resource_path
from game.runtime.layout import LayoutError, expand, load_level
from scenes.tables import all_tables

FIX = Path(__file__).parent / "fixtures"


def level_tables():
    levels = {p.stem for p in resource_path("levels").glob("*.tmx")}
    return [t for t in all_tables() if t.level in levels]


def test_every_level_file_loads():
    files = sorted(resource_path("levels").glob("*.tmx"))
    assert files, "no levels/*.tmx"
    for path in files:
        level = load_level(path.stem, (1920, 1080))
        assert level.player_counts(), f"{path.name}: no players-N groups"


@pytest.mark.parametrize("info", level_tables(), ids=lambda t: t.game)
def test_level_has_the_anchors_its_table_declares(info):
    level = load_level(info.level, (1920, 1080))
    lo, hi = info.players
    assert level.player_counts() == list(range(lo, hi + 1))
    for players in range(lo, hi + 1):
        anchors = level.anchors(players, require=info.anchors)
        for name in expand(info.anchors, players):
            rect = anchors[name].rect
            assert pygame.Rect(0, 0, 1920, 1080).contains(rect), f"{info.level}: {name} off screen"
    try:
        cls = info.scene_class()
    except ImportError:
        return
    extra = getattr(__import__(cls.__module__, fromlist=["x"]), "ANCHOR_NAMES", ())
    for players in range(lo, hi + 1):
        level.require(players, extra)


def test_anchors_merge_common_read_type_and_class_and_scale():
    level = load_level("good", (1280, 720), path=FIX / "good.tmx")
    a = level.anchors(2)
    assert set(a) == {"deck", "seat0", "seat1"}
    assert a["seat0"].kind == "seat" and a["seat1"].kind == "seat" and a["deck"].kind == "anchor"
    assert a["seat0"].rotation == 90.0 and a["seat0"].properties["facing"] == "up"
    assert a["deck"].rect == pygame.Rect(600, 267, 80, 107)  # 2/3 scale at 1280x720
    wide = level.anchors(2, size=(2560, 1080))  # 21:9: centred, height decides
    assert wide["deck"].rect == pygame.Rect(900 + 320, 400, 120, 160)


def test_missing_anchor_names_map_and_anchor():
    level = load_level("good", path=FIX / "good.tmx")
    with pytest.raises(LayoutError) as err:
        level.anchors(3, require=("seat{i}", "deck"))
    assert str(err.value) == f"{FIX / 'good.tmx'}: no anchor 'seat2' for 3 players"
    with pytest.raises(LayoutError, match="no anchor 'hand0' for 2 players"):
        level.anchor("hand0", 2)
    with pytest.raises(LayoutError, match="no object group 'players-5' for 5 players"):
        level.anchors(5)


def test_bad_or_missing_level_is_a_clear_error():
    with pytest.raises(LayoutError, match="broken.tmx: not a valid Tiled map"):
        load_level("broken", path=FIX / "broken.tmx")
    with pytest.raises(LayoutError, match=r"levels/no-such-table.tmx: no such level file"):
        load_level("no-such-table")
