"""Drawing the Meow Meow Dice table: the four slots and their cards, the piles, the dice tray or
a picker, the supply, the seat panels, the prompt with a word for the focused thing, and what is
in flight (a mixin of ``MeowDiceTable``; everything comes from the presenter's board)."""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cards_meow_dice import (
    RATIO,
    bite_mark,
    card_back,
    card_face,
    cat_head,
    cat_token,
    condition_token,
    enthusiasm_icon,
    type_icon,
)
from game.art.cats import draw_cat
from game.art.dice_meow_dice import die_face, die_tumbling, pattern_icon
from game.art.draw import blit_around, draw_panel, ellipse_glow, flight_picture, focus_outline
from game.rules.meow_dice_data import SLOTS, TYPES
from scenes.meow_dice.piles import draw_piles
from scenes.meow_dice.presenter import flip_squash
from scenes.meow_dice.rules_view import by_type, card_cat, card_conds, card_points, card_type, flames, verbs
from scenes.meow_dice.seat_cells import seat_cells
from scenes.table.look import level_backdrop
from scenes.table.tooltip import Tip
from scenes.table.widgets import Spot

C = P.colours("meow-dice")

DESIGN = {"slot_card": 142, "pile": 100, "hand": 74, "die": 112, "token": 60, "pick": 62}
NAMED_CARD = 120        # design px: a card at least this wide shows its name (issue 21)


PROMPT_PX = (36, 30, 40)    # the prompt's line (with a second line under it), its second, alone


def seat_key(table, seat: int, board, active: bool, flipping: bool) -> tuple:
    """All a seat's still piece depends on (``MeowDiceDraw._draw_seat``); [3] its edge, [4] its cat."""
    edge = C.BRASS_LIGHT if active else (C.BRASS if seat in table.humans else C.DRAW_SEAT_EDGE)
    mdcat = board.cats[seat] if seat < len(board.cats) else "tabby"
    return ("seat", seat, active, edge, mdcat, tuple(board.hands[seat]), tuple(board.bitten[seat]),
            board.enth[seat], None if flipping or board.cat_up is None else board.cat_up[seat],
            tuple(board.won_tokens[seat]), table.app.i18n.lang)


