"""Start-up marks: the wall time of each step from the process start to the first frame.

``main.py`` marks its first line, ``App`` the end of the imports, the open window and the first
frame, the kiosk the resumed game; the kiosk supervisor passes the moment it started the process
(``MEOWCADE_KIOSK_SPAWNED``). ``App.run`` logs them as one line after the first frame, which is
what ``bench/kiosk_resume.py`` reads to split kill → first frame into its phases.
"""
from __future__ import annotations

import os
import time

SPAWNED_ENV = "MEOWCADE_KIOSK_SPAWNED"    # (kiosk.supervisor sets it; named here, below the kiosk)
MARKS: dict[str, float] = {}


def mark(name: str, when: float | None = None) -> None:
    """Remember when ``name`` happened (the first time only: a second App in tests keeps the first)."""
    MARKS.setdefault(name, time.time() if when is None else when)


def summary() -> str:
    """``start=<wall time> main=+0.052 imports=+0.31 …``: offsets from the spawn (or main.py)."""
    marks = dict(MARKS)
    try:
        marks.setdefault("spawned", float(os.environ[SPAWNED_ENV]))
    except (KeyError, ValueError):
        pass
    if not marks:
        return ""
    start = marks.get("spawned", min(marks.values()))
    order = sorted(marks.items(), key=lambda kv: kv[1])
    return f"start={start:.4f} " + " ".join(f"{k}=+{v - start:.3f}" for k, v in order)
