"""Kiosk soak figures (a benchmark script, not a test). Kill → first frame: bench/kiosk_resume.py.

The real kiosk game process (``make_kiosk_app``, autosave and records on, in a temporary
   home) left alone in attract mode, stepped with a fixed dt of 1/60 s as fast as the machine
   allows, for ``--hours`` simulated hours (default 24). Every step runs input, every scene update,
   the kiosk hooks (autosave after each demo action, fsync included) and the stack; the frame is
   *drawn* every ``--render-every`` steps (default 6, i.e. 10 drawn frames per simulated second).
   Why: drawing is most of a frame's cost on this machine and what the soak looks for — leaks,
   growth, exceptions, games that never end — lives in game/scene state, caches and files, which
   every step exercises; drawing every 6th frame still runs every draw path (and its caches)
   hundreds of thousands of times. ``--render-every 1`` draws every frame.
   Prints games completed, peak and final RSS, RSS growth after the first simulated hour,
   exceptions (raised, logged as errors, or tables that failed inside attract mode), and the rate.
   ``--max-wall S`` stops early (then the printed rate gives the honest extrapolation).
   ``--dt 0.1`` steps in the longest step the app itself takes (its MAX_DT, a slow frame) so a whole
   simulated day fits in a few hours of wall time: six times fewer steps, every update and draw
   path still run; what it no longer sees is what depends on 60 small steps a second.
   ``--think 0.05`` shortens a computer seat's search (0.25 s of real time on screen): the bots
   think in real time whatever the simulated clock says, and at 0.25 s they are most of the wall
   time of a simulated day.

    python bench/kiosk_soak.py [--hours 24] [--dt 0.0167] [--render-every 6] [--think S]
                               [--max-wall S]
"""
from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DT = 1 / 60


def rss_mib() -> tuple[float, float]:
    """(current RSS, peak RSS) of this process in MiB, from /proc (Linux)."""
    now = peak = 0.0
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                now = int(line.split()[1]) / 1024
            elif line.startswith("VmHWM:"):
                peak = int(line.split()[1]) / 1024
    except OSError:
        import resource
        peak = now = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return now, peak


class ErrorCount(logging.Handler):
    def __init__(self):
        super().__init__(logging.ERROR)
        self.count = 0
        self.first: list[str] = []

    def emit(self, record):
        self.count += 1
        if len(self.first) < 5:
            self.first.append(self.format(record))


