"""The pictures are files an artist edits (game/art/pictures.py): a change to an SVG in a copy of
the assets shows on the table with no change to the code, after the debug key reloads the art;
the palette's named colours replace the file's."""
import pathlib
import shutil

import numpy
import pygame
import pytest

from game.art import palette as P
from game.art import pictures
from game.runtime import assets, logs
from game.runtime.app import RELOAD_ART_KEY, App
from tools.art_shots import table_shot

ROOT = pathlib.Path(__file__).resolve().parents[2]
CARDS = "game/rules/meow_dice_cards.json"
TABBY = "assets/pictures/cats/tabby/idle.svg"


@pytest.fixture
def copied(tmp_path):
    """The game reading a copy of its assets (``MEOWCADE_ASSETS`` as set_root does)."""
    root = tmp_path / "copy"
    shutil.copytree(ROOT / "assets", root / "assets")
    shutil.copytree(ROOT / "levels", root / "levels")
    (root / "game" / "rules").mkdir(parents=True)
    shutil.copy(ROOT / CARDS, root / CARDS)
    assets.set_root(root)
    pictures.reload()
    yield root
    assets.set_root(None)
    pictures.reload()


def _changed_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect | None:
    """The box round every pixel that differs."""
    diff = numpy.any(pygame.surfarray.array3d(a) != pygame.surfarray.array3d(b), axis=2)
    xs, ys = numpy.nonzero(diff)
    if not len(xs):
        return None
    left, top = int(xs.min()), int(ys.min())
    return pygame.Rect(left, top, int(xs.max()) - left + 1, int(ys.max()) - top + 1)


def test_an_svg_changed_in_a_copied_tree_changes_the_cat_on_the_table(copied, tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path / "home"), audio=False, lang="en")
    table_shot(app, "meow-dice", 4, 5, frames=20)
    table = app.stack.top
    app.draw()
    before = app.screen.copy()
    svg = copied / TABBY
    text = svg.read_text(encoding="utf-8")
    body = 'fill="#d6a068" mc:fill="shared/coat_colours.tabby.0"'
    assert body in text                       # the tabby's coat, named from the palette
    svg.write_text(text.replace(body, 'fill="#2050f0"'), encoding="utf-8")   # an artist's blue coat
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(before, "RGB")  # not yet read
    app.reload_art()
    app.draw()
    after = app.screen.copy()
    box = _changed_box(before, after)
    assert box is not None and box.w * box.h > 400
    seat = table.seat_rect(0)                  # Mochi, the tabby: only her cat changed
    assert seat.contains(box), (seat, box)
    assert any(after.get_at((x, y))[:3] == (32, 80, 240) for x in range(box.left, box.right)
               for y in range(box.top, box.bottom))


def test_the_debug_key_reloads_the_art(tmp_path, monkeypatch):
    app = App(size=(320, 180), home=str(tmp_path), audio=False, lang="en")
    reloads = []
    monkeypatch.setattr(app, "reload_art", lambda: reloads.append(1))
    key = pygame.event.Event(pygame.KEYDOWN, key=RELOAD_ART_KEY, mod=0, unicode="", scancode=0)
    app.step(1 / 30, [key])
    assert reloads == []                        # not for a visitor
    monkeypatch.setattr(logs, "debug_enabled", lambda: True)
    app.step(1 / 30, [key])
    assert reloads == [1]


def test_a_named_colour_comes_from_the_palette_in_force(copied):
    pygame.display.init()
    svg = copied / "assets/pictures/test-square.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:mc="urn:meowcade:palette" '
                   'width="10" height="10" viewBox="0 0 10 10"><rect width="10" height="10" '
                   'fill="#00ff00" mc:fill="hungry-meow/card_colours.R.0"/></svg>', encoding="utf-8")
    red = P.colours("hungry-meow").get("card_colours")["R"][0]
    assert pictures.picture("test-square.svg", (8, 8)).get_at((4, 4))[:3] == red[:3]
    try:
        assert P.set_colourblind(True)
        blind = P.colours("hungry-meow").get("card_colours")["R"][0]
        assert blind != red
        assert pictures.picture("test-square.svg", (8, 8)).get_at((4, 4))[:3] == blind[:3]
    finally:
        P.set_colourblind(False)


def test_a_file_naming_no_palette_colour_says_which(copied):
    svg = copied / "assets/pictures/test-bad.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" xmlns:mc="urn:meowcade:palette" width="4" '
                   'height="4"><rect width="4" height="4" fill="#000" mc:fill="shared/no_such"/></svg>',
                   encoding="utf-8")
    with pytest.raises(pictures.PictureError, match="test-bad.svg.*no_such"):
        pictures.source("test-bad.svg")
