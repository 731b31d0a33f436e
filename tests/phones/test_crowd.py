"""A crowd on the booth's network: another process holds 1,500 half-sent requests open to the
phones' port (from one address, 127.0.0.2, or from 150: 127.0.0.2-151) while the table runs its
frames in a process of its own, under the stock limit of 1,024 open files or a quarter of it;
that process stays under 400 open files, no frame raises, and a real phone on 127.0.0.1 gets
its page within 5 s and plays its move. Real sockets all through."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.phones import limits
from scenes.hungry_meow.table import HungryMeowTable
from tests.phones.helpers import Phone, make_app, phone_table

CROWD = 1500
GAME = Path(__file__).with_name("crowd_game.py")        # the game, in a process of its own
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


def _file_limit(soft: int):
    """For the game process: the stock soft limit of open files (1024), or a lower one."""
    def apply():
        import resource

        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(soft, hard), hard))
    return apply


@pytest.mark.parametrize("spread, limit", [(1, 1024), (150, 1024), (150, 256)])
def test_a_crowd_of_half_sent_requests_cannot_stop_the_game_nor_keep_a_phone_out(tmp_path, spread, limit):
    game = subprocess.Popen([sys.executable, str(GAME), str(tmp_path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, preexec_fn=_file_limit(limit))
    crowd = None
    try:
        url = game.stdout.readline().strip()
        while url and not url.startswith("http"):     # (pygame's greeting)
            url = game.stdout.readline().strip()
        port = int(url.split(":")[2].split("/")[0])
        crowd = subprocess.Popen([sys.executable, "-c", CROWD_SCRIPT, str(port), str(CROWD), "25",
                                  str(spread)], stdout=subprocess.PIPE, text=True)
        said = crowd.stdout.readline()               # every connection made, half a request sent

        async def go():
            asked = time.monotonic()
            phone = Phone(url)
            status = await asyncio.wait_for(phone.open(), 5)
            served = time.monotonic() - asked
            await phone.connect()
            end = time.monotonic() + 20
            while not (phone.state and phone.state["mine"]) and time.monotonic() < end:
                await phone.drain(0.05)              # the deal is shown, then the seat's turn
            action = next(b["act"] for b in phone.state["buttons"] if b.get("act"))
            await phone.send({"t": "act", "a": action, "v": phone.state["rev"]})
            while phone.state["mine"] and time.monotonic() < end:
                await phone.drain(0.05)
            await phone.close()
            return status, served, action

        status, served, action = asyncio.run(go())
    finally:
        if crowd is not None:
            crowd.kill()
            crowd.wait()
            crowd.stdout.close()
        game.stdin.write("stop\n")
        game.stdin.close()
        report = game.stdout.readlines()
        game.wait(20)
    result = json.loads(report[-1])
    assert said.startswith("sent") and int(said.split()[1]) >= CROWD * 0.9, said   # it reached the port
    assert status == 200 and served < 5.0, served
    assert result["error"] is None and result["actions"][:1] == [action]
    # the crowd was turned away at the door (or made room as the oldest idle sockets), never more
    # than one address's share inside
    assert result["turned_away"] > 100 and result["most_from_one"] <= limits.PER_ADDRESS, result
    assert result["most"] < 400, result


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
