"""Kiosk memory soak under a real X server (a benchmark run by hand, not in CI).

Starts Xvfb at --size (1920x1080; unless --display names one already running), then the real kiosk
(``main.py play --kiosk --fullscreen``, its supervisor and game process, a temporary home) drawing
every frame, and leaves it alone in attract mode. Every minute it samples the RSS of the game
process (the supervisor's child) and of the supervisor, appends them to a CSV, and at the end
prints RSS each 10 minutes, the peak, and the growth after the first 10 minutes.
Why Xvfb: the dummy driver and drawing only some frames hide what grows in SDL's pixel buffers.

    python bench/xvfb_soak.py [--minutes 120] [--display :51] [--fps 30] [--csv soak.csv]
                              [--size 3840x2160]
"""
from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def rss_mib(pid: int, field: str = "VmRSS") -> float:
    """The process's resident memory now (``VmHWM``: the most it has had, between samples too)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(p) for p in text.split()]


def x_server_answers(path: Path) -> bool:
    """Does an X server listen on this socket? (A socket file can outlive its server: a soak then
    ran the kiosk against no screen of the asked size, and its figures were another size's.)"""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
        try:
            probe.connect(str(path))
        except OSError:
            return False
    return True


def start_xvfb(display: str, size: str = "1920x1080") -> subprocess.Popen | None:
    path = Path(f"/tmp/.X11-unix/X{display.lstrip(':')}")
    if path.exists():
        if x_server_answers(path):
            return None                  # one is running already: use it
        path.unlink(missing_ok=True)     # left behind by a server that is gone
        Path(f"/tmp/.X{display.lstrip(':')}-lock").unlink(missing_ok=True)
    if not shutil.which("Xvfb"):
        sys.exit("xvfb_soak: Xvfb is not installed (apt-get install -y xvfb)")
    proc = subprocess.Popen(["Xvfb", display, "-screen", "0", f"{size}x24", "-nolisten", "tcp"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.5)
    return proc


def summary(rows: list[tuple[float, float, float]]) -> str:
    lines = ["minute  game RSS MiB  supervisor RSS MiB"]
    for minute, game, sup in rows:
        if minute % 10 == 0 or minute == rows[-1][0]:
            lines.append(f"{minute:6.0f}  {game:12.1f}  {sup:18.1f}")
    peak = max(r[1] for r in rows)
    lines.append(f"peak game RSS {peak:.1f} MiB (of the samples)")
    at10 = [r for r in rows if r[0] >= 10]
    if at10:
        lines.append(f"growth after minute 10: {rows[-1][1] - at10[0][1]:+.1f} MiB "
                     f"({at10[0][1]:.1f} at minute {at10[0][0]:.0f} -> {rows[-1][1]:.1f} at minute "
                     f"{rows[-1][0]:.0f}); max after minute 10: {max(r[1] for r in at10):.1f} MiB")
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=120)
    ap.add_argument("--display", default=":51")
    ap.add_argument("--fps", default="30", choices=["30", "60"])
    ap.add_argument("--csv", default="xvfb-soak.csv")
    ap.add_argument("--every", type=float, default=60, help="seconds between samples")
    ap.add_argument("--size", default="1920x1080", help="the screen and the kiosk's window")
    args = ap.parse_args()

    xvfb = start_xvfb(args.display, args.size)
    home = tempfile.mkdtemp(prefix="meowcade-xsoak-")
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER",)}
    env.update(DISPLAY=args.display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    game = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play", "--kiosk", "--fullscreen",
                             "--size", args.size, "--fps", args.fps, "--home", home],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows: list[tuple[float, float, float]] = []
    start = time.monotonic()
    try:
        with open(args.csv, "w") as out:
            out.write("minute,game_rss_mib,supervisor_rss_mib,game_pid,think_worker_rss_mib,"
                      "all_workers_rss_mib,game_peak_rss_mib\n")
            while time.monotonic() - start < args.minutes * 60 + 1:
                time.sleep(args.every)
                if game.poll() is not None:
                    print(f"xvfb_soak: the kiosk exited with code {game.returncode}")
                    break
                kids = children(game.pid)
                pid = kids[0] if kids else game.pid
                row = ((time.monotonic() - start) / 60, rss_mib(pid), rss_mib(game.pid),
                       rss_mib(pid, "VmHWM"))
                rows.append(row)
                # the game's worker processes (game/play/think_worker.py: the cats' thinking, and
                # above 1080p the art made ahead), apart
                workers = [rss_mib(p) for p in children(pid)] if kids else []
                think = max(workers) if workers else 0.0
                out.write(f"{row[0]:.1f},{row[1]:.1f},{row[2]:.1f},{pid},{think:.1f},{sum(workers):.1f},"
                          f"{row[3]:.1f}\n")
                print(f"minute {row[0]:.1f}: game {row[1]:.1f} MiB (peak so far {row[3]:.1f}), supervisor "
                      f"{row[2]:.1f} MiB, workers {' + '.join(f'{w:.1f}' for w in workers) or '0'} MiB",
                      flush=True)
                out.flush()
    finally:
        kids = children(game.pid)
        game.send_signal(signal.SIGTERM)
        try:
            game.wait(10)
        except subprocess.TimeoutExpired:
            game.kill()
        for pid in kids:                     # the game process, if the supervisor left it
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if xvfb is not None:
            xvfb.terminate()
        shutil.rmtree(home, ignore_errors=True)
    if rows:
        print(summary([(round(m), g, s) for m, g, s, _ in rows]))
        print(f"highest game RSS between samples (VmHWM): {max(r[3] for r in rows):.1f} MiB")


if __name__ == "__main__":
    main()
