"""Drawing the Hungry Meow table: the alley, the piles, the set to beat, the cats and their
hands, the prompt, the Prophecy row and the cards in flight (a mixin of ``HungryMeowTable``;
everything comes from the presenter's board and the table's modes)."""
from __future__ import annotations

import math
import time

import pygame

from game.art import palette as P
from game.art.cache import ART, window_format
from game.art.cards_hungry_meow import RATIO, card_back, card_face, symbol_icon
from game.art.draw import focus_outline, focus_pointer, panel, pointer_reach, veil
from game.rules.hungry_meow_cards import set_powers
from scenes.hungry_meow import flights
from scenes.hungry_meow import ring as ring_art
from scenes.hungry_meow.backdrop import render_background
from scenes.hungry_meow.banners import banners_ahead
from scenes.hungry_meow.piles import lay
from scenes.hungry_meow.rules_view import is_meal, parse, set_sum, sort_key, symbol_of
from scenes.table.look import paint_shadow
from scenes.table.new_tag import draw_new_tag
from scenes.table.tooltip import Tip

C = P.colours("hungry-meow")

DESIGN_W = {"hand": 150, "deck": 150, "table": 150, "reveal": 260, "mini": 62, "prophecy": 170}
ICON_PX = 44                      # the symbol beside "to beat" (meaning-carrying: ICON_MIN_PX and up)

# Three looks that never meet, in shape and in colour (stranger 6, defect 12, and 40r-en #8: focus,
# selection and the coach's pointing were all cyan): the keyboard focus is a white-and-jade outline
# with an arrow, a selected card is lifted with a gold edge and a gold tick, the lesson coach's
# pointing is cyan corner brackets outside the focus outline (scenes/table/lesson.py, P.CYAN).
FOCUS_COLOURS = (C.FOCUS_JADE, P.FOCUS_2)
SELECTED_EDGE = P.LAMP


RING_FAINT = 60            # the turn-direction ring's alpha once the way is known
BANNER_GAP = 10            # design px between a banner's pill and the prompt box under it
SEAT_PLATE_H = 80          # design px of a seat's name plate under its cat


