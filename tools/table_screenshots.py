"""Re-make the table screenshots in docs/screenshots/ (run under a real display, e.g. Xvfb):

    DISPLAY=:45 .venv/bin/python tools/table_screenshots.py [OUT_DIR] [--size WxH]

The window is 1280x720 unless ``--size`` says otherwise (1920x1080 for the full-size set).

Each shot plays a seeded game through the table scene (the person's moves are legal actions
sent through ``table.send``, animations hurried) until the wanted moment, sets up the person's
choice on screen the way clicks would, lets the animations settle and saves the window.
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.play.match import new_session  # noqa: E402
from game.play.session import Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.tables import table_info  # noqa: E402

NAMES = ["Mochi", "Tofu", "Biscuit", "Pepper", "Nori", "Miso"]
COATS = ["tabby", "calico", "tuxedo", "siamese", "black", "ginger"]
DT = 1 / 30


def start(app, game: str, players: int, seed: int, options=None, level="heuristic"):
    seats = [Seat(NAMES[i], "human" if i == 0 else "bot", level, COATS[i]) for i in range(players)]
    table = table_info(game).scene_class()(app, new_session(game, seats, seed, options))
    app.stack.clear_to(table)
    app.step(DT, [])
    return table


def find_table(app, game: str, players: int, wanted, options=None, then=None, seeds=range(1, 60)):
    """The table of the first seeded game that reaches ``wanted`` and, there, passes ``then``
    (a further step or check on the table, e.g. the tiger asked; False tries the next seed),
    else None."""
    for seed in seeds:
        table = start(app, game, players, seed, options)
        if play_until(app, table, wanted, random.Random(seed)) and (then is None or then(table)):
            return table
    return None


def play_until(app, table, wanted, rng: random.Random, limit: int = 4000) -> bool:
    """Hurry the game along (random legal moves for the person) until ``wanted()`` holds."""
    for _ in range(limit):
        if app.stack.top is not table or table.feed.over:
            return False
        if table.tools.pending is not None:
            table.tools.yes()                 # a turn-ending choice asks first: the player means it
        if not table.presenter.busy and wanted(table):
            return True
        if table.presenter.busy:
            table.presenter.skip()
        elif table.my_turn() and table.legal:
            table.send(rng.choice(table.legal))
        elif table.my_turn() and table.mode == "arrange":
            table._arrange_done()
        elif table.curtain_for is not None:
            table.lift_curtain()
        table.runner.wait_ready()
        app.step(DT, [])
    return False


def settle(app, frames: int = 45) -> None:
    for _ in range(frames):
        app.step(DT, [])


def shot(app, out: Path, name: str) -> None:
    pygame.image.save(app.screen, str(out / name))
    print("wrote", out / name)


def hungry_meow_play(app, out: Path) -> None:
    for seed in range(1, 60):
        table = start(app, "hungry-meow", 4, seed)
        rng = random.Random(seed)

        def mixed(t):
            if t.mode != "play" or not t.presenter.board.table:
                return False
            sym = t.presenter.board.table[0][2]
            hand = t.presenter.board.hands[0]
            return any(len(c or "") == 3 and c[2] == sym for c in hand) and any(
                len(c or "") == 3 and c[2] != sym for c in hand)
        if play_until(app, table, mixed, rng):
            sym = table.presenter.board.table[0][2]
            hand = [c for c in table.presenter.board.hands[0] if c and len(c) == 3]
            for card in (next(c for c in hand if c[2] != sym), next(c for c in hand if c[2] == sym)):
                table._press_card(next(w for w in table.hand_widgets if w.card == card))
            settle(app)
            shot(app, out, "hungry-meow-4-seats.png")
            return


def hungry_meow_death(app, out: Path) -> None:
    for seed in range(1, 60):
        table = start(app, "hungry-meow", 4, seed)
        rng = random.Random(seed)
        death = app.t("hm.ev.death")
        for _ in range(6000):
            if app.stack.top is not table or table.feed.over:
                break
            banner = table.presenter.banner
            if banner and banner[0] == death and table.presenter.flash <= 0:
                shot(app, out, "hungry-meow-death.png")
                return
            if table.presenter.busy and not _death_ahead(table):
                table.presenter.skip()
            elif table.my_turn() and table.legal:
                table.send(rng.choice(table.legal))
            table.runner.wait_ready()
            app.step(DT, [])


def _death_ahead(table) -> bool:
    """The last action drew Death (its animation is playing): let it play at its own pace."""
    moves = table.moves
    return bool(moves) and any(e.kind == "CardDrawn" and e.data.get("card") == "DEATH" for e in moves[-1][2])


def hungry_meow_prophecy(app, out: Path) -> None:
    for seed in range(1, 200):
        table = start(app, "hungry-meow", 2, seed)
        rng = random.Random(seed)
        if play_until(app, table, lambda t: t.mode == "prophecy" and len(t.prophecy_order) >= 4, rng):
            table.carry_press(1)
            table.focus.set_focus(table.pcards[1])
            settle(app)
            shot(app, out, "hungry-meow-prophecy-zh.png")
            return


def meow_dice_rolling(app, out: Path) -> None:
    for seed in range(1, 60):
        table = start(app, "meow-dice", 4, seed)
        rng = random.Random(seed)

        def rolling(t):
            board = t.presenter.board
            return (t.mode == "rolling" and board.turns_by_seat[0] >= 3 and board.rolls == 1
                    and any(s.enabled for s in t.slot_spots.values()))
        if play_until(app, table, rolling, rng):
            table._press_die(2)
            table._press_die(3)
            table.focus.set_focus(table.dice_spots[3])
            settle(app)
            shot(app, out, "meow-dice-4-seats.png")
            return


def meow_dice_condition(app, out: Path) -> None:
    for seed in range(1, 60):
        table = start(app, "meow-dice", 3, seed, {"advanced": True})
        rng = random.Random(seed)
        if play_until(app, table, lambda t: t.mode == "pre" and t.presenter.board.turns_by_seat[0] >= 2
                      and "condition" in {a.split()[0] for a in t.legal}, rng):
            table._start_condition()
            settle(app, 2)
            slot = next(s for s, spot in table.slot_spots.items() if spot.enabled)
            table._press_slot(slot)
            settle(app, 2)
            spot = next(s for s in table.pick_spots if s.enabled)
            table.focus.set_focus(spot)
            settle(app)
            shot(app, out, "meow-dice-advanced-zh.png")
            return


def zodiac_point(app, out: Path) -> None:
    for seed in range(1, 60):
        table = start(app, "zodiac", 4, seed)
        rng = random.Random(seed)

        def third(t):
            return t.mode == "point" and t.feed.view(0)["step"] == 2
        if play_until(app, table, third, rng):
            settle(app)
            shot(app, out, "zodiac.png")
            return


def main(argv: list[str]) -> int:
    size = (1280, 720)
    if "--size" in argv:
        at = argv.index("--size")
        size = tuple(int(v) for v in argv[at + 1].lower().split("x"))
        argv = argv[:at] + argv[at + 2:]
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        for lang, shots in (("en", (hungry_meow_play, hungry_meow_death, meow_dice_rolling, zodiac_point)),
                            ("zh_TW", (hungry_meow_prophecy, meow_dice_condition))):
            app = App(size=size, home=home, audio=False, lang=lang)
            try:
                for make in shots:
                    make(app, out)
            finally:
                app.shutdown()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main(sys.argv[1:]))
