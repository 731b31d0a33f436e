"""Phones in tests: a headless table with phone seats, and a phone that talks to it over a real
socket on 127.0.0.1 (aiohttp's client in the test's own event loop; the table's frames are
stepped in between, as the frame loop would run them)."""
from __future__ import annotations

import asyncio
import json
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import aiohttp  # noqa: E402

from game.play.match import new_session  # noqa: E402
from game.play.session import Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402

NAMES = ["Mochi", "Tofu", "Biscuit", "Pepper", "Nori", "Miso"]
COATS = ["tabby", "calico", "tuxedo", "siamese", "black", "ginger"]


def make_app(tmp_path, lang="en", size=(1280, 720)) -> App:
    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang=lang)
    app.settings.phones_address = "127.0.0.1"          # tests listen on loopback only
    app.settings.bot_speed = "fast"
    return app


def phone_table(app, game: str, table_class, players=3, phones=(0, 1), seed=5, options=None, setup=None,
                people=()):
    """A table whose seats ``phones`` are people on phones, ``people`` people at the screen."""
    seats = [Seat(NAMES[i], "human" if i in phones or i in people else "bot", "heuristic", COATS[i],
                  phone=i in phones)
             for i in range(players)]
    session = new_session(game, seats, seed, options or {}, setup)
    table = table_class(app, session)
    app.stack.push(table)
    app.step(1 / 20)
    return table


def step(app, frames=1, dt=1 / 20):
    for _ in range(frames):
        app.step(dt)


class Phone:
    """One phone: its own cookie jar (a device), the page, the socket, the last state."""

    def __init__(self, url: str, device: "Phone | None" = None):
        self.url = url                 # ``device``: the same phone again (its cookies), a new page
        jar = aiohttp.CookieJar(unsafe=True)
        self.http = device.http if device else aiohttp.ClientSession(cookie_jar=jar)
        self.ws = None
        self.state = None
        self.errors: list[dict] = []
        self.received: list[dict] = []

    async def open(self) -> int:
        async with self.http.get(self.url) as r:
            await r.text()
            return r.status

    async def connect(self, origin: str | None = None):
        host = self.url.split("/")[2]
        headers = {"Origin": origin if origin is not None else f"http://{host}"}
        self.ws = await self.http.ws_connect(self.url + "/ws", headers=headers)
        return self.ws

    async def send(self, message) -> None:
        await self.ws.send_str(message if isinstance(message, str) else json.dumps(message))

    async def drain(self, wait: float = 0.0) -> list[dict]:
        """Every message waiting now (after ``wait`` seconds for the first)."""
        got = []
        timeout = wait
        while True:
            try:
                msg = await self.ws.receive(timeout=max(timeout, 0.001))
            except asyncio.TimeoutError:
                break
            timeout = 0.0
            if msg.type != aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(msg.data)
            got.append(data)
            self.received.append(data)
            if data["t"] == "state":
                self.state = data
            elif data["t"] == "error":
                self.errors.append(data)
        return got

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        await self.http.close()


async def settle(app, phones, frames=3, wait=0.01) -> None:
    """Step the table a few frames and read what each phone was sent."""
    for _ in range(frames):
        step(app)
        await asyncio.sleep(wait)
        for p in phones:
            await p.drain()


def express(state: dict, action: str) -> dict | None:
    """The message a person makes on the phone page for ``action``: a button or card that
    carries it, else the cards to pick (found by their pictures) and the pick button."""
    for b in state["buttons"]:
        if b.get("act") == action:
            return {"t": "act", "a": action, "v": state["rev"]}
    for row in state["rows"]:
        for c in row["cells"]:
            if c.get("act") == action:
                return {"t": "act", "a": action, "v": state["rev"]}
    words = action.split()
    rows = {r["id"]: [c.get("img") for c in r["cells"]] for r in state["rows"]}
    if words[0] == "play":
        return _pick(state, rows, "hand", words[1:], "hand:play")
    if words[0] == "prophecy":
        return _pick(state, rows, "prophecy", words[2:], "prophecy:" + words[1])
    if words[:2] == ["dealer", "give"]:
        return _pick(state, rows, "hand", words[3:], f"hand:give {words[2]}")
    if words[0] == "arrange":                        # Zodiac: the places the mermaids stand
        spots = [i for i, kind in enumerate(words[2:]) if kind == "MERMAID"]
        return {"t": "pick", "b": "hand:place", "cards": spots, "v": state["rev"]}
    return None


def _pick(state, rows, row, cards, button):
    cells = list(rows.get(row, []))
    idx = []
    for card in cards:
        i = next(i for i, c in enumerate(cells) if c == card and i not in idx)
        idx.append(i)
    return {"t": "pick", "b": button, "cards": idx, "v": state["rev"]}


def until_page(app, page, script: str, frames: int = 600) -> None:
    """Step the table until ``script`` (a JavaScript function) is true on the phone's page."""
    for _ in range(frames):
        step(app)
        page.wait_for_timeout(10)
        if page.evaluate(script):
            return
    raise AssertionError(script)
