"""Two phones in a real browser play a whole game: the system's headless Chromium, driven by
Playwright, one browser context per phone (its own cookies: a device) at 390x844, against a
table whose frames this module steps, shows (``App.present``) and, under a real display,
pumps the window's events for.

Used by ``tools/phone_screenshots.py`` (the big screen under Xvfb, screenshots kept) and,
through that script, by ``tests/phones/test_browser.py``. A phone chooses at random among the
moves its seat may make, pressing what a person presses (a button, a card, or the cards to
pick and then the pick button); one page is closed and opened again while its seat is due.
"""
from __future__ import annotations

import random
import re
import shutil
import time
from pathlib import Path

import pygame

from tests.peek import engine_of, session_of

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
REQUIRE_ENV = "MEOWCADE_REQUIRE_BROWSER"     # CI: a missing Chromium or Xvfb fails, never skips
PHONE = {"width": 390, "height": 844}
# Chromium 15x's headless browser keeps a hidden omnibox popup (two WebUI pages) for each window,
# that is for each phone's context, and they burn processor time all the while: measured, two idle
# contexts 2.8 s of CPU in 10 s with them, 0.15 s without.
QUIET_FEATURES = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup"]


def require_browser(xvfb: bool = False) -> None:
    """Skip the calling test where Chromium (and, with ``xvfb``, Xvfb) is missing, unless
    ``MEOWCADE_REQUIRE_BROWSER`` is set: then a missing one is a failure (a broken CI install)."""
    import os

    import pytest

    missing = [] if os.path.exists(CHROMIUM) else ["chromium"]
    if xvfb and not shutil.which("Xvfb"):
        missing.append("Xvfb")
    try:
        import playwright  # noqa: F401
    except ImportError:
        missing.append("playwright")
    if not missing:
        return
    if os.environ.get(REQUIRE_ENV):
        pytest.fail(f"{REQUIRE_ENV} is set and {', '.join(missing)} is missing")
    pytest.skip(f"needs {', '.join(missing)}")


def playwright_disabled_features() -> list[str]:
    """The features Playwright's own ``--disable-features`` turns off (read from its driver): a
    second ``--disable-features`` replaces the first, so ours must repeat them (some keep the
    browser off the network: no time, hint or search-engine queries)."""
    import playwright

    lib = Path(playwright.__file__).parent / "driver" / "package" / "lib"
    for path in (lib / "coreBundle.js", lib / "server" / "chromium" / "chromiumSwitches.js"):
        try:
            text = path.read_text(encoding="utf-8")
        except OSError:
            continue
        found = re.search(r"disabledFeatures\s*=\s*\[(.*?)\]", text, re.S)
        if found:
            return re.findall(r'"([A-Za-z0-9_]+)"', re.sub(r"//[^\n]*", "", found.group(1)))
    return []


def launch_args() -> list[str]:
    """Chromium's arguments: no sandbox (root in a container), and the omnibox popups off when
    Playwright's own list of disabled features can be read (else they stay: slower, still right)."""
    theirs = playwright_disabled_features()
    if not theirs:
        return ["--no-sandbox"]
    return ["--no-sandbox", "--disable-features=" + ",".join(dict.fromkeys(theirs + QUIET_FEATURES))]


def disabled_in(browser) -> list[str]:
    """The features ``browser`` was started with turned off (its chrome://version page)."""
    import base64
    import json

    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto("chrome://version")
        for blob in re.findall(r"eyJ[A-Za-z0-9+/=]+", page.content()):
            try:
                said = json.loads(base64.b64decode(blob + "=" * (-len(blob) % 4)))
            except ValueError:
                continue
            return sorted(said.get("disable-features", "").split(","))
        return []
    finally:
        context.close()


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
    if words[0] == "arrange":                        # Zodiac: tap the places the mermaids stand
        for i, kind in enumerate(words[2:]):
            if kind == "MERMAID":
                page.click(f'[data-row="hand"] [data-index="{i}"]')
        page.click('[data-pick="hand:place"]')
        return True
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


def frame(app, dt: float = 1 / 20) -> None:
    """One frame as the game's loop runs it: the window's events, the step, the picture shown."""
    events = app.events() if pygame.display.get_driver() != "dummy" else ()
    app.step(dt, [e for e in events if e.type != pygame.QUIT])
    app.present()


