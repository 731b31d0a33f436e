"""Strangers 40r-en (report 7) and 40r-zh (report 8), the last points below 9: the pass question's
ready answer in words, the moves drawer's "Jump to latest" and the results' columns."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.runtime.app import App  # noqa: E402
from tests.scenes.test_hm_stranger40r import ready_table  # noqa: E402


@pytest.fixture(params=["en", "zh_TW"])
def app(request, tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=request.param)
    yield app
    app.stack.clear()
    app.shutdown()


# ---- report 8 #10: the two pass questions' ready answers differ -----------------------------------
@pytest.mark.parametrize("device", ["keyboard", "pad"])
def test_the_pass_question_says_which_answer_enter_gives(app, device, monkeypatch):
    table = ready_table(app)
    app.input.device = device
    assert "pass" in table.legal and len(table.legal) > 1
    table.send("pass")                              # a set could be played: Cancel is ready
    tools = table.tools
    no, yes = app.t("table.confirm.no"), app.t("table.confirm.yes")
    said = tools.default_words()
    assert said is not None and no in said and yes not in said
    drawn = []
    real = table.text
    monkeypatch.setattr(table, "text", lambda surface, text, *a, **k: drawn.append(text) or real(surface, text, *a, **k))
    table.draw(app.screen)
    assert said in drawn
    tools.cancel()
    monkeypatch.setattr(table, "legal", ["pass"])   # nothing beats the table: Yes is ready
    table.send("pass")
    said = tools.default_words()
    assert yes in said and no not in said
    tools.handle_dialog(type("I", (), {"kind": "move", "pos": None})())
    assert no in tools.default_words()              # the words follow the focus
    app.input.device = "mouse"
    assert tools.default_words() is None            # a click needs no key's name
