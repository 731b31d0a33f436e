"""What the overlap audit checks in one drawn frame of a table (tests/scenes/test_overlap_audit.py).

Every box comes from the scene itself: ``table.boxes`` (scenes/table/zones.py) holds, for the
last frame, each overlay the shared layers drew (tools, tiger, tooltip, hint, odds, coach and its
arrows, the moves drawer, "press to go on", the banner, and every chip given a name: a seat's
speech bubble or badge, "<kind>:seat<N>") and each piece the table shows (its level's places,
seats and hands, its own widgets, the badges beside a hand), plus every text that was cut or
clipped to fit its box. A seat's own bubble or badge may lie on that seat, never on a cat's face
(each drawn cat logs its face) nor on the seat's name and points (a table that logs them, as
"name:seat<N>"); a banner may lie over
the table while its moment lasts, never when a person is to choose (it ends then:
scenes/table/base.py). A phone seat's code panel ("scan<N>") lies over no piece (on the board,
``phone_may_cover``, it folds into its chip) unless a press on the chip opened it, and may lie
over a banner's moment.
"""
from __future__ import annotations

import re

import pygame

# places of a level that are areas, not things: the buttons in them are widgets of their own,
# a banner or a revealed card is there only while something moves
AREAS = {"actions", "banner", "reveal"}
# overlays that stand in the status line's place while shown (the level docks them there); a
# level with a ``zone:hint`` keeps the tiger's words off its prompt (stranger 43, defect 6: at
# Meow Meow Dice they hid the reroll limit), so there the hint covering the prompt is a problem
STANDS_IN = {"hint": {"prompt"}}
# a piece's tip stands beside the piece, over what it must (a tooltip's way), but never over the
# status line, the footer or the piece it explains (strangers 40r: it took the prompt's place)
TIP_KEEPS_CLEAR = {"prompt", "hints"}
# panels a held moment shows over the board (Zodiac's round summary): while their moment lasts
# (it comes, then waits for a press) nothing under them is to be decided on; "press to go on"
# may stand inside them
HELD_PANELS = {"summary"}
# the moves drawer is a column over the side the other seats use: over another seat's place (its
# seat, hand, capture pile, and its bubble or badge), never over the board, the person's own seat
# or hand, a button or anything else decided on (stranger 2, defect 10: it hid the market, the grid
# and the set to beat)
DRAWER_MAY_COVER = re.compile(r"(seat|hand:?|caps|sort|pile|step)(\d+)(?:$|[.:])")
# pieces drawn beside a hand at a table's own rule (Zodiac's capture piles, its "1"/"12" marks and
# its 1-2-3 pick marks, named "<badge><position>:..."): each keeps to its own hand and capture place
BADGES = ("pile", "sort", "step")


def in_held_panel(o, overlays) -> bool:
    """``o`` is "press to go on" standing wholly inside a held moment's panel."""
    return o.name == "go_on" and any(p.name in HELD_PANELS and p.rect.contains(o.rect) for p in overlays)


def _hits(a: pygame.Rect, b: pygame.Rect) -> bool:
    return a.clip(b).w > 1 and a.clip(b).h > 1        # a shared hairline edge is not an overlap


