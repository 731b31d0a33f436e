"""Zodiac drawn for less at 4K (issue 23). Cards in the air: a card wholly under a later card's
opaque face is left out, a run of the same card at one place is one picture, a card scaled
between resting widths is as opaque as at rest (pixels as before, within a level or two on a
pile's soft corners). Hands, name plates and sort marks unchanged are not walked again."""
from __future__ import annotations

import math

import pygame
import pytest

from game.art.cache import ArtDict
from game.art.draw import flight_picture
from game.runtime.app import App
from game.runtime.dirty import Recorder, replay
from scenes.zodiac.pictures import _card_sprite, hidden_under, stacked


@pytest.fixture
def app(tmp_path):
    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def _dealing(app):
    """A six-seat table a few frames into the first deal: every card in the air, most waiting
    in the pile in the middle of the grid."""
    from cli_play import demo_session
    from scenes.tables import table_info

    table = table_info("zodiac").scene_class()(app, demo_session("zodiac", 6, 7, app.t), attract=True)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(12):
        app.step(1 / 60, ())
        if len(table.presenter.flyers) > 40:
            break
    assert len(table.presenter.flyers) > 40
    return table


def test_a_card_wholly_under_a_later_opaque_card_is_hidden():
    top = _card_sprite(None, 120, 4)
    small = _card_sprite(None, 80, 4)
    at = top.get_rect(center=(300, 300))
    under = small.get_rect(center=at.center)
    beside = small.get_rect(center=(at.right, at.centery))      # half out from under it
    # one level short of opaque: shows what is under it
    faint = top.copy()
    faint.fill((255, 255, 255, 254), special_flags=pygame.BLEND_RGBA_MIN)
    pictures = [(small, under, True), (small, beside, True), (top, at, True)]
    assert hidden_under(pictures) == [True, False, False]
    assert hidden_under([(small, under, True), (faint, at, True)]) == [False, False]
    assert hidden_under([(small, under, True), (top, at, False)]) == [False, False]   # may not hide
    assert hidden_under([(top, at, True), (small, under, True)]) == [False, False]    # drawn before


