"""Which tables the program offers: every game in ``game.rules.registry`` whose kit names a table
scene (a table is its game's kit, ``TableInfo``); the title, table select, ``--demo`` and the
kiosk rotation read this list. ``available_tables()`` keeps only those whose rules engine and
table scene both import and whose data, palette, level and tile images load: an unfinished table
is simply absent, a damaged one is "out of order" on the table select (``listed_tables``).
"""
from __future__ import annotations

import logging

from game.rules.kit import GameKit, TableOption  # noqa: F401  (seat setup's options)
from game.rules.registry import KITS

TableInfo = GameKit        # a table is its game's kit (the scene, players, level, options...)


def all_tables() -> list[GameKit]:
    """Every registered game that has a table scene, in the registry's order."""
    return [kit for kit in KITS.values() if kit.table]


def table_info(game: str) -> TableInfo:
    if game in KITS and KITS[game].table:
        return KITS[game]
    raise KeyError(f"unknown table {game!r} (known: {', '.join(t.game for t in all_tables())})")


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
        info.engine_class()
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
            level = load_level(info.level, path=info.asset(f"levels/{info.level}.tmx"))
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
    return [info for info in all_tables() if is_available(info)]


def listed_tables() -> list[tuple[TableInfo, str | None]]:
    """Tables the table select shows, with why each is out of order (None: it opens)."""
    out = []
    for info in all_tables():
        problem = table_problem(info)
        if problem != UNFINISHED:
            out.append((info, problem))
    return out
