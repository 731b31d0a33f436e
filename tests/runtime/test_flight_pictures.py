"""A card in flight between two resting sizes is drawn from the picture of a resting size,
smooth-scaled (game/art/draw.py ``flight_picture``), not drawn anew at every width it passes
through: at 4K a Meow Meow Dice card face takes 25-40 ms to draw, and a card flying from a pile
to a slot made a dozen of them (a dropped frame each). Its shadow, which changes size every frame,
is not kept in the art budget."""
from __future__ import annotations

import pygame
import pytest

from game.art.cache import ART
from game.rules.meow_dice_data import DEFAULT_CARDS
from game.runtime.app import App
from scenes.table.presenter import Flyer
from tests.scenes import md_driver
from tests.scenes.test_meow_dice_table import open_table


@pytest.fixture
def table(tmp_path):
    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    drv = open_table(app, md_driver.make_session(players=4, humans=(0,)))
    drv.settle()
    yield drv.table
    app.shutdown()


@pytest.fixture
def hm_table(tmp_path):
    """A four-seat Hungry Meow table at 1920x1080 (attract, seed 7), one frame on."""
    from cli_play import demo_session
    from scenes.tables import table_info

    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    try:
        session = demo_session("hungry-meow", 4, 7, app.t)
        table = table_info("hungry-meow").scene_class()(app, session, attract=True)
        app.stack.push(table)
        app.step(1 / 60, ())
        yield table
    finally:
        app.shutdown()


def _made(monkeypatch) -> list:
    made = []
    put = ART.put

    def spy(family, key, value, cost=None):
        made.append((family, key))
        return put(family, key, value, cost)
    monkeypatch.setattr(ART, "put", spy)
    return made


@pytest.mark.parametrize("flip", [1.0, 0.0, 0.8], ids=["face", "back", "mid-flip"])
def test_a_flying_card_is_drawn_only_at_its_resting_widths(table, monkeypatch, flip):
    card = next(c.notation for c in DEFAULT_CARDS.cards if not c.notation.startswith("fishbone/"))
    ART.clear()
    made = _made(monkeypatch)
    small, big = table.w("pile"), table.w("slot_card")
    surface = pygame.Surface(table.app.size)
    for width in range(small, big + 1):            # every pixel from a pile's card to a slot's
        table._draw_flyer(surface, Flyer(card, (900, 500), width, flip))
    pictures = [key for family, key in made if family.startswith("cards_meow_dice.card_")]
    widths = {next(v for v in key if isinstance(v, int)) for key in pictures}    # a face's or a back's
    assert widths <= set(table.card_widths()), pictures
    assert len(pictures) <= 2, pictures            # the slot's width (and the pile's, where it ends)
    assert not [key for family, key in made if "shadows" in family and key[0][0] not in table.card_widths()]


def test_a_flying_card_is_as_big_as_its_width(table):
    card = next(c.notation for c in DEFAULT_CARDS.cards if not c.notation.startswith("fishbone/"))
    surface = pygame.Surface(table.app.size)
    step = max(4, table.s(4))
    for width in (table.w("pile") + step, table.w("slot_card") - step):
        rect = table._card(surface, card, (900, 500), width, flying=True)
        resting = table._card_picture((card, "regular"), width)
        assert rect.w == width and abs(rect.h - resting.get_height()) <= 1

@pytest.mark.parametrize("flip", [1.0, 0.0, 0.8], ids=["face", "back", "mid-flip"])
def test_a_flying_zodiac_card_is_drawn_only_at_its_resting_widths(tmp_path, monkeypatch, flip):
    from cli_play import demo_session
    from scenes.tables import table_info
    from scenes.zodiac.draw import DESIGN_W

    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    try:
        zodiac = table_info("zodiac").scene_class()(app, demo_session("zodiac", 4, 7, app.t), attract=True)
        app.stack.push(zodiac)
        app.step(1 / 60, ())
        ART.clear()
        made = _made(monkeypatch)
        grid = zodiac.card_px(zodiac.centre_slot(0)[1])             # the grid's cards rest at their own
        resting = {app.s(w) for w in DESIGN_W.values()} | {grid}
        surface = pygame.Surface(app.size)
        for width in range(app.s(DESIGN_W["mini"]), app.s(DESIGN_W["big"]) + 1):
            rect = zodiac._blit_card(surface, "TIGER", (900, 500), width, flip, flying=True)
            assert abs(rect.h - round(width * 1.4)) <= 4
        pictures = [key for family, key in made if family.startswith("cards_zodiac.")]
        assert {key[1] if family.endswith("face") else key[0] for family, key in made
                if family.startswith("cards_zodiac.")} <= resting, pictures
        assert len(pictures) <= 3, pictures          # the hands' two widths and the grid's between
    finally:
        app.shutdown()

