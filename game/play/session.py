"""One game in progress as the program sees it: the engine, who sits where, and the action log.

Pure Python (no pygame), so saves, replays and tests share it. Every action, whoever made it
(a human through a scene, a bot, a replay line), goes through ``GameSession.apply``; listeners
(the kiosk's autosave, session records) hear about each one. ``to_replay()`` is the replay form
of RULES.md §4 plus the seat list, so a save *is* a replay file.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Callable

from game.rules.base import Event, Game
from game.rules.registry import engine

SAVE_VERSION = 1
SEAT_TEXT_MAX = 40          # a seat's name, level or coat (seat setup allows 12 name characters)
SEAT_KINDS = ("human", "bot")


@dataclass
class Seat:
    name: str
    kind: str = "bot"          # "human" or "bot"
    level: str = "heuristic"   # bot level name from the game kit's bots (ignored for humans)
    coat: str = "tabby"        # which cat sits there (art only)
    phone: bool = False        # a person whose hand is on their phone (issue 22; humans only)
    shared: bool = False       # that phone may hold other shared seats too (one phone, one seat else)

    @property
    def human(self) -> bool:
        return self.kind == "human"

    @classmethod
    def from_dict(cls, data) -> "Seat":
        """A seat of a save or replay file, checked: ``ValueError`` (short) for anything the game
        would not have written — a name that is not text, empty, too long or holding control
        characters (NUL...), an unknown kind, an unknown key."""
        if not isinstance(data, dict):
            raise ValueError(f"a seat must be an object, not {type(data).__name__}")
        unknown = set(data) - {"name", "kind", "level", "coat", "phone", "shared"}
        if unknown:
            raise ValueError(f"unknown seat key {sorted(unknown)[0][:20]!r}")
        if "name" not in data:
            raise ValueError("a seat has no name")
        for key in ("name", "level", "coat"):
            value = data.get(key, "x")
            if not isinstance(value, str):
                raise ValueError(f"seat {key} must be text, not {type(value).__name__}")
            if not 0 < len(value) <= SEAT_TEXT_MAX:
                raise ValueError(f"seat {key} must be 1-{SEAT_TEXT_MAX} characters, not {len(value):,}")
            if not value.isprintable():
                raise ValueError(f"seat {key} holds a control character")
        for key in ("phone", "shared"):
            if not isinstance(data.get(key, False), bool):
                raise ValueError(f"seat {key} must be true or false")
        if data.get("kind", "bot") not in SEAT_KINDS:
            raise ValueError(f"seat kind must be human or bot, not {str(data.get('kind'))[:20]!r}")
        return cls(**data)


@dataclass
class GameSession:
    game_name: str
    seats: list[Seat]
    seed: int
    options: dict = field(default_factory=dict)
    setup: dict = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    game: Game | None = None
    listeners: list[Callable[["GameSession", str, list[Event]], None]] = field(default_factory=list)
    origin: list[int] | None = None   # [seed, index]: game `index` of `seed` (game.play.match seeds bots)

    def __post_init__(self) -> None:
        if self.game is None:
            self.game = engine(self.game_name).new(len(self.seats), self.seed, self.options,
                                                   self.setup or None)
            done, self.actions = self.actions, []
            for action in done:        # resuming: replay what was already played
                self.game.apply(action)
                self.actions.append(action)

    def apply(self, action: str) -> list[Event]:
        events = self.game.apply(action)   # RuleError leaves game and log untouched
        self.actions.append(action)
        for listener in list(self.listeners):
            listener(self, action, events)
        return events

    @property
    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def to_replay(self) -> dict:
        return {
            "game": self.game_name, "players": len(self.seats), "seed": self.seed,
            "options": dict(self.options), "setup": dict(self.setup),
            "actions": list(self.actions),
            "seats": [asdict(s) for s in self.seats], "version": SAVE_VERSION,
            **({"origin": list(self.origin)} if self.origin else {}),
        }

    @classmethod
    def from_replay(cls, data: dict) -> "GameSession":
        """Rebuild a session from ``to_replay()`` output (raises on anything that does not load)."""
        if data.get("version") != SAVE_VERSION:
            raise ValueError(f"save version {data.get('version')!r}, expected {SAVE_VERSION}")
        if not isinstance(data.get("seats"), list):
            raise ValueError("seats must be a list")
        seats = [Seat.from_dict(s) for s in data["seats"]]
        actions = data.get("actions", [])
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise ValueError("actions must be a list of text")
        if not isinstance(data.get("seed"), int) or isinstance(data.get("seed"), bool):
            raise ValueError("seed must be an integer")
        origin = data.get("origin")
        if origin is not None and (not isinstance(origin, list) or len(origin) != 2
                                   or not all(isinstance(x, int) for x in origin)):
            raise ValueError(f"origin must be [seed, index], got {origin!r}")
        return cls(data["game"], seats, data["seed"], data.get("options", {}),
                   data.get("setup", {}), list(data.get("actions", [])), origin=origin)
