"""Two phones in a real browser (the system's headless Chromium, driven by Playwright) play a
whole Hungry Meow game and a whole Zodiac round against computer cats, in English and 繁體中文;
one page is closed and opened again mid-game and carries on. The table runs headless here
(the Xvfb run with screenshots is tools/phone_screenshots.py)."""
from __future__ import annotations

import os
import random
import shutil

import pytest

from scenes.hungry_meow.table import HungryMeowTable
from scenes.zodiac.table import ZodiacTable
from tests.phones.helpers import make_app, phone_table, step

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not os.path.exists(CHROMIUM), reason="needs the system chromium")]


def click_action(page, state, action) -> bool:
    """Press what a person presses for ``action`` on the page: its button or card, or the
    cards to pick (by picture) and then the pick button."""
    hit = page.locator(f'[data-act="{action}"]')
    if hit.count():
        hit.first.click()
        if page.locator("#ask[open]").count():
            page.click("#ask-yes")
        return True
    words = action.split()
    if words[0] == "play":
        row, cards, button = "hand", words[1:], "hand:play"
    elif words[0] == "prophecy":
        row, cards, button = "prophecy", words[2:], "prophecy:" + words[1]
    elif words[:2] == ["dealer", "give"]:
        row, cards, button = "hand", words[3:], f"hand:give {words[2]}"
    else:
        return False
    cells = next(r for r in state["rows"] if r["id"] == row)["cells"]
    used = []
    for card in cards:
        i = next(i for i, c in enumerate(cells) if c["img"] == card and i not in used)
        used.append(i)
        page.click(f'[data-row="{row}"] [data-index="{i}"]')
    page.click(f'[data-pick="{button}"]')
    return True


def play_in_browser(table, lang, seats, reopen_at=6, max_frames=6000):
    from playwright.sync_api import sync_playwright

    app = table.app
    desk = table.phones
    rng = random.Random(3)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        contexts = {s: browser.new_context(viewport={"width": 390, "height": 844}, locale=lang)
                    for s in seats}                                # a context is a phone
        pages = {s: contexts[s].new_page() for s in seats}
        for s in seats:
            pages[s].goto(desk.url(s))
        moves, reopened, last = 0, False, None
        for _ in range(max_frames):
            step(app)
            if table.game.over:
                break
            for s in seats:
                offers = desk.kit.offers(s)
                if not offers:
                    continue
                state = pages[s].evaluate("window.meowcade.state")
                if not state or not state["mine"] or (s, state["rev"]) == last:
                    continue
                if moves == reopen_at and not reopened:        # the phone sleeps and wakes up
                    pages[s].close()
                    pages[s] = contexts[s].new_page()
                    pages[s].goto(desk.url(s))
                    reopened = True
                    break
                assert click_action(pages[s], state, rng.choice(offers))
                last = (s, state["rev"])
                moves += 1
        for _ in range(30):
            step(app)
        finals = {s: pages[s].evaluate("window.meowcade.state") for s in seats}
        texts = {s: pages[s].inner_text("body") for s in seats}
        browser.close()
    return moves, reopened, finals, texts


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_two_phones_play_a_whole_hungry_meow_game(tmp_path, lang):
    app = make_app(tmp_path, lang=lang, size=(960, 540))
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=21)
    try:
        moves, reopened, finals, texts = play_in_browser(table, lang, (0, 1))
        assert table.game.over and moves > 5 and reopened
        assert all(table.session.actions)
        for s in (0, 1):
            assert finals[s]["prompt"] == app.t("phone.won" if s in table.game.winners else "phone.over")
            assert finals[s]["prompt"] in texts[s]
    finally:
        table.phones.close()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_two_phones_play_a_whole_zodiac_round(tmp_path, lang):
    app = make_app(tmp_path, lang=lang, size=(960, 540))
    table = phone_table(app, "zodiac", ZodiacTable, players=3, phones=(0, 2), seed=8, options={"rounds": 1})
    try:
        moves, reopened, finals, texts = play_in_browser(table, lang, (0, 2))
        assert table.game.over and moves > 5 and reopened
        assert any(a.startswith("point ") for a in table.session.actions)
    finally:
        table.phones.close()
