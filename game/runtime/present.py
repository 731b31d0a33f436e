"""Send a drawn frame to the screen from a helper thread while the next one is prepared.

Why: under X the window's pixels go to the X server (XShmPutImage) and SDL then waits for it
(XSync); a 4K frame whose changes cover 1-3 Mpx waited 3-10 ms there, with the game's processor
idle. pygame releases the GIL while SDL sends, so the next frame's update, its drawing recorded
by parts (game/runtime/dirty.py) and the comparison with the last one run meanwhile; only
writing the window's pixels waits for the send to be over.

The rules that keep it safe (App holds them): nothing writes the window's pixels, changes or
closes the window, or pumps SDL's events (a resize there would free the surface being sent)
while a frame is on its way: ``wait()`` first. ``events()`` does not wait: while a frame is
still being sent it returns none, once (the events stay queued for the next frame), so input is
never late by more than one frame. Xlib itself is safe across threads: SDL calls XInitThreads.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor

import pygame


def send(rects: list | None) -> None:
    """The whole window (``rects`` None) or only these rectangles of it, on screen."""
    if rects is None:
        pygame.display.flip()
    elif rects:
        pygame.display.update(rects)


class FrameSender:
    def __init__(self, in_thread: bool = True):
        self.in_thread = in_thread
        self._pool: ThreadPoolExecutor | None = None
        self._sending: Future | None = None
        self._held_back = False          # events were held back last frame: the next call waits
        self.sent = self.overlapped = 0  # frames sent; of them, still on their way when next asked

    def send(self, rects: list | None) -> None:
        """Show the frame just drawn; with ``in_thread``, return at once while it is sent."""
        self.wait()
        self.sent += 1
        if not self.in_thread:
            send(rects)
            return
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="present")
        self._sending = self._pool.submit(send, rects)

    def busy(self) -> bool:
        return self._sending is not None and not self._sending.done()

    def wait(self) -> None:
        """Until the frame on its way is on screen (an error in sending it is raised here)."""
        sending, self._sending = self._sending, None
        if sending is not None:
            if not sending.done():
                self.overlapped += 1
            sending.result()

    def events(self) -> list:
        """``pygame.event.get()``, unless a frame is still being sent and none were held back
        the frame before: then no events this frame (they wait in SDL's queue)."""
        if self.busy() and not self._held_back:
            self._held_back = True
            return []
        self._held_back = False
        self.wait()
        return pygame.event.get()

    def close(self) -> None:
        self.wait()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
