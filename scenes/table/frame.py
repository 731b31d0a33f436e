"""What every table draws the same way (the backdrop cached per window size and colour setting,
the focus outline, buttons, control hints, the "Pass to Mochi" curtain) and the names tests and
tools point at (``widgets``, ``widget``, ``widget_enabled``). A mixin of ``TableScene``
(scenes/table/base.py).
"""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.cache import ART
from game.art.cats import draw_cat
from game.art.draw import focus_outline, panel, veil
from game.ui.focus import FocusGroup
from game.ui.textfit import Box, fit_text
from scenes.table.zones import Label, fitted

RECAP_LINE_H = 40                   # design px per line of recap on the hot-seat curtain
CURTAIN_H = 560 + 70                # the curtain without its recap lines, and the recap's heading
RECAP_ICON = 36                     # design px: the cat beside each recap line


class TableFrame:
    """The shared drawing and the widget names; the turn loop stays in ``TableScene``."""

    # ---- test / tool support -------------------------------------------------------------------------
    def widgets(self) -> dict[str, pygame.Rect]:
        """Name → window rect of every widget that can be pointed at now (tests, tools)."""
        out = {name: w.rect for name, w in self.named_widgets()}
        if self.advice.button.visible:
            out["btn:tiger"] = self.advice.button.rect
        out.update({name: w.rect for name, w in self.tool_widgets()})
        return out

    def tool_widgets(self) -> list[tuple[str, object]]:
        tools = self.tools
        if not tools.on or self.curtain_for is not None:
            return []
        if tools.pending is not None:
            return [("btn:confirm_yes", tools.yes_btn), ("btn:confirm_no", tools.no_btn)]
        if tools.results_btn.visible:
            return [("btn:to_results", tools.results_btn), ("btn:history", tools.moves_btn)]
        return [("btn:undo", tools.undo_btn), ("btn:history", tools.moves_btn)]

    def widget(self, name: str):
        """The focusable object behind a ``widgets()`` name (None if not there now)."""
        if name == "btn:tiger":
            return self.advice.button if self.advice.button.visible else None
        found = next((w for n, w in self.tool_widgets() if n == name), None)
        return found or next((w for n, w in self.named_widgets() if n == name), None)

    def widget_enabled(self, name: str) -> bool:
        item = self.widget(name)
        return bool(item is not None and FocusGroup.usable(item))

    # ---- drawing shared by every table ------------------------------------------------------------
    def background(self) -> pygame.Surface:
        if P.set_colourblind(self.app.settings.colorblind):   # the setting changed: new colours
            ART.clear()                   # every cached picture was drawn with the old colours
            self.release_art()
        if self._bg is None or self._bg.get_size() != self.app.size:
            self._bg = self.render_background()
        return self._bg

    def render_background(self) -> pygame.Surface:
        raise NotImplementedError

    def draw_focus(self, surface, radius: int = 16) -> None:
        focused = self.focus.focused
        tooltip = getattr(self, "tooltip", None)
        if focused is not None and not (tooltip is not None and tooltip.hides_focus):
            focus_outline(surface, focused.rect, self.time, self.app.scale,
                          getattr(focused, "radius", radius))

    def focus_in_sight(self, focused) -> bool:
        """The focus ring shows for keys and pads; in mouse or touch play only on the piece under
        the pointer (a ring stayed on die 1 after every roll, far from the pointer, in mouse
        play: stranger 40r-en, #12). The first key or pad press brings it back (``app.device``)."""
        if self.app.device in ("keyboard", "pad"):
            return True
        tooltip = getattr(self, "tooltip", None)
        pointer = tooltip.pointer if tooltip is not None else None
        return pointer is not None and pygame.Rect(focused.rect).collidepoint(pointer)

    def draw_buttons(self, surface) -> None:
        """The table's buttons; each label's fit is logged (``boxes.labels``: how many lines, what
        size) for the overlap audit."""
        names = {id(b): key for key, b in getattr(self, "buttons", {}).items()}
        for b in self.active_buttons:
            b.draw(surface, self.app, focused=b is self.focus.focused)
            if b.visible and b.box is not None:
                fit = fit_text(self.app, b.text(self.app), b.box)
                self.boxes.labels.append(Label(f"btn:{names.get(id(b), b.label)}", pygame.Rect(b.rect),
                                               len(fit.lines), fit.px, fit.overflow))

    def draw_hints(self, surface, key: str | None = None, colour=P.MUTED, own: bool = False) -> None:
        """Control hints for the device in use (only when a human plays, never under a curtain).
        ``own``: the person here acts now whoever's turn the rules say (a step everyone takes at
        once): their hints, never "<starter>'s turn: just watch" (stranger 3, item 4)."""
        if not self.humans or self.curtain_for is not None:
            return
        device = self.app.device if self.app.device in ("mouse", "keyboard", "pad") else "mouse"
        rect = self.anchors["hints"].rect
        cur = self.feed.current_player
        shown = getattr(self.presenter.board, "current", None)
        if self.presenter.busy and shown is not None and shown not in self.humans:
            cur = shown        # a computer cat's moment still shown: the footer follows the table,
            # not the rules ahead of it ("Miso gets a fish bone" over "Nori's turn": stranger 2, #13)
        if self.presenter.holding is not None and not self.presenter.holding.quiet:
            # a moment held for a press (the end, or the person's own knock-out while the others
            # play on): how to go on, in the footer too, never "Tofu's turn: just watch" under a
            # centre that asks for a press (a chip over the hands hid the person's own cards)
            words, colour = self.app.t("table.hold.continue"), P.LAMP_SOFT
        elif self.feed.over:
            # the game is over but its end still plays (or the press that ends it was made): no
            # keys for a choice nobody has ("Arrows · Enter picks · X clears" with no dice to
            # pick, for ~3 s after the last fish bone: stranger 40r-zh, #12)
            return
        elif not own and not self.feed.over and cur is not None and (self.human_due() is None
                                                                   or cur not in self.humans):
            # a computer cat's (or a phone's) turn: nothing here to press but hurry (issue 21); a
            # phone awaited before the person here may start is named, not the person
            due = self.phones.due() if self.phones is not None and cur in self.humans else []
            words = self.app.t("table.hint.wait." + device, name=self.seat_name(due[0] if due else cur))
        else:
            words = self.app.t((key or self.text_prefix + ".hint.") + device)
        box = Box(rect.w / self.app.scale, rect.h / self.app.scale, 28, ("shrink", "wrap"), min_px=22)
        fitted(self.boxes, self.app, surface, words, box, colour, rect.center)   # shrinks first

    def draw_footer(self, surface, prompt, key: str | None = None, colour=P.MUTED, own: bool = False) -> None:
        """The control hints (``prompt`` is kept for the tables' calls: the prompt stays in its
        own bar now that a piece's tip stands beside the piece, not in the bar's place)."""
        self.draw_hints(surface, key, colour, own)

    def draw_curtain(self, surface) -> None:
        """"Pass to Mochi": the whole table veiled until that person says they are ready. Nothing
        of what happened since their last turn is on it: the recap waits for the lift."""
        style = self.curtain_style
        seat, t = self.curtain_for, self.app.t
        # the table hidden whole, not veiled: a card drawn in sight of all lies face up in the
        # hand behind the curtain, and through the veil it read as a peek at the hand
        shade = pygame.Color(style["shade"])
        surface.fill(pygame.Color(shade.r, shade.g, shade.b))
        w, h = self.app.size
        box = pygame.Rect(0, 0, self.s(1100), self.s(560))
        box.center = (w // 2, h // 2)
        surface.blit(panel(box.size, style["fill"], self.s(36), max(2, self.s(5)), style["edge"], self.s(10)),
                     box)
        draw_cat(surface, (box.centerx, box.y + self.s(150)), self.s(220), self.feed.seats[seat].coat,
                 "happy", self.time)
        inner = box.w - self.s(60)
        p = self.text_prefix
        self.text(surface, t(p + ".curtain.pass_to", name=self.seat_name(seat)), 72, style["title"],
                  (box.centerx, box.y + self.s(320)), max_w=inner)
        self.go_on_pill(surface, t(p + ".curtain.press"), 40, (box.centerx, box.y + self.s(410)), inner)
        self.text(surface, t(p + ".curtain.others"), 32, style["others"], (box.centerx, box.y + self.s(480)),
                  max_w=inner)
        self.curtain_rect = box

    def draw_recap(self, surface) -> None:
        """What happened since this person's last turn, over the table just after they lifted the
        curtain (only they look now), until their first press."""
        if not self.recap or self.viewer is None:
            return
        style, t = self.curtain_style, self.app.t
        veil(surface, style["shade"])
        w, h = self.app.size
        line_h = self.s(RECAP_LINE_H)
        box = pygame.Rect(0, 0, self.s(1100), self.s(170) + line_h * len(self.recap))
        box.center = (w // 2, h // 2)
        surface.blit(panel(box.size, style["fill"], self.s(36), max(2, self.s(5)), style["edge"], self.s(10)),
                     box)
        inner = box.w - self.s(60)
        y = box.y + self.s(50)
        self.text(surface, t("table.recap", name=self.seat_name(self.viewer)), 32, style["title"],
                  (box.centerx, y), max_w=inner)
        # each line under the cat who did it, in a column (centred lines of unlike lengths read
        # as a ragged list): who did what reads at a glance, as in the seats round the table
        icon = self.s(RECAP_ICON)
        room = inner - icon - self.s(12)
        widest = max(self.fitted_line(line, 30, room)[0].size(line)[0] for line in self.recap)
        x = box.centerx - (icon + self.s(12) + widest) // 2
        self.recap_icons = []
        for line in self.recap:
            y += line_h
            seat = self.recap_actor(line)
            if seat is not None:
                at = (x + icon // 2, y)
                draw_cat(surface, at, icon, self.feed.seats[seat].coat, "idle", self.time)
                self.recap_icons.append((seat, pygame.Rect(x, y - icon // 2, icon, icon)))
            self.text(surface, line, 30, P.CREAM, (x + icon + self.s(12), y), "midleft", max_w=room)
        self.go_on_pill(surface, t("table.hold.continue"), 26, (box.centerx, box.bottom - self.s(44)), inner)
        self.boxes.add("overlay", "recap", box)
        self.recap_rect = box

    def recap_actor(self, line: str) -> int | None:
        """The seat a recap line is about (every move line starts with its actor's name; the
        longest name that starts it, so "Mo" never takes "Mochi"'s line), else None."""
        names = sorted(((self.seat_name(i), i) for i in range(self.n)), key=lambda x: -len(x[0]))
        return next((i for name, i in names if name and line.startswith(name)), None)

    def go_on_pill(self, surface, words: str, px: int, centre, max_w: int) -> pygame.Rect:
        """How to go on, in a lamp-lit pill like a key of the hint bar: the one thing to do on a
        curtain or a recap stands out from the lines to read."""
        font, cut = self.fitted_line(words, px, max_w - self.s(48))
        pill = pygame.Rect(0, 0, font.size(cut)[0] + self.s(48), font.get_height() + self.s(14))
        pill.center = centre
        pygame.draw.rect(surface, P.LAMP_SOFT, pill, border_radius=pill.h // 2)
        self.text(surface, cut, px, P.INK, pill.center, shadow=False, max_w=max_w - self.s(48))
        self.go_on_rect = pill
        return pill

    def recap_room(self) -> int:
        """How many recap lines fit inside the window (10 on a 16:9 window)."""
        return max(3, (self.app.size[1] - self.s(CURTAIN_H + 40)) // self.s(RECAP_LINE_H))

    def recap_lines(self, seat: int, most: int | None = None) -> list[str]:
        """The move lines ``seat`` may read from after their own last move (the feed gives only
        what that seat may see, and only while its eyes alone are on the screen): plays, a card
        taken from them, deaths. All of them when they fit (``most``: the room); else the lines
        the game says must stay (a Meal drawn in sight of all, a Death: the presenter's
        ``recap_keeps``) and the newest others, under a first line saying how many earlier ones
        are in Moves. [] before their first move."""
        found = [(self.presenter.log_line(e), self.presenter.recap_keeps(e))
                 for e in self.feed.recap_events(seat)]
        found = [(line, keep) for line, keep in found if line]
        most = self.recap_room() if most is None else most
        if len(found) <= most:
            return [line for line, _ in found]
        room = most - 1                               # one line says how many are left out
        chosen = {i for i, (_, keep) in enumerate(found) if keep}
        chosen = set(sorted(chosen)[-room:])          # the newest that must stay, if too many
        for i in range(len(found) - 1, -1, -1):       # then the newest of the others
            if len(chosen) >= room:
                break
            chosen.add(i)
        more = self.app.t("table.recap_more", n=len(found) - len(chosen))
        return [more] + [found[i][0] for i in sorted(chosen)]
