"""`simulate GAME --compare A B`: two settings on the same seeds, figure by figure.

A and B are each a card data file (as ``--cards``), a JSON object of options (laid over
``--options``) or ``default`` (the run as given). Game i of A and game i of B start from the same
deal with the same bots' seeds, so each figure is compared on paired games: the mean of the
per-game differences (B − A) with a 95% Student's t interval. Pairing removes most of the luck of
the deal, so small runs already tell. With ~50 figures, about one in twenty would differ at 95% by
chance alone if each were judged on its own; so a figure is called significant only after Holm's
correction for all the figures that differ in any game (the chance of even one false alarm in the
whole table stays under 5%, whatever the figures' dependence). The verdict is plain sentences.
"""
from __future__ import annotations

import dataclasses
import html
import json
import math
import time

from game.play.suggest import closest
from game.simulation.plan import Plan, SimError
from game.simulation.runs import Progress, results
from game.simulation.stats import SHARE, Tally, game_figures, holm, paired_difference

TOP = 6     # figures named in the verdict


def side(base: Plan, spec: str) -> Plan:
    """The plan of one side: ``default``, a JSON object of options, or a card file."""
    spec = spec.strip()
    if spec == "default":
        return base
    if spec.startswith("{"):
        try:
            options = json.loads(spec)
        except (ValueError, RecursionError):
            raise SimError(f"--compare {spec[:40]!r}: not a valid JSON object of options") from None
        if not isinstance(options, dict):
            raise SimError("--compare: an option set must be a JSON object")
        return dataclasses.replace(base, options={**base.options, **options})
    return dataclasses.replace(base, cards=spec)


def run_side(plan: Plan, jobs: int, cluster: str | None, bar: Progress | None) -> tuple[dict, list[dict]]:
    """(figures of the setting, figures of each game) of one side."""
    start = time.monotonic()
    tally = Tally(plan.players)
    per_game = []
    for result in results(plan, jobs, cluster, bar):
        tally.add(result)
        per_game.append(game_figures(result))
    out = tally.figures(plan.head())
    elapsed = time.monotonic() - start
    out["seconds"] = round(elapsed, 3)
    out["games_per_second"] = round(tally.games / elapsed, 2) if elapsed else None
    return out, per_game


def differences(games_a: list[dict], games_b: list[dict]) -> list[dict]:
    """Each figure: A's and B's means over the paired games and the paired difference."""
    names: dict[str, str] = {}
    for game in games_a + games_b:
        for name, (kind, _) in game.items():
            names.setdefault(name, kind)
    rows = []
    for name, kind in names.items():
        optional = name.startswith("mean ")      # only games that have it pair up
        a_vals, b_vals = [], []
        for fa, fb in zip(games_a, games_b, strict=True):
            if optional and (name not in fa or name not in fb):
                continue
            a_vals.append(fa.get(name, (kind, 0.0))[1])
            b_vals.append(fb.get(name, (kind, 0.0))[1])
        diff = paired_difference([b - a for a, b in zip(a_vals, b_vals, strict=True)])
        n = len(a_vals)
        rows.append({"figure": name, "kind": kind, "n": n,
                     "a": round(sum(a_vals) / n, 4) if n else 0.0,
                     "b": round(sum(b_vals) / n, 4) if n else 0.0,
                     "difference": round(diff["mean"], 4),
                     "ci95": [round(diff["ci95"][0], 4), round(diff["ci95"][1], 4)],
                     "p": diff["p"],
                     "t": None if math.isinf(diff["t"]) else round(diff["t"], 2),
                     "identical": all(a == b for a, b in zip(a_vals, b_vals, strict=True))})
        rows[-1]["sd"] = diff.get("sd", 0.0)
    return rows