class BrowserGame:
    """The phones of ``seats`` at ``table``, in ``browser`` (a Playwright Chromium)."""

    def __init__(self, browser, table, seats, lang: str, scale: float = 1, every: int = 1):
        self.table, self.app, self.desk = table, table.app, table.phones
        self.app.draw_every(every)     # the checks read the table's state, not its pixels
        self.seats = list(seats)
        self.lang = lang
        self.contexts = {s: browser.new_context(viewport=PHONE, device_scale_factor=scale, locale=lang)
                         for s in self.seats}
        self.pages = {s: self.contexts[s].new_page() for s in self.seats}
        self.moves = 0
        self.frames = 0
        self.shown_hand = 0           # frames whose table showed a hand or a curtain
        self.reopen: dict | None = None
        self.rng = random.Random(3)

    def join(self, frames: int = 400) -> None:
        """Every phone opens its seat's link and is connected."""
        for s in self.seats:
            self.pages[s].goto(self.desk.url(s))
        for _ in range(frames):
            self.frame()
            if all(self.desk.server.connected(s) and self.state(s) for s in self.seats):
                return
        raise AssertionError("the phones did not connect")

    def frame(self) -> None:
        frame(self.app)
        self.frames += 1
        t = self.table
        if t.humans or t.viewer is not None or t.curtain_for is not None:
            self.shown_hand += 1

    def state(self, seat: int) -> dict | None:
        return self.pages[seat].evaluate("window.meowcade.state")

    def due(self, seat: int) -> dict | None:
        """The seat's page state if its seat is due and the page shows the choices now: the
        seat's latest state (on a busy machine a page can lag a state behind; the cards tapped on
        the older one are drawn afresh, unpicked, when the newer one arrives mid-taps)."""
        if not self.desk.kit.offers(seat):
            return None
        state = self.state(seat)
        current = state and state["mine"] and state["rev"] == self.desk.rev[seat]
        return state if current else None

    def reopen_page(self, seat: int) -> None:
        """The phone sleeps mid-turn and wakes up: the page closes and a new one opens (the
        same device: its cookie), at the same moment of the game."""
        actions = len(session_of(self.table).actions)
        self.pages[seat].close()
        self.pages[seat] = self.contexts[seat].new_page()
        self.pages[seat].goto(self.desk.url(seat))
        state = None
        for _ in range(200):
            self.frame()
            state = self.state(seat)
            if state and self.desk.server.connected(seat):
                break
        self.reopen = {"seat": seat, "at_move": self.moves, "actions_before": actions,
                       "actions_after": len(session_of(self.table).actions),
                       "mine_after": bool(state and state["mine"])}

    def play(self, reopen_at: int = 6, max_frames: int = 8000, on_move=None) -> None:
        """Play until the game is over: each due phone presses a random legal choice;
        ``on_move(self, seat, state)`` runs before each press (screenshots)."""
        last = None
        for _ in range(max_frames):
            self.frame()
            if engine_of(self.table).over:
                break
            for s in self.seats:
                state = self.due(s)
                if state is None or (s, state["rev"]) == last:
                    continue
                if self.moves == reopen_at and self.reopen is None:
                    self.reopen_page(s)
                    break
                if on_move is not None:
                    on_move(self, s, state)
                action = self.rng.choice(self.desk.kit.offers(s))
                assert click_action(self.pages[s], state, action), action
                last = (s, state["rev"])
                self.moves += 1
        for _ in range(30):
            self.frame()
        self.catch_up()

    def catch_up(self, frames: int = 600) -> None:
        """Frames until every page shows its seat's last state (on a busy machine a page can be
        a state behind when the table's frames are quick: the game's last words come late)."""
        for _ in range(frames):
            if all((st := self.state(s)) and st["rev"] == self.desk.rev[s] for s in self.seats):
                return
            self.frame()
            time.sleep(0.005)

    def settle(self, frames: int = 5, wait_ms: int = 150) -> None:
        """A few frames and a moment for the pages to draw (before a screenshot)."""
        for _ in range(frames):
            self.frame()
            time.sleep(wait_ms / 1000 / frames)
        self.app.show_now()

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()
