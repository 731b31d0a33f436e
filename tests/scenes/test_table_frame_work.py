"""What a table's frame does not do again (issue 23): answers that only change with the layout or
the game are kept, and the frame asks them of the cache, drawing the very same things."""
from __future__ import annotations

import pygame
import pytest

from game.art.cache import ART
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
        while len(checked) < 250 and not table.session.game.over:
            drv.settle()
            if app.stack.top is not table or table.session.game.over:
                break
            for name in choose(table):
                drv.click(name)
        assert len(checked) >= 250 and {"pre", "rolling"} <= set(checked)
    finally:
        app.shutdown()


def test_a_turn_changes_seat_pieces_painted_ahead_are_copied_not_painted(meow_dice, monkeypatch):
    """The game runs ahead of the table: when its turn is no longer the one shown, the seat pieces
    of the coming change (the seat losing the turn, the seat getting it) are painted ahead, one a
    quiet frame (scenes/meow_dice/change_ahead.py); at the change none is painted in its frames,
    the pieces are copied in the old ones' pixels: the same pixels as painting them, the body's
    cells still the old ones (issue 23: 3-4 ms of processor each at 4K, two a turn change)."""
    from game.art.draw import ellipse_glow
    from scenes.meow_dice import change_ahead

    table, board = meow_dice, meow_dice.presenter.board
    for _ in range(600):                                # the deal's flights landed
        if not table.presenter.flyers:
            break
        table.app.step(1 / 60, ())
    was = board.current
    now = (was + 1) % table.n
    glow = (ellipse_glow.family, ellipse_glow.key(*table.seat_glow(now)))
    ART.forget(*glow)                                   # pushed out since the last turn
    table.game.current = now                            # the game's turn, not yet shown
    table.__dict__.pop("_future_board", None)           # (kept per action played: none was)
    monkeypatch.setattr(change_ahead, "turn_lines", lambda *a: [])     # (its words: another test)
    coming = change_ahead.coming_pieces(table)
    assert [(seat, active) for seat, _, active in coming] == [(was, True), (was, False), (now, True)]
    painted = []
    real = type(table)._seat_still
    monkeypatch.setattr(type(table), "_seat_still", lambda self, surf, seat, *a:
                        painted.append(seat) or real(self, surf, seat, *a))
    # (the first coming is the piece shown already); the glow is made in a quiet frame of its own
    for done, glowing in (([was], False), ([was], True), ([was, now], True), ([was, now], True)):
        table._made_mark = ART.made                     # a quiet frame: one piece or picture
        change_ahead.paint_ahead(table)
        assert painted == done and ART.has(*glow) == glowing
    table._made_mark = ART.made - 1                     # a busy frame: nothing painted
    change_ahead.paint_ahead(table)
    assert painted == [was, now]
    painted.clear()
    ops, before = _frames_after(table, lambda: setattr(board, "current", now), 2)
    assert painted == []
    monkeypatch.undo()
    for seat in (was, now):
        _check_kept(table, seat, before, ops, (5, 6))
    table.game.current = now
    table._ahead_held = True                           # (one left aside)
    for _ in range(change_ahead.LEFT_FRAMES + 2):         # shown: none coming, none left aside
        ART.tick()
        change_ahead.paint_ahead(table)
    assert not [k for k in ART.entries if k[0] == table.art("statics_ahead").family]



