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
from tests.scenes.ahead_standins import asked_ahead
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


def test_above_1080p_the_next_deck_card_is_made_ahead_as_its_slot_will_draw_it(table, monkeypatch):
    """Meow Meow Dice asks the art worker (game/runtime/art_ahead.py) for the cards dealt to the
    slots and then the next card of the deck at a slot's width first, under the very key the slot
    draws it with: its first frame of flight drew it (25-40 ms at 4K) before."""
    asked = asked_ahead(monkeypatch, table.app)
    table.warm_up()
    game = table.session.game
    assert game.deck
    dealt = [game.card(cid).notation for cid in game.slots if cid is not None]
    for k, card in enumerate([*dealt, game.card(game.deck[0]).notation]):     # the deal, then refills
        ART.clear()
        table._card_picture((card, "regular"), table.w("slot_card"))
        assert asked[k] in ART.entries, (k, asked[k], list(ART.entries))
    # a seat piece's icons, under the keys its painting uses (made anew at each turn change)
    ART.clear()
    table._seat_still(surface := pygame.Surface(table.app.size), 0, table.presenter.board,
                      surface.get_rect(), False, (0, 0, 0), table.presenter.board.cats[0], False)
    icons = {full for full in ART.entries if full[0].split(".")[-1] in ("type_icon", "cat_head", "cat_token")}
    assert icons and icons <= set(asked), icons - set(asked)


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


def _zodiac_backs_made_and_asked(tmp_path, monkeypatch, seats: int, draw) -> tuple[set, set]:
    """A Zodiac table's backs (and back sprites) that ``draw(zodiac, app, surface)`` makes after
    its ``warm_up``, and what that ``warm_up`` asked the art worker for."""
    from cli_play import demo_session
    from scenes.tables import table_info

    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    try:
        session = demo_session("zodiac", seats, 7, app.t)
        zodiac = table_info("zodiac").scene_class()(app, session, attract=True)
        zodiac.presenter.sync()         # past the deal (the zoom-wide back is asked after it)
        asked = asked_ahead(monkeypatch, app)
        zodiac.warm_up()
        ART.clear()
        made = _made(monkeypatch)
        draw(zodiac, app, pygame.Surface(app.size))
        backs = {full for full in made if full[0] in ("cards_zodiac.card_back", "draw._card_sprite")}
        return backs, set(asked)
    finally:
        app.shutdown()


@pytest.mark.parametrize("flip", [0.0, 0.2], ids=["back", "mid-flip"])
def test_above_1080p_zodiac_asks_ahead_for_its_backs_as_a_flying_card_draws_them(tmp_path, monkeypatch, flip):
    """Zodiac asks the art worker for the back at each resting width under the very keys a flying
    back draws (with its shadow, and bare mid-flip): the 4K deal made them in its frames (20-60 ms)."""
    from scenes.zodiac.draw import DESIGN_W, ZOOM_W

    def fly(zodiac, app, surface):
        for width in range(app.s(DESIGN_W["cap"]), app.s(ZOOM_W) + 1, 3):
            zodiac._blit_card(surface, "TIGER", (900, 500), width, flip, flying=True)
    pictures, asked = _zodiac_backs_made_and_asked(tmp_path, monkeypatch, 4, fly)
    assert pictures and pictures <= asked, pictures - asked


def test_above_1080p_zodiac_asks_ahead_for_the_back_at_the_centres_width(tmp_path, monkeypatch):
    """Issue 23: the centre's cards rest at the grid's width (up to 128 design px, 256 px at 4K),
    none of the other resting widths: its back was made in the frame that first drew it there."""
    def centre(zodiac, app, surface):
        rows, cols = zodiac.presenter.board.grid
        for pos in range(rows * cols):
            middle, width = zodiac.centre_slot(pos)
            zodiac._blit_card(surface, None, middle, width, 0.0)
    pictures, asked = _zodiac_backs_made_and_asked(tmp_path, monkeypatch, 6, centre)
    assert pictures and pictures <= asked, pictures - asked


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


