"""Text figures: loading the gettext catalogues, and fitting text into boxes.

    python -m bench text

- catalogue load: a fresh process imports game.runtime.i18n and reads every .pot/.po of both languages
  with Babel (what the game pays once at start), median of 5 processes; plus the cached lookup
  cost of ``Translator.t``.
- fit: ``fit_text`` for every registered menu key in both languages at 1280x720, first time
  (measuring fonts) and again (cached), per call.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LOAD = ("import time; t = time.perf_counter(); from game.runtime.i18n import catalogue; "
        "catalogue('en'); catalogue('zh_TW'); print(time.perf_counter() - t)")


def run() -> dict:
    loads = []
    for _ in range(5):
        out = subprocess.run([sys.executable, "-c", LOAD], cwd=ROOT, capture_output=True, text=True,
                             check=True)
        loads.append(float(out.stdout.strip()))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    sys.path.insert(0, str(ROOT))
    from game.runtime.app import App
    from game.runtime.i18n import Translator, catalogue
    from game.ui.textfit import _FITS, boxes_for, fit_text
    from tests.runtime.test_text_fit import load_screens

    t = Translator("zh_TW")
    start = time.perf_counter()
    for _ in range(10000):
        t.t("md.card.points", n=2)
    lookup_us = (time.perf_counter() - start) / 10000 * 1e6
    load_screens()
    app = App(size=(1280, 720), audio=False, home=str(ROOT / "out" / "bench-text"))
    jobs = []
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        jobs += [(app.t(k, n=2, name="Mochi", game="Hungry Meow", lo=2, hi=6, total=9, level="Tiger",
                        note="x"), box) for k in catalogue("en").entries for _, box in boxes_for(k)]
    _FITS.clear()
    figures = {"catalogue_load_s_median": round(statistics.median(loads), 3),
               "catalogue_load_s_max": round(max(loads), 3), "t_lookup_us": round(lookup_us, 2),
               "fit_calls": len(jobs)}
    for label in ("fit_first_us", "fit_cached_us"):
        start = time.perf_counter()
        for text, box in jobs:
            fit_text(app, text, box)
        figures[label] = round((time.perf_counter() - start) / len(jobs) * 1e6, 1)
    for k, v in figures.items():
        print(f"{k}: {v}")
    return figures


if __name__ == "__main__":
    run()
