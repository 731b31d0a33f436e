"""`simulate … --report FILE.html`: one self-contained HTML file of plots (opens offline).

Plots are drawn by matplotlib on its Agg backend, without pyplot (no global figure list), as
SVG embedded in ``<img>`` data URIs, so each stays sharp when zoomed and none can clash with
another's ids. matplotlib is imported only here, and this module only when --report is asked
for. The report also carries the figures' JSON (the same as ``--json``) in a
``<script type="application/json" id="figures">`` block and as a table of numbers.

One setting gives one column; a sweep (``--players 2-6``, a list of option sets) or
``--compare A B`` gives a column per setting, and a compare adds its verdict and differences.
"""
from __future__ import annotations

import base64
import html
import io
import json
import math
import os
import re

from game.rules.registry import KITS
from game.simulation.plan import UNFINISHED, SimError, endings
from game.simulation.runs import (
    partial_line,
    seat_line,
    setting_label,
    sweep_rows,
    swept_keys,
    unfinished_lines,
)

FAIR = "#888888"
COLOURS = ["#d9822b", "#3a7ca5", "#6a994e", "#bc4749", "#7d5ba6", "#c9a227"]


def check_available() -> None:
    """SimError (one line) before any game is played when matplotlib is missing."""
    try:
        _mpl()
    except ImportError:
        raise SimError("--report needs matplotlib: pip install -r requirements-designer.txt") from None


def check_writable(path: str) -> None:
    """SimError (one line) before any game is played when the report cannot be written there;
    a file that is already there is left as it was."""
    target = os.path.abspath(path)
    if os.path.isdir(target):
        raise SimError(f"--report {path}: that is a folder; give a file name such as report.html")
    existed = os.path.exists(target)
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as err:
        raise SimError(f"--report {path}: cannot write it ({err.strerror or err})") from None
    if not existed:
        os.remove(target)


def _mpl():
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "meowcade",
                                "font.size": 9, "legend.fontsize": 9,
                                "axes.spines.top": False, "axes.spines.right": False})
    from matplotlib.figure import Figure
    return Figure


# Panels of one plot shown side by side (a sweep's settings, a compare's A and B) share their axes:
# ``shared_plots`` draws every column once to measure ("measure": each figure's axis limits by
# panel), then again with the union of those limits ("apply"). A panel is known by its title with
# the numbers taken out.
_SHARED: dict = {"mode": None, "limits": {}}


def _panel(fig) -> str:
    title = fig.axes[0].get_title() if fig.axes else ""
    return re.sub(r"[-+]?\d[\d.,]*%?", "#", title)


def _union(limits: list[tuple[float, float]]) -> tuple[float, float]:
    lo = min(min(a, b) for a, b in limits)
    hi = max(max(a, b) for a, b in limits)
    return (hi, lo) if limits[0][0] > limits[0][1] else (lo, hi)     # an inverted axis stays so


def _share_axes(fig) -> bool:
    """Measure or apply the shared limits; True when this figure is only measured."""
    mode = _SHARED["mode"]
    if mode == "measure":
        _SHARED["limits"].setdefault(_panel(fig), []).append(
            [(ax.get_xlim(), ax.get_ylim()) for ax in fig.axes])
        return True
    seen = _SHARED["limits"].get(_panel(fig), []) if mode == "apply" else []
    if len(seen) > 1:
        for i, ax in enumerate(fig.axes):
            same = [entry[i] for entry in seen if len(entry) > i]
            # an axis of names (seats, cards) keeps its own: 2 seats' bars squeezed into the room
            # of 6 say nothing more
            if not _named(ax.xaxis):
                ax.set_xlim(*_union([x for x, _ in same]))
            if not _named(ax.yaxis):
                ax.set_ylim(*_union([y for _, y in same]))
    return False


def _named(axis) -> bool:
    return type(axis.get_converter()).__name__ == "StrCategoryConverter"


