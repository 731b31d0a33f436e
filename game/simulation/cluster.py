"""`simulate … --cluster ADDRESS`: the games played by the workers of a Dask distributed scheduler.

Game i is a pure function of (seed, i), so the games can be played anywhere in any order; the
results are put back in index order and the figures equal a ``--jobs 1`` run figure for figure.
The unit of work is the same index range as ``--jobs`` (``play_range``), handed out a few at a
time so a huge run costs no memory up front.

The scheduler and the workers need only ``pip install "dask[distributed]"``: the project's code
travels from this machine (game.simulation.shipping), and what the scheduler reads is plain data
and a function made of the standard library alone. Dask is imported only here, and this module
only when --cluster is asked for.
"""
from __future__ import annotations

import dataclasses
import socket
import struct
import sys
from typing import Callable, Iterator
from urllib.parse import urlsplit

from game.simulation import shipping
from game.simulation.plan import Plan, SimError, chunks

PROBE_SECONDS = 3.0          # to reach the address and to hear a Dask greeting
CONNECT_TIMEOUT = "10s"      # Dask's own handshake, once the greeting was heard
GREETING_MAX = 1 << 20       # a scheduler's first message is a few hundred bytes


def host_port(address: str) -> tuple[str, int]:
    """``tcp://host:8786`` or ``host:8786`` → (host, port); SimError for anything else."""
    parts = urlsplit(address if "://" in address else f"tcp://{address}")
    try:
        port = parts.port
    except ValueError:
        port = None
    if parts.scheme != "tcp" or not parts.hostname or port is None:
        raise SimError(f"--cluster {address}: give a scheduler address like tcp://HOST:8786")
    return parts.hostname, port


def probe(address: str, seconds: float = PROBE_SECONDS) -> None:
    """Fail fast, in one line, unless a Dask scheduler greets us at ``address``: something that is
    not Dask (a web server, say) would otherwise hang the client or make it read its answer as a
    frame length of exabytes. A Dask server speaks first: an 8-byte length, then its handshake."""
    host, port = host_port(address)
    try:
        with socket.create_connection((host, port), timeout=seconds) as sock:
            sock.settimeout(seconds)
            head = b""
            while len(head) < 8:
                more = sock.recv(8 - len(head))
                if not more:
                    break
                head += more
    except socket.gaierror:
        raise SimError(f"--cluster {address}: no machine is called {host}") from None
    except TimeoutError:
        raise SimError(f"--cluster {address}: no Dask scheduler answers there (no answer in "
                       f"{seconds:g} s)") from None
    except OSError as err:
        raise SimError(f"--cluster {address}: no Dask scheduler answers there "
                       f"({err.strerror or err})") from None
    size = struct.unpack("<Q", head)[0] if len(head) == 8 else 0
    if not 0 < size <= GREETING_MAX:
        raise SimError(f"--cluster {address}: something listens there, but it is not a Dask scheduler")


def connect(address: str):
    """A Dask client of the scheduler at ``address``; SimError (one line) if there is none."""
    try:
        from distributed import Client
    except ImportError:
        raise SimError("--cluster needs Dask: pip install -r requirements-designer.txt") from None
    probe(address)
    hook = sys.unraisablehook
    sys.unraisablehook = lambda _: None    # a half-made Client complains again as it is collected
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except Exception as err:          # OSError, TimeoutError, a protocol error: one line all the same
        first = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise SimError(f"--cluster {address}: no Dask scheduler answers there ({first})") from None
    finally:
        sys.unraisablehook = hook


def shippable(plan: Plan) -> Plan:
    """The plan with its card file's text inside, for workers on machines without the file."""
    if not plan.cards or plan.cards_text is not None:
        return plan
    try:
        with open(plan.cards, encoding="utf-8") as handle:
            return dataclasses.replace(plan, cards_text=handle.read())
    except (OSError, UnicodeDecodeError) as err:
        raise SimError(f"cards file {plan.cards}: cannot read it ({err})") from None


def results(plan: Plan, address: str, on_done: Callable[[int], None] | None = None) -> Iterator[dict]:
    """Every game's result in index order, played on the cluster; ``on_done(k)`` as k finish."""
    from distributed import as_completed

    sent = dataclasses.asdict(shippable(plan))       # plain data: the scheduler can read it
    client = connect(address)
    try:
        bundle, digest = shipping.bundle()
        code = client.scatter(bundle, broadcast=True, hash=False)   # once per worker, not per task
        task = shipping.play_chunk_task()
        threads = sum(client.nthreads().values()) or 1
        work = chunks(plan.games, threads)
        position: dict[str, int] = {}

        def submit(chunk: tuple[int, int]):
            future = client.submit(task, code, digest, sent, *chunk, pure=False)
            position[future.key] = len(position)
            return future

        window = threads * 4          # chunks handed out and not yet passed on, at most
        running = as_completed([submit(c) for c in _take(work, window)], loop=client.loop)
        ready: dict[int, list[dict]] = {}
        following = 0
        for future in running:
            try:
                part = future.result()
            except Exception as err:
                first = (str(err).strip().splitlines() or [""])[0]
                raise SimError(f"--cluster {address}: games failed there ({type(err).__name__}: "
                               f"{first})") from None
            ready[position[future.key]] = part
            if on_done:
                on_done(len(part))
            while following in ready:            # hand results on in index order
                yield from ready.pop(following)
                following += 1
            for chunk in _take(work, window - (len(position) - following)):
                running.add(submit(chunk))
    finally:
        client.close()      # games not yet played are dropped by the scheduler


def _take(work: Iterator, count: int) -> list:
    out: list = []
    if count <= 0:
        return out
    for item in work:
        out.append(item)
        if len(out) == count:
            break
    return out
