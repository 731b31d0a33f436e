"""The colour-blind setting is real: each palette has a variant whose colours stay apart under
simulated protanopia, deuteranopia and tritanopia, things that differed only by hue get a shape,
and toggling the setting redraws the table with the variant."""
from __future__ import annotations

import itertools
import sys
from pathlib import Path

import numpy
import pygame
import pytest

from game.art import cards_zodiac, dice_meow_dice
from game.art import palette as P
from game.play.match import new_session
from game.play.session import Seat
from game.runtime.app import App
from scenes.meow_dice.table import MeowDiceTable

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from colourblind_screenshots import KINDS, distance, simulate  # noqa: E402

DT = 1 / 30


@pytest.fixture(autouse=True)
def standard_colours():
    P.set_colourblind(False)
    yield
    P.set_colourblind(False)


def groups() -> dict[str, list]:
    """Colours a player tells things apart by (each group must stay apart)."""
    hm, md = P.colours("hungry-meow"), P.colours("meow-dice")
    return {"Hungry Meow card colours": [hm.CARD_COLOURS[k][0] for k in "RYBG"],
            "Meow Meow Dice pattern dots": list(md.PATTERN_DOTS),
            "Meow Meow Dice must / must not": [md.GOOD, md.BAD],
            "Meow Meow Dice faces": [md.FACE_COLOURS[k][0] for k in "CFYMPB"],
            "Zodiac trump frame / focus": [P.colours("zodiac").TRUMP_FRAME, P.FOCUS],
            "take it / not this slot": [md.TABLE_GOOD, md.DRAW_SLOT_COLOUR]}


def closest(colours, kind) -> float:
    return min(distance(a, b, kind) for a, b in itertools.combinations(colours, 2))


def test_the_simulation_is_machado_s():
    assert tuple(simulate((255, 255, 255), "deuteranopia")) == (255.0, 255.0, 255.0)   # white stays
    red, green = (222, 58, 72), (46, 164, 92)
    assert distance(red, green) > 70 and distance(red, green, "deuteranopia") < 20


def test_the_variant_keeps_colours_apart_for_all_three_deficiencies():
    standard = {name: min(closest(c, k) for k in KINDS) for name, c in groups().items()}
    P.set_colourblind(True)
    for name, colours in groups().items():
        worst = min(closest(colours, k) for k in KINDS)
        # ~20 delta E reads as clearly different; six die faces also differ by badge and picture
        floor = 14 if len(colours) > 4 else 20
        assert worst >= floor, f"{name}: {worst:.1f} apart at worst"
        assert worst >= standard[name] - 0.5, f"{name}: the variant is worse than the standard colours"


def test_every_palette_file_has_a_colourblind_variant():
    for name in P.names():
        assert P.colours(name).data.colourblind, name


def test_hue_only_differences_get_a_shape():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    plain = pygame.image.tobytes(dice_meow_dice.pattern_icon("TL", 200), "RGBA")
    frame = pygame.Surface((160, 200), pygame.SRCALPHA)
    cards_zodiac.trump_frame(frame, pygame.Rect(20, 20, 120, 160), 1.0)
    plain_frame = pygame.image.tobytes(frame, "RGBA")
    assert P.set_colourblind(True)
    shaped = dice_meow_dice.pattern_icon("TL", 200)       # the cache was dropped with the change
    assert pygame.image.tobytes(shaped, "RGBA") != plain
    frame.fill((0, 0, 0, 0))
    cards_zodiac.trump_frame(frame, pygame.Rect(20, 20, 120, 160), 1.0)
    assert pygame.image.tobytes(frame, "RGBA") != plain_frame
    grow = 6                                              # the frame stands 6 px out at scale 1
    assert frame.get_at((20 - grow, 20 - grow - 8)).a > 0     # a diamond stands out past the corner


def colours_on(surface) -> set:
    """Every (r, g, b) on the surface (packed into one integer a pixel for numpy's unique)."""
    rgb = pygame.surfarray.array3d(surface).astype(numpy.uint32)
    packed = numpy.unique((rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2])
    return {(int(v) >> 16, (int(v) >> 8) & 255, int(v) & 255) for v in packed}


