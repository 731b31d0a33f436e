"""``meowcade play``: start the game window (title screen, or straight at a table with --demo).

    --frames N            run N frames, then exit (headless-safe; tests, packaged smoke test)
    --screenshot FILE     save the last frame as PNG
    --lang en|zh_TW       language for this run (settings keep their own)
    --size WxH            window size (default 1280x720)
    --fullscreen/--windowed
    --fps 30|60|144       frame-rate cap (default 60)
    --seed N              seed for new games (default: from the clock)
    --demo GAME:PLAYERS   start at that table with computer cats only
    --home DIR            keep settings, logs and saves under DIR (also env MEOWCADE_HOME)
    --speed normal|faster animation speed for this run
    --no-audio            do not open an audio device
    --kiosk               kiosk mode (kiosk.run_kiosk)
    --debug               log debug lines and each game's seed (otherwise a game id only)

The command-line layer, on top of everything (game/ ← scenes/ ← kiosk/ ← this). pygame, the runtime
and the scenes are imported inside the functions that open the window: ``--kiosk`` starts the
supervisor, which must stay on the standard library (it must not die of what kills the game).
"""
from __future__ import annotations

import argparse
import os
import random
import sys

from game.play.suggest import SuggestingParser
from kiosk import run_kiosk


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x720, got {text!r}") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError(f"size {text} is too small (at least 320x240)")
    return w, h


def parse_demo(text: str) -> tuple[str, int]:
    game, _, players = text.partition(":")
    try:
        return game, int(players or 4)
    except ValueError:
        raise argparse.ArgumentTypeError(f"--demo wants GAME:PLAYERS, got {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    p = SuggestingParser(prog="meowcade play", description="Start Meowcade.")
    p.add_argument("--frames", type=int, default=None, help="run this many frames, then exit")
    p.add_argument("--screenshot", default=None, help="save the last frame to this PNG file")
    p.add_argument("--lang", choices=("en", "zh_TW"), default=None)
    p.add_argument("--size", type=parse_size, default=(1280, 720), help="window size, e.g. 1920x1080")
    fs = p.add_mutually_exclusive_group()
    fs.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None)
    fs.add_argument("--windowed", dest="fullscreen", action="store_false")
    p.add_argument("--fps", type=int, choices=(30, 60, 144), default=60)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--demo", type=parse_demo, default=None, metavar="GAME:PLAYERS")
    p.add_argument("--home", default=None, help="directory for settings, logs and saves")
    p.add_argument("--speed", choices=("slow", "normal", "faster"), default=None)
    p.add_argument("--no-audio", dest="audio", action="store_false", default=True)
    p.add_argument("--kiosk", action="store_true")
    p.add_argument("--debug", action="store_true", help="log debug lines and each game's seed")
    p.add_argument("--kiosk-child", action="store_true", help=argparse.SUPPRESS)  # kiosk supervisor child
    p.add_argument("--kiosk-nap", action="store_true", help=argparse.SUPPRESS)    # kiosk nap screen
    return p


def demo_session(game: str, players: int, seed: int, t=None):
    """A session at ``game`` with ``players`` computer cats (default bot level); names through
    ``t`` (``app.t``) when given."""
    from game.bots.base import bot_names
    from game.play.session import GameSession, Seat
    from scenes.seat_setup import COATS, default_name

    levels = [n for n in bot_names(game) if n != "random"] or bot_names(game)
    seats = [Seat(default_name(i, t), "bot", levels[0] if levels else "random", COATS[i % len(COATS)])
             for i in range(players)]
    return GameSession(game, seats, seed)


def first_scene(app, args):
    from scenes.tables import UNFINISHED, table_info, table_problem
    from scenes.title import TitleScene

    if args.demo is None:
        return TitleScene(app)
    game, players = args.demo
    try:
        info = table_info(game)
    except KeyError as exc:
        raise SystemExit(f"meowcade: {exc.args[0]}") from None
    problem = table_problem(info)
    if problem == UNFINISHED:
        raise SystemExit(f"meowcade: table {game!r} is not available in this build")
    if problem is not None:          # table_problem has printed the one line (and logged it)
        raise SystemExit(1)
    lo, hi = info.players
    if not lo <= players <= hi:
        raise SystemExit(f"meowcade: {game} takes {lo}-{hi} players, got {players}")
    session = demo_session(game, players, args.seed, app.t)
    from game.runtime.logs import game_ref

    app.log.info("demo %s: %s, %d cats", game_ref(session), game, players)   # the seed only with --debug
    return info.scene_class()(app, session, attract=False)


def main(argv=None) -> int:
    args = build_parser().parse_args(sys.argv[1:] if argv is None else argv)
    from game.files.paths import private_umask

    private_umask()            # every file the game (and the kiosk) writes is the user's alone
    if args.debug:
        from game.runtime.logs import set_debug

        set_debug()
    if args.seed is None:
        args.seed = random.SystemRandom().randrange(1 << 31)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.play import think_worker

    think_worker.enable()      # computer cats think in a process of their own (started on first use)
    if args.kiosk or args.kiosk_child or args.kiosk_nap:
        # no palette check here: the supervisor must start whatever is damaged; a table's palette
        # closes that table alone ("out of order"), a bad shared one ends in the nap screen
        return run_kiosk(args)
    from game.art.palette import PaletteError, check_shared

    try:
        check_shared()     # menus cannot draw without it: one line, before any window opens
    except PaletteError as exc:
        print(f"meowcade: {exc}", file=sys.stderr)
        return 2
    from game.runtime.logs import echo_to_terminal

    with echo_to_terminal():   # a damaged file: one line on the terminal too (the kiosk has none)
        return play(args)


def play(args) -> int:
    from game.play.watch import SessionWatcher
    from game.runtime.app import App

    app = App(size=args.size, fullscreen=args.fullscreen, lang=args.lang, home=args.home,
              audio=args.audio, speed=args.speed)
    app.fps = args.fps
    app.seed = args.seed
    app.frame_hooks.append(SessionWatcher(app, args.home).update)   # autosave ("Continue") + records
    try:
        app.stack.push(first_scene(app, args))
        return app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        app.shutdown()


if __name__ == "__main__":
    sys.exit(main())
