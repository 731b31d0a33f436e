"""The project's code, sent from the designer's machine to the Dask workers of `simulate --cluster`.

A scheduler and its workers started from a plain ``pip install "dask[distributed]"`` do not have
the game. So the client zips the ``game`` package once (``bundle``), scatters the bytes to every
worker, and each task is a function built of the standard library alone (``play_chunk_task``):
on a worker it unpacks the zip once into a folder named by its hash, puts that folder on the path
and plays its games. The scheduler reads such a task without the project: the function travels
by value (it cannot be pickled by reference, so Dask falls back to cloudpickle) and the plan as a
plain dict. A worker that played an older version of the code drops it for the new one.
"""
from __future__ import annotations

import functools
import hashlib
import io
import pathlib
import zipfile

SKIP = ("__pycache__",)


@functools.lru_cache(maxsize=1)
def bundle() -> tuple[bytes, str]:
    """(zip of the ``game`` package: code and data, sha256 of it), made once per process."""
    import game

    root = pathlib.Path(game.__file__).resolve().parent
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(root.rglob("*")):
            if path.is_file() and not any(part in SKIP for part in path.parts) \
                    and path.suffix not in (".pyc", ".pyo"):
                # a fixed date: the same code gives the same bytes and the same hash
                info = zipfile.ZipInfo(str(pathlib.PurePosixPath("game", path.relative_to(root))),
                                       (2020, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
    data = buffer.getvalue()
    return data, hashlib.sha256(data).hexdigest()


def play_chunk_task():
    """The task every worker runs: ``task(code, digest, plan_dict, start, stop) -> [result, …]``.

    Made inside this function on purpose: a local function cannot be pickled by reference, so it
    travels whole and a scheduler or worker without the project can still read it. Everything it
    uses is imported inside it, from the standard library, until the project's code is in place.
    """
    def play_chunk(code: bytes, digest: str, plan: dict, start: int, stop: int) -> list:
        import importlib
        import io as io_
        import os
        import shutil
        import sys
        import tempfile
        import threading
        import zipfile as zipfile_

        # one lock and one record per worker process, shared by its threads and every task
        state = sys.__dict__.setdefault("_meowcade_code", {"lock": threading.Lock(), "digest": None})
        with state["lock"]:
            if state["digest"] != digest:
                folder = os.path.join(tempfile.gettempdir(), f"meowcade-code-{digest[:20]}")
                if not os.path.isdir(folder):
                    scratch = tempfile.mkdtemp(prefix=".meowcade-code-")
                    zipfile_.ZipFile(io_.BytesIO(code)).extractall(scratch)
                    try:
                        os.rename(scratch, folder)       # another worker may have won the race
                    except OSError:
                        shutil.rmtree(scratch, ignore_errors=True)
                for name in [m for m in sys.modules if m == "game" or m.startswith("game.")]:
                    del sys.modules[name]                # an older version's modules
                sys.path[:] = [p for p in sys.path if not os.path.basename(p).startswith("meowcade-code-")]
                sys.path.insert(0, folder)
                importlib.invalidate_caches()
                state["digest"] = digest
            plans = importlib.import_module("game.simulation.plan")
        return plans.play_range(plans.Plan(**plan), start, stop)

    return play_chunk
