"""s43: a computer cat's Meow Meow Dice turn was over between two screenshots 1.5 s apart (only
the moves list said what happened). Each of its decisions (the roll, a lock, the card taken or
the fish bone) now stays up longer than a person's own, by the computer cats' pace setting, and
the card taken is a line that says its points."""
from __future__ import annotations

import random

import pytest

from game.runtime.app import App
from scenes.meow_dice.table import MeowDiceTable
from tests.scenes.md_driver import make_session

DT = 1 / 60


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def busy_times(app, bot_speed):
    """{(seat is a bot, first word of the action): [seconds the presenter was busy]}, and the
    banners shown after a computer cat took a card."""
    app.settings.bot_speed = bot_speed
    session = make_session(players=2, humans=(0,), seed=5)
    table = MeowDiceTable(app, session)
    p = table.presenter
    p.finish_all()
    rng = random.Random(2)
    times, banners = {}, []
    for _ in range(40):
        if session.game.over:
            break
        seat = session.game.current_player
        legal = session.game.legal_actions()
        takes = [a for a in legal if a.startswith("take")]
        action = takes[0] if takes else rng.choice([a for a in legal if not a.startswith("token")] or legal)
        table.apply(action)
        t = 0.0
        while p.busy and t < 30:
            p.update(DT)
            t += DT
            if seat == 1 and action.startswith("take") and p.banner:
                banners.append(p.banner[0])
        times.setdefault((seat == 1, action.split()[0]), []).append(t)
    return times, banners


def test_a_computer_cat_decision_stays_up(app):
    normal, banners = busy_times(app, "normal")
    fast, _ = busy_times(app, "fast")
    slow, _ = busy_times(app, "slow")
    rolls = [k for k in normal if k[1] == "roll" and (not k[0], "roll") in normal]
    assert rolls, normal.keys()
    bot, person = min(normal[(True, "roll")]), min(normal[(False, "roll")])
    assert bot >= person + 0.7                    # the roll's result stays up for a reading
    assert bot >= 1.5
    assert min(fast[(True, "roll")]) < bot < min(slow[(True, "roll")])    # the pace setting
    assert min(fast[(False, "roll")]) == pytest.approx(person, abs=0.05)  # a person's: unchanged
    assert (True, "take") in normal and min(normal[(True, "take")]) >= 2.5
    assert any(b.endswith("points)") or b.endswith("point)") for b in banners), banners


def test_other_tables_keep_their_pace():
    from scenes.table.base import TableScene
    assert TableScene.bot_pace == (0.7, 0.35)
