"""`python main.py replay FILE [--trace]`: play a replay file back (RULES.md §4).

The file is checked before anything is played; every problem becomes one line naming what is
wrong (for an action: its index, the action and the reason) and a non-zero exit. Pure Python.
"""
from __future__ import annotations

import json
import os
import sys
from typing import Callable

from game.play.suggest import SuggestingParser, closest
from game.rules.base import Event, Game, RuleError, SetupError
from game.rules.registry import KITS, engine

SEED_LIMIT = 2 ** 64   # engine seeds are 0 … 2**64 - 1 (derive_seed); others are a damaged file


class ReplayError(Exception):
    """A replay file that cannot be played; the message is the one line a user sees."""


def load_replay(path: str) -> dict:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError as err:
        raise ReplayError(f"cannot read: {err.strerror or err}") from None
    except UnicodeDecodeError:
        raise ReplayError("not a UTF-8 text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ReplayError(f"not valid JSON (line {err.lineno}, column {err.colno}: "
                          f"{err.msg})") from None
    except RecursionError:
        raise ReplayError("JSON nested too deeply to read") from None
    except ValueError:     # json turns an integer of more than 4,300 digits into this
        raise ReplayError("a number in the file has too many digits to read") from None
    return data


def short(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters, so that a hostile file still gives a short line."""
    return text if len(text) <= limit else text[:limit - 1] + "…"


def check_replay(data: object) -> dict:
    """Return the replay's fields after checking their shape; ReplayError otherwise."""
    if not isinstance(data, dict):
        raise ReplayError("a replay must be a JSON object")
    name = data.get("game")
    if not isinstance(name, str) or name not in KITS:
        near = closest(name, KITS) if isinstance(name, str) else None
        raise ReplayError(f"unknown game {short(repr(name))} ("
                          + (f"did you mean {near!r}? " if near else "") + f"known: {', '.join(KITS)})")
    for key in ("players", "seed"):
        if key not in data:
            raise ReplayError(f"missing {key!r}")
        if not isinstance(data[key], int) or isinstance(data[key], bool):
            raise ReplayError(f"{key!r} must be an integer, got {short(repr(data[key]))}")
    seed = data["seed"]
    if seed < 0:
        raise ReplayError(f"'seed' is out of range (0 to 2**64 - 1, got {short(str(seed), 24)})")
    if seed >= SEED_LIMIT:
        raise ReplayError(f"'seed' is out of range (0 to 2**64 - 1, got a number of "
                          f"{len(str(seed))} digits)")
    for key in ("options", "setup"):
        if not isinstance(data.get(key, {}), dict):
            raise ReplayError(f"{key!r} must be an object")
    actions = data.get("actions", [])
    if not isinstance(actions, list):
        raise ReplayError("'actions' must be a list of strings")
    for index, action in enumerate(actions):
        if not isinstance(action, str):
            raise ReplayError(f"action {index} {short(repr(action))}: an action must be a string")
    return data


def start_game(data: dict, game_class: type[Game] | None = None) -> Game:
    try:
        cls = game_class or engine(data["game"])
    except SetupError as err:        # the game's own data file (e.g. its cards) does not load
        raise ReplayError(f"the {data['game']} engine does not load: {short(str(err), 200)}") from None
    try:
        return cls.new(data["players"], data["seed"], data.get("options") or {},
                       data.get("setup") or None)
    except SetupError as err:
        raise ReplayError(f"bad setup: {short(str(err), 200)}") from None
    except (TypeError, ValueError, KeyError, IndexError, OverflowError) as err:
        # A value of the wrong shape deep inside setup; still one line, never a traceback.
        raise ReplayError(f"bad setup: {type(err).__name__}: {short(str(err), 200)}") from None


def play(data: dict, on_event: Callable[[int, str, Event], None] | None = None,
         game_class: type[Game] | None = None) -> Game:
    """Check and play a replay dict; return the game in its final state."""
    game = start_game(check_replay(data), game_class)
    for index, action in enumerate(data.get("actions", [])):
        try:
            events = game.apply(action)
        except RuleError as err:
            raise ReplayError(f"action {index} {short(repr(action))}: {short(err.reason, 200)}") from None
        if on_event:
            for event in events:
                on_event(index, action, event)
    return game


def build_parser() -> SuggestingParser:
    parser = SuggestingParser(prog="main.py replay",
                              description="Play a replay file and print the final state.")
    parser.add_argument("file")
    parser.add_argument("--trace", action="store_true",
                        help="print each event as it happens (one JSON object a line)")
    return parser


def main(argv: list[str]) -> int:
    return run(build_parser().parse_args(argv))


def run(args) -> int:
    def trace(index: int, action: str, event: Event) -> None:
        print(json.dumps({"index": index, "action": action, "event": event.to_json()},
                         ensure_ascii=False), flush=True)

    try:
        game = play(load_replay(args.file), trace if args.trace else None)
    except ReplayError as err:
        print(f"replay: {args.file}: {err}", file=sys.stderr)
        return 1
    except Exception as err:  # an engine bug must still not show a traceback to a player
        print(f"replay: {args.file}: internal error: {type(err).__name__}: {err}", file=sys.stderr)
        return 3
    try:
        print(json.dumps(game.summary(), ensure_ascii=False, indent=2), flush=True)
    except BrokenPipeError:          # `replay … | head`: the reader has all it wanted
        sys.stdout = open(os.devnull, "w")   # noqa: SIM115 (no flush error at exit)
    return 0
