"""A real kiosk game process for test_resume (run as ``python resume_child.py HOME SEED``).

It is wired exactly as ``--kiosk-child`` (``make_kiosk_app``), starts in attract mode, and is played
through the UI only: Enter to wake it and walk title → table select → seat setup → Start, then
mouse clicks on the table's widgets for the human seat while the computer cats play theirs. After
every action it prints one JSON line (action count, whether a person made it, the engine dump),
and it keeps playing until the test kills it (SIGKILL) or 90 s pass. Its first line tells what the
kiosk did at start ("resume" after an earlier kill: then it plays on from the saved position) and
the game it shows then. The supervisor's environment (deaths within the minute) is passed on.
"""
import json
import random
import sys
import time
from pathlib import Path

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from game.play.watch import running_session  # noqa: E402
from tests.kiosk.helpers import DT, click, key, kiosk_app  # noqa: E402


def main(home: str, seed: int) -> int:
    rng = random.Random(seed)
    # the test checks the game kept, not pixels: every 3rd frame drawn (each new screen at once),
    # the walk through the menus too
    app, controller = kiosk_app(home, draw_every=3)
    app.settings.bot_speed = "fast"     # the operator's settings: fewer frames a move
    app.settings.animation_speed = app.visitor_defaults["animation_speed"] = "faster"
    started = controller.start()
    app.stack.apply_pending()
    app.visit["lessons_offered"] = ["hungry-meow", "meow-dice", "zodiac"]   # no first-time lesson offer
    app.running = True
    app.step(DT, [])                    # the first frame
    session, _table = running_session(app.stack)
    print(json.dumps({"start": started, "top": type(app.stack.top).__name__,
                      "n": len(session.actions) if session else None,
                      "game": session.game_name if session else None,
                      "seats": [s.name for s in session.seats] if session else None,
                      "dump": session.game.dump() if session else None}), flush=True)
    for _ in range(40):                 # wake attract, then Enter through the menus
        if getattr(app.stack.top, "human_game", False):
            break
        app.step(DT, [key(pygame.K_RETURN), key(pygame.K_RETURN, False)])
        for _ in range(20):
            app.step(DT, [])
    else:
        print(json.dumps({"error": "never reached a game", "top": type(app.stack.top).__name__}), flush=True)
        return 2
    last, humans, frame = -1, 0, 0
    stop = time.monotonic() + 90
    while time.monotonic() < stop:
        session, table = running_session(app.stack)
        if session is None:
            print(json.dumps({"error": "game left the stack", "top": type(app.stack.top).__name__}),
                  flush=True)
            return 3
        actor = session.game.current_player
        events = []
        frame += 1
        if frame % 5 == 0 and actor in session.human_seats and hasattr(table, "widgets"):
            app.show_now()
            widgets = table.widgets()
            if widgets:
                events = click(rng.choice(list(widgets.values())).center)
        app.step(DT, events)
        n = len(session.actions)
        if n != last:
            if last >= 0 and actor in session.human_seats:
                humans += 1
            last = n
            print(json.dumps({"n": n, "humans": humans, "game": session.game_name,
                              "seats": [s.name for s in session.seats], "dump": session.game.dump()}),
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], int(sys.argv[2])))