def problems(table, where: str) -> list[str]:
    """Every overlap and every clipped text of the frame just drawn, in words."""
    boxes = table.boxes
    screen = pygame.Rect((0, 0), table.app.size)
    out = [f"{where}: text cut to fit: {text!r}" for text in dict.fromkeys(boxes.clipped)]
    pieces = [d for d in boxes.items if d.layer == "piece" and d.name not in AREAS]
    overlays = boxes.overlays()
    for o in overlays:
        if not screen.contains(o.rect):
            out.append(f"{where}: {o.name} {tuple(o.rect)} leaves the window")
        base = o.name.split(":")[0]
        if base == "banner" and not table.my_turn():
            pieces_here = []                # over the table while its moment lasts, gone at a choice
        elif (base in HELD_PANELS or in_held_panel(o, overlays)) and (
                table.presenter.holding is not None or table.presenter.busy):
            pieces_here = []
        else:
            pieces_here = pieces
        for p in pieces_here:
            if not _hits(o.rect, p.rect):
                continue
            if base == "tooltip" and p.name not in TIP_KEEPS_CLEAR and p.rect != table.tooltip.rect:
                continue
            if p.name in STANDS_IN.get(base, ()) and o.rect.contains(p.rect) and table.zone(base) is None:
                continue
            if base == "hint" and table.zone("hint") is not None and _others(table, p.name):
                continue                    # in its zone over another seat's place, as the drawer
            if base == "drawer" and _others(table, p.name):
                continue
            if re.fullmatch(r"scan\d+", base) and _on_board(table, p, pieces) and _opened(table, base):
                continue                    # a code panel a person opened from its chip (else it folds)
            if base in ("odds", "arrow") and p.rect.contains(o.rect):
                continue                    # on its own place: a slot's chance, an arrow at a card in it
            if p.name.startswith("seat") and o.name.endswith(":" + p.name.replace(":", "")):
                continue                    # a seat's own bubble or badge, on its cat or plate
            out.append(f"{where}: {o.name} {tuple(o.rect)} covers {p.name} {tuple(p.rect)}")
    # a seat's bubble or badge: never on a face, nor on a name and points a table logs (issue 21:
    # Zodiac's "placed mermaids" pills covered the computer cats' names)
    faces = [d for d in boxes.items if d.layer in ("face", "name")]
    for o in overlays:
        if re.search(r":seat\d+$", o.name):
            out += [f"{where}: {o.name} {tuple(o.rect)} covers {f.name} {tuple(f.rect)}"
                    for f in faces if _hits(o.rect, f.rect)]
    # the zoom of a card just turned up is drawn over the table: never over a banner's words
    # drawn before it (stranger 40e, defect 5: "Mochi catch▮▮▮e Rabbit!")
    for i, z in enumerate(boxes.items):
        if z.layer == "zoom":
            out += [f"{where}: the zoom {tuple(z.rect)} covers {d.name} {tuple(d.rect)}"
                    for d in boxes.items[:i] if d.layer == "overlay"
                    and d.name.split(":")[0] == "banner" and _hits(z.rect, d.rect)]
    out += badge_problems(pieces, where)
    out += button_problems(table, where)
    out += line_problems(table, pieces, where)
    for i, a in enumerate(overlays):
        for b in overlays[i + 1:]:
            if {a.name.split(":")[0], b.name.split(":")[0]} == {"drawer"}:
                continue                    # the drawer's own parts
            if "drawer" in (a.name, b.name) and _others(table, b.name if a.name == "drawer" else a.name):
                continue                    # another seat's bubble or badge under the drawer
            if in_held_panel(a, [b]) or in_held_panel(b, [a]):
                continue                    # "press to go on" at the foot of a round's summary
            if {a.name, b.name} & {"banner"} and any(re.fullmatch(r"scan\d+", x) for x in (a.name, b.name)):
                continue                    # a phone's code panel stands over a banner's moment
            if _hits(a.rect, b.rect):
                out.append(f"{where}: {a.name} {tuple(a.rect)} meets {b.name} {tuple(b.rect)}")
    return out


LINE_INSET = 6      # design px: a line drawn in a panel keeps this far inside the panel's edge


def line_problems(table, pieces, where: str) -> list[str]:
    """A line of words a table gives its own place inside a panel (layer "line", named
    "<panel>/<what>", e.g. Meow Meow Dice's "Needs a mouse" under a slot's card): inside the
    panel's inner box, clear of its border (issue 21: it sat on it), and on no other piece but
    its panel."""
    out = []
    named = {d.name: d.rect for d in table.boxes.items}
    inset = 2 * table.app.s(LINE_INSET)
    for d in table.boxes.items:
        if d.layer != "line":
            continue
        panel = d.name.split("/")[0]
        inner = named[panel].inflate(-inset, -inset)
        if not inner.contains(d.rect):
            out.append(f"{where}: {d.name} {tuple(d.rect)} leaves {panel}'s inner box {tuple(inner)}")
        out += [f"{where}: {d.name} {tuple(d.rect)} meets {p.name} {tuple(p.rect)}"
                for p in pieces if p.name != panel and _hits(d.rect, p.rect)]
    return out


