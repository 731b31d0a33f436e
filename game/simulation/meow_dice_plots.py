"""Meow Meow Dice's plots in a balance report (its kit's ``plots``), after the shared ones."""
from __future__ import annotations

from game.simulation.report import COLOURS, _figure, _percent_axis, _svg, plot_scores, plot_tally


def plots(out: dict) -> list[tuple[str, str]]:
    return [("Score distribution", plot_scores(out)),
            ("Slot and fish-bone take rates", plot_slots(out)),
            ("Cards taken", plot_tally(out, "cards taken", "Which cards are taken", True))]


def plot_slots(out: dict) -> str:
    """Meow Meow Dice: what a turn ends with (a slot's card or a fish bone)."""
    fig, ax = _figure()
    rates = out.get("counter_rates", {})
    names = [k for k in ("slot TL", "slot TR", "slot BL", "slot BR", "fishbone") if k in rates]
    shares = [rates[k]["per_turn"] for k in names]
    ax.bar(names, shares, color=[COLOURS[1]] * 4 + [COLOURS[3]])
    for x, share in enumerate(shares):
        ax.text(x, share, f"{share:.0%}", ha="center", va="bottom")
    _percent_axis(ax.yaxis)
    ax.set_ylabel("of turns")
    ax.set_title("Slot and fish-bone take rates")
    return _svg(fig)