class MeowDiceDraw:
    def render_background(self) -> pygame.Surface:
        return render_background(self.level, self.app.size)

    # ---- drawing -----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(self.background(), (0, 0))
        board = self.presenter.board
        self.odds_chips = {}                      # the odds badges drawn this frame (tips.py)
        self.slot_labels = {}                     # slot -> (words, colour) under its card
        for slot in SLOTS:
            self._draw_slot(surface, slot, board)
        self._draw_piles(surface, board)
        self._draw_tray(surface, board)
        picking = self.mode in ("cond_token", "lock_face") and not self.presenter.busy
        if board.advanced and not picking:        # the picker shows the supply itself
            self._draw_supply(surface, board)
        for seat in range(self.n):
            self._draw_seat(surface, seat, board)
        self._draw_prompt(surface)
        self.draw_buttons(surface)
        for f in self.presenter.flyers:
            self._draw_flyer(surface, f)
        tray = self.anchors["tray"].rect
        middle = (self.slot_rect("TL").bottom + self.slot_rect("BL").y) // 2
        self.draw_banner(surface, (tray.centerx, middle), *self.banner_look())
        self.advice.draw(surface)
        focused = self.focus.focused
        shown = self.items + self.active_buttons
        if focused is not None and self.mode and not self.presenter.busy and focused in shown \
                and self.focus_in_sight(focused):
            self.draw_focus(surface)
            spot = next((sl for sl, sp in self.slot_spots.items() if sp is focused), None)
            if spot in self.slot_labels:          # its words over the outline, not under it
                self.slot_label(surface, spot, backed=True)
        self._draw_pick_badges(surface)           # over the focus outline, which crosses them
        self.draw_hints(surface, self._hint_prefix())
        self.tooltip.draw(surface)

    def draw_focus(self, surface, radius: int = 16) -> None:
        """One focus look at this table: a white ring that breathes in width only (it went from
        yellow to white and back, so a still shot showed either: stranger 40r-zh, #5)."""
        focused = self.focus.focused
        if focused is not None and not self.tooltip.hides_focus:
            r = getattr(focused, "radius", radius)
            focus_outline(surface, focused.rect, self.time, self.app.scale, r, colours=(P.FOCUS_2, P.FOCUS_2))

    def _card(self, surface, card: str | None, center, width: int, back: str = "regular", alpha: int = 255,
              squash: float = 1.0, flying: bool = False) -> pygame.Rect:
        width = max(4, int(width))
        if flying:                        # between two resting sizes: a scale of a cached picture
            surf = flight_picture(self.art("flights"), self._card_picture, (card, back), width,
                                  self.card_widths())
        else:
            surf = self._card_picture((card, back), width)
        rect = surf.get_rect(center=(round(center[0]), round(center[1])))
        if squash < 0.999 or alpha < 255:
            surf = pygame.transform.scale(surf, (max(1, int(rect.w * squash)), rect.h))
            if alpha < 255:
                surf.set_alpha(int(alpha))
            rect = surf.get_rect(center=rect.center)
        shadow = self.shadow(rect.size, 80, keep=not flying)
        surface.blit(shadow, rect.move(self.s(4), self.s(6)))
        surface.blit(surf, rect)
        return rect

    def _card_picture(self, item, width: int) -> pygame.Surface:
        card, back = item
        if card is None:
            return card_back(width, back)
        ability = self.presenter.board.abilities.get(card)
        return card_face(card, width, ability, self.name_on_card(card, width))

    def card_widths(self) -> list[int]:
        """The widths a card rests at (its pictures are drawn at these; one in flight is a scale)."""
        return sorted({self.w(k) for k in ("hand", "pile", "slot_card")})

    def name_on_card(self, card: str, width: int) -> str | None:
        """The card's name for its ribbon, where the card is drawn big enough to read it (a slot's,
        a tooltip's, one in flight to or from a slot; not a hand's or a pile's)."""
        if width < self.s(NAMED_CARD) or card.startswith("fishbone/"):
            return None
        return self.card_name(card)

    def _veil(self, size) -> pygame.Surface:
        """A dimming veil over a card that cannot be taken now (cached per size)."""
        cache = self.art("veils")
        surf = cache.get(size)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, C.VEIL_1, surf.get_rect(), border_radius=self.s(12))
            cache[size] = surf
        return surf

    def _draw_piles(self, surface, board) -> None:
        draw_piles(self, surface, board)          # each pile one kept piece (scenes/meow_dice/piles.py)

    def _draw_slot(self, surface, slot: str, board) -> None:
        r = self.slot_rect(slot)
        s = self.s
        spot = self.slot_spots[slot]
        live = self.mode in ("rolling", "discard", "cond_slot") and not self.presenter.busy
        bg_col = C.DRAW_SLOT_BG_COL
        edge = C.BRASS
        if live and spot.enabled:
            edge = C.TABLE_GOOD if self.mode == "rolling" else C.SEL
        crect = self.slot_card_rect(slot)
        glowing = live and spot.enabled and self.mode == "rolling"
        region = r.inflate(s(10), s(10))

        def paint(surf, origin):
            ox, oy = origin
            draw_panel(surf, pygame.Rect((s(5), s(5)), r.size), bg_col, s(22), max(2, s(3)), edge, 0)
            icon = pattern_icon(slot, s(200))
            surf.blit(icon, icon.get_rect(midtop=(r.w // 2 + s(5), s(11))))
            if glowing:
                g = ellipse_glow((int(crect.w * 1.6), int(crect.h * 1.3)), C.TABLE_GOOD, 150)
                surf.blit(g, g.get_rect(center=(crect.centerx - region.x, crect.centery - region.y)))
        card = board.slots.get(slot)
        shown = card is not None and slot not in self.presenter.hidden_slots
        text = self.slot_text(slot) if self.mode == "rolling" else ""
        if not text and card is not None and not (self.mode == "rolling" and not self.presenter.busy):
            text = self.app.t("md.pattern." + slot)
            colour = P.LAMP_SOFT
        else:
            colour = C.TABLE_GOOD if spot.enabled else C.DRAW_SLOT_COLOUR
        if text:
            self.slot_labels[slot] = (text, colour)
        # kept as the frame before's operations while none of this changes (issue 23: a slot's
        # walk was ~0.3 ms of processor a frame at 4K): scenes/table/look.py kept_piece
        tokens = tuple(board.slot_tokens.get(slot, ()))
        key = (tuple(r), edge, glowing, card, shown, shown and board.abilities.get(card), live, spot.enabled,
               self.mode, slot == self.pick_slot, slot in self.picked_slots, tokens, text, colour,
               self.app.size, self.app.i18n.lang, P.version())
        self.kept_piece(surface, f"slot{slot}", key, lambda: self._paint_slot(
            surface, slot, board, self.static(("slot", slot, edge, glowing), region, paint), region, card,
            shown, live and not spot.enabled and self.mode == "rolling", crect, text))

    def _paint_slot(self, surface, slot: str, board, piece, region, card, shown: bool, veiled: bool, crect,
                    text: str) -> None:
        s = self.s
        surface.blit(piece, region)
        (cx, cy), w = self.slot_card(slot)
        if shown:
            rect = self._card(surface, card, (cx, cy), w)
            if veiled:
                surface.blit(self._veil(rect.size), rect)
            if (self.mode == "cond_token" and slot == self.pick_slot) or \
                    (slot in self.picked_slots and self.mode == "discard"):      # (one mode at a time)
                pygame.draw.rect(surface, C.SEL, rect.inflate(s(8), s(8)), s(5), border_radius=s(14))
        else:
            pygame.draw.rect(surface, C.DRAW_SLOT_1, crect, max(2, s(3)), border_radius=s(12))
        for k, tok in enumerate(board.slot_tokens.get(slot, [])):
            pos = self.token_pos(slot, k)
            t = condition_token(tok, self.token_size())
            surface.blit(t, t.get_rect(center=(round(pos[0]), round(pos[1]))))
        if text:
            self.slot_label(surface, slot)

    def slot_label(self, surface, slot: str, backed: bool = False) -> pygame.Rect:
        """A slot's words under its card ("Take it!", why not). ``backed``: on a tag, drawn again over
        the raised card's focus outline, which crosses it (stranger 2, defect 11: "Jake it!")."""
        text, colour = self.slot_labels[slot]
        place = self.slot_line_rect(slot)
        if backed:
            font = self.app.fit_font(text, 28, place.w, 28)
            tag = pygame.Rect((0, 0), font.size(text)).inflate(self.s(20), 0)
            tag.center = place.center     # then clipped (clipped first, at the origin, it was empty)
            tag = tag.clip(place.inflate(self.s(8), 0))
            pygame.draw.rect(surface, C.DRAW_SLOT_BG_COL, tag, border_radius=tag.h // 2)
        drawn = self.text(surface, text, 28, colour, place.center, max_w=place.w)
        self.boxes.add("line", f"slot{slot}/line", drawn)    # the audit: inside its panel (issue 21)
        return drawn

    def _draw_supply(self, surface, board) -> None:
        r = self.anchors["supply"].rect
        self.text(surface, self.app.t("md.supply"), 28, P.LAMP_SOFT, (r.centerx, r.y + self.s(4)), max_w=r.w)
        size = self.supply_token_size()
        for tok in board.supply:
            pos = self.supply_pos(tok)
            t = condition_token(tok, size)
            surface.blit(t, t.get_rect(center=(round(pos[0]), round(pos[1]))))

    def _draw_tray(self, surface, board) -> None:
        if self.mode in ("cond_token", "lock_face") and not self.presenter.busy:
            self._draw_picker(surface)
            return
        rects = self.dice_rects()
        area = self.dice_panel()
        tray = (C.DRAW_TRAY_1, self.s(26), max(2, self.s(3)), C.DRAW_TRAY_2, 0)
        surface.blit(self.static(("tray",), area,
                                 lambda surf, o: draw_panel(surf, ((0, 0), area.size), *tray)), area)
        size = self.die_size()
        locked = set(board.locked)
        for d, rect in enumerate(rects):
            fx = self.presenter.dice_fx[d]
            face = fx.face
            picked = d in self.picked_dice and self.mode == "rolling"
            style = "locked" if d in locked else ("selected" if picked else "normal")
            cx, cy = rect.center
            if picked:
                cy -= self.s(22)
            cx += fx.offset[0]
            cy += fx.offset[1]
            shadow_y = rect.centery + size * 0.42
            sh = ellipse_glow((int(size * 0.9), int(size * 0.3)), C.DRAW_TRAY_3, 140)
            surface.blit(sh, sh.get_rect(center=(rect.centerx + fx.offset[0] * 0.8, shadow_y)))
            if abs(fx.angle) > 1:
                surf = die_tumbling(face, size, int(fx.angle))
            else:
                surf = die_face(face, size, style)
            if fx.pop > 0:
                k = 1 + 0.12 * math.sin(fx.pop * math.pi)
                size_k = (int(surf.get_width() * k), int(surf.get_height() * k))
                surf = pygame.transform.smoothscale(surf, size_k)
            if fx.squash != (1.0, 1.0):                  # landing with weight: squashed on its foot
                w, h = surf.get_size()
                surf = pygame.transform.scale(surf, (round(w * fx.squash[0]), round(h * fx.squash[1])))
                cy += (h - surf.get_height()) / 2
            surface.blit(surf, surf.get_rect(center=(round(cx), round(cy))))
            if picked:
                box = pygame.Rect(0, 0, size + self.s(10), size + self.s(10))
                box.center = (round(cx), round(cy))
                pygame.draw.rect(surface, C.SEL, box, self.s(5), border_radius=self.s(24))

    def _draw_picker(self, surface) -> None:
        area = self.picker_frame()
        pick = (C.DRAW_PICKER_1, self.s(24), max(2, self.s(3)), C.SEL, 0)
        surface.blit(self.static(("picker",), area,
                                 lambda surf, o: draw_panel(surf, ((0, 0), area.size), *pick)), area)
        for spot in self.pick_spots:
            if spot.key.startswith("tok:"):
                surf = condition_token(spot.key[4:], spot.rect.w)
            else:
                surf = die_face(spot.key[5:], spot.rect.w, "normal" if spot.enabled else "dim")
            if not spot.enabled:
                surf = surf.copy()
                surf.set_alpha(90)
            surface.blit(surf, spot.rect)

    def _draw_seat(self, surface, seat: int, board) -> None:
        """A seat panel: what changes only with the game (panel, cat card, cat token or
        enthusiasm, tokens won, cards by type) is one cached piece; the name and score are drawn
        over it, kept with it as the frame before's operations while none of them changes (issue
        23: ~0.3 ms of processor a seat and frame at 4K), and the cat over them every frame."""
        parts = self.seat_parts(seat)
        s = self.s
        info = self.feed.seats[seat]
        active = board.current == seat and not self.feed.over
        head = parts["head"]
        region = self.seat_region(seat)
        flipping = flip_squash(self.token_flip[seat]) < 0.999
        key = seat_key(self, seat, board, active, flipping)
        edge, mdcat = key[3], key[4]
        piece = self.static(key, region, lambda surf, o: self._seat_still(surf, seat, board, region, active,
                                                                            edge, mdcat, flipping), key[:2])
        name = self.seat_label(seat)
        score = board.scores[seat] if seat < len(board.scores) else 0
        score_text = self.app.t("md.score", n=score)
        pulse = self.presenter.pulse[seat]
        px = 40 + round(8 * math.sin(pulse * math.pi))
        words = (piece, tuple(region), tuple(head), name, score_text, px, C.BRASS_LIGHT, P.CREAM,
                 self.app.i18n.lang, P.version())
        self.kept_piece(surface, f"seat{seat}", words,             # (scenes/table/look.py)
                        lambda: self._seat_plate(surface, seat, piece, key, region, head, name,
                                                 score_text, px))
        centre, size, flip = self.seat_cat(seat)
        draw_cat(surface, centre, size, info.coat, self.pose_of(seat), self.time + seat * 0.7, flip,
                 self.juice.squash_of(seat))
        if flipping and board.cat_up is not None:         # the cat token turning over
            status = parts["status"]
            size = s(56)
            tok = cat_token(mdcat, size, bool(board.cat_up[seat]))
            tok = pygame.transform.scale(tok, (max(1, int(size * flip_squash(self.token_flip[seat]))), size))
            surface.blit(tok, tok.get_rect(center=(status.x + size // 2 + s(4), status.centery)))
        if self.mode == "rolling" and not self.presenter.busy:      # food cards that may be bitten
            for spot in self.card_spots:
                if spot.enabled:
                    pygame.draw.rect(surface, C.SEL, spot.rect.inflate(s(6), s(6)), max(2, s(3)),
                                     border_radius=s(10))

    def _seat_plate(self, surface, seat: int, piece, key, region, head, name: str, score: str,
                    px: int) -> None:
        """The seat's still piece (in cells: seat_cells.py) with its name and score on the plate."""
        s = self.s
        for cell, at in seat_cells(self, seat, piece, key, region, s(36), head.bottom):
            surface.blit(cell, at)
        srect = self.text(surface, score, px, C.BRASS_LIGHT, (head.right - s(14), head.centery), "midright")
        self.text(surface, name, 34, P.CREAM, (head.x + s(14), head.centery), "midleft",
                  max_w=srect.x - head.x - s(28))

    def _seat_still(self, surf, seat: int, board, region, active, edge, mdcat, flipping) -> None:
        """Paint the still parts of a seat panel onto ``surf`` (whose origin is ``region``'s)."""
        s = self.s
        ox, oy = region.topleft
        parts = self.seat_parts(seat)
        r, head = parts["panel"], parts["head"]
        if active:      # blended only where the opaque panel leaves it to see
            blit_around(surf, ellipse_glow(*self.seat_glow(seat)), r.move(-ox, -oy), s(24))
        draw_panel(surf, r.move(-ox, -oy), C.SEAT_STILL_2, s(24), max(3, s(5) if active else s(3)), edge, 0)
        draw_panel(surf, head.move(-ox, -oy), C.DEEP_RED if active else C.SEAT_STILL_3, s(16), max(2, s(2)),
                   C.BRASS, 0)
        if "tools" in parts:                       # the tools' own shelf across the panel's foot
            shelf = parts["tools"].inflate(s(12), s(10))
            draw_panel(surf, shelf.move(-ox, -oy), C.SEAT_STILL_3, s(14), max(2, s(2)), C.BRASS, 0)
        # the cat card: whose cards give +1 (MD-9.2)
        badge = parts["badge"].move(-ox, -oy)
        icons = {k: r.move(-ox, -oy) for k, r in self.seat_icons(seat).items()}   # scenes/meow_dice/icons.py
        head_icon = cat_head(mdcat, icons["head"].w)
        hb = head_icon.get_rect(center=icons["head"].center)
        pygame.draw.circle(surf, C.BRASS, hb.center, s(30))
        pygame.draw.circle(surf, C.TABLE_VELVET, hb.center, s(27))
        surf.blit(head_icon, hb)
        self.text(surf, self.app.t("md.bonus"), 32, C.BRASS_LIGHT, (hb.right + s(10), badge.centery),
                   "midleft")
        # cat token (basic) or enthusiasm (advanced)
        if board.enth[seat] is not None:
            for k in range(3):
                r = icons[f"enth{k}"]
                icon = enthusiasm_icon(r.w, k < (board.enth[seat] or 0))
                surf.blit(icon, icon.get_rect(center=r.center))
        elif board.cat_up is not None and not flipping:
            r = icons["cat_token"]
            tok = cat_token(mdcat, r.w, bool(board.cat_up[seat]))
            surf.blit(tok, tok.get_rect(center=r.center))
        shown, more = self.won_shown(seat, board.won_tokens[seat])
        for k, t in enumerate(shown):
            x, y = self.won_token_pos(seat, k)
            icon = condition_token(t, self.won_token_size())
            surf.blit(icon, icon.get_rect(center=(round(x - ox), round(y - oy))))
        if more:                                   # no room for them all at full size: "+N"
            x, y = self.won_token_pos(seat, len(shown))
            size = self.won_token_size()
            pygame.draw.circle(surf, C.BRASS, (round(x - ox), round(y - oy)), size // 2)
            self.text(surf, f"+{more}", 28, P.INK, (round(x - ox), round(y - oy)), shadow=False)
        # collected cards by type
        hands = by_type(board.hands[seat])
        bitten = list(board.bitten[seat])
        for ctype in TYPES:
            r = icons["type:" + ctype]
            icon = type_icon(ctype, r.w)
            surf.blit(icon, icon.get_rect(center=r.center))
            cards = hands[ctype]
            if not cards:
                w = self.w("hand")
                hole = pygame.Rect(0, 0, w, round(w * RATIO))
                (hx, hy), _ = self.hand_card(seat, ctype, 0, 1)
                hole.center = (round(hx - ox), round(hy - oy))
                pygame.draw.rect(surf, C.SEAT_STILL_4, hole, max(2, s(2)), border_radius=s(8))
            for i, card in enumerate(cards):
                (hx, hy), w = self.hand_card(seat, ctype, i, len(cards))
                rect = self._card(surf, card, (hx - ox, hy - oy), w)
                if card in bitten:
                    bitten.remove(card)
                    surf.blit(bite_mark(w), rect)

    def _hint_prefix(self) -> str | None:
        """The footer names what the current mode takes: rolling (dice and cards), before the
        roll (Roll, and the cat token or enthusiasm only when there is some to use: issue 21), or
        a choice in progress (the cat token, a condition, a lock)."""
        if self.mode == "pre":
            v = verbs(self.legal)
            if "token" in v:
                return "md.hint.pre_token."
            return "md.hint.pre." if v & {"condition", "lock", "change"} else "md.hint.pre_roll."
        if self.mode == "discard":            # the cat token: which cards to throw away
            return "md.hint.discard."
        if self.mode in ("cond_slot", "cond_token", "lock_die", "lock_face"):
            return "md.hint.pick."
        if self.mode == "rolling" and "reroll" not in verbs(self.legal):   # a Fish bone: where its button is
            return "md.hint.last." if "fishbone" in self.legal else "md.hint.last_take."
        if self.mode == "rolling" and "fishbone" in self.legal:    # nothing fits yet: not "click a card"
            return "md.hint.nofit."
        return None

    def _draw_prompt(self, surface) -> None:
        edge = C.BRASS_LIGHT if self.my_turn() else C.DRAW_PROMPT_EDGE
        self.draw_prompt_box(surface, self.anchors["prompt"].rect, self._prompt_text(), self._sub_text(),
                             C.DRAW_PROMPT_1, edge, px=PROMPT_PX, rows=(32, 78))

    def _prompt_text(self) -> tuple[str, tuple]:
        game = self.feed
        board = self.presenter.board
        if self.presenter.busy or game.over or not self.my_turn():
            return self.waiting_line()
        mode = self.mode
        name = self.seat_name(game.current_player)
        prefix = f"{name}: " if len(self.humans) > 1 else ""
        if mode == "pre":
            v = verbs(self.legal)
            if "token" in v:
                key = "md.prompt.pre_token"
            elif v & {"condition", "lock", "change"}:
                key = "md.prompt.pre_enth"
            else:
                key = "md.prompt.pre"
            return prefix + self.app.t(key), P.LAMP
        if mode == "rolling":
            v = verbs(self.legal)
            if self.view.get("bite_pending"):
                return prefix + self.app.t("md.prompt.after_bite", n=board.next_max), P.LAMP
            if "bite" in v:
                return prefix + self.app.t("md.prompt.rolling_bite"), P.LAMP
            if "take" in v:
                return prefix + self.app.t("md.prompt.rolling" if "reroll" in v else "md.prompt.take"), P.LAMP
            key = "md.prompt.rolling_fish" if "reroll" in v else "md.prompt.fish"
            return prefix + self.app.t(key), P.LAMP
        key = {"discard": "md.prompt.token" if self.discard_verb == "token" else "md.prompt.change",
               "cond_slot": self.cond_slot_prompt(), "cond_token": "md.prompt.cond_token",
               "lock_die": "md.prompt.lock_die", "lock_face": "md.prompt.lock_face"}.get(mode)
        return (prefix + self.app.t(key), P.LAMP) if key else ("", P.CREAM)

    def _draw_pick_badges(self, surface) -> None:
        if self.mode != "discard":
            return
        for order, slot in enumerate(self.picked_slots, 1):
            if slot in self.presenter.hidden_slots or self.presenter.board.slots.get(slot) is None:
                continue
            badge = self.pick_badge(self.slot_card_rect(slot))
            pygame.draw.ellipse(surface, P.INK, badge.inflate(self.s(6), self.s(6)))
            pygame.draw.ellipse(surface, C.SEL, badge)
            self.text(surface, str(order), 30, P.INK, badge.center, shadow=False)

    def turn_words(self) -> str | None:
        """"Turn 2 of 5" for the seat on turn: the table's line, also the pause's (issue 21 #8)."""
        board = self.presenter.board
        total, seat = board.turns_each, board.current
        if seat is None:
            return None
        return self.app.t("md.turns", n=min(total, board.turns_by_seat[seat] + 1), total=total)

    def _sub_text(self):
        if self.message:
            return self.message[0], C.SUB_TEXT_1
        if self.feed.over:
            return None
        where = self.turn_words()
        if where is None:
            return None
        board = self.presenter.board
        if board.rolls and self.presenter.outcome is None:     # (outcome.py)
            # not "Roll 2 of 4": each reroll throws fewer dice, so fewer rolls may be left
            last = "md.rolls_last_four" if board.rolls >= 4 else "md.rolls_last"
            where += " · " + (self.app.t("md.rolls_more", roll=board.rolls, n=board.next_max)
                              if board.next_max else self.app.t(last, n=board.rolls))
        # the turn and the rolls stay whatever has the focus: the focused thing is explained
        # by its own tip beside it (strangers 40r: its words took this line's place)
        return where, P.MUTED

    def cond_words(self, cond: str) -> str:
        face = self.app.t("md.face." + cond[1])
        return self.app.t("md.cond.need" if cond[0] == "!" else "md.cond.no", face=face)

    def card_words(self, card: str, tokens, short: bool = False) -> str:
        """A card in words; ``short`` (the prompt's one line) leaves out its type, bonus cat and a
        special's power, which its tooltip spells out (a special's line was cut at 1280x720)."""
        t = self.app.t
        if card.startswith("fishbone/"):
            return t("md.card.fishbone", n=flames(card))
        parts = [self.card_name(card), t("md.card.points", n=card_points(card))]
        if not short:
            parts[1:1] = [t("md.type." + card_type(card))]
            parts.append(t("md.card.bonus", cat=t("md.cat." + (card_cat(card) or "tabby"))))
        conds = [self.cond_words(c) for c in card_conds(card) + tuple(tokens)]
        ability = self.presenter.board.abilities.get(card)
        if ability and not short:
            parts.append(t("md.ability." + ability))
        return " · ".join(parts + conds)

    def describe(self, item):
        """The tooltip of a focused card, token or die (scenes/table/tooltip.py): large, in words."""
        t = self.app.t
        key = getattr(item, "key", "")
        if not isinstance(item, Spot):
            return None
        board = self.presenter.board
        if key.startswith("slot:") or key.startswith("card:"):
            card = board.slots.get(key[5:]) if key.startswith("slot:") else item.card
            if not card:
                return None
            tokens = board.slot_tokens.get(key[5:], []) if key.startswith("slot:") else []
            if card.startswith("fishbone/"):
                return Tip(t("md.card.fishbone", n=flames(card)), [t("md.tip.fishbone")],
                           self._tip_card(card))
            lines = [t("md.type." + card_type(card)) + " · " + t("md.card.points", n=card_points(card)),
                     t("md.tip.bonus", cat=t("md.cat." + (card_cat(card) or "tabby")))]
            lines += [self.cond_sentence(c) for c in card_conds(card) + tuple(tokens)]
            ability = board.abilities.get(card)
            if ability:
                lines.append(t("md.ability." + ability))
            odds = self.odds_words(key[5:]) if key.startswith("slot:") else None
            if odds:                                # its badge's number, said (issue 21)
                lines[0] += " · " + odds
            return Tip(self.card_name(card), lines, self._tip_card(card))
        if key.startswith("tok:"):
            cond = key[4:]
            # what it costs and earns, where the token is chosen (stranger 9 #5: only the rules said)
            return Tip(t("md.tip.token"), [self.cond_sentence(cond), t("md.tip.supply")],
                       condition_token(cond, self.s(160)))
        if key.startswith("face:"):
            face = key[5:]
            return Tip(t("md.face." + face), [t("md.tip.lock")], die_face(face, self.s(150)))
        if key.startswith("die:"):
            face = self.presenter.dice_fx[int(key[4:])].face
            if face is None:
                return None
            return Tip(t("md.face." + face), [t("md.tip.die")], die_face(face, self.s(150)))
        return None

    def cond_sentence(self, cond: str) -> str:
        face = self.app.t("md.face." + cond[1])
        return self.app.t("md.tip.must" if cond[0] == "!" else "md.tip.must_not", face=face)

    def _tip_card(self, card: str) -> pygame.Surface:
        return card_face(card, self.s(190), self.presenter.board.abilities.get(card),
                         self.name_on_card(card, self.s(190))) \
            if not card.startswith("fishbone/") else card_face(card, self.s(190))

    def _draw_flyer(self, surface, f) -> None:
        x, y = f.pos
        # a piece in flight changes size in steps of 4 design px: each size is a picture made
        # and cached, and at 4K every pixel step was a new one (a dropped frame each)
        step = max(4, self.s(4))
        width = max(step, round(f.width / step) * step)
        if f.kind == "token":
            size = width
            t = condition_token(f.item, size)
            surface.blit(t, t.get_rect(center=(round(x), round(y))))
            return
        face = f.flip >= 0.5
        squash = max(0.02, flip_squash(f.flip))
        back = "fishbone" if (f.item or "").startswith("fishbone/") else "regular"
        self._card(surface, f.item if face else None, (x, y), width, back, int(f.alpha), squash, flying=True)


def render_background(level, size) -> pygame.Surface:
    """The parlour: the map's tiles and lamp light over the velvet."""
    def decorate(design) -> None:
        light = ellipse_glow.unkept((1100, 1000), C.DECORATE_1, 40)
        design.blit(light, light.get_rect(center=(960, 470)))
    return level_backdrop(level, size, C.RENDER_BACKGROUND_1, C.RENDER_BACKGROUND_1, decorate)
