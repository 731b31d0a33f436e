"""Table open to first frame, in a clean process: the app at ``--size``, then the table made,
pushed and its first frame stepped and presented (the pictures rasterised for it count), then
``--frames`` more at 60 Hz for the frame times. Prints one JSON line: open_ms (the first
frame), median/p99 ms of the rest, peak RSS.

    python -m bench.first_frame --size 3840x2160 --game meow-dice --players 4

``bench/art_files.py`` runs it in two trees (before and after) in one go.
"""
from __future__ import annotations

import argparse
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


def peak_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--game", default="meow-dice")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--frames", type=int, default=600)
    args = ap.parse_args(argv)

    from cli_play import demo_session
    from game.play import think_worker
    from game.runtime.app import App
    from scenes.tables import table_info

    think_worker.enable(True)              # as the game runs: bots (and, where it exists, art) workers
    size = tuple(int(v) for v in args.size.split("x"))
    app = App(size=size, home=tempfile.mkdtemp(prefix="meowcade-first-"), audio=False, lang="en")
    app.step(1 / 60, ())
    app.present()
    session = demo_session(args.game, args.players, args.seed, app.t)
    t0 = time.perf_counter()
    table = table_info(args.game).scene_class()(app, session, attract=True)
    app.stack.push(table)
    app.stack.apply_pending()
    app.step(1 / 60, ())
    app.present()
    open_ms = 1000 * (time.perf_counter() - t0)
    times = []
    period = 1 / 60
    next_at = time.perf_counter()
    for _ in range(args.frames):
        a = time.perf_counter()
        app.step(period, app.events())
        app.present()
        b = time.perf_counter()
        times.append(1000 * (b - a))
        next_at = max(next_at + period, b)
        time.sleep(max(0.0, next_at - time.perf_counter()))
    times.sort()
    out = {"size": args.size, "game": args.game, "players": args.players, "open_ms": round(open_ms, 1),
           "median_ms": round(times[len(times) // 2], 2),
           "p99_ms": round(times[int(len(times) * 0.99) - 1], 2),
           "max_ms": round(times[-1], 2), "peak_rss_mib": round(peak_mib(), 1)}
    think_worker.shutdown()
    print(json.dumps(out))
    return out


if __name__ == "__main__":
    main()
