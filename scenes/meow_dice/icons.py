"""Where Meow Meow Dice's meaning-carrying icons go, and how big (issue 12: icons that carry
meaning keep to ``ICON_MIN_PX``, game/ui/textfit.py). The drawing (draw.py), the flights
(presenter.py) and the floor test (``meaning_icons``) all read these places.
"""
from __future__ import annotations

import pygame

from game.rules.meow_dice_data import FACES, TYPES

# design px (1920x1080 basis); ICON_MIN_PX = 42 is 28 px on a 1280x720 window
ICON = {"supply": 50, "won": 42, "head": 54, "enth": 48, "cat_token": 56, "type": 48}


class MeowDiceIcons:
    # ---- the condition token supply (advanced game) ----------------------------------------------
    def supply_token_size(self) -> int:
        return self.s(ICON["supply"])

    def supply_pos(self, tok: str):
        """Centre of supply token ``tok``'s own place under the panel's label: a column per face,
        the "must show" tokens in the top row, the "must not" ones under them (issue 21: one
        row of each kind reads at a glance, and a token taken leaves its place empty)."""
        r = self.anchors["supply"].rect
        size = self.supply_token_size()
        gap = (r.w - 6 * size) / 5
        col, row = FACES.index(tok[1]), 0 if tok[0] == "!" else 1
        return (r.x + size / 2 + col * (size + gap), r.y + self.s(26) + size / 2 + row * (size + self.s(4)))

    # ---- tokens a seat has won ---------------------------------------------------------------------
    def won_token_size(self) -> int:
        return self.s(ICON["won"])

    def won_places(self, seat: int) -> int:
        """How many won tokens the seat's corner shows side by side (a "+N" takes the last)."""
        area = self.seat_parts(seat)["won"]
        step = self.won_token_size() + self.s(4)
        return max(1, area.w // step) * max(1, (area.h + self.s(4)) // step)

    def won_token_pos(self, seat: int, k: int):
        area = self.seat_parts(seat)["won"]
        size = self.won_token_size()
        per_row = max(1, area.w // (size + self.s(4)))
        row, col = divmod(min(k, self.won_places(seat) - 1), per_row)
        return (area.x + size / 2 + col * (size + self.s(4)), area.y + size / 2 + row * (size + self.s(4)))

    def won_shown(self, seat: int, tokens: list[str]) -> tuple[list[str], int]:
        """(tokens drawn, how many more a "+N" in the last place stands for)."""
        room = self.won_places(seat)
        if len(tokens) <= room:
            return list(tokens), 0
        return list(tokens[:room - 1]), len(tokens) - room + 1

    # ---- a seat panel's other icons ------------------------------------------------------------------
    def seat_icons(self, seat: int) -> dict[str, pygame.Rect]:
        """Window rects of the cat-card head, the enthusiasm drops (or the cat token) and the four
        item-type icons of ``seat``'s panel."""
        parts = self.seat_parts(seat)
        s = self.s
        out = {}
        badge, status, cols = parts["badge"], parts["status"], parts["cols"]
        head = pygame.Rect(0, 0, s(ICON["head"]), s(ICON["head"]))
        head.midleft = (badge.x + s(8), badge.centery)
        out["head"] = head
        enth = s(ICON["enth"])
        for k in range(3):
            r = pygame.Rect(0, 0, enth, enth)
            r.midleft = (status.x + k * (enth + s(6)), status.centery)
            out[f"enth{k}"] = r
        tok = s(ICON["cat_token"])
        out["cat_token"] = pygame.Rect(status.x + s(4), status.centery - tok // 2, tok, tok)
        col_w = cols.w / 4
        for k, ctype in enumerate(TYPES):
            r = pygame.Rect(0, 0, s(ICON["type"]), s(ICON["type"]))
            r.midtop = (round(cols.x + col_w * (k + 0.5)), cols.y)
            out["type:" + ctype] = r
        return out

    # ---- the floor test --------------------------------------------------------------------------------
    def meaning_icons(self) -> list[tuple[str, pygame.Rect]]:
        """(what, window rect) of every meaning-carrying icon drawn now."""
        board = self.presenter.board
        out: list[tuple[str, pygame.Rect]] = []

        def at(what, centre, size):
            r = pygame.Rect(0, 0, size, size)
            r.center = (round(centre[0]), round(centre[1]))
            out.append((what, r))
        picking = self.mode in ("cond_token", "lock_face") and not self.presenter.busy
        if picking:
            out += [("pick", spot.rect.copy()) for spot in self.pick_spots]
        else:
            out += [("die", r) for r in self.dice_rects()]
            if board.advanced:
                for tok in board.supply:
                    at("supply", self.supply_pos(tok), self.supply_token_size())
        for slot, tokens in board.slot_tokens.items():
            for k in range(len(tokens)):
                at("slot_token", self.token_pos(slot, k), self.token_size())
        for seat in range(self.n):
            icons = self.seat_icons(seat)
            keep = ["head"] + [k for k in icons if k.startswith("type:")]
            keep += ["enth0", "enth1", "enth2"] if board.enth[seat] is not None else ["cat_token"]
            out += [(f"seat{seat}:{k}", icons[k]) for k in keep]
            shown, more = self.won_shown(seat, board.won_tokens[seat])
            for k in range(len(shown) + (1 if more else 0)):
                at(f"seat{seat}:won", self.won_token_pos(seat, k), self.won_token_size())
        return out
