"""`python main.py simulate GAME --players N --games K --seed S --bots a,b,…`: balance figures.

Every game is a pure function of (seed, game index): its engine seed and its bots' seeds are
derived from them, and bots sit in rotated order (game i puts bot j at seat (j + i) mod N) so
no bot keeps the first seat. Games can therefore be spread over processes (`--jobs`) or over a
Dask cluster (`--cluster`, game.simulation.cluster) and the figures are identical to a single-process
run. Search bots use node budgets here, never time.

Around the runs: `--report FILE.html` (game.simulation.report, plots), `--compare A B`
(game.simulation.compare, paired seeds) and sweeps (`--players 2-6`, a JSON list of option sets:
one column per setting).
"""
from __future__ import annotations

import argparse
import collections
import functools
import itertools
import json
import multiprocessing
import os
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Iterator

from game.bots.base import Budget, bot_names, make_bot
from game.play.match import Match
from game.play.session import Seat
from game.rules.base import Game, SetupError
from game.rules.registry import ENGINES, engine
from game.simulation.stats import Tally, percentile, wilson  # noqa: F401  (wilson, percentile: API)

PROGRESS_AFTER = 2.0   # seconds before the progress bar appears
TIMING = ("seconds", "games_per_second")


class SimError(Exception):
    """A setting that cannot run; the message is the one line the designer sees."""


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
    cards_text: str | None = None   # the same file's text, for machines that do not have it

    def head(self) -> dict:
        """The settings that go first in the figures' JSON."""
        out = {"game": self.game, "players": self.players, "seed": self.seed, "bots": self.bots,
               "options": self.options}
        if self.cards:
            out["cards"] = self.cards
        return out

    def label(self) -> str:
        """A short name of this setting for a column heading."""
        parts = [f"{self.players} players"]
        if self.options:
            parts.append(", ".join(f"{k}={json.dumps(v)}" for k, v in self.options.items()))
        if self.cards:
            parts.append(os.path.basename(self.cards))
        return "; ".join(parts)


@functools.lru_cache(maxsize=8)
def _engine_class(game: str, cards: str | None, cards_text: str | None) -> type[Game]:
    cls = engine(game)
    if cards or cards_text:
        if not hasattr(cls, "with_cards"):
            raise SetupError(f"--cards is only for games with card data files, not {game}")
        if cards_text is not None:      # a cluster worker: the text came over the wire
            folder = tempfile.mkdtemp(prefix="meowcade-cards-")
            cards = os.path.join(folder, os.path.basename(cards or "cards.json"))
            with open(cards, "w", encoding="utf-8") as handle:
                handle.write(cards_text)
        cls = cls.with_cards(cards)
    return cls


def engine_class(plan: Plan) -> type[Game]:
    try:
        return _engine_class(plan.game, plan.cards, plan.cards_text)
    except RecursionError:
        raise SetupError(f"cards file {plan.cards}: JSON nested too deeply to read") from None
    except ValueError as err:
        if isinstance(err, SetupError):
            raise
        raise SetupError(f"cards file {plan.cards}: a number has too many digits to read") from None


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


def play_range(plan: Plan, start: int, stop: int) -> list[dict]:
    """Games ``start`` to ``stop - 1``: the unit of work of --jobs and --cluster."""
    cls = engine_class(plan)
    return [play_one(plan, index, cls) for index in range(start, stop)]


def chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """Index ranges small enough to share out evenly, big enough to keep overhead low; made one
    at a time, so a run of a trillion games costs no memory before its first game."""
    size = max(1, min(50, games // (workers * 4) or 1))
    return ((i, min(i + size, games)) for i in range(0, games, size))


def in_order(submit, work: Iterator, window: int) -> Iterator[list[dict]]:
    """Each chunk's results in index order, with at most ``window`` chunks handed out at a time:
    ``submit(chunk)`` returns something with ``.get()`` (a pool's AsyncResult)."""
    pending: collections.deque = collections.deque(submit(c) for c in itertools.islice(work, window))
    while pending:
        part = pending.popleft().get()
        pending.extend(submit(c) for c in itertools.islice(work, 1))
        yield part


# ---- processes on this machine ----------------------------------------------------------------
def cpu_count() -> int:
    """CPUs this process may run on (a container's limit, not the host's)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:          # macOS, Windows
        return os.cpu_count() or 1


def _worker_start(parent: int) -> None:
    """A --jobs worker: the parent handles Ctrl+C and SIGTERM (and then ends the pool), and a
    watchdog ends the worker when the parent is gone however it died (kill -9 too)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


def _play_chunk(args: tuple) -> list[dict]:
    return play_range(*args)


def local_results(plan: Plan, jobs: int, on_done=None) -> Iterator[dict]:
    """Results of games 0…games-1 in order, over ``jobs`` processes (capped at the CPUs)."""
    jobs = min(jobs, cpu_count(), plan.games)
    if jobs <= 1:
        cls = engine_class(plan)
        for index in range(plan.games):
            yield play_one(plan, index, cls)
            if on_done:
                on_done(1)
        return
    # Pool, not ProcessPoolExecutor: leaving this block for any reason (SIGTERM, Ctrl+C, an
    # error) terminates the workers instead of waiting for the queued games. Not pool.imap: it
    # reads its whole input at once, and a chunk list of 10^12 games fills the memory.
    with multiprocessing.Pool(jobs, initializer=_worker_start, initargs=(os.getpid(),)) as pool:
        def submit(chunk):
            return pool.apply_async(_play_chunk, ((plan, *chunk),))

        for part in in_order(submit, chunks(plan.games, jobs), jobs * 4):   # same order as --jobs 1
            yield from part
            if on_done:
                on_done(len(part))


class Progress:
    """A progress bar on stderr that shows up only once a run takes over a couple of seconds:
    games done, games per second and the time left."""

    def __init__(self, total: int, stream=sys.stderr):
        self.total, self.stream, self.start = total, stream, time.monotonic()
        self.shown = False
        self.last = -1.0
        self.done = 0

    def advance(self, games: int) -> None:
        self.update(self.done + games)

    def update(self, done: int) -> None:
        self.done = done
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
        left = (self.total - done) / rate if rate else 0.0
        eta = "" if done >= self.total else f"  {clock_text(left)} left"
        lead, end = ("\r", "\n" if done >= self.total else "") if tty else ("", "\n")
        self.stream.write(f"{lead}[{bar:<30}] {done}/{self.total} games  {rate:.1f}/s{eta}{end}")
        self.stream.flush()


def clock_text(seconds: float) -> str:
    seconds = int(seconds + 0.5)
    if seconds >= 3600:
        return f"{seconds // 3600}h{seconds % 3600 // 60:02d}m"
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


# ---- running ------------------------------------------------------------------------------------
def check_plan(plan: Plan) -> None:
    """Fail early (SetupError / KeyError) on a bad card file, bot name, player count or option."""
    cls = engine_class(plan)
    for name in set(plan.bots):
        make_bot(plan.game, name, 0, 0)
    cls.new(plan.players, plan.seed, plan.options)


def results(plan: Plan, jobs: int = 1, cluster: str | None = None,
            bar: Progress | None = None) -> Iterator[dict]:
    """Every game's result in index order, wherever the games are played."""
    check_plan(plan)
    on_done = bar.advance if bar else None
    if cluster:
        from game.simulation import cluster as sim_cluster  # Dask is imported only when asked for
        return sim_cluster.results(plan, cluster, on_done)
    return local_results(plan, jobs, on_done)


def run(plan: Plan, jobs: int = 1, progress: bool = True, cluster: str | None = None,
        bar: Progress | None = None) -> dict:
    """The figures of one setting (see game.simulation.stats.Tally for the JSON)."""
    bar = bar or (Progress(plan.games) if progress else None)
    start = time.monotonic()
    tally = Tally(plan.players)
    for result in results(plan, jobs, cluster, bar):
        tally.add(result)
    elapsed = time.monotonic() - start
    out = tally.figures(plan.head())
    out["seconds"] = round(elapsed, 3)
    out["games_per_second"] = round(tally.games / elapsed, 2) if elapsed else None
    return out


def without_timing(out: dict) -> dict:
    return {k: v for k, v in out.items() if k not in TIMING}


def format_table(out: dict) -> str:
    lines = [f"{out['game']}: {out['games']} games, {out['players']} players, seed {out['seed']}, "
             f"bots {','.join(out['bots'])}"]
    if out["options"]:
        lines.append(f"options: {json.dumps(out['options'])}")
    if out.get("cards"):
        lines.append(f"cards: {out['cards']}")
    lines.append("")
    lines.append("wins by bot        wins   games   rate    95% interval")
    for name, row in out["wins_by_bot"].items():
        lines.append(f"  {name:<15}{row['wins']:>6}{row['games']:>8}   {row['rate']:.3f}   "
                     f"{row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}")
    lines.append("wins by seat       wins           rate    95% interval")
    for row in out["wins_by_seat"]:
        lines.append(f"  seat {row['seat'] + 1:<10}{row['wins']:>6}           {row['rate']:.3f}   "
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
        lines.append("counts                    total  per game  per turn")
        for key, count in out["counters"].items():
            rates = out["counter_rates"][key]
            lines.append(f"  {key:<22}{count:>8}{rates['per_game']:>10.3f}{rates['per_turn']:>10.4f}")
    if "turns_per_round" in out:
        lines.append(f"mean turns per round: {out['turns_per_round']}")
    for key, table in out.get("per_bot", {}).items():
        lines.append(f"{key} by bot: " + ", ".join(f"{k} {v}" for k, v in table.items()))
    for group, table in out.get("tallies", {}).items():
        lines.append(f"{group} (per game): " + ", ".join(
            f"{k} {row['per_game']:.2f}" for k, row in table.items()))
    for name, sample in out.get("samples", {}).items():
        lines.append(f"{name}: {sample['count']} seen, mean {sample['mean']}")
    lines.append(f"speed: {out['games_per_second']} games/s ({out['seconds']} s)")
    return "\n".join(lines)


# ---- the command line ---------------------------------------------------------------------------
def parse_players(text: str) -> list[int]:
    """``4``, ``2-6`` or ``2,4,6``."""
    out: list[int] = []
    try:
        for part in text.split(","):
            lo, _, hi = part.strip().partition("-")
            first, last = int(lo), int(hi or lo)
            if last < first or last - first > 20:
                raise ValueError
            out.extend(range(first, last + 1))
    except ValueError:
        raise SimError(f"--players {text!r}: give a number, a range like 2-6 or a list like 2,4") from None
    return sorted(set(out))


def parse_options(text: str, flag: str = "--options") -> list[dict]:
    """A JSON object, or a JSON list of objects (one setting each)."""
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise SimError(f"{flag} is not valid JSON: {err.msg}") from None
    except RecursionError:
        raise SimError(f"{flag}: JSON nested too deeply to read") from None
    except ValueError:
        raise SimError(f"{flag}: a number has too many digits to read") from None
    sets = value if isinstance(value, list) else [value]
    if not sets or not all(isinstance(s, dict) for s in sets):
        raise SimError(f"{flag} must be a JSON object or a list of objects")
    return sets


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="main.py simulate",
                                     description="Play many seeded games with computer players.")
    parser.add_argument("game", choices=list(ENGINES))
    parser.add_argument("--players", default="2", help="table size: 4, a range 2-6 or a list 2,4 (a sweep)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="random",
                        help="comma-separated bot names, one per seat or one for all")
    parser.add_argument("--options", default="{}",
                        help='engine options as JSON, e.g. \'{"advanced": true}\', '
                             "or a JSON list of such objects (a sweep)")
    parser.add_argument("--nodes", type=int, default=None, help="node budget per decision for search bots")
    parser.add_argument("--cards", default=None, help="meow-dice: play with another card data file")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes to spread games over (at most the CPUs)")
    parser.add_argument("--cluster", default=None, metavar="ADDRESS",
                        help="play the games on a Dask scheduler, e.g. tcp://10.0.0.5:8786")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"), default=None,
                        help="the same seeds under two settings: card files, JSON option objects "
                             "or 'default'")
    parser.add_argument("--report", default=None, metavar="FILE.html", help="write an HTML report with plots")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--home", default=None, metavar="DIR",
                        help="keep the log (and anything else written) under DIR, as the game's --home")
    return parser


