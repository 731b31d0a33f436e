"""Redrawing only what moved (game/runtime/dirty.py) gives the very pixels of a full redraw:
each table, every frame of its opening (the deal, cats' tails, the first moves), at every
window size the app draws tables by parts at (all of them: 1280x720 and 1920x1080 as well as
bigger than 1080p)."""
from __future__ import annotations

import numpy as np
import pygame
import pytest

from cli_play import demo_session
from game.runtime import dirty
from game.runtime.app import App
from scenes.tables import table_info

SIZES = [(1280, 720), (1920, 1080), (2000, 1125)]


@pytest.fixture(params=SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
def app(tmp_path, request):
    app = App(size=request.param, home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def same_rgb(a: pygame.Surface, b: pygame.Surface) -> bool:
    """Every pixel's red, green and blue equal (what ``pygame.image.tobytes(s, "RGB")`` compares,
    without making 7 MB of bytes twice a frame: that was half of this file's time)."""
    assert a.get_size() == b.get_size() and a.get_bitsize() == b.get_bitsize() == 32
    assert a.get_masks()[:3] == b.get_masks()[:3]
    rgb = np.uint32(sum(a.get_masks()[:3]))
    pa, pb = pygame.surfarray.pixels2d(a), pygame.surfarray.pixels2d(b)
    try:            # all 32 bits equal (the usual case, quick), else the three colours' bits
        return bool(np.array_equal(pa, pb) or np.array_equal(pa & rgb, pb & rgb))
    finally:
        del pa, pb                                  # the surfaces are locked while their pixels are held


def test_same_rgb_sees_one_channel_of_one_pixel():
    a = pygame.Surface((40, 30))
    a.fill((10, 20, 30))
    b = pygame.Surface((40, 30), 0, a)
    b.fill((10, 20, 30))
    assert same_rgb(a, b)
    for colour in [(11, 20, 30), (10, 21, 30), (10, 20, 31)]:
        b.set_at((39, 29), colour)
        assert not same_rgb(a, b), colour
        assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")
    b.set_at((39, 29), (10, 20, 30))
    assert same_rgb(a, b) and pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


def same_as_full_redraw(app, frames: int, wait=lambda: None) -> int:
    """Step ``frames`` frames; each one drawn by parts must equal a full redraw. Returns how many
    were drawn by parts."""
    full = pygame.Surface(app.size, 0, app.screen)          # the window's pixel format
    by_parts = 0
    for frame in range(frames):
        app.step(1 / 30, ())
        if app.present_rects is not None:
            by_parts += 1
            full.blit(app.screen, (0, 0))
            dirty.replay(full, app._recorded[1])             # the whole frame, from scratch
            assert same_rgb(full, app.screen), frame
        if frame % 7 == 0:
            wait()
    return by_parts


@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_a_table_drawn_by_parts_looks_like_a_full_redraw(app, game):
    info = table_info(game)
    table = info.scene_class()(app, demo_session(game, info.players[1], 11, app.t), attract=True)
    app.stack.push(table)
    assert app.dirty_min_pixels <= app.size[0] * app.size[1]     # the app's own threshold
    assert same_as_full_redraw(app, 150, table.runner.wait_ready) > 100     # most were by parts


def test_the_kiosk_attract_screen_drawn_by_parts_looks_like_a_full_redraw(app):
    from kiosk.screens.attract import AttractScene

    app.stack.push(AttractScene(app, seed=3))
    assert same_as_full_redraw(app, 150) > 100


def test_a_frame_with_nothing_moving_draws_nothing():
    rec = dirty.Recorder((400, 300))
    pic = pygame.Surface((40, 40))
    for _ in range(2):
        old, rec.ops = rec.ops, []
        rec.fill((10, 20, 30))
        rec.blit(pic, (10, 10))
        pygame.draw.circle(rec, (200, 0, 0), (100, 100), 12)
    assert dirty.diff(old, rec.ops, rec.full) == []
    rec.ops, old = [], rec.ops
    rec.fill((10, 20, 30))
    rec.blit(pic, (50, 10))                     # moved: its old and new places are dirty
    pygame.draw.circle(rec, (200, 0, 0), (100, 100), 12)
    rects = dirty.diff(old, rec.ops, rec.full)
    assert rects and all(r.w < 100 for r in rects)
    assert any(r.collidepoint(12, 12) for r in rects) and any(r.collidepoint(88, 12) for r in rects)


def test_one_picture_drawn_earlier_than_before_redraws_only_itself():
    """Four big pieces, then small ones; one small picture moves to the front of the list (a card
    landing in a slot drawn before the seats): only it is dirty, not every piece after it."""
    rec = dirty.Recorder((4000, 2000))
    pieces = [pygame.Surface((900, 900)) for _ in range(4)]
    card = pygame.Surface((60, 80))
    for k, piece in enumerate(pieces):
        rec.blit(piece, (k * 1000, 0))
    rec.blit(card, (3000, 1500))
    old, rec.ops = rec.ops, []
    rec.blit(card, (3000, 1500))
    for k, piece in enumerate(pieces):
        rec.blit(piece, (k * 1000, 0))
    rects = dirty.diff(old, rec.ops, rec.full)
    assert rects is not None and sum(r.w * r.h for r in rects) < 100 * 100


def test_a_piece_made_again_in_its_place_is_counted_once():
    """A seat's piece made again (a new picture, the same rect) is gone and new at one place: its
    area counts once against the share over which the whole window is redrawn."""
    rec = dirty.Recorder((1000, 1000))
    old_piece, new_piece = pygame.Surface((560, 560)), pygame.Surface((560, 560))
    rec.blit(old_piece, (0, 0))
    old, rec.ops = rec.ops, []
    rec.blit(new_piece, (0, 0))                 # 31% of the window, twice: 63% if counted twice
    rects = dirty.diff(old, rec.ops, rec.full)
    assert rects is not None and len(rects) == 1


def test_two_overlapping_rectangles_far_from_a_box_stay_two():
    """A long seat plate redrawn and a card crossing its end: their box would redraw a field of
    table neither touches, so they stay two rectangles (each drawn whole from the table up)."""
    plate, card = pygame.Rect(0, 1000, 1800, 210), pygame.Rect(1700, 400, 300, 700)
    out = dirty._merge([plate, card])
    assert sorted(map(tuple, out)) == sorted([tuple(plate), tuple(card)])
    near = dirty._merge([pygame.Rect(0, 0, 300, 300), pygame.Rect(10, 10, 300, 300)])
    assert [tuple(r) for r in near] == [(0, 0, 310, 310)]          # nearly one box: joined


def _left_uncovered(rect: pygame.Rect, boxes: list[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of ``rect`` that none of ``boxes`` covers (rectangle differences)."""
    parts = [rect]
    for box in boxes:
        rest = []
        for p in parts:
            cut = p.clip(box)
            if not cut.w or not cut.h:
                rest.append(p)
                continue
            pieces = (pygame.Rect(p.x, p.y, p.w, cut.y - p.y),
                      pygame.Rect(p.x, cut.bottom, p.w, p.bottom - cut.bottom),
                      pygame.Rect(p.x, cut.y, cut.x - p.x, cut.h),
                      pygame.Rect(cut.right, cut.y, p.right - cut.right, cut.h))
            rest += [r for r in pieces if r.w > 0 and r.h > 0]
        parts = rest
    return parts


def test_merged_rectangles_cover_every_changed_pixel_within_the_count():
    import random
    rng = random.Random(23)
    assert _left_uncovered(pygame.Rect(0, 0, 10, 10), [pygame.Rect(0, 0, 10, 9)]) == [(0, 9, 10, 1)]
    for _ in range(120):
        rects = [pygame.Rect(rng.randrange(0, 3600), rng.randrange(0, 2000), rng.randrange(1, 900),
                             rng.randrange(1, 600)) for _ in range(rng.randrange(1, 40))]
        out = dirty._merge([pygame.Rect(r) for r in rects])
        assert len(out) <= dirty.MAX_RECTS
        for r in rects:
            assert not _left_uncovered(r, out), (r, out)


def test_many_rectangles_are_joined_pricing_each_pair_once(monkeypatch):
    """Down to MAX_RECTS, each pair's waste is worked out once (a heap), not again after every
    join: 60 far-apart rectangles (Zodiac's deal sends ~50) cost some 4,600 prices, where
    pricing every pair after each join cost ~70,000. The cheapest pair is still joined first."""
    calls = []
    real = dirty._waste
    monkeypatch.setattr(dirty, "_waste", lambda a, b: calls.append(1) or real(a, b))
    rects = [pygame.Rect(60 * k + (k % 5) * 3000 // 5, 35 * (k // 5) * 5, 20, 20) for k in range(60)]
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])
    out = dirty._merge([pygame.Rect(r) for r in rects])
    n, k = len(rects), len(rects) - dirty.MAX_RECTS
    assert len(out) == dirty.MAX_RECTS and len(calls) <= n * (n - 1) // 2 + k * n
    for r in rects:
        assert not _left_uncovered(r, out)
    calls.clear()
    pair = [pygame.Rect(0, 0, 10, 10), pygame.Rect(12, 0, 10, 10)]      # 2x10 px apart: cheapest
    far = [pygame.Rect(300 * k, 500, 10, 10) for k in range(1, dirty.MAX_RECTS)]
    joined = dirty._merge(pair + far)
    assert pygame.Rect(0, 0, 22, 10) in joined and all(r in joined for r in far)


def test_replay_draws_in_each_rectangle_the_ops_that_touch_it_in_order(monkeypatch):
    """The ops touching a dirty rectangle are found at C speed (Rect.collidelistall), in drawing
    order, and no others are drawn there; the pixels equal a full redraw's inside it."""
    rec = dirty.Recorder((600, 400))
    pics = [pygame.Surface((50 + 10 * k, 40)) for k in range(6)]
    for k, pic in enumerate(pics):
        pic.fill((40 * k, 200 - 30 * k, 90))
        rec.blit(pic, (90 * k, 30 * k))
    pygame.draw.circle(rec, (250, 250, 0), (300, 100), 30)
    areas = [pygame.Rect(100, 20, 120, 60), pygame.Rect(400, 140, 150, 100)]
    applied = []
    real = dirty._apply
    monkeypatch.setattr(dirty, "_apply", lambda surface, op: applied.append(op[0]) or real(surface, op))
    screen = pygame.Surface((600, 400))
    dirty.replay(screen, rec.ops, areas)
    want = [op[0] for area in areas for op in rec.ops if op[1].colliderect(area)]
    assert applied == want and 0 < len(want) < 2 * len(rec.ops)
    full = pygame.Surface((600, 400))
    monkeypatch.setattr(dirty, "_apply", real)
    dirty.replay(full, rec.ops)
    for area in areas:
        assert pygame.image.tobytes(full.subsurface(area), "RGB") == pygame.image.tobytes(
            screen.subsurface(area), "RGB")


def test_only_the_changed_middle_of_the_lists_is_matched(monkeypatch):
    """The ops the same at both ends of the two frames' lists are drawn as before: only the middle
    that differs is matched op by op (900 ops a frame at 4K: matching all cost 3.7 ms when one
    cat's tail moved, 0.6 ms now). The rectangles are still those of what changed."""
    rec = dirty.Recorder((3840, 2160))
    pics = [pygame.Surface((50, 50)) for _ in range(900)]
    for i, pic in enumerate(pics):
        rec.blit(pic, (i * 4 % 3800, i * 37 % 2100))
    old, rec.ops = rec.ops, []
    for i, pic in enumerate(pics):
        rec.blit(pic, (i * 4 % 3800 + (3 if i == 450 else 0), i * 37 % 2100))   # one moved
    middles = []
    real = dirty._diff_middle
    monkeypatch.setattr(dirty, "_diff_middle",
                        lambda a, b, *rest: middles.append((len(a), len(b))) or real(a, b, *rest))
    rects = dirty.diff(old, rec.ops, rec.full)
    assert middles == [(1, 1)]
    assert rects and all(r.colliderect(pygame.Rect(1800, 450 * 37 % 2100, 60, 60)) for r in rects)
    assert sum(r.w * r.h for r in rects) < 60 * 60
