"""Rules help, every page of every game in both languages at both sizes (issue 40: rated 7-8):
the pictures stand beside the lines they illustrate, and the hint bar names the keys that turn a
page on every device."""
from __future__ import annotations

import pytest

from game.runtime.app import App
from game.ui.widgets import glyph
from scenes.rules_help import TEXT_GAP, RulesHelpScene

GAMES = ("hungry-meow", "meow-dice", "zodiac")


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def size(request):
    return request.param


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_pictures_stand_beside_their_words(tmp_path, size, lang):
    """A short page's pictures sat at the panel's far edge, a hand's width of empty panel from
    the words (Zodiac's 'Your turn', Meow Meow Dice's 'The goal'): now a gap right of the widest
    line, never over it, inside the panel."""
    app = App(size=size, home=str(tmp_path), audio=False, lang=lang)
    try:
        for game in GAMES:
            scene = RulesHelpScene(app, game)
            app.stack.clear_to(scene)
            app.step(1 / 30, [])
            for page in range(len(scene.pages)):
                scene.page = page
                scene.refresh_buttons()
                app.step(1 / 30, [])
                pics = scene.pictures_rect
                if not pics:
                    continue
                text, panel = scene.text_rect, scene.panel_rect()
                where = f"{game} {lang} {size} page {page + 1}"
                assert not pics.colliderect(text), where
                assert panel.contains(pics), where
                # the pictures' left edge: within the gap and half a picture column of the text
                assert pics.x - text.right <= app.s(TEXT_GAP + 160), (where, pics.x - text.right)
    finally:
        app.shutdown()


@pytest.mark.parametrize("device", ["keyboard", "mouse", "pad"])
def test_the_hint_bar_names_the_page_keys(tmp_path, device):
    """'Wheel' alone told a mouse player nothing of the arrows, and the keyboard's hint showed
    all four arrows while only Left and Right turn a page."""
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    try:
        app.input.device = device
        scene = RulesHelpScene(app, "zodiac")
        kind = next(k for k, key in scene.hints if key == "hint.page")
        shown = glyph(app, kind)
        if device in ("keyboard", "mouse"):
            assert "←" in shown and "→" in shown and "↑" not in shown, shown
        else:
            assert "LB" in shown and "RB" in shown, shown
    finally:
        app.shutdown()


def test_short_pages_read_larger_without_new_breaks(tmp_path):
    """Most pages used half their panel at the usual size (the Chinese ones all): a game's pages
    grow while none of their lines breaks anew, and never break more than at the usual size."""
    from scenes.rules_help import LINE_PX, LINES, balanced, page_text, pages_for
    for lang in ("en", "zh_TW"):
        app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=lang)
        try:
            sizes = {}
            for game in GAMES:
                pages = pages_for(app, game)
                drawn = [page_text(app, pages, i) for i in range(len(pages))]
                sizes[game] = drawn[0][1].px
                breaks = [text.count("\n") for text, _ in drawn]
                # the lines as wrapped at the usual size: drawn larger, none takes another line
                font, room = app.font(LINE_PX), app.s(LINES.w)
                usual = [sum(len(balanced(font, line, room)) if line else 1 for line in page["lines"]) - 1
                         for page in pages]
                if sizes[game] > LINE_PX:
                    assert breaks == usual, (game, lang)
            if lang == "zh_TW":
                assert sizes["hungry-meow"] > LINE_PX and sizes["meow-dice"] > LINE_PX, sizes
        finally:
            app.shutdown()
