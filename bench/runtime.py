"""Runtime figures: time to first frame, frame times during the busiest scene, peak memory.

    python -m bench runtime          (under Xvfb: xvfb-run -s "-screen 0 1920x1080x24" …)

- time to first frame: wall time of ``main.py --frames 1`` (process start, imports, window,
  first drawn frame, exit) from source, and of ``dist/meowcade/meowcade`` if it is built; plus
  the App's own "first frame after" figure (window open → first frame shown).
- frame times: each measured frame is ``app.step(1/60)`` + ``display.flip()`` with no frame cap,
  at 1280x720 and 1920x1080, during the busiest animation — the 6-seat deal of Hungry Meow
  (``--demo hungry-meow:6``) if that table exists, else the title. Uses the real X server when
  DISPLAY is set (Xvfb), else SDL's dummy driver (says which).
- peak memory: ``ru_maxrss`` of the measuring process.
- present only: one full-window blit + ``display.flip()`` (what showing a frame costs by itself),
  and, under X, the same scene on the dummy driver (what drawing costs without the X server).
Each measurement runs in its own process so the window size and driver are clean.
"""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FRAMES = 240

PROBE = r"""
import json, os, resource, sys, time
sys.path.insert(0, {root!r})
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
from game.runtime.app import App
from cli_play import demo_session
from scenes.tables import available_tables, table_info
size = ({w}, {h})
app = App(size=size, home={home!r}, audio=False)
scene_name = "title"
if "hungry-meow" in [t.game for t in available_tables()]:
    info = table_info("hungry-meow")
    app.stack.push(info.scene_class()(app, demo_session("hungry-meow", 6, 7), attract=False))
    scene_name = "hungry-meow 6-seat deal"
else:
    from scenes.title import TitleScene
    app.stack.push(TitleScene(app))
app.stack.apply_pending()
import gc
times = []
for i in range({frames} + 10):
    t0 = time.perf_counter()
    app.step(1 / 60, pygame.event.get())
    pygame.display.flip()
    if i == 9:
        gc.freeze()                  # as App.run does after the first frame
    if i >= 10:                      # skip warm-up (first rasterisation of art)
        times.append(time.perf_counter() - t0)
bg = app.screen.copy()
present = []
for i in range(60):                  # the cost of only showing a frame: one full blit + flip
    t0 = time.perf_counter()
    app.screen.blit(bg, (0, 0))
    pygame.display.flip()
    present.append(time.perf_counter() - t0)
present.sort()
times.sort()
print(json.dumps({{"scene": scene_name, "driver": pygame.display.get_driver(),
                  "median_ms": 1000 * times[len(times) // 2],
                  "p99_ms": 1000 * times[int(len(times) * 0.99) - 1],
                  "max_ms": 1000 * times[-1], "present_only_median_ms": 1000 * present[len(present) // 2],
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}}))
"""


def _env() -> dict:
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_AUDIODRIVER="dummy")
    if not env.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    return env


def first_frame(cmd: list[str], home: str) -> dict:
    began = time.perf_counter()
    out = subprocess.run(cmd + ["--frames", "1", "--home", home, "--no-audio"], cwd=ROOT, env=_env(),
                         capture_output=True, text=True, timeout=120)
    wall = time.perf_counter() - began
    log = (Path(home) / "data" / "logs" / "meowcade.log").read_text(encoding="utf-8")
    inner = re.findall(r"first frame after ([0-9.]+) s", log)
    return {"process_to_exit_s": round(wall, 3), "app_first_frame_s": float(inner[-1]) if inner else None,
            "exit_code": out.returncode}


def frame_times(size: tuple[int, int], home: str, dummy: bool = False) -> dict:
    code = PROBE.format(root=str(ROOT), w=size[0], h=size[1], home=home, frames=FRAMES)
    env = _env()
    if dummy:
        env["SDL_VIDEODRIVER"] = "dummy"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=600)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1:]}
    data = json.loads(out.stdout.strip().splitlines()[-1])
    return {k: round(v, 2) if isinstance(v, float) else v for k, v in data.items()}


def run() -> dict:
    figures: dict = {}
    with tempfile.TemporaryDirectory() as home:
        figures["first_frame_source"] = first_frame([sys.executable, "main.py"], home)
        packaged = ROOT / "dist" / "meowcade" / "meowcade"
        if packaged.exists():
            figures["first_frame_packaged"] = first_frame([str(packaged)], home)
        for size in ((1280, 720), (1920, 1080)):
            figures[f"frames_{size[0]}x{size[1]}"] = frame_times(size, home)
            if os.environ.get("DISPLAY"):   # the same frames without the X server: drawing cost only
                figures[f"frames_{size[0]}x{size[1]}_dummy"] = frame_times(size, home, dummy=True)
    figures["display"] = "Xvfb/X11 (DISPLAY set)" if os.environ.get("DISPLAY") else "SDL dummy driver"
    figures["load_average"] = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    figures["cpus"] = os.cpu_count()
    return figures


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