def corrected(rows: list[dict], named: list[str] | None = None) -> list[dict]:
    """``p_holm`` and ``significant`` (Holm-adjusted p below 5%) over the family tested: the
    ``named`` figures (``--figure``), else every figure that differs in at least one game (one
    the same in every game is no test at all). A figure outside the family gets ``tested`` false
    and no p_holm. Where a tested figure shows nothing, ``games_for_edge``: about how many paired
    games would show a change of ``edge`` (2 points of a share, a tenth of A's mean otherwise)
    with 80% power at the family's corrected level."""
    if named:
        known = [r["figure"] for r in rows]
        for name in named:
            if name not in known:
                near = closest(name, known)
                raise SimError(f"--figure {name!r}: no such figure"
                               + (f" (did you mean {near!r}?)" if near else "")
                               + " (the figures are the first column of a compare)")
    family = [r for r in rows if (r["figure"] in named if named else not r["identical"])]
    for row, adjusted in zip(family, holm([r["p"] for r in family]), strict=True):
        row["p_holm"] = adjusted
        row["significant"] = adjusted < 0.05 and not row["identical"]
        row["tested"] = True
        edge = 0.02 if row["kind"] == SHARE else abs(row["a"]) / 10
        row["edge"] = round(edge, 4)
        row["games_for_edge"] = (None if row["significant"] else
                                 paired_games_to_show(edge, row.get("sd", 0.0), 0.05 / len(family)))
    for row in rows:
        if row not in family:
            row["p_holm"], row["significant"], row["tested"] = None, False, False
    return rows


def footnote(rows: list[dict]) -> str:
    tests = sum(r.get("tested", False) for r in rows)
    left = len(rows) - tests
    return (f"* significant at 95% after Holm's correction for the {tests} figures tested"
            + (f" ({left} not tested: the same in every game, or not named with --figure)" if left else "")
            + "; intervals are each figure's own 95%")


def _value(kind: str, value: float) -> str:
    return f"{value:.1%}" if kind == SHARE else f"{value:.3g}"


def _delta(kind: str, value: float) -> str:
    return f"{value * 100:+.1f} points" if kind == SHARE else f"{value:+.3g}"


def sentence(row: dict) -> str:
    """"seat 1's win share drops from 58.0% to 51.0% (−7.0 points; 95% interval …), significant"."""
    kind = row["kind"]
    a, b = _value(kind, row["a"]), _value(kind, row["b"])
    if row["identical"]:
        return f"{row['figure']} is the same in every game ({a})"
    verb = "rises" if row["difference"] > 0 else "drops" if row["difference"] < 0 else "stays"
    lo, hi = row["ci95"]
    scale = 100 if kind == SHARE else 1
    interval = f"{lo * scale:+.1f} to {hi * scale:+.1f}" if kind == SHARE else f"{lo:+.3g} to {hi:+.3g}"
    where = f"at {a}" if verb == "stays" else f"from {a} to {b}"
    verdict = "significant" if row["significant"] else "not significant"
    return (f"{row['figure']} {verb} {where} ({_delta(kind, row['difference'])}; "
            f"95% interval {interval}), {verdict}")


def verdict(rows: list[dict], games: int, named: list[str] | None = None) -> str:
    """Plain sentences: is there a difference, and the figures that tell the most; where a
    figure shows nothing, whether the run was big enough to see a change."""
    if all(r["identical"] for r in rows):
        return (f"No difference: A and B played all {games} games identically, so every figure is "
                f"the same.")
    tested = [r for r in rows if r["tested"]]
    found = [r for r in tested if r["significant"]]
    same = sum(r["identical"] for r in rows)
    family = (f"the {len(tested)} figures named with --figure" if named else
              f"the {len(tested)} figures tested (of {len(rows)}; {same} are the same in every game)")
    lines = []
    if not found:
        lines.append(f"No difference found in {family} over {games} paired games, at 95% with Holm's "
                     f"correction over those {len(tested)}. That is not proof of no difference: see below "
                     f"how many games would show a small one.")
    else:
        lines.append(f"{len(found)} of {family} differ over {games} paired games, at 95% with Holm's "
                     f"correction over those {len(tested)} (chance alone would rarely mark any).")
    shown = [r for r in tested if r["figure"] in named] if named else \
        [r for r in rows if r["figure"] == "seat 0's win share"]
    ranked = sorted(found, key=lambda r: -(abs(r["t"]) if r["t"] is not None else math.inf))
    for row in shown + [r for r in ranked[:TOP] if r not in shown]:
        lines.append(sentence(row) + "." + power_note(row, games))
    return "\n".join(lines)


