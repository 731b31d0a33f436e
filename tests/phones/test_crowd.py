"""A crowd on the booth's network: another process holds 1,500 half-sent requests open to the
phones' port (from one address, 127.0.0.2, or from 150: 127.0.0.2-151) while the table runs its
frames; the game's process stays under 400 open files, no frame raises, and a real phone on
127.0.0.1 gets its page within 5 s and plays its move. Real sockets all through."""
from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
import time

import pytest

from game.phones import limits
from scenes.hungry_meow.table import HungryMeowTable
from tests.phones.helpers import Phone, express, make_app, phone_table, step

CROWD = 1500
# the crowd: raise its own open-file limit, connect everything at once (non-blocking), send
# each connection half a request head, say how many are open, and hold them
CROWD_SCRIPT = r"""
import resource, selectors, socket, sys, time
port, n, hold, spread = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
socks = []
for i in range(n):
    s = socket.socket()
    s.setblocking(False)
    s.bind((f"127.0.0.{2 + i % spread}", 0))
    s.connect_ex(("127.0.0.1", port))
    socks.append(s)
sel = selectors.DefaultSelector()
for s in socks:
    sel.register(s, selectors.EVENT_WRITE)
end = time.monotonic() + 8
sent = 0
while sent < n and time.monotonic() < end:
    for key, _ in sel.select(0.2):
        sel.unregister(key.fileobj)
        sent += 1
        try:
            key.fileobj.send(b"GET /p/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        except OSError:
            pass
print("sent", sent, flush=True)
time.sleep(hold)
"""


@pytest.mark.parametrize("spread", [1, 150])
def test_a_crowd_of_half_sent_requests_cannot_stop_the_game_nor_keep_a_phone_out(tmp_path, spread):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=3)
    port = table.phones.server.port
    most = [limits.open_files()]
    watching = threading.Event()
    watching.set()

    def watch():                          # the game process's open files, every 10 ms
        while watching.is_set():
            most[0] = max(most[0], limits.open_files())
            time.sleep(0.01)

    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    crowd = subprocess.Popen([sys.executable, "-c", CROWD_SCRIPT, str(port), str(CROWD), "25", str(spread)],
                             stdout=subprocess.PIPE, text=True)
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.append(crowd.stdout.readline()), daemon=True)
    reader.start()
    try:
        async def go():
            start = time.monotonic()
            while time.monotonic() - start < 15 and not said:    # frames run while the crowd comes
                step(app)
                await asyncio.sleep(0.02)
            asked = time.monotonic()
            phone = Phone(table.phones.url(0))
            status = await asyncio.wait_for(phone.open(), 5)
            served = time.monotonic() - asked
            await phone.connect()
            for _ in range(200):                      # the deal is shown, then the seat's turn
                step(app)
                await asyncio.sleep(0.02)
                await phone.drain()
                if phone.state and phone.state["mine"]:
                    break
            assert phone.state and phone.state["mine"], phone.state
            trusted = len(table.phones.server.doorman.trusted)   # its websocket has no deadline
            before = len(table.session.actions)
            action = table.phones.offers(0)[0]
            await phone.send(express(phone.state, action))
            for _ in range(40):
                step(app)
                await asyncio.sleep(0.02)
                await phone.drain()
                if len(table.session.actions) > before:
                    break
            played = table.session.actions[before:before + 1]
            await phone.close()
            return status, served, played, action, trusted

        status, served, played, action, trusted = asyncio.run(go())
        doorman = table.phones.server.doorman
        assert status == 200 and served < 5.0, served
        assert played == [action] and trusted == 1
        # the crowd was turned away at the door (or made room as the oldest idle sockets), never
        # more than one address's share inside
        assert doorman.refused + doorman.evicted > 100
        assert max(v for k, v in doorman.by_address.items() if k != "127.0.0.1") <= limits.PER_ADDRESS
    finally:
        watching.clear()
        watcher.join()
        crowd.kill()
        crowd.wait()
        reader.join(5)
        crowd.stdout.close()
        table.phones.close()
    out = said[0] if said else ""
    assert out.startswith("sent"), out
    assert int(out.split()[1]) >= CROWD * 0.9        # the crowd did reach the port
    assert most[0] < 400, most[0]


@pytest.mark.parametrize("limit, in_use, expected", [(20000, 60, limits.MOST), (1024, 60, limits.MOST),
                                                     (400, 60, 126), (256, 100, 8)])
def test_the_connection_budget_follows_the_open_file_limit(limit, in_use, expected):
    assert limits.budget(limit, in_use) == expected


def test_the_doorman_caps_each_address_and_the_total(caplog):
    import logging

    door = limits.Doorman(total=5, per_address=3, log=logging.getLogger("meowcade"))
    assert [door.admit("a") for _ in range(4)] == [True, True, True, False]
    assert door.admit("b") and door.admit("b") and not door.admit("c")
    door.leave("a", None)
    assert door.admit("c") and door.refused == 2
    for _ in range(20):
        door.admit("c")
    said = [r.message for r in caplog.records if "turned away" in r.message]
    assert len(said) == 2 and said[1].startswith("phones: 10 connection(s) turned away")   # 1, 10


def test_a_half_sent_request_and_an_idle_socket_are_closed_by_the_server(tmp_path):
    import socket

    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=3)
    server = table.phones.server
    try:
        half = socket.create_connection(("127.0.0.1", server.port))
        half.sendall(b"GET /p/x HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        start = time.monotonic()
        while server.doorman.open < 1 and time.monotonic() - start < 2:
            time.sleep(0.01)                     # accepted on the server's thread
        server.doorman.untrusted_life = 1.0      # for the next: a request that keeps coming
        slow = socket.create_connection(("127.0.0.1", server.port))
        slow.settimeout(0.3)
        closed = None
        while time.monotonic() - start < limits.HEAD_TIMEOUT + 2 and closed is None:
            try:
                slow.sendall(b"X-A: b\r\n")           # never the blank line that ends the head
                if slow.recv(1) == b"":
                    closed = time.monotonic() - start
            except TimeoutError:
                continue
            except OSError:
                closed = time.monotonic() - start
        assert closed is not None and closed < 2.0, closed
        half.settimeout(limits.HEAD_TIMEOUT + 2)
        assert half.recv(1) == b""                  # aiohttp's own timer: the head never came
        assert limits.HEAD_TIMEOUT - 0.5 < time.monotonic() - start < limits.HEAD_TIMEOUT + 1.5
        half.close()
        slow.close()
    finally:
        table.phones.close()
