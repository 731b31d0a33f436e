"""The balance report in a real browser (tools/report_screenshots.py: headless Chromium at
1366x768): it fits the window, no plot's text is under 11 px, the panels of one plot share
their axes; and percent ticks fall on clean steps."""
import json
import math
import os
import re
import subprocess
import sys

import pytest

from game.simulation import report

from .test_simulate import ROOT

CHROMIUM = "/usr/bin/chromium"


@pytest.mark.slow
@pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs the system chromium")
def test_reports_fit_1366_with_text_of_11_px_and_shared_axes(tmp_path):
    done = subprocess.run([sys.executable, "tools/report_screenshots.py", "--out", str(tmp_path),
                           "--games", "16"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert set(summary) == {"one-setting", "compare", "sweep"}
    for name, facts in summary.items():
        assert facts["page_width"] <= 1366, name
        for plot in facts["plots"]:
            assert plot["smallest_px"] >= 11, (name, plot["plot"], plot["smallest_px"])
        assert (tmp_path / f"{name}.png").stat().st_size > 50_000
    numbers = {}
    for plot in summary["compare"]["plots"]:
        if plot["plot"] == "Score distribution":
            numbers[plot["setting"]] = [t for t in plot["texts"] if re.fullmatch(r"[\d.]+", t)]
    assert len(numbers) == 2
    a, b = numbers.values()
    assert a == b                                   # A's and B's ticks: the same axes


def percent_labels(lo: float, hi: float) -> list[str]:
    report._mpl()
    from matplotlib.figure import Figure

    fig = Figure()
    ax = fig.subplots()
    ax.set_ylim(lo, hi)
    report._percent_axis(ax.yaxis)
    fig.canvas.draw()
    return [t.get_text() for t in ax.get_yticklabels() if t.get_text()]


@pytest.mark.parametrize("lo,hi", [(0.14, 0.26), (0.0, 0.35), (0.0, 1.15), (0.497, 0.503), (0.2, 0.23)])
def test_percent_ticks_fall_on_clean_steps(lo, hi):
    labels = percent_labels(lo, hi)
    values = [float(t.rstrip("%")) for t in labels]
    steps = {round(b - a, 6) for a, b in zip(values, values[1:], strict=False)}
    assert len(steps) == 1, labels                  # evenly spaced as printed: no 15, 18, 20, 22
    step = steps.pop()
    mantissa = step / 10 ** math.floor(math.log10(step))
    assert round(mantissa, 6) in (1, 2, 5), labels
    assert len(set(labels)) == len(labels)