def test_toggling_the_setting_redraws_the_table_with_the_variant(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    try:
        seats = [Seat("Mochi", "human", "heuristic", "tabby"), Seat("Tofu", "bot", "heuristic", "calico")]
        table = MeowDiceTable(app, new_session("meow-dice", seats, 3))
        app.stack.push(table)
        for _ in range(3):
            app.step(DT, [])
        md = P.colours("meow-dice")
        standard_dot, blind_dot = md.data.colours["pattern_dots"][1], md.data.colourblind["pattern_dots"][1]
        before = colours_on(app.screen)
        assert standard_dot in before and blind_dot not in before
        app.settings.colorblind = True                   # as the settings screen does
        app.step(DT, [])
        assert P.colourblind()
        after = colours_on(app.screen)
        assert blind_dot in after and standard_dot not in after
        app.settings.colorblind = False
        app.step(DT, [])
        assert not P.colourblind() and standard_dot in colours_on(app.screen)
    finally:
        app.shutdown()


def _changed_colours() -> dict[str, str]:
    """Each hex colour the colour-blind variant replaces (standard -> the palette and name)."""
    out = {}

    def walk(value, where):
        if isinstance(value, (tuple, list)) and value and isinstance(value[0], int):
            out["#" + "".join(f"{c:02x}" for c in value[:3])] = where
        elif isinstance(value, (tuple, list)):
            for i, v in enumerate(value):
                walk(v, f"{where}.{i}")
        elif isinstance(value, dict):
            for k, v in value.items():
                walk(v, f"{where}.{k}")
    for name in P.names():
        data = P.colours(name).data
        for key in data.colourblind:
            walk(data.colours[key], f"{name}/{key}")
    return out


def test_every_colour_the_variant_changes_is_named_in_the_picture_files():
    """A shape painted in a colour the colour-blind variant replaces (the red of a red card, a
    die face's colour) carries its ``mc:`` palette name, so it follows the variant; a bare hex
    of that colour would stay red beside the magenta ones (issue 40: 'red punches stay red')."""
    import re

    root = Path(__file__).resolve().parents[2] / "assets" / "pictures"
    changed = _changed_colours()
    assert "#de3a48" in changed                       # Hungry Meow's red is one of them
    bare = []
    for path in sorted(root.rglob("*.svg")):
        for tag in re.findall(r"<[a-zA-Z][^>]*>", path.read_text(encoding="utf-8")):
            for kind in ("fill", "stroke", "stop-color"):
                found = re.search(rf'(?<![:\w-]){kind}="(#[0-9a-fA-F]{{6}})"', tag)
                if found and found.group(1).lower() in changed and f"mc:{kind}=" not in tag:
                    bare.append(f"{path.relative_to(root)}: {kind} {found.group(1)}")
    assert not bare, bare[:10]


def test_red_paws_and_punches_all_turn_with_the_colour_blind_variant():
    """Rasterised with the setting on, no red card, corner symbol or the table's symbol keeps a
    pixel of the standard reds, and each shows the variant's red."""
    from game.art import cards_hungry_meow as hm

    pygame.display.init()
    pygame.display.set_mode((64, 64))
    reds = P.colours("hungry-meow").data.colours["card_colours"]["R"][:2]
    standard = {(r << 16) | (g << 8) | b for r, g, b, *_ in reds}
    assert P.set_colourblind(True)
    blind = P.colours("hungry-meow").CARD_COLOURS["R"][0]
    variant = (blind[0] << 16) | (blind[1] << 8) | blind[2]

    def packed(surface):
        rgb = pygame.surfarray.array3d(surface).astype(numpy.uint32)
        return set(numpy.unique((rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]).tolist())

    pictures = [hm.card_face(f"R{n}{s}", 180) for n in range(1, 9) for s in "PX"]
    pictures += [hm.symbol_icon(name, 120) for name in ("RP", "RX")]
    for i, surface in enumerate(pictures):
        seen = packed(surface)
        assert not seen & standard, f"picture {i} keeps the standard red"
        assert variant in seen, f"picture {i} has no colour-blind red"


def test_the_tigers_outline_has_its_face_colour_blind_or_not(tmp_path, monkeypatch):
    """The tiger's outline differed from the focus ring by its orange alone: each outlined piece
    carries the tiger's face on the outline's corner, with the setting on or off (off, a Hungry
    Meow new card's edge read as a fourth suggestion: stranger 9 #3)."""
    import scenes.advice as advice
    from tests.scenes.test_overlap_audit import person_turn

    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        table = person_turn(app, "zodiac", 3)
        table.advice.ask()
        for _ in range(400):
            app.step(DT, [])
            if table.advice.hint is not None:
                break
        assert table.advice.hint is not None and table.advice.hint.targets
        faces = []
        monkeypatch.setattr(advice, "draw_tiger", lambda surface, at, size, *a, **k: faces.append((at, size)))
        for blind in (False, True):
            app.settings.colorblind = blind
            app.step(DT, [])
            faces.clear()
            table.advice._draw_marks(pygame.Surface(app.size))
            marked = [n for n in table.advice.hint.targets if n in table.widgets()]
            assert marked and len(faces) == len(marked), (blind, faces, marked)
    finally:
        app.settings.colorblind = False
        app.stack.clear()
        app.shutdown()
