"""Running a plan's games and the figures of a run: on this machine (``--jobs`` processes) or on a
Dask cluster (game.simulation.cluster), in index order either way; the progress bar; the tables
printed for one setting and for a sweep.
"""
from __future__ import annotations

import collections
import itertools
import json
import multiprocessing
import os
import signal
import sys
import threading
import time
from typing import Iterator

from game.simulation.plan import Plan, check_plan, cpu_count, endings, engine_class, play_one, play_range
from game.simulation.stats import Tally

PROGRESS_AFTER = 2.0   # seconds before the progress bar appears
TIMING = ("seconds", "games_per_second")


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


def in_order(submit, work: Iterator, window: int) -> Iterator[list[dict]]:
    """Each chunk's results in index order, with at most ``window`` chunks handed out at a time:
    ``submit(chunk)`` returns something with ``.get()`` (a pool's AsyncResult)."""
    pending: collections.deque = collections.deque(submit(c) for c in itertools.islice(work, window))
    while pending:
        part = pending.popleft().get()
        pending.extend(submit(c) for c in itertools.islice(work, 1))
        yield part


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
    # One game a task, counted as it finishes (in whatever order): the bar moves game by game
    # even when one long game holds up those after it.
    with multiprocessing.Pool(jobs, initializer=_worker_start, initargs=(os.getpid(),)) as pool:
        def submit(chunk):
            done = (lambda part: on_done(len(part))) if on_done else None
            return pool.apply_async(_play_chunk, ((plan, *chunk),), callback=done)

        one_each = ((i, i + 1) for i in range(plan.games))
        for part in in_order(submit, one_each, jobs * 8):   # same order as --jobs 1
            yield from part


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


def results(plan: Plan, jobs: int = 1, cluster: str | None = None,
            bar: Progress | None = None) -> Iterator[dict]:
    """Every game's result in index order, wherever the games are played."""
    check_plan(plan)
    on_done = bar.advance if bar else None
    if cluster:
        from game.simulation import cluster as sim_cluster  # Dask is imported only when asked for
        return sim_cluster.results(plan, cluster, on_done)
    return local_results(plan, jobs, on_done)


class Finished:
    """What the runs of this process have finished so far, for a stop (Ctrl+C) to write: the
    figures of each setting done and the tally of the one under way (its games are a prefix,
    0 … k-1, since results come in game order)."""

    def __init__(self):
        self.active = False          # only the command line's run keeps them (simulate.main)
        self.outs: list[dict] = []
        self.current: tuple[Plan, Tally, float] | None = None

    def start(self, active: bool) -> None:
        self.active, self.outs, self.current = active, [], None

    def partial(self) -> list[dict]:
        """The settings' figures so far; the one stopped midway marked ``partial``."""
        outs = list(self.outs)
        if self.current is not None and self.current[1].games:
            plan, tally, start = self.current
            out = _figures(plan, tally, start)
            out["partial"], out["games_planned"] = True, plan.games
            outs.append(out)
        return outs


FINISHED = Finished()


def _figures(plan: Plan, tally: Tally, start: float) -> dict:
    elapsed = time.monotonic() - start
    out = tally.figures(plan.head())
    out["seconds"] = round(elapsed, 3)
    out["games_per_second"] = round(tally.games / elapsed, 2) if elapsed else None
    return out


def run(plan: Plan, jobs: int = 1, progress: bool = True, cluster: str | None = None,
        bar: Progress | None = None) -> dict:
    """The figures of one setting (see game.simulation.stats.Tally for the JSON)."""
    bar = bar or (Progress(plan.games) if progress else None)
    start = time.monotonic()
    tally = Tally(plan.players)
    if FINISHED.active:
        FINISHED.current = (plan, tally, start)
    for result in results(plan, jobs, cluster, bar):
        tally.add(result)
    out = _figures(plan, tally, start)
    if FINISHED.active:
        FINISHED.current = None
        FINISHED.outs.append(out)
    return out


def without_timing(out: dict) -> dict:
    return {k: v for k, v in out.items() if k not in TIMING}


def format_table(out: dict) -> str:
    lines = [f"{out['game']}: {out['games']} games, {out['players']} players, seed {out['seed']}, "
             f"bots {','.join(out['bots'])}"]
    if out.get("partial"):
        lines.insert(0, partial_line(out))
    if out["options"]:
        lines.append(f"options: {json.dumps(out['options'])}")
    if out.get("cards"):
        lines.append(f"cards: {out['cards']}")
    lines.append("")
    lines.append("wins by bot        wins   games   rate    95% interval")
    for name, row in out["wins_by_bot"].items():
        lines.append(f"  {name:<15}{row['wins']:>6}{row['games']:>8}   {row['rate']:.3f}   "
                     f"{row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}")
    lines.append("wins by seat       wins           rate    95% interval   (seats 0-based, as in RULES.md, "
                 "replay files and the JSON)")
    for row in out["wins_by_seat"]:
        lines.append(f"  seat {row['seat']:<10}{row['wins']:>6}           {row['rate']:.3f}   "
                     f"{row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}")
    if out.get("seat_test"):
        lines.append(seat_line(out))
    lines.append("how games ended")
    meaning = endings(out["game"])
    for key, count in out["endings"].items():
        lines.append(f"  {key:<15}{count:>6}   {count / out['games']:>6.1%}   {meaning.get(key, '')}")
    lines.extend(unfinished_lines(out))
    t = out["turns"]
    left = f" (the {t['games']} games that ended; {t['left_out']} left out)" if t.get("left_out") else ""
    lines.append(f"game length (turns): mean {t['mean']}, median {t['median']}, p95 {t['p95']}{left}")
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
    for group, table in out.get("win_when_held", {}).items():
        rows = list(table.items())
        shown = rows if len(rows) <= 10 else rows[:5] + rows[-5:]
        which = "; best 5 and worst 5" if len(rows) > 10 else ""
        lines.append(f"win rate when {group.replace('s taken', ' taken')} (a seat's wins when it took it; "
                     f"all seats {out['seat_win_share']:.1%}){which}:")
        for key, row in shown:
            lines.append(f"  {key:<22}{row['rate']:>7.1%}   {row['ci95'][0]:.3f}-{row['ci95'][1]:.3f}"
                         f"   ({row['wins']} of {row['seats']})")
    for name, sample in out.get("samples", {}).items():
        lines.append(f"{name}: {sample['count']} seen, mean {sample['mean']}")
    lines.append(f"speed: {out['games_per_second']} games/s ({out['seconds']} s)")
    return "\n".join(lines)


