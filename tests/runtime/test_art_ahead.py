"""Pictures made ahead in the art worker (game/runtime/art_ahead.py) and the budget's rules for
them (game/art/cache.py): a first use at 4K never costs a frame, warming never pushes out what
is being drawn, and the cheapest old picture goes first (issue 23)."""
import time

import pygame

from game.art import cache
from game.art.cache import DRAWN_NOW, STALE_FRAMES, ArtBudget, picture_bytes
from game.art.draw import glow
from game.play import think_worker
from game.runtime.art_ahead import ArtAhead


def surf(w, h=100):
    return pygame.Surface((w, h), pygame.SRCALPHA)


def test_a_picture_made_ahead_takes_only_room_nobody_drew_lately():
    one = picture_bytes(surf(100))
    art = ArtBudget(budget=2 * one)
    art.put("a", 1, surf(100))
    art.put("a", 2, surf(100))
    assert not art.put_ahead("ahead", "x", surf(100))        # both drawn just now: no room
    assert not art.has("ahead", "x") and art.has("a", 1) and art.has("a", 2)
    for _ in range(STALE_FRAMES + 1):
        art.tick()
    art.get("a", 2)                                            # 2 is still drawn, 1 is not
    assert art.put_ahead("ahead", "x", surf(100))
    assert art.has("ahead", "x") and art.has("a", 2) and not art.has("a", 1)
    assert art.total <= art.budget


def test_among_old_pictures_the_cheapest_to_make_again_goes_first():
    one = picture_bytes(surf(100))
    art = ArtBudget(budget=3 * one)
    art.put("panel", "big", surf(100), cost=30.0)              # the oldest, but dear
    art.put("die", 10, surf(100), cost=1.0)
    art.put("die", 20, surf(100), cost=1.0)
    for _ in range(DRAWN_NOW + 1):
        art.tick()
    art.put("die", 30, surf(100), cost=1.0)
    assert art.has("panel", "big") and not art.has("die", 10)
    assert art.total <= art.budget


def test_a_picture_made_ahead_is_not_the_first_to_go_once_older_ones_are_drawn():
    one = picture_bytes(surf(100))
    art = ArtBudget(budget=3 * one)
    art.put("old", 1, surf(100), cost=1.0)
    assert art.put_ahead("ahead", "next card", surf(100), cost=30.0)
    art.put("drawn", 2, surf(100), cost=1.0)
    for _ in range(DRAWN_NOW + 1):
        art.tick()
    art.get("drawn", 2)
    art.get("old", 1)                      # the one made ahead is now the least recently used
    for _ in range(DRAWN_NOW + 1):
        art.tick()
    art.put("new", 3, surf(100), cost=1.0)
    assert art.has("ahead", "next card")
    assert art.total <= art.budget


def test_pictures_in_use_go_cheapest_first_the_older_of_equals():
    """All in use (the frame's pictures outgrew the budget): the cheapest to make again goes
    (it was the least recently used, whatever it cost: the 4K title's backdrop every frame)."""
    one = picture_bytes(surf(100))
    art = ArtBudget(budget=2 * one)                            # no frame has passed: all in use
    art.put("a", 1, surf(100), cost=50.0)
    art.put("a", 2, surf(100), cost=1.0)
    art.put("a", 3, surf(100), cost=1.0)
    assert art.has("a", 1) and not art.has("a", 2) and art.has("a", 3)


def test_an_art_cache_function_records_what_it_cost(monkeypatch):
    monkeypatch.setattr(cache, "ART", ArtBudget())

    @cache.art_cache("test.cost")
    def slow(w):
        time.sleep(0.01)
        return surf(w)

    slow(20)
    assert cache.ART.cost[("test.cost", (20,))] >= 5
    assert slow.family == "test.cost" and slow.key(20) == (20,)


def test_without_the_worker_nothing_is_asked():
    think_worker.enable(False)
    assert not ArtAhead((1920, 1080)).active
    assert not ArtAhead((3840, 2160)).active
    assert not ArtAhead((3840, 2160)).want(glow, 30)
    assert not ArtAhead((3840, 2160)).asked(glow, 30)          # to be made here


