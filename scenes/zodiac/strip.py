"""What Zodiac keeps in sight: the part of a fanned card the focus frames, the last turn, and a
card caught out of the person's hand.

The last turn kept in sight: the three cards the last turn turned up, small, at the left
end of the prompt box under a "Last turn:" label (stranger 6, defect 5: three unlabelled cards
in the prompt), until the next turn turns up its first card. A miss turns the cards face
down where they lie; a stranger had to remember them in the 2 s they stood up. Everything on
the strip was turned up for every seat to see, so it shows nothing private.

A catch that takes a card out of the person's hand is said to them ("Tofu caught your Rat 1")
in the prompt's second line until their next move (the presenter's ``board.lost``)."""
from __future__ import annotations

import pygame

from game.art import palette as P

GAP = 6            # design px between two small cards
PAD = 14           # design px from the prompt box's left edge and from the words


LABEL_PX = 24      # the strip's label


def lost_line(table) -> tuple[str, tuple] | None:
    """"Tofu caught your Rat 1": while the person who lost it is the one looking."""
    lost = table.presenter.board.lost
    if not lost or lost[2] != table.viewer:
        return None
    seat, kind, _, n = lost
    return (table.app.t("zc.ev.caught_yours", name=table.seat_name(seat), kind=table.kind_name(kind), n=n),
            P.LAMP)


def hand_seat(table) -> int | None:
    """The seat whose hand is drawn face up as the person's own: the viewer, and at the match's
    end (every seat's eyes on the screen, so no one viewer) still the one who was looking, until
    the end's reveal turns every hand up (their hand turned face down while the banner still
    named their last card: stranger 40r-zh, #11)."""
    seat = table.viewer
    if seat is not None:
        table.last_viewer = seat
        return seat
    return getattr(table, "last_viewer", None) if table.feed.over else None


def label_width(table) -> int:
    return table.app.font(LABEL_PX).size(table.app.t("zc.last_turn"))[0]


def strip_rects(table, rect: pygame.Rect, kinds: list[str]) -> list[pygame.Rect]:
    """Where each small card stands in the prompt box ``rect``, after the label."""
    s = table.s
    h = rect.h - s(14)
    w = round(h * 0.7)
    x0 = rect.x + s(PAD) + label_width(table) + s(GAP)
    out = []
    for i in range(len(kinds)):
        r = pygame.Rect(0, 0, w, h)
        r.midleft = (x0 + i * (w + s(GAP)), rect.centery)
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
    label = table.app.font(LABEL_PX).render(table.app.t("zc.last_turn"), True, P.LAMP_SOFT)
    at = label.get_rect(midleft=(rect.x + table.s(PAD), rect.centery))
    surface.blit(label, at)
    for kind, r in zip(kinds, cards, strict=True):
        # no trump frame here: its corners stood out of the prompt bar (stranger 40r-zh)
        picture, rect, _ = table._card_picture(kind, r.center, r.w, 1.0)
        surface.blit(picture, rect)
    if hasattr(table, "boxes"):
        table.boxes.add("line", "prompt/last_turn", at.unionall(cards))


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
