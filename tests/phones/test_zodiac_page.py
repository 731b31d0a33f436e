"""The Zodiac phone page at 390x844 in headless Chromium, in English and 繁體中文: on the seat's
pointing turn the whole page fits the screen (four players), the own hand is pinned at the
foot of the screen, the other hands are one compact row each, and the tiger's card is marked."""
from __future__ import annotations

import pytest

from game.play.match import new_session
from game.play.session import Seat
from scenes.zodiac.table import ZodiacTable
from tests.phones.browser import CHROMIUM, PHONE, launch_args, require_browser
from tests.phones.helpers import make_app, phone_table, until_page

pytestmark = pytest.mark.slow
MEASURE = """() => {
  const hand = document.querySelector('#pinned .row[data-row="hand"]').getBoundingClientRect();
  const rows = [...document.querySelectorAll('#rows .row[data-row^="seat"]')].map(
      (r) => Math.round(r.getBoundingClientRect().height));
  return {scroll: document.documentElement.scrollHeight, inner: window.innerHeight,
          handTop: hand.top, handBottom: hand.bottom, rows: rows,
          lang: document.documentElement.lang};
}"""


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_zodiac_page_shows_the_hand_without_scrolling_and_marks_the_tigers_card(tmp_path, lang):
    require_browser()
    from playwright.sync_api import sync_playwright

    def fits(seed):                        # the phone's seat points at once (no mermaid to place)
        seats = [Seat("a", "human", phone=True)] + [Seat("b")] * 3
        return "MERMAID" not in new_session("zodiac", seats, seed, {"rounds": 1}).game.view(0)["hand"]
    seed = next(s for s in range(400) if fits(s))
    app = make_app(tmp_path, lang=lang)
    table = phone_table(app, "zodiac", ZodiacTable, players=4, phones=(0,), seed=seed, options={"rounds": 1})
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
            page = browser.new_context(viewport=PHONE, device_scale_factor=2, locale=lang).new_page()
            page.goto(table.phones.url(0))
            until_page(app, page, "() => !!(window.meowcade.state && window.meowcade.state.mine)")
            until_page(app, page, "() => [...document.images].every((i) => i.complete && i.naturalWidth)")
            shape = page.evaluate(MEASURE)
            page.screenshot(path=str(tmp_path / f"zodiac-{lang}-turn.png"))
            page.click("#tiger")
            until_page(app, page, "() => !!document.querySelector('.cell.tiger .mark')")
            marked = page.evaluate("() => document.querySelector('.cell.tiger').dataset.act")
            tiger_act = page.evaluate("() => window.meowcade.state.tiger_act")
            page.screenshot(path=str(tmp_path / f"zodiac-{lang}-tiger.png"))
            browser.close()
    finally:
        table.phones.close()
    assert shape["lang"] == lang.replace("_", "-")
    assert shape["scroll"] <= shape["inner"], shape                        # nothing to scroll
    assert 0 < shape["handTop"] and shape["handBottom"] <= shape["inner"], shape
    assert shape["handTop"] > shape["inner"] / 2, shape                    # at the thumb
    assert len(shape["rows"]) == 3 and max(shape["rows"]) < 60, shape      # one compact row each
    assert marked == tiger_act and marked.startswith("point ")
