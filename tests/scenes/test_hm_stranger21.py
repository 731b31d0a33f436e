"""Issue 21, the stranger's playtest: Hungry Meow's hot seat and table words."""
from __future__ import annotations

import pytest

from game.rules.base import Event
from game.runtime.app import App
from tests.scenes.hm_driver import make_session


@pytest.fixture(params=["en", "zh_TW"])
def app(request, tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=request.param)
    yield app
    app.shutdown()


def open_hm(app, session):
    from scenes.hungry_meow.table import HungryMeowTable

    table = HungryMeowTable(app, session)
    app.stack.push(table)
    app.step(1 / 30, [])
    return table


def test_the_recap_says_death_came_before_the_knock_out(app):
    """Defect 4: the curtain's recap keeps the newest lines, so "Tofu drew Death!" fell off and
    "Tofu turns up blue paw 2: knocked out!" read as if a paw knocks you out."""
    table = open_hm(app, make_session(players=3, humans=(0, 1), seed=3))
    out = table.presenter.log_line(Event("Eliminated", {"seat": 1, "card": "B2X"}))
    death_name = app.t("term.death")
    assert death_name and death_name != "term.death" and death_name in out, out
    assert table.card_label("B2X") in out
    filler = [Event("Passed", {"seat": 2})] * 8               # enough to push the Death line out
    table.history = [(0, []), (1, [Event("DeathDrawn", {"seat": 1, "returned": 2}),
                                   Event("Eliminated", {"seat": 1, "card": "B2X"})]), (2, filler)]
    assert any(death_name in line and table.card_label("B2X") in line
               for line in table.recap_lines(0, most=9))


def test_no_curtain_once_the_other_person_is_out(app):
    """Defect 5: after Tofu (the only other person) was knocked out, "Pass to Mochi … look away"
    still came before every one of Mochi's turns."""
    table = open_hm(app, make_session(players=3, humans=(0, 1), seed=3))
    assert table.hot_seat()
    table.seat_in_game = lambda seat: seat != 1                  # Tofu knocked out
    assert not table.hot_seat()
    table.viewer, table.curtain_for = None, None
    table.show(0)
    assert table.curtain_for is None and table.viewer == 0
    table.hide_outgoing_hand(0)                                  # nobody left to hide it from
    assert table.viewer == 0
