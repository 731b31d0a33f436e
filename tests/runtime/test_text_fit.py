"""Every text key, in every language, fits the box it is drawn in (game.ui.textfit registry) at
1280x720 and 1920x1080; and the fit helper shrinks, wraps and abbreviates as each box allows."""
from __future__ import annotations

import importlib
import string

import pytest

from game.runtime.i18n import LANGUAGES, catalogue
from game.ui.textfit import REGISTRY, Box, boxes_for, fit_text

MENU_MODULES = ("scenes.title", "scenes.table_select", "scenes.seat_setup", "scenes.settings", "scenes.pause",
                "scenes.results", "scenes.rules_help", "game.ui.widgets")
# keys of the menu screens: each must be in a registered box
MENU_PREFIXES = ("app.", "title.", "select.", "setup.", "settings.", "speed.", "bot_speed.", "lang.",
                 "pause.", "help.", "results.", "level.", "coat.", "hint.", "rules.", "table.")
NOT_DRAWN = ("results.you",)   # not on any screen today (kept for the results breakdown)


def samples(app, text: str) -> dict:
    """The longest realistic values for a text's placeholders."""
    titles = [app.t(f"table.{g}.title") for g in ("hungry_meow", "meow_dice", "zodiac")]
    coats = [app.t(f"coat.{c}") for c in ("tabby", "calico", "tuxedo", "siamese", "black", "ginger")]
    notes = [app.t(f"level.{lv}.note") for lv in ("random", "heuristic", "search")]
    values = {"name": "Sir Whiskers", "game": max(titles, key=len), "n": 12, "total": 12, "lo": 2, "hi": 6,
              "max": 4, "seconds": 90, "coat": max(coats, key=len), "level": app.t("level.heuristic"),
              "note": max(notes, key=len)}
    names = {f for _, f, _, _ in string.Formatter().parse(text) if f}
    return {k: values.get(k, 12) for k in names}


def load_screens():
    from scenes.tables import all_tables

    for name in MENU_MODULES:
        importlib.import_module(name)
    for info in all_tables():      # the table scenes register their own boxes when they import
        try:
            importlib.import_module(info.scene.split(":")[0])
        except ImportError:
            pass


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_text_key_fits_the_box_it_is_drawn_in(tmp_path, size):
    from game.runtime.app import App

    load_screens()
    app = App(size=size, home=tmp_path, audio=False, lang="en")
    problems, checked = [], 0
    for lang in LANGUAGES:
        app.set_language(lang)
        for key in catalogue("en").entries:
            for screen, box in boxes_for(key):
                raw = app.i18n.text(key, 12)
                text = app.t(key, **samples(app, raw))
                fit = fit_text(app, text, box)
                checked += 1
                if fit.overflow:
                    problems.append(f"{screen} {key} [{lang}] {fit.width}x{fit.height} px at {fit.px} > "
                                    f"{app.s(box.w)}x{app.s(box.h)}: {text!r}")
    app.stack.clear()
    assert checked > 300
    assert not problems, "\n".join(problems)


def test_every_menu_key_has_a_box():
    load_screens()
    missing = [k for k in catalogue("en").entries
               if k.startswith(MENU_PREFIXES) and k not in NOT_DRAWN and not boxes_for(k)]
    assert not missing, missing
    screens = {screen for screen, _, _ in REGISTRY}
    assert screens >= {"title", "table_select", "seat_setup", "settings", "pause", "results", "rules_help",
                       "hints"}


def test_fit_shrinks_then_wraps_then_abbreviates(app):
    long = "Short match: first to five points, and then some more words"
    one_line = Box(300, 70, 40, ("shrink",))
    assert fit_text(app, "Play", one_line).px == 40
    shrunk = fit_text(app, "Short match: first", one_line)
    assert 28 <= shrunk.px < 40 and not shrunk.overflow
    assert fit_text(app, long, one_line).overflow and fit_text(app, long, one_line).px == 28
    wrapped = fit_text(app, long, Box(300, 300, 40, ("shrink", "wrap")))
    assert len(wrapped.lines) > 1 and not wrapped.overflow and wrapped.px >= 28
    cut = fit_text(app, long, Box(300, 70, 40, ("shrink", "abbrev")))
    assert not cut.overflow and cut.lines[-1].endswith("…") and len(cut.lines) == 1
    zh = fit_text(app, "流浪貓搶食物：壓過桌上的牌組，賭賭手氣，躲開死神。", Box(300, 300, 30, ("wrap",)))
    assert len(zh.lines) > 1 and not zh.overflow and all(not line.startswith("，") for line in zh.lines)