def test_hungry_meow_asks_ahead_for_the_turns_breathing_glow(hm_table, monkeypatch):
    """Issue 23: the glow under the cat whose turn it is breathes through seven sizes, each made
    in the frame it first showed (1-2.3 ms each at 4K; 32 of them in 600 frames, more as the art
    budget pushed them out). Hungry Meow asks the art worker for the turn's seven while it lasts,
    and for the game's next turn's (ahead of the table) before it shows: the sizes drawn are among
    those asked for."""
    import math

    from game.art.draw import ellipse_glow

    table, app = hm_table, hm_table.app
    table.presenter.finish_all()
    seat = table.presenter.board.current
    assert seat is not None
    asked = asked_ahead(monkeypatch, app)
    table.warm_up()
    glows = {key for family, key in asked if family == ellipse_glow.family}
    assert len(glows) == 7
    made = _made(monkeypatch)
    surface = pygame.Surface(app.size)
    ART.clear()
    for i in range(40):                      # through a whole breath
        table.time = i * (2 * math.pi / 4) / 40
        table._draw_seat(surface, seat)
    drawn = {key for family, key in made if family == ellipse_glow.family}
    assert drawn and drawn <= glows, drawn - glows
    game = table.game                              # the game's next turn, not yet shown
    game.current = next(s for s in range(4) if s != seat and s not in table.presenter.board.out)
    asked.clear()
    table.warm_up()
    assert len({key for family, key in asked if family == ellipse_glow.family}) == 14

def test_hungry_meow_keeps_the_cards_about_to_fly_ahead(hm_table, monkeypatch):
    """Issue 23: the game runs ahead of the table's pictures. A drawn card left the pile's top two
    (asked of the art worker) before its draw was shown, and its reveal-size face, made ahead
    some 300 frames earlier and then pushed out, was drawn in the frame (50-140 ms at 4K). Now
    the cards drawn but not yet shown landing are asked for first, at every resting width
    a card flies through (the small hand's too), and one already kept is counted as drawn each
    frame until shown (not pushed out) instead of asked for again."""
    from game.art.cards_hungry_meow import card_face

    table, app = hm_table, hm_table.app
    table.presenter.finish_all()
    game = table.game
    seat = game.current_player
    if game.legal_actions()[0].startswith("direction"):
        game.apply("direction cw")
    drawn = next(a for a in game.legal_actions() if a.startswith("draw"))
    before = list(game.hands[seat])
    table.presenter.present(game.apply(drawn), table.viewer)    # queued, not yet shown
    new = [c for c in game.hands[seat] if c not in before]
    assert new and table.presenter.coming == new
    asked = asked_ahead(monkeypatch, app)
    ART.clear()
    table.warm_up()
    widths = table._standard_widths()
    assert {(card_face.family, card_face.key(new[0], w)) for w in widths} <= set(asked)
    assert (card_face.family, card_face.key(new[0], table.card_w("mini"))) in asked
    full = (card_face.family, card_face.key(new[0], table.card_w("reveal")))
    ART.put_ahead(*full, pygame.Surface((4, 4)))
    for _ in range(400):                            # its hold as a picture made ahead is over
        ART.tick()
    asked.clear()
    table.warm_up()
    assert full not in asked and ART.used[full] == ART.frame
    table.presenter.finish_all()                    # shown: no longer kept
    assert not table.presenter.coming


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


def test_above_1080p_the_next_fish_bone_is_asked_ahead_as_a_hand_draws_it(table, monkeypatch):
    """Issue 23: a roll that fits nothing gives the seat the fish bone pile's top; its face at a
    hand's width (1.7 ms at 4K) was made in the turn change's frame, with the seat's new piece."""
    asked = asked_ahead(monkeypatch, table.app)
    table.warm_up()
    game = table.session.game
    assert game.fishpile
    ART.clear()
    table._card_picture((game.card(game.fishpile[0]).notation, "regular"), table.w("hand"))
    made = [full for full in ART.entries if full[0] == "cards_meow_dice.card_face"]
    assert made and made[0] in asked, (made, asked)


def test_above_1080p_the_fish_bone_piles_next_top_is_asked_ahead_as_the_pile_draws_it(table, monkeypatch):
    """Issue 23: a fish bone given away shows the one under it on top of the pile; its face at a
    pile's width (1-2 ms at 4K, 27 ms on a loaded machine) was made in that frame."""
    asked = asked_ahead(monkeypatch, table.app)
    table.warm_up()
    game = table.session.game
    assert len(game.fishpile) >= 2
    for cid in game.fishpile[:2]:
        ART.clear()
        table._card_picture((game.card(cid).notation, "regular"), table.w("pile"))
        made = [full for full in ART.entries if full[0] == "cards_meow_dice.card_face"]
        assert made and made[0] in asked, (made, asked)


