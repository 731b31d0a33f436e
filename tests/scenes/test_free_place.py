"""A phone seat's code panel: ``free_place`` (by rows) finds the very place the plain spot-by-spot
scan finds (scenes/table/free_place.py), on boards free, crowded, full and odd."""
from __future__ import annotations

import random

import pygame
import pytest

from scenes.table.free_place import free_place, scan

SIZES = [(1280, 720), (1920, 1080)]


def _scale(size):
    k = size[0] / 1920
    return lambda v: int(round(v * k))


def _boxes(rng, size, n, big):
    w, h = size
    out = []
    for _ in range(n):
        bw, bh = rng.randint(20, big), rng.randint(20, big)
        out.append(pygame.Rect(rng.randint(-40, w - 10), rng.randint(-40, h - 10), bw, bh))
    return out


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("seed", range(8))
def test_the_rows_find_the_scans_place(size, seed):
    rng = random.Random(seed * 31 + size[0])
    s = _scale(size)
    screen = pygame.Rect((0, 0), size)
    # few hard boxes: a free place with no board under it; many: only board places or none
    hard = _boxes(rng, size, rng.choice([2, 8, 20, 40]), s(420))
    soft = _boxes(rng, size, rng.choice([0, 3, 6]), s(900))
    near = (rng.randint(0, size[0]), rng.randint(0, size[1]))
    need = rng.choice([0, s(560), s(900)])
    got, want = free_place(screen, near, need, hard, soft, s), scan(screen, near, need, hard, soft, s)
    assert (tuple(got[0]), got[1]) == (tuple(want[0]), want[1])


def test_a_board_under_every_free_place_the_least_of_it_is_covered():
    size = (1280, 720)
    s = _scale(size)
    screen = pygame.Rect((0, 0), size)
    soft = [pygame.Rect(0, 0, 1280, 500), pygame.Rect(600, 0, 300, 720)]
    hard = [pygame.Rect(0, 560, 1280, 160)]
    got = free_place(screen, (640, 360), 0, hard, soft, s)
    assert got == scan(screen, (640, 360), 0, hard, soft, s)
    assert any(got[0].colliderect(r) for r in soft) and not got[0].collidelistall(hard)


def test_nowhere_free_and_odd_boxes_keep_to_the_scan():
    size = (1280, 720)
    s = _scale(size)
    screen = pygame.Rect((0, 0), size)
    full = [pygame.Rect(0, 0, 1280, 720)]
    assert free_place(screen, (100, 100), 0, full, [], s) == scan(screen, (100, 100), 0, full, [], s)
    odd = [pygame.Rect(300, 300, 0, 50), pygame.Rect(500, 100, -80, 200)]      # pygame's own rules
    assert free_place(screen, (900, 200), 0, odd, odd, s) == scan(screen, (900, 200), 0, odd, odd, s)
