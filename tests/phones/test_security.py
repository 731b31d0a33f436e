"""A booth is a public place: every bad input the issue names gets a clear answer and changes
nothing (wrong, expired and reused tokens, a move out of turn, illegal and malformed moves, an
oversized message, a flood, a cross-site websocket, paths out of the server's folder)."""
from __future__ import annotations

import asyncio

import aiohttp
import pytest

from game.phones import protocol
from game.phones.seats import TOKEN_BYTES, SeatKeys
from scenes.hungry_meow.table import HungryMeowTable
from tests.peek import engine_of, session_of
from tests.phones.helpers import Phone, make_app, phone_table, settle


@pytest.fixture
def table(tmp_path):
    app = make_app(tmp_path)
    t = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=11)
    yield t
    if t.phones is not None:
        t.phones.close()


def run(coro):
    return asyncio.run(coro)


def base_url(table) -> str:
    return table.phones.url(0).split("/p/")[0]


def test_tokens_are_random_128_bits_and_the_server_listens_on_loopback(table):
    keys = SeatKeys(range(6))
    assert TOKEN_BYTES * 8 >= 128
    assert len(set(keys.token.values())) == 6
    assert all(len(t) >= 22 for t in keys.token.values())
    assert table.phones.server.host == "127.0.0.1"


def test_wrong_token_gets_a_page_in_words_and_no_seat(table):
    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.get(base_url(table) + "/p/not-a-token") as r:
                assert r.status == 403
                assert "game has ended" in await r.text()
            async with http.get(base_url(table) + "/p/" + "A" * 22 + "/ws") as r:
                assert r.status == 403
    run(go())


def test_second_device_is_refused_until_the_seat_is_released(table):
    app = table.app

    async def go():
        first, second = Phone(table.phones.url(0)), Phone(table.phones.url(0))
        assert await first.open() == 200
        await first.connect()
        assert await first.open() == 200                # the same phone again: still its seat
        async with second.http.get(second.url) as r:
            assert r.status == 409
            assert "Another phone holds this seat" in await r.text()
        with pytest.raises(aiohttp.WSServerHandshakeError):
            await second.connect()
        table.phones.release(0)                         # the big screen releases it
        await settle(app, [first])
        assert await second.open() == 200
        await second.connect()
        await settle(app, [second])
        assert second.state["name"] == "Mochi"
        async with first.http.get(first.url) as r:     # now the first phone is the stranger
            assert r.status == 409
        await first.close()
        await second.close()
    run(go())


def test_expired_tokens_seat_taken_back_and_game_over(table):
    app = table.app
    url = table.phones.url(1)
    table.phones.take_back(1)                          # Tofu plays at the table again

    async def go():
        async with aiohttp.ClientSession() as http:
            async with http.get(url) as r:
                assert r.status == 403
        assert 1 in table.humans
        other = table.phones.url(0)
        app.stack.pop()                               # the game ends: the server stops
        app.step(1 / 20)
        async with aiohttp.ClientSession() as http:
            with pytest.raises(aiohttp.ClientConnectionError):
                async with http.get(other):
                    pass
    run(go())


def test_cross_site_websocket_is_refused(table):
    async def go():
        phone = Phone(table.phones.url(0))
        await phone.open()
        for origin in ("http://evil.example", "null", ""):
            with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                await phone.connect(origin=origin)
            assert err.value.status == 403
        await phone.close()
    run(go())


def test_no_file_outside_the_servers_folder(table):
    async def go():
        phone = Phone(table.phones.url(0))
        await phone.open()
        token_url = table.phones.url(0)
        root = base_url(table)
        for path in ("/s/../server.py", "/s/%2e%2e/server.py", "/s/..%2fserver.py", "/s/phone.html",
                     "/s/%2fetc%2fpasswd", "/etc/passwd", "/s/", "/static/phone.js",
                     "/p/x/../../game/phones/server.py"):
            async with phone.http.get(root + path) as r:
                assert r.status in (403, 404), path
        async with phone.http.get(root + "/s/phone.js") as r:
            assert r.status == 200
        for name in ("..%2f..%2fserver", "NOT_A_CARD", "cat.nothing"):
            async with phone.http.get(f"{token_url}/img/{name}.png") as r:
                assert r.status == 404, name
        async with aiohttp.ClientSession() as stranger:        # no cookie: not the holder
            async with stranger.get(f"{token_url}/img/R1P.png") as r:
                assert r.status == 403
        await phone.close()
    run(go())


def _until_turn(table, seat, frames=400):
    for _ in range(frames):
        if table.phones.kit.offers(seat):
            return
        table.app.step(1 / 20)
    raise AssertionError("the seat's turn never came")


