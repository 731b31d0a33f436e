"""Playtest 12: the held end moment of a card table said only "every hand shown". It must name who
won and why (HM-11's rule, ZC-6's score), in both languages, for as long as it is held."""
from __future__ import annotations

import pytest

from game.runtime.app import App
from tests.peek import engine_of
from tests.scenes.hm_driver import UNSEEN
from tests.scenes.test_end_reveal import play_to_the_reveal
from tests.scenes.test_table_pace import bot_table


@pytest.fixture(params=["en", "zh_TW"])
def app(request, tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang=request.param)
    app.draw_every(UNSEEN)
    yield app
    app.shutdown()


def held_words(app, table, frames: int = 60) -> tuple[str, str]:
    """The banner and the prompt line 2 s into the held end (3 s with nobody at the table): the
    last move's banner would have gone by then; the dice table holds 1 s)."""
    for _ in range(frames):
        app.step(1 / 30, [])
    assert table.presenter.holding is not None, "the end is still held"
    banner = table.presenter.banner
    return (banner[0] if banner else ""), table.waiting_line()[0]


@pytest.mark.parametrize("seed", [2, 3, 4])      # last cat, both Fish, three Meals
def test_hungry_meow_end_names_the_winner_and_the_rule(app, seed):
    table = bot_table(app, "hungry-meow", players=3, seed=seed)
    play_to_the_reveal(app, table)
    view = engine_of(table).view(None)
    (seat,), reason = view["winners"], view["end_reason"]
    assert reason == {2: "last", 3: "fish", 4: "meals"}[seed]          # each HM-11 reason seen
    banner, prompt = held_words(app, table)
    assert banner == app.t("hm.end." + reason, name=table.seat_name(seat))
    assert table.seat_name(seat) in banner
    assert app.t("table.hands_shown") in prompt


def test_zodiac_end_names_the_winner_and_the_score(app):
    from game.play.match import new_session
    from game.play.session import Seat
    from scenes.zodiac.table import ZodiacTable

    seats = [Seat(f"Cat{i}", "bot", "heuristic", "tabby") for i in range(3)]
    table = ZodiacTable(app, new_session("zodiac", seats, 2, {"target": 3}))
    app.stack.push(table)
    play_to_the_reveal(app, table)
    points = sorted(engine_of(table).view(None)["points"], reverse=True)
    winners = engine_of(table).view(None)["winners"]
    banner, prompt = held_words(app, table)
    assert table.seat_name(winners[0]) in banner
    assert str(points[0]) in banner and str(points[1]) in banner
    assert app.t("table.hands_shown") in prompt


@pytest.mark.parametrize("seed", [3, 22])      # a win on points; a tie settled by the dice
def test_meow_dice_end_names_the_winner_and_how(app, seed):
    table = bot_table(app, "meow-dice", players=2, seed=seed)
    for _ in range(40000):
        if engine_of(table).over and table.presenter.holding is not None:
            break
        if not engine_of(table).over:
            table.presenter.skip()
        table.runner.wait_ready()
        app.step(1 / 30, [])
    view = engine_of(table).view(None)
    seat, reason = view["winners"][0], view["end_reason"]
    assert reason == {3: "score", 22: "tiebreak-dice"}[seed]
    banner, prompt = held_words(app, table, frames=15)
    assert banner.startswith(app.t("md.ev.win", name=table.seat_name(seat), n=view["scores"][seat]))
    if reason != "score":
        assert prompt == app.t("results.reason." + reason)