def make_plans(args) -> list[Plan]:
    """One plan per setting of the sweep (players × option sets), in that order."""
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if not bots:
        raise SimError("--bots names no bot")
    counts = parse_players(args.players)
    option_sets = parse_options(args.options)
    if args.games < 1 or args.jobs < 1:
        raise SimError("--games and --jobs must be at least 1")
    if args.nodes is not None and args.nodes < 1:
        raise SimError("--nodes must be at least 1")
    plans = []
    for players in counts:
        if len(counts) > 1 and len(bots) > 1:
            if len(bots) < max(counts):
                raise SimError(f"--bots names {len(bots)} bots; a sweep up to {max(counts)} players "
                               f"needs one, or at least {max(counts)} (the first N sit at N seats)")
            seats = bots[:players]
        else:
            seats = bots
            if len(seats) not in (1, players):
                raise SimError(f"--bots names {len(bots)} bots for {players} players "
                               f"(give one, or one per seat)")
        for options in option_sets:
            plans.append(Plan(args.game, players, args.games, args.seed, seats, options,
                              args.nodes, args.cards))
    return plans


def capped_jobs(jobs: int) -> int:
    cpus = cpu_count()
    if jobs > cpus:
        print(f"simulate: --jobs {jobs} is more than the {cpus} CPUs here; using {cpus} "
              f"(--cluster spreads games over more machines)", file=sys.stderr)
        return cpus
    return jobs


