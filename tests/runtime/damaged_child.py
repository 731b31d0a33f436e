"""Child process of test_damaged_assets: the game with its assets read from a copy
(``MEOWCADE_ASSETS``, set by the test) in which one file is damaged. It opens the table select,
then starts every table that is open and lets its computer cats play a few moves, plays every
sound cue, and prints what it saw as one JSON object.

    python -m tests.runtime.damaged_child HOME
"""
from __future__ import annotations

import json
import os
import sys

from tests.peek import session_of

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MOVES = 6            # actions each open table must play


def play_table(app, info) -> int:
    """Start ``info``'s table with computer cats only and step it until MOVES actions are played;
    returns how many were."""
    from cli_play import demo_session

    players = min(3, info.players[1])
    table = info.scene_class()(app, demo_session(info.game, players, 11, app.t), attract=False)
    table.bot_pace = (0.0, 0.0)
    app.stack.push(table)
    for _ in range(3000):
        if len(session_of(table).actions) >= MOVES or table.finished:
            break
        if table.presenter.busy:
            table.presenter.skip()
        table.runner.wait_ready()
        app.step(1 / 20, [])
    played = len(session_of(table).actions)
    app.stack.clear()
    app.step(1 / 20, [])
    return played


def main(home: str) -> int:
    from game.runtime import assets
    from game.runtime.app import App
    from scenes.table_select import TableCard, TableSelectScene

    app = App(size=(960, 540), home=home, audio=True, lang="zh_TW")
    select = TableSelectScene(app)
    app.stack.push(select)
    for _ in range(5):
        app.step(1 / 30, [])
    cards = {w.info.game: {"enabled": w.enabled, "problem": w.problem}
             for w in select.widgets if isinstance(w, TableCard)}
    label = app.t("select.out_of_order")
    app.stack.clear()
    app.step(1 / 30, [])
    app.draw_every(4)           # each table is drawn the frame it opens, then every 4th: the test reads moves
    played = {info.game: play_table(app, info) for info in select.tables}
    app.audio.load_pending(budget=60.0)      # every cue decoded (the game spreads it over frames)
    for cue in sorted(app.audio.sounds):
        app.audio.play(cue)
    out = {"cards": cards, "played": played, "lang": app.i18n.lang, "font_ok": assets.font_ok(),
           "out_of_order": label, "audio": app.audio.enabled,
           "sounds": {c: len(v) for c, v in app.audio.sounds.items()},
           "text_width": app.font(40).size("Meowcade")[0]}
    app.shutdown()
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
