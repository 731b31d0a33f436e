"""Levels are the source: the tiles a table draws come from its .tmx (an edit saved in Tiled shows
up), a damaged map is a one-line error, and the level tool never overwrites a map unless told."""
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.runtime import level_tiles
from game.runtime.assets import resource_path
from game.runtime.layout import LayoutError, load_level

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "levels" / "level_tool.py"


@pytest.fixture(autouse=True)
def window():
    pygame.display.init()
    pygame.display.set_mode((320, 180))      # pytmx's pygame loader converts tiles for a window
    yield


def copy_level(tmp_path, game="zodiac") -> Path:
    for name in (f"{game}.tmx", f"{game}-tiles.png"):
        shutil.copy(resource_path(f"levels/{name}"), tmp_path / name)
    return tmp_path / f"{game}.tmx"


def set_gid(tmx: Path, x: int, y: int, gid: int) -> int:
    """Put tile ``gid`` at cell (x, y) of the map's CSV tile layer; returns the old gid."""
    text = tmx.read_text(encoding="utf-8")
    head, rest = text.split('<data encoding="csv">\n', 1)
    csv, tail = rest.split("</data>", 1)
    rows = [row.rstrip(",").split(",") for row in csv.strip().splitlines()]
    old = int(rows[y][x])
    rows[y][x] = str(gid)
    tmx.write_text(head + '<data encoding="csv">\n' + ",\n".join(",".join(r) for r in rows) + "\n</data>"
                   + tail, encoding="utf-8")
    return old


def design(tmx: Path) -> pygame.Surface:
    tiles = level_tiles.load_tiles(tmx)
    surf = pygame.Surface(tiles.design_size)
    tiles.draw_layers(surf)
    return surf


def cell(surf, x, y, tile=60) -> bytes:
    return pygame.image.tobytes(surf.subsurface((x * tile, y * tile, tile, tile)), "RGB")


def test_an_edited_tmx_changes_what_is_drawn(tmp_path):
    tmx = copy_level(tmp_path)
    before = design(tmx)
    old = set_gid(tmx, 12, 14, 5)                # a stone flag becomes a gold-band wall tile
    assert old != 5
    after = design(tmx)
    assert cell(before, 12, 14) != cell(after, 12, 14)
    assert cell(after, 12, 14) == cell(after, 5, 1)   # the wall band drawn where the map now says
    assert cell(before, 13, 14) == cell(after, 13, 14)


def test_the_table_picture_follows_the_file_and_is_kept_per_size(tmp_path):
    tmx = copy_level(tmp_path, "hungry-meow")
    level = load_level("hungry-meow", (1280, 720), path=tmx)
    tiles = level_tiles.tiles_of(level)
    first = tiles.picture((1280, 720), (0, 0, 0), (0, 0, 0))
    assert tiles.picture((1280, 720), (0, 0, 0), (0, 0, 0)) is first       # drawn once per size
    assert first.get_size() == (1280, 720)
    assert tiles.picture((1920, 1080), (0, 0, 0), (0, 0, 0)).get_size() == (1920, 1080)
    assert level_tiles.tiles_of(level) is tiles                            # loaded once
    set_gid(tmx, 10, 8, 1)                       # a crate tile becomes plain asphalt
    stat = tmx.stat()
    os.utime(tmx, ns=(stat.st_atime_ns, stat.st_mtime_ns + 10_000_000))
    again = level_tiles.tiles_of(level)
    assert again is not tiles
    edited = again.picture((1920, 1080), (0, 0, 0), (0, 0, 0))
    unedited = tiles.picture((1920, 1080), (0, 0, 0), (0, 0, 0))
    assert cell(edited, 10, 8) != cell(unedited, 10, 8)


