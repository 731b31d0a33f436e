"""Redraw only what moved: a scene's drawing is recorded, compared with the last frame's, and
only the regions that differ are drawn again and sent to the screen.

Why: at 3840x2160 a table's full redraw writes ~17 million pixels a frame (a full background,
opaque panels, cards, cats) and then the X server copies all 33 MB of the window again; most
of that is the same picture as the frame before. With this, a frame costs what changed.

How: while a scene draws, the app hands it a ``Recorder`` (a ``pygame.Surface`` that only writes
down ``blit``/``blits``/``fill`` and the ``pygame.draw`` calls made on it, each with the clip in
force and the rectangle it covers). ``Frame.diff`` matches the new list of operations against
the last one (same source picture object, alpha, place, area, clip; same draw call): what is
new, gone, or moved in drawing order makes its rectangle dirty. ``replay`` then draws, inside
each dirty rectangle only, every operation that touches it, in order: the pixels there are
exactly those a full redraw gives (``tests/runtime/test_dirty_redraw.py`` compares every frame
of each table). A picture changed in place (same object, new pixels) would not be seen: the
art caches make new surfaces, never repaint old ones.
"""
from __future__ import annotations

import pygame

FULL_SHARE = 0.6      # more than this share of the window dirty: redraw and send it all
MAX_RECTS = 12        # dirty rectangles are merged down to this many
MARGIN = 2            # px around a blit's rectangle (float positions round either way)
JOIN_WASTE = 64 * 64  # overlapping rectangles are joined when their box adds at most this many px

_DRAW_NAMES = ("rect", "polygon", "circle", "ellipse", "arc", "line", "lines", "aaline", "aalines")
# draw calls whose pixels depend on the clip (thick arcs, antialiased lines): a dirty region
# that touches one takes in all of it, so it is drawn unclipped as in a full redraw
WHOLE = frozenset({"arc", "aaline", "aalines"})
_REAL = {name: getattr(pygame.draw, name) for name in _DRAW_NAMES}


