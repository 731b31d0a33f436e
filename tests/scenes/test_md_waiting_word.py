"""s43: a computer cat deciding read "{name} is posing…" (「正在擺姿勢…」) at Meow Meow Dice where
the other tables say "is thinking…" (「思考中…」). The seed's "pose" is its word for a roll, not
for deciding, so the waiting line is the same at every table."""
from __future__ import annotations

import pytest

from game.runtime.app import App


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_one_word_for_a_computer_cat_deciding(tmp_path, lang):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=lang)
    try:
        words = {p: app.t(f"{p}.prompt.wait", name="Miso") for p in ("hm", "md", "zc")}
    finally:
        app.shutdown()
    assert words["md"] == words["zc"] == words["hm"], words
    assert "pos" not in words["md"] and "姿勢" not in words["md"]
