"""What a visitor can reach: no file dialog, terminal or browser anywhere in the program, and the
mouse cursor hidden until the mouse is used."""
import re
from pathlib import Path

import pygame

from .helpers import kiosk_app, steps

ROOT = Path(__file__).resolve().parents[2]
OPENERS = re.compile(r"\b(webbrowser|tkinter|filedialog|subprocess"
                     r"|os\.(system|startfile|popen|exec\w*|spawn\w*)|pty\.\w+\()|xdg-open")


def test_nothing_opens_a_dialog_terminal_or_browser():
    allowed = {"kiosk/supervisor.py"}          # starts the game process itself, nothing else
    offenders = []
    for folder in ("game", "scenes", "kiosk"):
        for path in (ROOT / folder).rglob("*.py"):
            rel = path.relative_to(ROOT).as_posix()
            if rel not in allowed and OPENERS.search(path.read_text(encoding="utf-8")):
                offenders.append(rel)
    assert offenders == []


def test_cursor_hidden_until_the_mouse_moves(tmp_path):
    app, controller = kiosk_app(tmp_path, draw_every=4)     # the cursor is state, not pixels
    try:
        controller.start()
        steps(app, 0.5)
        assert controller.cursor_shown is False and not pygame.mouse.get_visible()
        steps(app, 0.1, [pygame.event.Event(pygame.MOUSEMOTION, pos=(100, 100), rel=(40, 0),
                                            buttons=(0, 0, 0), touch=False)])
        assert controller.cursor_shown is True and pygame.mouse.get_visible()
        steps(app, 6.0)
        assert controller.cursor_shown is False and not pygame.mouse.get_visible()
    finally:
        controller.close()
        app.shutdown()
