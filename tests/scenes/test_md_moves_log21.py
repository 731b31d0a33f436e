"""Issue 21 ("Crowded screens"), the stranger's Meow Meow Dice moves log: "Miso rolls bell, yarn
ball" did not say which dice stayed on the table and which were thrown. A reroll (or a roll with
locked dice) now names the dice kept first, then the dice thrown, in English and in zh_TW; a
reroll names the thrown dice's faces before and after ("rerolls bell, yarn ball → fish, paw print")."""
from __future__ import annotations

import pytest

from game.rules.meow_dice import MeowDice
from game.runtime.app import App
from tests.scenes.md_driver import make_session
from tests.scenes.test_meow_dice_table import open_table

SLOTS = {"TL": "food/tabby/2/!C", "TR": "toy/calico/2/!C", "BL": "nest/tuxedo/2/!C",
         "BR": "food/tabby/4/!C"}


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def rolled(game, action):
    return next(e for e in game.apply(action) if e.kind == "DiceRolled")


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_reroll_says_which_dice_were_kept_and_which_rolled(app, lang):
    app.set_language(lang)
    drv = open_table(app, make_session(players=2, humans=(0,), seed=4))
    drv.settle()
    presenter = drv.table.presenter
    t, name, join = app.t, presenter.name(0), app.t("tiger.join")
    face = {f: t("md.face." + f) for f in "CFYMPB"}
    game = MeowDice.new(2, 1, {"advanced": True}, {"slots": dict(SLOTS), "dice": "CBYM" + "FP" + "Y"})
    first = presenter.log_line(rolled(game, "roll"))
    assert first == t("md.log.roll", name=name, faces=join.join(face[f] for f in "CBYM"))
    second = presenter.log_line(rolled(game, "reroll 1 2"))    # keeps cat face and mouse
    assert second == t("md.log.reroll_from", name=name, kept=join.join([face["C"], face["M"]]),
                       was=join.join([face["B"], face["Y"]]), faces=join.join([face["F"], face["P"]]))
    # stranger 40e, defect 13: "rerolls: yarn ball, fish" named the new faces as if they were the
    # dice thrown; the line says which dice were thrown, then what came up
    if lang == "en":
        assert second == f"{name} keeps cat face, mouse, rerolls bell, yarn ball → fish, paw print"
    else:
        assert second == f"{name} 留下 貓臉、老鼠 · 重擲 鈴鐺、毛線球 → 魚、貓掌印"
        # "重擲" stands apart, so a line never breaks inside it (stranger 6: "重｜擲" in the log)
        from game.art.linebreak import break_lines
        line = second.replace(name, "麻糬")
        for width in range(8, 40):
            broken = break_lines(lambda part: sum(2 if ord(c) > 0x2e80 else 1 for c in part), line, width)
            pairs = zip(broken, broken[1:], strict=False)
            assert not any(a.endswith("重") and b.startswith("擲") for a, b in pairs), broken
    third = presenter.log_line(rolled(game, "reroll 3"))
    kept = join.join(face[f] for f in "CFP")
    assert third == t("md.log.reroll_from", name=name, kept=kept, was=face["M"], faces=face["Y"])
    locked = MeowDice.new(2, 1, {"advanced": True}, {"slots": dict(SLOTS), "dice": "FYM"})
    locked.apply("lock 0 C")                                   # a locked die is kept too
    assert presenter.log_line(rolled(locked, "roll")) == t(
        "md.log.reroll", name=name, kept=face["C"], faces=join.join(face[f] for f in "FYM"))