def _on_stop(signum, frame) -> None:
    """Ctrl+C or SIGTERM. With --jobs workers running, end them and leave at once: unwinding an
    exception through the pool's internals can block on a lock it was holding when the signal
    came (seen as a Ctrl+C that never ended on a loaded machine). Without workers, unwind."""
    workers = multiprocessing.active_children()
    if not workers:
        if signum == signal.SIGINT:
            raise KeyboardInterrupt
        raise SystemExit(128 + signum)
    for worker in workers:
        worker.terminate()
    sys.stderr.write("\nsimulate: stopped\n")
    sys.stderr.flush()
    os._exit(130 if signum == signal.SIGINT else 128 + signum)


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if args.home:       # whatever writes a file (a crash's log, the cluster's log) goes under it
        os.environ["MEOWCADE_HOME"] = os.path.abspath(args.home)
    previous = {}
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            previous[sig] = signal.signal(sig, _on_stop)
        except ValueError:      # not the main thread: leave signals alone
            break
    try:
        return _main(args)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _main(args) -> int:
    try:
        plans = make_plans(args)
        jobs = capped_jobs(args.jobs)
        if args.report:
            from game.simulation import report as sim_report  # matplotlib is imported only when asked for
            sim_report.check_available()
            sim_report.check_writable(args.report)
        if args.compare:
            from game.simulation import compare as sim_compare
            out = sim_compare.compare_cli(plans, args.compare, jobs, args.cluster)
            text = sim_compare.format_compare(out)
        else:
            bar = Progress(sum(p.games for p in plans))
            outs = [run(p, jobs=jobs, cluster=args.cluster, bar=bar) for p in plans]
            out = outs[0] if len(outs) == 1 else {"sweep": outs}
            text = format_table(outs[0]) if len(outs) == 1 else format_sweep(outs)
        if args.report:
            sim_report.write(args.report, out)
    except SimError as err:
        print(f"simulate: {err}", file=sys.stderr)
        return 2
    except (SetupError, KeyError, ValueError) as err:
        message = err.args[0] if isinstance(err, KeyError) and err.args else err
        message = (str(message).strip().splitlines() or [type(err).__name__])[0]     # one line
        known = ", ".join(bot_names(args.game))
        print(f"simulate: {message}" + (f" (bots: {known})" if isinstance(err, KeyError) else ""),
              file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("simulate: stopped", file=sys.stderr)
        return 130
    try:
        print(json.dumps(out, indent=2) if args.json else text)
        if args.report and not args.json:
            print(f"report: {args.report}")
        sys.stdout.flush()
    except BrokenPipeError:          # `simulate … | head`: the reader has all it wanted
        sys.stdout = open(os.devnull, "w")   # noqa: SIM115 (no flush error at exit)
    return 0


def sweep_rows(outs: list[dict]) -> list[tuple[str, list[str]]]:
    """The key figures with a column per setting: [(figure, [cell per setting]), …]."""
    rows: list[tuple[str, list[str]]] = [("setting", [setting_label(o) for o in outs]),
                                         ("games", [str(o["games"]) for o in outs])]
    for seat in range(max(o["players"] for o in outs)):
        rows.append((f"seat {seat + 1} win share", [
            f"{o['wins_by_seat'][seat]['rate']:.1%}" if seat < o["players"] else "" for o in outs]))
    bots = sorted({b for o in outs for b in o["wins_by_bot"]})
    if len(bots) > 1:
        for name in bots:
            rows.append((f"{name} win share", [f"{o['wins_by_bot'][name]['rate']:.1%}"
                                               if name in o["wins_by_bot"] else "" for o in outs]))
    rows.append(("mean turns", [str(o["turns"]["mean"]) for o in outs]))
    for ending in sorted({e for o in outs for e in o["endings"]}):
        rows.append((f"ending: {ending}", [f"{o['endings'].get(ending, 0) / o['games']:.1%}" for o in outs]))
    for key in sorted({k for o in outs for k in o.get("counter_rates", {})}):
        rows.append((f"{key} per game", [f"{o['counter_rates'][key]['per_game']:.3f}"
                                         if key in o.get("counter_rates", {}) else "" for o in outs]))
    if any("scores" in o for o in outs):
        rows.append(("mean score", [str(o["scores"]["spread"]["mean"]) if "scores" in o else ""
                                    for o in outs]))
    return rows


def format_sweep(outs: list[dict]) -> str:
    """A table with a column per setting (--players 2-6, a list of option sets)."""
    rows = sweep_rows(outs)
    width = max(len(name) for name, _ in rows) + 2
    cols = [max(len(r[1][i]) for r in rows) + 2 for i in range(len(outs))]
    return "\n".join(name.ljust(width) + "".join(v.rjust(c) for v, c in zip(cells, cols, strict=True))
                     for name, cells in rows)


def setting_label(out: dict) -> str:
    plan = Plan(out["game"], out["players"], out["games"], out["seed"], out["bots"], out["options"],
                cards=out.get("cards"))
    return plan.label()

