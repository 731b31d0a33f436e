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
import time
from collections import OrderedDict

import pygame

MIB = 1024 * 1024
DEFAULT_BUDGET = 40 * MIB   # a table at 1920x1080 draws from ~15 MiB of cached art per frame
DESIGN_AREA = 1920 * 1080
VICTIM_SCAN = 64            # how many of the least recently used are weighed against each other
DRAWN_NOW = 2               # frames: a picture drawn this recently is not weighed (it is in use)
GUESSED_MS_PER_MIB = 5.0    # the cost of a picture made outside art_cache (not measured)
MAKES_KEPT = 20000          # pictures whose times made are counted (``ArtBudget.makes``)
SLACK = 32                  # a full budget frees 1/32 more than it must: the next small pictures then
                            # need no scan each (a scan cost 0.3-1 ms; a 4K dice table put in hundreds)


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
    """Least recently used pictures first out, over all families, once ``total > budget``; but
    among the oldest (drawn more than ``DRAWN_NOW`` frames ago), the cheapest to make again for
    the bytes it frees goes first (``cost``: the milliseconds it took, measured by ``art_cache``,
    else guessed from its bytes; times how many times it has been made, ``makes``). Why: at
    3840x2160 a dice table's tumbling dice (about 1 ms each, hundreds of them) pushed out its
    glows and 4 MiB panels, made again every few seconds at 20-40 ms a frame; and weighed by
    cost alone, the small pictures drawn again and again (dice faces, turned dice, tail frames)
    went first and were made again hundreds of times in 600 frames."""

    def __init__(self, budget: int = DEFAULT_BUDGET):
        self.budget = budget
        self.total = 0
        self.entries: OrderedDict = OrderedDict()   # (family, key) -> (value, bytes)
        self.used: dict = {}                         # (family, key) -> the frame it was last drawn in
        self.frame = 0                               # counted by the app (``tick``)
        self.evicted = 0
        self.made = 0          # pictures put in (benchmarks: how many were made in a frame)
        self.cost: dict = {}         # (family, key) -> ms it took to make (when measured)
        # (family, key) -> how many times it was put in from outside the budget: one made again
        # after being pushed out weighs its cost that many times (``_weigh``), outliving its entry
        self.makes: dict = {}
        self.noting: list | None = None   # a list: every (family, key) looked up is added to it
        # ms of rasterising done on the picture worker and taken in this thread (counted up by
        # ``pictures.picture``): a maker that took one adds it to its own cost (``art_cache``)
        self.borrowed = 0.0

    def get(self, family: str, key, default=None):
        entry = self.entries.get((family, key))
        if entry is None:
            return default
        self.entries.move_to_end((family, key))
        self.used[(family, key)] = self.frame
        if self.noting is not None:
            self.noting.append((family, key))
        return entry[0]

    def touch(self, keys) -> bool:
        """Count each of ``keys`` ((family, key) pairs) as drawn now, as ``get`` does; False (and
        none counted) if one is no longer kept. For a piece drawn again from what it drew the
        frame before (``TableLook.kept_piece``): its pictures stay as fresh as when looked up."""
        entries = self.entries
        if any(full not in entries for full in keys):
            return False
        for full in keys:
            entries.move_to_end(full)
            self.used[full] = self.frame
        return True

    def has(self, family: str, key) -> bool:
        """Is it cached (without counting as a use)?"""
        return (family, key) in self.entries

    def tick(self) -> None:
        """A new frame (what was drawn in it is in use)."""
        self.frame += 1

    def put(self, family: str, key, value, cost: float | None = None) -> None:
        full = (family, key)
        old = self.entries.pop(full, None)
        if old is not None:
            self.total -= old[1]
        size = picture_bytes(value)
        self.made += 1
        if old is None:
            makes = self.makes
            if len(makes) >= MAKES_KEPT:     # a kiosk's tables come and go: forget the old counts
                makes.clear()
            makes[full] = makes.get(full, 0) + 1
        self.entries[full] = (value, size)
        self.used[full] = self.frame
        self.total += size
        if cost is not None:
            self.cost[full] = cost
        while self.total > self.budget and len(self.entries) > 1:
            for full in self._victims(self.total - self.budget + self.budget // SLACK):
                self._drop(full)

    def _drop(self, full) -> None:
        self.total -= self.entries.pop(full)[1]
        self.used.pop(full, None)
        self.cost.pop(full, None)
        self.evicted += 1

    def _victims(self, need: int) -> list:
        """The pictures to push out to free ``need`` bytes: of the ``VICTIM_SCAN`` least recently
        used that were not drawn in the last ``DRAWN_NOW`` frames, the cheapest to make again
        first, as many as free ``need`` (all of them if they do not); all in use, the cheapest of
        them. One scan for all of them: a 4 MiB picture put in a full budget of small ones pushes
        out dozens, and a scan per picture pushed out cost a quarter of a millisecond each (5-10
        ms in a 4K table's turn-change frame)."""
        weighed = self._weigh(self.frame - DRAWN_NOW)
        if not weighed:
            # all in use: a frame's pictures outgrew the budget, and what goes is made again next
            # frame. The cheapest to make go first, never the newest (being put): at 4K the
            # least recently used was the title's backdrop (50-100 ms to make), every frame.
            newest = next(reversed(self.entries))
            weighed = [w for w in self._weigh(None) if w[2] != newest]
            return [min(weighed)[2] if weighed else next(iter(self.entries))]   # one at a time
        weighed.sort()
        out, freed = [], 0
        for _, _, full, size in weighed:
            out.append(full)
            freed += size
            if freed >= need:
                break
        return out

    def _weigh(self, stale: int | None) -> list:
        """(cost per byte, place, key, bytes) of the ``VICTIM_SCAN`` least recently used, leaving out those
        drawn after frame ``stale`` (None: none left out), in that order."""
        weighed = []
        for n, full in enumerate(self.entries):       # least recently used first
            if len(weighed) >= VICTIM_SCAN or n >= 4 * VICTIM_SCAN:
                break
            if stale is not None and self.used.get(full, 0) > stale:   # in use
                continue
            size = self.entries[full][1]
            cost = self.cost.get(full)
            if cost is None:
                cost = GUESSED_MS_PER_MIB * size / MIB
            cost *= self.makes.get(full, 1)
            weighed.append((cost / size, n, full, size))
        return weighed

    def forget(self, family: str, key) -> None:
        """Drop one picture that will not be drawn again (not counted as pushed out)."""
        full = (family, key)
        if full in self.entries:
            self.total -= self.entries.pop(full)[1]
            self.used.pop(full, None)
            self.cost.pop(full, None)

    def release(self, family: str) -> None:
        """Drop every picture of one family (a table's art when its scene ends)."""
        for full in [k for k in self.entries if k[0] == family]:
            self.total -= self.entries.pop(full)[1]
            self.used.pop(full, None)
            self.cost.pop(full, None)

    def clear(self) -> None:
        self.entries.clear()
        self.used.clear()
        self.cost.clear()
        self.makes.clear()
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
                began, borrowed = time.perf_counter(), ART.borrowed
                value = fn(*args, **kwargs)
                # its cost to make again: the worker's rasterising it took counts too (a card back
                # made ahead weighed ~1 ms, was the first pushed out, and was rasterised again in
                # a flip's frame: 9-13 ms at 4K)
                ART.put(family, key, value, 1000 * (time.perf_counter() - began) + ART.borrowed - borrowed)
            return value
        cached.cache_clear = lambda: ART.release(family)
        # its key in the budget, for a caller that asks whether it is kept (ART.has)
        cached.family = family
        cached.key = lambda *args, **kwargs: (args, tuple(sorted(kwargs.items()))) if kwargs else args
        # the picture if it is cached, else one made and not kept (a step to a picture that is)
        cached.unkept = lambda *args: ART.get(family, args) or fn(*args)
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

    def forget(self, key) -> None:
        ART.forget(self.family, key)

    def release(self) -> None:
        ART.release(self.family)

    def __del__(self):          # an owner dropped without exit() still gives its pictures back
        try:
            ART.release(self.family)
        except Exception:        # interpreter shutdown: the budget may be gone already
            pass


def window_format(surf: pygame.Surface, alpha: bool = True) -> pygame.Surface:
    """``surf`` in the window's pixel format (``convert_alpha`` / ``convert``), for fast blits.
    A surface already in that format is returned as it is: converting it would only copy it
    (a new 32-bit surface is made in the window's format, so most pictures are; at 3840x2160 a
    table's still piece or a seat's glow is a 4 MiB copy, ~1-2 ms each). No window: as it is."""
    window = pygame.display.get_surface()
    if window is None:
        return surf
    rgb = window.get_masks()[:3]
    if alpha:
        if surf.get_flags() & pygame.SRCALPHA and surf.get_bitsize() == 32 and window.get_bitsize() == 32 \
                and surf.get_masks() == (*rgb, ~(rgb[0] | rgb[1] | rgb[2]) & 0xFFFFFFFF):
            return surf
        return surf.convert_alpha()
    if not surf.get_flags() & pygame.SRCALPHA and surf.get_colorkey() is None and surf.get_alpha() is None \
            and surf.get_bitsize() == window.get_bitsize() and surf.get_masks() == window.get_masks():
        return surf
    return surf.convert()


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


MMAP_THRESHOLD = 64 * 1024     # bytes: a buffer this big or more gets its own pages (see below)


def pictures_in_their_own_pages() -> None:
    """Pixel buffers of ``MMAP_THRESHOLD`` or more (backgrounds, table sprites, at 4K most cards,
    cats and words) each get their own mapping that goes back to the system when freed. glibc
    raises this threshold by itself after the first big free, after which such buffers land in
    the heap and fragment it: measured in attract mode at 1920x1080, heap 119 MiB after 3 minutes
    with it, 51 MiB without. At 256 KiB, the 4K kiosk's Zodiac table (its third) held 233-236
    MiB, at 64 KiB 227-229 (frame times the same within the machine's noise)."""
    import ctypes

    try:
        ctypes.CDLL("libc.so.6").mallopt(-3, MMAP_THRESHOLD)     # M_MMAP_THRESHOLD
    except (OSError, AttributeError):     # not glibc: its allocator decides
        pass
