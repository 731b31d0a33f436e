"""What a public network may cost the phones' server: a cap on connections per address and in
total (the total from the process's open-file limit), and a deadline for a connection that
never becomes a seat's websocket. Full means a new connection is closed at once: the table,
the phones already in and the game's own files (fonts, modules, the save) carry on.

aiohttp closes a connection that sends no complete request head within its ``keepalive_timeout``
(the server's own timer, also run from the first byte); the ``Doorman`` here counts and refuses,
as a protocol standing in front of each of aiohttp's request handlers (no pygame, no game).
When every place is taken, the oldest connection that has not yet sent a request makes room
for the new one (a crowd of idle sockets from many addresses cannot keep a phone out: a phone
sends its request at once); when every connection is at work, the new one is refused."""
from __future__ import annotations

import asyncio
import os
from collections import OrderedDict

HEAD_TIMEOUT = 4.0          # s for a request's head, and a keep-alive connection's idle time
UNTRUSTED_LIFE = 30.0       # s a connection may stay open without becoming a seat's websocket
PER_ADDRESS = 16            # a phone opens ~7 at once (6 for pictures, 1 websocket)
MOST = 128                  # connections in all, at most (six phones at 7 each are 42)
RESERVE = 150               # open files kept for the game itself (fonts, modules, audio, the save)
BACKLOG = 64                # accepted per wake-up at most: each is an open file until refused


def open_files() -> int | None:
    """How many files this process has open now (None where it cannot be read)."""
    for where in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(where)) - 1          # less the listing's own
        except OSError:
            continue
    return None


def file_limit() -> int | None:
    try:
        import resource
    except ImportError:                                # Windows: no per-process descriptor limit
        return None
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return None if soft == resource.RLIM_INFINITY else soft


def budget(limit: int | None = None, in_use: int | None = None) -> int:
    """Connections the server may hold: ``MOST``, or fewer when the open-file limit leaves less
    than that after what is open now, the game's reserve and the accept backlog (at least 8)."""
    limit = file_limit() if limit is None else limit
    if limit is None:
        return MOST
    in_use = (open_files() or 64) if in_use is None else in_use
    return max(8, min(MOST, limit - in_use - RESERVE - BACKLOG))


class Doorman:
    """Counts connections by address; ``admit`` says whether a new one may stay."""

    def __init__(self, total: int | None = None, per_address: int = PER_ADDRESS,
                 untrusted_life: float = UNTRUSTED_LIFE, log=None):
        self.log = log
        self.total = budget() if total is None else total
        self.per_address = per_address
        self.untrusted_life = untrusted_life
        self.by_address: dict[str, int] = {}
        self.open = 0
        self.refused = 0           # connections turned away (the log says so now and then)
        self.trusted: set = set()  # transports that carry a seat's websocket
        self.idle: OrderedDict = OrderedDict()     # transports with no request yet, oldest first
        self.evicted = 0

    def admit(self, address: str, transport=None) -> bool:
        if self.open >= self.total and self.by_address.get(address, 0) < self.per_address and self.idle:
            oldest, _ = self.idle.popitem(last=False)      # room made by the oldest idle socket
            oldest.abort()
            self.evicted += 1
        elif self.open >= self.total or self.by_address.get(address, 0) >= self.per_address:
            self.refused += 1
            if self.log is not None and str(self.refused).strip("0") == "1":    # 1, 10, 100, …
                self.log.warning("phones: %d connection(s) turned away (%d open, %d from %s)",
                                 self.refused, self.open, self.by_address.get(address, 0), address)
            return False
        self.open += 1
        self.by_address[address] = self.by_address.get(address, 0) + 1
        if transport is not None:
            self.idle[transport] = address
        return True

    def working(self, transport) -> None:
        """A request came on this connection: it is no longer the first to make room."""
        self.idle.pop(transport, None)

    def leave(self, address: str, transport) -> None:
        self.idle.pop(transport, None)
        self.open -= 1
        left = self.by_address.get(address, 1) - 1
        if left:
            self.by_address[address] = left
        else:
            self.by_address.pop(address, None)
        self.trusted.discard(transport)

    def trust(self, transport) -> None:
        """This connection is a seat holder's websocket: no deadline."""
        if transport is not None:
            self.trusted.add(transport)

    def gate(self, make_handler):
        """A protocol factory for ``loop.create_server``: aiohttp's handler behind the door."""
        return lambda: Gate(self, make_handler)


class Gate(asyncio.Protocol):
    """One connection: refused at once when the doorman says full, else handed to aiohttp's
    request handler (every protocol call passed on), and closed at ``untrusted_life`` unless
    it became a websocket by then."""

    def __init__(self, doorman: Doorman, make_handler):
        self.doorman = doorman
        self.make_handler = make_handler
        self.inner = None
        self.address = ""
        self.transport = None
        self.deadline = None

    def connection_made(self, transport) -> None:
        peer = transport.get_extra_info("peername")
        self.address = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if not self.doorman.admit(self.address, transport):
            transport.abort()                 # its file closes now, not at a timeout
            return
        self.transport = transport
        self.inner = self.make_handler()
        self.inner.connection_made(transport)
        loop = asyncio.get_running_loop()
        self.deadline = loop.call_later(self.doorman.untrusted_life, self.expire)

    def expire(self) -> None:
        self.deadline = None
        if self.transport is not None and self.transport not in self.doorman.trusted:
            self.transport.abort()

    def connection_lost(self, exc) -> None:
        if self.inner is None:
            return
        if self.deadline is not None:
            self.deadline.cancel()
        self.doorman.leave(self.address, self.transport)
        inner, self.inner, self.transport = self.inner, None, None
        inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self):
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()