def seat_line(out: dict) -> str:
    """The seat test in words, with the games a small edge would need where it shows none."""
    test = out["seat_test"]
    verdict = "a seat advantage" if test["p"] < 0.05 else "no seat advantage shown at this size"
    more = test.get("games_for_edge", 0) - out["games"]
    if test["p"] >= 0.05 and more > 0:
        verdict += (f"; about {more} more games would show a {test['edge'] * 100:g}-point edge "
                    f"of one seat at 80% power")
    return (f"seat advantage: p = {test['p']:.4f} ({test['test']}, chi2 {test['chi2']}, "
            f"{test['wins']} wins in {out['games']} games): {verdict}")


def partial_line(out: dict) -> str:
    return (f"PARTIAL: stopped after {out['games']} of {out['games_planned']} games (games 0-"
            f"{out['games'] - 1}); the figures are those games'")


def unfinished_lines(out: dict) -> list[str]:
    """The games that did not end by the rules, by number (0-based, as --export takes them)."""
    count = out.get("unfinished_count", 0)
    if not count:
        return []
    listed = ", ".join(f"{u['game']} ({u['ending']})" for u in out["unfinished"])
    more = f" and {count - len(out['unfinished'])} more" if count > len(out["unfinished"]) else ""
    return [f"  games that did not end ({count}, no winner, left out of game length): {listed}{more}"]


def sweep_rows(outs: list[dict]) -> list[tuple[str, list[str]]]:
    """The key figures with a column per setting: [(figure, [cell per setting]), …]."""
    rows: list[tuple[str, list[str]]] = [("setting", [setting_label(o) for o in outs]),
                                         ("games", [str(o["games"]) + (f" of {o['games_planned']} (partial)"
                                                                       if o.get("partial") else "")
                                                    for o in outs])]
    for seat in range(max(o["players"] for o in outs)):
        rows.append((f"seat {seat} win share", [
            f"{o['wins_by_seat'][seat]['rate']:.1%}" if seat < o["players"] else "" for o in outs]))
    rows.append(("seat test p (chi-square)", [f"{o['seat_test']['p']:.4f}" if "seat_test" in o else ""
                                              for o in outs]))
    bots = sorted({b for o in outs for b in o["wins_by_bot"]})
    if len(bots) > 1:
        for name in bots:
            rows.append((f"{name} win share", [f"{o['wins_by_bot'][name]['rate']:.1%}"
                                               if name in o["wins_by_bot"] else "" for o in outs]))
    rows.append(("mean turns (games that ended)", [str(o["turns"]["mean"]) for o in outs]))
    if any(o.get("unfinished_count") for o in outs):
        rows.append(("games that did not end", [str(o.get("unfinished_count", 0)) for o in outs]))
    for ending in sorted({e for o in outs for e in o["endings"]}):
        rows.append((f"ending: {ending}", [f"{o['endings'].get(ending, 0) / o['games']:.1%}" for o in outs]))
    for key in sorted({k for o in outs for k in o.get("counter_rates", {})}):
        rows.append((f"{key} per game", [f"{o['counter_rates'][key]['per_game']:.3f}"
                                         if key in o.get("counter_rates", {}) else "" for o in outs]))
    for group, key in swept_keys(outs):
        taken = [o.get("tallies", {}).get(group, {}).get(key) for o in outs]
        won = [o.get("win_when_held", {}).get(group, {}).get(key) for o in outs]
        rows.append((f"{key}: in games (share)", [f"{t['games'] / o['games']:.1%}" if t else ""
                                                  for t, o in zip(taken, outs, strict=True)]))
        rows.append((f"{key}: win rate when taken", [f"{w['rate']:.1%}" if w else "" for w in won]))
    if any("scores" in o for o in outs):
        rows.append(("mean score", [str(o["scores"]["spread"]["mean"]) if "scores" in o else ""
                                    for o in outs]))
    return rows


def swept_keys(outs: list[dict]) -> list[tuple[str, str]]:
    """(tally group, key) of what a --sweep over one card changed, where the figures have it."""
    subjects = {o["sweep"].rpartition(" ")[0] for o in outs if "=" in o.get("sweep", "")}
    return sorted({(group, key) for o in outs for group, table in o.get("tallies", {}).items()
                   for key in table if key in subjects})


def format_sweep(outs: list[dict]) -> str:
    """A table with a column per setting (--players 2-6, a list of option sets)."""
    rows = sweep_rows(outs)
    width = max(len(name) for name, _ in rows) + 2
    cols = [max(len(r[1][i]) for r in rows) + 2 for i in range(len(outs))]
    return "\n".join(name.ljust(width) + "".join(v.rjust(c) for v, c in zip(cells, cols, strict=True))
                     for name, cells in rows)


def setting_label(out: dict) -> str:
    plan = Plan(out["game"], out["players"], out["games"], out["seed"], out["bots"], out["options"],
                cards=out.get("cards"), note=out.get("sweep"))
    return plan.label()