def test_a_new_picture_makes_room_before_it_is_made(tmp_path, monkeypatch):
    """At 4K a picture is the whole window (33 MB): the last table's was still kept while the next
    table's was made (49 MB of pictures on the way), the 4K kiosk's highest RSS at each table
    change. The least recently drawn go first now, before the new one is made."""
    one = 4 * 640 * 360
    monkeypatch.setattr(level_tiles, "PICTURE_BYTES", one + one // 2)   # room for one of them
    tiles = [level_tiles.load_tiles(copy_level(tmp_path / g, g)) for g in ("zodiac", "hungry-meow")
             if (tmp_path / g).mkdir() is None]
    tiles[0].picture((640, 360), (0, 0, 0), (0, 0, 0))
    kept_while_made = []
    real = level_tiles.LevelTiles._render
    monkeypatch.setattr(level_tiles.LevelTiles, "_render", lambda self, *a: kept_while_made.append(
        len(tiles[0]._pictures)) or real(self, *a))
    made = tiles[1].picture((640, 360), (0, 0, 0), (0, 0, 0))
    assert kept_while_made == [0] and made.get_size() == (640, 360)
    assert not tiles[0]._pictures and len(tiles[1]._pictures) == 1


def test_a_damaged_map_or_tileset_is_one_line(tmp_path):
    tmx = copy_level(tmp_path)
    (tmp_path / "zodiac-tiles.png").unlink()
    with pytest.raises(LayoutError) as err:
        level_tiles.load_tiles(tmx, "levels/zodiac.tmx")
    assert str(err.value) == "levels/zodiac.tmx: cannot load its tiles (missing file zodiac-tiles.png)"
    (tmp_path / "zodiac-tiles.png").write_bytes(b"not a png")
    with pytest.raises(LayoutError, match=r"^levels/zodiac.tmx: cannot load its tiles \(") as err:
        level_tiles.load_tiles(tmx, "levels/zodiac.tmx")
    assert "\n" not in str(err.value)
    tmx.write_text("<map><layer", encoding="utf-8")
    with pytest.raises(LayoutError) as err:
        level_tiles.load_tiles(tmx)
    assert "\n" not in str(err.value) and str(err.value).startswith(str(tmx))


def run_tool(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(TOOL), *args], capture_output=True, text=True,
                          env={"SDL_VIDEODRIVER": "dummy", "PATH": "/usr/bin:/bin"}, timeout=60)


def test_the_level_tool_never_overwrites_without_force(tmp_path):
    made = run_tool("zodiac", "--out", str(tmp_path))
    assert made.returncode == 0, made.stderr
    tmx = tmp_path / "zodiac.tmx"
    assert re.search(r"wrote .*zodiac\.tmx", made.stdout)
    assert set_gid(tmx, 3, 1, 2) != 2            # an edit saved in Tiled
    edited = tmx.read_bytes()
    kept = run_tool("zodiac", "--out", str(tmp_path))
    assert kept.returncode == 0 and "kept" in kept.stdout and "--force" in kept.stdout
    assert tmx.read_bytes() == edited
    forced = run_tool("zodiac", "--out", str(tmp_path), "--force")
    assert forced.returncode == 0 and tmx.read_bytes() != edited
    assert run_tool("chess", "--out", str(tmp_path)).returncode == 2


def test_the_build_does_not_run_the_level_tool():
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert "level_tool" not in spec and "level_specs" not in spec


def test_the_vignette_in_strips_is_the_whole_picture_shade():
    """The edge's darkening is drawn in four strips along the sides, not on a picture the size of
    the design (8 MB more when a 4K table's background is made): the same pixels as before."""
    for size in ((480, 270), (100, 60)):
        want = pygame.Surface(size)
        for x in range(0, size[0], 10):
            want.fill(((x * 9) % 256, 120, (x * 3) % 256), (x, 0, 10, size[1]))
        got = want.copy()
        shade = pygame.Surface(size, pygame.SRCALPHA)
        for i in range(12):
            pygame.draw.rect(shade, (10, 0, 4, 10 + i * 6), shade.get_rect(), 40 - 3 * i)
        want.blit(shade, (0, 0))
        level_tiles._vignette(got, (10, 0, 4))
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), size
