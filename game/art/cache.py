"""One byte budget for every cached picture (cards, dice, cats, panels, text, a table's sprites).

Why: the caches were bounded by entry count, and their entries are large SDL surfaces that
tracemalloc cannot see — a kiosk in attract mode grew past 1 GB. Here every cached picture is
weighed in bytes (``get_pitch() * get_height()``), all caches share one budget, and the least
recently used picture goes first when it is over. A cache that can be dropped whole (a table's
own sprites when its scene ends) is a *family*: ``release(family)``.

- ``@art_cache("family")`` replaces ``functools.lru_cache`` on a function that makes pictures
  (its arguments must be hashable, as with lru_cache); ``fn.cache_clear()`` still works.
- ``ArtDict("family")`` is a dict-like cache for an object's own pictures (``get`` / ``[]=``).
"""
from __future__ import annotations

import functools
import itertools
from collections import OrderedDict

import pygame

MIB = 1024 * 1024
DEFAULT_BUDGET = 40 * MIB   # a table at 1920x1080 draws from ~15 MiB of cached art per frame
DESIGN_AREA = 1920 * 1080


def budget_for(size) -> int:
    """The budget for a window of ``size``. Pictures grow with the window's area, and a budget
    smaller than one frame's pictures re-rasterises art every frame (at 3840x2160 with 40 MiB,
    Meow Meow Dice spent 170 ms of processor a frame doing that). It grows with the area to the
    power 0.34 (64 MiB at 3840x2160): with the whole area (160 MiB) the 4K tables peaked at
    210-285 MiB of RSS, with 80 MiB at 201-212, with 64 MiB at 192-203, for about the same frame
    times (bench/frame_probe.py under Xvfb)."""
    return int(DEFAULT_BUDGET * max(1.0, size[0] * size[1] / DESIGN_AREA) ** 0.34)


def picture_bytes(value) -> int:
    """What a cached value holds in pixels (surfaces inside tuples/lists counted too)."""
    if isinstance(value, pygame.Surface):
        return value.get_pitch() * value.get_height() + 64
    if isinstance(value, (tuple, list)):
        return sum(picture_bytes(v) for v in value) + 64
    return 64


class ArtBudget:
    """Least recently used pictures first out, over all families, once ``total > budget``."""

    def __init__(self, budget: int = DEFAULT_BUDGET):
        self.budget = budget
        self.total = 0
        self.entries: OrderedDict = OrderedDict()   # (family, key) -> (value, bytes)
        self.evicted = 0

    def get(self, family: str, key, default=None):
        entry = self.entries.get((family, key))
        if entry is None:
            return default
        self.entries.move_to_end((family, key))
        return entry[0]

    def put(self, family: str, key, value) -> None:
        full = (family, key)
        old = self.entries.pop(full, None)
        if old is not None:
            self.total -= old[1]
        size = picture_bytes(value)
        self.entries[full] = (value, size)
        self.total += size
        while self.total > self.budget and len(self.entries) > 1:
            _, (_, gone) = self.entries.popitem(last=False)
            self.total -= gone
            self.evicted += 1

    def release(self, family: str) -> None:
        """Drop every picture of one family (a table's art when its scene ends)."""
        for full in [k for k in self.entries if k[0] == family]:
            self.total -= self.entries.pop(full)[1]

    def clear(self) -> None:
        self.entries.clear()
        self.total = 0

    def stats(self) -> dict[str, tuple[int, int]]:
        """family -> (entries, bytes), for benchmarks and the admin screen."""
        out: dict[str, list[int]] = {}
        for (family, _), (_, size) in self.entries.items():
            row = out.setdefault(family, [0, 0])
            row[0] += 1
            row[1] += size
        return {k: (v[0], v[1]) for k, v in sorted(out.items())}


ART = ArtBudget()


def art_cache(family: str):
    """Decorator: cache a picture-making function's results in the shared budget."""
    def wrap(fn):
        @functools.wraps(fn)
        def cached(*args, **kwargs):
            key = (args, tuple(sorted(kwargs.items()))) if kwargs else args
            value = ART.get(family, key)
            if value is None:
                value = fn(*args, **kwargs)
                ART.put(family, key, value)
            return value
        cached.cache_clear = lambda: ART.release(family)
        return cached
    return wrap


_serial = itertools.count()


class ArtDict:
    """An object's own picture cache, kept in the shared budget. Each instance is its own family
    (so two tables never share entries); ``release()`` when the owner is done with it."""

    def __init__(self, name: str):
        self.family = f"{name}#{next(_serial)}"

    def get(self, key, default=None):
        return ART.get(self.family, key, default)

    def __setitem__(self, key, value) -> None:
        ART.put(self.family, key, value)

    def __getitem__(self, key):
        value = ART.get(self.family, key)
        if value is None:
            raise KeyError(key)
        return value

    def release(self) -> None:
        ART.release(self.family)

    def __del__(self):          # an owner dropped without exit() still gives its pictures back
        try:
            ART.release(self.family)
        except Exception:        # interpreter shutdown: the budget may be gone already
            pass


def give_back_memory() -> None:
    """Hand freed pixel memory back to the system (glibc keeps freed blocks of a fragmented heap
    otherwise, and a kiosk cycling tables all day grows by what it once needed at once)."""
    import ctypes
    import gc

    gc.collect()
    try:
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):     # not glibc (Windows, macOS, musl): nothing to do
        pass


def pictures_in_their_own_pages() -> None:
    """Big pixel buffers (over 256 KiB: backgrounds, table sprites) each get their own mapping
    that goes back to the system when freed. glibc raises this threshold by itself after the
    first big free, after which such buffers land in the heap and fragment it: measured in
    attract mode at 1920x1080, heap 119 MiB after 3 minutes with it, 51 MiB without."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6").mallopt(-3, 256 * 1024)     # M_MMAP_THRESHOLD
    except (OSError, AttributeError):     # not glibc: its allocator decides
        pass
