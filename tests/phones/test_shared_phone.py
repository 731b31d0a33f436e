"""One phone for several seats when seat setup says so: "Hand on a shared phone" after "Hand on
a phone"; seats marked so may be held by one device together, any other pair may not; the
choice is kept in the save."""
from __future__ import annotations

import asyncio

from game.phones.seats import FRESH, OTHER, SeatKeys
from game.play.session import GameSession, Seat
from scenes.hungry_meow.table import HungryMeowTable
from scenes.seat_setup import SeatSetupScene
from scenes.tables import table_info
from tests.peek import session_of
from tests.phones.helpers import Phone, make_app, phone_table


def test_seat_setup_offers_a_shared_phone_after_a_phone_of_its_own(tmp_path):
    app = make_app(tmp_path)
    scene = SeatSetupScene(app, table_info("hungry-meow"), seats=[Seat("A", "human"), Seat("B", "human")])
    scene.layout()
    where = next(w for w in scene.focus.items if getattr(w, "part", "") == "level" and w.seat_index == 1)
    places = []
    for _ in range(3):
        scene.press_field(where)
        places.append((scene.seats[1].phone, scene.seats[1].shared))
    assert places == [(True, False), (True, True), (False, False)]
    scene.press_field(where)
    scene.press_field(where)
    session = scene.make_session(seed=3)
    assert session.seats[1].phone and session.seats[1].shared
    again = GameSession.from_replay(session.to_replay())
    assert again.seats[1].shared and not again.seats[0].shared


def test_shared_seats_may_share_a_device_and_no_other_pair_may():
    keys = SeatKeys([0, 1, 2], shared=[1, 2])
    device, found = keys.claim(1, None)
    assert found == FRESH
    assert keys.claim(2, device) == (device, FRESH)              # both shared: one phone
    assert keys.claim(0, device) == (device, OTHER)              # seat 0 has a phone of its own
    alone, _ = keys.claim(0, None)
    assert keys.claim(1, alone)[1] == OTHER                      # and its phone holds no other


def test_a_table_with_shared_phone_seats_lets_one_phone_open_both(tmp_path):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=11)
    table.phones.close()
    for seat in (0, 1):
        session_of(table).seats[seat].shared = True
    table = HungryMeowTable(app, session_of(table))                   # the same seats, shared

    async def go():
        first = Phone(table.phones.url(0))
        assert await first.open() == 200
        second = Phone(table.phones.url(1), device=first)
        assert await second.open() == 200
        await first.close()
    asyncio.run(go())
    table.phones.close()
