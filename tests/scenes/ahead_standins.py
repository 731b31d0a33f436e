"""Stand-ins for the art worker (``app.art_ahead``) in tests of what a table asks for ahead."""
from __future__ import annotations

from tests.peek import engine_of


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


def thinking_bodies_drawn(table, monkeypatch, seat: int, draw) -> list:
    """The game's turn at ``seat`` (not yet shown), a quiet frame's ``warm_up`` and
    ``cats.warm_ahead``, then ``draw(seat)`` with the cat thinking: the keys of the cat bodies
    that drawing made (none when the table had its thinking cat made ahead)."""
    from game.art import cats
    from game.art.cache import ART

    engine_of(table).current = seat                        # the game's turn, not yet shown
    table.time = 1.0                                 # a moment the cat does not blink
    cats.warm_ahead()                                # (the expectations of frames before)
    ART.clear()
    table.warm_up()
    cats.warm_ahead(limit=4)
    made: list = []
    monkeypatch.setattr(ART, "put", lambda family, key, *a, put=ART.put:
                        made.append(key) or put(family, key, *a))
    monkeypatch.setattr(table, "pose_of", lambda s: "thinking")
    draw(seat)
    monkeypatch.undo()
    return [key for key in made if key[0] == "body"]
