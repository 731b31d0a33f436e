"""Shared pieces of the kiosk tests: a headless kiosk app, raw device events, stepping."""
from __future__ import annotations

import pygame

DT = 1 / 60


def kiosk_app(home, role="child", size=(1280, 720), rules=None, draw_every=1):
    """A real ``App(kiosk=True)`` with the kiosk controller, wired exactly as ``run_child`` does.
    ``draw_every``: for tests that read state, not pixels (``App.draw_every``: each new screen is
    still drawn the frame it comes up)."""
    from kiosk.child import make_kiosk_app

    app, controller = make_kiosk_app(size, False, None, str(home), False, None, role, rules)
    app.draw_every(draw_every)
    app.seed = 1
    return app, controller


def key(k, down=True, mod=0):
    return pygame.event.Event(pygame.KEYDOWN if down else pygame.KEYUP, key=k, mod=mod, unicode="",
                              scancode=0)


def text(s):
    return pygame.event.Event(pygame.TEXTINPUT, text=s)


def click(pos):
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1, touch=False),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1, touch=False)]


COARSE = 0.1     # the app's longest step (MAX_DT): for tests that only wait out long timers


def steps(app, seconds, events=(), dt=DT):
    """Step ``seconds`` of frames of ``dt``; ``events`` go in the first frame."""
    n = max(1, round(seconds / dt))
    app.step(dt, list(events))
    for _ in range(n - 1):
        app.step(dt, [])


def top_name(app):
    return type(app.stack.top).__name__ if app.stack.top is not None else None
