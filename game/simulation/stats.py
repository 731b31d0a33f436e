"""The figures of a ``simulate`` run, from the per-game results that ``play_one`` returns.

``Tally`` adds games one at a time (a run of a million games holds no list of results) and
gives the JSON figures; ``game_figures`` turns one game into named numbers, the unit that
``--compare`` pairs game by game. Intervals are 95%: Wilson's for a share, Student's t for the
mean of paired differences. Pure Python (no numpy), so ``--json`` needs nothing installed.
"""
from __future__ import annotations

import math
from collections import Counter

Z95 = 1.959964
UNFINISHED_LISTED = 1000      # games without an ending listed by number (all are counted)


def wilson(wins: int, n: int, z: float = Z95) -> list[float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return [0.0, 0.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def t95(df: int) -> float:
    """Two-sided 95% quantile of Student's t: a table to 5 degrees of freedom, then the
    Cornish-Fisher series (within 0.1% from df 6)."""
    if df <= 0:
        return math.inf
    if df <= 5:
        return (12.706, 4.303, 3.182, 2.776, 2.571)[df - 1]
    z = Z95
    g1 = (z ** 3 + z) / 4
    g2 = (5 * z ** 5 + 16 * z ** 3 + 3 * z) / 96
    g3 = (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / 384
    return z + g1 / df + g2 / df ** 2 + g3 / df ** 3


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def hist_percentile(hist: Counter, q: float) -> float:
    """``percentile`` of the values a histogram {value: count} stands for, without expanding it."""
    n = sum(hist.values())
    if not n:
        return 0.0
    k = (n - 1) * q
    lo_rank, hi_rank = math.floor(k), math.ceil(k)
    lo = hi = None
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if lo is None and seen > lo_rank:
            lo = value
        if seen > hi_rank:
            hi = value
            break
    return lo + (hi - lo) * (k - lo_rank)


def pairs(hist: Counter) -> list[list]:
    """A histogram as [[value, count], …] in value order (JSON keys would be strings)."""
    return [[value, hist[value]] for value in sorted(hist)]


def mean(values) -> float:
    values = list(values)
    return sum(values) / len(values) if values else 0.0


class Tally:
    """Running sums of a run's games; ``figures()`` gives the JSON of ``simulate --json``."""

    def __init__(self, players: int):
        self.players = players
        self.games = 0
        self.seat_wins = [0] * players
        self.bot_wins: Counter = Counter()
        self.bot_games: Counter = Counter()
        self.endings: Counter = Counter()
        self.turns: Counter = Counter()
        self.counters: Counter = Counter()
        self.per_bot: dict[str, Counter] = {}
        self.score_sum_bot: Counter = Counter()
        self.score_n_bot: Counter = Counter()
        self.score_sum_seat: Counter = Counter()
        self.score_n_seat: Counter = Counter()
        self.scores: Counter = Counter()
        self.tally_total: dict[str, Counter] = {}
        self.tally_games: dict[str, Counter] = {}
        self.samples: dict[str, Counter] = {}
        self.unfinished: list[dict] = []

    def add(self, result: dict) -> None:
        self.games += 1
        self.endings[result["ending"]] += 1
        if result["ending"] in ("cap", "stalled"):     # no end by the rules: no length to count
            self.unfinished.append({"game": result.get("index", self.games - 1),
                                    "ending": result["ending"], "turns": result["turns"]})
        else:
            self.turns[result["turns"]] += 1
        for seat, name in enumerate(result["bots"]):
            self.bot_games[name] += 1
            if seat in result["winners"]:
                self.seat_wins[seat] += 1
                self.bot_wins[name] += 1
        stats = result["stats"]
        self.counters.update(stats.get("counters", {}))
        for key, values in stats.get("per_seat", {}).items():
            table = self.per_bot.setdefault(key, Counter())
            for seat, value in enumerate(values):
                table[result["bots"][seat]] += value
        for seat, score in enumerate(stats.get("scores", [])):
            name = result["bots"][seat]
            self.score_sum_bot[name] += score
            self.score_n_bot[name] += 1
            self.score_sum_seat[seat] += score
            self.score_n_seat[seat] += 1
            self.scores[score] += 1
        for group, counts in stats.get("tally", {}).items():
            total = self.tally_total.setdefault(group, Counter())
            games = self.tally_games.setdefault(group, Counter())
            for key, count in counts.items():
                total[key] += count
                games[key] += count > 0
        for name, values in stats.get("samples", {}).items():
            self.samples.setdefault(name, Counter()).update(values)

    def figures(self, head: dict) -> dict:
        """The JSON figures; ``head`` (game, players, seed, …) goes first."""
        n = self.games
        turns_total = sum(t * c for t, c in self.turns.items())
        out = dict(head)
        out["games"] = n
        out["wins_by_seat"] = [{"seat": s, "wins": w, "rate": round(w / n, 4) if n else 0.0,
                                "ci95": wilson(w, n)} for s, w in enumerate(self.seat_wins)]
        out["wins_by_bot"] = {name: {"wins": self.bot_wins[name], "games": g,
                                     "rate": round(self.bot_wins[name] / g, 4),
                                     "ci95": wilson(self.bot_wins[name], g)}
                              for name, g in sorted(self.bot_games.items())}
        out["endings"] = dict(sorted(self.endings.items()))
        finished = n - len(self.unfinished)
        out["unfinished"] = self.unfinished[:UNFINISHED_LISTED]
        out["unfinished_count"] = len(self.unfinished)
        out["turns"] = {"games": finished, "left_out": len(self.unfinished),
                        "mean": round(turns_total / finished, 2) if finished else 0.0,
                        "median": hist_percentile(self.turns, 0.5),
                        "p95": round(hist_percentile(self.turns, 0.95), 2),
                        "histogram": pairs(self.turns)}
        if self.scores:
            values = [v for v, c in self.scores.items() for _ in range(c)]
            avg = mean(values)
            out["scores"] = {
                "mean_by_bot": {k: round(self.score_sum_bot[k] / self.score_n_bot[k], 2)
                                for k in sorted(self.score_n_bot)},
                "mean_by_seat": [round(self.score_sum_seat[s] / self.score_n_seat[s], 2)
                                 for s in sorted(self.score_n_seat)],
                "spread": {"mean": round(avg, 2),
                           "stdev": round(math.sqrt(mean((v - avg) ** 2 for v in values)), 2),
                           "min": min(values), "max": max(values)},
                "histogram": pairs(self.scores),
            }
        if self.counters:
            out["counters"] = dict(sorted(self.counters.items()))
            out["counter_rates"] = {k: {"per_game": round(v / n, 4),
                                        "per_turn": round(v / turns_total, 4) if turns_total else 0.0}
                                    for k, v in sorted(self.counters.items())}
            if self.counters.get("rounds"):        # games made of rounds (zodiac matches)
                out["turns_per_round"] = round(self.counters.get("turns", 0) / self.counters["rounds"], 2)
        if self.per_bot:
            out["per_bot"] = {key: dict(sorted(v.items())) for key, v in sorted(self.per_bot.items())}
        if self.tally_total:
            out["tallies"] = {group: {key: {"total": total[key], "per_game": round(total[key] / n, 4),
                                            "games": self.tally_games[group][key],
                                            "ci95": wilson(self.tally_games[group][key], n)}
                                      for key in sorted(total, key=lambda k: (-total[k], k))}
                              for group, total in sorted(self.tally_total.items())}
        if self.samples:
            out["samples"] = {name: {"count": sum(h.values()),
                                     "mean": round(mean([v for v, c in h.items() for _ in range(c)]), 2),
                                     "histogram": pairs(h)}
                              for name, h in sorted(self.samples.items())}
        return out


def summarise(head: dict, players: int, results) -> dict:
    tally = Tally(players)
    for result in results:
        tally.add(result)
    return tally.figures(head)


# ---- one game as named numbers (for --compare) --------------------------------------------------
SHARE = "share"      # a 0/1 per game: shown as a percentage
COUNT = "count"      # a number per game: shown as a mean


def game_figures(result: dict) -> dict[str, tuple[str, float]]:
    """{figure name: (kind, value)} of one game. A figure missing from a game counts as 0
    (a counter that never moved), except the means, which only games that have them pair up."""
    out: dict[str, tuple[str, float]] = {}
    winners = set(result["winners"])
    names = result["bots"]
    for seat in range(len(names)):
        out[f"seat {seat + 1}'s win share"] = (SHARE, float(seat in winners))
    if len(set(names)) > 1:
        for name in sorted(set(names)):
            seats = [s for s, n in enumerate(names) if n == name]
            out[f"{name}'s win share"] = (SHARE, sum(s in winners for s in seats) / len(seats))
    out["game length (turns)"] = (COUNT, float(result["turns"]))
    out[f"ending: {result['ending']}"] = (SHARE, 1.0)
    stats = result["stats"]
    for key, value in stats.get("counters", {}).items():
        out[f"{key} per game"] = (COUNT, float(value))
    if stats.get("scores"):
        out["mean score"] = (COUNT, mean(stats["scores"]))
    for group, counts in stats.get("tally", {}).items():
        for key, count in counts.items():
            out[f"{group}: {key}"] = (COUNT, float(count))
    for name, values in stats.get("samples", {}).items():
        if values and name.startswith("turns per"):
            out[f"mean {name}"] = (COUNT, mean(values))
    return out


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    out = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            out *= c * d
        if abs(c * d - 1.0) < 1e-15:
            break
    return out


def beta_regularized(a: float, b: float, x: float) -> float:
    """I_x(a, b), the regularized incomplete beta function."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1) / (a + b + 2):
        return math.exp(log_front) * _beta_fraction(a, b, x) / a
    return 1.0 - math.exp(log_front) * _beta_fraction(b, a, 1.0 - x) / b


def t_p_value(t: float, df: int) -> float:
    """Two-sided p-value of Student's t with ``df`` degrees of freedom."""
    if math.isinf(t):
        return 0.0
    if df <= 0:
        return 1.0
    return beta_regularized(df / 2, 0.5, df / (df + t * t))


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjustment: each p-value as it stands against the whole family, so that
    the chance of any false alarm among them all stays under the level (whatever the figures'
    dependence: seat shares, say, always add up to one)."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def paired_difference(diffs: list[float]) -> dict:
    """Mean of paired differences (B − A) with its 95% interval (Student's t) and its p-value."""
    n = len(diffs)
    if n == 0:
        return {"n": 0, "mean": 0.0, "ci95": [0.0, 0.0], "significant": False, "t": 0.0, "p": 1.0}
    m = mean(diffs)
    if n > 1:
        sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1))
    else:
        sd = 0.0
    se = sd / math.sqrt(n)
    half = t95(n - 1) * se if se else 0.0
    lo, hi = m - half, m + half
    significant = (lo > 0 or hi < 0) if se else (m != 0 and n > 1)
    t = m / se if se else (math.inf if m else 0.0)
    p = t_p_value(t, n - 1) if (se or m) and n > 1 else 1.0
    return {"n": n, "mean": m, "ci95": [lo, hi], "significant": significant, "t": t, "p": p}
