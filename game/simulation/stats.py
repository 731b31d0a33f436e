"""The figures of a ``simulate`` run, from the per-game results that ``play_one`` returns.

``Tally`` adds games one at a time (a run of a million games holds no list of results) and
gives the JSON figures; ``game_figures`` turns one game into named numbers, the unit that
``--compare`` pairs game by game. Intervals are 95%: Wilson's for a share, Student's t for the
mean of paired differences; the seat test is a chi-square goodness of fit; the multiple-testing
correction is Holm's. The computations are scipy's and statsmodels' (the designer's packages,
imported when first used).
"""
from __future__ import annotations

import math
from collections import Counter

UNFINISHED_LISTED = 1000      # games without an ending listed by number (all are counted)


def wilson(wins: int, n: int) -> list[float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return [0.0, 0.0]
    from statsmodels.stats.proportion import proportion_confint

    lo, hi = proportion_confint(wins, n, alpha=0.05, method="wilson")
    return [round(max(0.0, float(lo)), 4), round(min(1.0, float(hi)), 4)]


def seat_test(seat_wins: list[int]) -> dict:
    """Does any seat win more than its share? Chi-square goodness of fit of the seats' wins
    against equal shares: its p-value is the chance of wins at least this uneven if every seat
    were equal."""
    total = sum(seat_wins)
    if total == 0 or len(seat_wins) < 2:
        return {"test": "chi-square, equal shares", "wins": total, "chi2": 0.0, "p": 1.0}
    from scipy.stats import chisquare

    result = chisquare(seat_wins)
    return {"test": "chi-square, equal shares", "wins": total, "chi2": round(float(result.statistic), 4),
            "p": round(float(result.pvalue), 4), "edge": EDGE,
            "games_for_edge": games_to_show(1 / len(seat_wins), EDGE)}


EDGE = 0.02       # the seat edge a designer asks about: 2 points of win share


def games_to_show(share: float, edge: float, power: float = 0.8) -> int:
    """Games needed to tell a win share of ``share + edge`` from ``share`` (two-sided 5% test of
    one proportion, Cohen's h) with probability ``power``."""
    from statsmodels.stats.power import NormalIndPower
    from statsmodels.stats.proportion import proportion_effectsize

    h = proportion_effectsize(share + edge, share)
    return math.ceil(NormalIndPower().solve_power(effect_size=h, alpha=0.05, power=power, ratio=0))


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
        self.held_seats: dict[str, Counter] = {}
        self.held_wins: dict[str, Counter] = {}

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
        for group, by_seat in stats.get("held", {}).items():
            seats = self.held_seats.setdefault(group, Counter())
            wins = self.held_wins.setdefault(group, Counter())
            for seat, keys in enumerate(by_seat):
                for key in set(keys):
                    seats[key] += 1
                    wins[key] += seat in result["winners"]

    def figures(self, head: dict) -> dict:
        """The JSON figures; ``head`` (game, players, seed, …) goes first."""
        n = self.games
        turns_total = sum(t * c for t, c in self.turns.items())
        out = dict(head)
        out["games"] = n
        out["wins_by_seat"] = [{"seat": s, "wins": w, "rate": round(w / n, 4) if n else 0.0,
                                "ci95": wilson(w, n)} for s, w in enumerate(self.seat_wins)]
        out["seat_test"] = seat_test(self.seat_wins)
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
        if self.held_seats:
            # a seat's chance to win when it took the card (Dominion simulators' "win rate when
            # bought"), against the share of all seats that won
            out["win_when_held"] = {
                group: {key: {"seats": seats[key], "wins": self.held_wins[group][key],
                              "rate": round(self.held_wins[group][key] / seats[key], 4),
                              "ci95": wilson(self.held_wins[group][key], seats[key])}
                        for key in sorted(seats, key=lambda k: (-self.held_wins[group][k] / seats[k], k))}
                for group, seats in sorted(self.held_seats.items())}
            out["seat_win_share"] = round(sum(self.seat_wins) / (n * self.players), 4) if n else 0.0
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
        out[f"seat {seat}'s win share"] = (SHARE, float(seat in winners))
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


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjustment: each p-value as it stands against the whole family, so that
    the chance of any false alarm among them all stays under the level (whatever the figures'
    dependence: seat shares, say, always add up to one)."""
    if not p_values:
        return []
    from statsmodels.stats.multitest import multipletests

    return [float(p) for p in multipletests(p_values, alpha=0.05, method="holm")[1]]


def paired_difference(diffs: list[float]) -> dict:
    """Mean of paired differences (B − A) with its 95% interval (Student's t) and its p-value."""
    n = len(diffs)
    if n == 0:
        return {"n": 0, "mean": 0.0, "ci95": [0.0, 0.0], "significant": False, "t": 0.0, "p": 1.0}
    m = mean(diffs)
    sd = math.sqrt(sum((d - m) ** 2 for d in diffs) / (n - 1)) if n > 1 else 0.0
    se = sd / math.sqrt(n)
    if not se:          # every pair differs by the same amount (often 0): no spread to test
        return {"n": n, "mean": m, "ci95": [m, m], "significant": m != 0 and n > 1,
                "t": math.inf if m else 0.0, "p": 0.0 if m and n > 1 else 1.0}
    from scipy import stats

    result = stats.ttest_1samp(diffs, 0.0)
    half = float(stats.t.ppf(0.975, n - 1)) * se
    lo, hi = m - half, m + half
    return {"n": n, "mean": m, "ci95": [lo, hi], "significant": lo > 0 or hi < 0,
            "t": float(result.statistic), "p": float(result.pvalue), "sd": sd}
