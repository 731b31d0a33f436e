"""Kill → first frame with the visitor's game back (a benchmark script, not a test).

Starts the real supervisor (``main.py play --kiosk``) on a home whose autosave holds a people's game
waiting for its person to move, then SIGKILLs the game process ``--kills`` times (default 4, a few
seconds apart: all within one minute, below the 5 deaths that bring the nap screen). For each kill
it prints the time from the kill to the new game process's first frame on screen (the file the
child writes once its first frame is shown) and checks from the log and the save that the same
game came back at the same position (same actions, none lost). Each restart is split into its
phases from the start-up marks the game logs with its first frame (``game.runtime.startup``): kill → the
supervisor starts the new process, interpreter start → ``main.py``, imports, window (App: fonts,
text catalogue, sound), first scene (save loaded and replayed, table built), first frame drawn.

    python bench/kiosk_resume.py [--kills 4] [--gap 3] [--size 1920x1080]

With ``DISPLAY`` set (e.g. an Xvfb at 1920x1080) the game runs full screen on that X server;
without it, SDL's dummy video driver is used.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.files import paths  # noqa: E402
from game.play import saves  # noqa: E402
from game.play.session import GameSession, Seat  # noqa: E402

RESUMED = re.compile(r"kiosk: resuming (\S+) after a restart \((\d+) actions played\)")
MARKS = re.compile(r"start-up marks: start=([0-9.]+) (.*)\)")
PHASES = (("respawn", "spawned"), ("interpreter", "main"), ("imports", "imports"), ("window", "window"),
          ("scene", "scene"), ("draw", "frame"))


def phases(log_text: str, killed_at: float) -> dict[str, float] | None:
    """The phases of the first start after ``killed_at``, from the game's start-up marks line."""
    for m in MARKS.finditer(log_text):
        start = float(m.group(1))
        if start < killed_at:
            continue
        at = {k: start + float(v) for k, v in (kv.split("=+") for kv in m.group(2).split())}
        at["spawned"] = start
        out, last = {}, killed_at
        for name, key in PHASES:
            if key in at:
                out[name] = at[key] - last
                last = at[key]
        return out
    return None


def people_game(home: Path, game: str = "hungry-meow") -> list[str]:
    """Save a game with a person at seat 0 and two computer cats, played until it is the
    person's move (so nothing moves while nobody touches it). Returns its actions."""
    session = GameSession(game, [Seat("Ann", "human"), Seat("Bob", "bot", "random"),
                                 Seat("Cy", "bot", "random")], seed=11)
    auto = saves.Autosave(saves.save_path(home))
    auto.attach(session)
    while len(session.actions) < 6 or session.game.current_player != 0:
        session.apply(session.game.legal_actions()[0])
    auto.detach()
    return list(session.actions)


def run(kills: int = 4, gap: float = 3.0, size: str = "1920x1080", timeout: float = 30.0) -> dict:
    home = Path(tempfile.mkdtemp(prefix="meowcade-resume-"))
    actions = people_game(home)
    ready = paths.data_dir(home) / "kiosk-ready"
    log_file = paths.log_dir(home) / "meowcade.log"
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    screen = ["--fullscreen", "--size", size] if os.environ.get("DISPLAY") else ["--windowed"]
    if not os.environ.get("DISPLAY"):
        env["SDL_VIDEODRIVER"] = "dummy"
    sup = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play", "--kiosk", "--no-audio",
                            "--home", str(home), *screen], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def child_pid() -> int | None:
        try:
            kids = Path(f"/proc/{sup.pid}/task/{sup.pid}/children").read_text().split()
        except OSError:
            return None
        return int(kids[0]) if kids else None

    def wait_ready(since: float) -> float | None:
        end = time.time() + timeout
        while time.time() < end:
            try:
                stamp = float(ready.read_text().strip())
                if stamp >= since:
                    return stamp
            except (OSError, ValueError):
                pass
            time.sleep(0.005)
        return None

    def resumed() -> list[tuple[str, int]]:
        text = log_file.read_text(errors="replace") if log_file.exists() else ""
        return [(m.group(1), int(m.group(2))) for m in RESUMED.finditer(text)]

    times, same, kills_at = [], [], []
    started = time.time()
    try:
        if wait_ready(0.0) is None:
            return {"error": "the game never came on screen"}
        for _ in range(kills):
            time.sleep(gap)
            before = json.loads(saves.save_path(home).read_text())["actions"]
            pid = child_pid()
            if pid is None:
                return {"error": "no game process found", "times": times}
            t0 = time.time()
            kills_at.append(t0)
            os.kill(pid, signal.SIGKILL)
            stamp = wait_ready(t0)
            if stamp is None:
                return {"error": "the game did not come back", "times": times}
            times.append(stamp - t0)
            after = json.loads(saves.save_path(home).read_text())["actions"]
            game, n = resumed()[-1] if resumed() else ("", -1)
            same.append(game == "hungry-meow" and n == len(before) and after[:len(before)] == before)
        within = time.time() - started
    finally:
        sup.send_signal(signal.SIGTERM)
        try:
            sup.wait(15)
        except subprocess.TimeoutExpired:
            sup.kill()
    log = log_file.read_text(errors="replace")
    return {"times": times, "phases": [phases(log, t) for t in kills_at], "same_game": same,
            "resumes_logged": len(resumed()),
            "kills_within_s": within, "actions_at_start": len(actions),
            "nap_screen": "showing the nap screen" in log, "set_aside": ".bad-" in log}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kills", type=int, default=4)
    p.add_argument("--gap", type=float, default=3.0, help="seconds from a game's first frame to its kill")
    p.add_argument("--size", default="1920x1080")
    args = p.parse_args(argv)
    where = f"X display {os.environ['DISPLAY']}, full screen {args.size}" if os.environ.get("DISPLAY") \
        else "SDL dummy video driver"
    print(f"kiosk resume: {args.kills} SIGKILLs of the game process under the real supervisor ({where})",
          flush=True)
    load_before = os.getloadavg()[0]
    r = run(args.kills, args.gap, args.size)
    if "error" in r:
        print("  ERROR:", r["error"], r.get("times"))
        return 1
    t = r["times"]
    print(f"  kill → first frame of the resumed game: min {min(t):.2f} s, median "
          f"{statistics.median(t):.2f} s, max {max(t):.2f} s  ({', '.join(f'{x:.2f}' for x in t)})")
    split = [ph for ph in r["phases"] if ph]
    if split:
        print("  per phase, median (max) over the kills:")
        for name, _ in PHASES:
            vals = [ph[name] for ph in split if name in ph]
            if vals:
                print(f"    {name:<12} {statistics.median(vals):.3f} s ({max(vals):.3f})")
    print(f"  {len(t)} kills in {r['kills_within_s']:.1f} s; same game and position each time: "
          f"{r['same_game']}; nap screen: {r['nap_screen']}; save set aside: {r['set_aside']}")
    print(f"  load average (1 min) at the start {load_before:.1f}, at the end {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} cores")
    return 0 if all(r["same_game"]) and not r["nap_screen"] and not r["set_aside"] else 1


if __name__ == "__main__":
    sys.exit(main())
