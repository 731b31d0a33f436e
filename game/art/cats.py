"""Procedural cats: round, warm, thick outlines, big eyes, a tail that moves.

``draw_cat(surface, center, size, coat, pose, t)`` draws a sitting cat whose sprite is ``size``
window pixels tall, centred on ``center``. Coats: tabby, calico, tuxedo, siamese, black, ginger.
Poses: idle (blinks, swishes), thinking (looks up, thought dots), happy (bounces, ^ ^ eyes),
scared (fur up, wide eyes, shakes), knocked_out (swirl eyes, tilted, stars), victorious (paw up,
crown, sparkles). ``t`` is time in seconds.

The body (per size/coat/pose/eye state) and the tail (per size/coat/pose/swing frame) are
rasterised once and cached; a frame only blits them.
"""

from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cache import ART, window_format

C = P.colours("shared")

COATS = ("tabby", "calico", "tuxedo", "siamese", "black", "ginger")
POSES = ("idle", "thinking", "happy", "scared", "knocked_out", "victorious")

# fill, belly/muzzle, marking, outline, eye colour
TAIL_FRAMES = 24
BOXES_KEPT = 5000     # tail frames whose box is remembered (all forgotten past this)
ASKED_AHEAD = (0.1, 0.2, 0.3)   # s: the tail frames asked of the art worker (on their way a few frames)
def _cached(key, make):
    """A cat picture from the shared art budget (game/art/cache.py), made once when missing."""
    surf = ART.get("cats", key)
    if surf is None:
        surf = make()
        if pygame.display.get_surface() is not None:     # (no copy of one in the window's format)
            surf = ((window_format(surf[0]), surf[1]) if isinstance(surf, tuple) else window_format(surf))
        ART.put("cats", key, surf)
    return surf


def _ellipse(surf, fill, outline, cx, cy, w, h, o):
    r = pygame.Rect(0, 0, w, h)
    r.center = (cx, cy)
    if o:
        pygame.draw.ellipse(surf, outline, r.inflate(o * 2, o * 2))
    pygame.draw.ellipse(surf, fill, r)
    return r


def _poly(surf, fill, outline, pts, o):
    if o:
        pygame.draw.polygon(surf, outline, pts, 0)
        pygame.draw.polygon(surf, outline, pts, o * 2)
        for p in pts:
            pygame.draw.circle(surf, outline, p, o)
    pygame.draw.polygon(surf, fill, pts)


def _tail_points(u, base, swing, puff=1.0):
    """A curling tail from ``base``: swing in -1..1 bends it."""
    pts = []
    for i in range(14):
        s = i / 13
        ang = -0.2 - 1.5 * s - swing * 0.9 * s * s
        r = 34 * u * s
        pts.append((base[0] + r * math.cos(ang) * 0.9 + 6 * u * s, base[1] + r * math.sin(ang)))
    return pts


def _tail_shape(size: int, pose: str, frame: int):
    """The tail's line (points), its thickness and its outline's, in a (size * 1.3, size) picture."""
    u = size / 100
    swing = math.sin(2 * math.pi * frame / TAIL_FRAMES)
    if pose == "knocked_out":
        swing = -0.6
    elif pose == "scared":
        swing = 0.9 + 0.1 * swing
    puff = 1.7 if pose == "scared" else 1.0
    pts = _tail_points(u, (int(size * 1.3) / 2 + 20 * u, 86 * u), swing, puff)
    return pts, max(3, round(9 * u * puff)), max(2, round(3.2 * u))


def _tail_reach(size: int, pose: str, frame: int) -> pygame.Rect:
    """A rect sure to hold every pixel the tail paints: its line's box, grown by a whole stroke
    (the strokes reach half of one past the line)."""
    pts, thick, o = _tail_shape(size, pose, frame)
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    grow = thick + 2 * o + 4
    box = pygame.Rect(int(min(xs)) - grow, int(min(ys)) - grow, 0, 0)
    box.size = (int(max(xs)) + grow - box.x + 1, int(max(ys)) + grow - box.y + 1)
    return box.clip(pygame.Rect(0, 0, int(size * 1.3), size))


