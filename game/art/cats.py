"""Cats from their picture files: round, warm, thick outlines, big eyes, a tail that moves.

``draw_cat(surface, center, size, coat, pose, t)`` draws a sitting cat whose picture is ``size``
window pixels tall, centred on ``center``. Coats: tabby, calico, tuxedo, siamese, black, ginger.
Poses: idle (blinks, swishes), thinking (looks up, thought dots), happy (bounces, ^ ^ eyes),
scared (fur up, wide eyes, shakes), knocked_out (swirl eyes, tilted, stars), victorious (paw up,
crown, sparkles). ``t`` is time in seconds.

The pictures are files (game/art/pictures.py): ``assets/pictures/cats/<coat>/<pose>.svg`` (the
sitting cat in a picture 1.3 times as wide as tall, ``<pose>-blink.svg`` with its eyes shut for
the poses that blink), ``tail-NN.svg`` and ``tail-scared-NN.svg`` (the tail's ``TAIL_FRAMES``
swing frames, in the same picture box, drawn behind the body) and ``walk-N.svg`` (the title's
walking cat, ``WALK_FRAMES`` steps, 1.5 by 1.2 of its size). Code places and moves them: the
bounce, the shake, the thought dots and the stars.
"""

from __future__ import annotations

import math
import time

import pygame

from game.art import palette as P
from game.art import pictures
from game.art.cache import ART

C = P.colours("shared")

COATS = ("tabby", "calico", "tuxedo", "siamese", "black", "ginger")
POSES = ("idle", "thinking", "happy", "scared", "knocked_out", "victorious")
BLINKING = ("idle", "thinking")     # the poses drawn with their eyes shut now and then
TAIL_FRAMES = 24
WALK_FRAMES = 8
def _piece(key, make):
    """A picture made from the files' (a mirror, a trimmed tail), kept in the art budget while
    its files are."""
    key = (*key, P.version(), pictures.generation())
    value = ART.get("cats", key)
    if value is None:
        began, borrowed = time.perf_counter(), ART.borrowed
        value = make()
        ART.put("cats", key, value, 1000 * (time.perf_counter() - began) + ART.borrowed - borrowed)
    return value


def _box(size: int) -> tuple[int, int]:
    return int(size * 1.3), size


def _body(size: int, coat: str, pose: str, blink: bool, flip: bool) -> pygame.Surface:
    rel = f"cats/{coat}/{pose}{'-blink' if blink else ''}.svg"
    if not flip:
        return pictures.picture(rel, _box(size))
    # the file's raster is not kept beside its mirror (at 4K a pose is 0.6 MiB, and two copies
    # pushed other pictures out of the budget)
    return _piece(("body", size, coat, pose, blink),
                  lambda: pygame.transform.flip(pictures.picture(rel, _box(size), keep=False), True, False))


def _tail(size: int, coat: str, pose: str, frame: int, flip: bool):
    """The tail frame cut to what it covers, with its offset in the body's box (a tail fills a
    tenth of the box, and a cat shows 24 of them)."""
    def make():
        rel = f"cats/{coat}/{'tail-scared' if pose == 'scared' else 'tail'}-{frame:02d}.svg"
        share = _reach(rel)
        w, h = _box(size)
        piece = pictures.part(rel, (w, h), share)
        at = (round(share[0] * w), round(share[1] * h))
        if flip:
            return pygame.transform.flip(piece, True, False), (w - at[0] - piece.get_width(), at[1])
        return piece, at
    return _piece(("tail", size, coat, "scared" if pose == "scared" else "swing", frame, flip), make)


_reaches: dict[str, tuple] = {}    # a tail file -> the share of its box its tail covers


def _reach(rel: str) -> tuple[float, float, float, float]:
    """Where a tail frame's file draws, as shares of its box (x, y, w, h), found once from a
    small rasterising and grown by a margin for the antialiased edge."""
    known = _reaches.get(rel)
    if known is None:
        probe = pictures.unkept(rel, (REACH_PROBE[0], REACH_PROBE[1]))
        pw, ph = probe.get_size()
        box = probe.get_bounding_rect().inflate(4, 4).clip(probe.get_rect())
        known = _reaches[rel] = (box.x / pw, box.y / ph, box.w / pw, box.h / ph)
        if len(_reaches) > 600:
            _reaches.clear()
    return known


REACH_PROBE = (130, 100)            # the size a tail is rasterised at to find where it draws


def _star(surface, colour, c, r):
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)


def _tail_frame(pose: str, t: float) -> int:
    return 0 if pose == "knocked_out" else int((t / 2.4) * TAIL_FRAMES) % TAIL_FRAMES


