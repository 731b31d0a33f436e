"""What Zodiac keeps in sight: the part of a fanned card the focus frames, the last turn, and a
card caught out of the person's hand.

The turns kept in sight: every turn since the viewer's own last one, each turn's three cards
small under the name of who turned them up, newest last, at the left end of the prompt box after
a "Since your turn:" label ("Last turn:" for one; stranger 6, defect 5: three unlabelled cards in
the prompt), until the viewer's own turn ends (stranger 43, defect 2: at Fast two computer turns
went by in under a second, and the strip held only the last). A miss turns the cards face down
where they lie; a stranger had to remember them in the 2 s they stood up. Everything on the strip
was turned up for every seat to see, so it shows nothing private. (The tiger's memory is its own
design, the last turn only: ``game.bots.zodiac_hint.fair_view``.)

A catch that takes a card out of the person's hand is said to them ("Tofu caught your Rat 1")
in the prompt's second line until their next move (the presenter's ``board.lost``)."""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.draw import panel

GAP = 6            # design px between two small cards
PAD = 14           # design px from the prompt box's left edge and from the words


LABEL_PX = 24      # the strip's label
SMALL = {38: 30, 32: 28, 30: 24}   # the prompt's sizes, and the least they shrink to beside the strip


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


def words_width(table, line, sub, small: bool = False) -> int:
    """The widest of the prompt's words as drawn (the box's own sizes: one line at 38 px, or
    32 px over 30 px; ``small``: the sizes they may shrink to beside the strip, ``SMALL``)."""
    sizes = ((line[0], 32), (sub[0], 30)) if sub else ((line[0], 38),)
    if small:
        sizes = tuple((text, SMALL[px]) for text, px in sizes)
    return max(table.app.font(px).size(text)[0] for text, px in sizes if text) if any(
        text for text, _ in sizes) else 0


def shown_turns(table) -> list[tuple[int, list[str]]]:
    """The turns the strip shows, newest last: every turn since the viewer's own last one, kept
    through their turn until it ends (then their own three, until the next turn ends, as before).
    Stranger 43, defect 2: at Fast two computer turns passed in under a second and the strip held
    only the last. With no one viewer (computer cats only, the match's end): the last turn."""
    turns = table.presenter.board.turns
    me = table.viewer
    if not turns or me is None or turns[-1][0] == me:
        return turns[-1:]
    mine = [i for i, (seat, _) in enumerate(turns) if seat == me]
    return turns[mine[-1] + 1:] if mine else turns[-max(1, table.n - 1):]


def strip_key(table) -> tuple:
    """What the prompt's kept picture depends on from the strip."""
    return tuple((seat, tuple(kinds)) for seat, kinds in shown_turns(table))


NAME_PX = 20       # a turn's name over its three cards
TURN_GAP = 18      # design px between two turns
MIN_H = 40         # design px: a card smaller than this is not read; the oldest turn goes instead


def since_layout(table, rect: pygame.Rect, turns, room: int):
    """(label, [(seat, name centre, [card rects])]) in ``room`` window px at the prompt box's left:
    the cards shrink to fit, and below ``MIN_H`` the oldest turns are left off (the moves list
    keeps them). None: not even one turn fits beside the words."""
    s = table.s
    label = table.app.t("zc.last_turn" if len(turns) == 1 else "zc.since_turn")
    x0 = rect.x + s(PAD) + table.app.font(LABEL_PX).size(label)[0] + s(GAP)
    nh = table.app.font(NAME_PX).size("Mg麻")[1]     # the name's own height, shadow and all
    full = rect.h - s(12) - nh
    while turns:
        k = len(turns)
        fixed = k * 2 * s(GAP) + (k - 1) * s(TURN_GAP)        # the gaps do not shrink, the cards do
        h = int(min(full, (rect.x + room - x0 - fixed) / (k * 3 * 0.7)))
        if h >= s(MIN_H):
            break
        turns = turns[1:]
        label = table.app.t("zc.last_turn" if len(turns) == 1 else "zc.since_turn")
    else:
        return None
    w = int(h * 0.7)
    top = rect.centery - (h + nh) // 2
    groups, x = [], x0
    for seat, kinds in turns:
        cards = [pygame.Rect(x + i * (w + s(GAP)), top + nh, w, h) for i in range(len(kinds))]
        span = cards[0].unionall(cards)
        groups.append((seat, (span.centerx, top + nh // 2), cards, kinds))
        x = span.right + s(TURN_GAP)
    return label, groups


def draw_prompt_with_strip(table, surface, rect: pygame.Rect, line, sub, fill, edge) -> None:
    """The prompt box, and the turns since the viewer's last one in its left end, each turn's
    three under the name of who turned them up; the words move right of them. Where the words
    leave no room even for one turn the words come first: the strip waits for a shorter prompt."""
    turns = shown_turns(table)
    words = words_width(table, line, sub, small=True)      # the words give the cards some room
    room = rect.w - words - table.s(PAD) * 3
    made = since_layout(table, rect, turns, room) if turns else None
    if made is None:
        table.draw_prompt_box(surface, rect, line, sub, fill, edge, alpha=230, px=(32, 30, 38), rows=(30, 72))
        return
    label, groups = made
    right = groups[-1][2][-1].right + table.s(PAD)
    shade = panel(rect.size, fill, table.s(20), max(2, table.s(3)), edge)
    shade.set_alpha(230)
    surface.blit(shade, rect)
    # the words centred in what the strip leaves (they fit there at their own size: ``room``)
    words_at = pygame.Rect(right, rect.y, rect.right - right, rect.h)
    inner = words_at.w - table.s(PAD)
    if sub:
        table.text(surface, line[0], 32, line[1], (words_at.centerx, rect.y + table.s(30)), max_w=inner,
                   min_px=SMALL[32])
        table.text(surface, sub[0], 30, sub[1], (words_at.centerx, rect.y + table.s(72)), max_w=inner,
                   min_px=SMALL[30])
    else:
        table.text(surface, line[0], 38, line[1], words_at.center, max_w=inner, min_px=SMALL[38])
    font = table.app.font(LABEL_PX)
    text = font.render(label, True, P.LAMP_SOFT)
    at = text.get_rect(midleft=(rect.x + table.s(PAD), rect.centery))
    surface.blit(text, at)
    shown = [at]
    for seat, centre, cards, kinds in groups:
        span = cards[0].unionall(cards)
        name = table.text(surface, table.seat_name(seat), NAME_PX, P.LAMP_SOFT, centre,
                          max_w=span.w + table.s(GAP), min_px=14)
        shown += [span] + ([name] if isinstance(name, pygame.Rect) else [])
        for kind, r in zip(kinds, cards, strict=True):
            # no trump frame here: its corners stood out of the prompt bar (stranger 40r-zh)
            picture, at_, _ = table._card_picture(kind, r.center, r.w, 1.0)
            surface.blit(picture, at_)
    if hasattr(table, "boxes"):
        table.boxes.add("line", "prompt/last_turn", shown[0].unionall(shown[1:]))


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
