"""Odds on the table and "Ask the tiger", once for every table on the shared base.

``AdviceLayer(table)`` is made by ``TableScene``; the table calls ``update`` after its own
``refresh_mode`` (so the tiger button joins the focus ring the table just built), ``handle``
before its input modes (the ``hint`` intent: T on a keyboard, a stick click on a pad) and
``draw`` near the end of its drawing. Everything shown comes from the seat's own view: the
game's kit draws its odds (``odds``: Hungry Meow's chance of Death above the pile, Meow Meow
Dice's chance of each card, Zodiac's unseen kinds) and ``game.play.hint_runner`` asks the
advisor off the frame. The odds follow the "Show odds" setting; the hint lasts until the
position changes.
"""
from __future__ import annotations

import math

import pygame

from game.art import palette as P
from game.art.cats import draw_tiger
from game.art.draw import focus_reach, panel
from game.art.linebreak import NBSP, break_lines
from game.bots.advice import Text, render
from game.play.hint_runner import HintRunner
from game.rules.registry import KITS
from game.ui.widgets import Button

TIGER = (255, 150, 40)          # the tiger's orange: hint outlines and bubble edge
TIGER_BADGE = 44                 # design px: the tiger's face on its outline's corner


class AdviceLayer:
    def __init__(self, table):
        self.table = table
        self.app = table.app
        self.game_name = table.feed.game_name
        self.kit = KITS[self.game_name]
        self.on = bool(table.humans) and not table.attract
        self.runner = HintRunner(self.game_name, log=self.app.log)
        self.button = TigerButton((0, 0, 1, 1), "tiger.ask", self.ask, px=30)
        self.button.visible = False
        self.hint = None
        self.asked = None

    # ---- asking -------------------------------------------------------------------------------------
    def position(self):
        return (self.table.feed.revision, self.table.feed.current_player)

    def can_ask(self) -> bool:
        t = self.table
        if not (self.on and t.my_turn() and t.legal):
            return False
        ready = self.kit.load("hint_ready")      # a game may keep the tiger for some moves
        return ready is None or ready(t.legal)

    def ask(self) -> None:
        if not self.can_ask():
            return
        game = self.table.feed
        self.asked = self.position()
        self.hint = None
        self.runner.ask(self.asked, game.view(game.current_player), game.legal_actions())
        self.app.audio.play("ui_confirm")

    def handle(self, intent) -> bool:
        if intent.kind == "hint" and self.on:
            self.ask()
            return True
        return False

    def update(self, dt: float, focused: bool = False) -> None:
        """After the table's ``refresh_mode``: fetch the hint, place the button and put it back
        in the focus ring (``focused``: it had the focus before the table rebuilt the ring)."""
        if not self.on:
            return
        if self.asked is not None and self.asked != self.position():
            self.asked, self.hint = None, None
            self.runner.cancel()
        elif self.asked is not None and self.hint is None:
            self.hint = self.runner.poll(self.asked)
        t = self.table
        b = self.button
        b.visible = b.enabled = self.can_ask()
        b.rect = self.button_rect()
        b.label = "tiger.thinking" if self.runner.thinking and self.asked else "tiger.ask"
        if not b.visible and b in t.focus.items:
            t.focus.items.remove(b)
        if b.visible and b not in t.focus.items:
            t.focus.add(b)
        if b.visible and focused and t.focus.focused is not b:
            t.focus.index = t.focus.items.index(b)      # keep it, without a focus-move sound

    def button_rect(self) -> pygame.Rect:
        """Where the tiger sits: where the table says (``tiger_rect``), else the level's place for
        it, else above the action column."""
        t = self.table
        if hasattr(t, "tiger_rect"):
            return t.tiger_rect()
        found = t.zone("tiger")                       # the level's place for it (issue 21)
        if found is not None:
            return found
        actions = t.anchors["actions"].rect
        return pygame.Rect(actions.x, actions.y - t.s(92), actions.w, t.s(80))

    # ---- drawing ------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        t = self.table
        if not self.on or t.curtain_for is not None:
            return
        if t.app.settings.show_odds and not t.presenter.busy and not t.tools.history_open:
            self.draw_odds(surface)               # (the open drawer lies where they stand)
        if self.button.visible:
            focused = self.button is t.focus.focused
            self.button.draw(surface, self.app, focused, self.runner.thinking, t.time)
            self._draw_glyph(surface)
            if focused and not self.button.label_fits(self.app) and self.hint is None:
                r = self.button.rect
                t.chip(surface, self.app.t(self.button.label), (r.centerx, r.top - t.s(30)), TIGER, 26)
        if self.hint is not None and t.my_turn():
            self._draw_marks(surface)
            # a tip shown now stands in the prompt's place; an open moves drawer lies over the
            # other seats, where a zone of the tiger's own may be (it comes back when it closes)
            drawer = t.tools.history_open and t.zone("hint") is not None
            if not t.tooltip.shown and not drawer:
                self._draw_bubble(surface)

    def _draw_glyph(self, surface) -> None:
        if self.app.device not in ("keyboard", "pad"):
            return
        r = self.button.rect
        key = self.app.t(f"glyph.{self.app.device}.hint")
        chip = pygame.Rect(0, 0, self.table.s(54), self.table.s(40))
        # over the tiger's corner when words stand at the right: never on "the" (issue 21)
        corner = r.left if self.button.label_fits(self.app) else r.right
        chip.center = (corner + self.table.s(8 if corner == r.left else -8), r.top + self.table.s(4))
        self.glyph_rect = chip
        pygame.draw.rect(surface, P.LAMP_SOFT, chip, border_radius=self.table.s(10))
        self.table.text(surface, key, 24, P.INK, chip.center, shadow=False)

    def _draw_marks(self, surface) -> None:
        t = self.table
        s = t.s
        rects = t.widgets()
        wave = 0.5 + 0.5 * math.sin(t.time * 5)
        width = max(3, s(5 + 2 * wave))
        keep = getattr(t, "hint_marks", None)      # a table may show them only with its focus
        focused = t.focus.focused
        for name in (keep(list(self.hint.targets)) if keep else self.hint.targets):
            r = rects.get(name)
            if r is None:
                continue
            if focused is not None and pygame.Rect(r) == pygame.Rect(focused.rect):
                # the focused piece: a thin orange ring beyond the focus ring, so both show (the
                # focus ring hid the tiger's outline on the focused die: stranger 40r-zh, #5)
                out = focus_reach(t.app.scale) + max(2, s(3))
                ring = pygame.Rect(r).inflate(2 * out, 2 * out)
                pygame.draw.rect(surface, TIGER, ring, max(2, s(4)), border_radius=s(16) + out)
            else:
                ring = pygame.Rect(r).inflate(s(14), s(14))
                pygame.draw.rect(surface, TIGER, ring, width, border_radius=s(16))
            # its face on the ring's corner says whose outline it is without the colour: the orange
            # alone was told from the focus ring, or a new card's edge, by no one (stranger 9 #3)
            draw_tiger(surface, ring.topleft, s(TIGER_BADGE))

    def bubble_rect(self) -> pygame.Rect:
        t = self.table
        zone = t.zone("hint")
        return zone if zone is not None else t.anchors["prompt"].rect.inflate(t.s(8), t.s(8))

    def _draw_bubble(self, surface) -> None:
        """The tiger's words in the level's ``zone:hint`` when it has one (Meow Meow Dice: over
        the prompt they hid its second line, the reroll limit: stranger 43, defect 6), else over
        the table's prompt box (a place every table keeps clear)."""
        t = self.table
        s = t.s
        words = render(whole_names(self.hint.text, self.app.t), self.app.t, t.seat_name)
        box = self.bubble_rect()
        icon = min(box.h - s(12), s(96))
        text_w = box.w - icon - s(44)
        for px in (30, 27, 24, 21):
            font = self.app.font(px)
            lines = _wrap(words, font, text_w)
            line_h = font.get_linesize()
            if len(lines) * line_h <= box.h - s(10):
                break
        if t.zone("hint") is not None:      # a zone of its own: only as tall as its words need
            box.h = min(box.h, max(len(lines) * line_h + s(28), icon + s(20)))
        surface.blit(panel(box.size, (34, 24, 14), s(18), max(2, s(4)), TIGER, 0), box)
        t.boxes.add("overlay", "hint", box)
        draw_tiger(surface, (box.x + s(14) + icon // 2, box.centery), icon)
        left = box.x + icon + s(28)
        y = box.centery - len(lines) * line_h // 2
        for line in lines:
            self.app.draw_text(surface, line, font, P.CREAM, (left + text_w // 2, y + line_h // 2), "center",
                               shadow=False)
            y += line_h

    # ---- odds ---------------------------------------------------------------------------------------
    def odds_seat(self) -> int | None:
        t = self.table
        return t.viewer if t.viewer is not None and t.viewer in t.humans else None

    def draw_odds(self, surface) -> None:
        seat = self.odds_seat()
        draw = self.kit.load("odds")
        if seat is None or draw is None or self.table.feed.over:
            return
        draw(self.table, surface, self.table.feed.view(seat))


class TigerButton(Button):
    """A button with the tiger (a ginger cat) at its left; icon only when its words do not fit."""

    def label_lines(self, app) -> list[str]:
        """The words beside the tiger: one line (with a smaller tiger if that is what it takes,
        issue 21: "Ask the / tiger" read badly), or two in a narrow button; [] when even two
        lines do not fit (icon only, the words come as a chip on focus)."""
        return self.layout(app)[1]

    def layout(self, app) -> tuple[int, list[str], int, int, int]:
        """(the tiger's size, the lines of words, the tiger's centre x, the words' left and
        right edges, the words' smallest size); a narrow button takes a smaller tiger and words
        a size smaller on one line before it breaks them in two."""
        r = self.rect
        icon = min(r.h - app.s(10), app.s(84))
        font, label = app.font(28), self.text(app)
        if self.stacked(app):                 # a tall button: the tiger above its words, full size
            return icon, [label], r.centerx, r.x + app.s(12), self.px
        if r.w < app.s(200):
            return icon, [], r.centerx, r.x, 24
        for size, pad, gap, right, floor in ((icon, 10, 10, 14, 24), (app.s(44), 8, 6, 12, 22)):
            left = r.x + app.s(pad + gap) + size
            if app.font(floor).size(label)[0] <= r.right - app.s(right) - left:   # one line before two
                return size, [label], r.x + app.s(pad) + size // 2, left, floor
        left = r.x + app.s(20) + icon
        room = r.right - app.s(14) - left
        lines = break_lines(lambda part: font.size(part)[0], label, room)
        fits = len(lines) == 2 and all(font.size(line)[0] <= room for line in lines)
        lines = lines if fits and 2 * font.get_linesize() <= r.h else []
        return icon, lines, (r.x + app.s(10) + icon // 2) if lines else r.centerx, left, 24

    def stacked(self, app) -> bool:
        """A button tall enough for the tiger above its words (a narrow shelf's, where a
        table has many seats): the words then stand at the shelf's size (``px``) on one line, as Undo and
        Moves beside them do (issue 21: they were 24 px beside 30)."""
        r = self.rect
        line = app.font(self.px).get_linesize()
        return (r.h >= line + app.s(60)
                and app.font(self.px).size(self.text(app))[0] <= r.w - app.s(24))

    def label_fits(self, app) -> bool:
        return bool(self.label_lines(app))

    def draw(self, surface, app, focused: bool = False, thinking: bool = False, t: float = 0.0) -> None:
        if not self.visible:
            return
        fill, edge, ink = self.colors(focused)
        if not focused:
            edge = TIGER
        self.radius = app.s(22)
        r = self.rect
        surface.blit(panel(r.size, fill, self.radius, max(2, app.s(4)), edge, app.s(6)), r)
        icon, lines, cx, left, floor = self.layout(app)
        self.label_rects = []                     # where the words went (the key badge keeps off them)
        self.drawn_px = None                      # the words' size, design px (a shelf shares one)
        if self.stacked(app):
            font, self.drawn_px = app.font(self.px), self.px
            line = font.get_linesize()
            icon = r.h - line - app.s(14)
            draw_tiger(surface, (r.centerx, r.y + app.s(6) + icon // 2), icon, thinking, t)
            self.label_rects.append(app.draw_text(surface, lines[0], font, ink,
                                                  (r.centerx, r.bottom - app.s(8) - line // 2), "center",
                                                  shadow=False))
            return
        draw_tiger(surface, (cx, r.centery), icon, thinking, t)
        if len(lines) == 1:
            font = app.fit_font(lines[0], self.px, r.right - left - app.s(12), floor)
            self.drawn_px = next(px for px in range(self.px, floor - 1, -1) if app.font(px) is font)
            self.label_rects.append(app.draw_text(surface, lines[0], font, ink,
                                                  ((left + r.right - app.s(12)) // 2, r.centery), "center",
                                                  shadow=False))
        elif lines:                               # a narrow button: the words on two lines
            font, self.drawn_px = app.font(28), 28
            step = font.get_linesize()
            for i, line in enumerate(lines):
                at = ((left + r.right) // 2, r.centery + (i * 2 - 1) * step // 2)
                self.label_rects.append(app.draw_text(surface, line, font, ink, at, "center", shadow=False))


def whole_names(text: Text, t) -> Text:
    """``text`` with every name in it (a nested sentence with no arguments of its own: a card,
    a die's face) written with no-break spaces, so the bubble never breaks "42% for the /
    Shrimp" inside a name (game/art/linebreak.py keeps such a run whole, as in the moves list;
    the catalogues join "for the" to the card the same way)."""
    def value(v):
        if isinstance(v, Text):
            return t(v.key).replace(" ", NBSP) if not v.args else whole_names(v, t)
        if isinstance(v, (list, tuple)):
            return [value(x) for x in v]
        return v
    return Text(text.key, {k: value(v) for k, v in text.args.items()})


def _wrap(text: str, font, width: int) -> list[str]:
    """Lines of ``text`` no wider than ``width``, by the game's line-breaking rules."""
    return [line for line in break_lines(lambda part: font.size(part)[0], text, width) if line] or [""]