def cat_sprites(size: int, coat: str, pose: str, t: float, flip: bool = False, blink: bool | None = None):
    """(body picture, (tail picture, its offset in the body's box)) for time ``t`` (its eyes shut
    or not by ``t``, unless ``blink`` says)."""
    coat = coat if coat in C.COAT_COLOURS else "tabby"
    pose = pose if pose in POSES else "idle"
    size = max(16, int(size))
    if (size, coat, flip) not in _seen:
        _prepare(size, coat, flip)
    blink = _blink(pose, t) if blink is None else blink
    frame = _tail_frame(pose, t)
    if pose != "knocked_out":
        for later in (1, 2):
            _tail_ahead(size, coat, pose, (frame + later) % TAIL_FRAMES, flip)
    return _body(size, coat, pose, blink, flip), _tail(size, coat, pose, frame, flip)


def _tail_ahead(size: int, coat: str, pose: str, frame: int, flip: bool) -> None:
    """The tail frame a cat shows next, rasterised on the picture worker if it is not kept
    (``pictures.part_ahead``): pushed out of a full art budget, the tail frames were made again
    in the frames that drew them (a Meow Meow Dice table at 4K: 353 times in 540 frames)."""
    swing = "scared" if pose == "scared" else "swing"
    if ART.has("cats", ("tail", size, coat, swing, frame, flip, P.version(), pictures.generation())):
        return
    rel = f"cats/{coat}/{'tail-scared' if pose == 'scared' else 'tail'}-{frame:02d}.svg"
    pictures.part_ahead(rel, _box(size), _reach(rel))


_seen: set[tuple] = set()        # (size, coat, flip) of the cats prepared


def _prepare(size: int, coat: str, flip: bool) -> None:
    """A cat seen for the first time at a size (a table's first frame): its swinging tail's
    frames and its idle body, open and blinking, rasterised now, so that the frames after it
    rasterise none of them. Why: at 3840x2160 a tail frame is 4-15 ms (its whole box rasterised,
    then trimmed), a new one every 0.1 s for the first 2.4 s of each cat, and the idle cat blinks."""
    if len(_seen) > 64:
        _seen.clear()
    _seen.add((size, coat, flip))
    for blink in (False, True):
        _body(size, coat, "idle", blink, flip)
    for frame in range(TAIL_FRAMES):
        _tail(size, coat, "idle", frame, flip)


_shown: dict[tuple, tuple] = {}    # (size, coat, flip) -> the (pose, blink) it was drawn in last
_late: dict[tuple, int] = {}       # (size, coat, flip) -> frames its new pose has waited
_decided: dict[tuple, tuple] = {}  # (size, coat, flip) -> (frame, wanted, drawn): once a frame
LATE_FRAMES = 3                    # a new pose waits for the worker at most this many frames


def _body_kept(size: int, coat: str, pose: str, blink: bool, flip: bool) -> bool:
    rel = f"cats/{coat}/{pose}{'-blink' if blink else ''}.svg"
    if flip:
        return ART.has("cats", ("body", size, coat, pose, blink, P.version(), pictures.generation()))
    return ART.has(pictures.FAMILY, pictures.key_of(rel, _box(size)))


def _blink(pose: str, t: float) -> bool:
    return pose in BLINKING and ((t % 4.2) < 0.14 or (3.5 < (t % 11.0) < 3.62))


def _pose_ready(size, coat: str, pose: str, t: float, flip: bool) -> tuple[str, bool]:
    """(``pose``, eyes shut at ``t``), or while that picture is being rasterised on the picture
    worker the (pose, eyes) this cat was drawn in last (a frame or two late, which no one sees).
    Why: a new pose (thinking as a turn begins, glad or scared as an event arrives) rasterised
    in the frame that first drew it was 3-10 ms at 4K, on top of that frame's banner and panels;
    a blink pushed out of the art budget, 4-5 ms. Only for a cat drawn before at this size (its
    last pose kept); never more than ``LATE_FRAMES`` frames: then it is made here."""
    coat = coat if coat in C.COAT_COLOURS else "tabby"
    pose = pose if pose in POSES else "idle"
    size = max(16, int(size))
    seat = (size, coat, flip)
    want = (pose, _blink(pose, t))
    decided = _decided.get(seat)
    if decided is not None and decided[:2] == (ART.frame, want):
        return decided[2]          # drawn twice in one frame (a straight draw to check): the same
    shown = _shown.get(seat)
    if shown is not None and shown != want and _late.get(seat, 0) < LATE_FRAMES \
            and not _body_kept(size, coat, *want, flip) and _body_kept(size, coat, *shown, flip) \
            and not pictures.ahead(f"cats/{coat}/{pose}{'-blink' if want[1] else ''}.svg", _box(size)):
        _late[seat] = _late.get(seat, 0) + 1
        _decided[seat] = (ART.frame, want, shown)
        return shown
    if len(_shown) > 64:
        _shown.clear()
        _late.clear()
        _decided.clear()
    _shown[seat] = want
    _late[seat] = 0
    _decided[seat] = (ART.frame, want, want)
    return want


