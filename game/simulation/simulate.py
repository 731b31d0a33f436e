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
import atexit
import dataclasses
import json
import multiprocessing
import os
import re
import shutil
import signal
import sys
import tempfile

from game.bots.base import bot_names
from game.play.suggest import SuggestingParser
from game.rules.base import SetupError
from game.rules.registry import KITS

# The figures' API lives below the command line (plan, runs, stats); named here for its callers.
from game.simulation.plan import (  # noqa: F401
    UNFINISHED,
    Plan,
    SimError,
    check_plan,
    cpu_count,
    endings,
    engine_class,
    play_match,
    play_one,
    play_range,
    seat_bots,
)
from game.simulation.runs import (  # noqa: F401
    FINISHED,
    TIMING,
    Progress,
    format_sweep,
    format_table,
    results,
    run,
    setting_label,
    sweep_rows,
    without_timing,
)
from game.simulation.stats import Tally, percentile, wilson  # noqa: F401


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


def endings_help() -> str:
    """--help's list of every ending a run can show, game by game."""
    lines = ["how games end (the 'how games ended' table):"]
    for game in KITS:
        own = [(k, v) for k, v in endings(game).items() if k not in UNFINISHED]
        if own:
            lines.append(f"  {game}:")
            lines += [f"    {key:<14} {text}" for key, text in own]
    lines.append("  any game (no winner; listed by number and left out of game length):")
    lines += [f"    {key:<14} {text}" for key, text in UNFINISHED.items()]
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = SuggestingParser(prog="main.py simulate",
                              description="Play many seeded games with computer players.",
                              epilog=endings_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", choices=list(KITS))
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
    parser.add_argument("--sweep", default=None, metavar="SPEC",
                        help="a column per card setting: 'CARD:FIELD=V1,V2,…' (one card's type, cat, "
                             "points or condition; CARD a name or a notation, e.g. "
                             "'Tuna can:points=0,1,2,3') or 'cards=A.json,B.json,…' (card files); "
                             "over --cards or the shipped file")
    parser.add_argument("--figure", action="append", default=None, metavar="NAME",
                        help="with --compare: test this figure (repeatable), with the correction "
                             "over the named figures alone, e.g. --figure \"seat 0's win share\"")
    parser.add_argument("--report", default=None, metavar="FILE.html", help="write an HTML report with plots")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--export", nargs=2, metavar=("N", "FILE"), default=None,
                        help="also write game N of the run (0-based, as the JSON numbers games) as "
                             "a replay file: ./meowcade replay FILE --watch shows it")
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
    if args.sweep:
        plans = [dataclasses.replace(plan, cards=path, note=note)
                 for plan in plans for path, note in card_settings(args.game, args.sweep, args.cards)]
    return plans


def card_settings(game: str, spec: str, cards: str | None) -> list[tuple[str, str]]:
    """(card file, what it changed) of each setting of ``--sweep SPEC``."""
    cls = engine_class(Plan(game, 2, 1, 1, ["random"]))
    if not hasattr(cls, "card_variant"):
        raise SimError(f"--sweep goes over card data, and {game} has no card files")
    head, eq, values = spec.partition("=")
    items = [v.strip() for v in values.split(",") if v.strip()]
    if not eq or not items:
        raise SimError(f"--sweep {spec!r}: give 'CARD:FIELD=V1,V2,…' or 'cards=A.json,B.json,…'")
    if head.strip() == "cards":
        return [(path, os.path.basename(path)) for path in items]
    card, colon, field = head.rpartition(":")
    if not colon or not card.strip():
        raise SimError(f"--sweep {spec!r}: name the card and its field, e.g. 'Tuna can:points=0,1,2'")
    folder = tempfile.mkdtemp(prefix="meowcade-sweep-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    out = []
    for i, value in enumerate(items):
        note = f"{card.strip()} {field.strip()}={value}"
        # named after the setting: a message about the file then says which one it was
        path = os.path.join(folder, f"{i}-{re.sub(r'[^A-Za-z0-9]+', '-', note).strip('-')[:60]}.json")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(cls.card_variant(cards, card.strip(), field.strip(), value))
        out.append((path, note))
    return out


def export_record(plan: Plan, index: int) -> dict:
    """Game ``index`` of ``plan`` as a replay file (RULES.md section 4; the session's own record),
    with what simulate counted for it under "simulate" (replay ignores that key)."""
    match = play_match(plan, index, engine_class(plan))
    game = match.game
    record = match.record()
    for seat, row in enumerate(record["seats"]):     # named by bot on the big screen: "tiger 2"
        row["name"] = f"{row['level']} {seat}"
    record["simulate"] = {"seed": plan.seed, "index": index, "bots": seat_bots(plan, index),
                          "options": plan.options, "winners": list(game.winners) if game.over else [],
                          "ending": game.end_reason if game.over else ("stalled" if match.stalled else "cap"),
                          "turns": game.turn}
    return record


def export(plans: list[Plan], number: str, path: str) -> None:
    if len(plans) != 1:
        raise SimError("--export takes one setting, not a sweep")
    plan = plans[0]
    if plan.cards:
        raise SimError("--export: a replay file plays the shipped cards, and this run has --cards")
    try:
        index = int(number)
    except ValueError:
        raise SimError(f"--export {number!r}: give a game number 0-{plan.games - 1}") from None
    if not 0 <= index < plan.games:
        raise SimError(f"--export {index}: this run has games 0-{plan.games - 1}")
    check_plan(plan)
    text = json.dumps(export_record(plan, index), indent=1)
    try:
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text + "\n")
    except OSError as err:
        raise SimError(f"--export {path}: cannot write it ({err.strerror or err})") from None


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
    code = 130 if signum == signal.SIGINT else 128 + signum
    if _STOPPING["args"] is not None:
        code = write_partial(_STOPPING["args"], code)
    else:
        sys.stderr.write("\nsimulate: stopped\n")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