def button_problems(table, where: str) -> list[str]:
    """A table's buttons of fixed places (``action_row``), as logged while drawn: each label on one
    line and uncut, and the buttons of one line (the same top) of one height and one font size
    (issue 21: "Lock / a die" wrapped at 1920x1080, four seats, the advanced game)."""
    if not hasattr(table, "action_row"):
        return []
    labels = table.boxes.labels
    out = [f"{where}: {lab.name} {tuple(lab.rect)}: its label takes {lab.lines} lines"
           for lab in labels if lab.lines != 1]
    out += [f"{where}: {lab.name} {tuple(lab.rect)}: its label is cut" for lab in labels if lab.overflow]
    for top in {lab.rect.y for lab in labels}:
        line = [lab for lab in labels if lab.rect.y == top]
        if len({lab.rect.h for lab in line}) > 1 or len({lab.px for lab in line}) > 1:
            out.append(f"{where}: the buttons at y={top} differ: "
                       + ", ".join(f"{lab.name} h={lab.rect.h} px={lab.px}" for lab in line))
    return out


def _on_board(table, piece, pieces) -> bool:
    """``piece`` is a board a phone's code panel may cover (the table's ``phone_may_cover``), or
    lies on one (its cards)."""
    boards = getattr(table, "phone_may_cover", ())
    return piece.name in boards or any(b.name in boards and b.rect.contains(piece.rect) for b in pieces)


def _opened(table, panel: str) -> bool:
    """A phone seat's code panel ("scan<N>") a press on its chip opened (shown where it folds)."""
    return int(panel[4:]) in getattr(getattr(table, "phones", None), "opened", ())


def _others(table, name: str) -> bool:
    """Whether ``name`` is another seat's place or a part of it ("seat2", "seat2.cols", "hand2",
    "hand:2:5", "caps2", "sort2:12") or its bubble or badge ("<kind>:seat2"), which the moves
    drawer may cover; never the person's own (neither its seat nor its place from the bottom)."""
    own = {table.viewer, table.position(table.viewer)}
    m = DRAWER_MAY_COVER.match(name) or re.search(r":(seat)(\d+)$", name)
    return m is not None and int(m.group(2)) not in own


def is_badge(name: str) -> bool:
    return re.match(r"(%s)\d+:" % "|".join(BADGES), name) is not None


def badge_problems(pieces, where: str) -> list[str]:
    """A badge over another seat, another hand, another badge, the status line, the board...
    (the level's places and the badges; the table's widgets are the cards in those places)."""
    out = []
    places = [p for p in pieces if ":" not in p.name or is_badge(p.name)]
    for i, b in enumerate(places):
        if not is_badge(b.name):
            continue
        own = b.name.split(":")[0][len(kind(b.name)):]
        for p in places:
            if p is b or not _hits(b.rect, p.rect) or p.name in (f"hand{own}", f"caps{own}"):
                continue                        # its own hand and capture place
            if is_badge(p.name) and places.index(p) < i:
                continue                        # each pair once
            out.append(f"{where}: {b.name} {tuple(b.rect)} covers {p.name} {tuple(p.rect)}")
    return out


def kind(name: str) -> str:
    """A box's kind without its index: "seat3" -> "seat", "card:R3P" -> "card", "odds:TL" -> "odds"."""
    return name.split(":")[0].rstrip("0123456789")


def kinds(found: list[str]) -> set[tuple[str, str]]:
    """(overlay kind, piece kind) of each problem found; ("text", "cut") for a cut text."""
    out = set()
    for line in found:
        m = re.search(r": (\S+) \([^)]*\) (?:covers|meets) (\S+) ", line)
        out.add((kind(m.group(1)), kind(m.group(2))) if m else ("text", "cut"))
    return out


