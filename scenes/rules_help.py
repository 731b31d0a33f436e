"""Rules help (an overlay): the chosen table's rules in the chosen language, a few big lines per
page so they read on a TV from 3 metres. Left/right, wheel, LB/RB or the buttons turn pages."""

from __future__ import annotations

import pygame

from game.art import palette as P
from game.art.cats import draw_cat
from game.rules.registry import KITS
from game.ui.menu import OverlayMenu
from game.ui.textfit import Box, button_box, draw_fitted, fit_text, register_boxes, wrap_line
from scenes.tables import table_info

LINE_PX = 40
LINE_PX_MAX = 48                 # design px: a page's size when its lines still break as at LINE_PX
PANEL = (1700, 900)
HEAD = Box(PANEL[0] - 120 - 340, 64, 44)                  # "How to play …", left of the page counter
COUNTER = Box(320, 50, 32)
PAGE_TITLE = Box(PANEL[0] - 420, 90, 64, ("shrink",), min_px=40)
PICTURES_W = 320                 # design px: the column right of the text, where the cat reads
TEXT_GAP = 48                    # design px between the page text and that column (stranger 3: a
# line ran up to the card pictures)
# the page text: right of it the reading cat; under it the page dots and the buttons
LINES = Box(PANEL[0] - 60 - 40 - PICTURES_W - TEXT_GAP, PANEL[1] - 160 - 24 - 210, LINE_PX,
            ("shrink", "wrap"))
PAGE_BUTTON, CLOSE_BUTTON = (380, 96, 36), (300, 96, 36)
register_boxes("rules_help", {
    "help.title": HEAD, "help.page": COUNTER, "rules.*.pages.*.title": PAGE_TITLE,
    "rules.*.pages.*.lines": LINES, "help.missing": LINES,
    "help.prev": button_box(*PAGE_BUTTON), "help.next": button_box(*PAGE_BUTTON),
    "help.close": button_box(*CLOSE_BUTTON),
})
# the reading cat's mood per page (a page may name its own with "pose")
PAGE_POSES = ("victorious", "idle", "thinking", "happy", "scared", "thinking", "happy", "victorious")


def pages_for(app, game_name: str) -> list[dict]:
    """[{"title": str, "lines": [str]}] from ``<rules_key>.pages`` in the text files."""
    kit = KITS.get(game_name)
    key = f"{kit.rules_key if kit else 'rules.' + game_name.replace('-', '_')}.pages"
    raw = app.i18n.raw(key)
    pages = []
    if isinstance(raw, list):
        for page in raw:
            if isinstance(page, dict):
                pages.append(
                    {
                        "title": str(page.get("title", "")),
                        "lines": [str(x) for x in page.get("lines", [])],
                        "pose": page.get("pose"),
                    }
                )
            elif isinstance(page, str):
                first, *rest = page.split("\n")
                pages.append({"title": first, "lines": rest})
    return pages or [{"title": "", "lines": [app.t("help.missing")]}]


def pictures(game_name: str) -> dict:
    """Page number (from 1) -> [(kind, item)]: the pieces each rules page of a game talks about
    (its kit's ``rules_pictures``; none by default)."""
    kit = KITS.get(game_name)
    return (kit.load("rules_pictures") if kit and kit.picture else None) or {}


def picture(game_name: str, kind: str, item: str, width: int, t=None) -> pygame.Surface:
    """One piece a rules page shows, drawn by the game's own art at ``width`` px wide; ``t``
    (the app's translator) lets a face print its name in the reader's language (issue 21)."""
    return KITS[game_name].load("picture")(kind, item, width, t)