def test_a_card_scaled_between_resting_widths_is_opaque_where_its_picture_is():
    """smoothscale left a card's face at alpha 252-253: a card over another let it show through."""
    cache = ArtDict("test.flights")
    try:
        back = lambda item, w: _card_sprite(None, w, 4)                  # noqa: E731
        card = flight_picture(cache, back, "back", 140, [120, 160], solid=True)
        w, h = card.get_size()
        assert card.get_at((w // 2, h // 2))[3] == 255
        assert card.get_at((0, 0))[3] == 0                                # the round corner stays clear
        edge = [card.get_at((x, h // 2))[3] for x in range(w)]
        assert 0 < min(edge) < 255 or edge[-1] < 255                      # the shadow's soft alpha kept
    finally:
        cache.release()


def test_a_pile_of_the_same_card_is_one_picture_as_dark_as_the_pile():
    """Within a few levels: the back's rasterised edge is soft (alpha 1-254) all round, and each
    of the seven blends there rounds on its own."""
    card = _card_sprite(None, 100, 4)
    ground = pygame.Surface((200, 200))
    ground.fill((120, 40, 40))
    one_by_one, at_once = ground.copy(), ground.copy()
    for _ in range(7):
        one_by_one.blit(card, (20, 20))
    memo: dict = {}
    pile = stacked(memo, card, 7)
    at_once.blit(pile, (20, 20))
    assert stacked(memo, card, 7) is pile and stacked(memo, card, 1) is card
    worst = max(abs(a - b) for x in range(200) for y in range(200)
                for a, b in zip(one_by_one.get_at((x, y)), at_once.get_at((x, y)), strict=True))
    assert worst <= 4


def test_the_deal_draws_only_the_cards_that_show(app):
    """The deal's waiting pile: ~50 cards were drawn (and redrawn each time one left) to show the
    centre's cards on top of it; now a few blits, the same picture."""
    table = _dealing(app)
    flyers = len(table.presenter.flyers)
    recorder = Recorder(app.size)
    table._draw_flyers(recorder)
    assert len(recorder.ops) < flyers // 2, (len(recorder.ops), flyers)

    now = pygame.Surface(app.size)
    table._draw_flyers(now)
    every = pygame.Surface(app.size)             # each card in the air, one by one, as before
    for f in table.presenter.flyers:
        table._blit_card(every, f.item, f.pos, f.width, f.flip, flying=True)
    off = [max(abs(a - b) for a, b in zip(now.get_at((x, y)), every.get_at((x, y)), strict=True))
           for x in range(0, app.size[0], 2) for y in range(0, app.size[1], 2)]
    assert max(off) <= 12 and sum(d > 2 for d in off) <= 20, (max(off), sum(d > 2 for d in off))


def test_a_card_in_the_air_is_worked_out_again_only_when_it_changed(app, monkeypatch):
    table = _dealing(app)
    table._draw_flyers(pygame.Surface(app.size))
    calls = []
    real = type(table)._card_picture
    monkeypatch.setattr(type(table), "_card_picture",
                        lambda self, *a, **k: calls.append(a) or real(self, *a, **k))
    table._draw_flyers(pygame.Surface(app.size))
    assert calls == []
    moved = table.presenter.flyers[0]
    moved.pos = (moved.pos[0] + 30, moved.pos[1])
    table._draw_flyers(pygame.Surface(app.size))
    assert len(calls) == 1


def test_zodiac_hands_plates_and_sort_marks_unchanged_are_not_walked_again(app, monkeypatch):
    """Drawn by parts with nothing of theirs changed, a seat's hand, plate and "1"/"12" marks (and
    the match corner and the prompt) add last frame's operations (and leave the same marks for
    the tips and the audit); a hand whose card turns is walked again, alone."""
    from cli_play import demo_session
    from scenes.tables import table_info

    app.dirty_min_pixels = 1
    table = table_info("zodiac").scene_class()(app, demo_session("zodiac", 6, 7, app.t), attract=True)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(600):                     # the deal done, the cards in their hands
        table.presenter.skip()
        app.step(1 / 60, ())
        if table.presenter.board.hands[1] and not table.presenter.flyers:
            break
    painted = []
    for name in ("_paint_hand", "_paint_plate", "_paint_sort_mark", "_paint_match", "draw_prompt_box"):
        real = getattr(table, name)
        monkeypatch.setattr(table, name,
                            lambda *a, _r=real, _n=name, **k: painted.append((_n, a[1:2])) or _r(*a, **k))
    table.update = lambda dt: None                                    # nothing changes
    table.__dict__.pop("_pieces", None)                               # none kept yet
    app.step(1 / 60, ())
    first = len(painted)
    assert first >= 2 * table.n
    marks = (list(table.badges), list(table.chips_drawn), list(table.seen_drawn))
    app.step(1 / 60, ())
    assert len(painted) == first
    assert (table.badges, table.chips_drawn, table.seen_drawn) == marks
    card = table.presenter.board.hands[1][0]
    card.flip = 1.0
    app.step(1 / 60, ())
    assert painted[first:] == [("_paint_hand", (1,))]


def _settled(app):
    """A six-seat table drawn by parts, the deal done and the trump turned up."""
    from cli_play import demo_session
    from scenes.tables import table_info

    app.dirty_min_pixels = 1
    table = table_info("zodiac").scene_class()(app, demo_session("zodiac", 6, 7, app.t), attract=True)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(900):
        table.presenter.skip()
        app.step(1 / 60, ())
        if table.presenter.board.trump_shown and not table.presenter.flyers:
            break
    assert table.presenter.board.trump_shown
    return table


def test_the_trump_and_the_grid_are_walked_again_only_when_they_change(app, monkeypatch):
    """The trump's frame glints in GLINT_STEPS shades: its place is drawn again when the shade
    changes (every 2-4 frames), not every frame (at 4K 268x364 px redrawn and sent each frame);
    the grid's cards only when one of them changes."""
    from game.art.cards_zodiac import GLINT_STEPS, glint

    table = _settled(app)
    painted = []
    for name in ("_paint_trump", "_paint_centre"):
        real = getattr(table, name)
        monkeypatch.setattr(table, name, lambda *a, _r=real, _n=name, **k: painted.append(_n) or _r(*a, **k))
    table.update = lambda dt: setattr(table, "time", table.time + dt)    # only the clock moves
    shades = set()
    for _ in range(60):
        app.step(1 / 60, ())
        shades.add(glint(table.time))
    assert 3 <= painted.count("_paint_trump") <= 30 and len(shades) <= GLINT_STEPS + 1
    assert painted.count("_paint_centre") <= 1
    table.presenter.board.centre[0].flip = 1.0
    app.step(1 / 60, ())
    assert painted[-2:].count("_paint_centre") == 1

def test_cards_alike_mid_flip_share_one_squashed_picture(app):
    """At a match's end every hand turns up at once (40-50 cards flipping together at six seats):
    the backs alike, at one squash, are one scaled picture a frame, not one each."""
    table = _dealing(app)
    one = table._card_picture(None, (400, 400), 160, 0.3)
    two = table._card_picture(None, (900, 400), 160, 0.3)
    assert one[0] is two[0] and one[1].size == two[1].size
    from game.art.cards_zodiac import card_back

    bare = pygame.transform.scale(card_back(table.card_px(160)), one[1].size)    # as each was drawn
    assert bare.get_view("2").raw == one[0].get_view("2").raw

def test_a_fading_zoom_fades_its_cached_picture_without_a_copy(app):
    """The zoom of a card just turned up fades in and out: each frame of a fade copied the picture
    and its shadow (1-2 MB each at 4K) to set their alpha, later one copy each per zoom (1-3 ms
    in its first frame); now the cached pictures themselves, their alpha set for the blit and
    set back (the drawing by parts notes each blit's alpha), the same pixels."""
    from scenes.table.zoom import FADE, FADE_STEPS

    table = _settled(app)
    zoom = table.zoom
    zoom.show("OX", "")
    picture = table.zoom_picture("OX")
    shadow = table.shadow(picture.get_size(), 110)
    before = (picture.get_alpha(), shadow.get_alpha())
    sources = []
    for left in (zoom.total - 0.03, zoom.total - 0.06):       # two frames of the fade in
        zoom.left = left
        recorder = Recorder(app.size)
        zoom.draw(recorder)
        sources.append([(op[4][0], op[5]) for op in recorder.ops if op[3] == "blit"])
    assert [s for s, _ in sources[0]][:2] == [shadow, picture]                  # no copies
    assert [a for _, a in sources[0]] != [a for _, a in sources[1]]             # faded further
    assert (picture.get_alpha(), shadow.get_alpha()) == before                  # set back
    now, by_parts, before_pixels = (pygame.Surface(app.size) for _ in range(3))
    zoom.draw(now)
    replay(by_parts, recorder.ops)                            # the recorded frame, as drawn by parts
    assert (picture.get_alpha(), shadow.get_alpha()) == before
    rect = picture.get_rect(center=table.zoom_centre())
    shade = math.ceil(min(1.0, (zoom.total - zoom.left) / FADE, zoom.left / FADE) * FADE_STEPS) / FADE_STEPS
    alpha = int(255 * shade)
    faded_shadow, faded = shadow.copy(), picture.copy()       # as it was drawn before
    faded_shadow.set_alpha(alpha)
    before_pixels.blit(faded_shadow, rect.move(table.s(8), table.s(12)))
    faded.set_alpha(alpha)
    before_pixels.blit(faded, rect)
    assert now.get_view("2").raw == before_pixels.get_view("2").raw
    assert by_parts.get_view("2").raw == before_pixels.get_view("2").raw
    zoom.dismiss()


def test_the_deal_s_last_card_changes_only_its_own_place(app):
    """The deal landed every card in its last frame: each changed its place in the drawing order
    (from the air, drawn last, to its hand or the grid) and was drawn again (at 4K 2.2 million
    pixels, 5.3 million blended). Each card lands as it arrives: the last frame redraws the
    last card's place, about a card's box."""
    from cli_play import demo_session
    from game.art.cards_zodiac import RATIO
    from scenes.tables import table_info

    app.dirty_min_pixels = 1
    table = table_info("zodiac").scene_class()(app, demo_session("zodiac", 6, 7, app.t), attract=True)
    app.stack.push(table)
    app.stack.apply_pending()
    board = table.presenter.board
    landed, areas = [], []
    for _ in range(200):
        app.step(1 / 60, ())
        landed.append(sum(len(h) for h in board.hands) + len(board.centre))
        areas.append(app.present_rects and sum(r.w * r.h for r in app.present_rects))
        if landed[-1] and not table.presenter.flyers:
            break
    total = landed[-1]
    assert total == 6 * 7 + 10
    assert any(0 < n < total for n in landed)                     # cards in place, others in the air
    last = landed.index(total)
    assert landed[last - 1] == total - 1                          # the last frame lands one card
    card = table.card_px(table.centre_slot(0)[1])
    assert areas[last] < 3 * card * card * RATIO, (areas[last], card)


def test_a_card_lands_as_soon_as_it_is_drawn_as_at_rest():
    """A card's last easing steps move it less than a pixel: landed a frame later, it would only
    change its place in the drawing order (a card's box drawn again for the same pixels)."""
    from game.runtime.tween import Tween, out_cubic
    from scenes.zodiac.landing import Landing

    class Card:
        x = 0.0
    card, lands = Card(), []
    step = Landing([Tween(card, "x", 100.0, 0.3, out_cubic)], lambda: round(card.x) == 100,
                   lambda: lands.append(card.x))
    frames = 0
    while not step.done:
        step.update(1 / 60)
        frames += 1
    assert lands == [100.0]
    assert frames < 18                               # 0.3 s: 18 frames to the tween's end


def test_a_zoom_fades_in_a_few_shades(app):
    """Each new shade of a fading zoom draws its whole place again, all under it blended (at 4K
    ~3 million px, 7 ms): a fade of 0.12 s took a new shade each frame, 7 in and 7 out; now
    FADE_STEPS each, a frame whose shade is the last one's drawing nothing new."""
    table = _settled(app)
    zoom = table.zoom
    zoom.show("OX", "")
    shades = []
    while zoom.shown:
        recorder = Recorder(app.size)
        zoom.draw(recorder)
        shades.append(next((op[5] for op in recorder.ops if op[3] == "blit"), 0))
        zoom.update(1 / 60)
    assert len(shades) > 30
    changes = sum(1 for a, b in zip(shades, shades[1:], strict=False) if a != b)
    assert changes <= 8, shades                           # 4 in, 4 out (a shade a frame: 15)
