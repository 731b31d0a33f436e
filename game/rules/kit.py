"""A game kit: everything the shared layers need to know about one game, in one object kept in
that game's own file (``game/rules/<game>_kit.py``) and listed once in ``game.rules.registry``.

A kit is data plus *names*: ``"module:attr"`` strings that the layer using a part imports when it
needs it (``kit.load("hint")``). So the kit itself imports nothing and every layer may read it,
pygame or not: the rules layer resolves the engine, the bots layer the bots and the hint wording,
``game.simulation`` the report plots, ``scenes`` the table, odds, breakdown, pictures and cover.
Each named part belongs to one layer (``LAYER``; ``tests/test_game_names.py`` checks that every
kit names its parts in their own layer, so the names never point upward in practice).

Every part but the engine and the table has a neutral default, so a game that gives only those
still gets undo (an action is quiet when nothing was hidden or random: ``Match.apply``), a hint
(the advisor's choice in plain words), rules help (its pages, no pictures), a results breakdown
(moves made, the total) and tableau (the hands the summary lists), the report's shared plots, a
plain cover, the shared palette and "no lesson yet".
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RANDOM = "game.bots.base:RandomBot"

# part -> the package its name must lie in (the layer that loads it)
LAYER = {
    "engine": "game.rules", "reveal_rule": "game.rules", "bots": "game.bots", "hint": "game.bots",
    "hint_ready": "game.bots", "data_root": "game.rules", "plots": "game.simulation",
    "table": "scenes", "odds": "scenes", "breakdown": "scenes", "tableau": "scenes",
    "rules_pictures": "scenes", "picture": "game.art", "phone": "scenes",
}


@dataclass(frozen=True)
class TableOption:
    """A yes/no table option that seat setup offers (an engine option, RULES.md §4). ``needs``:
    another option that must be on for this one to be chosen (off and greyed out otherwise)."""
    key: str                        # engine option name (or a name for the tick box)
    label_key: str                  # text key of its label
    default: bool = False
    needs: str | None = None
    value: tuple = ()               # engine options set when ticked, as (key, value) pairs;
                                    # empty means {key: True}

    def engine_options(self) -> dict:
        return dict(self.value) if self.value else {self.key: True}

    def is_set_in(self, options: dict) -> bool:
        return all(options.get(k) == v for k, v in self.engine_options().items())


@dataclass(frozen=True)
class GameKit:
    name: str                       # the registry key: "nim-test", saved in replays and records
    engine: str                     # "module:Class" of the rules engine (a game.rules.base.Game)
    table: str = ""                 # "module:Class" of the table scene (a TableScene)
    players: tuple[int, int] = (2, 6)
    # bot level -> "module:Class"; the first level after random is the default one
    bots: dict = field(default_factory=lambda: {"random": RANDOM})
    aliases: dict = field(default_factory=dict)      # other names --bots accepts for a level
    advisor: str = ""               # the level that gives hints (default: the last level)
    # events that show nothing hidden or random (undo may cross them; anything else is a wall)
    quiet_events: frozenset = frozenset()
    reveal_rule: str | None = None  # "module:function(event) -> bool" when a kind is not enough
    hint: str | None = None         # "module:function(bot, view, legal) -> Hint" (game.bots.advice)
    hint_ready: str | None = None   # "module:function(legal) -> bool": may the tiger be asked now
    odds: str | None = None         # "module:function(table, surface, view)": the odds overlay
    breakdown: str | None = None    # "module:function(session, t) -> rows per seat" (results)
    seat_cats: tuple[str, ...] = ()     # a seat's coat is its cat in the rules (setup key ``cats``):
    # the coats a seat may take, each seat a different one; empty: coats are art only
    final_record: str | None = None     # "module:function(game, steps) -> dict": what its results
    # need of the finished engine beyond its summary (steps: (summary before, events) per action)
    tableau: str | None = None      # "module:function(session) -> groups per seat": what each seat
                                    # ends with, drawn by ``picture`` (results; scenes.table.tableau)
    rules_pictures: str | None = None   # "module:DICT" page number -> [(kind, item)]
    picture: str | None = None      # "module:function(kind, item, width, t) -> Surface" (t: translator)
    plots: str | None = None        # "module:function(out) -> [(title, svg)]" (simulate --report)
    cover: str | None = None        # a picture file under assets/pictures/ (the table select)
    phone: str | None = None        # "module:Class" of its PhoneKit: hands held on phones (none:
                                    # seat setup offers no phone seat)
    data_root: str | None = None    # "module:function(base_dir)": where the rules' data files are
    palette: str | None = None      # assets/palettes/<palette>.json (None: the shared palette)
    level: str | None = ""          # levels/<level>.tmx (default: the name; None: no level)
    anchors: tuple[str, ...] = ()   # anchor names the level needs per player count ("seat{i}")
    lessons: str = ""               # assets/lessons/<file>.json (default: <module>.json, if any)
    text_prefix: str = ""           # "<prefix>.prompt.wait", ".why.not_now"... (default: module)
    title_key: str = ""             # text keys (default: table.<module>.title / .blurb / .caption)
    blurb_key: str = ""
    caption_key: str = ""
    rules_key: str = ""             # prefix of its rules help pages (default: rules.<module>)
    options: tuple[TableOption, ...] = ()   # yes/no options seat setup offers
    # (end_reason, what it means) for each way a game ends (simulate's --help and report)
    endings: tuple[tuple[str, str], ...] = ()
    home: str | None = None         # a folder holding the game's own levels/ and assets/ (a game
                                    # kept outside the program, e.g. the tests' fourth game)

    def __post_init__(self):
        module = self.module
        defaults = {"level": self.name, "text_prefix": module, "title_key": f"table.{module}.title",
                    "blurb_key": f"table.{module}.blurb", "caption_key": f"table.{module}.caption",
                    "rules_key": f"rules.{module}", "lessons": f"{module}.json"}
        for key, value in defaults.items():
            if getattr(self, key) == "":          # None says "none": e.g. a table without a level
                object.__setattr__(self, key, value)

    # ---- names -----------------------------------------------------------------------------------
    @property
    def module(self) -> str:
        """The name as a Python word: hungry-meow -> hungry_meow (text keys, file names)."""
        return self.name.replace("-", "_")

    @property
    def game(self) -> str:          # the table lists' word for the name
        return self.name

    @property
    def scene(self) -> str:
        return self.table

    def load(self, part: str) -> Any:
        """The object a part names (None when the kit leaves it to the default). ImportError or
        AttributeError when the name does not resolve."""
        ref = getattr(self, part)
        return None if not ref else resolve(ref)

    def scene_class(self):
        return resolve(self.table)

    def engine_class(self):
        return resolve(self.engine)

    # ---- pure parts with their defaults ------------------------------------------------------------
    def reveals(self, event) -> bool:
        """Does ``event`` show something hidden or random (so nothing before it may be undone)?"""
        rule = self.load("reveal_rule")
        return rule(event) if rule else event.kind not in self.quiet_events

    @property
    def declares_quiet(self) -> bool:
        """Whether the kit says which events are quiet (else ``game.play.match`` works it out:
        an action is quiet when nothing was hidden, nothing random drawn, nothing private shown)."""
        return bool(self.quiet_events or self.reveal_rule)

    def advisor_level(self) -> str:
        return self.advisor or list(self.bots)[-1]

    def asset(self, rel: str) -> Path | None:
        """A file of the game's own folder (``home``), or None for the program's assets."""
        return Path(self.home) / rel if self.home else None


def resolve(ref: str) -> Any:
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)