def test_a_piece_painted_ahead_is_done_a_slice_a_frame_with_the_pixels_of_painting_it_whole(meow_dice,
                                                                                              monkeypatch):
    """At 4K a seat's piece painted ahead took 8-12 ms of one quiet frame (a new 4.5 MiB surface
    3 ms, the table under it 1.6 ms, its drawing 2-4 ms): its drawing is written down once and
    done ``AHEAD_SLICE_PX`` a frame. Taken when whole, its pixels are those of painting it at
    once, and when it is taken before it is whole it is finished then."""
    from scenes.meow_dice import change_ahead
    from scenes.table import look

    table, board = meow_dice, meow_dice.presenter.board
    table.draw(pygame.Surface(table.app.size))          # each seat's piece in its place
    seat = (board.current + 1) % table.n
    region = table.seat_region(seat)

    def piece_of(active):
        key = change_ahead.seat_key(table, seat, board, active, False)
        return key, lambda surf, o: table._seat_still(surf, seat, board, region, active, *key[3:5], False)

    def whole(paint):
        surf = pygame.Surface(region.size)
        surf.blit(table.background(), (0, 0), region)
        paint(surf, (0, 0))
        return pygame.image.tobytes(surf, "RGB")

    monkeypatch.setattr(look, "AHEAD_SLICE_PX", region.w * region.h // 2)
    key, paint = piece_of(True)
    slices = 0
    while table.static_ahead(key, region, paint):       # False once it is kept aside, whole
        slices += 1
        assert slices < 200
    assert slices >= 3                                  # the surface, the table under it, the drawing
    ready = table.art("statics_ahead").get((key, tuple(region), table.app.size))
    assert pygame.image.tobytes(ready, "RGB") == whole(paint)
    ART.tick()                                          # (one new piece a place a frame)
    piece = table.static(key, region, paint, key[:2])   # into the place's old piece: copied
    assert piece.get_parent() is not ready and pygame.image.tobytes(piece, "RGB") == whole(paint)
    key, paint = piece_of(False)
    table.static_ahead(key, region, paint)              # the next one: a slice of it
    ART.tick()
    taken = table.static(key, region, paint, key[:2])   # taken before it is whole: finished now
    assert pygame.image.tobytes(taken, "RGB") == whole(paint) and table._painting_ahead is None


def test_a_piles_change_coming_is_painted_ahead_and_copied(meow_dice, monkeypatch):
    """A card drawn from a pile painted the piles' piece anew in the frame it showed (its cards,
    counts and words; at 4K the cards and words made again when pushed out of the budget: 5-20
    ms). The piles of a change coming (the board as the game will stand: here the deck one card
    shorter) are painted ahead in a quiet frame and copied when the change shows: no pile is
    painted in that frame, and the piece's pixels are those of painting it."""
    import copy

    from scenes.meow_dice import change_ahead, piles

    table, board = meow_dice, meow_dice.presenter.board
    for _ in range(600):                                # the deal shown
        if not table.presenter.busy:
            break
        table.app.step(1 / 60, ())
    future = copy.deepcopy(board)
    future.deck -= 1
    monkeypatch.setattr(change_ahead, "future_board", lambda t, move=True: future)
    coming = piles.coming_looks(table, future)
    assert [looks[0][0] for looks in coming] == [board.deck - 1]
    painted = []
    real = piles.paint_pile
    monkeypatch.setattr(piles, "paint_pile", lambda *a: painted.append(a[2]) or real(*a))
    for _ in range(3):
        table._made_mark = ART.made                     # quiet frames
        change_ahead.paint_ahead(table)
    assert painted == list(piles.PILES) * 2             # ahead: its place found, then painted
    painted.clear()
    board.deck -= 1                                     # the change shows
    surface = pygame.Surface(table.app.size)
    table.draw(surface)
    assert painted == []
    looks, region = table._pile_piece
    piece = table.art("statics").get((("piles", looks), tuple(region), table.app.size))
    whole = pygame.Surface(region.size)
    whole.blit(table.background(), (0, 0), region)
    for kind, look in zip(piles.PILES, looks, strict=True):
        real(table, whole, kind, look, region.topleft)
    assert pygame.image.tobytes(piece, "RGB") == pygame.image.tobytes(whole, "RGB")


def test_a_seat_piece_painted_ahead_has_its_small_pictures_made_first(meow_dice, monkeypatch):
    """The cat card's head, the cat token and the type icons of a seat's piece, pushed out of the
    budget between turns, were made in the quiet frame that painted it ahead (at 4K 14-20 ms):
    they are made in a quiet frame of their own, then the piece in the next."""
    from game.art.cards_meow_dice import type_icon
    from game.art.draw import ellipse_glow
    from scenes.meow_dice import change_ahead

    table, board = meow_dice, meow_dice.presenter.board
    seat = (board.current + 1) % table.n
    icon = (type_icon.family, type_icon.key("toy", table.seat_icons(seat)["type:toy"].w))
    ART.forget(*icon)
    assert ("toy", icon[1][1]) in [tuple(args) for _, *args in change_ahead.icons_missing(table, seat, board)]
    painted = []
    real = type(table)._seat_still
    monkeypatch.setattr(type(table), "_seat_still", lambda self, surf, s, *a: painted.append(s) or real(
        self, surf, s, *a))
    ellipse_glow(*table.seat_glow(seat))                # (its turn's piece: not the one shown)
    assert change_ahead._paint(table, seat, board, True) and painted == [] and ART.has(*icon)
    assert change_ahead._paint(table, seat, board, True) and painted == [seat]


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

def test_a_computer_cats_move_has_its_banner_and_caption_made_before_it_is_played(meow_dice):
    """A bot's answer is held before it is played (``min_delay``): the move is played on a copy of
    the game and its events' handlers built, not run, noting what they say, shout and pose
    (news_ahead.preview; the game, the board and the presenter's dice paths untouched); the
    banner's picture and the caption's words are made in quiet frames before, so the frame of
    the take makes none of them (issue 23: the panel 1.3-2.5 ms at 4K, ~1 ms a text)."""
    from game.art import palette as P
    from scenes.meow_dice import news_ahead

    table = meow_dice
    session, game = table.session, table.game
    table.presenter.finish_all()
    for _ in range(40):                                  # rolls till a card may be taken
        takes = [a for a in game.legal_actions() if a.startswith("take")]
        if takes:
            break
        session.apply(game.legal_actions()[0])
    assert takes
    table.presenter.finish_all()
    seat, view, rng = game.current, game.view(None), table.presenter.rng.getstate()
    said, after = news_ahead.preview(table, takes[0])
    assert game.view(None) == view and table.presenter.rng.getstate() == rng and after is not game
    shouts = [s for s in said if s[0] == "shout"]
    assert len(shouts) == 1 and shouts[0][1].startswith(table.seat_name(seat))
    assert ("say", shouts[0][1]) in said and any(s[0] == "pose" and s[1] == seat for s in said)
    table.runner._job = {"key": (len(session.actions), seat), "done": True,
                         "result": (True, (takes[0], None, None))}
    ART.clear()
    for _ in range(4):
        news_ahead.make_news(table, True)               # quiet frames: one picture each
    made = ART.made
    text, colour = shouts[0][1], shouts[0][2]
    table.presenter.banner = (text, colour, 1.0)
    table.draw_banner(pygame.Surface(table.app.size), (600, 400), *table.banner_look())
    inner = table.anchors["prompt"].rect.w - table.s(30)
    font, cut = table.fitted_line(text, news_ahead.PROMPT_PX[0], inner, 28)
    table.app.text(cut, font, P.CREAM)
    assert ART.made == made                             # all made before
    table.runner._job = None

def test_a_coming_turns_words_are_made_before_it_shows(meow_dice):
    """The turn change's caption ("Tofu's turn"), the wait's line ("Tofu is posing…") and the
    turn's count under them were made (each with its shadow) in the frames the turn changes and
    its cat starts thinking: they are made in quiet frames while the game's turn is not yet the
    one shown, and drawing the prompt then makes none of them."""
    from game.runtime import dirty
    from scenes.meow_dice import change_ahead, news_ahead

    table, board = meow_dice, meow_dice.presenter.board
    table.presenter.finish_all()
    now = (board.current + 1) % table.n
    ART.clear()
    table._draw_prompt(dirty.Recorder(table.app.size))  # (the prompt's panel, and its words now)
    table.game.current = now
    table.__dict__.pop("_future_board", None)
    lines = news_ahead.turn_lines(table, change_ahead.future_board(table))
    assert [line[1] for line in lines][:1] == [table.app.t("md.prompt.turn", name=table.seat_name(now))]
    for _ in range(len(lines)):
        news_ahead.make_news(table, True, lines)        # one a quiet frame (made already: none)
    assert not news_ahead.make_news(table, True, lines)
    made = ART.made
    board.current = now
    table.game.current = now
    table.presenter.queue.append(lambda: None)          # a step showing: the caption drawn
    for caption in (lines[0][1], None):                 # the turn's caption, then the wait's line
        table.presenter.caption = caption or ""
        if caption is None:
            table.presenter.queue.clear()
            table.runner._job = None
        assert table._prompt_text()[0] == (caption or lines[1][1])
        rec = dirty.Recorder(table.app.size)
        table._draw_prompt(rec)
    assert ART.made == made
