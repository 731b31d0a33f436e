"""Pictures made ahead of need in a helper process, so a first use never costs a frame.

Why: at 3840x2160 a card face takes 25-35 ms of processor to draw (supersampled art), and every
slow frame of the 4K tables was one that drew a picture for the first time (bench/frame_probe.py
``--frames-csv``: frames that made no picture stayed under 7 ms). The shared art budget cannot
hold every card at every size (67 faces of one deck at one big width are 100 MiB), so
the pictures a table will need soon are made in the "art" worker process
(``game/play/think_worker.py``, at a lower priority than the game: on one core it draws in the
frame loop's idle time) and sent back as pixels; the frame loop only files them
(``ART.put_ahead``: in room no picture drawn lately holds). A picture that is needed before it
arrives is drawn in the frame as before, so nothing ever waits for the worker.

At every window size, when the worker processes are on (``think_worker.enable()``: the game and
the kiosk; tests use neither).
A table asks with ``app.art_ahead.want(card_face, card, width)``: any ``@art_cache`` function
whose arguments can be pickled and which returns one Surface (or one with other values in a
tuple: a cat's tail frame and its offset, ``game.art.cats.tail_piece``).
"""
from __future__ import annotations

import pickle
import time

import pygame

from game.art.cache import ART
from game.play import think_worker
from game.play.think_worker import WorkerLost

# At 1920x1080 too: a first drawing there (a Hungry Meow face, 12-16 ms of processor on a slow
# box) took the frame to 20-40 ms with four search bots on one core (bench/frame_probe.py, p99
# 22 ms in frame -> 11-12 ms from the worker)
MIN_PIXELS = 0
IN_FLIGHT = 3                   # pictures asked for at once (the rest wait: the newest need first)
FILED_PER_FRAME = 4             # pictures filed a frame (each a copy of ~0.1-1.5 MiB at 4K)
FILED_BYTES = 2 * 1024 * 1024   # ... and no more once this much is filed: a 4 MiB glow or piece is
                                # a new surface (pages faulted in) and a copy, 2-3 ms at 4K
RETRY_FRAMES = 120              # a picture there was no room for is not asked for again before this


def render(fn, args: tuple):
    """In the art worker: the picture ``fn(*args)`` as (size, BGRA bytes, ms it took, what came
    with it), made without keeping it there (the game process keeps it); None if it is not one
    Surface, or a tuple of one and other values (kept with it as the tuple).
    BGRA: the byte order of the window's own pictures with alpha on a little-endian computer
    (masks 0xff0000, 0xff00, 0xff, 0xff000000), so the game files it as it comes."""
    if not pygame.font.get_init():
        pygame.font.init()
    ART.budget = 0                              # this process keeps no pictures
    began = time.perf_counter()
    surf, extra = fn.__wrapped__(*args), ()
    if isinstance(surf, tuple) and surf and isinstance(surf[0], pygame.Surface):
        surf, extra = surf[0], surf[1:]          # (a cat's tail frame: its offset too)
    if not isinstance(surf, pygame.Surface):
        return None
    return surf.get_size(), pygame.image.tobytes(surf, "BGRA"), 1000 * (time.perf_counter() - began), extra


def render_all(jobs: tuple) -> list:
    """In the art worker: ``render`` of each (function, arguments), in order (None for one that
    failed): the pictures a frame asked for go in one message (a message to the worker cost the
    game ~0.4 ms at 4K, most of it waking the worker; a cat's tail frames are asked most frames)."""
    out = []
    for fn, args in jobs:
        try:
            out.append(render(fn, args))
        except Exception:           # (one bad picture: the others still come)
            out.append(None)
    return out


def warm() -> list[str]:
    """In the art worker, first of all: every module of ``game.art`` imported (and the font
    module started), the names returned. Why: the worker starts on the first picture a table
    asks for, and importing took a quarter of a second there: the deal's first card faces were
    drawn in the game's frames meanwhile (Meow Meow Dice at 4K: 17 ms in one frame)."""
    import importlib
    import pkgutil

    import game.art

    if not pygame.font.get_init():
        pygame.font.init()
    names = [info.name for info in pkgutil.iter_modules(game.art.__path__)]
    for name in names:
        importlib.import_module(f"game.art.{name}")
    return names


def _window_masks() -> tuple:
    """The colour masks of a picture with alpha in the window's format (convert_alpha's)."""
    return pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha().get_masks()


