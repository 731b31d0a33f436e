"""What Zodiac keeps in sight: the part of a fanned card the focus frames, and the last turn.

The last turn kept in sight: the three cards the last turn turned up, small, at the left
end of the prompt box, until the next turn turns up its first card. A miss turns the cards face
down where they lie; a stranger had to remember them in the 2 s they stood up. Everything on
the strip was turned up for every seat to see, so it shows nothing private."""
from __future__ import annotations

import pygame

GAP = 6            # design px between two small cards
PAD = 14           # design px from the prompt box's left edge and from the words


def strip_rects(table, rect: pygame.Rect, kinds: list[str]) -> list[pygame.Rect]:
    """Where each small card stands in the prompt box ``rect``."""
    s = table.s
    h = rect.h - s(14)
    w = round(h * 0.7)
    out = []
    for i in range(len(kinds)):
        r = pygame.Rect(0, 0, w, h)
        r.midleft = (rect.x + s(PAD) + i * (w + s(GAP)), rect.centery)
        out.append(r)
    return out


def words_width(table, line, sub) -> int:
    """The widest of the prompt's words as drawn (the box's own sizes: one line at 38 px, or
    32 px over 30 px)."""
    sizes = ((line[0], 32), (sub[0], 30)) if sub else ((line[0], 38),)
    return max(table.app.font(px).size(text)[0] for text, px in sizes if text) if any(
        text for text, _ in sizes) else 0


def draw_prompt_with_strip(table, surface, rect: pygame.Rect, line, sub, fill, edge) -> None:
    """The prompt box, and the last turn's strip in its left end where the centred words leave
    room for it (else the words come first: the strip waits for a shorter prompt)."""
    table.draw_prompt_box(surface, rect, line, sub, fill, edge, alpha=230, px=(32, 30, 38), rows=(30, 72))
    kinds = table.presenter.board.last_turn
    if not kinds:
        return
    cards = strip_rects(table, rect, kinds)
    free = rect.w // 2 - words_width(table, line, sub) // 2 - table.s(PAD)
    if cards[-1].right - rect.x > free:
        return
    for kind, r in zip(kinds, cards, strict=True):
        table._blit_card(surface, kind, r.center, r.w, 1.0)
    if hasattr(table, "boxes"):
        table.boxes.add("line", "prompt/last_turn", cards[0].unionall(cards[1:]))


def visible_part(table, item) -> pygame.Rect:
    """The part of a fanned hand's card left in sight: the focus outline frames one card only."""
    rect = item.rect.copy()
    key = getattr(item, "key", None)
    if not key or key[0] != "hand" or item not in table.shown_widgets:
        return rect
    if any(c.slot == key[2] and c.flip > 0.5 for c in table.presenter.board.hands[key[1]]):
        return rect                             # a card turned up is drawn over its neighbours
    for other in table.shown_widgets[table.shown_widgets.index(item) + 1:]:
        o = other.rect
        if other.key[:2] != key[:2] or not o.colliderect(rect):
            continue
        if abs(o.y - rect.y) < rect.h // 2:     # a row: a card over its right or left part
            if rect.x < o.x < rect.right:
                rect.w = o.x - rect.x
            elif o.x < rect.x < o.right:
                rect.w, rect.x = rect.right - o.right, o.right
        elif abs(o.x - rect.x) < rect.w // 2:   # a column: over its lower or upper part
            if rect.y < o.y < rect.bottom:
                rect.h = o.y - rect.y
            elif o.y < rect.y < o.bottom:
                rect.h, rect.y = rect.bottom - o.bottom, o.bottom
    return rect
