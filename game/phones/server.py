"""The phones' web server: aiohttp (HTTP + websockets) on its own thread and event loop, so the
frame loop never waits on a network (no pygame, no game names here).

Routes (``T`` = a seat's token, the only way in):
- ``GET /p/T``          the phone page; the first device gets a cookie and holds the seat; a
                        device holding another seat is asked first (nothing of this seat shown)
- ``POST /p/T/move``    that device lets its seat go and takes this one (same origin)
- ``GET /p/T/ws``       the seat's websocket (same device, same origin), see ``protocol.py``
- ``GET /p/T/img/N.png`` a picture the seat was told about (drawn by the game, on the frame
                         thread: ``images``)
- ``GET /s/NAME``       the page's script and style, from a fixed list of files in ``static/``
Everything else is 404. Wrong, expired or revoked tokens and a second device get a page in
words and a 403/409, never the seat.

The frame thread talks to it through ``publish(seat, state)``, ``tell(seat, message)`` (both
thread-safe, cheap) and reads ``inbox`` (a queue of ``(seat, message)``, messages already parsed)
and ``notices`` (``(seat, what)``: a scan the server refused, "taken" or "other", for the TV).
"""
from __future__ import annotations

import asyncio
import html
import json
import logging
import queue
import threading
from pathlib import Path

from aiohttp import WSMsgType, web

from game.phones import limits, protocol
from game.phones.png import encode
from game.phones.seats import OTHER, TAKEN, SeatKeys

STATIC = Path(__file__).resolve().parent / "static"
FILES = {"phone.js": "application/javascript", "phone.css": "text/css"}   # all /s/ ever serves
COOKIE = "meowcade_device"
COOKIE_AGE = 12 * 3600            # s: a day's play; kept across the browser's restarts
RETRY_SECONDS = 3                 # a refused page looks again (the big screen may hand it the seat)
HEADERS = {
    "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'self'; img-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'",
}


class Images:
    """Pictures by name, drawn on the frame thread when a phone asks for one (``put`` takes
    its RGBA pixels) and made PNG here, on the server's thread, the first time it is sent."""

    def __init__(self, names):
        self.names = frozenset(names)
        self._lock = threading.Lock()
        self._png: dict[str, bytes] = {}
        self._raw: dict[str, tuple[int, int, bytes]] = {}
        self._wanted: list[str] = []

    def get(self, name: str) -> bytes | None:
        with self._lock:
            png, raw = self._png.get(name), self._raw.get(name)
            if png is None and raw is None and name in self.names and name not in self._wanted:
                self._wanted.append(name)
        if png is None and raw is not None:
            png = encode(*raw)
            with self._lock:
                self._png[name] = png
                self._raw.pop(name, None)
        return png

    def wanted(self) -> list[str]:
        with self._lock:
            return list(self._wanted)

    def put(self, name: str, width: int, height: int, rgba: bytes) -> None:
        with self._lock:
            self._raw[name] = (width, height, rgba)
            if name in self._wanted:
                self._wanted.remove(name)


