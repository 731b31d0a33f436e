"""A missing Chromium or Xvfb skips the browser tests on a developer's machine and fails them
where CI says the tools must be there (MEOWCADE_REQUIRE_BROWSER)."""
from __future__ import annotations

import pytest

from tests.phones import browser


def test_a_missing_xvfb_skips_without_the_variable_and_fails_with_it(monkeypatch):
    monkeypatch.setattr(browser.shutil, "which", lambda name: None)
    monkeypatch.delenv(browser.REQUIRE_ENV, raising=False)
    with pytest.raises(pytest.skip.Exception):
        browser.require_browser(xvfb=True)
    monkeypatch.setenv(browser.REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match="Xvfb"):
        browser.require_browser(xvfb=True)


def test_a_missing_chromium_fails_with_the_variable(monkeypatch):
    monkeypatch.setattr(browser, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setenv(browser.REQUIRE_ENV, "1")
    with pytest.raises(pytest.fail.Exception, match="chromium"):
        browser.require_browser()
