"""Reading a JSON file the program did not necessarily write well: the one way saves, settings,
the admin file, palettes, lesson scripts and the text cache are read.

``read_json(path)`` returns the parsed data or raises ``BadFile`` (a ``ValueError``) whose message
is one short line: the file is too big (checked before reading it), not UTF-8, not JSON, nested
deeper than any file the game writes, holds NaN/Infinity or a number too long to read, or its top
level is not the expected type. ``OSError`` (missing, unreadable) passes through: callers already
tell "no file" from "damaged file". Each caller decides what a bad file costs (set aside, ignored,
a table out of order) and logs it in one line.

Standard library only (no pygame), like the rest of ``game.files``.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

MAX_BYTES = 16 * 1024 * 1024     # default size cap; callers with smaller files pass their own
MAX_DEPTH = 32                   # no file the game writes nests deeper than ~6


class BadFile(ValueError):
    """A file that does not read as what it should be; the message is one short line."""


def short(text: str, limit: int = 80) -> str:
    """``text`` on one line, cut to ``limit`` characters (a hostile value stays a short message)."""
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _reject_constant(name: str):
    raise BadFile(f"{name} is not a number JSON allows")


def depth(data, limit: int) -> int:
    """How deep ``data`` nests (1 for a scalar), counting no further than ``limit + 1``; iterative,
    so no input can exhaust the stack."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        if isinstance(value, dict):
            stack.extend((v, level + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, level + 1) for v in value)
    return deepest


def read_json(path: str | os.PathLike, expect: type | tuple | None = dict, max_bytes: int = MAX_BYTES,
              max_depth: int = MAX_DEPTH, object_pairs_hook=None):
    """The data of the JSON file ``path``; ``BadFile`` (one line) if it is damaged. ``expect``:
    the type the top level must have (None: any)."""
    path = Path(path)
    with open(path, "rb") as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > max_bytes:
            raise BadFile(f"{size:,} bytes, more than the {max_bytes:,} such a file may have")
        raw = handle.read(max_bytes + 1)          # (it may have grown since the fstat)
    if len(raw) > max_bytes:
        raise BadFile(f"more than the {max_bytes:,} bytes such a file may have")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadFile(f"not UTF-8 text (byte {exc.start})") from None
    if text.startswith("\ufeff"):
        text = text[1:]                           # a byte-order mark an editor may add
    try:
        data = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=object_pairs_hook)
    except json.JSONDecodeError as exc:
        raise BadFile(f"line {exc.lineno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise BadFile(f"nested more than {max_depth} levels deep") from None
    except BadFile:
        raise
    except ValueError as exc:      # an integer of more than 4,300 digits, a hook's own complaint
        raise BadFile(short(str(exc))) from None
    if depth(data, max_depth) > max_depth:
        raise BadFile(f"nested more than {max_depth} levels deep")
    if expect is not None and not isinstance(data, expect):
        wanted = "an object" if expect is dict else "a list" if expect is list else "another type"
        raise BadFile(f"the top level must be {wanted}, not {type(data).__name__}")
    return data
