"""A phone game under the real kiosk supervisor, its phone a page in headless Chromium: the game
process is killed with SIGKILL mid-game; the supervisor restarts it, the save is resumed with
the same phone links, and the open page is playing again within 5 s of the table's first frame,
with no rescan (the page's own reconnect, its own cookie)."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.play.match import new_session
from game.play.session import Seat
from tests.phones.browser import CHROMIUM, PHONE, launch_args, require_browser

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _wait(cond, timeout=60.0, step=0.02):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = cond()
        if value:
            return value
        time.sleep(step)
    raise AssertionError("timed out")


def _home(tmp_path: Path) -> Path:
    """A kiosk home whose operator switched phones on, with a phone game in its save."""
    from game.files import paths
    from game.play import saves

    settings = Path(paths.settings_file(tmp_path))
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"phones": True, "kiosk_phones": True, "phones_address": "127.0.0.1",
                                    "bot_speed": "fast"}))
    session = new_session("hungry-meow", [Seat("Mochi", "human", phone=True, coat="tabby"),
                                          Seat("Tofu", "bot", coat="calico")], 4, {}, {"first": 0})
    data = session.to_replay()
    data.update({"attract": False, "saved_at": time.time()})
    save = saves.save_path(tmp_path)
    save.parent.mkdir(parents=True, exist_ok=True)
    save.write_text(json.dumps(data))
    return save


def test_a_killed_kiosk_game_comes_back_and_the_open_phone_page_plays_on_without_a_rescan(tmp_path):
    require_browser()
    from playwright.sync_api import sync_playwright

    save = _home(tmp_path)
    data = tmp_path / "data"
    ready, links = data / "kiosk-ready", data / "phones.json"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    sup = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play", "--kiosk", "--windowed",
                            "--no-audio", "--size", "640x360", "--home", str(tmp_path)], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait(ready.exists)
        kept = json.loads(_wait(lambda: links.exists() and links.read_text()))
        url = f"http://127.0.0.1:{kept['port']}/p/{kept['tokens']['0']}"
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=launch_args())
            page = browser.new_context(viewport=PHONE).new_page()
            page.goto(url)
            mine = "() => window.meowcade.state && window.meowcade.state.mine"
            page.wait_for_function(mine, timeout=30000)
            page.locator("[data-act]").first.click()                 # the phone's first move
            _wait(lambda: json.loads(save.read_text())["actions"], 20)
            page.wait_for_function(mine, timeout=30000)              # its turn again, or still
            stamp = ready.read_text()
            game = _wait(lambda: _children(sup.pid))[0]
            os.kill(game, signal.SIGKILL)
            _wait(lambda: ready.exists() and ready.read_text() not in ("", stamp), 60, 0.005)
            shown = time.monotonic()                               # the resumed table's first frame
            back = ("() => window.meowcade.socket && window.meowcade.socket.readyState === 1"
                    " && window.meowcade.state && window.meowcade.state.mine"
                    " && !document.body.classList.contains('lost')")
            page.wait_for_function(back, timeout=15000, polling=20)
            waited = time.monotonic() - shown
            before = len(json.loads(save.read_text())["actions"])
            page.locator("[data-act]").first.click()                 # and it plays
            _wait(lambda: len(json.loads(save.read_text())["actions"]) > before, 20)
            browser.close()
        assert waited < 5.0, waited
        assert json.loads(links.read_text())["port"] == kept["port"]
    finally:
        if sup.poll() is None:
            sup.send_signal(signal.SIGTERM)
            try:
                sup.wait(20)
            except subprocess.TimeoutExpired:
                sup.kill()
                sup.wait(10)
    log = (data / "logs" / "meowcade.log").read_text()
    assert "game killed by SIGKILL" in log and log.count("resuming hungry-meow") == 2
    assert "port is taken" not in log
    print(f"page playing again {waited:.2f} s after the resumed table's first frame")
