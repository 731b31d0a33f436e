"""What a table's frame does not do again (issue 23): answers that only change with the layout or
the game are kept, and the frame asks them of the cache, drawing the very same things."""
from __future__ import annotations

import pygame
import pytest

from game.art.cache import ART
from game.runtime.app import App
from tests.peek import engine_of


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
    ART.clear()             # room for every picture of a frame (earlier tests' pictures filled it)
    table.draw(dirty.Recorder(table.app.size))
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


def _seat_region(table, seat):
    return table.seat_parts(seat)["panel"].inflate(table.s(16), table.s(16))


def _cells_of(table, seat):
    from scenes.meow_dice import seat_cells

    return seat_cells.cells(_seat_region(table, seat), table.s(36), table.seat_parts(seat)["head"].bottom,
                            table.seat_parts(seat)["cols"].x - table.s(36) // 6)


def _frames_after(table, change, frames):
    """The ops of the frame before ``change()`` and of ``frames`` frames after it, and each seat's
    cells before it."""
    from game.art.cache import ART
    from game.runtime import dirty

    for _ in range(600):                             # the deal's flights landed
        if not table.presenter.flyers:
            break
        table.app.step(1 / 60, ())
    rec = dirty.Recorder(table.app.size)
    table.draw(rec)
    ops = [rec.ops]
    before = {seat: list(table._seat_cells[seat][2]) for seat in range(table.n)}
    change()
    for _ in range(frames):                          # one new seat piece a frame
        ART.tick()
        rec = dirty.Recorder(table.app.size)
        table.draw(rec)
        ops.append(rec.ops)
    return ops, before


def _check_kept(table, seat, before, ops, kept):
    """The ``kept`` cells are the old ones, drawn by the same operations as the frame before; the
    others new; the new piece's pixels are those of painting it whole (the premise of keeping)."""
    views, key, piece = table._seat_cells[seat][2], table._seat_cells[seat][1], table._seat_cells[seat][0]
    for k, ((view, _), (old, _)) in enumerate(zip(views, before[seat], strict=True)):
        assert (view is old) == (k in kept), k
    region = _seat_region(table, seat)
    whole = pygame.Surface(region.size)
    whole.blit(table.background(), (0, 0), region)
    table._seat_still(whole, seat, table.presenter.board, region, key[2], key[3], key[4], False)
    assert pygame.image.tobytes(piece, "RGB") == pygame.image.tobytes(whole, "RGB")
    for (cell, at), inside in zip(views, _cells_of(table, seat), strict=True):   # each cell its part
        assert at == inside.move(region.topleft)
        assert pygame.image.tobytes(cell, "RGB") == pygame.image.tobytes(whole.subsurface(inside), "RGB")
    drawn_before = {op[0] for op in ops[0]}
    for k, (view, _) in enumerate(views):
        blits = [op for op in ops[-1] if op[3] == "blit" and op[4][0] is view]
        assert len(blits) == 1 and (blits[0][0] in drawn_before) == (k in kept), k


def test_a_turn_change_draws_again_only_the_frame_and_plate_row_of_the_seat_pieces(meow_dice):
    """At a turn change two seat pieces were painted anew and each, a new picture, was drawn and
    sent again whole (1092x1032 px at 4K). The piece is blitted as seven cells (the cells cover it
    once each); at a change of the turn only, the body's two cells are the old piece's (the new one
    is painted in its pixels, and its body is the same: asserted), so the drawing by parts finds
    them unchanged."""
    table, board = meow_dice, meow_dice.presenter.board
    was = board.current
    now = (was + 1) % table.n
    for seat in range(table.n):
        region = _seat_region(table, seat)
        cells = _cells_of(table, seat)
        assert sum(r.w * r.h for r in cells) == region.w * region.h
        assert cells[0].unionall(cells) == pygame.Rect((0, 0), region.size)
    ops, before = _frames_after(table, lambda: setattr(board, "current", now), 2)
    for seat in (was, now):
        _check_kept(table, seat, before, ops, (5, 6))


def test_a_card_taken_draws_again_only_the_cards_part_of_its_seat_piece(meow_dice):
    """A card taken (or bitten) changes the cards by type only: the top band, the left band, the
    plate's row and the body's left part (the cat card and tokens) are the old piece's; the cards'
    part and the right and bottom bands (a card's shadow may reach them) are drawn again."""
    table, board = meow_dice, meow_dice.presenter.board
    seat = (board.current + 1) % table.n
    card = next(c for c in board.slots.values() if c)
    ops, before = _frames_after(table, lambda: board.hands[seat].append(card), 1)
    _check_kept(table, seat, before, ops, (0, 2, 4, 5))


def test_a_meow_dice_game_played_by_a_person_drawn_by_parts_equals_a_straight_draw(tmp_path):
    """The kept pieces (slots, seat plates, seat cells) are keyed by all they show: every frame of
    a person's game with the advanced rules (prompts, enabled slots, tokens, takes, turns), drawn
    by parts, equals the table drawn straight from scratch."""
    from tests.scenes.md_driver import choose, make_session
    from tests.scenes.test_meow_dice_table import open_table

    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        drv = open_table(app, make_session(players=2, humans=(0,), seed=9, options={"advanced": True}))
        table, checked, step = drv.table, [], app.step

        def checked_step(dt, events=()):
            step(dt, events)
            if app.stack.top is table and app.present_rects is not None and app._recorded[0] is table:
                straight = pygame.Surface(app.size, 0, app.screen)
                table.draw(straight)
                assert pygame.image.tobytes(straight, "RGB") == pygame.image.tobytes(app.screen, "RGB")
                checked.append(table.mode)
        app.step = checked_step
        while len(checked) < 250 and not engine_of(table).over:
            drv.settle()
            if app.stack.top is not table or engine_of(table).over:
                break
            for name in choose(table):
                drv.click(name)
        assert len(checked) >= 250 and {"pre", "rolling"} <= set(checked)
    finally:
        app.shutdown()

def test_the_piles_cards_are_kept_while_shown(meow_dice):
    """The piles' piece is drawn from its cards only when it is painted: kept in the budget as
    drawn each frame, they are there when a card drawn or given away paints it anew."""
    from scenes.meow_dice import piles

    table = meow_dice
    surface = pygame.Surface(table.app.size)
    table.draw(surface)
    looks = table._pile_piece[0]
    for _ in range(3):
        ART.tick()
        table.draw(surface)
    kept = [(fn.family, fn.key(*args)) for fn, *args in piles.pictures(table, looks)]
    assert kept and all(ART.used[full] == ART.frame for full in kept)
