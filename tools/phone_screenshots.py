"""Re-make the phones screenshots in docs/screenshots/phones/ (the big screen under a real
display, e.g. Xvfb; the phone page in the system's headless Chromium at 390x844):

    DISPLAY=:26 .venv/bin/python tools/phone_screenshots.py [OUT_DIR]

For each game and language: the table showing the codes to scan, then one phone joins and the
game goes on until that phone is asked something; the phone page (full length) and the table
are saved. Hungry Meow also gets a play with a refused pick (the note in words) and the page a
second phone gets for a held seat.
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from scenes.hungry_meow.table import HungryMeowTable  # noqa: E402
from scenes.zodiac.table import ZodiacTable  # noqa: E402
from tests.phones.helpers import make_app, phone_table, step  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def ask_until(app, table, page, seat, want=lambda s: True, frames=2000) -> dict | None:
    """Step the table until ``seat``'s phone is asked something that ``want`` likes."""
    rng = random.Random(2)
    for _ in range(frames):
        step(app)
        offers = table.phones.kit.offers(seat)
        if not offers or table.presenter.busy:
            continue
        state = page.evaluate("window.meowcade.state")
        if state and state["mine"]:
            if want(state):
                return state
            table.phones.receive(seat, {"t": "act", "a": rng.choice(offers)})
    return None


def shoot(pw, out: Path, game: str, lang: str) -> None:
    table_class = HungryMeowTable if game == "hungry-meow" else ZodiacTable
    app = make_app(Path(tempfile.mkdtemp()), lang=lang, size=(1920, 1080))
    options = {"rounds": 1} if game == "zodiac" else None
    table = phone_table(app, game, table_class, players=4, phones=(0, 1), seed=21, options=options)
    step(app, 10)
    pygame.image.save(app.screen, str(out / f"{game}-{lang}-codes.png"))
    browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, locale=lang)
    page = context.new_page()
    page.goto(table.phones.url(0))
    ask_until(app, table, page, 0)
    step(app, 3)
    page.wait_for_timeout(400)
    page.screenshot(path=str(out / f"{game}-{lang}-phone.png"), full_page=True)
    pygame.image.save(app.screen, str(out / f"{game}-{lang}-table.png"))
    if game == "hungry-meow":
        state = ask_until(app, table, page, 0, lambda s: any(b.get("pick") for b in s["buttons"]))
        if state is not None:
            cells = page.locator('[data-row="hand"] .cell')
            for i in range(min(2, cells.count())):
                cells.nth(i).click()
            page.click('[data-pick="hand:play"]')
            for _ in range(5):
                step(app)
            page.wait_for_timeout(400)
            page.screenshot(path=str(out / f"{game}-{lang}-play.png"), full_page=True)
        stranger = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2,
                                       locale=lang).new_page()
        stranger.goto(table.phones.url(0))
        stranger.screenshot(path=str(out / f"{game}-{lang}-held.png"))
    browser.close()
    table.phones.close()


def main(argv=None) -> int:
    from playwright.sync_api import sync_playwright

    args = list(sys.argv[1:] if argv is None else argv)
    out = Path(args[0]) if args else ROOT / "docs" / "screenshots" / "phones"
    out.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as pw:
        for game in ("hungry-meow", "zodiac"):
            for lang in ("en", "zh_TW"):
                shoot(pw, out, game, lang)
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
