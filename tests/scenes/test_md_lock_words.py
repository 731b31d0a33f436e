"""A computer cat's locked die, read as a first-time player would: "Miso locks a die" did not say
which face, and the roll after it read "Miso keeps fish, rerolls: bell, mouse, cat face" on the
turn's first throw. The lock names its face, and the first roll beside a locked die "rolls"."""
from __future__ import annotations

import pytest

from game.rules.meow_dice import MeowDice
from game.runtime.app import App
from tests.scenes.md_driver import make_session
from tests.scenes.test_md_moves_log21 import SLOTS
from tests.scenes.test_meow_dice_table import open_table


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_lock_names_its_face_and_the_next_roll_is_no_reroll(app, lang):
    app.set_language(lang)
    drv = open_table(app, make_session(players=2, humans=(0,), seed=4))
    drv.settle()
    presenter = drv.table.presenter
    game = MeowDice.new(2, 1, {"advanced": True}, {"slots": dict(SLOTS), "dice": "FYM"})
    lock = next(e for e in game.apply("lock 0 C") if e.kind == "DieLocked")
    line = presenter.log_line(lock)
    assert app.t("md.face.C") in line, line
    roll = presenter.log_line(next(e for e in game.apply("roll") if e.kind == "DiceRolled"))
    if lang == "en":
        assert line == f"{presenter.name(0)} locks a die on cat face"
        assert "reroll" not in roll, roll
    else:
        assert "重擲" not in roll, roll
