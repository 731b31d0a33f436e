"""Leftovers a playtester found at the Hungry Meow table (session 43)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

import scenes.table.frame as frame  # noqa: E402
from scenes.table.presenter import Hold  # noqa: E402
from tests.scenes.test_overlap_audit import app as audit_app  # noqa: E402, F401
from tests.scenes.test_overlap_audit import person_turn, play_to  # noqa: E402


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
    surface = pygame.Surface(app.size)
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


def test_no_focus_marker_in_mouse_play_until_a_key_is_used(app, monkeypatch):
    """The focus ▼ stayed on a card of the hand while the person played by mouse. As at the dice
    table, the focus shows in mouse play only on the piece under the pointer; a key brings it back."""
    import scenes.hungry_meow.draw as hm_draw

    table = person_turn(app, "hungry-meow", 3)
    assert play_to(app, table, lambda t: t.my_turn() and t.mode == "play" and t.hand_widgets, 1)
    card = table.hand_widgets[0]
    table.focus.set_focus(card)
    assert table.focus.focused is card
    drawn = []
    monkeypatch.setattr(hm_draw, "focus_outline", lambda *a, **k: drawn.append("outline"))
    monkeypatch.setattr(hm_draw, "focus_pointer", lambda *a, **k: drawn.append("pointer"))
    surface = pygame.Surface(app.size)
    app.input.device = "mouse"
    table.tooltip.pointer = (1, 1)                   # the pointer far from the card
    table.draw(surface)
    assert not drawn
    table.tooltip.pointer = card.rect.center         # over the card: it is the one pointed at
    table.draw(surface)
    assert "outline" in drawn
    drawn.clear()
    table.tooltip.pointer = (1, 1)
    app.input.device = "keyboard"
    table.draw(surface)
    assert "outline" in drawn


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_death_banner_clears_the_prompt_box(app, lang):
    """In the lesson the "Death!" (死神！) pill sat on the prompt box's top edge: clear of it."""
    from scenes.hungry_meow.draw import BANNER_GAP

    app.i18n.set_language(lang)
    table = person_turn(app, "hungry-meow", 2)
    table.presenter.banner = (app.t("hm.ev.death"), (255, 80, 100), 1.0)
    table.draw(pygame.Surface(app.size))
    banner = next(d.rect for d in table.boxes.overlays() if d.name == "banner")
    assert banner.bottom + table.s(BANNER_GAP) - 1 <= table.anchors["prompt"].rect.top, \
        (banner, table.anchors["prompt"].rect)
