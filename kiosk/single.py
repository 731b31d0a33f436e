"""One kiosk per home (issue 20.6): the supervisor holds an exclusive lock on ``kiosk.lock`` in the
data folder for as long as it runs. A second supervisor for the same home finds it taken, says
so in one line and exits non-zero, instead of opening a second full-screen game writing the same
save. The operating system drops the lock when the process ends, however it ends (kill -9 too),
so a stale file never blocks a start. The file holds the owner's pid, for the message.

Standard library only.
"""
from __future__ import annotations

import os
from pathlib import Path

LOCK_NAME = "kiosk.lock"


class HomeTaken(Exception):
    """Another kiosk holds this home; the message is one line."""


def _lock(fd: int) -> bool:
    try:
        if os.name == "nt":
            import msvcrt

            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except OSError:
        return False


class HomeLock:
    """``HomeLock(data_dir).acquire()``: held until ``release()`` or the process ends."""

    def __init__(self, folder: str | os.PathLike):
        self.path = Path(folder) / LOCK_NAME
        self.fd: int | None = None

    def acquire(self) -> "HomeLock":
        from game.files.paths import private_dir

        private_dir(self.path.parent)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600)
        if not _lock(fd):
            try:
                owner = os.read(fd, 32).decode("ascii", "replace").strip() or "?"
            except OSError:
                owner = "?"
            os.close(fd)
            raise HomeTaken(f"a kiosk is already running with the data folder {self.path.parent} "
                            f"(supervisor pid {owner[:12]}); not starting a second one")
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        self.fd = fd
        return self

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)          # (closing drops the lock)
            self.fd = None