def power_note(row: dict, games: int) -> str:
    """" About N more paired games would show a 2-point change at 80% power." where it applies."""
    need = row.get("games_for_edge")
    if row["significant"] or not row.get("tested") or need is None:
        return ""
    edge = _delta(row["kind"], row["edge"]).lstrip("+")
    if need <= games:
        return (f" This run was big enough to show a change of {edge} (80% power): there is likely "
                f"none that big.")
    return f" About {need - games} more paired games would show a change of {edge} at 80% power."


def paired_games_to_show(edge: float, sd: float, alpha: float) -> int | None:
    """Paired games for a one-sample t test to show a mean difference ``edge`` when the pairs'
    differences spread by ``sd``, with 80% power at level ``alpha``."""
    if edge <= 0 or sd <= 0:
        return None
    from statsmodels.stats.power import TTestPower

    return math.ceil(TTestPower().solve_power(effect_size=edge / sd, alpha=alpha, power=0.8))


def compare(base: Plan, spec_a: str, spec_b: str, jobs: int = 1, cluster: str | None = None,
            progress: bool = True, named: list[str] | None = None) -> dict:
    plan_a, plan_b = side(base, spec_a), side(base, spec_b)
    bar = Progress(plan_a.games + plan_b.games) if progress else None
    out_a, games_a = run_side(plan_a, jobs, cluster, bar)
    out_b, games_b = run_side(plan_b, jobs, cluster, bar)
    out_a["label"], out_b["label"] = spec_a, spec_b
    rows = corrected(differences(games_a, games_b), named)
    return {"compare": [spec_a, spec_b], "a": out_a, "b": out_b, "differences": rows,
            **({"figures_named": named} if named else {}), "verdict": verdict(rows, base.games, named)}


def compare_cli(plans: list[Plan], specs: list[str], jobs: int, cluster: str | None,
                named: list[str] | None = None) -> dict:
    if len(plans) != 1:
        raise SimError("--compare takes one setting (one player count, one option set)")
    return compare(plans[0], specs[0], specs[1], jobs, cluster, named=named)


def format_compare(out: dict) -> str:
    a = out["a"]
    lines = [f"{a['game']}: A = {out['compare'][0]}, B = {out['compare'][1]}; {a['games']} paired games, "
             f"{a['players']} players, seed {a['seed']}, bots {','.join(a['bots'])}", "",
             out["verdict"], "",
             f"{'figure':<34}{'A':>9}{'B':>9}{'B - A':>14}   95% interval"]
    for row in out["differences"]:
        kind = row["kind"]
        lo, hi = row["ci95"]
        interval = (f"{lo * 100:+.1f} to {hi * 100:+.1f}" if kind == SHARE else f"{lo:+.3g} to {hi:+.3g}")
        mark = " *" if row["significant"] else ("" if row.get("tested") else "  (not tested)")
        lines.append(f"{row['figure'][:33]:<34}{_value(kind, row['a']):>9}{_value(kind, row['b']):>9}"
                     f"{_delta(kind, row['difference']):>14}   {interval}{mark}")
    lines.append(f"({footnote(out['differences'])}; shares in percentage points)")
    return "\n".join(lines)


def mark(row: dict) -> str:
    return "significant" if row["significant"] else ("" if row.get("tested") else "not tested")


def difference_rows(rows: list[dict]) -> str:
    """The differences as an HTML table (significant rows marked) for the report."""
    out = ["<table class='num'><tr><th>figure</th><th>A</th><th>B</th><th>B − A</th>"
           "<th>95% interval</th><th></th></tr>"]
    for row in rows:
        kind = row["kind"]
        lo, hi = row["ci95"]
        interval = (f"{lo * 100:+.1f} to {hi * 100:+.1f}" if kind == SHARE else f"{lo:+.3g} to {hi:+.3g}")
        cls = " class='sig'" if row["significant"] else ""
        out.append(f"<tr{cls}><td>{html.escape(row['figure'])}</td><td>{_value(kind, row['a'])}</td>"
                   f"<td>{_value(kind, row['b'])}</td><td>{_delta(kind, row['difference'])}</td>"
                   f"<td>{interval}</td><td>{mark(row)}</td></tr>")
    out.append("</table>")
    out.append(f"<p class='small'>{html.escape(footnote(rows))}.</p>")
    return "".join(out)

