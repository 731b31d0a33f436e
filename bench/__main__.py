"""Print every benchmark's figures: `python -m bench [name …]` (names: the modules in bench/)."""
from __future__ import annotations

import importlib
import json
import pkgutil
import sys

import bench

# Long-running ones (the 24-hour soak, the million-event monkey run) are run on their own.
SEPARATE = {"kiosk_soak", "monkey", "frame_probe"}   # frame_probe: one run of bench.runtime


def main(argv: list[str]) -> int:
    names = argv or [m.name for m in pkgutil.iter_modules(bench.__path__)
                     if not m.name.startswith("_") and m.name not in SEPARATE]
    figures = {}
    for name in names:
        print(f"== {name}", flush=True)
        module = importlib.import_module(f"bench.{name}")
        figures[name] = module.run()
    print(json.dumps(figures, indent=2, default=str))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
