"""Drawing the Zodiac Catchers table: the trump, the grid, the cats with their hands and
catches, the arrange step, the prompt, the round summary and what is in flight (a mixin of
``ZodiacTable``; everything comes from the presenter's board and the table's modes)."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.cards_zodiac import RATIO, card_face, glint
from game.art.draw import focus_outline, focus_pointer, panel
from game.rules.zodiac_cards import HANZI, KINDS
from scenes.table.tooltip import Tip
from scenes.zodiac.pictures import DESIGN_W, ZOOM_W, CardPictures, render_background, squash_ok
from scenes.zodiac.strip import draw_prompt_with_strip, hand_seat, lost_line, strip_key, visible_part

C = P.colours("zodiac")

SEEN_MARK = 44                    # the eye on a card seen this round (design px, >= ICON_MIN_PX)
SORT_MARK = 42                    # the round "1"/"12" mark at a hand's end (design px, >= ICON_MIN_PX)
STEP_CHIP = 44                    # the gold 1-2-3 pick mark's diameter (design px, >= ICON_MIN_PX)
SUMMARY_TOP, SUMMARY_ROW = 100, 38  # the round summary: its first row, and a row's height (design px)


PLATE_H = 78                  # design px: a seat's name plate under its cat


def seat_glow() -> tuple:
    """The turn's glow under a seat's cat: width and height factors, colour, lift."""
    return (1.3, 0.55, C.DRAW_SEAT_GLOW, 8)


def plate_edge(table, seat: int, active: bool):
    """A name plate's edge: gold on the seat's turn, else jade for a person, red for a cat."""
    return C.GOLD if active else (C.JADE if seat in table.humans else C.RED_EDGE)


class ZodiacDraw(CardPictures):
    chip_fill = C.INK_PANEL
    chip_pad = (32, 12)
    curtain_style = {"shade": C.CURTAIN_SHADE, "fill": C.CURTAIN_FILL, "edge": C.GOLD, "title": C.GOLD,
                     "others": C.CURTAIN_OTHERS}

    def render_background(self) -> pygame.Surface:
        return render_background(self.level, self.app.size)

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.chips_drawn = []                     # the 1-2-3 marks of this frame (meaning_icons)
        self.seen_drawn = []                      # the "seen this round" eyes of this frame
        self.badges = []                          # (name, rect): marks and piles beside the hands
        surface.blit(self.background(), (0, 0))
        board = self.presenter.board
        self._draw_trump(surface)
        self._draw_match(surface)
        self._draw_centre(surface)
        for seat in range(self.n):
            self._draw_seat(surface, seat)
            self._draw_captures(surface, seat)
        for seat in range(self.n):
            if self.mode == "arrange" and seat == self.viewer:
                self._draw_arrange(surface)
            else:
                self._draw_hand(surface, seat)
            if not self.big_hand(seat):
                self._draw_sort_mark(surface, seat)
        self.draw_buttons(surface)
        self._draw_flyers(surface)
        self._draw_prompt(surface)
        if self.viewer is not None and not self.feed.over:      # nothing left to click at the end
            self._draw_footer(surface)
        self.advice.draw(surface)
        if self.my_turn() and self.drag_pos is None:
            self.draw_focus(surface, 12)
        self._draw_floats(surface)
        if board.summary:
            self._draw_summary(surface, board.summary)
        else:
            banner = self.anchors["banner"].rect
            self.draw_banner(surface, banner.center, 60, banner.w, 36, C.INK_PANEL, C.GOLD, pad=(60, 28))
        self.tooltip.draw(surface)
        if self.curtain_for is not None and not self.presenter.busy:
            self.draw_curtain(surface)

    def describe(self, item):
        """A card's tooltip: the card large, its kind (with the English name), number, opposite."""
        key = getattr(item, "key", None)
        if not key or not isinstance(key, tuple) or (key[0] == "arr" and self.mode == "arrange"):
            return None     # placing mermaids: a tip lay over the hand being ordered (stranger 43, #4)
        kind = self._kind_at(key)
        return self.kind_tip(kind) if kind else None

    def _kind_at(self, key):
        where, seat, pos = key
        board = self.presenter.board
        if where == "trump":
            return board.trump if board.trump_shown else None
        if where == "arr":
            return self.arr[pos] if pos < len(self.arr) else None
        if where == "centre":
            c = board.centre[pos] if pos < len(board.centre) else None
            return c.kind if c is not None and c.flip > 0.5 else None
        cards = board.hands[seat]
        c = cards[pos] if pos < len(cards) else None
        if c is None or c.kind is None:
            return None
        own = seat == hand_seat(self) and self.curtain_for is None
        return c.kind if c.flip > 0.5 or own else None

    def describe_at(self, pos):
        """A turned-up card under the pointer that nobody may point at now (an opponent's, in
        another cat's turn): its zoom."""
        board = self.presenter.board
        for seat in range(self.n):
            for c in board.hands[seat]:
                if c.gone or c.kind is None or c.flip <= 0.5:
                    continue
                (cx, cy), w = self.hand_slot(seat, c.slot, board.counts[seat])
                r = pygame.Rect(0, 0, int(w), int(w * RATIO))
                r.center = (round(cx), round(cy))
                if r.collidepoint(pos):
                    return r, self.kind_tip(c.kind)
        return self._sort_mark_at(pos)

    def _sort_mark_at(self, pos):
        """A hand's round "1"/"12" mark under the pointer: what it means, in words (issue 21: a
        stranger did not know these marks say "sorted")."""
        d = self.sort_mark_w()
        t = self.app.t
        for seat in range(self.n):
            for text, centre in self.sort_marks(seat):
                r = pygame.Rect(0, 0, d, d)
                r.center = (round(centre[0]), round(centre[1]))
                if r.inflate(self.s(8), self.s(8)).collidepoint(pos):
                    end = t("zc.tip.sort_low") if text == "1" else t("zc.tip.sort_high")
                    return r, Tip(t("zc.tip.sort_title"), [end, t("zc.tip.sort_why")])
        return None

    def kind_tip(self, kind: str):
        t = self.app.t
        title = self.kind_name(kind)        # the table's language only: no English gloss in zh_TW
        if kind == "MERMAID":
            lines = [t("zc.tip.mermaid")]
        else:
            n = KINDS.index(kind) + 1
            other = KINDS[(n - 1 + 6) % 12]
            lines = [t("zc.tip.number", n=n, other=self.kind_name(other))]
        lines.append(t("zc.tip.catch"))
        if kind == self.presenter.board.trump:
            lines.append(t("zc.tip.trump"))
        return Tip(title, lines, card_face(kind, self.s(170), self.face_name(kind)))

    def face_name(self, kind: str | None) -> str | None:
        """The name a face prints in its foot: the kind's short name in the table's language,
        unless it is the character the face already shows (Chinese) — English readers get
        "Ox", not 牛 alone (issue 21)."""
        if not kind:
            return None
        name = self.app.t("zc.kind_short." + kind)
        return None if HANZI[kind] in name else name

    def kept(self, surface, name: str, key, paint) -> None:
        """``paint()`` through ``kept_piece`` (scenes/table/look.py: on a window drawn by parts, a
        piece whose ``key`` is last frame's adds the operations it recorded then), with the
        marks it leaves for the tips and the audit (pick chips, eyes, badges) kept with it."""
        lists = [self.__dict__.setdefault(attr, []) for attr in ("chips_drawn", "seen_drawn", "badges")]

        def logged():
            starts = [len(got) for got in lists]
            paint()
            added = [got[n:] for got, n in zip(lists, starts, strict=True)]
            for got, n in zip(lists, starts, strict=True):
                del got[n:]
            return added
        for got, added in zip(lists, self.kept_piece(surface, name, key, logged), strict=True):
            got.extend(added)

    def meaning_icons(self) -> list[tuple[str, pygame.Rect]]:
        """Captured cards (their picture says the kind) and the pick marks drawn last frame."""
        out = [("step", r) for r in getattr(self, "chips_drawn", [])]
        out += [("seen", r) for r in getattr(self, "seen_drawn", [])]
        for seat in range(self.n):
            for i, _ in enumerate(self.presenter.board.captures[seat]):
                (cx, cy), w = self.capture_slot(seat, i)
                r = pygame.Rect(0, 0, w, round(w * RATIO))
                r.center = (round(cx), round(cy))
                out.append((f"seat{seat}:capture", r))
        return out

    def zoom_picture(self, kind) -> pygame.Surface | None:
        """A card just turned face up, large over the centre for a moment (scenes/table/zoom.py)."""
        return card_face(kind, self.s(ZOOM_W), self.face_name(kind)) if kind else None

    def zoom_centre(self) -> tuple[int, int]:
        grid = self.grid_rect()
        return grid.centerx, grid.centery - self.s(20)

    def _draw_trump(self, surface) -> None:
        """The trump's place: walked again only when the trump, its glint or the layout changed."""
        board = self.presenter.board
        key = (board.trump_shown, board.trump, board.trump_shown and glint(self.time), self.app.size,
               self.app.i18n.lang, P.version())
        self.kept(surface, "trump", key, lambda: self._paint_trump(surface))

    def _paint_trump(self, surface) -> None:
        board = self.presenter.board
        rect = self.anchors["trump"].rect
        self.text(surface, self.app.t("zc.trump"), 34, C.GOLD, (rect.centerx, rect.y + self.s(30)))
        (cx, cy), w = self.trump_slot()
        if board.trump_shown and board.trump:
            r = self._blit_card(surface, board.trump, (cx, cy), w, 1.0)
            self.text(surface, self.kind_name(board.trump), 26, P.CREAM,
                       (rect.centerx, r.bottom + self.s(28)), max_w=self.s(230))
        else:
            r = pygame.Rect(0, 0, w, round(w * RATIO))
            r.center = (round(cx), round(cy))
            pygame.draw.rect(surface, C.GOLD, r, max(2, self.s(3)), border_radius=self.s(12))

    def match_lines(self) -> list[str]:
        """The round shown and what ends the match (ZC-6): "Round 2", "First to 10 points" or
        "Round 2 of 3" — always on the table, so nobody has to remember the seat setup."""
        options = self.feed.options
        n = max(1, self.presenter.board.round)
        if options.get("rounds"):
            return [self.app.t("zc.round_of", n=n, total=options["rounds"])]
        return [self.app.t("zc.round", n=n), self.app.t("zc.target", n=options.get("target") or 10)]

    def match_texts(self, width: int) -> list:
        """The match lines drawn: the target a little smaller rather than broken (issue 21:
        "先得 10 分 / 者勝" left "者勝" alone; stranger 3: "第 1 局／共 / 1 局"), wrapped only when even
        24 px is too wide."""
        out = []
        for k, line in enumerate(self.match_lines()):
            colour = C.GOLD if k == 0 else P.CREAM
            sizes = [32, 30, 28, 26, 24] if k == 0 else [28, 26, 24]   # lists: not read as colours
            px = next((px for px in sizes if self.app.font(px).size(line)[0] <= width), sizes[0])
            out.append(self.app.text(line, self.app.font(px), colour, wrap=width, align="center"))
        return out

    def _draw_match(self, surface) -> None:
        """The round and the target in the level's ``match`` corner (issue 21), the box as tall as
        its words; walked again only when they or the layout change."""
        key = (tuple(self.match_lines()), tuple(self.anchors["match"].rect), self.app.size, P.version())
        self.kept(surface, "match", key, lambda: self._paint_match(surface))

    def _paint_match(self, surface) -> None:
        anchor = self.anchors["match"].rect
        pad = self.s(12)
        texts = self.match_texts(anchor.w - 2 * pad)
        height = sum(t.get_height() for t in texts) + self.s(4) * (len(texts) - 1) + 2 * pad
        rect = self.match_rect = pygame.Rect(anchor.x, anchor.y, anchor.w, height)
        surface.blit(panel(rect.size, C.INK_PANEL, self.s(20), max(2, self.s(3)), C.GOLD), rect)
        y = rect.y + pad
        for text in texts:
            surface.blit(text, text.get_rect(midtop=(rect.centerx, y)))
            y += text.get_height() + self.s(4)

    def _draw_centre(self, surface) -> None:
        """The grid's cards: walked again only when one changed (or the trump's glint, when a
        trump lies face up there)."""
        board = self.presenter.board
        cards = tuple(c and (c.kind, c.flip, c.seen, c.step) for c in board.centre)
        glints = board.trump is not None and any(c and c.kind == board.trump for c in board.centre)
        key = (cards, board.grid, board.trump, glints and glint(self.time), self.app.size, self.app.i18n.lang,
               P.version())
        self.kept(surface, "centre", key, lambda: self._paint_centre(surface))

    def _paint_centre(self, surface) -> None:
        board = self.presenter.board
        for p, c in enumerate(board.centre):
            (cx, cy), w = self.centre_slot(p)
            if c is None:
                r = pygame.Rect(0, 0, w, round(w * RATIO))
                r.center = (round(cx), round(cy))
                pygame.draw.rect(surface, C.DRAW_CENTRE_1, r, max(2, self.s(3)), border_radius=self.s(12))
                continue
            r = self._blit_card(surface, c.kind, (cx, cy), w, c.flip)
            if c.seen and c.flip < 0.5:
                self._seen_frame(surface, r)
                self._seen_mark(surface, r)
            if c.step:
                self._step_chip(surface, r, c.step)

    def _seen_frame(self, surface, card: pygame.Rect) -> None:
        """A jade edge on a card seen this round: shows on the strip of an overlapped card too."""
        pygame.draw.rect(surface, C.JADE, card, max(3, self.s(5)), border_radius=self.s(10))

    def _seen_mark(self, surface, card: pygame.Rect, at=None) -> None:
        """An eye over the back of a card turned up earlier this round: everyone saw it (ZC-7),
        so the table helps remember *where*; what it was is still for the player to recall."""
        d = min(self.s(SEEN_MARK), card.w - self.s(6))
        if d < self.s(16):
            return
        r = pygame.Rect(0, 0, d, d)
        r.center = at or card.center
        pygame.draw.circle(surface, C.INK_PANEL, r.center, d // 2)
        pygame.draw.circle(surface, C.JADE, r.center, d // 2, max(2, d // 12))
        eye = pygame.Rect(0, 0, round(d * 0.72), round(d * 0.42))
        eye.center = r.center
        pygame.draw.ellipse(surface, P.CREAM, eye)
        pygame.draw.circle(surface, C.JADE, r.center, max(2, round(d * 0.16)))
        pygame.draw.circle(surface, C.INK_PANEL, r.center, max(1, round(d * 0.08)))
        self.seen_drawn.append(r)

    def _step_chip(self, surface, rect, step: int, at=None) -> None:
        """The gold 1-2-3 order mark of this turn's pointed cards, on the card's picture (``at``:
        the centre ``spread_chips`` moved it to)."""
        rad = self.s(STEP_CHIP / 2)
        c = at or self._chip_centre(rect)
        chip = pygame.Rect(c[0] - rad, c[1] - rad, 2 * rad, 2 * rad)
        self.__dict__.setdefault("chips_drawn", []).append(chip)
        pygame.draw.circle(surface, P.INK, c, rad + self.s(3))
        pygame.draw.circle(surface, C.GOLD, c, rad)
        self.text(surface, str(step), 30, P.INK, c)

    def _chip_centre(self, rect) -> tuple[int, int]:
        """On the card's picture: the number and character at its head and the name at its foot
        stay readable, and the mark never reaches a neighbour or a capture place (issue 21)."""
        return rect.centerx, rect.y + round(rect.w * 0.77)

    def spread_chips(self, centres: list, along: int, within: tuple | None = None) -> list:
        """Chips of neighbouring cards in a crowded hand side by side along the hand (axis
        ``along``: 0 x, 1 y), the group kept centred on the cards: each stays over its card, and
        the group inside ``within`` (the hand's first and last centres allowed: past its end
        card a side column's "1"/"12" mark stands)."""
        if not centres:
            return centres
        order = sorted(range(len(centres)), key=lambda i: centres[i][along])
        room = self.s(STEP_CHIP) + self.s(4)
        pos = [centres[i][along] for i in order]
        for k in range(1, len(pos)):
            pos[k] = max(pos[k], pos[k - 1] + room)
        shift = (sum(centres[i][along] for i in order) - sum(pos)) / len(pos)
        if within is not None:
            shift = max(within[0] - pos[0], min(shift, within[1] - pos[-1]))
        out = list(centres)
        for k, i in enumerate(order):
            c = list(centres[i])
            c[along] = round(pos[k] + shift)
            out[i] = tuple(c)
        return out

    def draw_focus(self, surface, radius: int = 16) -> None:
        """Focus here is a white-and-jade outline with an arrow: the trump's frame is gold."""
        focused = self.focus.focused
        if focused is None or self.tooltip.hides_focus:     # a pointed piece's tip marks it
            return
        focus_outline(surface, visible_part(self, focused), self.time, self.app.scale,
                      getattr(focused, "radius", radius), colours=(C.JADE, P.FOCUS_2))
        side = "top"
        if getattr(focused, "key", None) and focused.key[0] in ("hand", "arr") and focused.key[1] is not None:
            rect = self.hand_rect(focused.key[1])
            grid = self.grid_rect()
            if rect.w < rect.h:
                side = "left" if rect.centerx > grid.centerx else "right"
            elif rect.centery < grid.centery:
                side = "bottom"
        if not self._pointer_meets_a_seat(focused.rect, side):   # the outline alone, not over a name
            focus_pointer(surface, focused.rect, self.time, self.app.scale, side)

    def _pointer_meets_a_seat(self, rect, side: str) -> bool:
        """Would the focus arrow (``focus_pointer``'s reach, bob included) lie over a seat or a hand's
        end mark (``pointer_blockers``)? A top row card of the centre sits just under the name plates."""
        scale = self.app.scale
        size, gap = max(8, round(26 * scale)), round(20 * scale)
        reach = gap + size
        arrow = {"top": pygame.Rect(rect.centerx - size, rect.top - reach, 2 * size, reach),
                 "bottom": pygame.Rect(rect.centerx - size, rect.bottom, 2 * size, reach),
                 "left": pygame.Rect(rect.left - reach, rect.centery - size, reach, 2 * size),
                 "right": pygame.Rect(rect.right, rect.centery - size, reach, 2 * size)}[side]
        return any(arrow.colliderect(r) for r in self.pointer_blockers())   # seats, end marks

    def _draw_sort_mark(self, surface, seat: int) -> None:
        """"1" and "12" at a hand's ends: which end holds the low numbers (top hands run right to
        left, as their owners see them); places from ``sort_marks``. Walked again only when the
        hand's size, the layout or the language changed (``kept``)."""
        key = (self.position(seat), self.presenter.board.counts[seat], self.app.size, self.app.i18n.lang)
        self.kept(surface, f"sort{seat}", key, lambda: self._paint_sort_mark(surface, seat))

    def _paint_sort_mark(self, surface, seat: int) -> None:
        d = self.sort_mark_w()
        for text, centre in self.sort_marks(seat):
            r = pygame.Rect(0, 0, d, d)
            r.center = (round(centre[0]), round(centre[1]))
            pygame.draw.circle(surface, C.INK_PANEL, r.center, d // 2)
            pygame.draw.circle(surface, C.JADE, r.center, d // 2, max(2, self.s(3)))
            self.text(surface, text, 24, P.CREAM, r.center)
            self.badges.append((f"sort{self.position(seat)}:{text}", r))
        words = self.app.t("zc.tip.sort_title")
        width = self._geometry(("words_w", words, 24, self.app.i18n.lang),
                               lambda: self.app.font(24).size(words)[0])
        at = self.sort_caption_at(seat, width)
        if at is not None:                 # the marks' meaning without a hover, where room allows
            r = self.text(surface, words, 24, P.LAMP_SOFT, at)
            self.badges.append((f"sort{self.position(seat)}:caption", r))
            far = [c for _, c in self.sort_marks(seat) if c[0] > r.right]
            if far:                        # a rail from the words to the far mark ties it to this row
                # (at 3 seats Tofu's "1" stood nearer Miso's name than its own row: stranger 40r-zh)
                end = round(far[0][0]) - d // 2 - self.s(4)
                rail = pygame.Rect(r.right + self.s(8), r.centery - 1, max(0, end - r.right - self.s(8)), 2)
                pygame.draw.line(surface, C.JADE, rail.midleft, rail.midright, max(1, self.s(3)))
                self.badges.append((f"sort{self.position(seat)}:rail", rail))

    def _draw_hand(self, surface, seat: int) -> None:
        """A hand, walked again only when one of its cards, whose eyes see it or the layout changed
        (``kept``; a trump in it glints: every frame)."""
        board = self.presenter.board
        shown = seat == hand_seat(self) and self.curtain_for is None
        cards = board.hands[seat]
        glints = board.trump is not None and any(c.kind == board.trump for c in cards)
        key = (tuple((c.gone, c.kind, c.flip, c.slot, c.step, c.seen, c.peek) for c in cards),
               board.counts[seat], shown, board.trump, glints and glint(self.time), self.position(seat),
               self.app.size, self.app.i18n.lang, P.version())
        self.kept(surface, f"hand{seat}", key, lambda: self._paint_hand(surface, seat, shown))

    def _paint_hand(self, surface, seat: int, shown: bool) -> None:
        board = self.presenter.board
        chips: list = []
        drawn, seen = [], []
        # face-up cards are drawn last, on top of their neighbours (the click order matches)
        for c in sorted(board.hands[seat], key=lambda c: c.flip > 0.5):
            if c.gone:
                continue
            (cx, cy), w = self.hand_slot(seat, c.slot, board.counts[seat])
            up = c.flip > 0.5
            ox, oy = self.lift_offset(seat, c) if (up or c.step) else (0.0, 0.0)
            k = min(1.0, c.flip * 2)
            flip = c.flip if up or not shown else c.peek
            r = self._blit_card(surface, c.kind, (cx + ox * k, cy + oy * k), w, flip,
                                own=shown and c.peek >= 1.0)
            drawn.append(r)
            if c.seen and not up and squash_ok(flip):
                self._seen_frame(surface, r)
                seen.append((r, shown and c.kind))
            if shown and not up and c.kind:
                # own card, face down on the table: a dark band says "only you see this"
                band = pygame.Rect(r.x, r.bottom - self.s(6), r.w, self.s(6))     # the frame, not the name
                pygame.draw.rect(surface, C.DRAW_HAND_1, band, border_bottom_left_radius=self.s(10),
                                 border_bottom_right_radius=self.s(10))
            if c.step:
                chips.append((r, c.step))
        for r, own in seen:          # the eye where the card lies clear (own cards: on the top edge)
            if not any(o is not r and o.colliderect(r) for o in drawn):
                self._seen_mark(surface, r, at=r.midtop if own else None)
        hand = self.hand_rect(seat)
        along = 0 if hand.w >= hand.h else 1
        rad = self.s(STEP_CHIP / 2) + self.s(3)
        centres = self.spread_chips([self._chip_centre(r) for r, _ in chips], along,
                                    (hand.topleft[along] + rad, hand.bottomright[along] - rad))
        for (r, step), at in zip(chips, centres, strict=True):
            self._step_chip(surface, r, step, at=at)
            if not self.big_hand(seat):
                self.badges.append((f"step{self.position(seat)}:{step}", self.chips_drawn[-1]))

    def _draw_arrange(self, surface) -> None:
        for w in self.shown_widgets:
            i = w.key[2]
            if self.drag_pos is not None and self.held == i:
                pygame.draw.rect(surface, C.GOLD, w.rect, self.s(3), border_radius=self.s(10))
                continue
            pos = self.arr_shown.get(self.arr_ids[i], w.rect.center)
            self._blit_card(surface, self.arr[i], pos, w.rect.w, 1.0, own=True)
            if self.held == i:
                ring = w.rect.copy()
                ring.center = (round(pos[0]), round(pos[1]))
                pygame.draw.rect(surface, C.JADE, ring.inflate(self.s(8), self.s(8)), self.s(5),
                                 border_radius=self.s(14))
        if self.drag_pos is not None and self.held is not None:
            self._blit_card(surface, "MERMAID", self.drag_pos, self.s(DESIGN_W["big"]), 1.0, own=True)

    def _draw_seat(self, surface, seat: int) -> None:
        board = self.presenter.board
        active = board.current == seat and not self.feed.over
        glow = active and seat_glow()
        rect, cat_box, plate = self.draw_seat_cat(surface, seat, PLATE_H, glow, fit_width=True)
        edge = plate_edge(self, seat, active)
        # several people at one table: the plate beside the face-up hand says whose it is (a
        # label over the hand stood half under the status line, issue 21)
        own = seat == self.viewer and self.curtain_for is None and len(self.humans) > 1
        won = self.feed.over and seat in board.winners and not self.presenter.busy
        thinking = not won and self.pose_of(seat) == "thinking"  # the state for a moment, not both on a plate
        key = (tuple(plate), edge, own, self.seat_name(seat), seat in self.humans, len(self.humans),
               board.points[seat], won, thinking, self.app.size, self.app.i18n.lang, P.version())
        self.kept(surface, f"plate{seat}", key,
                  lambda: self._paint_plate(surface, seat, plate, edge, own, won, thinking))

    def _paint_plate(self, surface, seat: int, plate, edge, own: bool, won: bool, thinking: bool) -> None:
        """A seat's name plate: its name and points (or state)."""
        name = self.app.t("zc.hand_of", name=self.seat_name(seat)) if own else self.seat_label(seat)
        status = self.app.t("zc.points", n=self.presenter.board.points[seat])
        colour = C.GOLD
        if won:
            status += " · " + self.app.t("zc.status.winner")
        elif thinking:
            status = self.app.t("zc.status.thinking")
            colour = P.LAMP_SOFT
        surface.blit(panel(plate.size, C.INK_PANEL, self.s(14), max(2, self.s(3)), edge), plate)
        inner = plate.w - self.s(12)
        said = self.text(surface, name, 30, C.GOLD if own else P.CREAM, (plate.centerx, plate.y + self.s(21)),
                         max_w=inner)
        said = said.union(self.text(surface, status, 28, colour, (plate.centerx, plate.y + self.s(56)),
                                    max_w=inner))
        if hasattr(self, "boxes"):          # the audit: no seat's bubble or badge on a name or points
            self.boxes.add("name", f"name:seat{seat}", said)

    def _draw_captures(self, surface, seat: int) -> None:
        board = self.presenter.board
        for i, kind in enumerate(board.captures[seat]):
            (cx, cy), w = self.capture_slot(seat, i)
            pile = None
            for k in range(3):                        # a little stack of three
                r = self._blit_card(surface, kind, (cx + self.s(4) * k, cy - self.s(4) * k), w, 1.0)
                pile = r if pile is None else pile.union(r)
            self.badges.append((f"pile{self.position(seat)}:{i}", pile))

    def _draw_floats(self, surface) -> None:
        for seat, text, left in self.presenter.board.floats:
            rect = self.seat_rect(seat)
            rise = self.s(40) * (1 - min(1.0, left / 1.6))
            self.chip(surface, text, (rect.centerx, rect.y + self.s(40) - rise), C.GOLD, 40)

    def _prompt_text(self) -> tuple[str, tuple]:
        game = self.feed
        if self.mode == "arrange" and not self.presenter.busy:
            return self.app.t("zc.prompt.arrange"), P.LAMP
        if self.mode == "point" and not self.presenter.busy:
            step = game.view(self.viewer)["step"] + 1
            return self.app.t("zc.prompt.point", step=step), P.LAMP
        return self.waiting_line()

    def prompt_sub(self) -> tuple[str, tuple] | None:
        """The prompt's second line: red only for a press that was refused; what a focused card
        cannot do is said calmly before anything is pressed (issue 21)."""
        if self.message:
            return (self.message[0], getattr(self, "message_colour", None) or P.BAD)
        if lost_line(self):                 # a card caught out of the person's hand, until they move
            return lost_line(self)
        if self.mode == "arrange" and self.held is not None:
            return (self.app.t("zc.arrange.held"), P.GOOD)
        if self.mode == "arrange":
            return self.placed_line()
        if self.mode == "point" and self.my_turn():
            why = self.explanation()
            if why:
                return (why, P.LAMP_SOFT)
        return None

    def _draw_footer(self, surface) -> None:
        arrange = self.mode == "arrange"
        self.draw_footer(surface, self._prompt_text(), "zc.hint.arrange." if arrange else None, C.DRAW_1,
                         own=arrange and self.my_turn())

    def placed_line(self) -> tuple[str, tuple] | None:
        """Who has placed their mermaids, in the prompt (issue 21: a pill at each seat covered
        the computer cats' names and points)."""
        board = self.presenter.board
        names = [self.seat_name(s) for s in range(self.n) if board.arranged[s] and s != self.viewer]
        if not names:
            return None
        return (self.app.t("zc.arrange.placed", names=self.app.t("tiger.join").join(names)), P.LAMP_SOFT)

    def _draw_prompt(self, surface) -> None:
        text, colour = self._prompt_text()
        sub = self.prompt_sub()
        if text or sub:
            rect, edge = self.anchors["prompt"].rect, C.GOLD if self.my_turn() else C.DRAW_PROMPT_1
            key = (text, colour, sub, edge, tuple(rect), self.app.size, P.version(),
                   strip_key(self))
            self.kept(surface, "prompt", key, lambda: draw_prompt_with_strip(
                self, surface, rect, (text, colour), sub, C.INK_PANEL, edge))

    def summary_rect(self) -> pygame.Rect:
        """The round's summary over the board: the title, a row per seat, who starts next and,
        at its foot, "press to go on" (``go_on_at``) — all inside the board, clear of the status
        line (issue 21: at 6 seats the go-on chip stood over it)."""
        box = pygame.Rect(0, 0, self.s(900), self.s(SUMMARY_TOP + SUMMARY_ROW * self.n + 140))
        box.center = self.grid_rect().center
        return box

    def _draw_summary(self, surface, summary: dict) -> None:
        rows = sorted(range(self.n), key=lambda s: -summary["points"][s])
        box = self.summary_rect()
        surface.blit(panel(box.size, C.INK_PANEL, self.s(30), max(2, self.s(5)), C.GOLD, self.s(10)), box)
        self.boxes.add("overlay", "summary", box)          # over the board while it is held
        if summary["seat"] is not None:
            title = self.app.t("zc.summary.title", n=summary["round"], name=self.seat_name(summary["seat"]))
        else:
            title = self.app.t("zc.summary.none", n=summary["round"])
        self.text(surface, title, 48, C.GOLD, (box.centerx, box.y + self.s(48)), max_w=box.w - self.s(40))
        y = box.y + self.s(SUMMARY_TOP)
        for s in rows:
            colour = C.GOLD if s == summary["seat"] else P.CREAM
            pts = summary["points"][s]
            label = self.app.t("zc.points", n=pts)
            row = self.app.t("zc.summary.row", name=self.seat_name(s), points=label)
            self.text(surface, row, 34, colour, (box.centerx, y), max_w=box.w - self.s(40))
            y += self.s(SUMMARY_ROW)
        if summary.get("next") is not None:
            self.text(surface, self.app.t("zc.summary.next", name=self.seat_name(summary["next"])), 32,
                       C.DRAW_SUMMARY_1, (box.centerx, box.bottom - self.s(100)), max_w=box.w - self.s(40))
