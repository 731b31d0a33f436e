#!/usr/bin/env python3
"""Phones as hands, measured (not a test): a move's round trip phone -> table -> phone on
loopback, and the table's frame time at 1920x1080 with six phones connected against none.

    SDL_VIDEODRIVER=dummy .venv/bin/python bench/phones.py [--frames 600] [--moves 120]

The table runs its frames on the main thread paced at 60 fps, as the game does; the phones are
aiohttp clients on their own thread. A round trip is the time from a phone sending a choice to
its next message (the new state, or a refusal in words): both pass through the frame loop.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import aiohttp  # noqa: E402

from game.play.match import new_session  # noqa: E402
from game.play.session import Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.hungry_meow.table import HungryMeowTable  # noqa: E402

COATS = ["tabby", "calico", "tuxedo", "siamese", "black", "ginger"]


def make_table(phones: int, seed: int, size=(1920, 1080)):
    app = App(size=size, home=tempfile.mkdtemp(), audio=False, speed="faster", lang="en")
    app.settings.phones_address = "127.0.0.1"
    app.settings.bot_speed = "fast"
    seats = [Seat(f"Cat{i}", "human" if i < phones else "bot", "heuristic", COATS[i], phone=i < phones)
             for i in range(6)]
    table = HungryMeowTable(app, new_session("hungry-meow", seats, seed))
    app.stack.push(table)
    app.step(1 / 60)
    return app, table


def choice(state, rng):
    """Something a person could press now: a button or card with an action, else one card and
    the first pick button (the table may refuse it, in words: a round trip all the same)."""
    acts = [b["act"] for b in state["buttons"] if b.get("act")]
    acts += [c["act"] for r in state["rows"] for c in r["cells"] if c.get("act")]
    picks = [b["pick"] for b in state["buttons"] if b.get("pick")]
    if picks and (not acts or rng.random() < 0.7):
        pick = picks[0]
        row = next(r for r in state["rows"] if r["id"] == pick["row"])
        need = pick.get("min", 1)
        cards = rng.sample(range(len(row["cells"])), min(need, len(row["cells"])))
        return {"t": "pick", "b": pick["b"], "cards": cards, "v": state["rev"]}
    if acts:
        return {"t": "act", "a": rng.choice(acts), "v": state["rev"]}
    return None


def phones_thread(urls, stop, trips, limit):
    async def phone(url, rng):
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
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
                        if sent is not None and data.get("ack", 0) >= pressed:   # this press, answered
                            trips.append(time.perf_counter() - sent)
                            sent = None
                        if data["t"] == "state":
                            state = data
                        elif data["t"] == "error" and state:
                            state = dict(state, mine=True)      # refused: the choices are still there
                    if sent is None and state and state["mine"] and len(trips) < limit:
                        move = choice(state, rng)
                        if move is not None:
                            await asyncio.sleep(0.05)            # a person's thumb, not a flood
                            sent = time.perf_counter()
                            pressed += 1
                            await ws.send_str(json.dumps(move))
                            state = dict(state, mine=False)

    async def main():
        await asyncio.gather(*(phone(u, random.Random(i)) for i, u in enumerate(urls)))

    asyncio.run(main())


def measure(phones: int, frames: int, moves: int, seed: int):
    app, table = make_table(phones, seed)
    stop, trips = threading.Event(), []
    worker = None
    if phones:
        urls = [table.phones.url(s) for s in range(phones)]
        worker = threading.Thread(target=phones_thread, args=(urls, stop, trips, moves), daemon=True)
        worker.start()
    own, spent = [], [0.0]        # the phones' own share of each frame: the desk's update and draw
    if table.phones is not None:
        desk = table.phones

        def timed(method):
            def run_timed(*args):
                t0 = time.perf_counter()
                method(*args)
                spent[0] += time.perf_counter() - t0
            return run_timed
        desk.update, desk.draw = timed(desk.update), timed(desk.draw)
    times, period = [], 1 / 60
    next_at = time.perf_counter()
    for _ in range(frames):
        t0 = time.perf_counter()
        app.step(period)
        times.append(time.perf_counter() - t0)
        own.append(spent[0])
        spent[0] = 0.0
        if app.stack.top is not table:                   # a game over: a new one, same phones
            break
        next_at += period
        time.sleep(max(0.0, next_at - time.perf_counter()))
    stop.set()
    if worker is not None:
        worker.join(5)
    if table.phones is not None:
        table.phones.close()
    return times, trips, own


def ms(values, q):
    return statistics.quantiles(values, n=100)[q - 1] * 1000 if len(values) > 1 else float("nan")


def run(frames: int = 1500, moves: int = 150, seed: int = 3) -> dict:
    """Print and return the figures (``python -m bench phones`` calls this)."""
    none, _, _ = measure(0, frames, 0, seed)
    six, trips, own = measure(6, frames, moves, seed)
    figures = {"frame_ms_no_phones": statistics.median(none) * 1000,
               "frame_ms_six_phones": statistics.median(six) * 1000,
               "phones_share_ms_median": statistics.median(own) * 1000, "phones_share_ms_p95": ms(own, 95),
               "round_trip_ms_p50": ms(trips, 50), "round_trip_ms_p95": ms(trips, 95), "moves": len(trips)}
    print(f"frame time 1920x1080, no phones:  median {figures['frame_ms_no_phones']:.2f} ms "
          f"(p95 {ms(none, 95):.2f} ms, {len(none)} frames)")
    print(f"frame time 1920x1080, six phones: median {figures['frame_ms_six_phones']:.2f} ms "
          f"(p95 {ms(six, 95):.2f} ms, {len(six)} frames; not the same game: the phones choose at random)")
    print(f"the phones' work a frame (desk update + draw, six phones): median "
          f"{figures['phones_share_ms_median']:.3f} ms, p95 {figures['phones_share_ms_p95']:.3f} ms")
    print(f"round trip phone -> table -> phone (loopback, 60 fps table): "
          f"p50 {figures['round_trip_ms_p50']:.1f} ms, p95 {figures['round_trip_ms_p95']:.1f} ms "
          f"over {len(trips)} moves")
    return figures


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--frames", type=int, default=1500)
    ap.add_argument("--moves", type=int, default=150)
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args(argv)
    run(args.frames, args.moves, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