def soak(hours: float, render_every: int, max_wall: float | None, size=(1280, 720), dt: float = DT) -> dict:
    from bench.monkey import pin_font_in_memory
    from kiosk.child import make_kiosk_app
    from kiosk.screens.attract import AttractScene

    pin_font_in_memory()            # the shared tree's font file is rewritten by others mid-run
    home = tempfile.TemporaryDirectory(prefix="meowcade-soak-")
    app, controller = make_kiosk_app(size, False, None, home.name, False, None, "child")
    errors = ErrorCount()
    logging.getLogger("meowcade").addHandler(errors)
    app.draw_every(render_every)    # (and each screen the frame it appears)
    steps_total = int(hours * 3600 / dt)
    steps_hour = int(round(3600 / dt))
    raised = 0
    first_raise = ""
    rss_hour = None
    samples = []
    start = time.perf_counter()
    games0 = AttractScene.games_completed
    attract_errors0 = AttractScene.errors
    controller.start()
    app.stack.apply_pending()
    app.running = True
    done = 0
    try:
        while done < steps_total:
            try:
                app.step(dt, ())
            except Exception as exc:          # counted, and the soak goes on as a restart would
                raised += 1
                if not first_raise:
                    import traceback
                    first_raise = "".join(traceback.format_exception(exc))
                controller.start()
                app.stack.apply_pending()
            done += 1
            if done % steps_hour == 0:
                now, peak = rss_mib()
                samples.append((done // steps_hour, now))
                if rss_hour is None:
                    rss_hour = now
                wall = time.perf_counter() - start
                print(f"  {done // steps_hour:>3} h simulated  {wall:7.0f} s wall  RSS {now:6.1f} MiB  "
                      f"games {AttractScene.games_completed - games0}  errors {errors.count + raised}",
                      flush=True)
            if max_wall is not None and done % 600 == 0 and time.perf_counter() - start > max_wall:
                break
    finally:
        wall = time.perf_counter() - start
        now, peak = rss_mib()
        writes = controller.watcher.autosave.writes if controller.watcher else 0
        controller.close()
        app.shutdown()
        logging.getLogger("meowcade").removeHandler(errors)
        home.cleanup()
    sim_hours = done * dt / 3600
    return {
        "simulated_hours": sim_hours, "wall_seconds": wall, "steps": done, "dt": dt,
        "speedup": (done * dt) / wall if wall else 0.0,
        "wall_per_sim_hour": wall / sim_hours if sim_hours else 0.0,
        "games_completed": AttractScene.games_completed - games0,
        "attract_table_errors": AttractScene.errors - attract_errors0,
        "raised": raised, "logged_errors": errors.count, "first_errors": errors.first,
        "first_raise": first_raise,
        "rss_final": now, "rss_peak": peak, "rss_after_hour": rss_hour,
        "growth_after_first_hour": (now - rss_hour) if rss_hour is not None else None,
        "samples": samples, "autosave_writes": writes, "render_every": render_every,
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description="Kiosk soak and crash-to-screen figures.")
    p.add_argument("--hours", type=float, default=24.0)
    p.add_argument("--render-every", type=int, default=6)
    p.add_argument("--dt", type=float, default=DT, help="simulated seconds per step (at most 0.1, MAX_DT)")
    p.add_argument("--think", type=float, default=None, help="a bot's search budget in seconds (0.25)")
    p.add_argument("--max-wall", type=float, default=None, help="stop the soak after this many seconds")
    p.add_argument("--skip-crash", action="store_true", help="(kept for old command lines; "
                   "kill → first frame is bench/kiosk_resume.py)")
    args = p.parse_args(argv)
    if not 0 < args.dt <= 0.1:
        p.error("--dt must be above 0 and at most 0.1 (the app's longest step)")
    stop = f", stopping after {args.max_wall:.0f} s wall" if args.max_wall else ""
    print(f"soak: {args.hours:g} simulated hours of attract mode, dt {args.dt:.4f} s, drawing every "
          f"{args.render_every}th frame{stop}", flush=True)
    if args.think is not None:
        from game.play import bot_runner
        bot_runner.THINK_SECONDS = args.think
        print(f"bots think {args.think:g} s a move", flush=True)
    r = soak(args.hours, args.render_every, args.max_wall, dt=args.dt)
    print(f"simulated {r['simulated_hours']:.2f} h in {r['wall_seconds']:.0f} s wall "
          f"({r['speedup']:.1f}x real time; {r['wall_per_sim_hour']:.0f} s wall per simulated hour; "
          f"24 h would take {24 * r['wall_per_sim_hour'] / 3600:.1f} h wall)")
    print(f"games completed: {r['games_completed']}  autosave writes: {r['autosave_writes']}")
    nan = float("nan")
    growth = r["growth_after_first_hour"]
    hour = r["rss_after_hour"]
    print(f"memory: peak {r['rss_peak']:.1f} MiB, final {r['rss_final']:.1f} MiB, after first hour "
          f"{hour if hour is not None else nan:.1f} MiB, growth after first hour "
          f"{growth if growth is not None else nan:+.1f} MiB")
    print(f"exceptions: raised {r['raised']}, logged errors {r['logged_errors']}, "
          f"tables failed in attract {r['attract_table_errors']}")
    for line in r["first_errors"]:
        print("   ", line[:300])
    if r["first_raise"]:
        print(r["first_raise"])
    print("RSS by simulated hour: " + ", ".join(f"{h}h {m:.1f}" for h, m in r["samples"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
