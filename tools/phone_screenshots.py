"""Two phones play a whole game in a real browser, the big screen a real window: for each game
(Hungry Meow, a Zodiac round) and language, two pages of the system's headless Chromium at
390x844 play against a computer cat (``tests/phones/browser.py``) while the table runs in its
window at 1920x1080; screenshots of both phones and of the table go to OUT
(default docs/screenshots/phones/), and a summary of each game to ``--summary`` (JSON).

    .venv/bin/python tools/phone_screenshots.py --xvfb           # starts its own Xvfb
    DISPLAY=:17 .venv/bin/python tools/phone_screenshots.py      # an X server already running
    SDL_VIDEODRIVER=dummy .venv/bin/python tools/phone_screenshots.py --out /tmp/x   # no display

The table's shots are what the X server shows (``import -window root``, ImageMagick) when
there is one, else the game's own surface. Saved per game and language, ``G-L-``:
``codes`` (the table with the codes to scan), ``phone`` / ``phone2`` (each phone when first
asked something) and ``table`` (the big screen then: no hand, no curtain), ``refused`` (Hungry
Meow: a pick the rules refuse, the reason in words), ``held`` (a second device on a held seat),
``end-phone`` / ``end-table`` (the game over).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

GAMES = {  # game: (players, phone seats, seed, options) -- two phones and a computer cat
    "hungry-meow": (3, (0, 1), 21, None),
    "zodiac": (3, (0, 2), 8, {"rounds": 1}),
}


def start_xvfb(size, first: int = 170) -> subprocess.Popen:
    """An Xvfb of its own on the first free display from ``first`` (high: clear of the numbers
    people give theirs); DISPLAY names it. ``-displayfd`` says when it is ready."""
    for number in range(first, first + 60):
        if os.path.exists(f"/tmp/.X{number}-lock") or os.path.exists(f"/tmp/.X11-unix/X{number}"):
            continue
        read, write = os.pipe()
        proc = subprocess.Popen(["Xvfb", f":{number}", "-displayfd", str(write), "-screen", "0",
                                 f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
                                pass_fds=(write,), stderr=subprocess.DEVNULL)
        os.close(write)
        with os.fdopen(read, "rb") as pipe:
            said = pipe.readline().strip()        # empty: it exited (the number was taken)
        if said:
            os.environ["DISPLAY"] = ":" + said.decode()
            os.environ["SDL_VIDEODRIVER"] = "x11"
            return proc
        proc.wait(10)
    raise OSError("no free display for Xvfb")


def shoot_table(app, path: Path) -> str:
    """The big screen as the X server shows it, else the game's surface; says which."""
    import pygame

    display = os.environ.get("DISPLAY")
    if pygame.display.get_driver() == "x11" and display and shutil.which("import"):
        subprocess.run(["import", "-display", display, "-window", "root", str(path)], check=True,
                       timeout=30)
        return "x11"
    pygame.image.save(app.screen, str(path))
    return "surface"


def refuse_once(game, seat: int, state: dict) -> bool:
    """Hungry Meow: pick two cards the rules would not take together and press Play; the page
    shows why. The cards are unpicked after (True if it was done)."""
    if not any(b.get("pick", {}).get("b") == "hand:play" for b in state["buttons"]):
        return False
    offers = set(game.desk.kit.offers(seat))
    cells = next(r for r in state["rows"] if r["id"] == "hand")["cells"]
    for i in range(len(cells)):
        for j in range(i + 1, len(cells)):
            a, b = cells[i]["img"], cells[j]["img"]
            if f"play {a} {b}" not in offers and f"play {b} {a}" not in offers:
                page = game.pages[seat]
                for k in (i, j):
                    page.click(f'[data-row="hand"] [data-index="{k}"]')
                page.click('[data-pick="hand:play"]')
                for _ in range(40):
                    game.frame()
                    if page.locator("#note").inner_text().strip():
                        break
                return [i, j]
    return False


