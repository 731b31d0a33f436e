#!/usr/bin/env python3
"""Phones as hands, measured (not a test): the table's frame time at 1920x1080 with six phones
connected against none, and a move's round trip phone -> table -> phone on loopback.

    Xvfb :17 -screen 0 1920x1080x24 -nolisten tcp &
    DISPLAY=:17 .venv/bin/python bench/phones.py [--pairs 2] [--frames 2400] [--seed 3]

(without DISPLAY, SDL's dummy driver: it says which). The same six-seat Hungry Meow game is
played twice per pair: once by six computer cats ("none"), once by six phones that replay the
computer cats' moves at the frames they made them ("six"), so both runs draw the same game.
The table runs on the main thread as the game's loop does: the window's events, a step, the
frame shown (every frame), paced at 60 fps. Per frame it records the wall time and the main
thread's own CPU time (``time.thread_time``: the machine is shared, wall time is noisy), and
the phones' own share (the desk's update and drawing). The phones are aiohttp clients in
another process (as real phones are not in the game's process); a round trip is the time from
a phone sending its move to the state that says the move was read (``ack``). The phones fetch
the card pictures their states name, as the page does (each drawn once, on the frame thread).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

COATS = ["tabby", "calico", "tuxedo", "siamese", "black", "ginger"]
FPS = 60


def make_table(phones: bool, seed: int, size=(1920, 1080)):
    from game.play.match import new_session
    from game.play.session import Seat
    from game.runtime.app import App
    from scenes.hungry_meow.table import HungryMeowTable

    app = App(size=size, home=tempfile.mkdtemp(), audio=False, speed="faster", lang="en")
    app.settings.phones_address = "127.0.0.1"
    app.settings.bot_speed = "fast"
    seats = [Seat(f"Cat{i}", "human" if phones else "bot", "heuristic", COATS[i], phone=phones)
             for i in range(6)]
    table = HungryMeowTable(app, new_session("hungry-meow", seats, seed))
    app.stack.push(table)
    return app, table


# ---- the phones: another process ------------------------------------------------------------------
def phones_process(urls, plan, clock, stop, out) -> None:
    """Six phones replaying ``plan`` ([frame, seat, action]): each sends its seat's next move
    once its page shows the choice and the table's frame counter ``clock`` has reached the
    frame the computer cat moved at. Puts the round trips (s) and the refusals on ``out``."""
    import aiohttp

    from tests.phones.helpers import express

    os.nice(10)                # real phones cost the game's machine nothing: yield to the table

    trips, refused, nxt = [], [], [0]
    fetched: dict[str, set] = {}

    def fetch_pictures(http, url, state):
        """As the page does: each picture the state names, once a phone (the browser's cache)."""
        names = {state["cat"]} | {c["img"] for r in state["rows"] for c in r["cells"] if c.get("img")}
        names |= {n for b in state["buttons"] for n in b.get("imgs", ())}
        seen = fetched.setdefault(url, set())
        for name in names - seen:
            seen.add(name)

            async def get(name=name):
                async with http.get(f"{url}/img/{name}.png") as r:
                    await r.read()
            asyncio.ensure_future(get())

    async def phone(seat, url):
        # each phone from an address of its own, as on a real network (the server caps each)
        connector = aiohttp.TCPConnector(local_addr=(f"127.0.0.{10 + seat}", 0))
        jar = aiohttp.CookieJar(unsafe=True)
        async with aiohttp.ClientSession(connector=connector, cookie_jar=jar) as http:
            async with http.get(url) as r:
                await r.text()
            host = url.split("/")[2]
            async with http.ws_connect(url + "/ws", headers={"Origin": f"http://{host}"}) as ws:
                state, sent, pressed = None, None, 0
                while not stop.is_set():
                    try:
                        msg = await ws.receive(timeout=0.05)
                    except asyncio.TimeoutError:
                        msg = None
                    if msg is not None:
                        if msg.type != aiohttp.WSMsgType.TEXT:
                            return
                        data = json.loads(msg.data)
                        if sent is not None and data.get("ack", 0) >= pressed:
                            trips.append(time.perf_counter() - sent)
                            sent = None
                        if data["t"] == "state":
                            state = data
                            fetch_pictures(http, url, data)
                        elif data["t"] == "error":
                            refused.append(data.get("text", data.get("code")))
                    i = nxt[0]
                    if sent is None and state and state["mine"] and i < len(plan) \
                            and plan[i][1] == seat and clock.value >= plan[i][0]:
                        move = express(state, plan[i][2])
                        if move is None:
                            refused.append("cannot express " + plan[i][2])
                            return
                        nxt[0] += 1
                        sent = time.perf_counter()
                        pressed += 1
                        await ws.send_str(json.dumps(move))
                        state = dict(state, mine=False)

    async def main():
        await asyncio.gather(*(phone(s, u) for s, u in enumerate(urls)))

    asyncio.run(main())
    out.put((trips, refused, nxt[0]))


# ---- the table: this process's main thread ---------------------------------------------------------
class Timed:
    """Wraps a desk method: its wall and main-thread CPU time, summed per frame."""

    def __init__(self):
        self.wall = self.cpu = 0.0

    def wrap(self, method):
        def run(*args):
            w, c = time.perf_counter(), time.thread_time()
            try:
                return method(*args)
            finally:
                self.wall += time.perf_counter() - w
                self.cpu += time.thread_time() - c
        return run


def play(app, table, frames: int, clock=None, on_action=None) -> dict:
    """Run the table's frames as the game's loop does; per frame the wall and CPU time."""
    import pygame

    pump = pygame.display.get_driver() != "dummy"
    share = Timed()
    if table.phones is not None:
        table.phones.update = share.wrap(table.phones.update)
        table.phones.draw = share.wrap(table.phones.draw)
    if on_action is not None:
        table.session.listeners.append(on_action)
    wall, cpu, own_wall, own_cpu = [], [], [], []
    period = 1 / FPS
    next_at = time.perf_counter()
    for n in range(frames):
        if clock is not None:
            clock.value = n
        w, c = time.perf_counter(), time.thread_time()
        events = [e for e in app.events() if e.type != pygame.QUIT] if pump else ()
        app.step(period, events)
        app.present()
        wall.append(time.perf_counter() - w)
        cpu.append(time.thread_time() - c)
        own_wall.append(share.wall)
        own_cpu.append(share.cpu)
        share.wall = share.cpu = 0.0
        if app.stack.top is not table:                     # the results: the game is over
            break
        next_at += period
        time.sleep(max(0.0, next_at - time.perf_counter()))
    return {"wall": wall, "cpu": cpu, "own_wall": own_wall, "own_cpu": own_cpu,
            "actions": len(table.session.actions), "over": table.game.over}


def run_none(seed: int, frames: int) -> tuple[dict, list]:
    app, table = make_table(False, seed)
    app.step(1 / FPS)
    plan, frame_of = [], []
    figures = play(app, table, frames, on_action=lambda s, a, e: frame_of.append(app.frame))
    start = app.frame - len(figures["wall"])
    actors = [m[0] for m in table.moves]
    plan = [[f - start, seat, a] for f, seat, a in zip(frame_of, actors, table.session.actions,
                                                                strict=True)]
    app.stack.clear()
    return figures, plan


def run_six(seed: int, frames: int, plan: list) -> tuple[dict, list, list, int]:
    app, table = make_table(True, seed)
    app.step(1 / FPS)
    desk = table.phones
    ctx = multiprocessing.get_context("spawn")
    clock, stop, out = ctx.Value("i", 0), ctx.Event(), ctx.Queue()
    urls = [desk.url(s) for s in range(6)]
    worker = ctx.Process(target=phones_process, args=(urls, plan, clock, stop, out), daemon=True)
    clock.value = -1
    worker.start()
    for _ in range(60 * FPS):                  # the phones join (not measured: codes on screen)
        app.step(1 / FPS)
        app.present()
        if all(desk.server.connected(s) for s in range(6)):
            break
        time.sleep(1 / FPS)
    else:
        raise RuntimeError("the phones did not connect")
    for _ in range(10):                         # each phone's first state is out
        app.step(1 / FPS)
        app.present()
    server = desk.server._thread
    server_cpu0 = thread_cpu(server)
    figures = play(app, table, frames, clock=clock)
    figures["server_cpu_s"] = thread_cpu(server) - server_cpu0
    stop.set()
    trips, refused, sent = out.get(timeout=30)
    worker.join(10)
    app.stack.clear()
    return figures, trips, refused, sent


def thread_cpu(thread: threading.Thread | None) -> float:
    """CPU seconds a thread of this process has used (Linux: its own CPU clock)."""
    if thread is None or thread.ident is None:
        return float("nan")
    try:
        return time.clock_gettime(time.pthread_getcpuclockid(thread.ident))
    except (AttributeError, OSError):
        return float("nan")


def q(values, p) -> float:
    """The p-th percentile, in ms."""
    if len(values) < 2:
        return float("nan")
    return statistics.quantiles(values, n=100, method="inclusive")[p - 1] * 1000


def line(label, values) -> str:
    return (f"{label:<34} median {statistics.median(values) * 1000:6.2f}  p95 {q(values, 95):6.2f}  "
            f"p99 {q(values, 99):6.2f} ms")


def run(frames: int = 2400, pairs: int = 1, seed: int = 3) -> dict:
    """Print and return the figures (``python -m bench phones`` calls this)."""
    import pygame

    load0 = os.getloadavg()
    none = {"wall": [], "cpu": []}
    six = {"wall": [], "cpu": [], "own_wall": [], "own_cpu": []}
    trips, refused, server_cpu, games = [], [], 0.0, []
    for k in range(pairs):
        a, plan = run_none(seed + k, frames)
        b, t, r, sent = run_six(seed + k, frames, plan)
        for key in none:
            none[key] += a[key]
        for key in six:
            six[key] += b[key]
        trips += t
        refused += r
        server_cpu += b["server_cpu_s"]
        games.append(f"seed {seed + k}: {a['actions']} moves by cats, {sent} replayed by phones "
                     f"({b['actions']} made), {len(a['wall'])} / {len(b['wall'])} frames")
    load1 = os.getloadavg()
    driver = (pygame.display.get_driver() if pygame.display.get_init()
              else os.environ.get("SDL_VIDEODRIVER", "?"))
    figures = {
        "driver": driver, "load_before": load0, "load_after": load1,
        "none_wall_ms": [statistics.median(none["wall"]) * 1000, q(none["wall"], 95), q(none["wall"], 99)],
        "six_wall_ms": [statistics.median(six["wall"]) * 1000, q(six["wall"], 95), q(six["wall"], 99)],
        "none_cpu_ms": [statistics.median(none["cpu"]) * 1000, q(none["cpu"], 95), q(none["cpu"], 99)],
        "six_cpu_ms": [statistics.median(six["cpu"]) * 1000, q(six["cpu"], 95), q(six["cpu"], 99)],
        "phones_share_wall_ms": [statistics.median(six["own_wall"]) * 1000, q(six["own_wall"], 95),
                                 q(six["own_wall"], 99)],
        "phones_share_cpu_ms": [statistics.median(six["own_cpu"]) * 1000, q(six["own_cpu"], 95),
                                q(six["own_cpu"], 99)],
        "server_thread_cpu_ms_per_frame": server_cpu * 1000 / max(1, len(six["wall"])),
        "round_trip_ms": [q(trips, 50), q(trips, 95)], "moves": len(trips), "refused": len(refused),
    }
    print(f"display driver {driver}, 1920x1080, every frame shown, paced at {FPS} fps; "
          f"load average {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f} before, "
          f"{load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f} after")
    for g in games:
        print("  " + g)
    print(line("frame wall, no phones:", none["wall"]) + f"  ({len(none['wall'])} frames)")
    print(line("frame wall, six phones:", six["wall"]) + f"  ({len(six['wall'])} frames)")
    print(line("frame CPU (main thread), no phones:", none["cpu"]))
    print(line("frame CPU (main thread), six phones:", six["cpu"]))
    print(line("  of which the phones' desk (wall):", six["own_wall"]))
    print(line("  of which the phones' desk (CPU):", six["own_cpu"]))
    print(f"the server's thread: {figures['server_thread_cpu_ms_per_frame']:.3f} ms CPU a frame on average")
    wall_diff = figures["six_wall_ms"][0] - figures["none_wall_ms"][0]
    cpu_diff = figures["six_cpu_ms"][0] - figures["none_cpu_ms"][0]
    print(f"median difference six - none: wall {wall_diff:+.2f} ms, CPU {cpu_diff:+.2f} ms")
    print("round trip phone -> table -> phone (loopback, 60 fps table): "
          f"p50 {figures['round_trip_ms'][0]:.1f} ms, p95 {figures['round_trip_ms'][1]:.1f} ms "
          f"over {len(trips)} moves; {len(refused)} refused")
    if refused:
        print("  refused: " + "; ".join(refused[:3]))
    return figures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--frames", type=int, default=2400, help="at most this many frames a game (40 s)")
    ap.add_argument("--pairs", type=int, default=1, help="games played both ways (seeds SEED, SEED+1, …)")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    run(args.frames, args.pairs, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