class ArtAhead:
    def __init__(self, size=(0, 0)):
        self.size = tuple(size)
        self._pending: dict[tuple, object] = {}     # (family, key) -> its batch's ticket (None: not sent)
        self._outbox: list[tuple] = []              # (full, fn, args) asked this frame, not sent yet
        self._batches: dict[int, tuple] = {}        # ticket -> (worker, the fulls asked in it, in order)
        self._arrived: dict[tuple, object] = {}     # full -> its answer, not filed yet
        self._no_room: dict[tuple, int] = {}        # (family, key) -> the frame it found no room
        self.filed = self.refused = 0               # benchmarks: pictures kept / no room for

    @property
    def active(self) -> bool:
        return self.size[0] * self.size[1] >= MIN_PIXELS and think_worker.enabled()

    def start(self) -> None:
        """Start the art worker now and have it ``warm`` (the app does, as it opens): ready when
        the first table asks, not a quarter of a second later."""
        if not self.active:
            return
        worker = think_worker.worker("art")
        if worker is not None:
            try:
                worker.forget(worker.submit(warm, ()))      # (its answer is not wanted)
            except (TypeError, AttributeError, OSError):
                pass

    def want(self, fn, *args) -> bool:
        """Have ``fn(*args)`` made in the worker unless it is cached, on its way, or found no
        room lately. False when it cannot be asked for now (not active, or enough on their way:
        a table asks for the rest in a later frame), else True."""
        if not self.active:
            return False
        full = (fn.family, fn.key(*args))
        if ART.has(*full) or full in self._pending:
            return True
        if ART.frame - self._no_room.get(full, -RETRY_FRAMES) < RETRY_FRAMES:
            return True
        if len(self._pending) >= IN_FLIGHT or think_worker.worker("art") is None:
            return False
        self._pending[full] = None          # sent with the frame's others (``send``)
        self._outbox.append((full, fn, args))
        return True

    def send(self) -> None:
        """Send the pictures asked for since the last send, in one message (the app does, once a
        frame, after the tables and the cats have asked)."""
        if not self._outbox:
            return
        jobs, self._outbox = self._outbox, []
        if self._send(jobs):
            return
        for job in jobs:                # one that cannot travel does not hold the others
            if len(jobs) == 1 or not self._send([job]):
                self._pending.pop(job[0], None)

    def _send(self, jobs: list) -> bool:
        """One message of ``jobs``; False if it could not go (cannot travel, or the pipe broke)."""
        worker = think_worker.worker("art")
        try:
            if worker is None:
                return False
            ticket = worker.submit(render_all, (tuple((fn, args) for _, fn, args in jobs),))
        except (TypeError, AttributeError, OSError, ValueError, pickle.PicklingError):
            return False
        fulls = tuple(full for full, _, _ in jobs)
        self._batches[ticket] = (worker, fulls)
        for full in fulls:
            if full in self._pending:
                self._pending[full] = ticket
        return True

    def asked(self, fn, *args, keep_free: int = 0) -> bool:
        """Is ``fn(*args)`` on its way from the worker (asked for now if it was not), or waiting
        for room on the way? False when it is to be made here: the worker is off, it is made,
        or it found no room lately. For a picture wanted in a quiet frame ahead of a change
        (scenes/meow_dice/change_ahead.py): made there, a 4K seat's glow took 6-10 ms of it.
        ``keep_free``: asked only while more than that many places on the way are free, else
        False (the cats' tail frames: small, made here as before, and the tables' cards first)."""
        full = (fn.family, fn.key(*args))
        if not self.active or ART.has(*full):
            return False
        if full in self._pending:
            return True
        if not self.can_ask(keep_free):
            return not keep_free and think_worker.worker("art") is not None
        return self.want(fn, *args) and full in self._pending

    def can_ask(self, keep_free: int = 0) -> bool:
        """Is there room on the way for one more picture (and ``keep_free`` more)? A table with a
        long list of pictures due need not make it when there is none (Meow Meow Dice: ~60)."""
        return self.active and len(self._pending) < IN_FLIGHT - keep_free

    def busy(self) -> bool:
        """Are pictures on their way (a table asks for the next ones when they are not)?"""
        return bool(self._pending)

    def collect(self) -> int:
        """File the pictures that have arrived (a few a frame: ``FILED_PER_FRAME``, or fewer
        once ``FILED_BYTES`` are filed; at least one); returns how many were kept."""
        self.send()
        for ticket, (worker, fulls) in list(self._batches.items()):
            try:
                answer = worker.answer(ticket)
            except WorkerLost:
                answer = (False, None)
            if answer is None:
                continue
            del self._batches[ticket]
            worker.forget(ticket)
            ok, values = answer
            values = values if ok and isinstance(values, list) else []
            for i, full in enumerate(fulls):
                if self._pending.get(full) == ticket:       # (each one's answer, None if none)
                    self._arrived[full] = values[i] if i < len(values) else None
        kept = done = filed_bytes = 0
        for full in list(self._arrived):
            if done >= FILED_PER_FRAME or filed_bytes >= FILED_BYTES:
                break
            value = self._arrived.pop(full)
            self._pending.pop(full, None)
            done += 1
            if value is None:
                continue
            size, data, cost, extra = value
            filed_bytes += len(data)
            surf = pygame.image.frombytes(data, size, "BGRA")
            if pygame.display.get_surface() is not None and surf.get_masks() != _window_masks():
                surf = surf.convert_alpha()      # (at 4K the conversion cost ~1 ms a picture)
            if ART.put_ahead(*full, (surf, *extra) if extra else surf, cost):
                kept += 1
                self.filed += 1
                self._no_room.pop(full, None)
            else:
                self.refused += 1
                if len(self._no_room) > 1000:
                    self._no_room.clear()
                self._no_room[full] = ART.frame
        return kept

    def resized(self, size) -> None:
        """A new window size: what is on its way was for the old one."""
        self.size = tuple(size)
        for ticket, (worker, _) in self._batches.items():
            worker.forget(ticket)
        self._batches.clear()
        self._pending.clear()
        self._outbox.clear()
        self._arrived.clear()
        self._no_room.clear()