def test_a_hungry_meow_card_sprite_keeps_no_shadow_of_its_own(hm_table):
    """A Hungry Meow card's sprite has its shadow baked in; the shadow is not kept as well (at
    4K, 0.5-1 MiB for each width a card flew through, 12 MiB of the art budget)."""
    table = hm_table
    ART.clear()
    for width in range(table.card_w("hand"), table.card_w("reveal") + 1, 4):
        table._sprite(None, width)
    assert not [family for family, _ in ART.entries if "shadows" in family]
    assert any("sprites" in family for family, _ in ART.entries)


def test_a_hungry_meow_sprite_is_painted_without_a_shadow_picture_or_a_copy(hm_table, monkeypatch):
    """Issue 23: at 4K a card in flight makes a sprite a frame (its face scaled, a shadow under
    it); making the shadow's own picture to blit it, and then copying the sprite into the
    window's format it already had, were a third of that. The shadow is painted in now and the
    sprite is kept as made when its format is the window's: the same pixels as before."""
    from game.art.cards_hungry_meow import RATIO, card_back, card_face
    from scenes.hungry_meow import draw as hm_draw

    table = hm_table
    monkeypatch.setattr(table, "shadow", lambda *a, **k: pytest.fail("a shadow picture was made"))
    made = []
    monkeypatch.setattr(hm_draw, "window_format", lambda surf: made.append(surf) or surf)
    hand, reveal = table.card_w("hand"), table.card_w("reveal")
    for card, width in ((None, hand), ("G5X", reveal), ("G5X", reveal - 16), (None, hand + 8)):
        sprite = table._sprite(card, width)
        assert made[-1] is sprite
        base = next(w for w in table._standard_widths() if w >= width)
        face = card_face(card, base) if card else card_back(base)
        if base != width:
            face = pygame.transform.smoothscale(face, (width, round(width * RATIO)))
        dx, dy = table.s(5), table.s(7)
        old = pygame.Surface((face.get_width() + dx, face.get_height() + dy), pygame.SRCALPHA)
        shadow = pygame.Surface(face.get_size(), pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 70), shadow.get_rect(),
                         border_radius=max(2, int(face.get_width() * 0.09)))
        old.blit(shadow, (dx, dy))
        old.blit(face, (0, 0))
        assert pygame.image.tobytes(sprite, "RGBA") == pygame.image.tobytes(old, "RGBA")

def test_a_seat_piece_made_anew_drops_the_one_it_replaces(table):
    """A Meow Meow Dice seat's still piece (4 MiB at 4K) is made again when its hand grows; the
    one it replaces is never drawn again and leaves the art budget then (TableLook.static's
    ``place``), where it outlived every cheaper picture."""
    surface = pygame.Surface(table.app.size)
    board = table.presenter.board
    family = table.art("statics").family

    def seat_pieces():
        return [k for f, k in ART.entries if f == family and k[0][:2] == ("seat", 0)]
    table._draw_seat(surface, 0, board)
    first = seat_pieces()
    assert len(first) == 1
    board.hands[0] = [*board.hands[0], "food/tabby/1/XF"]
    ART.tick()
    table._draw_seat(surface, 0, board)
    assert len(seat_pieces()) == 1 and seat_pieces() != first


