"""What a table's frame does not do again (issue 23): answers that only change with the layout or
the game are kept, and the frame asks them of the cache, drawing the very same things."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App


@pytest.fixture
def zodiac(tmp_path):
    from cli_play import demo_session
    from scenes.tables import table_info

    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    table = table_info("zodiac").scene_class()(app, demo_session("zodiac", 6, 7, app.t), attract=True)
    app.stack.push(table)
    for _ in range(90):                  # the deal, hands in place
        app.step(1 / 60, ())
    yield table
    app.shutdown()


def test_zodiac_keeps_its_card_places_marks_and_caption_per_layout(zodiac, monkeypatch):
    """A Zodiac frame at 4K asked ~50 card places, 5 hands' "1"/"12" marks and their caption's
    place and width again (1.5-2 ms of processor a frame): now made once per layout (anchors,
    window size, bottom seat) and per hand size, and made anew for a new layout."""
    from scenes.zodiac.table import ZodiacTable

    made = []
    for name in ("_hand_slot", "_sort_marks", "_sort_caption_at"):
        real = getattr(ZodiacTable, name)
        monkeypatch.setattr(ZodiacTable, name, lambda self, *a, _real=real, _name=name:
                            made.append(_name) or _real(self, *a))
    surface = pygame.Surface(zodiac.app.size)
    zodiac.layout()                                    # new anchors: asked anew
    zodiac.draw(surface)
    first = pygame.image.tobytes(surface, "RGB")
    assert {"_hand_slot", "_sort_marks", "_sort_caption_at"} <= set(made), made
    made.clear()
    zodiac.draw(surface)
    assert made == []                                  # all kept
    assert pygame.image.tobytes(surface, "RGB") == first
    counts = zodiac.presenter.board.counts
    assert [zodiac.sort_marks(seat) for seat in range(zodiac.n)] == \
        [zodiac._sort_marks(seat, counts[seat]) for seat in range(zodiac.n)]     # the same answers
    slot = zodiac.presenter.board.hands[1][0].slot
    assert zodiac.hand_slot(1, slot, counts[1]) == zodiac._hand_slot(1, slot, counts[1])


@pytest.fixture
def meow_dice(tmp_path):
    from cli_play import demo_session
    from scenes.tables import table_info

    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    table = table_info("meow-dice").scene_class()(app, demo_session("meow-dice", 4, 7, app.t), attract=True)
    app.stack.push(table)
    for _ in range(5):
        app.step(1 / 60, ())
    yield table
    app.shutdown()


def test_meow_dice_piles_are_one_kept_piece_with_the_pixels_drawn_before(meow_dice, monkeypatch):
    """The three piles (up to nine cards with shadows, three fitted counts) were drawn again every
    frame: now one opaque piece, painted again only when a pile's count or top changes, whose
    pixels are those the piles drew on the table (drawn as before where it would meet a slot)."""
    from scenes.meow_dice import piles

    table, board = meow_dice, meow_dice.presenter.board
    assert table._pile_piece[1] is not None                    # the default table: a piece
    painted = []
    real = piles.paint_pile
    monkeypatch.setattr(piles, "paint_pile", lambda *a: painted.append(a[2]) or real(*a))
    surface = pygame.Surface(table.app.size)
    table.draw(surface)
    assert painted == []                                       # kept
    with_piece = surface.copy()
    table.__dict__["_pile_piece"] = (None, None)               # no piece: drawn as before
    monkeypatch.setattr(piles, "_region", lambda *a: None)
    table.draw(surface)
    assert pygame.image.tobytes(surface, "RGB") == pygame.image.tobytes(with_piece, "RGB")
    monkeypatch.undo()
    table.__dict__.pop("_pile_piece")
    table.draw(surface)                                        # the piece again
    kept = table._pile_piece
    statics = table.art("statics")
    assert statics.get((("piles", kept[0]), tuple(kept[1]), table.app.size)) is not None
    board.deck -= 1                                            # a card drawn: a new piece, the old one gone
    table.draw(surface)
    assert table._pile_piece[0] != kept[0] and table._pile_piece[1] is not None
    assert statics.get((("piles", kept[0]), tuple(kept[1]), table.app.size)) is None


def test_a_banner_draws_the_same_picture_every_frame_it_does_not_fade(meow_dice):
    """The banner's words were a copy made every frame: to the drawing by parts a new picture each
    frame, so the words and all under them were drawn and sent again (at 4K 1661x163 px, for the
    1-2 s a banner shows). Now the same picture while the banner does not fade (nothing to draw
    again), and while it fades the pixels a faded copy gives."""
    from game.runtime import dirty

    table = meow_dice
    for _ in range(600):                             # the deal's flights landed
        if not table.presenter.flyers:
            break
        table.app.step(1 / 60, ())
    table.presenter.banner = ("Mochi takes the Chicken", (255, 226, 140), 1.0)
    frames = []
    for _ in range(2):
        rec = dirty.Recorder(table.app.size)
        table.draw(rec)
        frames.append(rec.ops)
    assert dirty.diff(frames[0], frames[1], rec.full) == []
    surface = pygame.Surface(table.app.size)
    for left in (0.2, 0.1):                          # fading: the words as a copy at that alpha
        table.presenter.banner = ("Mochi takes the Chicken", (255, 226, 140), left)
        table.draw(surface)
        font = table.app.fit_font("Mochi takes the Chicken", 56, table.s(1100), 36)
        words = table.app.text("Mochi takes the Chicken", font, (255, 226, 140))
        alpha = int(255 * left / 0.3)
        assert words.get_alpha() in (None, 255)     # the cached picture itself is not faded
        faded = words.copy()
        faded.set_alpha(alpha)
        drawn = table._banner_fading[1]
        assert drawn.get_alpha() == alpha
        assert pygame.image.tobytes(drawn, "RGBA") == pygame.image.tobytes(faded, "RGBA")


def test_a_turn_change_draws_again_only_the_frame_and_plate_row_of_the_seat_pieces(meow_dice):
    """At a turn change two seat pieces were painted anew and each, a new picture, was drawn and
    sent again whole (1092x1032 px at 4K). The piece is blitted as six cells; at a change of the
    turn only, the body's cell is the old piece's (the new one is painted in its pixels, and its
    body is the same: asserted here), so the drawing by parts finds it unchanged."""
    from game.art.cache import ART
    from game.runtime import dirty
    from scenes.meow_dice import seat_cells

    table, board = meow_dice, meow_dice.presenter.board
    for _ in range(600):                             # the deal's flights landed
        if not table.presenter.flyers:
            break
        table.app.step(1 / 60, ())
    rec = dirty.Recorder(table.app.size)
    table.draw(rec)
    first = rec.ops
    before = {seat: list(table._seat_cells[seat][2]) for seat in range(table.n)}
    for seat, views in before.items():               # the cells cover the piece once each
        region = table.seat_parts(seat)["panel"].inflate(table.s(16), table.s(16))
        assert sum(r.w * r.h for _, r in views) == region.w * region.h
        assert views[0][1].unionall([r for _, r in views]) == region
    was, now = board.current, (board.current + 1) % table.n
    board.current = now
    ops = []
    for _ in range(2):                               # one new seat piece a frame
        ART.tick()
        rec = dirty.Recorder(table.app.size)
        table.draw(rec)
        ops.append(rec.ops)
    for seat in (was, now):
        views = table._seat_cells[seat][2]
        assert views[-1][0] is before[seat][-1][0]                # the body kept
        assert all(v is not b for (v, _), (b, _) in zip(views[:-1], before[seat][:-1], strict=True))
        piece = table._seat_cells[seat][0]
        for cell, at in views:                                     # the new piece's pixels, cell by cell
            inside = at.move(-views[0][1].x, -views[0][1].y)
            assert pygame.image.tobytes(cell, "RGB") == pygame.image.tobytes(piece.subsurface(inside), "RGB")
    drawn_before = {op[0] for op in first}
    for seat in (was, now):                          # the body's blit is one of the last frame's
        body = table._seat_cells[seat][2][-1][0]
        blits = [op for op in ops[1] if op[3] == "blit" and op[4][0] is body]
        assert len(blits) == 1 and blits[0][0] in drawn_before
        frame = table._seat_cells[seat][2][0][0]
        assert not any(op[0] in drawn_before for op in ops[1] if op[3] == "blit" and op[4][0] is frame)
    # the premise: a seat's body is painted the same with and without the turn
    key = table._seat_cells[was][1]
    region = table.seat_parts(was)["panel"].inflate(table.s(16), table.s(16))
    pictures = []
    for active in (True, False):
        surf = pygame.Surface(region.size)
        table._seat_still(surf, was, board, region, active, key[3], key[4], False)
        pictures.append(pygame.image.tobytes(surf.subsurface(seat_cells.cells(
            region, table.s(36), table.seat_parts(was)["head"].bottom)[-1]), "RGB"))
    assert pictures[0] == pictures[1]