class HungryMeowDraw:
    chip_fill = C.CHIP_FILL
    curtain_style = {"shade": C.CURTAIN_SHADE, "fill": C.CURTAIN_FILL, "edge": C.NEON_PINK, "title": P.LAMP,
                     "others": P.MUTED}

    def render_background(self) -> pygame.Surface:
        return render_background(self.level, self.app.size)

    def warm_up(self) -> None:
        """A shout to come, a card about to fly, the back and the cards the events named: their
        pictures made while they wait."""
        made = ART.made
        banners_ahead(self)               # a shout to come: its picture
        flights.make_next(self)           # a card about to fly: its sprites while it waits
        if ART.made == made:              # (one of these a frame at most)
            flights.faces_ahead(self)     # the back, and faces the events named: rasterised aside

    def _banner_look(self) -> tuple:
        """draw_banner's size, width, smallest size and fill (after the words and colour)."""
        return 64, self.s(1200), 40, C.DRAW_1

    def _banner_clear_of_prompt(self, y: int) -> int:
        """A banner's centre at most ``y``, its pill ``BANNER_GAP`` above the prompt box (at the
        lesson's 1280x720 "Death!" sat on the box's top edge)."""
        banner = self.presenter.banner
        if not banner:
            return y
        words = self.banner_picture(banner[0], banner[1], *self._banner_look())[0]
        half = (words.get_height() + self.s(24)) // 2      # (draw_banner's pad: 24 design px tall)
        return min(y, self.anchors["prompt"].rect.top - self.s(BANNER_GAP) - half)

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background(), (0, 0))
        self._draw_direction(surface)
        self._draw_piles(surface)
        self._draw_table(surface)
        for seat in range(self.n):
            self._draw_seat(surface, seat)
        for seat in range(self.n):
            self._draw_hand(surface, seat)
        self._draw_prompt(surface)
        self.draw_footer(surface, self._prompt_text())
        self.draw_buttons(surface)
        if self.mode == "prophecy" and not self.presenter.busy:
            self._draw_prophecy(surface)
        for f in self.presenter.flyers:
            self._draw_flyer(surface, f)
        if self.presenter.flash > 0:
            veil(surface, (150, 0, 30, int(110 * self.presenter.flash)))
        reveal = self.anchors["reveal"].rect
        # the win stays up for seconds: over the piles' middle, clear of their counts (stranger 6, #13)
        y = self.anchors["deck"].rect.centery if self.presenter.board.winner is not None else \
            self._banner_clear_of_prompt(reveal.bottom - self.s(20))
        self.draw_banner(surface, (reveal.centerx, y), *self._banner_look())
        self.advice.draw(surface)
        focused = self.focus.focused
        if focused is not None and self.curtain_for is None and (self.mode or focused in self.hand_widgets) \
                and self.focus_in_sight(focused):      # in mouse play, no ▼ left on a card
            self.draw_focus(surface)
        self.tooltip.draw(surface)
        if self.curtain_for is not None and not self.presenter.busy:
            self.draw_curtain(surface)

    def draw_focus(self, surface, radius: int = 16) -> None:
        """The keyboard focus: a white-and-jade outline, and over a card of the hand an arrow."""
        focused = self.focus.focused
        if focused is None or self.tooltip.hides_focus:     # a pointed piece's tip marks it
            return
        focus_outline(surface, focused.rect, self.time, self.app.scale, getattr(focused, "radius", radius),
                      colours=FOCUS_COLOURS)
        reach = pointer_reach(self.app.scale)
        prompt = self.anchors["prompt"].rect
        if focused in self.hand_widgets and focused.rect.top - reach >= prompt.bottom:
            # (a selected card stands higher: the arrow would sit on the sum line, stranger 40r-zh)
            focus_pointer(surface, focused.rect, self.time, self.app.scale, "top")

    def describe(self, item):
        """A card's tooltip (scenes/table/tooltip.py): the card large, what it does in words."""
        card = getattr(item, "card", None)
        if not card or item not in getattr(self, "hand_widgets", []) and not hasattr(item, "index"):
            return None
        t = self.app.t
        p = parse(card)
        if p:
            lines = [t("hm.tip.numbered", sym=self.sym_name(p[2]), n=p[1]), t("hm.tip.powers")]
        else:
            lines = [t("hm.tip." + card)]
        return Tip(self.card_label(card), lines, card_face(card, self.s(180)))

    def _blit_card(self, surface, card: str | None, center, width: int, alpha: int = 255,
                   squash: float = 1.0) -> pygame.Rect:
        width = max(2, int(width))
        height = round(width * RATIO)
        rect = pygame.Rect(0, 0, max(1, int(width * squash)), height)
        rect.center = (round(center[0]), round(center[1]))
        sizes = self._standard_widths()
        if squash >= 0.999 and alpha >= 255:
            surface.blit(self._sprite(card, self._drawn_width(width)), rect)   # face + shadow
            return rect
        base = next((w for w in sizes if w >= width), sizes[-1])
        surf = card_face(card, base) if card else card_back(base)
        surf = pygame.transform.scale(surf, rect.size)
        if alpha < 255:
            surf.set_alpha(alpha)
        surface.blit(surf, rect)
        return rect

    def _drawn_width(self, width) -> int:
        """The width of the sprite drawn for a card ``width`` wide: in flight between sizes, in
        steps of 4 design px (as many pictures at 4K as at 1080p), cached."""
        width = max(2, int(width))
        if width in self._standard_widths():
            return width
        step = max(4, self.s(4))
        return max(step, round(width / step) * step)

    def _sprite(self, card: str | None, width: int) -> pygame.Surface:
        """A card at a standard width with its drop shadow baked in, converted for fast blits."""
        cache = self.art("sprites")
        key = (card, width, self.app.size)
        surf = cache.get(key)
        if surf is None:
            sizes = self._standard_widths()
            if width in sizes:
                face = card_face(card, width) if card else card_back(width)
                began = time.perf_counter()
            else:                               # a scale of the next bigger rasterised width
                base = next((w for w in sizes if w >= width), sizes[-1])
                face = card_face(card, base) if card else card_back(base)
                began = time.perf_counter()
                face = pygame.transform.smoothscale(face, (width, round(width * RATIO)))
            dx, dy = self.s(5), self.s(7)
            surf = pygame.Surface((face.get_width() + dx, face.get_height() + dy), pygame.SRCALPHA)
            # the shadow painted in (no picture of it made and blitted), the face over it, and no
            # copy when it is in the window's format already: at 4K a card in flight makes one
            # of these a frame (~0.4 Mpx), and the shadow's picture and the copy were ~1/3 of it
            paint_shadow(surf, pygame.Rect((dx, dy), face.get_size()))
            surf.blit(face, (0, 0))
            surf = window_format(surf)
            # its own measured cost (a guess from its bytes weighed a sprite above the card back
            # it is scaled from, which went first and was rasterised again in a frame); one at a
            # width between the standard ones is drawn in one frame of a flight: once flown, the
            # first to go (those of past flights held ~36 of the 64 MiB at 4K, and the dice, glows
            # and cats' tails they pushed out were made again in the frames)
            ART.put(cache.family, key, surf, 1000 * (time.perf_counter() - began) if width in sizes else 0.0)
        return surf

    def _standard_widths(self) -> list[int]:
        key = self.app.size
        if getattr(self, "_widths_for", None) != key:
            self._widths_for = key
            self._widths = sorted({self.card_w(k) for k in DESIGN_W})
        return self._widths

    def _draw_flyer(self, surface, f) -> None:
        face = f.flip >= 0.5
        squash = abs(math.cos(math.pi * f.flip)) if 0.0 < f.flip < 1.0 else 1.0
        x, y = f.pos
        if f.shake:
            x += math.sin(self.time * 60) * self.s(10) * f.shake
        width = self.juice.lifted_card(surface, f.flip, (x, y), f.width, RATIO)   # lifted mid-flip
        if width == f.width:
            self._blit_card(surface, f.card if face else None, (x, y), int(width), int(f.alpha),
                            max(0.02, squash))
            return
        rect = self._blit_lifted(surface, f.card if face else None, (x, y), int(f.width), int(width),
                                 int(f.alpha), max(0.02, squash))
        self.juice.turning_shade(surface, f.flip, rect)

    def _blit_lifted(self, surface, card, center, width: int, lifted: int, alpha: int, squash: float):
        """A card mid-flip drawn ``lifted`` px wide, scaled from the picture its own ``width``
        is drawn from (a lift never rasterises a larger face: at 4K that is 25-40 ms)."""
        sizes = self._standard_widths()
        base = next((w for w in sizes if w >= width), sizes[-1])
        rect = pygame.Rect(0, 0, max(1, int(lifted * squash)), round(lifted * RATIO))
        rect.center = (round(center[0]), round(center[1]))
        surf = pygame.transform.scale(card_face(card, base) if card else card_back(base), rect.size)
        if alpha < 255:
            surf.set_alpha(alpha)
        surface.blit(surf, rect)
        return rect

    def _draw_direction(self, surface) -> None:
        d = self.presenter.board.direction
        rect = self.anchors["table"].rect
        c = (rect.centerx, rect.centery + self.s(10))
        r, pad = self.s(300), self.s(40)
        area = pygame.Rect(0, 0, 2 * (r + pad), int(1.2 * r) + 2 * pad)    # round the ring
        area.center = c
        middle = (c[0] - area.x, c[1] - area.y)
        # every pixel the ring may set (its heads reach s(26) past r, 0.6 of it down): piles.lay
        self.ring_area = pygame.Rect(0, 0, 2 * (r + self.s(26)) + 4, int(1.2 * r) + 2 * self.s(16) + 4)
        self.ring_area.center = c
        if not d:
            if self.__dict__.get("_ring_ready") != (tuple(area), self.app.size):
                self._ring_ready = (tuple(area), self.app.size)      # its points and picture ahead
                ring_art.prepare(middle, r, self.s)
                if "_ring_views" not in self.__dict__:
                    self._ring_views = ring_art.Views()
                self._ring_views.ready(area.size)
            return
        # bright while the way is being chosen and a few seconds after, then faint: it stays
        # legible without standing over the table all game (issue 21)
        self.ring_alpha = RING_FAINT + round((255 - RING_FAINT) * min(1.0, self.dir_loud) / 15) * 15
        key = (d, round(self.dir_spin, 3), C.NEON_CYAN, C.DRAW_DIRECTION_1, c, self.app.size)
        ring = self.__dict__.get("_ring")
        if ring is None or ring[0] != key:
            arrows = [ring_art.arrow(middle, r, d, key[1], k, self.s, C.DRAW_DIRECTION_1, C.NEON_CYAN)
                      for k in range(2)]
            ring = self._ring = [key, arrows, area, None, None]    # + the bright views, faded pieces
        if self.ring_alpha >= 255:          # while it turns: views into one picture
            if ring[3] is None:
                if "_ring_views" not in self.__dict__:
                    self._ring_views = ring_art.Views()
                ring[3] = self._ring_views.make(ring[1], ring[2].size, ring[2].topleft)
            pieces = ring[3]
        else:                               # faded: small pictures of their own, made once a place
            if ring[4] is None:
                ring[4] = [piece for shapes, boxes in ring[1]
                           for piece in ring_art.cut(shapes, boxes, ring[2].topleft)]
            pieces = ring[4]
        for pic, at in pieces:
            # the fade only sets the pieces' alpha: no new picture (the redraw by parts keys a
            # blit by its alpha too, so a new alpha still redraws the ring's place)
            pic.set_alpha(self.ring_alpha)
            surface.blit(pic, at)

    def _draw_piles(self, surface) -> None:
        board = self.presenter.board
        deck = self.anchors["deck"].rect
        w = self.card_w("deck")
        shake = self.presenter.deck_shake
        backs = range(min(6, max(0, (board.pile + 7) // 8)))
        if not shake:
            lay(self, surface, "deck", [(None, (deck.centerx - self.s(3) * i, deck.centery - self.s(3) * i))
                                        for i in backs], w)
        for i in backs if shake else ():
            off = self.s(3) * i
            jiggle = math.sin(self.time * 40 + i) * self.s(8) * shake
            self._blit_card(surface, None, (deck.centerx - off + jiggle, deck.centery - off), w)
        if board.pile == 0:
            pygame.draw.rect(surface, C.DRAW_PILES_1, deck, self.s(3), border_radius=self.s(14))
        self.boxes.add("piece", "label:pile", self.text(surface, self.app.t("hm.pile", n=board.pile), 30,
                                                        P.CREAM, (deck.centerx, deck.bottom + self.s(26))))
        disc = self.anchors["discard"].rect
        if board.discard:                         # discards lie face up: the last ones fanned
            shown = board.discard_top[-3:]
            offs = [self.s(14) * (i - len(shown) + 1) for i in range(len(shown))]
            lay(self, surface, "discard", [(card, (disc.centerx + off, disc.centery + off // 2))
                                           for card, off in zip(shown, offs, strict=True)], w)
        else:
            pygame.draw.rect(surface, C.DRAW_PILES_1, disc, self.s(3), border_radius=self.s(14))
        words = self.app.t("hm.discard", n=board.discard)
        self.boxes.add("piece", "label:discard", self.text(surface, words, 30, P.CREAM,
                                                           (disc.centerx, disc.bottom + self.s(26))))

    def _draw_table(self, surface) -> None:
        board = self.presenter.board
        rect = self.anchors["table"].rect
        if board.table:
            for i, card in enumerate(board.table):
                pos, w = self.table_slot(i, len(board.table))
                self._blit_card(surface, card, pos, w)
            if self.feed.over:            # nothing is left to beat or to lead
                return
            sym, label, where, icon_rect = self.to_beat()
            self.boxes.add("piece", "label:to_beat", self.chip(surface, label, where, C.NEON_PINK))
            surface.blit(symbol_icon(sym, icon_rect.w), icon_rect)
        elif self.mode not in ("prophecy", "dealer") and not self.presenter.flyers and not self.feed.over:
            # not while a set flies in, nor while a power is chosen (nobody leads then)
            clear = self.chip(surface, self.app.t("hm.table_clear"), rect.center, C.NEON_CYAN)
            self.boxes.add("piece", "label:table_clear", clear)

    def to_beat(self):
        """(symbol, words, chip centre, symbol icon rect) of the set on the table to beat."""
        board = self.presenter.board
        rect = self.anchors["table"].rect
        sym = symbol_of(board.table)
        label = self.app.t("hm.to_beat", symbol=self.sym_name(sym), sum=set_sum(board.table))
        where = (rect.centerx, rect.y - self.s(2))
        half = self.app.font(32).size(label)[0] // 2 + self.s(self.chip_pad[0]) // 2
        icon = pygame.Rect(0, 0, self.s(ICON_PX), self.s(ICON_PX))
        icon.midright = (where[0] - half - self.s(8), where[1])
        return sym, label, where, icon

    def meaning_icons(self) -> list[tuple[str, pygame.Rect]]:
        shown = self.presenter.board.table and not self.feed.over
        return [("to_beat_symbol", self.to_beat()[3])] if shown else []

    def seat_glow(self) -> tuple:
        """The turn's glow under a seat's cat: width and height factors, colour, lift."""
        return (1.4, 0.6, C.DRAW_SEAT_GLOW, 6)

    def _draw_seat(self, surface, seat: int) -> None:
        board = self.presenter.board
        active = board.current == seat and not self.feed.over and seat not in board.out
        halo = None
        if self.mode == "dealer" and not self.presenter.busy:   # who the Dealer may pick, and who is picked
            target = self.seat_widgets[seat]
            if self.dealer_seat == seat:
                halo = C.NEON_PINK
            elif target.enabled and seat != self.viewer:
                halo = C.NEON_CYAN
        glow = active and self.seat_glow()
        rect, cat_box, plate = self.draw_seat_cat(surface, seat, SEAT_PLATE_H, glow, halo)
        edge = C.DRAW_SEAT_EDGE if active else (C.NEON_PINK if seat in self.humans else P.PANEL_EDGE)
        badge = None
        if seat in board.out:
            status, colour = self.app.t("hm.status.out"), P.BAD
        elif board.winner == seat:
            status, colour = self.app.t("hm.status.winner"), P.LAMP
        elif seat in board.passed:
            status, colour = self.app.t("hm.status.passed"), P.MUTED
        else:       # (a thinking cat shows it in its pose and the status line: its plate keeps
            # its card count, "Miso / thinking…" read as one line wrapped: stranger 40r-en #14)
            count = len(board.hands[seat]) + self.presenter.leaving.get(seat, 0)   # flying ones too
            status, colour = self.app.t("hm.cards", n=count), P.MUTED
        if seat not in board.out and not self.feed.over:     # a passed seat still holds its Meals
            meals = sum(1 for c in board.hands[seat] if c and is_meal(c))   # Meals drawn are shown to all
            # the eyes that hold the hand know what went: never "1+?" on their own seat
            unsure = None if seat == self.viewer else self.presenter.meals_unsure.get(seat)
            speaking = seat in self.bubbles and self.bubbles[seat][1] > self.time
            if (meals or unsure is not None) and not speaking:   # a badge in its speech place
                # (for the moment the seat's speech bubble shows, the bubble has the place)
                # a Meal may have gone unseen: never a sure count then ("1+?", stranger 3, item 6)
                badge = self.app.t("hm.meals_held", n=meals) if unsure is None else \
                    self.app.t("hm.meals_held_unsure", n=meals, name=self.seat_name(unsure)) if meals else \
                    self.app.t("hm.meals_unsure", name=self.seat_name(unsure))
                # in the seat's speech place, within its width (two lines if need be): never on the
                # cat's face, under the tiger or on a hand (issue 21)
        bubble = self.bubbles.get(seat)
        bubble = bubble[0] if bubble and bubble[1] > self.time else None
        # the plate, its words, the badge and the bubble: drawn again only when one changes
        speaks = (self.mode == "prophecy", tuple(self.tools_rect()), self.hand_label_rect(seat)) \
            if badge or bubble else None
        key = (tuple(plate), edge, self.seat_label(seat), status, colour, badge, bubble, speaks,
               self.app.size, self.app.i18n.lang)
        self.kept_piece(surface, f"plate{seat}", key,
                        lambda: self._draw_plate(surface, seat, plate, edge, status, colour, badge, bubble))

    def _draw_plate(self, surface, seat: int, plate, edge, status, colour, badge, bubble) -> None:
        surface.blit(panel(plate.size, C.DRAW_SEAT_1, self.s(16), max(2, self.s(3)), edge), plate)
        inner = plate.w - self.s(12)
        self.text(surface, self.seat_label(seat), 32, P.CREAM, (plate.centerx, plate.y + self.s(22)),
                  max_w=inner)
        self.text(surface, status, 28, colour, (plate.centerx, plate.y + self.s(57)), max_w=inner)
        self.plate_status = {**getattr(self, "plate_status", {}), seat: status}   # a badge says it again
        if badge:                                # after the plate's words: it may lie on the plate
            self.speech_chip(surface, seat, badge, P.LAMP_SOFT, 24, f"badge:seat{seat}")
        if bubble:
            self.speech_chip(surface, seat, bubble, P.MUTED, 32, f"bubble:seat{seat}")

    def speech_chip(self, surface, seat: int, text: str, edge, px: int, name: str) -> pygame.Rect:
        """A seat's speech bubble or badge in its own place: over the cat's head, or under its
        name plate when the seat stands at the window's top (never over the cat's face)."""
        rect, gap = self.seat_rect(seat), self.s(4)
        if rect.y > self.s(120):                  # room above the head (above "Ann's hand" in hot seat)
            label = self.hand_label_rect(seat)
            bottom = label.y if label is not None else rect.y - gap     # the label's leading is its gap
            return self.chip(surface, text, rect.midtop, edge, px, name, max_w=rect.w, bottom=bottom)
        # a seat along the top: under its plate, on one line if it can (the table is close below)
        deck = self.anchors["deck"].rect      # the odds chip stands above the pile, or in its zone
        spot = self.zone("odds")
        # as wide as its longest words, as tall as its one line (a taller guess pushed a top
        # seat's badge onto its name, issue 21)
        odds = pygame.Rect(0, 0, self.s(300), self.app.font(26).get_linesize() + self.s(self.chip_pad[1]))
        odds.center = spot.center if spot is not None else (deck.centerx, deck.top - self.s(30))
        heads = [pygame.Rect(r.x, r.y - self.s(90), r.w, self.s(90))   # the side seats' places
                 for r in map(self.seat_rect, range(self.n)) if r.y > self.s(120)]
        beat = [self.chip(surface, self.to_beat()[1], self.to_beat()[2], C.NEON_PINK, dry=True)] \
            if self.presenter.board.table and not self.feed.over else []     # the set to beat stays read
        keep_off = (self.tools_rect(), odds, *heads, *beat)
        kw = dict(max_w=rect.w + self.s(100), top=rect.bottom + gap, keep_off=keep_off)
        line = text.replace("\n", " ")           # on one line if it can, a little smaller if need be
        for words, size in dict.fromkeys(((line, px), (line, px - 2), (text, px))):
            if words is line and line != text and \
                    self.app.font(size).size(line)[0] + 2 * self.s(self.chip_pad[0]) > kw["max_w"]:
                continue                # it would wrap mid-phrase: at its own line break instead
            under = self.chip(surface, words, rect.midbottom, edge, size, dry=True, **kw)
            if self.mode != "prophecy" and not any(under.colliderect(k) for k in keep_off):
                return self.chip(surface, words, rect.midbottom, edge, size, name, **kw)
        # no room under it: on its own name plate, under the seat's name (which stays readable),
        # over the plate's second line, which it then repeats: "4 cards · Meals: 2"
        plate = pygame.Rect(rect.x, rect.bottom - self.s(80), rect.w, self.s(80))
        if self.mode == "prophecy":
            return self.chip(surface, text, plate.center, edge, px, name, max_w=rect.w)
        status = getattr(self, "plate_status", {}).get(seat)
        if status and name.startswith("badge:"):
            text = self.app.t("hm.status_and_badge", status=status, badge=text)
        return self.chip(surface, text, plate.center, edge, px - 2, name,
                         max_w=rect.w + self.s(40), top=plate.y + self.s(40))

    def display_hand(self, seat: int) -> list:
        """A hand in the order it is drawn: the shown hand grouped by symbol (paws, then
        punches, each by number; Meals last), so a set of one symbol lies together; with the
        setting "group the hand" off, by number alone (the order of the rules)."""
        hand = self.presenter.board.hands[seat]
        if seat != self.viewer or self.curtain_for is not None or None in hand:
            return hand

        def group(card):
            p = parse(card)
            return (0, p[2], sort_key(card)) if p else (1, "", sort_key(card))

        def by_number(card):               # paws and punches mixed: number, then colour
            p = parse(card)
            return (0, p.number, sort_key(card)[2], p.symbol) if p else (1, 0, 0, sort_key(card))
        return sorted(hand, key=group if self.app.settings.group_hand else by_number)

    def _draw_hand(self, surface, seat: int) -> None:
        hand = self.display_hand(seat)
        shown = seat == self.viewer and self.curtain_for is None
        label = self.hand_label_rect(seat)
        # drawn again only when its cards, their lift or its place change
        came = self.news[2] if shown and self.news is not None and self.news[0] == seat else None
        came = (came,) if isinstance(came, str) else tuple(came or ())     # one card, or all of a Draw 5
        key = (tuple(hand), shown and tuple(card in self.selected for card in hand), came,
               self.big_hand(seat),
               tuple(self.hand_rect(seat)), label and (tuple(label), self.seat_name(seat),
                                                       tuple(self.seat_rect(seat))),
               self.app.size, self.app.i18n.lang)
        self.kept_piece(surface, f"hand{seat}", key,
                        lambda: self._paint_hand(surface, seat, hand, shown, label, came))

    def _paint_hand(self, surface, seat: int, hand: list, shown: bool, label,
                    came: tuple = ()) -> None:
        count = len(hand)
        for i, card in enumerate(hand):
            (cx, cy), w = self.hand_slot(seat, i, count)
            lifted = shown and card in self.selected
            if lifted:
                cy -= self.s(40)
            rect = self._blit_card(surface, card, (cx, cy), w)   # None: face down
            if lifted:
                pygame.draw.rect(surface, SELECTED_EDGE, rect.inflate(self.s(6), self.s(6)), self.s(5),
                                 border_radius=self.s(16))
                self._selected_tick(surface, rect)
            elif card is not None and card in came:      # just drawn, given or taken: its words' colour
                pygame.draw.rect(surface, C.NEWS, rect.inflate(self.s(6), self.s(6)), self.s(4),
                                 border_radius=self.s(16))
                draw_new_tag(self, surface, rect, C.NEWS)   # by words too: the edge read as the tiger's
            elif card is not None and not shown and not self.big_hand(seat):
                pygame.draw.rect(surface, C.NEON_CYAN, rect, max(1, self.s(2)), border_radius=self.s(6))
        if label is not None:                 # over the person's own cat: the status line is above the hand
            label = self.text(surface, self.app.t("hm.hand_of", name=self.seat_name(seat)), 30, C.NEON_CYAN,
                              label.midbottom, "midbottom", max_w=self.seat_rect(seat).w + self.s(40))
            self.boxes.add("overlay", "label:hand", label)

    def _selected_tick(self, surface, card: pygame.Rect) -> None:
        """A selected card's own shape beside its lift and gold edge: a gold disc with a tick on
        its top right corner (the focus is an outline with an arrow, the coach's pointing cyan
        corners: told apart by shape, not by colour alone, colour-blind patterns or not)."""
        r = max(7, self.s(17))
        centre = (card.right - self.s(4), card.top + self.s(4))
        pygame.draw.circle(surface, P.INK, centre, r + max(2, self.s(3)))
        pygame.draw.circle(surface, SELECTED_EDGE, centre, r)
        x, y = centre
        tick = [(x - r * 0.5, y + r * 0.02), (x - r * 0.12, y + r * 0.42), (x + r * 0.52, y - r * 0.38)]
        pygame.draw.lines(surface, P.INK, False, tick, max(2, self.s(5)))

    def hand_label_rect(self, seat: int) -> pygame.Rect | None:
        """Where "Ann's hand" stands in hot seat (over the person's own cat), or None: the seat's
        badge and bubble stand above it, never on it (stranger 2, defect 3)."""
        if seat != self.viewer or self.curtain_for is not None or len(self.humans) < 2:
            return None
        place = self.seat_rect(seat)
        h = self.app.font(30).get_linesize()
        return pygame.Rect(place.x - self.s(20), place.y - self.s(4) - h, place.w + self.s(40), h)

    def direction_words(self) -> str:
        """Who plays after the host each way (the focused button's way when one is focused)."""
        host = self.feed.current_player
        nxt = {d: self.seat_name((host + step) % self.n) for d, step in (("cw", 1), ("ccw", -1))}
        if self.n == 2:                  # issue 21: say why it asks, when either way is the same
            return self.app.t("hm.dir.two", name=nxt["cw"])
        focused = self.focus.focused
        for d in ("cw", "ccw"):
            if focused is self.buttons.get(d):
                return self.app.t("hm.dir.next", way=self.app.t("hm.btn." + d), name=nxt[d])
        return self.app.t("hm.dir.both", cw=nxt["cw"], ccw=nxt["ccw"])

    def _draw_prompt(self, surface) -> None:
        text, colour = self._prompt_text()
        sub = None
        if self.message:
            sub = (self.message[0], getattr(self, "message_colour", None) or P.BAD)
        elif self.mode == "play" and self.selected and self.verdict:
            ok = self.verdict.ok
            sub = (self.app.t(self.verdict.key, **self.verdict.fmt), P.GOOD if ok else P.BAD)
            powers = set_powers(self.selected) if ok else []
            if powers:                  # the power this set would give if it wins the trick
                names = " + ".join(self.app.t("hm.power." + p) for p in powers)
                sub = (sub[0] + " · " + self.app.t("hm.set_power", powers=names), sub[1])
        elif self.mode == "direction" and self.my_turn():
            sub = (self.direction_words(), P.LAMP_SOFT)
        elif self.news is not None and self.news[0] == self.viewer and self.curtain_for is None \
                and self.news[1] != text:
            # what last touched the person's hand, until they move; not twice while the first
            # line still says it (strangers 10 and 13 read one take three times at once)
            sub = (self.news[1], C.NEWS)
        if text or sub:
            self.draw_prompt_box(surface, self.anchors["prompt"].rect, (text, colour), sub, C.DRAW_PROMPT_1,
                                 C.NEON_PINK if self.my_turn() else C.DRAW_PROMPT_2, alpha=225)

    def _prompt_text(self) -> tuple[str, tuple]:
        if self.presenter.busy or self.feed.over or not self.my_turn():
            return self.waiting_line()
        mode = self.mode
        if mode == "direction":
            return self.app.t("hm.prompt.direction"), P.LAMP
        if mode == "draw":
            if "draw 5" in self.legal:
                return self.app.t("hm.prompt.draw_choice"), P.LAMP
            if "draw 0" in self.legal:
                return self.app.t("hm.prompt.draw_optional"), P.LAMP
            return self.app.t("hm.prompt.draw_one"), P.LAMP
        if mode == "play":
            table = self.presenter.board.table
            if table:
                return self.app.t("hm.prompt.beat", symbol=self.sym_name(symbol_of(table)),
                                  sum=set_sum(table)), P.LAMP
            return self.app.t("hm.prompt.lead"), P.LAMP
        if mode == "prophecy":
            return self.app.t("hm.prompt.prophecy"), P.LAMP
        if mode == "dealer":     # one line: what to do, then, once a cat is picked, with whom
            # (two lines saying nearly the same for the Dealer: stranger 2)
            if self.dealer_seat is not None:
                return self.app.t("hm.prompt.dealer_seat", name=self.seat_name(self.dealer_seat)), P.LAMP
            return self.app.t("hm.prompt.dealer"), P.LAMP
        return "", P.CREAM

    def _draw_prophecy(self, surface) -> None:
        rect = self._prophecy_rect()
        shade = panel(rect.size, C.DRAW_PROPHECY_1, self.s(28), max(2, self.s(4)), C.NEON_PINK, self.s(8))
        surface.blit(shade, rect)
        where = self.app.t("hm.prophecy.where_" + self.prophecy_where)
        self.text(surface, where, 34, C.NEON_CYAN, (rect.centerx, rect.y + self.s(30)))
        for w in self.pcards:
            if self.drag_pos is not None and self.held == w.index:
                pygame.draw.rect(surface, C.DRAW_PROPHECY_2, w.rect, self.s(3), border_radius=self.s(14))
                continue
            self._blit_card(surface, w.card, w.rect.center, w.rect.w)
            if self.held == w.index:
                pygame.draw.rect(surface, C.NEON_CYAN, w.rect.inflate(self.s(8), self.s(8)), self.s(5),
                                 border_radius=self.s(16))
        if self.pcards:
            first = self.pcards[0].rect
            self.text(surface, self.app.t("hm.prophecy.first"), 28, P.LAMP_SOFT,
                       (first.centerx, first.bottom + self.s(32)))
        device = self.app.device if self.app.device in ("keyboard", "pad") else "mouse"
        hint = "hm.prophecy.hint_" + device
        self.text(surface, self.app.t(hint), 28, P.MUTED, (rect.centerx, rect.bottom - self.s(24)))
        if self.drag_pos is not None and self.held is not None:
            self._blit_card(surface, self.prophecy_order[self.held], self.drag_pos, self.card_w("prophecy"))
