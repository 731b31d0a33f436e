"""A phone seat's code panel never stands on the board in any table state: while the game waits
for that phone (its mermaids, its turn), when the phone rejoins (it left and its code shows
again) and while people at the table play; only a press on its chip opens it there. The overlap
audit (tests/scenes/overlap_audit.py) checks each drawn frame."""
from __future__ import annotations

import pytest

from game.play.match import new_session
from game.play.session import Seat
from scenes.zodiac.table import ZodiacTable
from tests.phones.helpers import make_app, phone_table, step
from tests.scenes.overlap_audit import problems


@pytest.mark.parametrize("lang, size", [("en", (1280, 720)), ("zh_TW", (1920, 1080))])
def test_zodiac_code_panels_stay_off_the_board_while_waiting_and_at_a_rejoin(tmp_path, lang, size):
    def fits(seed):                              # the phone has mermaids to place: the game waits
        seats = [Seat("a", "human"), Seat("b", "human", phone=True), Seat("c")]
        return "MERMAID" in new_session("zodiac", seats, seed, {"rounds": 1}).game.view(1)["hand"]
    seed = next(s for s in range(400) if fits(s))
    app = make_app(tmp_path, lang=lang, size=size)
    table = phone_table(app, "zodiac", ZodiacTable, players=3, phones=(1,), people=(0,), seed=seed,
                        options={"rounds": 1})
    desk = table.phones
    joined = [False]
    desk.server.connected = lambda seat: joined[0]
    found, shown, waited = [], 0, 0
    for frame in range(240):
        if frame == 60:                                     # the phone joins and places its mermaids
            joined[0] = True
            if desk.offers(1):
                desk.act(1, desk.offers(1)[0])
        if frame == 120:
            joined[0] = False                               # it leaves: its code again (a rejoin)
        if table.presenter.busy:
            table.presenter.skip()
        elif getattr(table, "mode", None) == "arrange":
            table._arrange_done()
        step(app)
        app.draw()
        waited += bool(desk.due())
        shown += sum(d.name == "scan1" for d in table.boxes.overlays())
        found += [p for p in problems(table, f"frame {frame}") if "scan" in p]
    desk.close()
    assert waited and (shown or desk.chips), (waited, shown)
    assert not found, "\n".join(found[:10])