_STOPPING: dict = {"args": None}      # the run a stop writes the finished games of


def write_partial(args, code: int) -> int:
    """On a stop: print (and write the report of) the games that finished, marked partial."""
    outs = FINISHED.partial()
    planned = sum(p.games for p in _STOPPING.get("plans") or [])
    if not outs or args.compare:
        sys.stderr.write("\nsimulate: stopped" + (" (a compare keeps nothing: both sides are needed)"
                                                  if args.compare and outs else "") + "\n")
        return code
    done = sum(o["games"] for o in outs)
    left = len(_STOPPING.get("plans") or []) - len(outs)
    sys.stderr.write(f"\nsimulate: stopped; writing the {done} games that finished"
                     + (f" of {planned}" if planned else "") + " (marked partial)"
                     + (f"; {left} settings of the sweep not started" if left > 0 else "") + "\n")
    out = outs[0] if len(outs) == 1 else {"sweep": outs, "partial": True}
    try:
        if args.report:
            from game.simulation import report as sim_report
            sim_report.write(args.report, out)
        print(json.dumps(out, indent=2) if args.json else
              format_table(outs[0]) if len(outs) == 1 else format_sweep(outs))
        if args.report and not args.json:
            print(f"report: {args.report} (partial)")
    except (SimError, OSError) as err:
        sys.stderr.write(f"simulate: {err}\n")
    return code


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
        _STOPPING.update(args=None, plans=None)
        FINISHED.start(active=False)
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def check_designer_packages() -> None:
    """The statistics are scipy's and statsmodels': one line, not a traceback, without them."""
    import importlib.util

    missing = [name for name in ("scipy", "statsmodels") if importlib.util.find_spec(name) is None]
    if missing:
        raise SimError(f"needs the designer's packages ({', '.join(missing)} missing): "
                       f"pip install -r requirements-designer.txt")


def _main(args) -> int:
    FINISHED.start(active=True)
    _STOPPING["args"] = args
    try:
        check_designer_packages()
        if args.sweep and args.compare:
            raise SimError("--sweep and --compare: one or the other (a sweep's columns are its settings)")
        if args.figure and not args.compare:
            raise SimError("--figure names figures of a --compare")
        plans = make_plans(args)
        _STOPPING["plans"] = plans
        for plan in plans:                 # every setting's problems before any game is played
            check_plan(plan)
        jobs = capped_jobs(args.jobs)
        if args.report:
            from game.simulation import report as sim_report  # matplotlib is imported only when asked for
            sim_report.check_available()
            sim_report.check_writable(args.report)
        if args.export:
            export(plans, *args.export)
        if args.compare:
            from game.simulation import compare as sim_compare
            out = sim_compare.compare_cli(plans, args.compare, jobs, args.cluster, args.figure)
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
        return write_partial(args, 130)
    try:
        print(json.dumps(out, indent=2) if args.json else text)
        if args.report and not args.json:
            print(f"report: {args.report}")
        sys.stdout.flush()
    except BrokenPipeError:          # `simulate … | head`: the reader has all it wanted
        sys.stdout = open(os.devnull, "w")   # noqa: SIM115 (no flush error at exit)
    return 0
