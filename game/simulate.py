"""`python main.py simulate GAME --players N --games K --seed S --bots a,b,…`: balance figures.

Every game is a pure function of (seed, game index): its engine seed and its bots' seeds are
derived from them, and bots sit in rotated order (game i puts bot j at seat (j + i) mod N) so
no bot keeps the first seat. Games can therefore be spread over processes (`--jobs`) and the
figures are identical to a single-process run. Search bots use node budgets here, never time.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from game.bots.base import Budget, bot_names, make_bot
from game.match import Match
from game.rules.base import Game, SetupError
from game.rules.registry import ENGINES, engine
from game.session import Seat

PROGRESS_AFTER = 2.0   # seconds before the progress bar appears


@dataclass
class Plan:
    game: str
    players: int
    games: int
    seed: int
    bots: list[str]
    options: dict = field(default_factory=dict)
    nodes: int | None = None
    cards: str | None = None     # meow-dice: another card data file


def engine_class(plan: Plan) -> type[Game]:
    cls = engine(plan.game)
    if plan.cards:
        if not hasattr(cls, "with_cards"):
            raise SetupError(f"--cards is only for games with card data files, not {plan.game}")
        cls = cls.with_cards(plan.cards)
    return cls


def seat_bots(plan: Plan, index: int) -> list[str]:
    """Bot names by seat for game ``index`` (rotated; a single name fills every seat)."""
    names = plan.bots if len(plan.bots) == plan.players else plan.bots * plan.players
    return [names[(seat - index) % plan.players] for seat in range(plan.players)]


def play_match(plan: Plan, index: int, cls: type[Game]) -> Match:
    """Game ``index`` of the plan, played out by its bots (the driver every table uses)."""
    seats = [Seat(f"bot{seat}", "bot", name) for seat, name in enumerate(seat_bots(plan, index))]
    match = Match.new(plan.game, seats, plan.seed, plan.options, index=index, engine_class=cls,
                      budget=Budget(nodes=plan.nodes) if plan.nodes else None)
    # a turn is a handful of actions: the action cap only stops a bug
    match.play_out(cls.turn_cap, cls.turn_cap * 60)
    return match


def play_one(plan: Plan, index: int, cls: type[Game]) -> dict:
    game = play_match(plan, index, cls).game
    return {"bots": seat_bots(plan, index), "winners": list(game.winners) if game.over else [],
            "ending": game.end_reason if game.over else "cap", "turns": game.turn,
            "stats": game.sim_stats() if game.over else {}}


def _play_range(plan: Plan, start: int, stop: int) -> list[dict]:
    cls = engine_class(plan)
    return [play_one(plan, index, cls) for index in range(start, stop)]


def wilson(wins: int, n: int, z: float = 1.96) -> list[float]:
    """95% Wilson score interval of a proportion."""
    if n == 0:
        return [0.0, 0.0]
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    k = (len(ordered) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (k - lo)


def summarise(plan: Plan, results: list[dict]) -> dict:
    seat_wins = [0] * plan.players
    bot_wins: dict[str, int] = {}
    bot_games: dict[str, int] = {}
    endings: dict[str, int] = {}
    counters: dict[str, float] = {}
    per_bot: dict[str, dict[str, float]] = {}
    scores_by_bot: dict[str, list[float]] = {}
    all_scores: list[float] = []
    for result in results:
        endings[result["ending"]] = endings.get(result["ending"], 0) + 1
        for seat, name in enumerate(result["bots"]):
            bot_games[name] = bot_games.get(name, 0) + 1
            if seat in result["winners"]:
                seat_wins[seat] += 1
                bot_wins[name] = bot_wins.get(name, 0) + 1
        stats = result["stats"]
        for key, value in stats.get("counters", {}).items():
            counters[key] = counters.get(key, 0) + value
        for key, values in stats.get("per_seat", {}).items():
            table = per_bot.setdefault(key, {})
            for seat, value in enumerate(values):
                name = result["bots"][seat]
                table[name] = table.get(name, 0) + value
        for seat, score in enumerate(stats.get("scores", [])):
            scores_by_bot.setdefault(result["bots"][seat], []).append(score)
            all_scores.append(score)
    n = len(results)
    turns = [r["turns"] for r in results]
    out = {
        "game": plan.game, "players": plan.players, "games": n, "seed": plan.seed,
        "bots": plan.bots, "options": plan.options,
        "wins_by_seat": [{"seat": s, "wins": w, "rate": round(w / n, 4) if n else 0.0,
                          "ci95": wilson(w, n)} for s, w in enumerate(seat_wins)],
        "wins_by_bot": {name: {"wins": bot_wins.get(name, 0), "games": g,
                               "rate": round(bot_wins.get(name, 0) / g, 4),
                               "ci95": wilson(bot_wins.get(name, 0), g)}
                        for name, g in sorted(bot_games.items())},
        "endings": dict(sorted(endings.items())),
        "turns": {"mean": round(statistics.fmean(turns), 2) if turns else 0.0,
                  "median": statistics.median(turns) if turns else 0,
                  "p95": round(percentile(turns, 0.95), 2)},
    }
    if all_scores:
        out["scores"] = {
            "mean_by_bot": {name: round(statistics.fmean(v), 2) for name, v in sorted(scores_by_bot.items())},
            "spread": {"mean": round(statistics.fmean(all_scores), 2),
                       "stdev": round(statistics.pstdev(all_scores), 2),
                       "min": min(all_scores), "max": max(all_scores)},
        }
    if counters:
        out["counters"] = dict(sorted(counters.items()))
        if counters.get("rounds"):        # games made of rounds (zodiac matches)
            out["turns_per_round"] = round(counters.get("turns", 0) / counters["rounds"], 2)
    if per_bot:
        out["per_bot"] = {key: dict(sorted(v.items())) for key, v in sorted(per_bot.items())}
    return out


class Progress:
    """A progress bar on stderr that shows up only once a run takes over a couple of seconds."""

    def __init__(self, total: int, stream=sys.stderr):
        self.total, self.stream, self.start = total, stream, time.monotonic()
        self.shown = False
        self.last = -1.0

    def update(self, done: int) -> None:
        elapsed = time.monotonic() - self.start
        if elapsed < PROGRESS_AFTER and done < self.total:
            return
        if not self.shown and done >= self.total:
            return            # finished quickly: no bar at all
        tty = getattr(self.stream, "isatty", lambda: False)()
        step = done / self.total
        if not tty and step - self.last < 0.1 and done < self.total:
            return            # a log file gets a line per 10%, a terminal a live bar
        self.shown, self.last = True, step
        bar = "#" * int(step * 30)
        rate = done / elapsed if elapsed else 0.0
        lead, end = ("\r", "\n" if done >= self.total else "") if tty else ("", "\n")
        self.stream.write(f"{lead}[{bar:<30}] {done}/{self.total} games  {rate:.1f}/s{end}")
        self.stream.flush()


def run(plan: Plan, jobs: int = 1, progress: bool = True) -> dict:
    cls = engine_class(plan)       # fail early on a bad --cards file
    for name in set(plan.bots):
        make_bot(plan.game, name, 0, 0)     # fail early on an unknown bot name
    cls.new(plan.players, plan.seed, plan.options)   # and on bad options / player count
    bar = Progress(plan.games) if progress else None
    start = time.monotonic()
    results: list[dict] = []
    if jobs <= 1:
        for index in range(plan.games):
            results.append(play_one(plan, index, cls))
            if bar:
                bar.update(len(results))
    else:
        chunk = max(1, min(50, plan.games // (jobs * 4) or 1))
        ranges = [(i, min(i + chunk, plan.games)) for i in range(0, plan.games, chunk)]
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for part in pool.map(_play_range, [plan] * len(ranges), *zip(*ranges, strict=True)):
                results.extend(part)      # map keeps order: same list as --jobs 1
                if bar:
                    bar.update(len(results))
    elapsed = time.monotonic() - start
    out = summarise(plan, results)
    out["seconds"] = round(elapsed, 3)
    out["games_per_second"] = round(len(results) / elapsed, 2) if elapsed else None
    return out


def format_table(out: dict) -> str:
    lines = [f"{out['game']}: {out['games']} games, {out['players']} players, seed {out['seed']}, "
             f"bots {','.join(out['bots'])}"]
    if out["options"]:
        lines.append(f"options: {json.dumps(out['options'])}")
    lines.append("")
    lines.append("wins by bot        wins   games   rate    95% interval")
    for name, row in out["wins_by_bot"].items():
        lines.append(f"  {name:<15}{row['wins']:>6}{row['games']:>8}   {row['rate']:.3f}   "
                     f"{row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}")
    lines.append("wins by seat       wins           rate    95% interval")
    for row in out["wins_by_seat"]:
        lines.append(f"  seat {row['seat']:<10}{row['wins']:>6}           {row['rate']:.3f}   "
                     f"{row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}")
    lines.append("how games ended")
    for key, count in out["endings"].items():
        lines.append(f"  {key:<15}{count:>6}   {count / out['games']:.1%}")
    t = out["turns"]
    lines.append(f"game length (turns): mean {t['mean']}, median {t['median']}, p95 {t['p95']}")
    if "scores" in out:
        spread = out["scores"]["spread"]
        lines.append("mean final score by bot: " + ", ".join(
            f"{k} {v}" for k, v in out["scores"]["mean_by_bot"].items()))
        lines.append(f"score spread: mean {spread['mean']}, stdev {spread['stdev']}, "
                     f"min {spread['min']}, max {spread['max']}")
    if "counters" in out:
        lines.append("counts")
        for key, count in out["counters"].items():
            lines.append(f"  {key:<22}{count:>8}")
    if "turns_per_round" in out:
        lines.append(f"mean turns per round: {out['turns_per_round']}")
    for key, table in out.get("per_bot", {}).items():
        lines.append(f"{key} by bot: " + ", ".join(f"{k} {v}" for k, v in table.items()))
    lines.append(f"speed: {out['games_per_second']} games/s ({out['seconds']} s)")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="main.py simulate",
                                     description="Play many seeded games with computer players.")
    parser.add_argument("game", choices=list(ENGINES))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random",
                        help="comma-separated bot names, one per seat or one for all")
    parser.add_argument("--options", default="{}", help='engine options as JSON, e.g. \'{"advanced": true}\'')
    parser.add_argument("--nodes", type=int, default=None, help="node budget per decision for search bots")
    parser.add_argument("--cards", default=None, help="meow-dice: play with another card data file")
    parser.add_argument("--jobs", type=int, default=1, help="processes to spread games over")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        options = json.loads(args.options)
    except json.JSONDecodeError as err:
        print(f"simulate: --options is not valid JSON: {err.msg}", file=sys.stderr)
        return 2
    if len(bots) not in (1, args.players):
        print(f"simulate: --bots names {len(bots)} bots for {args.players} players "
              f"(give one, or one per seat)", file=sys.stderr)
        return 2
    if args.games < 1 or args.jobs < 1:
        print("simulate: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    plan = Plan(args.game, args.players, args.games, args.seed, bots, options, args.nodes, args.cards)
    try:
        out = run(plan, jobs=args.jobs)
    except (SetupError, KeyError, ValueError) as err:
        message = err.args[0] if isinstance(err, KeyError) and err.args else err
        known = ", ".join(bot_names(args.game))
        print(f"simulate: {message}" + (f" (bots: {known})" if isinstance(err, KeyError) else ""),
              file=sys.stderr)
        return 2
    print(json.dumps(out, indent=2) if args.json else format_table(out))
    return 0
