"""Palettes as data: every table's colours come from assets/palettes/<game>.json (and shared.json)
through a checking loader with one-line errors; no colour is written in the drawing code."""
import ast
import json
from pathlib import Path

import pytest

from game.art import palette as P
from game.runtime.assets import resource_path
from tests import source_trees

ROOT = Path(__file__).resolve().parents[2]
DRAWING = ["game/art/cards_hungry_meow.py", "game/art/cards_meow_dice.py", "game/art/cards_zodiac.py",
           "game/art/dice_meow_dice.py", "game/art/cats.py",
           "game/art/covers.py", "game/art/town.py",
           "game/art/draw.py", "scenes/hungry_meow/draw.py", "scenes/meow_dice/draw.py",
           "scenes/zodiac/draw.py", "scenes/table/look.py"]
# Tuples of small numbers that are not colours: masks (any opaque colour works), font sizes,
# dice patterns, a loop and a random choice of radii.
NOT_COLOURS = {"(255, 255, 255, 255)", "(34, 34, 38)", "(36, 30, 40)", "(32, 30, 38)", "(5, 8, 11)",
               "(1, 1, 1, 2)", "(0, 1, 2, 3)", "(0, 0, 1, 1)", "(0, 0, 0, 1)", "(0, 0, 0, 0)"}


def test_every_palette_loads_and_its_colourblind_names_exist():
    for name in P.names():
        data = P.load_palette(resource_path(f"assets/palettes/{name}.json"))
        assert data.colours, name
        assert set(data.colourblind) <= set(data.colours), name


def colour_literals(path: Path) -> list[str]:
    tree = source_trees.tree(path)
    found = []
    for node in ast.walk(tree):
        small = isinstance(node, ast.Tuple) and all(
            isinstance(e, ast.Constant) and type(e.value) is int and 0 <= e.value <= 255 for e in node.elts)
        if small and len(node.elts) in (3, 4):
            text = ast.unparse(node)
            if text not in NOT_COLOURS:
                found.append(f"{path.name}:{node.lineno} {text}")
    return found


def test_no_colour_is_written_in_the_drawing_code():
    found = [hit for rel in DRAWING for hit in colour_literals(ROOT / rel)]
    assert not found, "colour literals outside assets/palettes: " + ", ".join(found[:10])


def write(tmp_path, data, name="p.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=1), encoding="utf-8")
    return path


GOOD = {"format": P.FORMAT, "about": "test",
        "colours": {"cards": {"gold": "#ecc054", "dots": ["#ff0000", "#00ff00"]},
                    "table": {"shade": "#0000005a"}},
        "colourblind": {"dots": ["#0072b2", "#e69f00"]}}


def test_a_palette_reads_as_named_colours_and_switches_to_the_colourblind_variant(tmp_path):
    pal = P.Palette("test", write(tmp_path, GOOD))
    assert pal.GOLD == (236, 192, 84) and pal.SHADE == (0, 0, 0, 90)
    assert pal.DOTS == ((255, 0, 0), (0, 255, 0))
    try:
        assert P.set_colourblind(True) and P.colourblind()
        assert pal.DOTS == ((0, 114, 178), (230, 159, 0)) and pal.GOLD == (236, 192, 84)
        assert not P.set_colourblind(True)                  # no change, nothing dropped
    finally:
        P.set_colourblind(False)
    assert pal.DOTS == ((255, 0, 0), (0, 255, 0))
    with pytest.raises(AttributeError, match="no colour 'silver'"):
        _ = pal.SILVER


@pytest.mark.parametrize("change, message", [
    (lambda d: d["colours"]["cards"].update(gold="#ecc05"), r"line 6: cards.gold: '#ecc05' is not a colour"),
    (lambda d: d.update(colour={}), r": colour: unknown key"),
    (lambda d: d.update(format="x"), r": format: must be 'meowcade-palette/1'"),
    (lambda d: d["colours"]["table"].update(gold="#000000"), r"table.gold: this name is already used"),
    (lambda d: d["colours"]["table"].update(Gold="#000000"), r"table.Gold: names are lower case"),
    (lambda d: d["colourblind"].update(silver="#000000"), r"colourblind.silver: no colour of that name"),
    (lambda d: d["colourblind"].update(dots=["#000000"]), r"colourblind.dots: must have the same shape"),
    (lambda d: d["colours"]["cards"].update(gold=[]), r"cards.gold: must be a colour, a list"),
])
def test_a_bad_palette_is_one_line_naming_file_and_colour(tmp_path, change, message):
    data = json.loads(json.dumps(GOOD))
    change(data)
    with pytest.raises(P.PaletteError, match=message) as err:
        P.load_palette(write(tmp_path, data), "assets/palettes/test.json")
    assert str(err.value).startswith("palette assets/palettes/test.json") and "\n" not in str(err.value)


def test_broken_json_and_duplicate_keys_are_one_line(tmp_path):
    with pytest.raises(P.PaletteError, match=r"^palette .*p.json line 3: not valid JSON"):
        P.load_palette(write(tmp_path, '{\n "format": "x",\n "colours": {,\n}'))
    with pytest.raises(P.PaletteError, match=r"'gold' is given twice"):
        P.load_palette(write(tmp_path, '{"colours": {"cards": {"gold": "#000000", "gold": "#ffffff"}}}'))
    with pytest.raises(P.PaletteError, match="cannot read it"):
        P.load_palette(tmp_path / "missing.json")


def test_a_bad_shared_palette_stops_the_game_with_one_line(tmp_path, monkeypatch, capsys):
    """(A table's own palette closes that table alone: tests/runtime/test_damaged_assets.py.)"""
    import cli_play

    bad = write(tmp_path, '{"format": "meowcade-palette/1", "colours": {"cards": {"gold": "gold"}}}')
    monkeypatch.setitem(P._palettes, "shared", P.Palette("shared", bad))
    assert cli_play.main(["--frames", "1"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("meowcade: palette ") and "cards.gold: 'gold' is not a colour" in err
    assert "\n" not in err


def test_a_reskin_is_one_file(tmp_path, monkeypatch):
    """Zodiac's lacquer changed in its palette file is what its cards are drawn with."""
    import pygame

    from game.art import cards_zodiac

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    before = pygame.image.tobytes(cards_zodiac.card_back(120), "RGBA")
    data = json.loads(resource_path("assets/palettes/zodiac.json").read_text(encoding="utf-8"))
    data["colours"]["cards"]["lacquer"] = "#10e0f0"
    monkeypatch.setattr(P.colours("zodiac"), "_data", P.load_palette(write(tmp_path, data)))
    cards_zodiac.card_back.cache_clear()
    try:
        back = cards_zodiac.card_back(120)
        assert pygame.image.tobytes(back, "RGBA") != before
        edge = back.get_at((5, back.get_height() // 2))[:3]
        assert max(abs(a - b) for a, b in zip(edge, (16, 224, 240), strict=True)) < 12
    finally:
        cards_zodiac.card_back.cache_clear()
