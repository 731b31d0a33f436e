"""Where a phone seat's code panel may stand (scenes/table/phones.py ``scan_place``): the place a
plain scan finds — every spot of a grid, row by row, left to right, for the biggest code first;
the first spot with the least board under it (``soft``), then the smaller order, then nearest the
seat — found by rows instead of spot by spot. A spot that meets anything ``hard`` is no place.

Per row, the hard boxes across it rule out whole runs of spots at once, and where no soft box
crosses the row the nearest free spot is the best of the row. The answer is the plain scan's
(tests/scenes/test_free_place.py compares the two), found in a fraction of the time: the scan
tried ~5,000 spots per size and ran in the frame the table first showed the panel."""
from __future__ import annotations

import pygame

SCAN_SIDES = [250, 210, 170]     # design px of a scan code's side, the biggest that finds a place


def _box(r) -> tuple[int, int, int, int]:
    r = pygame.Rect(r)
    return r.x, r.y, r.right, r.bottom


def free_place(screen, near, need: int, hard: list, soft: list, s) -> tuple[pygame.Rect, int]:
    """(the panel's rect, its code's side) in window px; on the seat, in the window, when no spot
    misses every hard box."""
    if any(pygame.Rect(r).w <= 0 or pygame.Rect(r).h <= 0 for r in (*hard, *soft)):
        return scan(screen, near, need, hard, soft, s)      # pygame's own rules for odd boxes
    hard_boxes = [_box(r) for r in hard]
    soft_boxes = [_box(r) for r in soft]
    nx, ny = near
    best = None                  # ((area, order, dist), (x, y, w, h), code)
    step = max(4, s(12))
    for order, side in enumerate(SCAN_SIDES):
        code = s(side)
        w = min(max(code + s(28), s(498), need), screen.w - s(8))
        h = code + s(190)
        if w <= 0 or h <= 0:
            return scan(screen, near, need, hard, soft, s)
        x0, x_end = s(4), screen.w - w - s(4) + 1
        count = len(range(x0, x_end, step))
        masks: dict = {}                 # the hard boxes across a row -> its free spots
        for y in range(s(4), screen.h - h - s(4) + 1, step):
            across = tuple(b for b in hard_boxes if b[1] < y + h and y < b[3])
            free = masks.get(across)
            if free is None:
                free = masks[across] = _free_spots(across, w, x0, step, count)
            if not any(free):
                continue
            found = _best_in_row(y, w, h, x0, step, free, soft_boxes, nx, ny, order)
            if found is not None and (best is None or found[0] < best[0]):
                best = (found[0], (found[1], y, w, h), code)
        if best is not None and best[0][0] == 0:
            break
    if best is None:
        return _on_the_seat(screen, near, need, s)
    return pygame.Rect(best[1]), best[2]


def _on_the_seat(screen, near, need: int, s) -> tuple[pygame.Rect, int]:
    """Nowhere free: the smallest panel on the seat, kept in the window."""
    code = s(SCAN_SIDES[-1])
    r = pygame.Rect(0, 0, min(max(code + s(28), s(498), need), screen.w - s(8)), code + s(190))
    r.center = near
    return r.clamp(screen), code


def _free_spots(across, w, x0, step, count) -> bytearray:
    """1 for each spot of a row that meets none of the hard boxes across the row."""
    free = bytearray(b"\x01") * count
    for hx1, _, hx2, _ in across:        # a spot meets a box when x + w > hx1 and x < hx2
        lo = max(0, (hx1 - w - x0) // step + 1)
        hi = min(count, -((x0 - hx2) // step))           # the first k with x0 + k * step >= hx2
        if lo < hi:
            free[lo:hi] = bytes(hi - lo)
    return free


def _best_in_row(y, w, h, x0, step, free, soft_boxes, nx, ny, order):
    """The first best free spot of one row as ((area, order, dist), x)."""
    y2, count = y + h, len(free)
    crossing = [(sx1, sx2, min(y2, sy2) - max(y, sy1)) for sx1, sy1, sx2, sy2 in soft_boxes
                if min(y2, sy2) - max(y, sy1) > 0]
    dy2 = (y + h // 2 - ny) ** 2
    half = w // 2
    best = None
    if not crossing:                     # no board here: the nearest free spot is the row's best
        for k in range(count):
            if free[k]:
                dist = (x0 + k * step + half - nx) ** 2 + dy2
                if best is None or dist < best[0][2]:
                    best = ((0, order, dist), x0 + k * step)
        return best
    for k in range(count):
        if not free[k]:
            continue
        x = x0 + k * step
        right, area = x + w, 0
        for sx1, sx2, dy in crossing:
            dx = (right if right < sx2 else sx2) - (x if x > sx1 else sx1)
            if dx > 0:
                area += dx * dy
        score = (area, order, (x + half - nx) ** 2 + dy2)
        if best is None or score < best[0]:
            best = (score, x)
    return best


def scan(screen, near, need: int, hard: list, soft: list, s) -> tuple[pygame.Rect, int]:
    """The plain scan, spot by spot (the definition ``free_place`` keeps to)."""
    best = None
    step = max(4, s(12))
    for order, side in enumerate(SCAN_SIDES):
        code = s(side)
        w = min(max(code + s(28), s(498), need), screen.w - s(8))
        h = code + s(190)
        for y in range(s(4), screen.h - h - s(4) + 1, step):
            for x in range(s(4), screen.w - w - s(4) + 1, step):
                r = pygame.Rect(x, y, w, h)
                if r.collidelist(hard) != -1:
                    continue
                area = sum(c.w * c.h for c in (r.clip(o) for o in soft))
                dist = (r.centerx - near[0]) ** 2 + (r.centery - near[1]) ** 2
                score = (area, order, dist)
                if best is None or score < best[0]:
                    best = (score, r, code)
        if best is not None and best[0][0] == 0:
            break
    if best is None:
        return _on_the_seat(screen, near, need, s)
    return best[1], best[2]