def _squashed(body, tail, squash):
    """The body and its tail scaled by ``squash`` (width, height factors), the tail's offset
    with them: a squash-and-stretch frame (made each frame of it, a transform of the kept
    pictures)."""
    sx, sy = squash
    w, h = body.get_size()
    body = pygame.transform.scale(body, (max(1, round(w * sx)), max(1, round(h * sy))))
    piece, (ax, ay) = tail
    piece = pygame.transform.scale(piece, (max(1, round(piece.get_width() * sx)),
                                           max(1, round(piece.get_height() * sy))))
    return body, (piece, (round(ax * sx), round(ay * sy)))


def draw_cat(surface, center, size, coat="tabby", pose="idle", t=0.0, flip=False,
             squash=(1.0, 1.0)) -> pygame.Rect:
    """Draw one cat; returns the rect it covers. ``flip`` mirrors it (facing left); ``squash``
    (width, height factors) squashes or stretches it about its feet."""
    pose, blink = _pose_ready(size, coat, pose, t, flip)
    body, tail = cat_sprites(size, coat, pose, t, flip, blink)
    u = size / 100
    dx = dy = 0.0
    if pose == "happy":
        dy = -abs(math.sin(t * 6.0)) * 7 * u
    elif pose == "victorious":
        dy = -abs(math.sin(t * 4.0)) * 5 * u
    elif pose == "scared":
        dx = math.sin(t * 45.0) * 1.2 * u
    rect = body.get_rect(center=(center[0] + dx, center[1] + dy))
    if abs(squash[0] - 1) > 0.005 or abs(squash[1] - 1) > 0.005:
        body, tail = _squashed(body, tail, squash)
        rect = body.get_rect(midbottom=rect.midbottom)
    if pose != "knocked_out":
        surface.blit(tail[0], rect.move(tail[1]))
    surface.blit(body, rect)
    if pose == "thinking":
        for i in range(3):
            phase = (t * 2.0 - i * 0.35) % 2.0
            r = (3 + 1.5 * i) * u * (0.8 + 0.2 * math.sin(phase * math.pi))
            bx = rect.centerx + (26 + 9 * i) * u * (-1 if flip else 1)
            pygame.draw.circle(surface, P.INK, (bx, rect.top + (12 - 8 * i) * u), r + max(1, u))
            pygame.draw.circle(surface, P.CREAM, (bx, rect.top + (12 - 8 * i) * u), r)
    elif pose == "knocked_out":
        for i in range(3):
            a = t * 2.5 + i * 2.09
            c = (rect.centerx + math.cos(a) * 22 * u, rect.top + 12 * u + math.sin(a) * 6 * u)
            _star(surface, C.DRAW_CAT_1, c, 5 * u)
    elif pose == "victorious":
        for i in range(4):
            a = t * 1.5 + i * 1.57
            c = (rect.centerx + math.cos(a) * 48 * u, rect.centery - 10 * u + math.sin(a) * 30 * u)
            _star(surface, C.DRAW_CAT_2, c, (3 + 2 * (0.5 + 0.5 * math.sin(t * 6 + i))) * u)
    return rect


def draw_tiger(surface, center, size, thinking: bool = False, t: float = 0.0) -> pygame.Rect:
    """The tiger who gives hints (``assets/pictures/tiger/face.svg``: a striped face with a "?"
    badge, unlike any seat's cat), ``size`` px square; thinking, it nods as it works."""
    size = max(8, int(size))
    face = pictures.picture("tiger/face.svg", (size, size))
    dy = -abs(math.sin(t * 3.0)) * size * 0.05 if thinking else 0.0
    rect = face.get_rect(center=(round(center[0]), round(center[1] + dy)))
    surface.blit(face, rect)
    return rect


def draw_walking_cat(
    surface, center, size, coat="tabby", t=0.0, flip=False, steps_per_second=2.2
) -> pygame.Rect:
    """A cat walking sideways (facing right, or left with ``flip``); the step cycle follows ``t``."""
    coat = coat if coat in C.COAT_COLOURS else "tabby"
    size = max(16, int(size))
    frame = int(t * steps_per_second * WALK_FRAMES) % WALK_FRAMES
    rel = f"cats/{coat}/walk-{frame}.svg"
    box = (int(size * 1.5), int(size * 1.2))
    surf = pictures.picture(rel, box)
    if flip:
        surf = _piece(("walk", size, coat, frame),
                      lambda: pygame.transform.flip(pictures.picture(rel, box), True, False))
    rect = surf.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(surf, rect)
    return rect
