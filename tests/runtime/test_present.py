"""A frame is sent to the screen from a helper thread (game/runtime/present.py): the game goes on
preparing the next one, but never writes the window's pixels, changes the window or pumps its
events while a frame is on its way."""
from __future__ import annotations

import threading

import pygame
import pytest

from cli_play import demo_session
from game.runtime import dirty, present
from game.runtime.app import App
from game.runtime.present import FrameSender
from scenes.tables import table_info


class SlowSend:
    """Stands in for SDL's send: holds each frame until released, and says when it is sending."""

    def __init__(self):
        self.sending = threading.Event()
        self.release = threading.Event()
        self.sent: list = []

    def __call__(self, rects):
        self.sending.set()
        self.release.wait(5)
        self.sent.append(rects)
        self.sending.clear()


def test_send_returns_while_the_frame_is_on_its_way_and_wait_waits(monkeypatch):
    slow = SlowSend()
    monkeypatch.setattr(present, "send", slow)
    sender = FrameSender()
    sender.send([pygame.Rect(0, 0, 5, 5)])
    assert slow.sending.wait(5) and sender.busy() and slow.sent == []
    slow.release.set()
    sender.wait()
    assert not sender.busy() and slow.sent == [[pygame.Rect(0, 0, 5, 5)]]
    sender.close()


def test_events_are_held_back_one_frame_at_most_while_a_frame_is_sent(monkeypatch):
    slow = SlowSend()
    monkeypatch.setattr(present, "send", slow)
    pumped = []
    monkeypatch.setattr(pygame.event, "get", lambda: pumped.append(slow.sending.is_set()) or ["e"])
    sender = FrameSender()
    sender.send(None)
    assert slow.sending.wait(5)
    assert sender.events() == []              # still sending: nothing pumped under it
    assert pumped == []
    threading.Timer(0.05, slow.release.set).start()
    assert sender.events() == ["e"]           # the next frame waits for the send, then pumps
    assert pumped == [False]
    sender.close()


def test_an_error_in_sending_is_raised_to_the_game(monkeypatch):
    def broken(rects):
        raise pygame.error("video system not initialized")
    monkeypatch.setattr(present, "send", broken)
    sender = FrameSender()
    sender.send(None)
    with pytest.raises(pygame.error):
        sender.wait()
    sender.close()


def test_a_table_never_draws_into_the_window_while_a_frame_is_sent(tmp_path, monkeypatch):
    """The next frame is recorded and compared meanwhile; the replay into the window waits."""
    slow = SlowSend()
    slow.release.set()
    overlapped = []

    def send(rects):                 # long enough that the next frame's drawing meets it
        slow.sending.set()
        threading.Event().wait(0.03)
        slow.sending.clear()
    monkeypatch.setattr(present, "send", send)
    real_replay = dirty.replay

    def replay(surface, ops, rects=None):
        overlapped.append(slow.sending.is_set())
        return real_replay(surface, ops, rects)
    monkeypatch.setattr(dirty, "replay", replay)
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    try:
        session = demo_session("hungry-meow", 4, 7, app.t)
        app.stack.push(table_info("hungry-meow").scene_class()(app, session, attract=True))
        app.stack.apply_pending()
        for _ in range(30):
            app.step(1 / 60, app.events())
            app.present()
        assert len(overlapped) == 30 and not any(overlapped)
        assert app.sender.sent == 30
    finally:
        app.shutdown()