def test_a_picture_made_in_the_art_worker_is_the_same_picture(monkeypatch):
    from game.runtime import art_ahead

    monkeypatch.setattr(cache, "ART", ArtBudget())
    monkeypatch.setattr("game.runtime.art_ahead.ART", cache.ART)
    think_worker.enable()
    try:
        ahead = ArtAhead((3840, 2160))
        args = (37, (255, 214, 120), 170)
        assert ahead.want(glow, *args)
        assert ahead.want(glow, *args) and len(ahead._pending) == 1   # on its way already
        assert ahead.asked(glow, *args)                          # (a quiet frame waits for it)
        other = (38, (255, 214, 120), 170)
        ahead._no_room[(glow.family, glow.key(*other))] = cache.ART.frame
        assert not ahead.asked(glow, *other)                     # no room lately: made here
        third = (39, (255, 214, 120), 170)
        assert ahead.can_ask() and not ahead.can_ask(keep_free=art_ahead.IN_FLIGHT - 1)
        assert not ahead.asked(glow, *third, keep_free=art_ahead.IN_FLIGHT - 1)   # the last places
        assert len(ahead._pending) == 1                          # kept for others: made here
        end = time.monotonic() + 30
        while ahead.busy() and time.monotonic() < end:
            ahead.collect()
            time.sleep(0.01)
        assert ahead.filed == 1 and cache.ART.has("draw.glow", args)
        made_there = cache.ART.get("draw.glow", args)
        made_here = glow.__wrapped__(*args)
        assert made_there.get_size() == made_here.get_size()
        assert pygame.image.tobytes(made_there, "RGBA") == pygame.image.tobytes(made_here, "RGBA")
        assert ahead.want(glow, *args) and not ahead.busy()    # cached now: not asked again
        assert not ahead.asked(glow, *args)
    finally:
        think_worker.enable(False)


def test_a_picture_from_the_art_worker_comes_in_the_windows_own_format(monkeypatch):
    """The worker sends its pixels in the window's byte order (BGRA on a little-endian computer),
    so the game files them as they come: no conversion of each pixel in the frame (about 1 ms
    for a 4K card)."""
    from game.runtime import art_ahead

    pygame.display.set_mode((64, 48))
    args = (21, (120, 214, 255), 90)
    monkeypatch.setattr("game.runtime.art_ahead.ART", ArtBudget())     # (render empties it)
    size, data, _, extra = art_ahead.render(glow, args)
    assert extra == ()                                         # one Surface: nothing with it
    monkeypatch.setattr(cache, "ART", ArtBudget())
    monkeypatch.setattr("game.runtime.art_ahead.ART", cache.ART)
    window_alpha = pygame.Surface((1, 1), pygame.SRCALPHA).convert_alpha()
    assert art_ahead._window_masks() == window_alpha.get_masks()
    think_worker.enable()
    try:
        ahead = ArtAhead((3840, 2160))
        assert ahead.want(glow, *args)
        end = time.monotonic() + 30
        while ahead.busy() and time.monotonic() < end:
            ahead.collect()
            time.sleep(0.01)
        filed = cache.ART.get("draw.glow", args)
        assert filed.get_masks() == window_alpha.get_masks()
        assert filed.get_flags() & pygame.SRCALPHA and filed.get_pitch() == 4 * size[0]
        if window_alpha.get_masks() == (0xff0000, 0xff00, 0xff, 0xff000000):
            assert filed.get_buffer().raw == data              # the bytes sent, as they came
        here = glow.__wrapped__(*args).convert_alpha()
        a, b = pygame.Surface((40, 40)), pygame.Surface((40, 40))
        for target, picture in ((a, filed), (b, here)):
            target.fill((30, 60, 90))
            target.blit(picture, (-5, -5))
        assert pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")
    finally:
        think_worker.enable(False)


