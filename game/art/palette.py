"""Colours as data: ``assets/palettes/<name>.json``, one file per table (its kit's ``palette``)
and ``shared`` (menus, panels, cats, covers, the town), so a reskin
touches one file per table.

A palette file holds ``colours``: sections (where a colour is used: ``cards``, ``table``...) of
named colours — ``"#rrggbb"``, ``"#rrggbbaa"``, or a list or object of those — and
``colourblind``: the colours that change when the colour-blind setting is on (names from
``colours``, same shape), picked so that things told apart by colour stay apart under
protanopia, deuteranopia and tritanopia. Names are unique across a file's sections; code reads
them in capitals: ``colours("zodiac").JADE`` is ``colours.cards.jade``.

``load_palette(path)`` reads and checks a file; any problem raises ``PaletteError`` with one line
naming the file, the line, the colour and what is wrong (``check_all()`` checks every file; the
command line checks only ``shared`` before the window opens: a table's own palette that does not
load closes that table alone, ``scenes.tables``). A ``Palette`` looks its colours up when they are
read, so drawing code that reads ``C.NAME`` while drawing follows ``set_colourblind``; art
cached from the old colours is dropped when the variant changes. ``P.CREAM`` (this module's own
attributes) reads the shared palette.
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

from game.files.jsonfile import BadFile, read_json
from game.files.resources import resource_path
from game.rules.registry import KITS

FORMAT = "meowcade-palette/1"
MAX_BYTES = 1024 * 1024          # a palette is a few KB
_HEX = re.compile(r"^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")


class PaletteError(ValueError):
    """A palette file that does not load; the message is one line naming the file and the colour."""


def _colour(text: str) -> tuple[int, ...]:
    digits = text[1:]
    return tuple(int(digits[i:i + 2], 16) for i in range(0, len(digits), 2))


def _line_of(text: str, key: str) -> int:
    at = text.find(f'"{key}"')
    return text.count("\n", 0, at) + 1 if at >= 0 else 1


def _no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise PaletteError(f"{key!r} is given twice")
        seen[key] = value
    return seen


def _value(value, fail, where: str):
    """A colour, or a list/object of values, as tuples (lists) and dicts (objects)."""
    if isinstance(value, str):
        if not _HEX.match(value):
            fail(where, f"{value!r} is not a colour (#rrggbb or #rrggbbaa)")
        return _colour(value)
    if isinstance(value, list) and value:
        return tuple(_value(v, fail, f"{where}[{i}]") for i, v in enumerate(value))
    if isinstance(value, dict) and value:
        return {k: _value(v, fail, f"{where}.{k}") for k, v in value.items()}
    fail(where, "must be a colour, a list of colours or an object of colours")


def _shape(value):
    if isinstance(value, tuple) and value and isinstance(value[0], int):
        return "colour"
    if isinstance(value, tuple):
        return [_shape(v) for v in value]
    return {k: _shape(v) for k, v in value.items()}


class PaletteData:
    def __init__(self, path: str, colours: dict, colourblind: dict, sections: dict):
        self.path = path
        self.colours = colours          # name -> value (normal vision)
        self.colourblind = colourblind  # name -> value, only the names that change
        self.sections = sections        # section -> names, as in the file


def load_palette(path: str | Path, label: str | None = None) -> PaletteData:
    """Read and check a palette file; ``label`` names it in messages (default: the path)."""
    path = Path(path)
    shown = label or str(path)
    try:
        data = read_json(path, expect=None, max_bytes=MAX_BYTES, object_pairs_hook=_no_duplicates)
        text = path.read_text(encoding="utf-8")          # (for the line of a bad colour)
    except OSError as exc:
        raise PaletteError(f"palette {shown}: cannot read it ({exc.strerror or exc})") from None
    except BadFile as exc:       # "line N: not valid JSON (...)", not UTF-8, too big, too deep
        raise PaletteError(f"palette {shown}{'' if str(exc).startswith('line') else ':'} {exc}") from None

    def fail(where: str, msg: str):
        key = where.split(".")[-1].split("[")[0]
        raise PaletteError(f"palette {shown} line {_line_of(text, key)}: {where}: {msg}")

    if not isinstance(data, dict):
        raise PaletteError(f"palette {shown}: the top level must be an object")
    for key in data:
        if key not in ("format", "about", "colours", "colourblind"):
            fail(key, "unknown key (format, about, colours, colourblind)")
    if data.get("format") != FORMAT:
        fail("format", f"must be {FORMAT!r}")
    if not isinstance(data.get("colours"), dict) or not data["colours"]:
        fail("colours", "must be an object of sections")
    colours, sections = {}, {}
    for section, entries in data["colours"].items():
        if not isinstance(entries, dict) or not entries:
            fail(section, "a section must be an object of named colours")
        sections[section] = list(entries)
        for name, value in entries.items():
            if not _NAME.match(name):
                fail(f"{section}.{name}", "names are lower case letters, digits and _")
            if name in colours:
                fail(f"{section}.{name}", "this name is already used in another section")
            colours[name] = _value(value, fail, f"{section}.{name}")
    blind = data.get("colourblind", {})
    if not isinstance(blind, dict):
        fail("colourblind", "must be an object of named colours")
    variant = {}
    for name, value in blind.items():
        if name not in colours:
            fail(f"colourblind.{name}", "no colour of that name in 'colours'")
        variant[name] = _value(value, fail, f"colourblind.{name}")
        if _shape(variant[name]) != _shape(colours[name]):
            fail(f"colourblind.{name}", "must have the same shape as the colour it replaces")
    return PaletteData(shown, colours, variant, sections)


# ---- the palettes the game draws with --------------------------------------------------------
_state = {"colourblind": False, "version": 0}
_palettes: dict[str, Palette] = {}


class Palette:
    """A palette file's colours by name (``C.JADE``), loaded at first use, looked up each read
    so the colour-blind variant applies from the next drawing on."""

    def __init__(self, name: str, path: Path | None = None):
        self._name = name
        self._path = path or resource_path(f"assets/palettes/{name}.json")
        self._label = str(path) if path else f"assets/palettes/{name}.json"
        self._data: PaletteData | None = None

    @property
    def data(self) -> PaletteData:
        if self._data is None:
            self._data = load_palette(self._path, self._label)
        return self._data

    def get(self, name: str):
        data = self.data
        key = name.lower()
        if _state["colourblind"] and key in data.colourblind:
            return data.colourblind[key]
        try:
            return data.colours[key]
        except KeyError:
            raise AttributeError(f"palette {self._name}: no colour {key!r}") from None

    def __getattr__(self, name: str):
        if name.startswith("_"):
            raise AttributeError(name)
        return self.get(name)


def names() -> list[str]:
    """Every palette: the shared one and each registered game's (its kit's ``palette``)."""
    return ["shared"] + [kit.palette for kit in KITS.values() if kit.palette]


def colours(name: str) -> Palette:
    """The palette ``assets/palettes/<name>.json`` (of the game's own folder for a kit with a
    ``home``)."""
    if name not in _palettes:
        own = next((kit.asset(f"assets/palettes/{name}.json") for kit in KITS.values()
                    if kit.palette == name and kit.home), None)
        _palettes[name] = Palette(name, own)
    return _palettes[name]


def check_shared() -> None:
    """Load the shared palette now (``PaletteError`` if it is bad). A table's own palette is
    checked with the table (``scenes.tables``): a bad one closes that table alone."""
    _ = colours("shared").data


def check_all() -> None:
    """Load every palette file now (``PaletteError`` on the first bad one)."""
    for name in names():
        _ = colours(name).data


def colourblind() -> bool:
    return _state["colourblind"]


def version() -> int:
    """Goes up each time the variant changes (for pictures kept outside the art caches)."""
    return _state["version"]


def set_colourblind(on: bool) -> bool:
    """Draw with the colour-blind variant (or not). Returns True when that changed, after
    dropping the art drawn with the old colours."""
    if bool(on) == _state["colourblind"]:
        return False
    _state["colourblind"] = bool(on)
    _state["version"] += 1
    for module_name, module in list(sys.modules.items()):
        if module is None or not module_name.startswith(("game.art.", "scenes.")):
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear):
                clear()
    return True


def __getattr__(name: str):
    """``P.CREAM``: a colour of the shared palette."""
    if name.isupper():
        return colours("shared").get(name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