def results_problems(scene, where: str) -> list[str]:
    """Every problem of the results screen's frame just drawn (``scene.boxes``, its own boxes):
    a box leaving the window, a seat's piece (its cat, name, "Winner" tag, captions, pictures,
    rows: ``col<N>/...``) leaving its column, any two boxes meeting unless one is the other's
    column, any text cut or clipped to fit its box, and a picture drawn beyond the place its
    column gave it (a framed trump drawn as wide as its slot, frame and all outside: the box the
    scene logged was the slot, so the frame's overlap with "Winner" went unseen, stranger40e)."""
    boxes = scene.boxes
    screen = pygame.Rect((0, 0), scene.app.size)
    out = [f"{where}: text cut to fit: {text!r}" for text in dict.fromkeys(boxes.clipped)]
    drawn = {d.name: d.rect for d in boxes.items}
    for name, slot in getattr(scene, "slots", {}).items():
        if name not in drawn or not slot.contains(drawn[name]):
            at = tuple(drawn.get(name, ()))
            out.append(f"{where}: {name} drawn at {at} beyond its place {tuple(slot)}")
    items = boxes.items
    named = {d.name: d.rect for d in items}
    for d in items:
        if not screen.contains(d.rect):
            out.append(f"{where}: {d.name} {tuple(d.rect)} leaves the window")
        column = d.name.split("/")[0]
        if "/" in d.name and not named[column].contains(d.rect):
            out.append(f"{where}: {d.name} {tuple(d.rect)} leaves {column} {tuple(named[column])}")
    for i, a in enumerate(items):
        for b in items[i + 1:]:
            if a.name.split("/")[0] == b.name or b.name.split("/")[0] == a.name:
                continue                        # a seat's piece in its own column
            if in_held_panel(a, [b]) or in_held_panel(b, [a]):
                continue                    # "press to go on" at the foot of a round's summary
            if {a.name, b.name} & {"banner"} and any(re.fullmatch(r"scan\d+", x) for x in (a.name, b.name)):
                continue                    # a phone's code panel stands over a banner's moment
            if _hits(a.rect, b.rect):
                out.append(f"{where}: {a.name} {tuple(a.rect)} meets {b.name} {tuple(b.rect)}")
    return out


def pause_problems(scene, where: str) -> list[str]:
    """Every problem of the pause menu's frame just drawn (``scene.drawn``: its panel, title, the
    game's line, each button, the note): the panel leaving the window or reaching the hints bar,
    a part leaving the panel, two parts meeting."""
    s = scene.app.s
    w, h = scene.app.size
    room = pygame.Rect(0, 0, w, h - s(78))
    panel = scene.drawn["panel"]
    out = [] if room.contains(panel) else [f"{where}: the panel {tuple(panel)} leaves {tuple(room)}"]
    parts = [(name, rect) for name, rect in scene.drawn.items() if name != "panel"]
    for i, (name, rect) in enumerate(parts):
        if not panel.contains(rect):
            out.append(f"{where}: {name} {tuple(rect)} leaves the panel {tuple(panel)}")
        for other, rect2 in parts[i + 1:]:
            if _hits(rect, rect2):
                out.append(f"{where}: {name} {tuple(rect)} meets {other} {tuple(rect2)}")
    return out


def ring_problems(table, where: str) -> list[str]:
    """The focused button as drawn: its breathing focus outline (at its widest, with its shadow)
    and its key letter's chip at the top corner reach past the button's own box, so it is that
    drawn extent that must keep off every other piece (stranger 43, defect 3: the focused "Take
    a fish bone" ringed over the bottom row of condition tokens, though its box kept clear)."""
    from game.art.draw import FOCUS_BREATH, FOCUS_GROW
    focused = table.focus.focused
    if focused is None or focused not in getattr(table, "active_buttons", ()):
        return []
    reach = round((FOCUS_GROW + FOCUS_BREATH) * table.app.scale) + 2    # its shadow: focus_outline
    drawn = pygame.Rect(focused.rect).inflate(2 * reach, 2 * reach)
    pieces = [d for d in table.boxes.items if d.layer == "piece" and d.name not in AREAS
              and not d.name.startswith("btn:") and not d.rect.contains(focused.rect)]
    return [f"{where}: the focused button {tuple(focused.rect)}, ring {tuple(drawn)}, meets {p.name} "
            f"{tuple(p.rect)}" for p in pieces if _hits(drawn, p.rect)]
