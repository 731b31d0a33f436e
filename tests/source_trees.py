"""The project's source files parsed once per test process and shared: the layering, game-name,
text call-site and colour-literal checks each parsed every file of game/, scenes/ and kiosk/
(the layering check game/ twice), about a second and a half of ``ast.parse`` each time.

The trees are shared, so a caller must only read them (``ast.walk``, attributes), never change
them. A file is parsed again when its size or time changes (tests that write files to check the
checkers get their own trees)."""
from __future__ import annotations

import ast
import functools
import os
import pathlib


@functools.lru_cache(maxsize=None)
def _parsed(path: str, size: int, mtime_ns: int) -> ast.Module:
    with open(path, encoding="utf-8") as fh:
        return ast.parse(fh.read(), path)


def tree(path: str | os.PathLike) -> ast.Module:
    """``path``'s module as ``ast.parse`` gives it (read only: the tree is shared)."""
    st = os.stat(path)
    return _parsed(str(pathlib.Path(path).resolve()), st.st_size, st.st_mtime_ns)
