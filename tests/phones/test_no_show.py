"""No seat waits forever: a phone seat the game waits for whose phone never comes gets the TV's
offer after 30 s (a computer cat, play at the table, keep waiting); a phone refused at a held
seat is asked about on the TV, and one confirm hands it the seat."""
from __future__ import annotations

import asyncio

from scenes.hungry_meow.table import HungryMeowTable
from scenes.table.phone_waits import OFFER_AFTER, HandOverScene, SeatOfferScene
from tests.peek import session_of
from tests.phones.helpers import Phone, make_app, phone_table, step


def no_show(tmp_path):
    """Hungry Meow, seat 0 a phone that never scans, and it chooses the direction first."""
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0,), seed=4,
                        setup={"first": 0})
    for _ in range(200):                   # the deal is shown first
        step(app)
        if table.phones.due():
            break
    assert table.phones.due() == [0]
    return app, table


def wait(app, seconds: float) -> None:
    step(app, int(seconds * 4), dt=0.25)


def press(app, key_words: str) -> None:
    scene = app.stack.top
    button = next(b for b in scene.widgets if b.label == key_words)
    button.on_press()
    step(app, 2)


def test_after_30_s_without_the_phone_the_tv_offers_and_a_computer_cat_plays_the_seat(tmp_path):
    app, table = no_show(tmp_path)
    wait(app, OFFER_AFTER - 2)
    assert app.stack.top is table                                   # not yet
    wait(app, 3)
    offer = app.stack.top
    assert isinstance(offer, SeatOfferScene) and offer.seat == 0
    assert [b.label for b in offer.widgets] == [app.t(k, name="Mochi") for k in (
        "phone.wait.bot", "phone.wait.table", "phone.wait.keep")]
    before = len(session_of(table).actions)
    press(app, app.t("phone.wait.bot", name="Mochi"))
    assert app.stack.top is table and table.phones.seats == [] and not session_of(table).seats[0].human
    assert not table.phones.chips and session_of(table).to_replay()["seats"][0]["kind"] == "bot"   # saved so
    for _ in range(200):
        step(app)
        if len(session_of(table).actions) > before:
            break
    assert session_of(table).actions[before].startswith("direction")    # the cat chose for seat 0
    table.phones.close()


def test_keep_waiting_asks_again_later_and_play_at_the_table_takes_the_seat_back(tmp_path):
    app, table = no_show(tmp_path)
    wait(app, OFFER_AFTER + 1)
    press(app, app.t("phone.wait.keep", name="Mochi"))
    assert app.stack.top is table
    wait(app, OFFER_AFTER - 2)
    assert app.stack.top is table
    wait(app, 3)
    assert isinstance(app.stack.top, SeatOfferScene)
    press(app, app.t("phone.wait.table", name="Mochi"))
    assert app.stack.top is table and 0 in table.humans and table.phones.seats == []
    table.phones.close()


def test_a_phone_that_lost_its_cookie_is_asked_about_on_the_tv_and_one_confirm_hands_it_over(tmp_path):
    app, table = no_show(tmp_path)
    desk = table.phones

    async def go():
        old = Phone(desk.url(0))
        assert await old.open() == 200
        await old.close()                                       # its phone is gone, cookie and all
        cleared = Phone(desk.url(0))
        assert await cleared.open() == 409
        for _ in range(20):
            step(app)
            await asyncio.sleep(0.01)
            if isinstance(app.stack.top, HandOverScene):
                break
        assert isinstance(app.stack.top, HandOverScene) and app.stack.top.seat == 0
        assert await cleared.open() == 409                     # its page looked again meanwhile
        press(app, app.t("phone.handover.give", name="Mochi"))
        step(app, 5)
        assert app.stack.top is table                          # that look is not asked about again
        assert await cleared.open() == 200                     # its page's next look opens the seat
        await cleared.connect()
        await cleared.close()
    asyncio.run(go())
    desk.close()
