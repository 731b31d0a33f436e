"""Drawing pieces every table uses: text, chips, the banner, the prompt box, cached opaque pieces
and card shadows, and the level's tiles under a table's own decorations. A table sets its
colours in class attributes (``chip_fill``, ``curtain_style``); the shapes stay the same."""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cache import ART, ArtDict, give_back_memory, window_format
from game.art.cats import draw_cat
from game.art.draw import draw_panel, ellipse_glow, panel
from game.runtime.dirty import Recorder
from game.runtime.level_tiles import tiles_of
from game.ui.textfit import abbreviate_line

C = P.colours("shared")
FITTED_KEPT = 4000          # TableLook.fitted_line's measurements kept (all dropped past this)
FADE_STEPS = 30             # a banner's fading alpha changes this many times a second


def paint_shadow(surf: pygame.Surface, rect, alpha: int = 70) -> None:
    """A card's drop shadow painted in ``rect`` of ``surf`` (``TableLook.shadow``'s picture). On
    a clear picture it gives the pixels of that picture blitted there, without making it."""
    pygame.draw.rect(surf, (0, 0, 0, alpha), rect, border_radius=max(2, int(rect[2] * 0.09)))


class TableLook:
    chip_fill = C.CHIP_FILL
    chip_pad = (36, 14)
    curtain_style = {"shade": C.CURTAIN_SHADE, "fill": C.CURTAIN_FILL, "edge": P.LAMP, "title": P.LAMP,
                     "others": P.MUTED}

    def art(self, name: str) -> ArtDict:
        """This table's own picture cache ``name``, kept in the shared art budget and given back
        when the scene ends (``release_art``)."""
        caches = self.__dict__.setdefault("_art", {})
        if name not in caches:
            caches[name] = ArtDict(f"{type(self).__name__}.{name}")
        return caches[name]

    def release_art(self) -> None:
        for cache in self.__dict__.pop("_art", {}).values():
            cache.release()
        self._bg = None
        give_back_memory()

    def kept_piece(self, surface, name: str, key, draw):
        """Draw a piece of the table with ``draw()`` (its result returned); on a window drawn by
        parts (``surface`` a ``dirty.Recorder``), when ``key`` (everything its drawing depends
        on) is the one it had the frame before, add the very operations it recorded then, with
        the boxes it logged for the audit, and count its pictures as drawn now in the art budget
        (none may have gone: else it is drawn anew), without walking its drawing again.

        Why (issue 23): at 4K a table's Python walk of its pieces took most of a frame's
        processor (Hungry Meow: 4.3 of 7.8 ms), though most pieces (a hand, a name plate) draw
        the same as the frame before. The same operations are the same pixels: the redraw by
        parts compares them and redraws only where they differ. A spy on ``app.draw_text`` (a
        test's) sees every text: nothing is kept while one is set."""
        ops = getattr(surface, "ops", None)
        boxes = getattr(self, "boxes", None)
        if ops is None or boxes is None or not isinstance(surface, Recorder) or "draw_text" in vars(self.app):
            return draw()
        kept = self.__dict__.setdefault("_pieces", {})
        frame = self.app.frame
        hit = kept.get(name)
        if (hit is not None and hit[0] == frame - 1 and hit[1] == key and hit[2] == surface._clip_key
                and ART.touch(hit[6])):
            ops.extend(hit[3])
            boxes.items.extend(hit[4])
            boxes.clipped.extend(hit[5])
            if ART.noting is not None:
                ART.noting.extend(hit[6])
            kept[name] = (frame, *hit[1:])
            return hit[7]
        clip, start, items, clipped = surface._clip_key, len(ops), len(boxes.items), len(boxes.clipped)
        outer, ART.noting = ART.noting, []
        try:
            result = draw()
        finally:
            noted, ART.noting = ART.noting, outer
            if outer is not None:
                outer.extend(noted)
        if surface._clip_key == clip:          # (one that leaves another clip is not kept)
            kept[name] = (frame, key, clip, ops[start:], boxes.items[items:], boxes.clipped[clipped:],
                          tuple(dict.fromkeys(noted)), result)
        else:
            kept.pop(name, None)
        return result

    def text(self, surface, text, px, colour, pos, anchor="center", shadow=True, max_w=None, min_px=28):
        if max_w:
            font, cut = self.fitted_line(text, px, max_w, min_px)
            if cut != text and hasattr(self, "boxes"):
                self.boxes.clipped.append(text)     # the overlap audit fails on it (issue 21)
            text = cut
        else:
            font = self.app.font(px)
        return self.app.draw_text(surface, text, font, colour, pos, anchor, shadow=shadow)

    def fitted_line(self, text: str, px: int, max_w: int, min_px: int = 28):
        """(font, words) of ``text`` in ``max_w`` window px: the biggest size from ``px`` down to
        ``min_px`` that fits, still too wide at the floor: cut with "…". Kept per text, size and
        width (issue 23: measuring the same words again every frame, a dozen per seat and frame
        at 4K, cost more than drawing them)."""
        key = (text, px, max_w, min_px, self.app.scale)
        kept = self.__dict__.setdefault("_fitted", {})      # this table's (its app's fonts)
        hit = kept.get(key)
        if hit is None:
            if len(kept) > FITTED_KEPT:
                kept.clear()
            font = self.app.fit_font(text, px, max_w, min(px, min_px))
            hit = kept[key] = (font, abbreviate_line(font, text, max_w))
        return hit

    def chip(self, surface, text, center, edge, px: int = 32, name: str | None = None,
             max_w: int | None = None, bottom: int | None = None, top: int | None = None,
             keep_off=(), dry: bool = False) -> pygame.Rect:
        """A rounded label (a set to beat, a speech bubble, a floating score). ``name``: logged
        as an overlay of that name for the overlap audit (a seat's own bubble or badge is named
        "<kind>:seat<N>"); ``max_w``: no wider than that (window px), the words wrapped in
        lines when they are wider or hold a "\n"; ``bottom`` / ``top``: that edge there rather than
        its centre; ``keep_off``: rects it moves sideways off; ``dry``: only where it would go."""
        pad_w, pad_h = self.s(self.chip_pad[0]), self.s(self.chip_pad[1])
        font = self.app.font(px)
        wrap = 0
        if max_w and ("\n" in text or font.size(text)[0] > max_w - pad_w):
            wrap = max_w - pad_w        # a "\n" in the words says where the lines part
        surf = self.app.text(text, font, P.CREAM, wrap=wrap, align="center")
        r = surf.get_rect(center=center).inflate(pad_w, pad_h)
        if bottom is not None:
            r.bottom = bottom
        elif top is not None:
            r.top = top
        for other in keep_off:
            if r.colliderect(other):
                if other.centerx > r.centerx:
                    r.right = other.left - self.s(6)
                else:
                    r.left = other.right + self.s(6)
        edge_gap = self.s(6)         # a bubble over a seat at the window's edge stays whole
        r.clamp_ip(surface.get_rect().inflate(-2 * edge_gap, -2 * edge_gap))
        if dry:
            return r
        radius = r.h // 2 if not wrap else self.s(22)
        surface.blit(panel(r.size, self.chip_fill, radius, max(2, self.s(3)), edge), r)
        surface.blit(surf, surf.get_rect(center=r.center))
        if name is not None and hasattr(self, "boxes"):
            self.boxes.add("overlay", name, r)
            if wrap and surf.get_width() > wrap:
                self.boxes.clipped.append(text)        # a word wider than the chip may be
        return r

    def seat_label(self, seat: int) -> str:
        """The seat's name, with "(you)" when one person plays."""
        name = self.feed.seats[seat].name
        if seat in self.humans and len(self.humans) == 1:
            # "Mochi (you)"; in Chinese full-width brackets and no space: 麻糬（你） (stranger 6)
            name = self.app.t("table.name_you", name=name, you=self.app.t(self.text_prefix + ".you"))
        return name

    def speech_chip(self, surface, seat: int, text: str, edge, px: int, name: str) -> pygame.Rect:
        """A seat's speech bubble in its own place (issue 21): over the cat's head when that is
        clear, else on its own name plate for the moment (a seat along the window's top); never
        over a cat's face."""
        above = self._above_head(surface, seat, text, edge, px)
        if above is not None:
            return self.chip(surface, text, self.seat_rect(seat).midtop, edge, px, name, **above)
        plate = self.plates[seat]
        return self.chip(surface, text, plate.center, edge, px - 2, name, max_w=plate.w)

    def seat_tag(self, surface, seat: int, text: str, edge, px: int, name: str) -> pygame.Rect:
        """A lasting word about a seat ("on a phone"): over the cat's head when that is clear,
        else on its name plate's top edge, over the cat's paws (its face, name and count stay seen)."""
        above = self._above_head(surface, seat, text, edge, px)
        rect = self.seat_rect(seat)
        if above is not None:
            return self.chip(surface, text, rect.midtop, edge, px, name, **above)
        plate = self.plates.get(seat, rect)
        return self.chip(surface, text, plate.midtop, edge, px - 4, name, bottom=plate.y + self.s(6))

    def _above_head(self, surface, seat: int, text: str, edge, px: int) -> dict | None:
        """The chip's place over the seat (as ``chip`` keywords) when it is clear of every other
        piece, overlay and the match box, and the window's top; else None."""
        rect = self.seat_rect(seat)
        if seat not in getattr(self, "plates", {}):
            return dict(max_w=rect.w + self.s(40), bottom=rect.y - self.s(2))
        keep = [self.match_rect.inflate(self.s(16), self.s(16))] if getattr(self, "match_rect", None) else []
        keep += [r for n, r in self.piece_boxes() if n not in ("actions", "banner", "reveal", f"seat{seat}")]
        keep += [d.rect for d in self.boxes.overlays()] if hasattr(self, "boxes") else []
        above = dict(max_w=rect.w + self.s(40), bottom=rect.y - self.s(2))
        spot = self.chip(surface, text, rect.midtop, edge, px, dry=True, **above)
        if rect.y > self.s(120) and not any(spot.colliderect(k) for k in keep):
            return above
        return None

    def draw_seat_cat(self, surface, seat: int, plate_h: int, glow, halo=None, fit_width: bool = False):
        """A seat's cat above its name plate; ``glow`` (width and height factors, colour, lift) a
        breathing glow under it on its turn, ``halo`` a colour glowing round it (a seat being
        chosen). Returns (seat rect, cat box, plate rect)."""
        rect = self.seat_rect(seat)
        plate_h = self.s(plate_h)
        box = pygame.Rect(rect.x, rect.y, rect.w, rect.h - plate_h)
        if glow:
            wf, hf, colour, lift = glow
            pulse = round((0.85 + 0.15 * math.sin(self.time * 4)) * 20) / 20   # a few cached sizes
            g = ellipse_glow((int(rect.w * wf * pulse), int(box.h * hf)), colour, 230)
            surface.blit(g, g.get_rect(center=(box.centerx, box.bottom - self.s(lift))))
        if halo:
            g = ellipse_glow((int(rect.w * 1.2), int(rect.h * 0.9)), halo, 220)
            surface.blit(g, g.get_rect(center=box.center))
        size, flip = self._seat_cat_size(rect, box, fit_width)
        draw_cat(surface, (box.centerx, box.centery + self.s(4)), size, self.feed.seats[seat].coat,
                 self.pose_of(seat), self.time + seat * 0.7, flip, self.juice.squash_of(seat))
        if hasattr(self, "boxes"):          # the audit: no bubble or badge on a cat's face
            face = pygame.Rect(0, 0, int(size * 0.62), int(size * 0.42))
            face.center = (box.centerx, box.centery + self.s(4) - int(size * 0.16))
            self.boxes.add("face", f"face:seat{seat}", face)
        plate = pygame.Rect(rect.x, rect.bottom - plate_h, rect.w, plate_h)
        if not hasattr(self, "plates"):
            self.plates = {}
        self.plates[seat] = plate                      # a speech chip may stand on it
        return rect, box, plate

    def _seat_cat_size(self, rect, box, fit_width: bool) -> tuple[int, bool]:
        """The size of a seat's cat (``draw_seat_cat``) and whether it faces left."""
        return int((min(box.h, box.w) if fit_width else box.h) * 0.98), rect.centerx > self.app.size[0] / 2

    def computer_cats(self, seats) -> list[int]:
        """Those of ``seats`` (each once, in order) a computer cat plays: no person at the table
        or on a phone."""
        return [seat for seat in dict.fromkeys(seats) if seat not in self.humans
                and not (self.phones is not None and seat in self.phones.seats)]

    def draw_banner(self, surface, center, px: int, max_w: int, min_px: int, fill, edge=None,
                    pad=(60, 24)) -> None:
        """The presenter's banner (a meal, Death, a win), fading out in its last 0.3 s (in steps of
        1/``FADE_STEPS`` s). While it
        does not fade it is one kept picture, its panel with its words on it (``banner_picture``):
        one blit where two were (issue 23: at 4K the words, 1256x186 over a 1376x234 panel, were
        blended again each frame anything under the banner moved: ~0.25 Mpx, 0.7 ms a frame), and
        the same picture each frame (a new one to the drawing by parts draws all under it again).
        While it fades: the panel, and one copy of the words, at its alpha, as before."""
        banner = self.presenter.banner
        if not banner:
            self.__dict__.pop("_banner_fading", None)
            return
        text, colour, left = banner
        surf, look, whole = self.banner_picture(text, colour, px, max_w, min_px, fill, edge, pad)
        box = surf.get_rect(center=center).inflate(self.s(pad[0]), self.s(pad[1]))
        if hasattr(self, "boxes"):          # the audit: a banner left over a person's turn is caught
            self.boxes.add("overlay", "banner", box)
        # its alpha steps 30 times a second (every other frame): each new alpha draws the banner
        # and all under it again (at 4K ~1 Mpx, 3-5 ms a frame for the fade's 18 frames)
        alpha = 255 if left > 0.3 else int(255 * math.ceil(left * FADE_STEPS - 1e-6) / FADE_STEPS / 0.3)
        if alpha >= 255:
            surface.blit(whole, box)
            return
        bg = panel(box.size, *look)
        bg.set_alpha(alpha)
        surface.blit(bg, box)
        held = self.__dict__.get("_banner_fading")   # a copy of the words (the cached one keeps its alpha)
        if held is None or held[0] is not surf:
            held = self._banner_fading = (surf, surf.copy())
        words = held[1]
        words.set_alpha(alpha)
        surface.blit(words, words.get_rect(center=box.center))

    def banner_picture(self, text, colour, px: int, max_w: int, min_px: int, fill, edge=None,
                       pad=(60, 24)):
        """(words, panel look, the panel with the words on it) of a banner, the last kept in the
        art budget: made here once (a table may make it ahead, when it knows the shout is coming),
        the pixels of the words blitted over the panel on the window (its colours are opaque: a
        pixel of it is clear or solid). The panel alone is kept fresh too, for the fade."""
        font = self.app.fit_font(text, px, max_w, min_px)
        surf = self.app.text(text, font, colour)
        box = surf.get_rect().inflate(self.s(pad[0]), self.s(pad[1]))
        look = (fill, box.h // 2, max(2, self.s(4)), edge or colour)
        bg = panel(box.size, *look)
        cache = self.art("banners")
        key = (text, font, tuple(colour), box.size, look)
        whole = cache.get(key)
        if whole is None:
            whole = bg.copy()
            whole.set_alpha(255)                # (the panel may be fading, for another banner)
            words = surf.get_rect(center=box.center)
            whole.blit(surf, (words.x - box.x, words.y - box.y))
            whole = cache[key] = window_format(whole)
        return surf, look, whole

    def banner_ahead(self, text, colour, px: int, max_w: int, min_px: int, fill, edge=None,
                     pad=(60, 24)) -> bool:
        """The picture of a banner to come (``banner_picture``'s) made a step a call, in frames
        before it shows: its words, then the panel with the words on it. True once it is made.
        Why (issue 23): made in one frame at 4K, a banner took 5-7 ms of it (the words,
        a 1.5 MiB panel, their copy), in a frame that drew the table too."""
        made = ART.made
        self.app.text(text, self.app.fit_font(text, px, max_w, min_px), colour)
        if ART.made != made:
            return False                                # (the words were this call's step)
        self.banner_picture(text, colour, px, max_w, min_px, fill, edge, pad)
        return True

    def draw_prompt_box(self, surface, rect, line, sub, fill, edge, alpha: int | None = None,
                        px=(34, 34, 38), rows=(30, 78)) -> None:
        """The prompt: one line (``(text, colour)``), or two with ``sub`` under it. ``alpha``
        None: an opaque box, cached with the background under it."""
        if alpha is None:
            look = (fill, self.s(20), max(2, self.s(3)), edge)
            surface.blit(self.static(("prompt", edge), rect,
                                     lambda surf, o: draw_panel(surf, ((0, 0), rect.size), *look)), rect)
        else:
            shade = panel(rect.size, fill, self.s(20), max(2, self.s(3)), edge)
            shade.set_alpha(alpha)
            surface.blit(shade, rect)
        inner = rect.w - self.s(30)
        text, colour = line
        if sub:
            self.text(surface, text, px[0], colour, (rect.centerx, rect.y + self.s(rows[0])), max_w=inner)
            self.text(surface, sub[0], px[1], sub[1], (rect.centerx, rect.y + self.s(rows[1])), max_w=inner,
                      min_px=24)             # the second line (a card in words) shrinks before it is cut
        else:
            self.text(surface, text, px[2], colour, rect.center, max_w=inner)

    def shadow(self, size, alpha: int = 70, keep: bool = True) -> pygame.Surface:
        """A card's drop shadow (cached per size; not kept with ``keep=False``: a card in flight or
        mid-flip changes size every frame, and at 4K each size kept was half a MiB pushing out
        pictures still drawn, while drawing one costs a fraction of a millisecond)."""
        cache = self.art("shadows")
        surf = cache.get((size, alpha))
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            paint_shadow(surf, surf.get_rect(), alpha)
            if keep:
                cache[(size, alpha)] = surf
        return surf

    def static(self, key, rect: pygame.Rect, paint, place=None) -> pygame.Surface:
        """An opaque piece of the table: the background under ``rect`` with ``paint(surf, (0, 0))``
        (the piece's own origin) drawn on it once (panels, glows), cached per window size.
        Blitting it is cheap; the pieces of one frame must not overlap, as each covers what was
        drawn there before. ``place``: a piece there that is never drawn again once a new one is
        made (a seat's, whose hand only grows) is dropped then; at 4K four stale seat pieces held
        17 of the 64 MiB art budget, outliving every cheaper picture. And one new piece with a
        place is made a frame: a second place shows its last piece one frame (1/60 s) longer (a
        turn change made two seat pieces in one frame, 8 ms each at 4K)."""
        cache = self.art("statics")
        full = (key, tuple(rect), self.app.size)
        surf = cache.get(full)
        base = None
        if surf is None and place is not None:
            places = self.__dict__.setdefault("_static_places", {})
            old = places.get(place)
            if old is not None and old != full:
                if self.__dict__.get("_static_made_in") == ART.frame and old[1:] == full[1:] \
                        and cache.get(old) is not None:
                    return cache.get(old)       # the next frame makes it
                base = _reusable(cache.get(old), rect.size)
                cache.forget(old)
            places[place] = full
            self._static_made_in = ART.frame
        if surf is None:
            if base is None:
                surf = pygame.Surface(rect.size)
            else:           # the dropped piece's pixels, painted over: no new 4 MiB to fault in at 4K
                surf = base.subsurface(base.get_rect())
            surf.blit(self.background(), (0, 0), rect)
            paint(surf, (0, 0))
            if base is None:
                surf = window_format(surf, alpha=False)
                if place is not None:       # a view, so that the next piece here can reuse its pixels
                    surf = surf.subsurface(surf.get_rect())
            cache[full] = surf
        return surf


def _reusable(piece, size) -> pygame.Surface | None:
    """The pixels under a placed piece being dropped (a view: see ``TableLook.static``), to paint
    the next piece of its place in: at 3840x2160 a seat's piece is 4 MiB, and a new one cost
    ~0.5-1 ms more than painting over the old one (fresh pages faulted in, then zeroed). A new
    view, not the old object: the drawing by parts (game/runtime/dirty.py) tells pictures apart by
    identity, and the last frame's records hold the old view. Only a plain opaque surface of a new
    surface's format, so that painting on it gives what painting a new one and converting it gave."""
    if piece is None or piece.get_size() != tuple(size):
        return None
    parent = piece.get_parent()
    if parent is None or parent.get_size() != tuple(size):
        return None
    fresh = pygame.Surface((1, 1))
    if parent.get_bitsize() != fresh.get_bitsize() or parent.get_masks() != fresh.get_masks() \
            or parent.get_flags() & pygame.SRCALPHA or parent.get_alpha() is not None \
            or parent.get_colorkey() is not None:
        return None
    return parent


def level_backdrop(level, size, fill, design_fill, decorate, vignette=None) -> pygame.Surface:
    """A table's background: the level's tile layers as Tiled draws them, ``decorate(design)``
    on them (lamps, signs), a vignette, all scaled to the window (game/runtime/level_tiles.py)."""
    vignette = C.VIGNETTE if vignette is None else vignette
    return tiles_of(level).picture(size, fill, design_fill, decorate, vignette)