def draw_pictures(surface, game_name: str, page: int, area: pygame.Rect, s, t=None,
                  rects: list | None = None) -> pygame.Rect | None:
    """The pieces page ``page`` talks about, in a grid filling ``area``: the box they cover, or
    None when the page has none (``rects``: each piece's box is added to it). The grid is sized
    by the pieces' own shapes: a slot's pattern is a strip of four dice, and sized as a square it
    drew its dice ~20 px tall (stranger40e #15); a framed trump is wider than its card."""
    items = pictures(game_name).get(page)
    if not items:
        return None
    n = len(items)
    gap = s(18)
    shapes = [picture(game_name, kind, item, 100, t).get_size() for kind, item in items]
    sw = max(w for w, _ in shapes) / 100          # a piece's width and height per px asked
    sh = max(h for _, h in shapes) / 100

    def width(cols: int) -> int:
        rows = -(-n // cols)
        across = (area.w - gap * (cols - 1)) / cols / sw
        # no piece taller than a card 200 px wide, nor a square wider than 200 px: a strip's cap
        # is its height's
        return int(min(across, ((area.h - gap * (rows - 1)) / rows) / sh, s(200) * max(1.0, 1 / sh)))
    cols = max(range(1, n + 1), key=width)       # the grid that draws the pieces biggest
    rows = -(-n // cols)
    w = width(cols)
    pics = [picture(game_name, kind, item, w, t) for kind, item in items]
    drawn = None
    cell_w = max(p.get_width() for p in pics)
    cell_h = max(p.get_height() for p in pics)
    top = area.centery - (rows * cell_h + gap * (rows - 1)) // 2
    for i, pic in enumerate(pics):
        r, c = divmod(i, cols)
        in_row = min(cols, n - r * cols)
        x0 = area.centerx - (in_row * cell_w + gap * (in_row - 1)) // 2
        cell = pygame.Rect(x0 + c * (cell_w + gap), top + r * (cell_h + gap), cell_w, cell_h)
        at = surface.blit(pic, pic.get_rect(center=cell.center))
        if rects is not None:
            rects.append(pic.get_rect(center=cell.center))
        drawn = at if drawn is None else drawn.union(at)
    return drawn


def balanced(font, line: str, max_w: int) -> list[str]:
    """``line`` wrapped to ``max_w`` in as few lines as greedy wrapping takes, but of even
    widths: the narrowest width that still takes no more lines (a greedy wrap left "6," alone
    on a line of Zodiac's first page). A number stays with the word before it ("Dog 11"). A line
    without spaces (Chinese) wraps by the shared rules."""
    body = line.lstrip(" ")
    indent = line[:len(line) - len(body)]
    if indent and body:                 # an indented line keeps its indent on every line it takes
        return [indent + part for part in balanced(font, body, max_w - font.size(indent)[0])]
    words: list[str] = []
    for word in line.split(" "):
        if words and word[:1].isdigit():
            words[-1] += " " + word
        else:
            words.append(word)
    width = lambda text: font.size(text)[0]          # noqa: E731
    if len(words) < 2 or max(map(width, words)) > max_w:
        return wrap_line(font, line, max_w)

    def greedy(room: int) -> list[str]:
        out = [words[0]]
        for word in words[1:]:
            if width(out[-1] + " " + word) <= room:
                out[-1] += " " + word
            else:
                out.append(word)
        return out
    lines = greedy(max_w)
    lo, hi = max(map(width, words)), max_w
    while lo < hi:
        mid = (lo + hi) // 2
        if len(greedy(mid)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return greedy(hi)


def page_text(app, pages: list[dict], index: int) -> tuple[str, Box]:
    """Page ``index``'s lines as drawn, and their box: one size for every page of a game in the
    reader's language, the largest at which each page fits, its long lines wrapped evenly.
    (Fitted page by page, a long line shrank its whole page rather than wrap: Zodiac's pages 1-3
    and 5-7 read at 28-34 px beside pages at 40, page 1 half empty: stranger40e #15.)"""
    key = (tuple(tuple(p["lines"]) for p in pages), app.s(1000))
    if _TEXT.get("key") != key:
        _TEXT.clear()
        _TEXT["key"] = key

        def wrapped(px: int) -> list[str]:
            font, room = app.font(px), app.s(LINES.w)
            return ["\n".join(part for line in page["lines"] for part in (balanced(font, line, room) if line
                                                                          else [""])) for page in pages]

        def fits(texts: list[str], px: int) -> Box | None:
            box = Box(LINES.w, LINES.h, px, ("wrap",), min_px=px)
            return box if all(not fit_text(app, text, box).overflow for text in texts) else None

        # larger than the usual size while no line breaks anew: short pages (most Chinese ones)
        # read bigger and fill their panel; a page whose lines would break stays at the usual size
        base = [text.count("\n") for text in wrapped(LINE_PX)]
        sizes = [px for px in range(LINE_PX_MAX, LINE_PX, -2)] + list(range(LINE_PX, LINES.min_px - 1, -2))
        for px in sizes:
            texts = wrapped(px)
            if px > LINE_PX and [text.count("\n") for text in texts] != base:
                continue
            box = fits(texts, px)
            if box is not None:
                _TEXT["pages"] = [(text, box) for text in texts]
                break
        else:
            _TEXT["pages"] = [("\n".join(page["lines"]), LINES) for page in pages]
    return _TEXT["pages"][index]


_TEXT: dict = {}        # the pages of the last game and language drawn, as drawn


class RulesHelpScene(OverlayMenu):
    panel_size = PANEL
    hush_music = True

    @property
    def hints(self):
        # the keys that turn a page, named on every device: "Wheel" alone left a keyboard player
        # guessing at the arrows, and the arrow glyph of the other screens showed Up and Down too
        return [("turn", "hint.page"), ("confirm", "hint.select"), ("back", "hint.close")]

    def __init__(self, app, game_name: str):
        super().__init__(app)
        self.game_name = game_name
        self.page = 0

    @property
    def pages(self) -> list[dict]:
        return pages_for(self.app, self.game_name)  # read each time: a language change shows at once

    def layout(self) -> None:
        s = self.app.s
        p = self.panel_rect()
        pw, ph, ppx = PAGE_BUTTON
        self.prev_btn = self.button((0, 0, pw, ph), "help.prev", lambda: self.turn(-1), px=ppx)
        self.next_btn = self.button((0, 0, pw, ph), "help.next", lambda: self.turn(1), primary=True, px=ppx)
        cw, ch, cpx = CLOSE_BUTTON
        self.close_btn = self.button((0, 0, cw, ch), "help.close", self.on_back, px=cpx)
        y = p.bottom - s(40)
        self.prev_btn.rect.bottomleft = (p.x + s(60), y)
        self.close_btn.rect.midbottom = (p.centerx, y)
        self.next_btn.rect.bottomright = (p.right - s(60), y)
        self.refresh_buttons()
        self.set_widgets(
            [self.prev_btn, self.close_btn, self.next_btn],
            focus=self.next_btn if self.focus.focused is None else None,
        )

    def refresh_buttons(self) -> None:
        last = self.page >= len(self.pages) - 1
        self.prev_btn.enabled = self.page > 0
        self.next_btn.enabled = not last
        self.next_btn.primary = not last
        self.close_btn.primary = last

    def turn(self, step: int) -> None:
        new = max(0, min(len(self.pages) - 1, self.page + step))
        if new != self.page:
            self.page = new
            self.app.audio.play("card_slide")
        self.refresh_buttons()
        focused = self.focus.focused
        if focused is not None and not focused.enabled:
            self.focus.set_focus(self.close_btn if self.page == len(self.pages) - 1 else self.next_btn)

    def handle(self, intent) -> None:
        kind = intent.kind
        if kind == "move" and intent.direction in ("left", "right"):
            self.turn(1 if intent.direction == "right" else -1)
            return
        if kind in ("next", "prev"):
            self.turn(1 if kind == "next" else -1)
            return
        if kind == "wheel":
            self.turn(-1 if intent.amount > 0 else 1)
            return
        if kind == "help":
            self.on_back()
            return
        super().handle(intent)

    def pictures_area(self, p: pygame.Rect, dots_y: int) -> pygame.Rect:
        """Where the page's pictures go: beside the lines they illustrate, a gap right of the
        widest one, not at the panel's far edge (a short page left a hand's width of empty panel
        between the words and their pictures); never narrower than the picture column."""
        s = self.app.s
        right = p.right - s(40)
        left = min(self.text_rect.right + s(TEXT_GAP), right - s(PICTURES_W))
        width = min(right - left, s(PICTURES_W + 160))
        return pygame.Rect(left, p.y + s(190), width, dots_y - p.y - s(230))

    def draw(self, surface) -> None:
        app, s = self.app, self.app.s
        self.draw_background(surface)
        p = self.panel_rect()
        pages = self.pages
        self.page = min(self.page, len(pages) - 1)
        try:
            game_title = app.t(table_info(self.game_name).title_key)
        except KeyError:
            game_title = self.game_name
        draw_fitted(app, surface, app.t("help.title", game=game_title), HEAD, P.MUTED,
                    (p.x + s(60), p.y + s(36)), "topleft", align="left", shadow=False)
        counter = app.t("help.page", n=self.page + 1, total=len(pages))
        draw_fitted(app, surface, counter, COUNTER, P.MUTED, (p.right - s(60), p.y + s(44)), "topright",
                    align="right", shadow=False)
        page = pages[self.page]
        draw_fitted(app, surface, page["title"], PAGE_TITLE, P.LAMP, (p.x + s(60), p.y + s(110)), "topleft",
                    align="left")
        dots_y = p.bottom - s(160)
        text, box = page_text(app, pages, self.page)
        self.text_rect = draw_fitted(app, surface, text, box, P.CREAM,
                                     (p.x + s(60), p.y + s(210)), "topleft", align="left", shadow=False)
        # a page dot row and a cat who reads along
        n = len(pages)
        for i in range(n):
            c = (p.centerx + s(34) * (i - (n - 1) / 2), dots_y)
            pygame.draw.circle(
                surface, P.LAMP if i == self.page else (80, 86, 120), c, s(10 if i == self.page else 7)
            )
        area = self.pictures_area(p, dots_y)
        self.picture_rects: list[pygame.Rect] = []
        self.pictures_rect = draw_pictures(surface, self.game_name, self.page + 1, area, s, self.app.t,
                                           self.picture_rects)
        if not self.pictures_rect:
            pose = page.get("pose") or PAGE_POSES[self.page % len(PAGE_POSES)]
            draw_cat(surface, (p.right - s(190), p.y + s(400)), s(250), "tabby", pose, self.t)
        self.draw_widgets(surface)
        self.draw_hints(surface)
