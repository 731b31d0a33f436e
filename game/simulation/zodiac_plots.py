"""Zodiac Catchers' plots in a balance report (its kit's ``plots``), after the shared ones."""
from __future__ import annotations

from game.simulation.report import COLOURS, _figure, _histogram, _percent_axis, _svg, plot_scores, plot_tally


def plots(out: dict) -> list[tuple[str, str]]:
    items = [("Captures per kind", plot_tally(out, "captures by kind", "Captures per kind", False)),
             ("How rounds end", plot_round_ends(out)),
             ("Turns per round", plot_round_length(out))]
    if "scores" in out:
        items.append(("Score distribution", plot_scores(out)))
    return items


def plot_round_ends(out: dict) -> str:
    counters = out.get("counters", {})
    names = [k for k in counters if k.startswith("round ")]
    fig, ax = _figure(height=max(1.6, 0.4 * len(names) + 0.9))
    rounds = counters.get("rounds") or 1
    shares = [counters[k] / rounds for k in names]
    ax.barh([k[len("round "):] for k in names], shares, color=COLOURS[2])
    for y, share in enumerate(shares):
        ax.text(share, y, f" {share:.0%}", va="center")
    ax.set_xlim(0, 1.15)
    _percent_axis(ax.xaxis)
    ax.invert_yaxis()
    ax.set_title("How rounds ended (share of rounds)")
    ax.set_xlabel("unfinished: the match reached its target mid-round\n"
                  "none: fewer than 3 cards face down, no winner (ZC-5)")
    return _svg(fig)


def plot_round_length(out: dict) -> str:
    fig, ax = _figure()
    sample = out.get("samples", {}).get("turns per round", {"histogram": [], "mean": 0})
    _histogram(ax, sample["histogram"])
    ax.axvline(sample["mean"], color="#333333", linewidth=1, label=f"mean {sample['mean']}")
    ax.legend(frameon=False)
    ax.set_xlabel("turns")
    ax.set_ylabel("rounds")
    ax.set_title("Turns per round")
    return _svg(fig)
