"""One device, one seat: a phone holding a seat that opens another seat's code is asked on the
phone and shown nothing of that hand; it may move there (its own seat returns to its code). A
phone that lost its cookie is refused, the big screen hears of it, and one confirm there hands
it the seat (the page it holds opens the seat by itself)."""
from __future__ import annotations

import asyncio

import aiohttp
import pytest

from game.phones.seats import OTHER, TAKEN
from scenes.hungry_meow.table import HungryMeowTable
from tests.phones.helpers import Phone, make_app, phone_table


@pytest.fixture
def table(tmp_path):
    app = make_app(tmp_path)
    t = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=11)
    yield t
    t.phones.close()


def notices(server) -> list:
    out = []
    while not server.notices.empty():
        out.append(server.notices.get_nowait())
    return out


def test_a_phone_holding_a_seat_is_asked_at_another_seats_code_and_shown_nothing(table):
    server = table.phones.server

    async def go():
        mine = Phone(table.phones.url(0))
        assert await mine.open() == 200
        await mine.connect()
        other = Phone(table.phones.url(1), device=mine)          # the same phone, the other code
        async with other.http.get(other.url) as r:
            page = await r.text()
            assert r.status == 409
        assert "One phone, one seat" in page and "/img/" not in page and "phone.js" not in page
        assert f"href='/p/{server.keys.token[0]}'" in page          # back to its own hand
        assert f"action='/p/{server.keys.token[1]}/move'" in page    # or move there
        with pytest.raises(aiohttp.WSServerHandshakeError):        # nor the other seat's socket
            await other.connect()
        assert notices(server) == [(1, OTHER)]
        assert not server.keys.holder.get(1)                       # seat 1 stays free for its owner
        owner = Phone(table.phones.url(1))
        assert await owner.open() == 200
        await owner.close()
        await mine.close()
    asyncio.run(go())


def test_a_phone_may_move_to_a_free_seat_and_its_own_returns_to_its_code(table):
    server = table.phones.server

    async def go():
        mine = Phone(table.phones.url(0))
        assert await mine.open() == 200
        origin = table.phones.url(0).split("/p/")[0]
        evil = {"Origin": "http://evil.example"}
        async with mine.http.post(table.phones.url(1) + "/move", headers=evil) as r:
            assert r.status == 403                                  # only from the game's own page
        async with mine.http.post(table.phones.url(1) + "/move", headers={"Origin": origin}) as r:
            assert r.status == 200 and r.url.path == f"/p/{server.keys.token[1]}"
        assert 0 not in server.keys.holder and server.keys.holder.get(1)
        moved = Phone(table.phones.url(1), device=mine)
        await moved.connect()
        assert (0, "moved") in notices(server)
        stranger = Phone(table.phones.url(0))
        assert await stranger.open() == 200                       # seat 0 opens on a new phone
        await stranger.close()
        await moved.ws.close()
        await mine.close()
    asyncio.run(go())


def test_a_phone_that_lost_its_cookie_gets_the_seat_after_one_confirm_on_the_big_screen(table):
    server = table.phones.server

    async def go():
        old = Phone(table.phones.url(0))
        assert await old.open() == 200
        await old.connect()
        while not server.connected(0):
            await asyncio.sleep(0.01)
        cleared = Phone(table.phones.url(0))                       # a private tab: no cookie
        async with cleared.http.get(cleared.url) as r:
            page = await r.text()
            assert r.status == 409 and "http-equiv='refresh'" in page
        assert notices(server) == [(0, TAKEN)]
        assert server.hand_over(0)                                 # the big screen's confirm
        assert await cleared.open() == 200
        await cleared.connect()
        msg = await old.ws.receive(timeout=5)                      # the old phone is cut off
        while msg.type == aiohttp.WSMsgType.TEXT:
            msg = await old.ws.receive(timeout=5)
        assert old.ws.closed
        assert await old.open() == 409
        await cleared.close()
        await old.close()
    asyncio.run(go())


@pytest.mark.slow
def test_in_chromium_the_question_moves_the_phone_to_the_other_seat(table):
    from tests.phones.browser import CHROMIUM, PHONE, launch_args, require_browser
    from tests.phones.helpers import step

    require_browser()
    from playwright.sync_api import sync_playwright

    app, server = table.app, table.phones.server
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
        page = browser.new_context(viewport=PHONE).new_page()
        assert page.goto(table.phones.url(0)).status == 200
        assert page.goto(table.phones.url(1)).status == 409
        assert page.locator("#move").count() == 1 and page.locator("img").count() == 0
        page.click("#move")
        for _ in range(200):
            step(app)
            page.wait_for_timeout(10)
            if page.evaluate("() => !!(window.meowcade && window.meowcade.state)"):
                break
        seat = page.evaluate("() => window.meowcade.state.seat")
        browser.close()
    assert seat == 1 and 0 not in server.keys.holder


@pytest.mark.slow
def test_in_chromium_a_page_refused_at_its_seat_opens_it_by_itself_after_the_hand_over(table):
    from tests.phones.browser import CHROMIUM, PHONE, launch_args, require_browser
    from tests.phones.helpers import step

    require_browser()
    from playwright.sync_api import sync_playwright

    app, server = table.app, table.phones.server
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
        old = browser.new_context(viewport=PHONE).new_page()
        assert old.goto(table.phones.url(0)).status == 200
        cleared = browser.new_context(viewport=PHONE).new_page()       # the same person, no cookie
        assert cleared.goto(table.phones.url(0)).status == 409
        assert server.hand_over(0)                                    # the TV's one confirm
        for _ in range(600):                                          # its next look (3 s)
            step(app)
            cleared.wait_for_timeout(10)
            try:
                if cleared.evaluate("() => !!(window.meowcade && window.meowcade.state)"):
                    break
            except Exception:                                         # the page is reloading
                continue
        seat = cleared.evaluate("() => window.meowcade.state.seat")
        browser.close()
    assert seat == 0