def run_one(browser, out: Path, game_name: str, lang: str, size, every: int = 1) -> dict:
    """One game in ``browser`` (shared by the games of a run: each phone is a context of its own,
    made and closed here, so no cookie or page outlives its game)."""
    import pygame

    from scenes.hungry_meow.table import HungryMeowTable
    from scenes.zodiac.table import ZodiacTable
    from tests.phones.browser import PHONE, BrowserGame, frame
    from tests.phones.helpers import make_app, phone_table

    started = time.perf_counter()
    players, phones, seed, options = GAMES[game_name]
    table_class = HungryMeowTable if game_name == "hungry-meow" else ZodiacTable
    app = make_app(Path(tempfile.mkdtemp()), lang=lang, size=size)
    table = phone_table(app, game_name, table_class, players=players, phones=phones, seed=seed,
                        options=options)
    prefix = f"{game_name}-{lang}-"
    shots: dict[str, str] = {}

    def table_shot(name):
        app.show_now()
        shots[name] = shoot_table(app, out / f"{prefix}{name}.png")

    def phone_shot(seat, name):
        game.settle()
        game.pages[seat].screenshot(path=str(out / f"{prefix}{name}.png"), full_page=True)
        shots[name] = "chromium"

    for _ in range(10):
        frame(app)
    table_shot("codes")
    game = BrowserGame(browser, table, phones, lang, scale=2, every=every)
    hand_shown_mid = []
    try:
        game.join()
        first = {}

        def on_move(g, seat, state):
            if seat not in first:
                first[seat] = g.moves
                phone_shot(seat, "phone" if seat == phones[0] else "phone2")
                if len(first) == len(phones):
                    table_shot("table")
                    hand_shown_mid.append(bool(table.humans) or table.curtain_for is not None)
            if game_name == "hungry-meow" and "refused" not in shots and g.moves >= 4:
                picked = refuse_once(g, seat, state)
                if picked:
                    phone_shot(seat, "refused")
                    note = g.pages[seat].locator("#note").inner_text()
                    shots["refused_note"] = note
                    for k in picked:                         # unpick them: the game goes on
                        g.pages[seat].click(f'[data-row="hand"] [data-index="{k}"]')

        game.play(on_move=on_move)
        over = table.feed.over
        finals = {s: game.state(s) for s in phones}
        texts = {s: game.pages[s].inner_text("body") for s in phones}
        phone_shot(phones[0], "end-phone")
        table_shot("end-table")
        stranger_device = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=lang)
        stranger = stranger_device.new_page()
        response = stranger.goto(table.phones.url(phones[0]))
        stranger.screenshot(path=str(out / f"{prefix}held.png"))
        shots["held"] = "chromium"
        held = {"status": response.status, "text": stranger.inner_text("body")}
        stranger_device.close()
        words = {"won": app.t("phone.won"), "over": app.t("phone.over"),
                 "held": app.t("phone.refused.held")}
        summary = {
            "game": game_name, "lang": lang, "driver": pygame.display.get_driver(),
            "display": os.environ.get("DISPLAY", ""), "window": list(app.screen.get_size()),
            "over": over, "winners": sorted(table.feed.winners) if over else [],
            "phones": list(phones), "moves": game.moves, "actions": table.feed.revision,
            "frames": game.frames, "frames_showing_a_hand": game.shown_hand,
            "hand_shown_at_table_shot": hand_shown_mid, "reopen": game.reopen,
            "finals": {str(s): (finals[s] or {}).get("prompt") for s in phones},
            "texts": {str(s): texts[s] for s in phones}, "words": words, "held": held,
            "shots": shots, "seconds": round(time.perf_counter() - started, 1),
        }
    finally:
        game.close()
        if table.phones is not None:
            table.phones.close()
        app.stack.clear()
    return summary


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots" / "phones")
    ap.add_argument("--games", default="hungry-meow,zodiac")
    ap.add_argument("--langs", default="en,zh_TW")
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--xvfb", action="store_true", help="start an Xvfb of its own for the big screen")
    ap.add_argument("--summary", type=Path, help="write each game's summary here (JSON)")
    ap.add_argument("--draw-every", type=int, default=1, metavar="N",
                    help="draw the table every N-th frame while the phones play (the tests: 12)")
    args = ap.parse_args(argv)
    size = tuple(int(n) for n in args.size.split("x"))
    xvfb = start_xvfb(size) if args.xvfb else None
    if xvfb is None and not os.environ.get("DISPLAY"):
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    try:
        from playwright.sync_api import sync_playwright

        from tests.phones.browser import CHROMIUM, disabled_in, launch_args

        args.out.mkdir(parents=True, exist_ok=True)
        results = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
            disabled = disabled_in(browser)          # what the browser really runs without
            for game_name in args.games.split(","):       # one browser for every game (~1 s each)
                for lang in args.langs.split(","):
                    result = run_one(browser, args.out, game_name, lang, size, args.draw_every)
                    result["disabled_features"] = disabled
                    results.append(result)
                    print(f"{game_name} {lang}: over={result['over']} moves={result['moves']} "
                          f"frames={result['frames']} driver={result['driver']} "
                          f"window={result['window']} {result['seconds']} s", flush=True)
        if args.summary:
            args.summary.write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"screenshots in {args.out}")
    finally:
        if xvfb is not None:
            import pygame

            pygame.display.quit()               # the window goes before its server does
            xvfb.terminate()
            xvfb.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