class PhoneServer:
    def __init__(self, seats, host: str = "127.0.0.1", port: int = 0, image_names=(),
                 words: dict | None = None, lang: str = "en", log: logging.Logger | None = None,
                 rate: float = 8.0, burst: float = 16.0, saved: dict | None = None, shared=()):
        self.keys = SeatKeys(seats, saved, shared)
        self.host, self.port = host, port
        self.images = Images(image_names)
        self.words = dict(words or {})
        self.lang = lang
        self.log = log or logging.getLogger("meowcade")
        self.rate, self.burst = rate, burst
        self.inbox: queue.SimpleQueue = queue.SimpleQueue()
        self.notices: queue.SimpleQueue = queue.SimpleQueue()
        self.states: dict[int, str] = {}          # the last state text of each seat
        self.sockets: dict[int, web.WebSocketResponse] = {}
        self._out: list[tuple[int, str]] = []     # messages queued by the frame thread
        self._out_lock = threading.Lock()
        self._woken = False
        self.loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.AbstractServer | None = None
        self.doorman = limits.Doorman(log=self.log)
        self._closing = False         # stopping: a request waiting for a picture gives up at once
        self._page = (STATIC / "phone.html").read_text(encoding="utf-8")
        self._static = {name: (STATIC / name).read_bytes() for name in FILES}

    # ---- life ------------------------------------------------------------------------------------
    def start(self) -> "PhoneServer":
        ready = threading.Event()
        failure: list[BaseException] = []

        def run():
            loop = self.loop = asyncio.new_event_loop()
            asyncio.set_event_loop(loop)
            try:
                loop.run_until_complete(self._open())
            except BaseException as exc:         # the address is taken or not ours: say so
                failure.append(exc)
                ready.set()
                loop.close()
                return
            ready.set()
            loop.run_forever()
            loop.run_until_complete(self._close())
            loop.close()

        self._thread = threading.Thread(target=run, name="phones", daemon=True)
        self._thread.start()
        ready.wait(10)
        if failure:
            raise OSError(f"phones: cannot listen on {self.host}:{self.port}: {failure[0]}")
        return self

    async def _open(self) -> None:
        @web.middleware
        async def working(request, handler):          # every request, a 404's too
            self.doorman.working(request.transport)
            return await handler(request)

        app = web.Application(client_max_size=4096, middlewares=[working])
        app.router.add_get("/p/{token}", self.page)
        app.router.add_post("/p/{token}/move", self.move)
        app.router.add_get("/p/{token}/ws", self.socket)
        app.router.add_get("/p/{token}/img/{name}.png", self.image)
        app.router.add_get("/s/{name}", self.static)
        # keepalive_timeout: aiohttp's own timer, from the first byte too, closes a connection
        # whose request head does not come (a half-sent request held open)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     keepalive_timeout=limits.HEAD_TIMEOUT)
        await self._runner.setup()
        loop = asyncio.get_running_loop()
        # (asyncio's own reuse_address: on POSIX a restart rebinds a port a killed game left in
        # TIME_WAIT; never on Windows, where it would let another program share the port)
        self._listener = await loop.create_server(self.doorman.gate(self._runner.server), self.host,
                                                  self.port, backlog=limits.BACKLOG)
        self.port = self._listener.sockets[0].getsockname()[1]

    async def _close(self) -> None:
        self._closing = True          # else the runner's cleanup waits out an image request (4 s)
        if self._listener is not None:
            self._listener.close()
        for ws in list(self.sockets.values()):
            await ws.close(code=1001, message=b"game over")
        if self._runner is not None:
            await self._runner.cleanup()

    def stop(self) -> None:
        """Stop listening and drop every connection (the game ended)."""
        loop, thread = self.loop, self._thread
        if loop is None or thread is None:
            return
        if loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def url(self, seat: int, host: str | None = None) -> str:
        return f"http://{host or self.host}:{self.port}/p/{self.keys.token[seat]}"

    # ---- from the frame thread -------------------------------------------------------------------
    def publish(self, seat: int, state: dict) -> bool:
        """Send ``state`` to the seat's phone if it differs from the last one (True if sent)."""
        text = json.dumps({"t": "state", **state}, ensure_ascii=False, separators=(",", ":"))
        if self.states.get(seat) == text:
            return False
        self.states[seat] = text
        self._send_soon(seat, text)
        return True

    def tell(self, seat: int, message: dict) -> None:
        self._send_soon(seat, json.dumps(message, ensure_ascii=False, separators=(",", ":")))

    def connected(self, seat: int) -> bool:
        ws = self.sockets.get(seat)
        return ws is not None and not ws.closed

    def release(self, seat: int) -> None:
        """Another device may now open the seat's link; the old one is cut off."""
        self.keys.release(seat)
        self._close_soon(seat)

    def add(self, seat: int) -> None:
        """Serve one more seat (a person at the table moved their hand to a phone)."""
        self.keys.add(seat)

    def revoke(self, seat: int) -> None:
        self.keys.revoke(seat)
        self._close_soon(seat)

    def hand_over(self, seat: int) -> bool:
        """The seat goes to the phone that last asked for it (the big screen confirmed); the
        phone that held it is cut off."""
        if not self.keys.hand_over(seat):
            return False
        self._close_soon(seat)
        return True

    def _send_soon(self, seat: int, text: str) -> None:
        """Queue a message; the server's loop is woken once for all that a frame queues (each
        wake-up is a write to its pipe and a hand-over of the GIL: ~0.4 ms of the frame's). A seat
        without a phone on it wakes nothing: its phone gets the seat's last state (``states``,
        set before this is called) when it connects, and ``_send_now`` would drop the rest."""
        loop = self.loop
        if loop is None or not loop.is_running() or seat not in self.sockets:
            return
        with self._out_lock:
            self._out.append((seat, text))
            wake = not self._woken
            self._woken = True
        if wake:
            loop.call_soon_threadsafe(self._send_now)

    def _send_now(self) -> None:
        with self._out_lock:
            out, self._out, self._woken = self._out, [], False
        for seat, text in out:
            ws = self.sockets.get(seat)
            if ws is not None and not ws.closed:
                asyncio.ensure_future(self._safe_send(ws, text))

    async def _error(self, ws, code: str) -> None:
        text = self.words.get("phone.error." + code, code)
        await self._safe_send(ws, json.dumps({"t": "error", "code": code, "text": text}, ensure_ascii=False))

    @staticmethod
    async def _safe_send(ws, text: str) -> None:
        try:
            await ws.send_str(text)
        except (ConnectionError, RuntimeError):
            pass                      # the phone went away; it reconnects and gets the state

    def _close_soon(self, seat: int) -> None:
        """Cut off the socket the seat has now (not one a new holder opens meanwhile)."""
        loop = self.loop
        ws = self.sockets.get(seat)
        if ws is not None and loop is not None and loop.is_running():
            def close():
                if self.sockets.get(seat) is ws:
                    del self.sockets[seat]
                asyncio.ensure_future(ws.close(code=4003, message=b"released"))
            loop.call_soon_threadsafe(close)

    # ---- HTTP ------------------------------------------------------------------------------------
    def refusal(self, status: int, key: str, retry: bool = False, extra: str = "") -> web.Response:
        """A page in words instead of the seat; ``retry``: it looks again every few seconds;
        ``extra``: HTML after the words (already escaped)."""
        title = html.escape(self.words.get(key + ".title", "Meowcade"))
        body = html.escape(self.words.get(key, key))
        refresh = f"<meta http-equiv='refresh' content='{RETRY_SECONDS}'>" if retry else ""
        text = (f"<!doctype html><html lang='{html.escape(self.lang.replace('_', '-'))}'><head>"
                "<meta charset='utf-8'><meta name='viewport' content='width=device-width, initial-scale=1'>"
                f"{refresh}<link rel='stylesheet' href='/s/phone.css'><title>{title}</title></head>"
                f"<body class='refused'><main><h1>{title}</h1><p id='refused'>{body}</p>{extra}</main>"
                "</body></html>")
        return web.Response(status=status, text=text, content_type="text/html", headers=HEADERS)

    def other_seat(self, own: int, token: str) -> str:
        """The question a device holding seat ``own`` gets at the link of ``token``: back to its
        own hand, or move this phone here (a form: the move is a POST from this very page)."""
        back = html.escape(f"/p/{self.keys.token[own]}")
        here = html.escape(f"/p/{token}/move")
        go_back = html.escape(self.words.get("phone.other.back", "Back to my hand"))
        move = html.escape(self.words.get("phone.other.move", "Move this phone to this seat"))
        return (f"<p><a class='button primary' id='back' href='{back}'>{go_back}</a></p>"
                f"<form method='post' action='{here}'><button id='move' type='submit'>{move}</button></form>")

    @staticmethod
    def _remember(response: web.Response, device: str, cookie: str | None) -> web.Response:
        if device != cookie:
            response.set_cookie(COOKIE, device, path="/", max_age=COOKIE_AGE, httponly=True,
                                samesite="Strict")
        return response

    async def page(self, request: web.Request) -> web.Response:
        if not self.own_host(request):
            return self.refusal(403, "phone.refused.origin")
        seat = self.keys.seat_of(request.match_info["token"])
        if seat is None:
            return self.refusal(403, "phone.refused.token")
        cookie = request.cookies.get(COOKIE)
        device, found = self.keys.claim(seat, cookie)
        if found == TAKEN:            # a phone that lost its cookie? the big screen may hand it over
            self.notices.put((seat, TAKEN))
            return self._remember(self.refusal(409, "phone.refused.held", retry=True), device, cookie)
        if found == OTHER:            # one device, one seat: asked, nothing of this hand shown
            self.notices.put((seat, OTHER))
            own = self.keys.seat_of_device(device)
            if own is None:           # let go meanwhile: ask again
                raise web.HTTPSeeOther(request.path)
            asked = self.refusal(409, "phone.refused.other",
                                 extra=self.other_seat(own, request.match_info["token"]))
            asked.headers["Referrer-Policy"] = "same-origin"    # else its POST says Origin: null
            return asked
        text = self._page.replace("{lang}", html.escape(self.lang.replace("_", "-"))) \
                         .replace("{title}", html.escape(self.words.get("phone.title", "Meowcade")))
        return self._remember(web.Response(text=text, content_type="text/html", headers=HEADERS),
                              device, cookie)

    async def move(self, request: web.Request) -> web.Response:
        """The device holding another seat chose this one: its old seat returns to its code."""
        if not self.own_host(request) or request.headers.get("Origin") != f"http://{self.host}:{self.port}":
            return self.refusal(403, "phone.refused.origin")
        seat = self.keys.seat_of(request.match_info["token"])
        device = request.cookies.get(COOKIE)
        if seat is None or not device:
            return self.refusal(403, "phone.refused.token")
        old = self.keys.move(seat, device)
        if old is not None:
            self._close_soon(old)
            self.notices.put((old, "moved"))
        raise web.HTTPSeeOther(f"/p/{request.match_info['token']}")

    async def static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in FILES:                       # a fixed list: never a path from the request
            raise web.HTTPNotFound()
        return web.Response(body=self._static[name], content_type=FILES[name], headers=HEADERS)

    def _holder_seat(self, request: web.Request) -> int | None:
        seat = self.keys.seat_of(request.match_info["token"])
        if seat is None or not self.keys.holds(seat, request.cookies.get(COOKIE)):
            return None
        return seat

    async def image(self, request: web.Request) -> web.Response:
        if self._holder_seat(request) is None:
            raise web.HTTPForbidden()
        name = request.match_info["name"]
        if name not in self.images.names:
            raise web.HTTPNotFound()
        for _ in range(200):                         # drawn within a frame or two of asking
            if self._closing:
                break
            png = self.images.get(name)
            if png is not None:
                headers = {**HEADERS, "Cache-Control": "private, max-age=3600"}
                return web.Response(body=png, content_type="image/png", headers=headers)
            await asyncio.sleep(0.02)
        raise web.HTTPServiceUnavailable()

    def own_host(self, request: web.Request) -> bool:
        """The request names this server by the address its codes carry (a page on another
        site whose name points here — DNS rebinding — is refused)."""
        return request.headers.get("Host", "") == f"{self.host}:{self.port}"

    def same_origin(self, request: web.Request) -> bool:
        """The websocket comes from this server's own page (a cross-site page cannot use a
        phone's cookie to play its seat)."""
        return self.own_host(request) and request.headers.get("Origin") == f"http://{self.host}:{self.port}"

    async def socket(self, request: web.Request):
        seat = self._holder_seat(request)
        if seat is None:
            return self.refusal(403, "phone.refused.token")
        if not self.same_origin(request):
            return self.refusal(403, "phone.refused.origin")
        ws = web.WebSocketResponse(max_msg_size=protocol.MAX_MESSAGE, heartbeat=20)
        await ws.prepare(request)
        self.doorman.trust(request.transport)
        old = self.sockets.get(seat)
        self.sockets[seat] = ws                      # the same phone again: the newest page wins
        if old is not None and not old.closed:
            await old.close(code=4000, message=b"reopened")
        if seat in self.states:
            await self._safe_send(ws, self.states[seat])
        self.inbox.put((seat, {"t": "hello"}))
        limit = protocol.RateLimit(self.rate, self.burst)
        device = request.cookies.get(COOKIE)
        try:
            async for msg in ws:
                if not self.keys.holds(seat, device):     # handed to another phone meanwhile
                    await ws.close(code=4003, message=b"released")
                    break
                if msg.type != WSMsgType.TEXT:
                    await self._error(ws, "malformed")
                    continue
                if not limit.allow():
                    if limit.refused > 200:          # a flood, not a person: hang up
                        await ws.close(code=1008, message=b"too many messages")
                        break
                    if limit.refused == 1:
                        await self._error(ws, "too_fast")
                    continue
                try:
                    message = protocol.parse(msg.data)
                except protocol.ProtocolError as exc:
                    await self._error(ws, exc.code)
                    continue
                if message["t"] == "ping":
                    await ws.send_json({"t": "pong"})
                    continue
                self.inbox.put((seat, message))
        finally:
            if self.sockets.get(seat) is ws:
                del self.sockets[seat]
        return ws