def test_one_new_seat_piece_is_made_a_frame(table, monkeypatch):
    """A turn change changes two seats' pieces (4 MiB, ~8 ms each at 4K): the second seat shows
    its last piece one frame longer and gets its new one the next frame."""
    surface = pygame.Surface(table.app.size)
    board = table.presenter.board
    family = table.art("statics").family

    def pieces() -> set:
        return {k for f, k in ART.entries if f == family and k[0][0] == "seat" and k[0][1] in (0, 1)}
    ART.tick()
    for seat in (0, 1):
        table._draw_seat(surface, seat, board)
    before = pieces()
    ART.tick()
    board.current = 1 if board.current == 0 else 0          # the turn passes between seats 0 and 1
    made = _made(monkeypatch)
    for seat in (0, 1):
        table._draw_seat(surface, seat, board)
    assert len([key for f, key in made if f == family]) == 1
    assert len(pieces() - before) == 1
    ART.tick()
    for seat in (0, 1):
        table._draw_seat(surface, seat, board)
    assert len(pieces()) == 2 and not pieces() & before      # both new, the old ones dropped


def test_an_active_seat_piece_blends_its_glow_only_where_the_panel_leaves_it_to_see(table, monkeypatch):
    """Issue 23: the active seat's glow is as big as its still piece (1 Mpx at 4K, ~3 ms of a
    turn change's piece to blend) and the opaque panel painted next covers all but its rim: it
    is blended at the rim and the panel's round corners only, to the same pixels."""
    import scenes.meow_dice.draw as md_draw
    from game.art.draw import blit_around

    board = table.presenter.board
    parts = table.seat_parts(0)
    region = parts["panel"].inflate(table.s(16), table.s(16))
    blended = []

    def spy(surface, picture, rect, radius):
        blit_around(surface, picture, rect, radius)
        blended.append((picture.get_size(), pygame.Rect(rect)))

    def paint(around) -> bytes:
        monkeypatch.setattr(md_draw, "blit_around", around)
        surf = pygame.Surface(region.size)
        surf.blit(table.background(), (0, 0), region)
        table._seat_still(surf, 0, board, region, True, (200, 150, 80), board.cats[0], False)
        return pygame.image.tobytes(surf, "RGB")

    def whole(surface, picture, rect, radius):
        surface.blit(picture, (0, 0))
    assert paint(spy) == paint(whole)
    assert blended and blended[0][0] == region.size
    # what blit_around blends: a rim and four corners, a fifth of the glow at most
    probe = pygame.Surface(region.size, pygame.SRCALPHA)
    probe.fill((255, 255, 255, 255))
    target = pygame.Surface(region.size, pygame.SRCALPHA)
    blit_around(target, probe, blended[0][1], table.s(24))
    touched = pygame.mask.from_surface(target).count()
    assert 0 < touched < region.w * region.h / 5


def test_a_seat_piece_made_anew_is_painted_in_the_dropped_pieces_pixels(table):
    """Issue 23: at 4K a seat's still piece is 4 MiB; its next piece (a turn change, a card
    taken) is painted over the pixels of the one it replaces, not into a new surface, and is a
    new object (the drawing by parts tells pictures apart by identity). Same pixels as a piece
    painted on a new surface."""
    surface = pygame.Surface(table.app.size)
    board = table.presenter.board
    family = table.art("statics").family

    def piece():
        keys = [k for f, k in ART.entries if f == family and k[0][:2] == ("seat", 0)]
        assert len(keys) == 1
        return table.art("statics").get(keys[0])
    ART.tick()
    table._draw_seat(surface, 0, board)
    first = piece()
    ART.tick()
    board.current = 1 if board.current == 0 else 0         # seat 0's glow comes or goes
    board.hands[0] = [*board.hands[0], "food/tabby/1/XF"]
    table._draw_seat(surface, 0, board)
    second = piece()
    assert first.get_parent() is not None
    assert second is not first and second.get_parent() is first.get_parent()
    assert second.get_parent().get_size() == second.get_size()
    # painted on a new surface, as before the reuse
    table.__dict__.pop("_static_places", None)          # no place: nothing to reuse
    table.art("statics").forget(next(k for f, k in ART.entries if f == family and k[0][:2] == ("seat", 0)))
    ART.tick()
    table._draw_seat(surface, 0, board)
    third = piece()
    assert third.get_parent() is not first.get_parent()
    assert pygame.image.tobytes(third, "RGB") == pygame.image.tobytes(second, "RGB")