def shared_plots(outs: list[dict]) -> list[list[tuple[str, str]]]:
    """``plots`` of each setting, the panels of one plot on the same axes."""
    try:
        _SHARED.update(mode="measure", limits={})
        for out in outs:
            plots(out)
        _SHARED["mode"] = "apply"
        return [plots(out) for out in outs]
    finally:
        _SHARED.update(mode=None, limits={})


def _svg(fig) -> str:
    if _share_axes(fig):
        return ""
    buf = io.BytesIO()
    fig.savefig(buf, format="svg", bbox_inches="tight", metadata={"Date": None})
    return "data:image/svg+xml;base64," + base64.b64encode(buf.getvalue()).decode("ascii")


def _figure(height: float = 2.6, width: float = 4.4):
    fig = _mpl()(figsize=(width, height))
    return fig, fig.subplots()


# ---- plots of one setting ----------------------------------------------------------------------
def _share_bars(ax, labels, rows, fair=None):
    """Bars of shares with their 95% intervals as error bars."""
    rates = [r["rate"] for r in rows]
    lo = [r["rate"] - r["ci95"][0] for r in rows]
    hi = [r["ci95"][1] - r["rate"] for r in rows]
    ax.bar(labels, rates, yerr=[lo, hi], capsize=4, color=COLOURS[0], ecolor="#333333")
    if fair is not None:
        ax.axhline(fair, color=FAIR, linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
        ax.legend(frameon=False, loc="upper right")
    ax.set_ylim(0, max(1e-9, max(r["ci95"][1] for r in rows)) * 1.25)
    _percent_axis(ax.yaxis)


def _percent():
    """Percent labels with as many decimals as the ticks' step needs (5%, 10% …; 0.5%, 1.0% …)."""
    from matplotlib.ticker import Formatter

    class Percent(Formatter):
        ticks: list = []

        def set_locs(self, locs):
            self.ticks = list(locs)

        def __call__(self, x, pos=None):
            locs = sorted(self.ticks)
            step = min((b - a for a, b in zip(locs, locs[1:], strict=False) if b > a), default=0.01)
            decimals = max(0, math.ceil(-math.log10(step * 100) - 1e-9))
            return f"{x * 100:.{decimals}f}%"

    return Percent()


def _percent_axis(axis) -> None:
    """Ticks at steps of 1, 2 or 5 times a power of ten (never 2.5, which whole percents round
    into 15, 18, 20 …), labelled as percents."""
    from matplotlib.ticker import MaxNLocator

    axis.set_major_locator(MaxNLocator(nbins=7, steps=[1, 2, 5, 10]))
    axis.set_major_formatter(_percent())


def plot_seats(out: dict) -> str:
    fig, ax = _figure()
    rows = out["wins_by_seat"]
    _share_bars(ax, [f"seat {r['seat']}" for r in rows], rows, 1 / out["players"])
    ax.set_ylabel("games won")
    ax.set_title("Win share per seat (95% intervals)")
    return _svg(fig)


def plot_bots(out: dict) -> str:
    fig, ax = _figure()
    names = list(out["wins_by_bot"])
    _share_bars(ax, names, [out["wins_by_bot"][n] for n in names], 1 / out["players"])
    ax.set_ylabel("seats won")
    ax.set_title("Win share per bot (95% intervals)")
    return _svg(fig)


def _histogram(ax, pairs, colour=COLOURS[1], label=None, per=1.0):
    values = [v for v, _ in pairs]
    counts = [c / per for _, c in pairs]
    if not values:
        ax.text(0.5, 0.5, "none seen", ha="center", transform=ax.transAxes)
        return
    from matplotlib.ticker import MaxNLocator

    for axis in (ax.xaxis, ax.yaxis):       # whole turns, scores and counts: whole-number steps
        axis.set_major_locator(MaxNLocator(nbins=7, integer=True, steps=[1, 2, 5, 10]))
    span = max(values) - min(values)
    if span > 60:            # wide ranges: bins, so that the bars stay visible
        bins = min(40, span + 1)
        ax.hist(values, weights=counts, bins=bins, color=colour, alpha=0.8, label=label)
    else:
        ax.bar(values, counts, width=0.85, color=colour, alpha=0.8, label=label)
        if span < 10:            # a narrow range (or one value): room around the bars
            ax.set_xlim(min(values) - 3, max(values) + 3)


def plot_length(out: dict) -> str:
    fig, ax = _figure()
    _histogram(ax, out["turns"]["histogram"])
    t = out["turns"]
    ax.axvline(t["mean"], color="#333333", linewidth=1, label=f"mean {t['mean']}")
    ax.legend(frameon=False)
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("Game length" if len(t["histogram"]) > 1 else f"Game length: every game {t['mean']:g} turns")
    if t.get("left_out"):
        ax.set_xlabel(f"turns ({t['games']} games that ended; {t['left_out']} that did not, left out)")
    return _svg(fig)


def plot_endings(out: dict) -> str:
    fig, ax = _figure(height=max(1.6, 0.45 * len(out["endings"]) + 0.9))
    names = list(out["endings"])
    shares = [out["endings"][n] / out["games"] for n in names]
    ax.barh(names, shares, color=COLOURS[2])
    for y, share in enumerate(shares):
        ax.text(share, y, f" {share:.0%}", va="center")
    ax.set_xlim(0, 1.15)
    _percent_axis(ax.xaxis)
    ax.invert_yaxis()
    ax.set_title("How games ended")
    return _svg(fig)


def per_turn_rate(events: list, lengths: list, width: int) -> tuple[list[float], list[float]]:
    """(bin centres, events per game-turn) over turn bins of ``width``: how often something
    happens on a turn among the games still going then (so late turns are not undercounted)."""
    last = max([t for t, _ in lengths] + [0])
    alive = [0] * (last + 2)                 # alive[t]: games that played turn t
    for length, count in lengths:
        for t in range(1, length + 1):
            alive[t] += count
    seen = [0] * (last + 2)
    for turn, count in events:
        seen[min(turn, last + 1)] += count
    xs, ys = [], []
    for lo in range(1, last + 1, width):
        turns = sum(alive[lo:lo + width])
        if turns >= 20:                      # too few game-turns say nothing
            xs.append(lo + (width - 1) / 2)
            ys.append(sum(seen[lo:lo + width]) / turns)
    return xs, ys


def plot_scores(out: dict) -> str:
    fig, ax = _figure()
    _histogram(ax, out["scores"]["histogram"], per=1.0)
    spread = out["scores"]["spread"]
    ax.axvline(spread["mean"], color="#333333", linewidth=1, label=f"mean {spread['mean']}")
    ax.legend(frameon=False)
    ax.set_xlabel("final score")
    ax.set_ylabel("seats")
    ax.set_title("Score distribution")
    return _svg(fig)


def plot_tally(out: dict, group: str, title: str, share: bool) -> str:
    """A horizontal bar per key: the share of games (with 95% interval) or the mean per game."""
    table = out.get("tallies", {}).get(group, {})
    names = list(table)
    fig, ax = _figure(height=max(1.6, 0.2 * len(names) + 0.8), width=4.4)
    if share:
        values = [table[n]["games"] / out["games"] for n in names]
        lo = [v - table[n]["ci95"][0] for n, v in zip(names, values, strict=True)]
        hi = [table[n]["ci95"][1] - v for n, v in zip(names, values, strict=True)]
        ax.barh(names, values, xerr=[lo, hi], color=COLOURS[0], ecolor="#555555", capsize=2)
        _percent_axis(ax.xaxis)
        ax.set_xlabel("games in which it was taken (95% intervals)")
    else:
        ax.barh(names, [table[n]["per_game"] for n in names], color=COLOURS[0])
        ax.set_xlabel("per game")
    ax.invert_yaxis()
    ax.set_title(title)
    return _svg(fig)


def plot_win_when_held(out: dict, group: str) -> str:
    """Each key's win rate of the seats that held it (95% intervals), against all seats'."""
    table = out["win_when_held"][group]
    names = list(table)
    fig, ax = _figure(height=max(1.6, 0.2 * len(names) + 0.9), width=4.4)
    rates = [table[n]["rate"] for n in names]
    lo = [r - table[n]["ci95"][0] for n, r in zip(names, rates, strict=True)]
    hi = [table[n]["ci95"][1] - r for n, r in zip(names, rates, strict=True)]
    ax.barh(names, rates, xerr=[lo, hi], color=COLOURS[4], ecolor="#555555", capsize=2)
    ax.axvline(out["seat_win_share"], color=FAIR, linestyle="--", linewidth=1,
               label=f"all seats {out['seat_win_share']:.0%}")
    ax.legend(frameon=False, loc="lower right")
    ax.set_xlim(0, 1)
    _percent_axis(ax.xaxis)
    ax.set_xlabel("games won by the seats that took it (95% intervals)")
    ax.invert_yaxis()
    ax.set_title(f"Win rate when {group.replace('s taken', ' taken')}")
    return _svg(fig)


def plots(out: dict) -> list[tuple[str, str]]:
    """(name, image) of every plot of one setting, in report order."""
    items = [("Win share per seat", plot_seats(out))]
    if len(out["wins_by_bot"]) > 1:
        items.append(("Win share per bot", plot_bots(out)))
    items += [("Game length", plot_length(out)), ("Endings", plot_endings(out))]
    own = KITS[out["game"]].load("plots") if out["game"] in KITS else None
    if own is not None:                    # the game's own plots (its kit's ``plots``)
        items += own(out)
    for group in out.get("win_when_held", {}):
        items.append((f"Win rate when {group}", plot_win_when_held(out, group)))
    return items


def plot_across(outs: list[dict]) -> str:
    """A sweep at a glance: each seat's win share (and fair share) setting by setting."""
    fig, ax = _figure(width=max(4.4, 1.1 * len(outs) + 2))
    labels = [setting_label(o).replace("; ", "\n") for o in outs]
    xs = range(len(outs))
    seats = max(o["players"] for o in outs)
    for seat in range(min(seats, 6)):
        pts = [(x, o["wins_by_seat"][seat]) for x, o in zip(xs, outs, strict=True) if seat < o["players"]]
        lo = [r["rate"] - r["ci95"][0] for _, r in pts]
        hi = [r["ci95"][1] - r["rate"] for _, r in pts]
        ax.errorbar([x + (seat - seats / 2) * 0.06 for x, _ in pts], [r["rate"] for _, r in pts],
                    yerr=[lo, hi], marker="o", capsize=3, linestyle="none", color=COLOURS[seat],
                    label=f"seat {seat}")
    ax.plot(list(xs), [1 / o["players"] for o in outs], color=FAIR, linestyle="--", label="fair share")
    ax.set_xticks(list(xs), labels)
    _percent_axis(ax.yaxis)
    _legend_below(ax, 4)
    ax.set_title("Win share per seat, setting by setting")
    return _svg(fig)


def _legend_below(ax, columns: int) -> None:
    """The legend under the setting names, where it hides no point."""
    ax.legend(frameon=False, ncol=columns, loc="upper center", bbox_to_anchor=(0.5, -0.22))


def plot_swept_card(outs: list[dict], group: str, key: str) -> str:
    """A sweep over one card: how often it is taken and the win rate of the seats that took it,
    setting by setting (95% intervals), against all seats' win share."""
    fig, ax = _figure(width=max(4.4, 1.1 * len(outs) + 2))
    xs = list(range(len(outs)))
    taken = [(x, o["tallies"][group][key], o["tallies"][group][key]["games"] / o["games"])
             for x, o in zip(xs, outs, strict=True) if key in o.get("tallies", {}).get(group, {})]
    won = [(x, o["win_when_held"][group][key], o["win_when_held"][group][key]["rate"])
           for x, o in zip(xs, outs, strict=True) if key in o.get("win_when_held", {}).get(group, {})]
    for shift, label, colour, pts in ((-0.05, "in games (share)", COLOURS[0], taken),
                                      (0.05, "win rate when taken", COLOURS[4], won)):
        below = [y - row["ci95"][0] for _, row, y in pts]
        above = [row["ci95"][1] - y for _, row, y in pts]
        ax.errorbar([x + shift for x, _, _ in pts], [y for _, _, y in pts], yerr=[below, above],
                    marker="o", capsize=3, color=colour, label=label)
    ax.plot(xs, [o.get("seat_win_share", 1 / o["players"]) for o in outs], color=FAIR, linestyle="--",
            label="all seats' win share")
    ax.set_xticks(xs, [setting_label(o).replace("; ", "\n") for o in outs])
    ax.set_ylim(bottom=0)
    _percent_axis(ax.yaxis)
    _legend_below(ax, 3)
    ax.set_title(f"{key}, setting by setting")
    return _svg(fig)


# ---- the page -----------------------------------------------------------------------------------
STYLE = """
body { font-family: system-ui, sans-serif; margin: 1.5em; color: #222; background: #fffdf8; }
h1 { font-size: 1.4em; margin-bottom: .2em; } h2 { font-size: 1.1em; margin-top: 1.6em; }
table.grid { border-collapse: collapse; } table.grid td, table.grid th { vertical-align: top;
  padding: 4px 8px; } table.grid th { text-align: left; background: #f3eee2; }
img { width: auto; max-width: 100%; } .num td, .num th { border-bottom: 1px solid #e6e0d0; padding: 2px 8px;
  text-align: right; } .num td:first-child, .num th:first-child { text-align: left; }
.flow { display: flex; flex-wrap: wrap; gap: 10px; align-items: flex-start; }
h3 { font-size: 1em; margin: 1.2em 0 .3em; } figure { margin: 0; }
figcaption { font-weight: bold; font-size: .95em; padding: 2px 4px; background: #f3eee2; }
table.num td.text, table.num th.text { text-align: left; max-width: 56em; }
.sig { background: #fde8d0; } .verdict { font-size: 1.05em; background: #f3eee2; padding: .6em 1em;
  border-left: 4px solid #d9822b; white-space: pre-wrap; } .small { color: #666; font-size: .9em; }
"""


def _numbers(outs: list[dict]) -> str:
    """The key figures as a table with a column per setting (as the sweep's text table)."""
    rows = []
    for i, (name, cells) in enumerate(sweep_rows(outs)):
        tag = "th" if i == 0 else "td"
        rows.append(f"<tr><{tag}>{html.escape(name)}</{tag}>"
                    + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>")
    return "<table class='num'>" + "".join(rows) + "</table>"


def _endings_section(outs: list[dict], heads: list[str]) -> str:
    """What every ending means, and the games that did not end, by number."""
    seen = {e for o in outs for e in o["endings"]}
    rows = "".join(f"<tr><td>{html.escape(key)}</td><td class='text'>{html.escape(text)}</td></tr>"
                   for key, text in endings(outs[0]["game"]).items() if key in seen or key in UNFINISHED)
    notes = []
    for head, o in zip(heads, outs, strict=True):
        lines = unfinished_lines(o)
        if lines:
            notes.append(f"<p class='small'>{head}: {html.escape(lines[0].strip())}</p>")
    return ("<h2>How games end</h2><table class='num'><tr><th>ending</th><th class='text'>meaning</th></tr>"
            + rows + "</table>" + "".join(notes))


SHOW_JSON = ("document.getElementById('json').textContent = JSON.stringify("
             "JSON.parse(document.getElementById('figures').textContent), null, 1);")


def page(data: dict) -> str:
    """The HTML of a report on ``data``: one setting's figures, {"sweep": [...]} or a compare."""
    if "sweep" in data:
        outs, title = data["sweep"], "sweep"
    elif "compare" in data:
        outs, title = [data["a"], data["b"]], "A/B comparison"
    else:
        outs, title = [data], ""
    first = outs[0]
    if "compare" in data:
        heads = [html.escape(f"{side}: {o['label']}") for side, o in zip("AB", outs, strict=True)]
    else:
        heads = [html.escape(setting_label(o)) for o in outs]
    parts = [f"<h1>Meowcade balance report: {html.escape(first['game'])}"
             f"{' — ' + title if title else ''}</h1>",
             f"<p class='small'>{first['games']} games per setting, seed {first['seed']}, bots "
             f"{html.escape(', '.join(first['bots']))}. Every game is a pure function of the seed and "
             f"its index; bots rotate seats game by game. Intervals are 95%.</p>"]
    if "compare" not in data:
        parts.append("<p>" + "<br>".join(html.escape((f"{head}: " if len(outs) > 1 else "") + seat_line(o))
                                         for head, o in zip(heads, outs, strict=True) if "seat_test" in o)
                     + "</p>")
    for o in outs:
        if o.get("partial"):
            parts.append(f"<div class='verdict'>{html.escape(partial_line(o))} "
                         f"({html.escape(setting_label(o))}).</div>")
    if "compare" in data:
        from game.simulation.compare import difference_rows
        parts.append(f"<div class='verdict'>{html.escape(data['verdict'])}</div>")
        parts.append("<h2>Differences (B − A, same seeds)</h2>" + difference_rows(data["differences"]))
    if len(outs) > 1 and "sweep" in data:
        for group, key in swept_keys(outs):
            parts.append(f"<h2>{html.escape(key)}</h2><img src='{plot_swept_card(outs, group, key)}' "
                         f"alt='{html.escape(key)} across settings'>")
        parts.append(f"<h2>Across settings</h2><img src='{plot_across(outs)}' alt='across settings' "
                     f"style='width:auto;max-width:100%'>")
    if len(outs) == 1:           # one setting: the plots flow across the page
        parts.append("<h2>Plots</h2><div class='flow'>" + "".join(
            f"<img src='{image}' alt='{html.escape(name)}'>" for name, image in plots(first)) + "</div>")
    else:                        # a row per plot, a panel per setting on shared axes, wrapping
        columns = shared_plots(outs)
        names: list[str] = []
        for col in columns:
            names += [n for n, _ in col if n not in names]
        parts.append("<h2>Plots</h2><p class='small'>The panels of one plot share their axes, "
                     "setting by setting.</p>")
        for name in names:
            cells = [f"<figure><figcaption>{head}</figcaption><img src='{dict(col)[name]}' "
                     f"alt='{html.escape(name)}'></figure>"
                     for head, col in zip(heads, columns, strict=True) if name in dict(col)]
            parts.append(f"<h3>{html.escape(name)}</h3><div class='flow'>{''.join(cells)}</div>")
    parts.append("<h2>Numbers</h2>" + _numbers(outs))
    parts.append(_endings_section(outs, heads))
    parts.append("<h2>All figures</h2><p class='small'>As <code>--json</code> prints them; they are in "
                 "this file as <code>&lt;script id=figures&gt;</code>.</p>"
                 "<details><summary>show the JSON</summary><pre id='json'></pre></details>")
    body = "\n".join(parts)
    blob = json.dumps(data).replace("</", "<\\/")
    return (f"<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            f"<title>Meowcade report: {html.escape(first['game'])}</title><style>{STYLE}</style></head>"
            f"<body>\n{body}\n<script type='application/json' id='figures'>{blob}</script>\n"
            f"<script>{SHOW_JSON}</script>\n</body></html>\n")


def write(path: str, data: dict) -> None:
    text = page(data)
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as err:
        raise SimError(f"--report {path}: cannot write it ({err.strerror or err})") from None
