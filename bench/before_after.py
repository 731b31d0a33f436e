"""Two trees of the game measured in one run, turn about: table open to first frame at 1920x1080
and 3840x2160, frame times and peak RSS (``bench/first_frame.py`` in a clean process each), so
a change is compared on the same machine under the same load.

    git worktree add /tmp/before <commit>        # (or an export of it: git archive)
    DISPLAY=:39 .venv/bin/python bench/before_after.py --before /tmp/before [--rounds 2]

The other tree needs ``bench/first_frame.py``: it is copied there when missing. Prints one
JSON line per measurement and a table of medians.
"""
from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CASES = [("1920x1080", "meow-dice"), ("3840x2160", "meow-dice"), ("3840x2160", "hungry-meow"),
         ("3840x2160", "zodiac")]


def run(tree: Path, size: str, game: str, frames: int) -> dict:
    out = subprocess.run([sys.executable, "-m", "bench.first_frame", "--size", size, "--game", game,
                          "--frames", str(frames)], cwd=tree, capture_output=True, text=True, timeout=600)
    line = next((t for t in out.stdout.splitlines() if t.startswith("{")), None)
    if line is None:
        raise RuntimeError(f"{tree}: {out.stderr[-2000:]}")
    return json.loads(line)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--frames", type=int, default=600)
    args = ap.parse_args(argv)
    before = Path(args.before)
    if not (before / "bench" / "first_frame.py").exists():
        shutil.copy(ROOT / "bench" / "first_frame.py", before / "bench" / "first_frame.py")
    results: dict = {}
    for _ in range(args.rounds):
        for size, game in CASES:
            for name, tree in (("before", before), ("after", ROOT)):
                got = run(tree, size, game, args.frames)
                got["tree"] = name
                print(json.dumps(got), flush=True)
                results.setdefault((size, game, name), []).append(got)
    print(f"{'case':28} {'tree':7} {'open ms':>8} {'median':>7} {'p99':>7} {'max':>7} {'peak MiB':>9}")
    for (size, game, name), runs in results.items():
        med = {k: statistics.median(r[k] for r in runs) for k in ("open_ms", "median_ms", "p99_ms",
                                                                  "max_ms", "peak_rss_mib")}
        print(f"{size + ' ' + game:28} {name:7} {med['open_ms']:8.1f} {med['median_ms']:7.2f} "
              f"{med['p99_ms']:7.2f} {med['max_ms']:7.2f} {med['peak_rss_mib']:9.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
