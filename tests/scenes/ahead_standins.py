"""Stand-ins for the art worker (``app.art_ahead``) in tests of what a table asks for ahead."""
from __future__ import annotations


def asked_ahead(monkeypatch, app) -> list:
    """Every picture a table asks for ahead, as (family, key); nothing is made."""
    asked = []

    class Ahead:
        active = True

        def want(self, fn, *args):
            asked.append((fn.family, fn.key(*args)))
            return True

        def asked(self, fn, *args, keep_free=0):    # (a cat's tail frame, a quiet frame's picture:
            return False                             # made here)

        def can_ask(self, keep_free=0):
            return True

        def send(self):
            pass
    monkeypatch.setattr(app, "art_ahead", Ahead())
    return asked


def making_ahead(monkeypatch, app) -> None:
    """The art worker making at once (in this process) each picture asked for."""
    class Ahead:
        active = True

        def want(self, fn, *args):
            fn(*args)
            return True

        def asked(self, fn, *args, keep_free=0):
            return False

        def can_ask(self, keep_free=0):
            return True

        def send(self):
            pass
    monkeypatch.setattr(app, "art_ahead", Ahead())