def _frozen(value):
    """A hashable copy of a draw call's arguments (lists of points, Rects, Colors)."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, (pygame.Rect, pygame.FRect, pygame.Color, pygame.Vector2)):
        return tuple(value)
    return value


def _points_box(points, width) -> pygame.Rect:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    pad = int(width) + 3
    return pygame.Rect(int(min(xs)) - pad, int(min(ys)) - pad, int(max(xs) - min(xs)) + 2 * pad + 1,
                       int(max(ys) - min(ys)) + 2 * pad + 1)


def _draw_box(name: str, args: tuple, kw: dict, full: pygame.Rect) -> pygame.Rect:
    """Where a ``pygame.draw`` call can put pixels (a little generous); the whole window when
    its arguments come as keywords."""
    try:
        if name in ("rect", "ellipse", "arc"):
            return pygame.Rect(args[1]).inflate(4, 4)
        if name == "circle":
            (cx, cy), r = args[1], args[2]
            return pygame.Rect(int(cx - r) - 3, int(cy - r) - 3, int(2 * r) + 7, int(2 * r) + 7)
        if name in ("line", "aaline"):           # (colour, start, end, width)
            width = args[3] if name == "line" and len(args) > 3 else kw.get("width", 1)
            return _points_box((args[1], args[2]), width)
        if name in ("lines", "aalines"):         # (colour, closed, points, width)
            width = args[3] if name == "lines" and len(args) > 3 else kw.get("width", 1)
            return _points_box(args[2], width)
        if name == "polygon":
            return _points_box(args[1], args[2] if len(args) > 2 else kw.get("width", 0))
    except (IndexError, TypeError, ValueError):
        pass
    return pygame.Rect(full)


class Recorder(pygame.Surface):
    """Stands in for the window while a scene draws (1x1 pixels of its own: nothing is drawn on
    it). Answers the size questions as the window would."""

    def __init__(self, size):
        super().__init__((1, 1))
        self.window_size = tuple(size)
        self.full = pygame.Rect((0, 0), self.window_size)
        self.clip = pygame.Rect(self.full)
        self._clip_key = tuple(self.clip)      # the clip as it goes in each op's key
        self.ops: list[tuple] = []

    # ---- what scenes ask of a surface ------------------------------------------------------------
    def get_size(self):
        return self.window_size

    def get_width(self):
        return self.window_size[0]

    def get_height(self):
        return self.window_size[1]

    size = property(get_size)
    width = w = property(get_width)
    height = h = property(get_height)

    def get_rect(self, **kw):
        rect = pygame.Rect(self.full)
        for key, value in kw.items():
            setattr(rect, key, value)
        return rect

    def set_clip(self, rect=None):
        self.clip = pygame.Rect(self.full) if rect is None else pygame.Rect(rect).clip(self.full)
        self._clip_key = tuple(self.clip)

    def get_clip(self):
        return pygame.Rect(self.clip)

    # ---- drawing, written down -------------------------------------------------------------------
    def blit(self, source, dest, area=None, special_flags=0):
        if isinstance(dest, pygame.Rect) or len(dest) == 4:
            x, y = dest[0], dest[1]
        else:
            x, y = dest
        w, h = (area[2], area[3]) if area is not None else source.get_size()
        rect = pygame.Rect(int(x), int(y), w, h).clip(self.clip)
        alpha = source.get_alpha()
        key = ("b", id(source), alpha, (x, y), None if area is None else tuple(area),
               special_flags, self._clip_key)
        self.ops.append((key, rect.inflate(MARGIN * 2, MARGIN * 2), self.clip, "blit",
                         (source, dest, area, special_flags), alpha))
        return rect

    def blits(self, blit_sequence, doreturn=1):
        rects = [self.blit(*item) for item in blit_sequence]
        return rects if doreturn else None

    def fill(self, color, rect=None, special_flags=0):
        target = (pygame.Rect(self.full) if rect is None else pygame.Rect(rect)).clip(self.clip)
        key = ("f", tuple(pygame.Color(color)), tuple(target), special_flags, self._clip_key)
        self.ops.append((key, target, self.clip, "fill", (color, rect, special_flags), None))
        return target

    def draw(self, name: str, args: tuple, kw: dict) -> pygame.Rect:
        box = _draw_box(name, args, kw, self.full).clip(self.clip)
        key = ("d", name, _frozen(args), _frozen(sorted(kw.items())), self._clip_key)
        self.ops.append((key, box, self.clip, name, (args, kw), None))
        return box


def _wrap(name: str):
    real = _REAL[name]

    def draw(surface, *args, **kw):
        if isinstance(surface, Recorder):
            return surface.draw(name, args, kw)
        return real(surface, *args, **kw)
    draw.__name__ = name
    draw.__doc__ = real.__doc__
    return draw


def install() -> None:
    """Route ``pygame.draw`` calls made on a Recorder to it (others draw as before)."""
    for name in _DRAW_NAMES:
        if getattr(pygame.draw, name) is _REAL[name]:
            setattr(pygame.draw, name, _wrap(name))


def _apply(surface: pygame.Surface, op: tuple) -> None:
    kind, payload = op[3], op[4]
    if kind == "blit":
        source, alpha = payload[0], op[5]
        now = source.get_alpha()
        if now != alpha:            # a shared picture's alpha was set again after this blit
            source.set_alpha(alpha)
            surface.blit(*payload)
            source.set_alpha(now)
        else:
            surface.blit(*payload)
    elif kind == "fill":
        surface.fill(*payload)
    else:
        args, kw = payload
        _REAL[kind](surface, *args, **kw)


def replay(surface: pygame.Surface, ops: list[tuple], rects: list[pygame.Rect] | None = None) -> None:
    """Draw ``ops`` on ``surface``: everywhere (``rects`` None), or inside each of ``rects``."""
    before = surface.get_clip()
    try:
        if rects is None:
            area = surface.get_rect()
            for op in ops:
                surface.set_clip(op[2].clip(area))
                _apply(surface, op)
            return
        boxes = [op[1] for op in ops]
        for area in rects:
            # the ops that touch it, in drawing order, found in C (a Python loop over every op
            # for each rectangle cost 1.4 ms a frame at 4K: 700 ops, 12 rectangles)
            for i in area.collidelistall(boxes):
                op = ops[i]
                surface.set_clip(op[2].clip(area))
                _apply(surface, op)
    finally:
        surface.set_clip(before)


def _waste(a: pygame.Rect, b: pygame.Rect) -> int:
    """Pixels the box around ``a`` and ``b`` covers that neither of them does."""
    u, o = a.union(b), a.clip(b)
    return u.w * u.h - a.w * a.h - b.w * b.h + o.w * o.h


def _merge(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The rectangles joined where the box around two costs little, then the cheapest pairs
    until at most MAX_RECTS. Two that overlap are not joined when their box is much bigger:
    they stay as they are (each one is drawn whole from the opaque table up, so an overlap drawn
    twice has the same pixels). Why: a seat plate and a card crossing its end made one box of
    both (Meow Meow Dice at 4K: 1.8 Mpx of changed rectangles became 3.1 Mpx to redraw)."""
    out: list[pygame.Rect] = []
    for rect in sorted(rects, key=lambda r: (r.y, r.x)):
        for i in rect.collidelistall(out):      # (in C: the ones it overlaps, in order)
            have = out[i]
            if have.contains(rect):
                break
            if _waste(have, rect) <= JOIN_WASTE:
                out[i] = have.union(rect)
                break
        else:
            out.append(pygame.Rect(rect))
    joined = True
    while joined:                       # a box grown may now hold, or nearly hold, another
        joined = False
        for i, have in enumerate(out):
            for j in have.collidelistall(out):
                if j > i and _waste(have, out[j]) <= JOIN_WASTE:
                    out[i] = have.union(out.pop(j))
                    joined = True
                    break
            if joined:
                break
    return _cheapest_joins(out) if len(out) > MAX_RECTS else out