def test_meow_dice_asks_ahead_for_every_turned_die_a_tumble_draws(table, monkeypatch):
    """Issue 23: a roll's tumble drew its smooth-turned dice in the frames of the roll (10-15 a
    roll, 2-3 ms each at 4K; pushed out of the budget between rolls). Every one a tumble can draw
    (each flickering face, every angle, at the table's die size) is on the list asked ahead."""
    from game.art import dice_meow_dice
    from scenes.meow_dice import ahead

    asked = asked_ahead(monkeypatch, table.app)
    table.warm_up()
    turned = {key for family, key in asked if family == dice_meow_dice._die_turned.family}
    drawn = set()
    real = dice_meow_dice._die_turned
    monkeypatch.setattr(dice_meow_dice, "_die_turned",
                        lambda *args: drawn.add(real.key(*args)) or real(*args))
    for face in dice_meow_dice.TUMBLE_FACES:
        for angle in range(-900, 900, 7):
            dice_meow_dice.die_tumbling(face, table.die_size(), angle)
    assert drawn and drawn <= turned
    assert len(turned) == len(dice_meow_dice.TUMBLE_FACES) * len(dice_meow_dice.TUMBLE_TURNS)
    assert len(ahead.wanted(table)) == len(asked)         # all of the list asked (the worker took it)


def test_meow_dice_works_the_die_size_out_once_for_the_listasked_ahead(table, monkeypatch):
    """The list of pictures due soon is made again whenever a card moves (at a take, a refill, a
    turn: the frames that are slow already); its 30 turned dice asked the die's size each (~40 us at 4K,
    the tray's layout worked out again), now once."""
    from scenes.meow_dice import ahead

    asked = []
    real = table.die_size
    monkeypatch.setattr(table, "die_size", lambda: asked.append(1) or real())
    wanted = ahead.wanted(table)
    assert len(asked) == 1
    assert sum(1 for fn, *args in wanted if args and real() in args) >= 30


def test_meow_dice_asks_ahead_again_only_when_what_is_due_changes(table, monkeypatch):
    """Issue 23: the ~40 pictures due soon were listed and looked up every frame (0.5-0.7 ms of
    processor at 4K); once all are asked for, not again until a card moves (or RECHECK frames on,
    one may have been pushed out since). One the worker could not take yet is asked next frame."""
    from scenes.meow_dice import ahead

    asked = asked_ahead(monkeypatch, table.app)
    listed = []
    real = ahead.wanted
    monkeypatch.setattr(ahead, "wanted", lambda t: listed.append(1) or real(t))
    table.warm_up()
    assert len(listed) == 1 and asked
    table.warm_up()
    assert len(listed) == 1                              # nothing changed: not again
    for _ in range(ahead.RECHECK):
        ART.tick()
    table.warm_up()
    assert len(listed) == 2                              # a while on: again
    deck = table.session.game.deck
    deck.append(deck.pop(0))                             # the next card is another
    table.warm_up()
    assert len(listed) == 3
    monkeypatch.setattr(table.app.art_ahead, "want", lambda fn, *args: False)    # no room on its way
    deck.append(deck.pop(0))
    table.warm_up()
    table.warm_up()
    assert len(listed) == 5
    monkeypatch.setattr(table.app.art_ahead, "can_ask", lambda keep_free=0: False)   # none can be
    table.warm_up()                                                             # asked: no list
    assert len(listed) == 5


def test_meow_dice_asks_ahead_for_the_glow_of_the_seats_whose_turn_comes(table, monkeypatch):
    """Issue 23: the turn's glow round a seat's panel (1 Mpx smooth-scaled at 4K: 5-6 ms) was
    pushed out of the budget between that seat's turns and made again in the turn change's frame
    when the piece painted ahead was not whole yet. The game's turn and the next one's are asked
    for; when the game's turn moves on, the list is made again."""
    from game.art.draw import ellipse_glow

    asked = asked_ahead(monkeypatch, table.app)
    table.warm_up()
    game = table.session.game
    glows = {key for family, key in asked if family == ellipse_glow.family}
    coming = (game.current, (game.current + 1) % table.n)
    assert {ellipse_glow.key(*table.seat_glow(seat)) for seat in coming} <= glows
    asked.clear()
    game.current = (game.current + 1) % table.n
    table.warm_up()
    assert ellipse_glow.key(*table.seat_glow((game.current + 1) % table.n)) in {key for _, key in asked}
