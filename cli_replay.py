"""``./meowcade replay FILE [--trace]`` prints a replay's final state (game.play.replay);
``--watch`` plays it on the big screen instead, at the table's pace, with pause, step, speed and
seek (scenes.table.replay). The file is played through the rules first: a bad one gives its one
line and a non-zero exit before any window opens."""
from __future__ import annotations

import os
import sys

from cli_play import parse_size
from game.play import replay


def build_parser():
    parser = replay.build_parser()
    parser.add_argument("--watch", action="store_true",
                        help="play it on the big screen: Space pause, arrows step and speed, "
                             "Tab / Shift+Tab seek, Esc leave")
    parser.add_argument("--at", type=int, default=0, metavar="MOVE",
                        help="with --watch: start paused at this move (0-based)")
    parser.add_argument("--size", type=parse_size, default=(1280, 720), help="window size, e.g. 1920x1080")
    fs = parser.add_mutually_exclusive_group()
    fs.add_argument("--fullscreen", dest="fullscreen", action="store_true", default=None)
    fs.add_argument("--windowed", dest="fullscreen", action="store_false")
    parser.add_argument("--frames", type=int, default=None,
                        help="with --watch: run this many frames, then exit")
    parser.add_argument("--screenshot", default=None, help="with --watch: save the last frame to this PNG")
    parser.add_argument("--home", default=None, help="directory for settings and logs")
    parser.add_argument("--no-audio", dest="audio", action="store_false", default=True)
    return parser


def session_of(data: dict):
    """The replay file as a finished session: its seats (an exported game names them), or one
    computer cat per seat."""
    from game.bots.base import bot_names
    from game.play.session import GameSession, Seat
    from scenes.seat_setup import COATS, default_name

    given = data.get("seats") if isinstance(data.get("seats"), list) else []
    levels = [n for n in bot_names(data["game"]) if n != "random"] or ["random"]
    seats = []
    for i in range(data["players"]):
        seat = given[i] if i < len(given) and isinstance(given[i], dict) else {}
        name, level = seat.get("name"), seat.get("level")
        # a cat of its own colour per seat: simulate's seats all have the default coat
        seats.append(Seat(name if isinstance(name, str) else default_name(i), "bot",
                          level if isinstance(level, str) else levels[0], COATS[i % len(COATS)]))
    session = GameSession(data["game"], seats, data["seed"], dict(data.get("options") or {}),
                          dict(data.get("setup") or {}))
    for action in data["actions"]:
        session.apply(action)
    return session


def main(argv: list[str]) -> int:
    args = build_parser().parse_args(argv)
    if not args.watch:
        return replay.run(args)
    try:
        data = replay.load_replay(args.file)
        replay.play(data)                     # every check of the file, before a window opens
    except replay.ReplayError as err:
        print(f"replay: {args.file}: {err}", file=sys.stderr)
        return 1
    if not 0 <= args.at <= len(data["actions"]):
        print(f"replay: --at {args.at}: the file has moves 0-{len(data['actions'])}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.runtime.app import App
    from scenes.table.replay import replay_scene

    app = App(size=args.size, fullscreen=args.fullscreen, home=args.home, audio=args.audio)
    try:
        session = session_of(data)
        app.stack.push(replay_scene(app, session, at=args.at, paused=bool(args.at)))
        return app.run(frames=args.frames, screenshot=args.screenshot)
    finally:
        app.shutdown()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