def _cheapest_joins(out: list[pygame.Rect]) -> list[pygame.Rect]:
    """Join the pair whose box wastes least until MAX_RECTS are left. Each pair's cost is worked
    out once (a heap), not again for every join (that was most of a busy frame's merge)."""
    import heapq

    alive = dict(enumerate(out))
    heap = [(_waste(out[i], out[j]), i, j) for i in range(len(out)) for j in range(i + 1, len(out))]
    heapq.heapify(heap)
    new = len(out)
    while len(alive) > MAX_RECTS:
        _, i, j = heapq.heappop(heap)
        if i not in alive or j not in alive:
            continue                     # one of them was joined already
        box = alive.pop(i).union(alive.pop(j))
        for k, rect in alive.items():
            heapq.heappush(heap, (_waste(box, rect), k, new))
        alive[new] = box
        new += 1
    return list(alive.values())


def _longest_increasing(seq: list[int]) -> set[int]:
    """The positions in ``seq`` (distinct numbers) of one longest increasing run through it.

    Why: an operation drawn before too but now in another order must be drawn again where it
    is (it may now be over or under another one). Which ones moved: all but the longest run
    that kept its order. Taking "every one after one that came from later" instead, one
    picture that changed place in the list (a flying card landing in its slot, the same
    picture drawn twice) marked everything after it: at 4K the four seat pieces and the
    slots, 10 million pixels, a full redraw for a card."""
    from bisect import bisect_left

    tails: list[int] = []        # the smallest last value of a run of each length
    ends: list[int] = []         # and its position
    before = [-1] * len(seq)
    for k, value in enumerate(seq):
        j = bisect_left(tails, value)
        if j:
            before[k] = ends[j - 1]
        if j == len(tails):
            tails.append(value)
            ends.append(k)
        else:
            tails[j], ends[j] = value, k
    out: set[int] = set()
    k = ends[-1] if ends else -1
    while k >= 0:
        out.add(k)
        k = before[k]
    return out


def _same_ends(old_keys: list, new_keys: list) -> tuple[int, int]:
    """How many ops at the start and at the end of both lists are the same (not overlapping)."""
    most = min(len(old_keys), len(new_keys))
    head = 0
    while head < most and old_keys[head] == new_keys[head]:
        head += 1
    tail = 0
    while tail < most - head and old_keys[-1 - tail] == new_keys[-1 - tail]:
        tail += 1
    return head, tail


def diff(old: list[tuple], new: list[tuple], full: pygame.Rect) -> list[pygame.Rect] | None:
    """The rectangles where ``new`` draws something other than ``old``; None: redraw it all.

    The ops the same at the start and at the end of both lists are drawn as before (the same
    ops in the same order around what changed): only the middle is matched. Why: at 4K a table
    draws ~900 ops a frame and matching them all cost 3.4 ms of processor when anything moved;
    what moves is usually a few ops in the middle (a cat's tail, a flying card). It also keeps a
    picture drawn once more in the middle (a card landing on a pile it is drawn in already) from
    marking the same picture's later, unchanged draws."""
    old_keys, new_keys = [op[0] for op in old], [op[0] for op in new]
    if old_keys == new_keys:
        return []
    head, tail = _same_ends(old_keys, new_keys)
    rest = (old[head:len(old) - tail], new[head:len(new) - tail])
    return _diff_middle(*rest, new, full)


def _diff_middle(old: list[tuple], new: list[tuple], every: list[tuple],
                 full: pygame.Rect) -> list[pygame.Rect] | None:
    """``diff`` of the changed middles of the two lists (``every``: all of the new one). The n-th
    op of a key in the new list is the n-th of that key in the old one (one hash a key a list)."""
    at: dict = {}                                  # key -> its indices in old not matched yet
    for i, op in enumerate(old):
        got = at.get(op[0])
        if got is None:
            at[op[0]] = [i]
        else:
            got.append(i)
    dirty: list[pygame.Rect] = []
    kept_at: list[int] = []                        # the index in old of each op drawn before too
    kept: list[tuple] = []
    for op in new:
        got = at.get(op[0])
        if got:
            kept_at.append(got.pop(0))
            kept.append(op)
        else:
            dirty.append(op[1])                    # new, or moved
    if kept_at != sorted(kept_at):                 # (in C: most frames keep the order of all)
        in_order = _longest_increasing(kept_at)
        dirty.extend(op[1] for k, op in enumerate(kept) if k not in in_order)   # drawn in another order
    dirty.extend(old[i][1] for left in at.values() for i in left)         # gone (or moved away)
    dirty = [r.clip(full) for r in dirty if r.w > 0 and r.h > 0]
    # one place counted once (a piece made again where its old one was: gone and new, same rect)
    dirty = list({tuple(r): r for r in dirty if r.w > 0 and r.h > 0}.values())
    if sum(r.w * r.h for r in dirty) > FULL_SHARE * full.w * full.h:
        return None
    merged = _merge(dirty)
    whole = [op[1].clip(full) for op in every if op[3] in WHOLE]
    while whole:
        grown = [r for r in whole if any(r.colliderect(m) and not m.contains(r) for m in merged)]
        if not grown:
            break
        merged = _merge(merged + grown)
    if sum(r.w * r.h for r in merged) > FULL_SHARE * full.w * full.h:
        return None
    return merged