def test_the_art_worker_starts_with_the_app_and_imports_the_art_first(tmp_path):
    """Started on the first table's first ask, the worker spent a quarter of a second importing
    while the deal drew its first card faces in the game's frames: the app starts it as it opens
    and has it import every art module (``warm``) before anything is asked."""
    from pathlib import Path

    import game.art
    from game.runtime import art_ahead
    from game.runtime.app import App

    names = art_ahead.warm()
    on_disk = {p.stem for p in Path(game.art.__file__).parent.glob("*.py") if p.stem != "__init__"}
    assert set(names) == on_disk and len(names) >= 5
    think_worker.enable()
    try:
        assert think_worker.running("art") is None
        app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
        try:
            worker = think_worker.running("art")
            assert worker is not None                       # before any table asked for a picture
            end = time.monotonic() + 30
            while not worker.ready and time.monotonic() < end:
                time.sleep(0.01)
            assert worker.ready and not app.art_ahead.busy()   # (the warm-up's answer is not awaited)
        finally:
            app.shutdown()
    finally:
        think_worker.enable(False)
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")    # threads: no worker
    try:
        assert think_worker.running("art") is None
    finally:
        app.shutdown()


def test_arrived_pictures_are_filed_a_few_a_frame_and_big_ones_one_a_frame(monkeypatch):
    """Filing a picture is a new surface and a copy of its pixels (a 4 MiB glow at 4K: 2-3 ms,
    the new pages faulted in): a frame files up to FILED_PER_FRAME small ones (a cat's tail
    frames), but stops once FILED_BYTES are filed (at least one a frame)."""
    from game.runtime import art_ahead

    monkeypatch.setattr(cache, "ART", ArtBudget(budget=1 << 30))
    monkeypatch.setattr(art_ahead, "ART", cache.ART)

    bigs = [(1024, 1024), (1024, 1025)]                         # 4 MiB each
    small = [(30 + i, 30) for i in range(art_ahead.FILED_PER_FRAME + 1)]
    fulls = tuple(("test", size) for size in [*small, *bigs])

    class Arrived:                      # a worker whose answer (one batch of all) is there
        def answer(self, ticket):
            return True, [((w, h), bytes(4 * w * h), 1.0, ()) for _, (w, h) in fulls]

        def forget(self, ticket):
            pass
    ahead = ArtAhead((3840, 2160))
    ahead._batches[7] = (Arrived(), fulls)
    ahead._pending.update(dict.fromkeys(fulls, 7))
    assert ahead.collect() == art_ahead.FILED_PER_FRAME        # small ones: a few
    assert ahead.collect() == 2                                 # the last small one, then one big
    assert ahead.collect() == 1 and not ahead.busy()            # the other big one


def test_the_pictures_a_frame_asks_for_go_to_the_worker_in_one_message(monkeypatch):
    """A message to the art worker cost the game ~0.4 ms at 4K (most of it waking the worker),
    and a cat's tail frames are asked for most frames: what a frame asks for is sent once, at
    its end (``send``), and each picture comes back as asked."""
    monkeypatch.setattr(cache, "ART", ArtBudget())
    monkeypatch.setattr("game.runtime.art_ahead.ART", cache.ART)
    think_worker.enable()
    try:
        ahead = ArtAhead((3840, 2160))
        sent = []
        worker = think_worker.worker("art")
        real = worker.submit
        monkeypatch.setattr(worker, "submit", lambda fn, args: sent.append(fn) or real(fn, args))
        looks = [(30 + i, (255, 214, 120), 170) for i in range(3)]
        for args in looks:
            assert ahead.want(glow, *args)
        assert sent == [] and ahead.busy()                      # not sent yet
        ahead.send()
        assert len(sent) == 1 and len(ahead._batches) == 1     # one message for the three
        end = time.monotonic() + 30
        while ahead.busy() and time.monotonic() < end:
            ahead.collect()
            time.sleep(0.01)
        for args in looks:
            made = cache.ART.get("draw.glow", args)
            assert pygame.image.tobytes(made, "RGBA") == pygame.image.tobytes(glow.__wrapped__(*args), "RGBA")
        good, bad = (40, (255, 214, 120), 170), (41, lambda: (1, 2, 3), 170)   # (a lambda cannot travel)
        assert ahead.want(glow, *good) and ahead.want(glow, *bad)
        ahead.send()                                            # the message fails; each alone then
        assert list(ahead._pending) == [("draw.glow", good)]
        end = time.monotonic() + 30
        while ahead.busy() and time.monotonic() < end:
            ahead.collect()
            time.sleep(0.01)
        assert cache.ART.has("draw.glow", good)
    finally:
        think_worker.enable(False)