def _make_tail(size: int, coat: str, pose: str, frame: int,
               within: pygame.Rect | None = None) -> pygame.Surface:
    """The tail frame on a picture of the body's rect, or only of ``within`` (a part of that rect
    holding every pixel of it, ``_tail_reach``: the same pixels, moved by its corner)."""
    u = size / 100
    area = pygame.Rect(0, 0, int(size * 1.3), size) if within is None else within
    surf = pygame.Surface(area.size, pygame.SRCALPHA)
    fill, _, mark, ink, _ = C.COAT_COLOURS[coat]
    if coat == "siamese":
        fill = mark
    pts, thick, o = _tail_shape(size, pose, frame)
    if area.topleft != (0, 0):
        pts = [(x - area.x, y - area.y) for x, y in pts]
    for width, colour in ((thick + 2 * o, ink), (thick, fill)):
        pygame.draw.lines(surf, colour, False, pts, width)
        for p in (pts[0], pts[-1]):
            pygame.draw.circle(surf, colour, p, width // 2)
    if coat in ("tabby", "ginger"):
        for i in (5, 8, 11):
            a, b = pts[i], pts[i + 1]
            nx, ny = -(b[1] - a[1]), b[0] - a[0]
            ln = math.hypot(nx, ny) or 1
            nx, ny = nx / ln * thick / 2, ny / ln * thick / 2
            pygame.draw.line(
                surf, mark, (a[0] - nx, a[1] - ny), (a[0] + nx, a[1] + ny), max(2, round(2.5 * u))
            )
    if coat == "tuxedo":
        pygame.draw.circle(surf, C.COAT_COLOURS["tuxedo"][1], pts[-1], max(2, thick // 2 - 1))
    return surf


def _eyes(surf, u, cx, cy, state, eye_col, ink, o):
    for side in (-1, 1):
        ex = cx + side * 12.5 * u
        if state == "closed":
            r = pygame.Rect(0, 0, 15 * u, 10 * u)
            r.center = (ex, cy + 2 * u)
            pygame.draw.arc(surf, ink, r, math.pi * 1.05, math.pi * 1.95, max(2, round(3 * u)))
        elif state == "happy":
            r = pygame.Rect(0, 0, 15 * u, 12 * u)
            r.center = (ex, cy + 3 * u)
            pygame.draw.arc(surf, ink, r, math.pi * 0.1, math.pi * 0.9, max(2, round(3.2 * u)))
        elif state == "swirl":
            pts = []
            for i in range(30):
                a = i * 0.55
                rr = 0.25 * u * i
                pts.append((ex + rr * math.cos(a * side), cy + rr * math.sin(a * side)))
            _ellipse(surf, C.EYES_1, ink, ex, cy, int(16 * u), int(17 * u), max(1, o // 2))
            pygame.draw.lines(surf, ink, False, pts, max(2, round(2 * u)))
        else:
            wide = state == "wide"
            _ellipse(
                surf,
                C.EYES_1,
                ink,
                ex,
                cy,
                int(16 * u),
                int((20 if wide else 18) * u),
                max(1, o // 2 + 1),
            )
            iris_w, iris_h = (9 * u, 10 * u) if wide else (13 * u, 15 * u)
            dx, dy = (-3 * u, -3 * u) if state == "look" else (0, 1 * u)
            _ellipse(surf, eye_col, eye_col, ex + dx, cy + dy, int(iris_w), int(iris_h), 0)
            pw, ph = (4 * u, 5 * u) if wide else (6 * u, 11 * u)
            _ellipse(surf, C.EYES_2, ink, ex + dx, cy + dy, int(pw), int(ph), 0)
            pygame.draw.circle(surf, C.EYES_1, (ex + dx - 3 * u, cy + dy - 4 * u), max(1, 2.6 * u))
            pygame.draw.circle(surf, C.EYES_1, (ex + dx + 2.5 * u, cy + dy + 3 * u), max(1, 1.2 * u))


def _make_body(size: int, coat: str, pose: str, blink: bool) -> pygame.Surface:
    u = size / 100
    w, h = int(size * 1.3), size
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    fill, belly, mark, ink, eye_col = C.COAT_COLOURS[coat]
    o = max(2, round(3.2 * u))
    cx = w / 2
    # body
    body = _ellipse(surf, fill, ink, cx, 70 * u, int(56 * u), int(46 * u), o)
    if pose == "scared":  # fur up: a spiky rim
        spikes = []
        for i in range(19):
            a = math.pi + math.pi * i / 18
            rr = (31 if i % 2 else 36) * u
            spikes.append((cx + rr * math.cos(a), 72 * u + rr * 0.85 * math.sin(a)))
        _poly(surf, fill, ink, spikes, o)
        pygame.draw.ellipse(surf, fill, body)
    _ellipse(surf, belly, belly, cx, 74 * u, int(26 * u), int(30 * u), 0)
    if coat == "calico":
        pygame.draw.ellipse(surf, mark, pygame.Rect(cx + 8 * u, 56 * u, 16 * u, 20 * u))
        pygame.draw.ellipse(surf, C.CALICO_BLACK, pygame.Rect(cx - 26 * u, 64 * u, 14 * u, 16 * u))
    if coat in ("tabby", "ginger"):
        for k in (0, 1):
            for side in (-1, 1):
                r = pygame.Rect(0, 0, 20 * u, 24 * u)
                r.center = (cx + side * (22 - 2 * k) * u, (66 + 9 * k) * u)
                if side < 0:
                    a0, a1 = math.pi * 0.55, math.pi * 1.2
                else:
                    a0, a1 = math.pi * 1.8, math.pi * 2.45
                pygame.draw.arc(surf, mark, r, a0, a1, max(2, round(2.6 * u)))
    # front paws
    paws = [(-10, 93), (10, 93)]
    raised = pose == "victorious"
    for i, (dx, py) in enumerate(paws):
        if raised and i == 1:
            continue
        col = belly if coat in ("tuxedo",) else (mark if coat == "siamese" else fill)
        _ellipse(surf, col, ink, cx + dx * u, py * u, int(15 * u), int(10 * u), o)
    # head
    hy = 38 * u if pose != "knocked_out" else 46 * u
    ear_drop = 8 * u if pose == "scared" else 0
    for side in (-1, 1):
        base_out = (cx + side * 29 * u, hy - 6 * u + ear_drop * 0.4)
        tip = (cx + side * (27 + (8 if pose == "scared" else 0)) * u, hy - 33 * u + ear_drop)
        base_in = (cx + side * 7 * u, hy - 20 * u)
        calico_right = coat == "calico" and side > 0
        ear_col = mark if coat in ("siamese",) else (C.CALICO_BLACK if calico_right else fill)
        _poly(surf, ear_col, ink, [base_out, tip, base_in], o)
        inner = [
            (base_out[0] * 0.75 + tip[0] * 0.25 - side * 1 * u, base_out[1] * 0.6 + tip[1] * 0.4),
            (tip[0] - side * 2 * u, tip[1] + 6 * u),
            (base_in[0] + side * 5 * u, base_in[1] + 3 * u),
        ]
        pygame.draw.polygon(surf, C.EAR_PINK, inner)
    head = _ellipse(surf, fill, ink, cx, hy, int(66 * u), int(52 * u), o)
    if coat == "calico":
        clip = surf.get_clip()
        surf.set_clip(head)
        pygame.draw.ellipse(surf, mark, pygame.Rect(cx - 36 * u, hy - 30 * u, 30 * u, 30 * u))
        pygame.draw.ellipse(surf, C.CALICO_BLACK, pygame.Rect(cx + 10 * u, hy - 32 * u, 26 * u, 22 * u))
        surf.set_clip(clip)
    if coat in ("tabby", "ginger"):
        for dx in (-7, 0, 7):
            pygame.draw.line(
                surf, mark, (cx + dx * u, hy - 25 * u), (cx + dx * 0.8 * u, hy - 15 * u), max(2, round(3 * u))
            )
    if coat == "siamese":
        _ellipse(surf, mark, mark, cx, hy + 9 * u, int(34 * u), int(24 * u), 0)
    muzzle = belly if coat != "siamese" else C.MAKE_BODY_MUZZLE
    if coat in ("tuxedo", "tabby", "ginger", "calico"):
        _ellipse(surf, muzzle, muzzle, cx - 6 * u, hy + 12 * u, int(16 * u), int(12 * u), 0)
        _ellipse(surf, muzzle, muzzle, cx + 6 * u, hy + 12 * u, int(16 * u), int(12 * u), 0)
    # eyes
    state = {
        "thinking": "look",
        "happy": "happy",
        "victorious": "happy",
        "scared": "wide",
        "knocked_out": "swirl",
    }.get(pose, "open")
    if blink and state in ("open", "look"):
        state = "closed"
    _eyes(surf, u, cx, hy + 1 * u, state, eye_col, ink, o)
    # nose and mouth
    ny = hy + 9 * u
    pygame.draw.polygon(surf, C.NOSE, [(cx - 3.5 * u, ny), (cx + 3.5 * u, ny), (cx, ny + 3.5 * u)])
    lw = max(2, round(2 * u))
    if pose in ("happy", "victorious", "scared"):
        mouth = pygame.Rect(0, 0, (10 if pose != "scared" else 7) * u, (8 if pose != "scared" else 7) * u)
        mouth.midtop = (cx, ny + 4 * u)
        pygame.draw.ellipse(surf, C.MAKE_BODY_1, mouth)
        pygame.draw.ellipse(surf, ink, mouth, max(1, lw - 1))
    else:
        for side in (-1, 1):
            r = pygame.Rect(0, 0, 7 * u, 6 * u)
            r.topleft = (cx - (7 * u if side < 0 else 0), ny + 2 * u)
            pygame.draw.arc(surf, ink, r, math.pi * 1.0, math.pi * 2.0, lw)
        if pose == "knocked_out":
            pygame.draw.ellipse(surf, C.NOSE, pygame.Rect(cx + 1 * u, ny + 5 * u, 5 * u, 7 * u))
    whisk = C.MAKE_BODY_WHISK if coat in ("black", "tuxedo") else C.CATS_MAKE_BODY_WHISK
    for side in (-1, 1):
        for k in (-1, 1):
            pygame.draw.line(
                surf,
                whisk,
                (cx + side * 12 * u, ny + 3 * u + k * 2 * u),
                (cx + side * 30 * u, ny + k * 5 * u),
                max(1, round(1.3 * u)),
            )
    # pose extras
    if raised:
        col = belly if coat == "tuxedo" else (mark if coat == "siamese" else fill)
        pts = [(cx + 20 * u, 66 * u), (cx + 34 * u, 40 * u)]
        pygame.draw.line(surf, ink, pts[0], pts[1], int(12 * u) + 2 * o)
        pygame.draw.line(surf, col, pts[0], pts[1], int(12 * u))
        _ellipse(surf, col, ink, cx + 35 * u, 36 * u, int(14 * u), int(13 * u), o)
        crown = [
            (cx - 16 * u, hy - 22 * u),
            (cx - 18 * u, hy - 38 * u),
            (cx - 8 * u, hy - 30 * u),
            (cx, hy - 42 * u),
            (cx + 8 * u, hy - 30 * u),
            (cx + 18 * u, hy - 38 * u),
            (cx + 16 * u, hy - 22 * u),
        ]
        _poly(surf, C.MAKE_BODY_2, ink, crown, max(1, o - 1))
        pygame.draw.circle(surf, P.PINK, (cx, hy - 28 * u), max(2, 3 * u))
    if pose == "knocked_out":  # slumped sideways: rotate, keep the size, crop around the middle
        turned = pygame.transform.rotate(surf, 14)
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        surf.blit(turned, turned.get_rect(center=(w // 2, h // 2)))
    return surf


def _star(surface, colour, c, r):
    pts = []
    for i in range(10):
        a = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.45
        pts.append((c[0] + rr * math.cos(a), c[1] + rr * math.sin(a)))
    pygame.draw.polygon(surface, colour, pts)


def _tail_frame(pose: str, t: float) -> int:
    return 0 if pose == "knocked_out" else int((t / 2.4) * TAIL_FRAMES) % TAIL_FRAMES


def cat_sprites(size: int, coat: str, pose: str, t: float, flip: bool = False):
    """(body surface, (tail surface, its offset in the body's rect)) for time ``t`` (cached)."""
    coat = coat if coat in C.COAT_COLOURS else "tabby"
    pose = pose if pose in POSES else "idle"
    size = max(16, int(size))
    blink = (t % 4.2) < 0.14 or (3.5 < (t % 11.0) < 3.62)
    frame = _tail_frame(pose, t)
    _drawn[(size, coat, pose, flip)] = t
    body = _cached(("body", size, coat, pose, blink, flip),
                   lambda: _flipped(_make_body(size, coat, pose, blink), flip))
    tail = _cached(("tail", size, coat, pose, frame, flip), lambda: _tail(size, coat, pose, frame, flip))
    return body, tail


_drawn: dict[tuple, float] = {}     # cats drawn since the last warm_ahead: (size, coat, pose, flip) -> t
_expected: dict[tuple, None] = {}   # cats about to be drawn in a new pose, first said first
_made_at = [-1]                     # ART.made at the end of the last warm_ahead


def expect(size: int, coat: str, pose: str, flip: bool = False) -> None:
    """A cat about to be drawn in ``pose`` (as ``draw_cat`` would be called): the next
    ``warm_ahead`` makes its body if missing, within its limit.
    Issue 23: a new turn's "thinking" pose was made in the frame it first showed (its body
    1-3.5 ms at 4K), with the turn's plate and words. A table says it each frame it knows the
    pose is coming (the game's turn runs ahead of the one shown); it is forgotten after one
    ``warm_ahead``."""
    coat = coat if coat in C.COAT_COLOURS else "tabby"
    pose = pose if pose in POSES else "idle"
    _expected.setdefault((max(16, int(size)), coat, pose, flip))


def warm_ahead(limit: int = 2, ahead: tuple[float, ...] = (0.1, 0.2), ask=None) -> int:
    """Rasterise up to ``limit`` tail frames the cats drawn lately will need in ``ahead``
    seconds. A tail frame is new every 0.1 s and six cats at 3840x2160 made several in one
    frame (a dropped frame); made ahead, one or two a frame, they cost nothing when needed.
    Then, within the same limit, one body of a cat ``expect``ed (not blinking, as it is
    but a few frames in a hundred; not its tail frames: which one shows first is not known,
    and one is a small picture), only in a quiet frame: no picture made since the last call
    (the last drawing and this frame's update: a busy phase, a flight or a shout, makes some
    most frames) nor tail frame here; the expected ones made are counted as drawn each frame
    they are expected. Returns how many were made.
    ``ask(fn, *args)`` (the app's ``art_ahead.asked`` while the art worker runs; None: no
    worker): True when the picture is on its way from the worker, so not made here. The tail
    frames are asked for further ahead (``ASKED_AHEAD``); at 4K, made here, they were 1-5 ms of
    most frames (the art budget cannot keep them all: each was made again every 2.4 s)."""
    quiet = ART.made == _made_at[0]
    made = 0
    asking = ask is not None
    for (size, coat, pose, flip), t in list(_drawn.items()):
        for dt in (ASKED_AHEAD if asking else ahead):
            frame = _tail_frame(pose, t + dt)
            key = ("tail", size, coat, pose, frame, flip)
            if ART.get("cats", key) is not None or (asking and ask(tail_piece, *key[1:])):
                continue
            if made < limit and dt in ahead:
                _cached(key, lambda k=key: _tail(*k[1:]))
                made += 1
    _drawn.clear()
    # the expected bodies kept fresh each frame (made ahead and not drawn yet, they were the
    # first pushed out of a full budget at 4K: made again a few frames later), the first one
    # missing made
    bodies = [("body", size, coat, pose, False, flip) for size, coat, pose, flip in _expected]
    missing = [key for key in bodies if not ART.touch([("cats", key)])]
    if missing and asking and ask(body_piece, *missing[0][1:]):
        pass                                            # on its way from the worker
    elif missing and quiet and not made and limit > 0:
        key = missing[0]
        _cached(key, lambda: _flipped(_make_body(*key[1:5]), key[5]))
        made += 1
    _expected.clear()
    _made_at[0] = ART.made
    return made


def _flipped(surf: pygame.Surface, flip: bool) -> pygame.Surface:
    return pygame.transform.flip(surf, True, False) if flip else surf


_boxes: dict[tuple, tuple] = {}   # (size, coat, pose, frame) -> (where it can reach, what it covers)


def _tail(size: int, coat: str, pose: str, frame: int, flip: bool):
    """A tail frame cut to what it covers, with its offset in the body's rect: a tail fills a
    tenth of its square, and 24 frames per cat and pose are cached. It is drawn only where it can
    reach (``_tail_reach``; drawn on the whole square, a new 0.5 MiB picture at 4K, its pages
    faulted in, and searched: 1.5-2 ms, more than drawing the tail), and its box is kept: at 4K
    the art budget cannot hold every tail frame of six cats (~9 MiB), the cheapest pictures to
    make again go first, and each tail frame was made again every 2.4 s; its box is the same
    each time (and the same mirrored: it is found before the flip)."""
    key = (size, coat, pose, frame)
    known = _boxes.get(key)
    if known is None:
        if len(_boxes) > BOXES_KEPT:
            _boxes.clear()
        reach = _tail_reach(size, pose, frame)
        tail = _make_tail(size, coat, pose, frame, reach)
        known = _boxes[key] = (reach, tail.get_bounding_rect().move(reach.topleft))
    else:
        tail = _make_tail(size, coat, pose, frame, known[0])
    reach, box = known
    piece = _flipped(tail.subsurface(box.move(-reach.x, -reach.y)), flip).copy()
    return piece, ((int(size * 1.3) - box.right) if flip else box.x, box.y)


def tail_piece(size: int, coat: str, pose: str, frame: int, flip: bool):
    """A tail frame as ``cat_sprites`` keeps it (its picture, its offset), for the art worker
    (game/runtime/art_ahead.py: ``family``, ``key`` and ``__wrapped__`` as an ``art_cache``
    function has them)."""
    return _cached(("tail", size, coat, pose, frame, flip), lambda: _tail(size, coat, pose, frame, flip))


def _body(size: int, coat: str, pose: str, blink: bool, flip: bool) -> pygame.Surface:
    return _flipped(_make_body(size, coat, pose, blink), flip)


def body_piece(size: int, coat: str, pose: str, blink: bool, flip: bool):
    """A cat's body as ``cat_sprites`` keeps it, for the art worker (as ``tail_piece``)."""
    return _cached(("body", size, coat, pose, blink, flip), lambda: _body(size, coat, pose, blink, flip))


tail_piece.family = body_piece.family = "cats"
tail_piece.key = lambda *args: ("tail", *args)
body_piece.key = lambda *args: ("body", *args)
tail_piece.__wrapped__ = _tail
body_piece.__wrapped__ = _body


def draw_cat(surface, center, size, coat="tabby", pose="idle", t=0.0, flip=False) -> pygame.Rect:
    """Draw one cat; returns the rect it covers. ``flip`` mirrors it (facing left)."""
    body, tail = cat_sprites(size, coat, pose, t, flip)
    u = size / 100
    dx = dy = 0.0
    if pose == "happy":
        dy = -abs(math.sin(t * 6.0)) * 7 * u
    elif pose == "victorious":
        dy = -abs(math.sin(t * 4.0)) * 5 * u
    elif pose == "scared":
        dx = math.sin(t * 45.0) * 1.2 * u
    rect = body.get_rect(center=(center[0] + dx, center[1] + dy))
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


def clear_cache() -> None:
    ART.release("cats")


WALK_FRAMES = 8


def _make_walker(size: int, coat: str, frame: int) -> pygame.Surface:
    """A side view of a walking cat facing right, one of WALK_FRAMES steps of the cycle."""
    u = size / 100
    w, h = int(size * 1.5), int(size * 1.2)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    fill, belly, mark, ink, eye_col = C.COAT_COLOURS[coat]
    o = max(2, round(3 * u))
    phase = 2 * math.pi * frame / WALK_FRAMES
    cx, cy = w * 0.45, 62 * u - abs(math.sin(phase)) * 3 * u
    leg_col = {"tuxedo": belly, "siamese": mark}.get(coat, fill)
    far_leg = tuple(int(c * 0.78) for c in leg_col)

    def leg(x, swing, colour):
        hip = (cx + x * u, cy + 8 * u)
        foot = (hip[0] + math.sin(swing) * 16 * u, cy + 40 * u - max(0, math.cos(swing + 1.2)) * 3 * u)
        pygame.draw.line(surf, ink, hip, foot, int(13 * u) + 2 * o)
        pygame.draw.circle(surf, ink, foot, int(7 * u) + o)
        pygame.draw.line(surf, colour, hip, foot, int(13 * u))
        pygame.draw.circle(surf, colour, foot, int(7 * u))

    # tail (behind everything), swaying with the step
    base = (cx - 36 * u, cy - 4 * u)
    pts = []
    for i in range(12):
        s = i / 11
        pts.append(
            (
                base[0] - 16 * u * s + 4 * u * math.sin(phase + s * 2) * s,
                base[1] - 38 * u * s + 10 * u * s * s,
            )
        )
    tail_col = mark if coat == "siamese" else fill
    pygame.draw.lines(surf, ink, False, pts, int(9 * u) + 2 * o)
    for p in (pts[0], pts[-1]):
        pygame.draw.circle(surf, ink, p, (int(9 * u) + 2 * o) // 2)
    pygame.draw.lines(surf, tail_col, False, pts, int(9 * u))
    pygame.draw.circle(surf, tail_col, pts[-1], int(4.5 * u))
    # far legs, body, near legs
    leg(-26, phase + math.pi, far_leg)
    leg(22, phase, far_leg)
    _ellipse(surf, fill, ink, cx, cy, int(84 * u), int(44 * u), o)
    if coat in ("tabby", "ginger"):
        for dx in (-22, -8, 6):
            pygame.draw.line(
                surf, mark, (cx + dx * u, cy - 20 * u), (cx + (dx - 4) * u, cy - 6 * u), max(2, round(3 * u))
            )
    elif coat == "calico":
        pygame.draw.ellipse(surf, mark, pygame.Rect(cx - 24 * u, cy - 20 * u, 24 * u, 18 * u))
        pygame.draw.ellipse(surf, C.CALICO_BLACK, pygame.Rect(cx + 4 * u, cy - 18 * u, 18 * u, 14 * u))
    elif coat == "tuxedo":
        pygame.draw.ellipse(surf, belly, pygame.Rect(cx + 10 * u, cy - 4 * u, 30 * u, 22 * u))
    leg(-26, phase, leg_col)
    leg(22, phase + math.pi, leg_col)
    # head
    hx, hy = cx + 40 * u, cy - 20 * u
    for dx, tip in ((-12, -4), (6, 12)):
        ear = [
            (hx + dx * u, hy - 14 * u),
            (hx + (dx + tip * 0.3) * u, hy - 36 * u),
            (hx + (dx + 14) * u, hy - 18 * u),
        ]
        _poly(
            surf,
            mark if coat == "siamese" else (C.CALICO_BLACK if coat == "calico" and dx > 0 else fill),
            ink,
            ear,
            o,
        )
    _ellipse(surf, fill, ink, hx, hy, int(54 * u), int(46 * u), o)
    if coat == "siamese":
        _ellipse(surf, mark, mark, hx + 10 * u, hy + 6 * u, int(26 * u), int(22 * u), 0)
    elif coat in ("tuxedo", "tabby", "ginger", "calico"):
        _ellipse(surf, belly, belly, hx + 12 * u, hy + 8 * u, int(20 * u), int(14 * u), 0)
    if coat in ("tabby", "ginger"):
        for dx in (-6, 2):
            pygame.draw.line(
                surf, mark, (hx + dx * u, hy - 18 * u), (hx + dx * u, hy - 10 * u), max(2, round(3 * u))
            )
    _ellipse(surf, C.MAKE_WALKER_1, ink, hx + 8 * u, hy - 3 * u, int(13 * u), int(15 * u), max(1, o // 2 + 1))
    _ellipse(surf, eye_col, eye_col, hx + 10 * u, hy - 2 * u, int(9 * u), int(12 * u), 0)
    _ellipse(surf, C.MAKE_WALKER_2, ink, hx + 11 * u, hy - 2 * u, int(4 * u), int(9 * u), 0)
    pygame.draw.circle(surf, C.MAKE_WALKER_1, (hx + 8 * u, hy - 6 * u), max(1, 2.2 * u))
    pygame.draw.polygon(
        surf, C.NOSE, [(hx + 21 * u, hy + 4 * u), (hx + 24 * u, hy + 4 * u), (hx + 22 * u, hy + 7 * u)]
    )
    whisk = C.MAKE_WALKER_WHISK if coat in ("black", "tuxedo") else C.CATS_MAKE_WALKER_WHISK
    for k in (-1, 1):
        pygame.draw.line(
            surf,
            whisk,
            (hx + 16 * u, hy + 8 * u),
            (hx + 34 * u, hy + (6 + 4 * k) * u),
            max(1, round(1.3 * u)),
        )
    return surf


def draw_walking_cat(
    surface, center, size, coat="tabby", t=0.0, flip=False, steps_per_second=2.2
) -> pygame.Rect:
    """A cat walking sideways (facing right, or left with ``flip``); the step cycle follows ``t``."""
    coat = coat if coat in C.COAT_COLOURS else "tabby"
    size = max(16, int(size))
    frame = int(t * steps_per_second * WALK_FRAMES) % WALK_FRAMES
    surf = _cached(("walk", size, coat, frame, False), lambda: _make_walker(size, coat, frame))
    if flip:
        base = surf
        surf = _cached(("walk", size, coat, frame, True), lambda: pygame.transform.flip(base, True, False))
    rect = surf.get_rect(center=(int(center[0]), int(center[1])))
    surface.blit(surf, rect)
    return rect
