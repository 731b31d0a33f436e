import os

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture
def app(tmp_path):
    """A real App (dummy video, no audio device) whose settings and logs live in tmp_path."""
    from game.runtime.app import App

    a = App(size=(1280, 720), home=tmp_path, audio=False, lang="en")
    yield a
    a.stack.clear()


def ev(kind, **attrs):
    import pygame

    return pygame.event.Event(kind, **attrs)
