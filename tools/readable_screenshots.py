"""Screenshots of issue 12/13's readable pieces (run under a real display, e.g. Xvfb):

    DISPLAY=:65 .venv/bin/python tools/readable_screenshots.py [OUT_DIR] [NAME...]

Each shot plays a seeded game (tools/table_screenshots.py's helpers) to the place the issue
names, in English and 繁體中文, at 1280x720 and 1920x1080, and writes
``OUT_DIR/<name>-<lang>-<w>x<h>.png`` (default docs/screenshots/readable/).
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

from game.runtime.app import App  # noqa: E402
from tools.table_screenshots import find_table, play_until, settle, start  # noqa: E402

DT = 1 / 30


def md_lock_face(app):
    for seed in range(1, 80):
        table = start(app, "meow-dice", 3, seed, {"advanced": True})
        if play_until(app, table, lambda t: t.mode == "pre" and t.presenter.board.turns_by_seat[0] >= 1
                      and "lock" in {a.split()[0] for a in t.legal}, random.Random(seed)):
            table._start_lock()
            settle(app, 2)
            spot = next(s for s in table.dice_spots if s.enabled)
            spot.on_press()
            settle(app)
            return True
    return False


def md_condition(app):
    for seed in range(1, 80):
        table = start(app, "meow-dice", 3, seed, {"advanced": True})
        if play_until(app, table, lambda t: t.mode == "pre" and t.presenter.board.turns_by_seat[0] >= 1
                      and "condition" in {a.split()[0] for a in t.legal}, random.Random(seed)):
            table._start_condition()
            settle(app, 2)
            slot = next(s for s, spot in table.slot_spots.items() if spot.enabled)
            table._press_slot(slot)
            settle(app, 2)
            table.focus.set_focus(next(s for s in table.pick_spots if s.enabled))
            settle(app)
            return True
    return False


def md_card_focus(app):
    table = find_table(app, "meow-dice", 4, lambda t: t.mode == "rolling"
                       and t.presenter.board.turns_by_seat[0] >= 2
                       and any(s.enabled for s in t.slot_spots.values()))
    if table is None:
        return False
    spot = next(s for s in table.slot_spots.values() if s.enabled)
    table.focus.set_focus(spot)
    settle(app, 60)
    return True


def zodiac_point(app):
    table = find_table(app, "zodiac", 4, lambda t: t.mode == "point" and t.feed.view(0)["step"] == 2)
    if table is None:
        return False
    settle(app)
    return True


def zodiac_tip(app):
    table = find_table(app, "zodiac", 4, lambda t: t.mode == "point" and t.feed.view(0)["step"] == 0)
    if table is None:
        return False
    table.focus.set_focus(table.card_widgets[("hand", 0, 2)])
    settle(app)
    return True


def hungry_meow_set(app):
    for seed in range(1, 60):
        table = start(app, "hungry-meow", 3, seed)

        def pair(t):
            if t.mode != "play":
                return False
            hand = [c for c in t.presenter.board.hands[0] if c and len(c) == 3]
            return any(sum(1 for d in hand if d[2] == c[2]) >= 2 for c in hand)
        if play_until(app, table, pair, random.Random(seed)):
            hand = [c for c in table.presenter.board.hands[0] if c and len(c) == 3]
            sym = next(c[2] for c in hand if sum(1 for d in hand if d[2] == c[2]) >= 2)
            for card in [c for c in hand if c[2] == sym][:2]:
                table._press_card(next(w for w in table.hand_widgets if w.card == card))
            settle(app)
            return True
    return False


def md_pre_advanced(app):
    for seed in range(1, 80):
        table = start(app, "meow-dice", 3, seed, {"advanced": True})
        if play_until(app, table, lambda t: t.mode == "pre" and t.presenter.board.turns_by_seat[0] >= 1
                      and "condition" in {a.split()[0] for a in t.legal}, random.Random(seed)):
            table.focus.set_focus(table.buttons["condition"])
            settle(app)
            return True
    return False


def _seat_setup(app, game: str, option: str | None):
    from scenes.seat_setup import OptionField, SeatSetupScene
    from scenes.tables import table_info
    scene = SeatSetupScene(app, table_info(game))
    app.stack.clear_to(scene)
    settle(app, 3)
    if option:
        field = next(w for w in scene.widgets if isinstance(w, OptionField) and w.option.key == option)
        if not field.enabled:
            scene.options[field.option.needs] = True
        scene.focus.set_focus(field)
    settle(app, 20)
    return True


def md_setup(app):
    return _seat_setup(app, "meow-dice", "specials")


def zodiac_setup(app):
    return _seat_setup(app, "zodiac", "short_match")


def _rules(app, game: str, page: int):
    from scenes.rules_help import RulesHelpScene
    scene = RulesHelpScene(app, game)
    app.stack.clear_to(scene)
    settle(app, 3)
    scene.turn(page - 1)
    settle(app, 10)
    return True


def rules_md(app):
    return _rules(app, "meow-dice", 5)


def rules_hm(app):
    return _rules(app, "hungry-meow", 8)


def rules_zc(app):
    return _rules(app, "zodiac", 3)


def md_pause(app):
    from scenes.pause import PauseScene
    if not md_card_focus(app):
        return False
    app.stack.push(PauseScene(app, app.stack.top))
    settle(app, 20)
    return True


SHOTS = {"md-pause": md_pause, "rules-meow-dice-wishes": rules_md, "rules-hungry-meow-powers": rules_hm,
         "rules-zodiac-ready": rules_zc,
         "md-pre-advanced": md_pre_advanced, "md-setup": md_setup, "zodiac-setup": zodiac_setup,
         "md-lock-face": md_lock_face, "md-condition": md_condition, "md-card-focus": md_card_focus,
         "zodiac-point": zodiac_point, "zodiac-tip": zodiac_tip, "hm-set": hungry_meow_set}


# ---- issue 12, the last four points: button places, icon floor, Zodiac zoom, hand grouping ----
def _md_until(app, players, options, wanted, seeds=range(1, 80)):
    for seed in seeds:
        table = start(app, "meow-dice", players, seed, options)
        if play_until(app, table, wanted, random.Random(seed)):
            return table
    return None


def md_places_pre(app):
    def wanted(t):
        return (t.mode == "pre" and t.presenter.board.turns_by_seat[0] >= 1
                and "change" in {a.split()[0] for a in t.legal})
    table = _md_until(app, 3, {"advanced": True}, wanted)
    if table is None:
        return False
    table.focus.set_focus(table.buttons["roll"])
    settle(app)
    return True


def md_places_change(app):
    if not md_places_pre(app):
        return False
    table = app.stack.top
    table._start_discard("change")
    settle(app, 2)
    table._press_slot(next(s for s, spot in table.slot_spots.items() if spot.enabled))
    settle(app, 2)                         # the Discard button joins the focus ring
    table.focus.set_focus(table.buttons["discard"])
    settle(app)
    return True


def md_places_rolling(app):
    table = _md_until(app, 3, {"advanced": True}, lambda t: t.mode == "rolling"
                      and {"reroll", "fishbone"} <= {a.split()[0] for a in t.legal})
    if table is None:
        return False
    table.focus.set_focus(table.buttons["fishbone"])
    settle(app)
    return True


def md_places_bite(app):
    table = _md_until(app, 2, {"one_bite": True}, lambda t: t.mode == "rolling"
                      and any(a.startswith("bite ") for a in t.legal))
    if table is None:
        return False
    table.focus.set_focus(next(s for s in table.card_spots if s.enabled))
    settle(app, 6)                         # before the focused card's tooltip comes up
    return True


def md_icons_4p(app):
    def wanted(t):
        board = t.presenter.board
        return t.mode == "pre" and (any(board.won_tokens) or (
            any(board.slot_tokens.values()) and board.turns_by_seat[0] >= 4))
    table = _md_until(app, 4, {"advanced": True}, wanted, seeds=range(1, 12))
    if table is None:
        return False
    table.focus.set_focus(table.buttons["roll"])
    settle(app)
    return True


def zodiac_chips_6p(app):
    table = find_table(app, "zodiac", 6, lambda t: t.mode == "point" and t.feed.view(0)["step"] == 2)
    if table is None:
        return False
    settle(app, 75)                # bubbles and the zoom gone: the 1-2 marks alone
    return True


def hm_to_beat(app):
    table = find_table(app, "hungry-meow", 3, lambda t: t.mode == "play" and t.presenter.board.table)
    if table is None:
        return False
    table.focus.set_focus(table.buttons["pass"])
    settle(app, 8)
    return True


def zodiac_zoom(app):
    for seed in range(1, 60):
        table = start(app, "zodiac", 4, seed)
        if play_until(app, table, lambda t: t.mode == "point" and t.feed.view(0)["step"] == 1,
                      random.Random(seed)):
            break
    else:
        return False
    settle(app, 75)                        # the hurried setup's speech bubbles have gone by
    for _ in range(200):                   # a computer cat's card turned up: its zoom
        if table.zoom.shown and table.zoom.age() > 0.25:
            return True
        if not table.presenter.busy and table.my_turn() and table.legal:
            table.send(sorted(a for a in table.legal if a.startswith("point"))[0])
        table.runner.wait_ready()
        app.step(DT, [])
    return False


def hm_ungrouped(app):
    app.settings.group_hand = False
    try:
        if not hungry_meow_set(app):
            return False
        table = app.stack.top
        table.focus.set_focus(table.buttons["play"])      # no card's tooltip over the hand
        settle(app, 8)
        return True
    finally:
        app.settings.group_hand = True


def settings_panel(app):
    from scenes.settings import SettingsScene
    scene = SettingsScene(app)
    app.stack.clear_to(scene)
    settle(app, 3)
    scene.focus.set_focus(next(w for w in scene.widgets if getattr(w, "key", "") == "group_hand"))
    settle(app, 10)
    return True


SHOTS.update({"md-places-pre": md_places_pre, "md-places-change": md_places_change,
              "md-places-rolling": md_places_rolling, "md-places-bite": md_places_bite,
              "md-icons-4p": md_icons_4p, "zodiac-zoom": zodiac_zoom, "hm-ungrouped": hm_ungrouped,
              "zodiac-chips-6p": zodiac_chips_6p, "hm-to-beat": hm_to_beat,
              "settings-group-hand": settings_panel})


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "docs" / "screenshots" / "readable"
    names = argv[1:] or list(SHOTS)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as home:
        for lang in ("en", "zh_TW"):
            for size in ((1280, 720), (1920, 1080)):
                app = App(size=size, home=home, audio=False, lang=lang)
                try:
                    for name in names:
                        if SHOTS[name](app):
                            path = out / f"{name}-{lang}-{size[0]}x{size[1]}.png"
                            pygame.image.save(app.screen, str(path))
                            print("wrote", path)
                        else:
                            print("no game reached", name, file=sys.stderr)
                finally:
                    app.shutdown()
    return 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main(sys.argv[1:]))
