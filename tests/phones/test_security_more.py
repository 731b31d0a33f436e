"""More of the booth's bad cases (test_security.py has the rest): paths sent byte for byte as a
hostile client writes them (aiohttp's client would tidy "../" away), a websocket with no
Origin at all, a token from a finished game shown to the next game's server, a flood that does
not stop, and the kiosk: phones keep a game alive against the idle reset, and the reset kills
the links."""
from __future__ import annotations

import asyncio
import socket

import aiohttp
import pytest

from scenes.hungry_meow.table import HungryMeowTable
from tests.peek import session_of
from tests.phones.helpers import Phone, make_app, phone_table, settle, step


@pytest.fixture
def table(tmp_path):
    app = make_app(tmp_path)
    t = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=11)
    yield t
    if t.phones is not None:
        t.phones.close()


def raw_get(port: int, path: str, host: str | None = None) -> tuple[int, bytes]:
    """An HTTP GET with ``path`` exactly as given (no client normalises it): (status, body)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(f"GET {path} HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\n"
                  "Connection: close\r\n\r\n".encode("latin-1"))
        data = b""
        while chunk := s.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def test_paths_out_of_the_folder_sent_raw_get_nothing(table):
    port = table.phones.server.port
    token = table.phones.server.keys.token[0]
    secrets = (b"aiohttp", b"import ", b"root:", b"SeatKeys", b"[core]")   # source, /etc/passwd, .git
    for path in ("/s/../server.py", "/s/../../../../etc/passwd", "/s/..%2fserver.py", "/s/%2e%2e/seats.py",
                 "/s/%2e%2e%2f%2e%2e%2f.git/config", "/s/....//server.py", "/s/phone.js/../server.py",
                 "/s/phone.html", "/s//etc/passwd", "/s/%00phone.js", "/s/phone.js%00.py",
                 "/../../etc/passwd", "/static/../server.py", f"/p/{token}/../../server.py",
                 f"/p/{token}/img/../../server.py", f"/p/{token}/img/..%2f..%2fserver.png",
                 f"/p/{token}/img/%2e%2e%2fseats.png", "//etc/passwd", "/s/\\..\\server.py"):
        status, body = raw_get(port, path)
        assert status in (400, 403, 404), (path, status)
        assert not any(s in body for s in secrets), path
    status, body = raw_get(port, "/s/phone.js")
    assert status == 200 and b"meowcade" in body


def test_a_websocket_without_an_origin_is_refused(table):
    async def go():
        phone = Phone(table.phones.url(0))
        assert await phone.open() == 200
        with pytest.raises(aiohttp.WSServerHandshakeError) as err:
            await phone.http.ws_connect(phone.url + "/ws", headers={}, origin=None)
        assert err.value.status == 403
        await phone.close()
    asyncio.run(go())


def test_a_token_of_a_finished_game_opens_nothing_in_the_next(tmp_path):
    """The same seat, the same machine, even the same port: the next game's tokens are new."""
    app = make_app(tmp_path)
    first = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=11)
    old = {s: first.phones.server.keys.token[s] for s in (0, 1)}
    port = first.phones.server.port
    app.stack.pop()                                     # the game ends: its server stops
    step(app)
    assert not first.phones.server.running
    second = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=12)
    try:
        server = second.phones.server
        assert not set(old.values()) & set(server.keys.token.values())
        for token in old.values():
            assert server.keys.seat_of(token) is None
            status, body = raw_get(server.port, f"/p/{token}", host=f"127.0.0.1:{server.port}")
            assert status == 403 and b"game has ended" in body
            assert raw_get(server.port, f"/p/{token}/ws", host=f"127.0.0.1:{server.port}")[0] == 403
        with pytest.raises(OSError):                    # the old game's port is closed
            raw_get(port, f"/p/{old[0]}")
    finally:
        second.phones.close()


def test_a_flood_that_goes_on_is_hung_up_on(table):
    app = table.app

    async def go():
        phone = Phone(table.phones.url(0))
        await phone.open()
        await phone.connect()
        before = list(session_of(table).actions)
        for _ in range(400):
            if phone.ws.closed:
                break
            try:
                await phone.send({"t": "tiger", "v": 0})
            except ConnectionError:
                break
        msg = await phone.ws.receive(timeout=5)
        while msg.type == aiohttp.WSMsgType.TEXT:
            msg = await phone.ws.receive(timeout=5)
        assert phone.ws.close_code == 1008                      # "policy violation": too many
        await settle(app, [], 3)
        assert session_of(table).actions == before
        assert not table.phones.server.connected(0)
        again = Phone(table.phones.url(0), device=phone)        # the same phone may come back
        await again.connect()
        await settle(app, [again], 5)
        assert again.state and again.state["name"] == "Mochi"
        await again.ws.close()
        await phone.close()
    asyncio.run(go())


def test_phones_keep_a_kiosk_game_from_the_idle_reset_and_the_reset_kills_the_links(tmp_path):
    from kiosk.idle import IdleRules
    from tests.kiosk.helpers import kiosk_app

    app, controller = kiosk_app(tmp_path, rules=IdleRules(attract_delay=2.0, idle_reset=3.0, still_there=1.0))
    app.settings.kiosk_phones = True
    app.settings.phones_address = "127.0.0.1"
    app.running = True
    try:
        table = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=11)
        desk = table.phones
        assert desk is not None and table.humans == []
        url = desk.url(0)

        async def go():
            phone = Phone(url)
            await phone.open()
            await phone.connect()
            for _ in range(100):                       # 5 s of frames, a phone press each 0.5 s
                await settle(app, [phone], 10, wait=0.0)
                await phone.send({"t": "ping"})
                await phone.send({"t": "tiger", "v": phone.state["rev"]})
                assert type(app.stack.top).__name__ != "StillThereScene"
                if app.clock_time > 5:
                    break
            assert app.stack.top is table and app.idle_seconds < 3.0
            controller.idle_reset()                    # "Still there?" ran out
            step(app, 2)
            assert app.stack.top is not table and not desk.server.running
            await phone.close()
            async with aiohttp.ClientSession() as http:
                with pytest.raises(aiohttp.ClientConnectionError):
                    async with http.get(url):
                        pass
        asyncio.run(go())
    finally:
        controller.close()
        app.shutdown()


def test_a_seat_without_its_phone_wakes_nothing_and_the_phone_gets_the_last_state(table):
    """A state for a seat whose phone is not connected does not wake the server's loop (each
    wake-up is a pipe write and a GIL hand-over; the leak test publishes thousands); the phone
    that connects afterwards is sent that seat's last state."""
    server = table.phones.server
    loop = server.loop
    woken = []
    real = loop.call_soon_threadsafe

    def spy(*args):
        woken.append(args)
        return real(*args)
    loop.call_soon_threadsafe = spy
    try:
        assert server.publish(0, {"rev": 99, "prompt": "the last state"})
        assert woken == []
    finally:
        del loop.call_soon_threadsafe

    async def go():
        phone = Phone(table.phones.url(0))
        assert await phone.open() == 200
        await phone.connect()
        await phone.drain(wait=2.0)
        await phone.close()
        return phone
    assert asyncio.run(go()).state["prompt"] == "the last state"