def test_bad_moves_get_an_error_and_change_nothing(table):
    app = table.app

    async def go():
        phones = [Phone(table.phones.url(s)) for s in (0, 1)]
        for p in phones:
            await p.open()
            await p.connect()
        await settle(app, phones)
        cur = engine_of(table).current_player
        on_turn = engine_of(table).current_player
        _until_turn(table, on_turn if on_turn in (0, 1) else 0)
        await settle(app, phones)
        cur = engine_of(table).current_player
        assert cur in (0, 1)
        mine, other = phones[cur], phones[1 - cur]
        before = list(session_of(table).actions)
        legal = table.phones.kit.offers(cur)
        bad = [
            (other, {"t": "act", "a": legal[0], "v": other.state["rev"]}, "It is not your move now."),
            (mine, {"t": "act", "a": "draw 99", "v": mine.state["rev"]}, None),         # illegal
            (mine, {"t": "act", "a": "play DEATH", "v": mine.state["rev"]}, None),
            (mine, {"t": "act", "a": legal[0]}, "could not read"),                      # no revision
            (mine, "not json at all", "could not read"),                                # malformed
            (mine, {"t": "fly"}, "could not read"),
            (mine, {"t": "act", "a": "pass\u0000"}, "could not read"),
            (mine, {"t": "act", "a": 5}, "could not read"),
            (mine, {"t": "pick", "b": "hand:play", "cards": [40]}, "could not read"),
            (mine, {"t": "pick", "b": "hand:play", "cards": [0, 0]}, "could not read"),
            (mine, {"t": "pick", "b": "nowhere:play", "cards": [0]}, "could not read"),
            (mine, {"t": "pick", "b": "hand:play", "cards": [0], "v": 99999}, "moved on"),
        ]
        for phone, message, words in bad:
            phone.errors.clear()
            await phone.send(message)
            await settle(app, phones, 2)
            assert phone.errors, message
            if words:
                assert words in phone.errors[-1]["text"], (message, phone.errors[-1])
            assert session_of(table).actions == before, message
        await mine.ws.send_bytes(b"\x00\x01")                                           # binary
        await settle(app, phones, 2)
        assert mine.errors[-1]["code"] == "malformed"
        assert session_of(table).actions == before
        for p in phones:
            await p.close()
    run(go())


def test_oversized_message_closes_the_socket_and_changes_nothing(table):
    app = table.app

    async def go():
        phone = Phone(table.phones.url(0))
        await phone.open()
        await phone.connect()
        before = list(session_of(table).actions)
        await phone.send({"t": "act", "a": "x" * (protocol.MAX_MESSAGE * 2)})
        msg = await phone.ws.receive(timeout=5)
        while msg.type == aiohttp.WSMsgType.TEXT:
            msg = await phone.ws.receive(timeout=5)
        assert msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING)
        assert phone.ws.close_code == 1009                       # "message too big"
        await settle(app, [])
        assert session_of(table).actions == before
        assert protocol.parse('{"t": "ping"}') == {"t": "ping"}
        with pytest.raises(protocol.ProtocolError) as err:
            protocol.parse('{"t":"act","a":"' + "x" * protocol.MAX_MESSAGE + '"}')
        assert err.value.code == "too_big"
        await phone.close()
    run(go())


def test_a_flood_is_rate_limited(table):
    app = table.app

    async def go():
        phone = Phone(table.phones.url(0))
        await phone.open()
        await phone.connect()
        before = list(session_of(table).actions)
        for _ in range(120):
            await phone.send({"t": "undo", "v": 0})
        await asyncio.sleep(0.2)
        await phone.drain(0.1)
        assert any(e["code"] == "too_fast" for e in phone.errors)
        queued = table.phones.server.inbox.qsize()
        assert queued <= 20                      # the burst (16) and what trickled in meanwhile
        await settle(app, [phone], 2)
        assert session_of(table).actions == before
        await phone.close()
    run(go())


def test_rate_limit_refills():
    now = [0.0]
    limit = protocol.RateLimit(rate=2, burst=3, clock=lambda: now[0])
    assert [limit.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 1.0
    assert [limit.allow() for _ in range(3)] == [True, True, False]


def test_another_host_name_is_refused(table):
    """DNS rebinding: a page on another site whose name points at this machine is refused."""
    async def go():
        url = table.phones.url(0)
        port = table.phones.server.port
        async with aiohttp.ClientSession() as http:
            async with http.get(url, headers={"Host": f"evil.example:{port}"}) as r:
                assert r.status == 403
                assert "own page" in await r.text()
        phone = Phone(url)
        await phone.open()
        with pytest.raises(aiohttp.WSServerHandshakeError):
            phone.ws = await phone.http.ws_connect(url + "/ws", headers={
                "Host": f"evil.example:{port}", "Origin": f"http://evil.example:{port}"})
        await phone.close()
    run(go())


def test_a_phone_gets_its_pictures_drawn_by_the_game(table):
    """A card picture: drawn by the game's art on the frame thread, made PNG on the server's."""
    import io

    import pygame

    app = table.app

    async def go():
        phone = Phone(table.phones.url(0))
        await phone.open()

        async def fetch(name):
            async with phone.http.get(f"{phone.url}/img/{name}.png") as r:
                return r.status, await r.read()
        task = asyncio.ensure_future(fetch("DEATH"))
        while not task.done():
            app.step(1 / 20)                         # the frames draw what was asked for
            await asyncio.sleep(0.01)
        status, body = task.result()
        assert status == 200 and body.startswith(b"\x89PNG")
        picture = pygame.image.load(io.BytesIO(body), "card.png")
        assert picture.get_width() == 180 and picture.get_height() > picture.get_width()
        await phone.close()
    run(go())


def test_a_picture_still_being_waited_for_does_not_hold_up_the_game_closing(table):
    """The table closes (the game ended, frame thread) while a phone waits for a picture no frame
    has drawn yet: the server stops at once and the request gets 503, instead of the frame
    waiting out the picture's 4 s."""
    import time

    async def go():
        phone = Phone(table.phones.url(0))
        await phone.open()

        async def fetch(name):
            async with phone.http.get(f"{phone.url}/img/{name}.png") as r:
                return r.status
        task = asyncio.ensure_future(fetch("DEATH"))
        while "DEATH" not in table.phones.server.images.wanted():      # no frame steps: never drawn
            await asyncio.sleep(0.01)
        start = time.monotonic()
        await asyncio.get_running_loop().run_in_executor(None, table.phones.close)
        closed_in = time.monotonic() - start
        status = await task
        await phone.close()
        return closed_in, status
    closed_in, status = run(go())
    assert closed_in < 1.0 and status == 503
    assert not table.phones.server.running
