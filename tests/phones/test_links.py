"""Links that outlive a crash: the phones' port, tokens and holders are kept beside the save
(0600) for their game; the same game resumed listens on the same port with the same tokens and
the phone that held a seat reconnects and plays on without a rescan. Another game, or a taken
port, makes new codes."""
from __future__ import annotations

import asyncio
import json
import os
import socket
import stat

from game.play.session import GameSession
from scenes.hungry_meow.table import HungryMeowTable
from scenes.table.phone_links import LINKS_NAME
from tests.peek import session_of
from tests.phones.helpers import Phone, express, make_app, phone_table, settle, step


def crash(table) -> None:
    """The game process dies: its server stops, nothing is tidied (no close, no forget)."""
    table.phones.server.stop()


def resumed(tmp_path, table):
    """The same game, rebuilt from its log in a new app (as the kiosk resumes its save)."""
    session = GameSession.from_replay(json.loads(json.dumps(session_of(table).to_replay())))
    app = make_app(tmp_path)
    again = HungryMeowTable(app, session)
    app.stack.push(again)
    app.step(1 / 20)
    return app, again


def links_file(tmp_path):
    return next(tmp_path.rglob(LINKS_NAME))


def test_a_resumed_game_listens_on_the_same_port_and_its_phone_plays_on(tmp_path):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=4,
                        setup={"first": 0})

    async def go():
        phone = Phone(table.phones.url(0))
        assert await phone.open() == 200
        await phone.connect()
        await settle(app, [phone], 3)
        kept = links_file(tmp_path)
        if hasattr(os, "getuid"):
            assert stat.S_IMODE(kept.stat().st_mode) == 0o600
        saved = json.loads(kept.read_text())
        assert saved["port"] == table.phones.server.port and saved["holders"]["0"]
        url = table.phones.url(0)
        crash(table)
        app2, again = resumed(tmp_path, table)
        assert again.phones.url(0) == url                          # the same code, the same port
        await phone.ws.receive(timeout=5)                          # the old socket died with the game
        await phone.connect()                                      # the page's own reconnect, same cookie
        for _ in range(200):
            await settle(app2, [phone], 1)
            if phone.state and phone.state["mine"]:
                break
        assert phone.state["mine"]
        before = list(session_of(again).actions)
        action = again.phones.offers(0)[0]
        await phone.send(express(phone.state, action))
        for _ in range(20):
            await settle(app2, [phone], 1)
            if len(session_of(again).actions) > len(before):
                break
        assert session_of(again).actions == before + [action]
        await phone.close()
        again.phones.close()
    asyncio.run(go())


def test_where_the_port_is_taken_the_resumed_game_makes_new_codes(tmp_path):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=4)
    step(app, 2)
    port, url = table.phones.server.port, table.phones.url(0)
    crash(table)
    squatter = socket.socket()
    squatter.bind(("127.0.0.1", port))
    squatter.listen()
    try:
        _, again = resumed(tmp_path, table)
        assert again.phones.server.port != port and again.phones.url(0) != url
        again.phones.close()
    finally:
        squatter.close()


def test_another_game_does_not_take_the_links_and_a_finished_game_forgets_them(tmp_path):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=4)
    step(app, 2)
    url = table.phones.url(0)
    crash(table)
    other = phone_table(make_app(tmp_path), "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=9)
    step(other.app, 2)
    assert other.phones.url(0).split("/p/")[1] != url.split("/p/")[1]
    assert json.loads(links_file(tmp_path).read_text())["for"]["origin"] == [9, 0]
    other.feed.move_seat(0, "computer")                        # played to its end by cats
    other.feed.play_out()
    assert other.feed.over
    other.phones.close()
    assert not list(tmp_path.rglob(LINKS_NAME))
