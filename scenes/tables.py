"""Which tables the program offers. A table joins with one ``TableInfo`` line here; the title,
table select, ``--demo`` and the kiosk rotation read this list. ``available_tables()`` keeps only
those whose rules engine and table scene both import and whose data, palette, level and tile
images load: an unfinished table is simply absent, a damaged one is "out of order" on the table
select (``listed_tables``).
"""
from __future__ import annotations

import importlib
import logging
from dataclasses import dataclass


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
class TableInfo:
    game: str                       # engine name in game.rules.registry
    scene: str                      # "module:Class" of the table scene
    players: tuple[int, int] = (2, 6)
    title_key: str = ""             # text keys (ui.json / the table's own file)
    blurb_key: str = ""
    caption_key: str = ""
    cover: str = ""                 # cover art style name for game.art.covers
    level: str | None = None        # levels/<level>.tmx, if the table uses one
    anchors: tuple[str, ...] = ()   # anchor names the table needs per player count ("seat{i}")
    rules_key: str = ""             # prefix of its rules help pages (rules_<x>.json)
    options: tuple[TableOption, ...] = ()   # yes/no options seat setup offers
    palette: str | None = None      # assets/palettes/<palette>.json, its colours (checked like its data)

    def scene_class(self):
        module, cls = self.scene.split(":")
        return getattr(importlib.import_module(module), cls)


TABLES: list[TableInfo] = [
    TableInfo("hungry-meow", "scenes.hungry_meow.table:HungryMeowTable", (2, 6),
              "table.hungry_meow.title", "table.hungry_meow.blurb", "table.hungry_meow.caption",
              cover="hungry-meow", level="hungry-meow", palette="hungry-meow",
              anchors=("deck", "discard", "table", "reveal", "prompt", "actions", "seat{i}", "hand{i}"),
              rules_key="rules.hungry_meow"),
    TableInfo("meow-dice", "scenes.meow_dice.table:MeowDiceTable", (2, 4),
              "table.meow_dice.title", "table.meow_dice.blurb", "table.meow_dice.caption",
              cover="meow-dice", level="meow-dice", palette="meow-dice", rules_key="rules.meow_dice",
              anchors=("prompt", "slotTL", "slotTR", "slotBL", "slotBR", "deck", "fishbones", "golden",
                       "tray", "supply", "actions", "hints", "seat{i}"),
              options=(TableOption("advanced", "md.opt.advanced"),
                       TableOption("specials", "md.opt.specials", needs="advanced"),
                       TableOption("one_bite", "md.opt.one_bite"))),
    TableInfo("zodiac", "scenes.zodiac.table:ZodiacTable", (2, 6),
              "table.zodiac.title", "table.zodiac.blurb", "table.zodiac.caption",
              cover="zodiac", level="zodiac", palette="zodiac",
              # One default everywhere: ZC-6's match to 10 (issue 21); a short match is a choice.
              options=(TableOption("short_match", "zodiac.opt.short_match",
                                   value=(("target", 5),)),),
              anchors=("grid", "trump", "banner", "prompt", "actions", "hints", "match",
                       "seat{i}", "hand{i}", "caps{i}"),
              rules_key="rules.zodiac"),
]


def table_info(game: str) -> TableInfo:
    for info in TABLES:
        if info.game == game:
            return info
    raise KeyError(f"unknown table {game!r} (known: {', '.join(t.game for t in TABLES)})")


_PROBLEMS: dict[str, str | None] = {}     # game -> why it is out of order (None: it opens)
UNFINISHED = "unfinished"


def table_problem(info: TableInfo) -> str | None:
    """Why the table cannot open, in one line, or None. ``UNFINISHED``: its engine or scene does
    not exist in this build (the table is simply absent). Anything else is damage (a card data
    file or level that does not load): the table is shown "out of order" and the line goes to the
    log once. Checked once per table (``forget_problems`` checks again)."""
    if info.game not in _PROBLEMS:
        _PROBLEMS[info.game] = _check(info)
        problem = _PROBLEMS[info.game]
        if problem not in (None, UNFINISHED):
            logging.getLogger("meowcade").warning("table %s is out of order: %s", info.game, problem)
    return _PROBLEMS[info.game]


def _check(info: TableInfo) -> str | None:
    log = logging.getLogger("meowcade")
    try:
        from game.rules.registry import engine

        engine(info.game)
        info.scene_class()
    except (ImportError, AttributeError, KeyError) as exc:
        log.debug("table %s not available: %s", info.game, exc)
        return UNFINISHED
    except Exception as exc:  # its data does not load (SetupError naming the file and line), ...
        log.debug("table %s does not import", info.game, exc_info=True)
        return one_line(exc)
    if info.palette:
        from game.art.palette import colours

        try:
            _ = colours(info.palette).data
        except Exception as exc:  # PaletteError names the file and line
            log.debug("palette %s does not load", info.palette, exc_info=True)
            return one_line(exc)
    if info.level:
        from game.runtime.layout import load_level
        from game.runtime.level_tiles import check_tiles

        try:
            level = load_level(info.level)
            for players in range(info.players[0], info.players[1] + 1):
                level.require(players, info.anchors)
            check_tiles(level)        # its tile images too: else the first draw fails
        except Exception as exc:  # LayoutError names the map; anything else is damage too
            log.debug("level %s does not load", info.level, exc_info=True)
            return one_line(exc)
    return None


def one_line(exc: BaseException, limit: int = 300) -> str:
    """The exception as one short line (the game's own errors already name the file)."""
    text = " ".join(str(exc).split())
    if not type(exc).__module__.startswith("game."):
        text = f"{type(exc).__name__}: {text}" if text else type(exc).__name__
    return text if len(text) <= limit else text[:limit - 1] + "…"


def forget_problems() -> None:
    _PROBLEMS.clear()


def is_available(info: TableInfo) -> bool:
    return table_problem(info) is None


def available_tables() -> list[TableInfo]:
    """Tables that open (the kiosk rotation, ``--demo``, the title's lit doors)."""
    return [info for info in TABLES if is_available(info)]


def listed_tables() -> list[tuple[TableInfo, str | None]]:
    """Tables the table select shows, with why each is out of order (None: it opens)."""
    out = []
    for info in TABLES:
        problem = table_problem(info)
        if problem != UNFINISHED:
            out.append((info, problem))
    return out
