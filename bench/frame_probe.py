"""One frame-time measurement in a clean process (``bench/runtime.py`` runs many of these).

A table at ``--size`` with ``--players`` computer cats (attract mode, from the deal), run as
``App.run`` runs it: one ``app.step(1/60)`` + ``app.present()`` a frame, paced to 60 Hz (the
rest of the frame is slept, which is when the bots' worker gets the processor on one core).
A frame's time is its step + ``app.present()`` (the flip, or only the
parts that changed). Prints one JSON line: median/p99/max ms, frames measured,
frames during which a bot was thinking, peak RSS of this process and of the think worker.

    python -m bench.frame_probe --size 3840x2160 --game zodiac --players 6
    taskset -c 0 python -m bench.frame_probe --size 1920x1080 --game hungry-meow --players 4 \
        --level search --worker process
"""
from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def peak_mib(pid: int | str = "self") -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered))) - 1))]


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--game", default="hungry-meow")
    ap.add_argument("--players", type=int, default=None, help="default: the table's most")
    ap.add_argument("--level", default=None, help="bot level of every seat (default: the table's)")
    ap.add_argument("--worker", choices=("process", "thread"), default="process")
    ap.add_argument("--think-seconds", type=float, default=None,
                    help="a wall-time search budget on top of the node budget (heavy thinking)")
    ap.add_argument("--frames", type=int, default=300)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--full-redraw", action="store_true",
                    help="redraw and send the whole window every frame (no drawing by parts)")
    ap.add_argument("--from-play", action="store_true",
                    help="hurry the deal and measure from the first bot's turn (bots thinking)")
    args = ap.parse_args(argv)

    import pygame

    from cli_play import demo_session
    from game.play import bot_runner, think_worker
    from game.play.session import Seat
    from game.runtime.app import App
    from scenes.tables import table_info

    think_worker.enable(args.worker == "process")
    bot_runner.THINK_SECONDS = args.think_seconds
    size = tuple(int(v) for v in args.size.split("x"))
    app = App(size=size, home=tempfile.mkdtemp(prefix="meowcade-probe-"), audio=False, lang="en")
    if args.full_redraw:
        app.dirty_min_pixels = 1 << 40
    args.players = args.players or table_info(args.game).players[1]
    session = demo_session(args.game, args.players, args.seed, app.t)
    if args.level:
        session.seats = [Seat(s.name, "bot", args.level, s.coat) for s in session.seats]
    table = table_info(args.game).scene_class()(app, session, attract=True)
    app.stack.push(table)
    app.stack.apply_pending()
    if args.from_play:
        for _ in range(3000):
            if table.runner._job is not None:
                break
            if table.presenter.busy:
                table.presenter.skip()
            app.step(1 / 60, ())
    times, cpu, thinking = [], [], 0
    period = 1 / 60
    next_at = time.perf_counter()
    for i in range(args.frames + 10):
        t0, c0 = time.perf_counter(), time.thread_time()
        app.step(period, pygame.event.get())
        app.present()
        t1 = time.perf_counter()
        if i == 9:
            gc.freeze()                      # as App.run does after the first frame
        if i >= 10:                          # warm-up: the first rasterisation of the art
            times.append(t1 - t0)
            cpu.append(time.thread_time() - c0)
            job = table.runner._job
            thinking += bool(job is not None and not table.runner._answer(job)[0])
        next_at = max(next_at + period, t1)
        time.sleep(max(0.0, next_at - time.perf_counter()))
    worker = think_worker.worker() if think_worker.enabled() else None
    ms = [1000 * t for t in times]
    out = {"size": args.size, "game": args.game, "players": args.players,
           "level": args.level or session.seats[0].level, "worker": args.worker,
           "think_seconds": args.think_seconds, "full_redraw": args.full_redraw,
           "driver": pygame.display.get_driver(),
           "from_play": args.from_play, "frames": len(ms), "frames_thinking": thinking,
           "median_ms": round(percentile(ms, 0.5), 2), "p99_ms": round(percentile(ms, 0.99), 2),
           "max_ms": round(max(ms), 2),
           # this thread's processor time in the frame: what the frame costs without the waits
           # for other processes (a busy machine), for comparing changes
           "cpu_median_ms": round(1000 * percentile(cpu, 0.5), 2),
           "cpu_p99_ms": round(1000 * percentile(cpu, 0.99), 2), "peak_rss_mib": round(peak_mib(), 1),
           "worker_peak_rss_mib": round(peak_mib(worker.proc.pid), 1) if worker else None,
           "cpus_allowed": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None}
    think_worker.shutdown()
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
