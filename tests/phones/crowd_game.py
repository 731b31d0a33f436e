"""The game process of tests/phones/test_crowd.py: a headless Hungry Meow table whose seat 0 is a
phone, its frames run at 60 a second until a line comes on stdin. It prints the seat's link,
then, at the end, one JSON line: the most files it held open (sampled every 10 ms on a thread
of its own), the actions played, the error a frame raised (None), the connections its server
turned away and the most it held from one address of the crowd's."""
from __future__ import annotations

import json
import os
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.phones import limits  # noqa: E402
from scenes.hungry_meow.table import HungryMeowTable  # noqa: E402
from tests.peek import session_of  # noqa: E402
from tests.phones.helpers import make_app, phone_table  # noqa: E402


def main(home: str) -> None:
    app = make_app(Path(home))
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=3)
    doorman = table.phones.server.doorman
    most, from_one, watching = [limits.open_files()], [0], threading.Event()
    watching.set()

    def watch():
        while watching.is_set():
            most[0] = max(most[0], limits.open_files())
            crowd = [n for address, n in list(doorman.by_address.items()) if address != "127.0.0.1"]
            from_one[0] = max([from_one[0], *crowd])
            time.sleep(0.01)

    threading.Thread(target=watch, daemon=True).start()
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.readline(), stop.set()), daemon=True).start()
    print(table.phones.url(0), flush=True)
    error = None
    while not stop.is_set():
        try:
            app.step(1 / 60)
        except Exception as exc:               # a frame that raises: the test fails on it
            error = repr(exc)
            break
        time.sleep(1 / 60)
    watching.clear()
    table.phones.close()
    print(json.dumps({"most": most[0], "actions": list(session_of(table).actions), "error": error,
                      "turned_away": doorman.refused + doorman.evicted, "most_from_one": from_one[0]}),
          flush=True)


if __name__ == "__main__":
    main(sys.argv[1])
