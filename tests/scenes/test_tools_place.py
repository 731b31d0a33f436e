"""Undo, Moves and the pause button stand in one place per table, whatever the seat count (issue 40:
Hungry Meow's stood left of the pile at two and three seats and right of the board at four to six,
so a player changing seat counts hunted for them)."""
from __future__ import annotations

import pytest

from game.play.session import GameSession, Seat
from game.runtime.app import App
from scenes.tables import table_info

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Fay")
COUNTS = {"hungry-meow": range(2, 7), "meow-dice": range(2, 5), "zodiac": range(2, 7)}


def tools_at(app, game: str, n: int) -> dict:
    seats = [Seat(name, "human" if i == 0 else "bot", "heuristic", "tabby")
             for i, name in enumerate(NAMES[:n])]
    table = table_info(game).scene_class()(app, GameSession(game, seats, 11, {}, {}, []))
    app.stack.clear_to(table)
    for _ in range(3):
        app.step(1 / 20, [])
    tools = table.tools
    assert tools.on
    return {"zone": tuple(table.tools_rect()), "undo": tuple(tools.undo_btn.rect),
            "moves": tuple(tools.moves_btn.rect), "menu": tuple(tools.menu_btn.rect)}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", list(COUNTS))
def test_the_tools_stand_in_one_place_at_every_seat_count(tmp_path, game, size):
    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        places = {n: tools_at(app, game, n) for n in COUNTS[game]}
    finally:
        app.shutdown()
    first = places[min(places)]
    assert all(place == first for place in places.values()), places
