import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def nim(monkeypatch):
    """Register the test engine "nim-test" for the duration of a test."""
    from game.rules import registry
    from game.rules.kit import GameKit
    monkeypatch.setitem(registry.KITS, "nim-test", GameKit("nim-test", "tests.kiosk.nim:Nim"))
    return "nim-test"
