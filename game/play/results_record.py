"""What the results screen is given once a game has ended: the whole game, replayed from its
log in the play layer (the engines are pure), so the screen itself never holds an engine.

``finished_record(session)`` gives a ``Finished``: the summary, every seat's
view at the end, every event with the turn it came in and the seat that made each action, and
what the game's kit adds for its results (``GameKit.final_record``: a function of the finished
engine and the steps ``(summary before the action, its events)``).
"""
from __future__ import annotations

from dataclasses import dataclass

from game.play.match import actor_of
from game.play.session import Seat
from game.rules.base import Event
from game.rules.registry import KITS, engine


@dataclass(frozen=True)
class Finished:
    """A game that has ended, for the results: there is nothing left to hide."""
    game_name: str
    over: bool                         # (a record of a game not over has no breakdown)
    seats: list[Seat]
    options: dict
    winners: list[int]
    end_reason: str | None
    turn: int
    public: dict                       # the onlooker's view at the end
    summary: dict
    views: list[dict]                  # every seat's own view at the end
    events: list[tuple[int, Event]]    # (turns completed before its action, event), deal included
    actors: list[int | None]           # the seat that made each action
    extra: dict                        # what the game's kit adds for its results (``final_record``)
    revision: int


def replayed(session) -> tuple[object, list, list, list]:
    """(the finished engine, (turn, event) of every event, the actor of every action, the steps
    ``(summary before, events)`` of every action), from the session's seed and log."""
    game = engine(session.game_name).new(len(session.seats), session.seed, session.options,
                                         session.setup or None)
    events = [(0, e) for e in getattr(game, "opening_events", None) or []]
    actors, steps = [], []
    for action in session.actions:
        turn, before = game.turn, game.summary()
        actors.append(actor_of(game, action))
        done = game.apply_trusted(action)
        events.extend((turn, e) for e in done)
        steps.append((before, done))
    return game, events, actors, steps


def finished_record(session) -> Finished:
    game, events, actors, steps = replayed(session)
    kit = KITS.get(session.game_name)
    extra_of = kit.load("final_record") if kit is not None and kit.final_record else None
    return Finished(
        game_name=session.game_name, over=game.over, seats=list(session.seats), options=dict(session.options),
        winners=list(game.winners), end_reason=game.end_reason, turn=game.turn,
        public=game.view(None), summary=game.summary(),
        views=[game.view(s) for s in range(len(session.seats))],
        events=events, actors=actors, extra=extra_of(game, steps) if extra_of else {},
        revision=len(session.actions))


def replay_events(session) -> list:
    """(turns completed before the action, event) of every event, the opening deal included (a
    resumed table's move history)."""
    return replayed(session)[1]
