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
import cProfile
import gc
import heapq
import json
import os
import pstats
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


def _log_made(art) -> None:
    """Print each picture put in the art budget (made in a frame)."""
    put = art.put

    def logged(family, key, value, cost=None):
        print(f"made frame {art.frame}: {family} {str(key)[:70]} {cost or 0:.1f} ms", file=sys.stderr)
        return put(family, key, value, cost)
    art.put = logged


def _print_profile(slowest: list) -> None:
    """The slowest frames (frame number, processor ms) and their functions together."""
    slowest.sort(reverse=True)
    print("slowest frames (frame: processor ms): " + ", ".join(
        f"{i}: {1000 * c:.1f}" for c, i, _ in slowest), file=sys.stderr)
    stats = pstats.Stats(slowest[0][2], stream=sys.stderr)
    for _, _, prof in slowest[1:]:
        stats.add(prof)
    stats.sort_stats("cumulative").print_stats(40)
    stats.sort_stats("tottime").print_stats(25)


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
    ap.add_argument("--present-inline", action="store_true",
                    help="send each frame to the screen in the frame loop, not from the present "
                         "thread (game/runtime/present.py): for comparing")
    ap.add_argument("--parts", action="store_true",
                    help="draw by parts at any window size (game/runtime/dirty.py; the app's own "
                         "threshold is App.dirty_min_pixels)")
    ap.add_argument("--from-play", action="store_true",
                    help="hurry the deal and measure from the first bot's turn (bots thinking)")
    ap.add_argument("--steady", action="store_true",
                    help="before each frame (not timed), wait for a thinking bot's answer and the "
                         "pictures on their way from the art worker: the same frames on a busy "
                         "machine as on a quiet one, for counting the work (pictures made, pushed out)")
    ap.add_argument("--frames-csv", default=None, metavar="PATH",
                    help="write every measured frame (wall, processor, step/present, what was sent, "
                         "pictures made) to PATH")
    ap.add_argument("--made", action="store_true",
                    help="print (stderr) each picture made in a measured frame: frame, family, key")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="profile every frame; print (stderr) the functions of the N slowest "
                         "frames by processor time, and when they came")
    args = ap.parse_args(argv)

    import pygame

    from cli_play import demo_session
    from game.art.cache import ART
    from game.play import bot_runner, think_worker
    from game.play.session import Seat
    from game.runtime.app import App
    from scenes.tables import table_info

    think_worker.enable(args.worker == "process")
    if args.made:
        _log_made(ART)
    bot_runner.THINK_SECONDS = args.think_seconds
    size = tuple(int(v) for v in args.size.split("x"))
    app = App(size=size, home=tempfile.mkdtemp(prefix="meowcade-probe-"), audio=False, lang="en")
    app.sender.in_thread = not args.present_inline
    if args.full_redraw:
        app.dirty_min_pixels = 1 << 40
    elif args.parts:
        app.dirty_min_pixels = 1
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
    times, cpu, pcpu, busy = [], [], [], []     # per frame: wall, thread and process processor, thinking
    log: list | None = [] if args.frames_csv else None
    slowest: list = []                       # (processor s, frame, profile) of the slowest frames
    period = 1 / 60
    next_at = time.perf_counter()
    for i in range(args.frames + 10):
        prof = cProfile.Profile(time.thread_time) if args.profile else None   # processor time
        if prof:
            prof.enable()
        if args.steady:
            table.runner.wait_ready(30.0)
        job = table.runner._job
        thinks = bool(job is not None and not table.runner._answer(job)[0])
        t0, c0, p0 = time.perf_counter(), time.thread_time(), time.process_time()
        made0 = ART.made
        app.step(period, app.events())
        tp, cp = time.perf_counter(), time.thread_time()
        app.present()
        t1, c1, p1 = time.perf_counter(), time.thread_time(), time.process_time()
        if prof:
            prof.disable()
        if i == 9:
            gc.freeze()                      # as App.run does after the first frame
            made_at, evicted_at = ART.made, ART.evicted
        if i >= 10:                          # warm-up: the first rasterisation of the art
            times.append(t1 - t0)
            cpu.append(c1 - c0)
            pcpu.append(p1 - p0)
            busy.append(thinks)
            if log is not None:
                rects = app.present_rects
                sent = size[0] * size[1] if rects is None else sum(r.w * r.h for r in rects)
                log.append((i, 1000 * (t1 - t0), 1000 * (c1 - c0), 1000 * (p1 - p0), 1000 * (tp - t0),
                            1000 * (t1 - tp), 1000 * (cp - c0), "flip" if rects is None else len(rects),
                            sent, ART.made - made0, int(thinks)))
            if prof:
                heapq.heappush(slowest, (c1 - c0, i, prof))
                if len(slowest) > args.profile:
                    heapq.heappop(slowest)
        next_at = max(next_at + period, t1)
        time.sleep(max(0.0, next_at - time.perf_counter()))
    worker = think_worker.worker() if think_worker.enabled() else None
    ms = [1000 * t for t in times]
    out = {"size": args.size, "game": args.game, "players": args.players,
           "level": args.level or session.seats[0].level, "worker": args.worker,
           "think_seconds": args.think_seconds, "full_redraw": args.full_redraw,
           "by_parts": app.dirty_min_pixels <= size[0] * size[1],
           "present_in_thread": app.sender.in_thread,
           "driver": pygame.display.get_driver(),
           "from_play": args.from_play, "steady": args.steady,
           "frames": len(ms), "frames_thinking": sum(busy),
           "median_ms": round(percentile(ms, 0.5), 2), "p99_ms": round(percentile(ms, 0.99), 2),
           "max_ms": round(max(ms), 2),
           # this thread's processor time in the frame: what the frame costs without the waits
           # for other processes (a busy machine), for comparing changes
           "cpu_median_ms": round(1000 * percentile(cpu, 0.5), 2),
           "cpu_p99_ms": round(1000 * percentile(cpu, 0.99), 2),
           # the whole process's (time.process_time: with a bot thinking in a thread, its work too)
           "process_cpu_p99_ms": round(1000 * percentile(pcpu, 0.99), 2),
           "peak_rss_mib": round(peak_mib(), 1),
           # pictures made and pushed out of the art budget in the measured frames (game/art/cache.py):
           # work counts that a busy machine does not change, for comparing changes
           "art_made": ART.made - made_at, "art_evicted": ART.evicted - evicted_at,
           "art_cached_mib": round(ART.total / (1 << 20), 1),
           # what the budget holds at the end, by family (its own caches: "MeowDiceTable.flights")
           "art_families_mib": {f.split("#")[0]: [n, round(b / (1 << 20), 1)]
                                for f, (n, b) in ART.stats().items()},
           "worker_peak_rss_mib": round(peak_mib(worker.proc.pid), 1) if worker else None,
           "cpus_allowed": len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None}
    thinking = [t for t, b in zip(ms, busy, strict=True) if b]
    if thinking:                # the frames drawn while a bot thought: what thinking costs them
        out["thinking_p99_ms"] = round(percentile(thinking, 0.99), 2)
        out["thinking_max_ms"] = round(max(thinking), 2)
        busy_cpu = [c for c, b in zip(cpu, busy, strict=True) if b]
        out["thinking_cpu_p99_ms"] = round(1000 * percentile(busy_cpu, 0.99), 2)
    think_worker.shutdown()
    if slowest:
        _print_profile(slowest)
    if log is not None:
        with open(args.frames_csv, "w") as f:
            f.write("frame,wall_ms,cpu_ms,process_cpu_ms,step_wall_ms,present_wall_ms,step_cpu_ms,"
                    "present,pixels_sent,pictures_made,thinking\n")
            for row in log:
                f.write(",".join(f"{v:.2f}" if isinstance(v, float) else str(v) for v in row) + "\n")
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
