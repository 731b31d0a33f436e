"""s43: the tiger's bubble broke "…42% for the / Shrimp" and could part a card's name ("Warm /
milk"). Names in the tiger's words are written with no-break spaces (as the moves list does) and
the catalogues join "for the" to the card, so a wrapped bubble keeps them on one line."""
from __future__ import annotations

import pytest

from game.art.linebreak import break_lines
from game.bots.advice import Text, render
from game.runtime.app import App
from scenes.advice import whole_names


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


@pytest.mark.parametrize("card", ["md.card.food/tuxedo/2/!F", "md.card.food/tabby/1/XY"])
def test_a_card_and_for_the_stay_together(app, card):
    name = app.t(card)
    text = Text("md.tiger.keep", {"dice": [Text("md.face.F"), Text("md.face.M")], "pct": 42,
                                  "card": Text(card)})
    words = render(whole_names(text, app.t), app.t)
    flat = words.replace("\u00a0", " ")
    assert flat.endswith(f"for the {name}")
    for width in range(12, len(flat) + 1):
        lines = [line.replace("\u00a0", " ") for line in break_lines(len, words, width)]
        assert any(line.endswith(f"for the {name}") for line in lines), (width, lines)
