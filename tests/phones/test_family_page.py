"""What a family expects of the phone page, each seen in headless Chromium at 390x844: the turn
nudge (a vibration, the page's title, a chime once a tap has let the page sound, the screen kept
awake), a language of the phone's own (its ``<html lang>`` too; the TV keeps its own), the
result on every phone, and a page whose game went away saying so in words."""
from __future__ import annotations

import pytest

from scenes.hungry_meow.table import HungryMeowTable
from tests.phones.browser import CHROMIUM, PHONE, launch_args, require_browser
from tests.phones.helpers import make_app, phone_table, step, until_page

pytestmark = pytest.mark.slow
RECORD_VIBRATION = "window.buzzed = []; navigator.vibrate = (p) => { window.buzzed.push(p); return true; };"


def test_turn_nudge_own_language_result_and_a_lost_game_in_words(tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=4,
                        setup={"first": 0})
    desk = table.phones
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
            context = browser.new_context(viewport=PHONE, device_scale_factor=2)
            context.add_init_script(RECORD_VIBRATION)
            page = context.new_page()
            page.goto(desk.url(0))
            until_page(app, page, "() => !!(window.meowcade.state && window.meowcade.state.mine)")
            # the nudge: a vibration, the title; a tap lets the page sound and keep the screen on
            assert page.evaluate("() => window.buzzed.length") == 1
            assert page.title().startswith("\u25cf Your turn \u2013 Mochi")
            page.mouse.click(195, 60)
            until_page(app, page, "() => window.meowcade.sounding && window.meowcade.awake")
            # its own language: the page in Chinese, the TV still in English
            assert page.evaluate("() => document.documentElement.lang") == "en"
            page.click("#lang")
            until_page(app, page, "() => document.documentElement.lang === 'zh-TW'")
            assert page.title().startswith("\u25cf 輪到你了") and app.settings.language == "en"
            assert page.inner_text("#lang") == "English"
            assert app.t("phone.title") != "" and table.app.i18n.lang == "en"
            page.screenshot(path=str(tmp_path / "family-zh-turn.png"))
            # the game played to its end (the phone's moves made for it here): the result shows
            for _ in range(4000):
                if table.feed.over:
                    break
                offers = desk.offers(0)
                if offers:
                    desk.act(0, offers[0])
                step(app)
            assert table.feed.over
            until_page(app, page, "() => window.meowcade.state.over")
            winner = table.seat_name(table.feed.winners[0])
            assert winner in page.inner_text("#sub")                      # who won, in words
            assert page.inner_text("#line") in (app.i18n.t("phone.over"), "遊戲結束了。", "你贏了！")
            assert page.title() == f"Mochi \u2013 {page.evaluate('() => window.meowcade.state.title')}"
            page.screenshot(path=str(tmp_path / "family-zh-over.png"))
            # the game goes away: the page says so in words and stops offering its buttons
            desk.server.stop()
            page.wait_for_function("() => document.body.classList.contains('lost')", timeout=15000)
            note = page.inner_text("#note")
            browser.close()
    finally:
        desk.close()
    assert "新的條碼" in note
