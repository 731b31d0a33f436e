"""Leftovers a playtester found at the Hungry Meow table (session 43)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

import scenes.table.frame as frame  # noqa: E402
from scenes.table.presenter import Hold  # noqa: E402
from tests.scenes.test_overlap_audit import person_turn  # noqa: E402
from tests.scenes.test_overlap_audit import app as audit_app  # noqa: E402, F401


@pytest.fixture
def app(audit_app):  # noqa: F811
    return audit_app




@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_a_held_moment_the_game_waits_on_says_go_on_in_the_footer_too(app, game, monkeypatch):
    """On the person's own knock-out the others play on: the centre said "press to go on" while
    the footer said "Tofu's turn: just watch · K: hurry". Any moment held for a press, game over
    or not, puts the go-on words in the footer."""
    table = person_turn(app, game, 3)
    assert not table.feed.over
    hold = Hold(table.presenter, 99.0)
    hold.update(0.0)                                 # started: the table now waits on a press
    surface = __import__("pygame").Surface(app.size)
    said, real = [], frame.fitted

    def spy(log, app_, surface_, text, *a, **k):
        said.append(text)
        return real(log, app_, surface_, text, *a, **k)

    monkeypatch.setattr(frame, "fitted", spy)
    table.draw_hints(surface)
    assert said == [app.t("table.hold.continue")], said
    hold.finish()
    said.clear()
    table.draw_hints(surface)
    assert said and said != [app.t("table.hold.continue")]


def test_go_on_lines_share_one_phrasing(tmp_path):
    """The curtain said "Press any key or click…", a held moment "Click or press any button…":
    one phrasing per language."""
    from game.runtime.app import App

    for lang in ("en", "zh_TW"):
        app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=lang)
        try:
            go_on, hand = app.t("table.hold.continue"), app.t("hm.curtain.press")
            lead = {"en": "Press any button or click to ", "zh_TW": "按任意鍵或點一下"}[lang]
            assert go_on.startswith(lead) and hand.startswith(lead), (go_on, hand)
            assert app.t("zc.curtain.press") == hand
        finally:
            app.shutdown()
