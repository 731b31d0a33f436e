"""Hungry Meow's plots in a balance report (its kit's ``plots``), after the shared ones."""
from __future__ import annotations

from game.simulation.report import COLOURS, _figure, _svg, per_turn_rate


def plots(out: dict) -> list[tuple[str, str]]:
    return [("Death draws and eliminations per turn", plot_per_turn(out))]


def plot_per_turn(out: dict) -> str:
    """Hungry Meow: Death draws and eliminations per turn, along the game."""
    fig, ax = _figure()
    samples = out.get("samples", {})
    lengths = out["turns"]["histogram"]
    width = max(1, round(out["turns"]["p95"] / 12))
    for colour, name, label in ((COLOURS[3], "turn of a Death draw", "Death draws"),
                                (COLOURS[4], "turn of an elimination", "eliminations")):
        xs, ys = per_turn_rate(samples.get(name, {}).get("histogram", []), lengths, width)
        ax.plot(xs, ys, "o-", color=colour, markersize=3, label=label)
    rates = out.get("counter_rates", {})
    if "death draws" in rates:
        ax.set_title(f"Per turn: {rates['death draws']['per_turn']:.3f} Death draws, "
                     f"{rates['eliminations']['per_turn']:.3f} eliminations", fontsize=9)
    ax.set_xlabel(f"turn (bins of {width})")
    ax.set_ylabel("per turn, games still going")
    ax.set_ylim(bottom=0)
    ax.legend(frameon=False)
    return _svg(fig)
