"""Hungry Meow's frames at 4K do less (issue 23): the piles lie as one piece each, but where the
direction ring may pass under them; a banner is one picture, made before it shows."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.runtime.app import App  # noqa: E402
from game.runtime.dirty import Recorder  # noqa: E402
from scenes.hungry_meow import piles  # noqa: E402
from tests.peek import engine_of


@pytest.fixture
def table(tmp_path):
    """A six-seat Hungry Meow table at 1920x1080 (attract, seed 7), the deck full, three cards
    on the discard pile, no direction chosen yet (no ring)."""
    from cli_play import demo_session
    from scenes.tables import table_info

    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    try:
        session = demo_session("hungry-meow", 6, 7, app.t)
        table = table_info("hungry-meow").scene_class()(app, session, attract=True)
        app.stack.push(table)
        app.step(1 / 60, ())
        board = table.presenter.board
        board.pile, board.discard, board.discard_top = 60, 3, ["R3X", "R5X", "Y8X"]
        board.direction = None
        yield table
    finally:
        app.shutdown()


def _card_blits(table, area) -> list:
    """The clips of the blits of card pictures (the table's sprites) in ``area`` in one drawing."""
    rec, sprites = Recorder(table.app.size), set()
    real = table._sprite
    table._sprite = lambda *args: sprites.add(id(got := real(*args))) or got
    try:
        table.draw(rec)
    finally:
        del table._sprite
    return [op[2] for op in rec.ops
            if op[3] == "blit" and id(op[4][0]) in sprites and op[1].colliderect(area)]


def _drawn(table) -> bytes:
    window = pygame.Surface(table.app.size)
    table.draw(window)
    return pygame.image.tobytes(window, "RGB")


def _card_by_card(monkeypatch) -> None:
    """The piles drawn card by card, as before."""
    monkeypatch.setattr(piles, "split", lambda whole, away: (pygame.Rect(whole.topleft, (0, 0)), whole))


def test_the_piles_lie_as_one_piece_each_with_the_same_pixels(table, monkeypatch):
    """Issue 23: at 4K every card dealt or drawn passed over the deck, and the drawing by parts
    blended its six backs one over another again (~0.8 Mpx a frame, 2-3 ms); the discard's fan
    likewise. Each pile is one opaque picture now (the background under it, its cards on it),
    but where the direction ring may lie (drawn under the piles): there its cards are blitted,
    clipped to that side. The window's pixels are the same as card by card."""
    monkeypatch.setattr(piles, "SETTLE", 0)
    deck, disc, ring = table.anchors["deck"].rect, table.anchors["discard"].rect, table.ring_area
    for pile, n in ((deck, 6), (disc, 3)):
        clips = _card_blits(table, pile)
        assert len(clips) == n and all(ring.contains(clip.clip(pile)) for clip in clips)
        assert sum(c.clip(pile).w * c.clip(pile).h for c in clips) < pile.w * pile.h * n // 2
    ours = _drawn(table)
    _card_by_card(monkeypatch)
    assert [len(_card_blits(table, pile)) for pile in (deck, disc)] == [6, 3]
    assert ours == _drawn(table)


def test_the_ring_turning_under_a_pile_shows_as_before(table, monkeypatch):
    """The ring is drawn under the piles, and at 4K (at 1080p too) its left end passes under
    the deck's right edge as it turns: drawn as before there, frame by frame."""
    monkeypatch.setattr(piles, "SETTLE", 0)
    table.presenter.board.direction, table.dir_loud = "ccw", 4.0
    deck = table.anchors["deck"].rect
    frames = []
    for spin in [i / 20 for i in range(21)]:
        table.dir_spin = spin
        frames.append(_drawn(table))
    _card_by_card(monkeypatch)
    for spin, ours in zip([i / 20 for i in range(21)], frames, strict=True):
        table.dir_spin = spin
        assert _drawn(table) == ours, spin
    assert deck.colliderect(table.ring_area)


@pytest.mark.parametrize("way", ["cw", "ccw"])
def test_every_pixel_of_the_ring_lies_in_its_area(table, way):
    """What the piles leave to be drawn card by card (``ring_area``) holds the whole ring, bright
    and turning or faint at rest."""
    table.presenter.board.direction = way
    size = table.app.size
    for spin, loud in [(i / 16, 4.0) for i in range(17)] + [(0.0, 0.0)]:
        table.dir_spin, table.dir_loud = spin, loud
        layer = pygame.Surface(size, pygame.SRCALPHA)
        table._draw_direction(layer)
        outside = pygame.mask.from_surface(layer, 0)
        inside = pygame.mask.Mask(table.ring_area.size, fill=True)
        assert outside.count() > 0
        outside.erase(inside, table.ring_area.topleft)
        assert outside.count() == 0, (spin, loud)


def test_a_pile_just_changed_is_drawn_card_by_card_until_it_settles(table):
    """The piece of a pile is not made in the busy frame its cards change (a set landing on the
    discard, a card dealt from the deck): the cards are blitted as before until the pile has
    stayed the same SETTLE frames, and only then is the piece made (one picture)."""
    disc = table.anchors["discard"].rect
    made = []
    real = table.static
    table.static = lambda key, *args, **kw: made.append(key) or real(key, *args, **kw)
    for frame in range(piles.SETTLE):
        table.app.frame += 1
        assert len(_card_blits(table, disc)) == 3 and not [k for k in made if k[1] == "discard"], frame
    table.app.frame += 1
    assert len(_card_blits(table, disc)) == 3          # the side the ring may pass, clipped
    assert [k[1] for k in made].count("discard") == 1
    table.presenter.board.discard_top = ["R3X", "R5X", "B1P"]
    table.app.frame += 1
    assert len(_card_blits(table, disc)) == 3 and [k[1] for k in made].count("discard") == 1


def test_a_banner_is_one_picture_with_the_pixels_of_its_panel_and_words(table):
    """Issue 23: the banner's panel and its words were two pictures blended one over the other
    again each frame anything under the banner moved (at 4K 1376x234 and 1256x186 px). While it
    does not fade it is one picture now, kept (the same object each frame), whose pixels on the
    window are those of the panel and then the words."""
    from game.art.draw import panel
    from scenes.hungry_meow.draw import C as HM

    text, colour = "Play goes Clockwise", (140, 240, 255)
    words = table.app.text(text, table.app.fit_font(text, 64, table.s(1200), 40), colour)
    table.presenter.banner = (text, colour, 2.0)
    pictures = []
    for _ in range(2):
        rec = Recorder(table.app.size)
        table.draw(rec)
        box = next(d.rect for d in table.boxes.items if d.name == "banner")
        pictures.append([op[4][0] for op in rec.ops if op[3] == "blit"
                         and op[4][0].get_size() in (box.size, words.get_size())])
    assert len(pictures[0]) == 1 and pictures[0][0].get_size() == box.size
    assert pictures[1][0] is pictures[0][0]
    ours = pygame.Surface(table.app.size)
    table.draw(ours)
    table.presenter.banner = None
    before = pygame.Surface(table.app.size)
    table.draw(before)
    before.blit(panel(box.size, HM.DRAW_1, box.h // 2, max(2, table.s(4)), colour), box)
    before.blit(words, words.get_rect(center=box.center))
    assert pygame.image.tobytes(ours, "RGB") == pygame.image.tobytes(before, "RGB")


def _puts(monkeypatch) -> list:
    from game.art.cache import ART

    made = []
    put = ART.put

    def spy(family, key, *args, **kw):
        made.append(f"{family} {key}")
        return put(family, key, *args, **kw)
    monkeypatch.setattr(ART, "put", spy)
    return made


def _of_banner(made: list, words: str) -> list:
    """The banner's pictures among those made: its picture, its panel, its words."""
    return [m for m in made if "banners" in m or "panel" in m or words in m]


def test_a_shout_s_picture_is_made_before_it_shows(table, monkeypatch):
    """Issue 23: a banner's panel and words were made in the frame it first showed (at 4K ~2.5 ms,
    with the rest of that moment's news). Hungry Meow notes a shout when its step is built (a
    Meal's after the card's flight) and makes its picture in a frame before: none is made in the
    frame it shows, nor when it starts to fade (its panel is kept)."""
    from game.runtime.tween import Timeline

    text, colour = "Mochi grabs a Loaf!", (255, 214, 90)
    table.presenter.shout(Timeline(1.0), text, colour)
    made = _puts(monkeypatch)
    table.warm_up()                                     # a step a frame (TableLook.banner_ahead):
    assert made and not any("banners" in family for family in made)     # its words first, then
    table.warm_up()                                     # its panel with the words on it
    assert any("banners" in family for family in made)  # and the whole
    made.clear()
    for left in (2.0, 1.0, 0.2):
        table.presenter.banner = (text, colour, left)
        table.draw(Recorder(table.app.size))
        assert not _of_banner(made, text), left
        assert any(d.name == "banner" for d in table.boxes.items)


def test_both_ways_of_play_are_ready_while_the_host_chooses(table, monkeypatch):
    """The way of play is shouted in the very frame the host's choice arrives (the step starts at
    once): while the game waits for it, both shouts' pictures are made, one a frame, and kept
    fresh by their keys (no lookups a frame); once chosen, the other way's are let go."""
    game = engine_of(table)
    monkeypatch.setattr(game, "phase", "direction")
    made = _puts(monkeypatch)
    table.warm_up()
    assert sum("banners" in family for family in made) == 1
    table.warm_up()
    assert sum("banners" in family for family in made) == 2
    table.warm_up()
    assert sum("banners" in family for family in made) == 2
    looked = []
    real = table.banner_picture
    monkeypatch.setattr(table, "banner_picture", lambda *a: looked.append(a) or real(*a))
    table.warm_up()
    assert looked == []                  # kept fresh by their keys: no lookups a frame
    monkeypatch.undo()
    made = _puts(monkeypatch)
    for way in ("cw", "ccw"):
        text, colour = table.presenter.direction_shout(way)
        table.presenter.banner = (text, colour, 1.0)
        table.draw(Recorder(table.app.size))
        assert not _of_banner(made, text), way
    banners = table.art("banners")
    monkeypatch.setattr(game, "phase", "play")          # the host chose: the other way let go
    monkeypatch.setattr(game, "direction", 1)
    table.feed._cache.clear()                           # (the engine changed behind the feed's back)
    table.presenter.banner = None
    table.warm_up()
    from game.art.cache import ART
    words = {key[1][0] for key in ART.entries if key[0] == banners.family}
    assert table.presenter.direction_shout("cw")[0] in words
    assert table.presenter.direction_shout("ccw")[0] not in words


def test_a_drawn_cards_flight_widths_are_known_while_it_waits():
    """scenes/hungry_meow/flights.py: from a timeline waiting before a card's flight (a Wait,
    Calls, then the Tweens of its place and width), the widths it will have frame by frame at a
    steady frame rate, and where it lands: the very widths the timeline then gives it."""
    from game.runtime.tween import Timeline, Tween, in_out_sine
    from scenes.hungry_meow import flights
    from scenes.table.presenter import Flyer

    dt = 1 / 60
    for wait, start, end in ((0.45, 520.0, 124.0), (0.75, 520.0, 300.0), (0.3, 260.0, 75.0)):
        flyer = Flyer("G5X", (0, 0), start)
        tl = Timeline(1.0)
        tl.wait(wait)
        tl.call(lambda: None)
        tl.together(Tween(flyer, "pos", (900, 500), 0.34, in_out_sine),
                    Tween(flyer, "width", end, 0.34, in_out_sine))
        tl.update(dt * 3)                                  # some way into the wait
        [(card, widths, lead)] = flights.coming(tl, dt)
        seen, frames = [], 0
        while not tl.done:
            tl.update(dt)
            frames += not seen
            if flyer.width != start:
                seen.append(flyer.width)
        assert card == "G5X" and widths[-1] == end and lead <= frames <= lead + 1
        assert [int(w) for w in widths if w != start] == [int(w) for w in seen], (wait, start, end)
    flyer = Flyer(None, (0, 0), 300.0)                     # a back: no sprite of a face to make
    tl = Timeline(1.0)
    tl.wait(0.2)
    tl.together(Tween(flyer, "width", 124.0, 0.3))
    assert flights.coming(tl, dt) == []


def test_a_card_drawn_has_its_flight_sprites_made_while_it_waits(table, monkeypatch):
    """Issue 23: a card drawn shrinks from the reveal to its hand after a moment there, and at
    4K its sprite at each new width (its face smooth-scaled, the shadow painted in: 2.5-3.5 ms)
    was made in the frame it showed, in each of the ~14 frames of its flight. They are made
    while it waits (one a frame): its flight then makes none."""
    from game.art.cards_hungry_meow import card_face
    from game.rules.base import Event

    presenter, card = table.presenter, "G5X"
    seat = next(s for s in range(table.n) if s != table.viewer)
    for w in table._standard_widths():
        card_face(card, w)                                 # the faces, made ahead in the game
    presenter.queue.clear()
    presenter.current = presenter.on_CardDrawn(Event("CardDrawn", {"seat": seat, "card": card,
                                                                   "reason": "draw"}), [])
    made = _puts(monkeypatch)
    dt = 1 / 60
    table.frame_dt = dt
    sprites = []
    while presenter.current is not None:
        table.warm_up()
        made.clear()
        presenter.update(dt)
        for f in presenter.flyers:
            table._draw_flyer(Recorder(table.app.size), f)
            if f.flip >= 1.0:
                sprites.append((f.width, [m for m in made if "sprites" in m]))
    moving = [(w, m) for w, m in sprites if w != table.card_w("reveal")]
    assert len(moving) >= 10 and not [m for _, m in moving if m], moving


def test_no_flight_sprite_is_made_while_the_card_flies(table, monkeypatch):
    """A card already in flight (a set flying to the table) has no sprite made ahead: its
    frames are as busy as the one it would spare; a card waiting to fly has, near its flight."""
    from game.art.cards_hungry_meow import card_face
    from game.runtime.tween import Timeline, Tween
    from scenes.hungry_meow import flights
    from scenes.table.presenter import Flyer

    dt = 1 / 60
    table.frame_dt = dt
    reveal, hand = table.card_w("reveal"), table.card_w("mini")
    card_face("G5X", reveal)
    made = _puts(monkeypatch)
    flyer = Flyer("G5X", (0, 0), float(reveal))
    tl = Timeline(1.0)
    tl.wait(2 * dt)
    tl.together(Tween(flyer, "width", float(hand), 0.34))
    table.presenter.current = tl
    tl.update(dt)                                     # the wait's last frame next
    flights.make_next(table)
    assert sum("sprites" in m for m in made) == 1
    tl.update(dt)
    tl.update(dt)                                     # in flight
    assert tl.steps[tl.index] is tl.steps[-1] and not tl.done
    made.clear()
    for _ in range(3):
        flights.make_next(table)
    assert not [m for m in made if "sprites" in m]

def test_a_fading_banner_s_alpha_steps_every_other_frame(table):
    """Each new alpha of a fading banner draws it and all under it again (at 4K ~1 Mpx, 3-5 ms a
    frame for the fade's 18 frames): it steps FADE_STEPS (30) times a second, so every other
    frame of the fade is the frame before; it still only ever fades."""
    from scenes.table.look import FADE_STEPS

    text, colour = "Mochi grabs a Loaf!", (255, 214, 90)
    alphas = []
    left = 0.3
    while left > 1 / 120:
        table.presenter.banner = (text, colour, left)
        rec = Recorder(table.app.size)
        table.draw_banner(rec, (960, 300), *table._banner_look())
        alphas.append(max(op[5] or 255 for op in rec.ops if op[3] == "blit"))
        left -= 1 / 60
    changes = sum(a != b for a, b in zip(alphas, alphas[1:], strict=False))
    assert alphas == sorted(alphas, reverse=True) and alphas[-1] < 64
    assert changes <= round(0.3 * FADE_STEPS) and changes >= round(0.3 * FADE_STEPS) - 2
