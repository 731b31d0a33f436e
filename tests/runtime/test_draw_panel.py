"""Big plain panels are drawn, not cached (issue 23, 4K): ``draw_panel`` paints the pixels that
blitting ``panel()`` gives, without making a picture; Meow Meow Dice's seat frames and dice tray
and a table's prompt box are painted into their still pieces that way, so none of them holds
room in the art budget or is made again when the budget pushes it out."""
import pygame
import pytest

from game.art.cache import ART
from game.art.draw import draw_panel, panel

OPAQUE = [  # size, fill, radius, border, edge: a seat frame, a plate with its top highlight, no border
    ([530, 500], (14, 44, 32), 24, 5, (255, 222, 140)),
    ([510, 58], (70, 24, 32), 16, 2, (214, 170, 80)),
    ([120, 90], (16, 54, 38, 255), 12, 3, (120, 96, 48, 255)),
    ([300, 95], (10, 10, 10), 30, 0, (0, 0, 0)),
]


def background(size=(640, 560)) -> pygame.Surface:
    """Something busy under the panel, so that a pixel left out or blended shows."""
    surf = pygame.Surface(size)
    for x in range(0, size[0], 16):
        for y in range(0, size[1], 16):
            surf.fill(((x * 7) % 256, (y * 5) % 256, (x + y) % 256), (x, y, 16, 16))
    return surf


def picture_panels() -> list:
    return [key for (family, key) in ART.entries if family == "draw.panel"]


@pytest.mark.parametrize("look", OPAQUE)
def test_a_drawn_panel_is_the_panel_picture_and_makes_no_picture(look):
    size, fill, radius, border, edge = look
    want, got = background(), background()
    want.blit(panel(tuple(size), fill, radius, border, edge, 0), (37, 21))
    ART.release("draw.panel")
    made = ART.made
    draw_panel(got, pygame.Rect((37, 21), size), fill, radius, border, edge, 0)
    assert ART.made == made and picture_panels() == []
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")


def test_a_translucent_or_shadowed_panel_is_still_the_panel_picture():
    for fill, shadow in (((30, 30, 60, 200), 0), ((30, 30, 60), 8)):
        want, got = background(), background()
        want.blit(panel((200, 120), fill, 20, 3, (90, 90, 160), shadow), (40, 40))
        draw_panel(got, pygame.Rect(40, 40, 200, 120), fill, 20, 3, (90, 90, 160), shadow)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")


@pytest.fixture
def dice_table(tmp_path):
    from cli_play import demo_session
    from game.runtime.app import App
    from scenes.tables import table_info

    app = App(size=(1920, 1080), home=tmp_path, audio=False, lang="en")
    session = demo_session("meow-dice", 4, 7, app.t)
    table = table_info("meow-dice").scene_class()(app, session, attract=True)
    app.stack.push(table)
    app.stack.apply_pending()
    yield app, table
    app.stack.clear()


def test_dice_seats_and_tray_hold_no_panel_picture(dice_table):
    app, table = dice_table
    for _ in range(40):
        app.step(1 / 60, ())
        app.present()
    big = {tuple(table.seat_parts(seat)["panel"].size) for seat in range(table.n)}
    rects = table.dice_rects()
    big.add(tuple(rects[0].union(rects[-1]).inflate(table.s(40), table.s(24)).size))
    held = {tuple(key[0]) for key in picture_panels()}
    assert not held & big, f"panels held in the art budget: {held & big}"
    # the budget pushes every panel picture out: the next frames make none of those again
    ART.release("draw.panel")
    for _ in range(3):
        app.step(1 / 60, ())
        app.present()
    assert not {tuple(key[0]) for key in picture_panels()} & big


@pytest.mark.parametrize("colour", [(150, 0, 30, 55), (150, 0, 30, 110), (10, 8, 18, 255), (0, 0, 0, 0),
                                    (20, 10, 30, 200)])
def test_veil_gives_the_pixels_of_a_blitted_window_of_colour(colour):
    """A flash, a curtain and the screen fade lay a colour over the whole window by two fills
    (``veil``), not by making a window of alpha pixels (33 MB at 4K, each frame one is up)."""
    from game.art.draw import veil

    want, got = background(), background()
    shade = pygame.Surface(want.get_size(), pygame.SRCALPHA)
    shade.fill(colour)
    want.blit(shade, (0, 0))
    veil(got, colour)
    w, h = want.get_size()
    worst = max(abs(a - b) for x in range(0, w, 7) for y in range(0, h, 5)
                for a, b in zip(want.get_at((x, y))[:3], got.get_at((x, y))[:3], strict=True))
    assert worst <= 2, f"veil {colour} differs by {worst} levels from the blitted picture"


def test_veil_of_a_part_leaves_the_rest():
    from game.art.draw import veil

    surf, before = background(), background()
    veil(surf, (200, 0, 0, 128), pygame.Rect(0, 0, 100, 100))
    assert surf.get_at((50, 50)) != before.get_at((50, 50))
    assert surf.get_at((300, 300)) == before.get_at((300, 300))
