"""Where Meowcade keeps its settings, logs and saves, by the platform's rules (``platformdirs``).

Linux: ``$XDG_CONFIG_HOME/meowcade`` (``~/.config``) and ``$XDG_DATA_HOME/meowcade``
(``~/.local/share``); Windows: ``%APPDATA%\\Meowcade`` for both; macOS:
``~/Library/Application Support/Meowcade``. ``--home DIR`` or the environment variable
``MEOWCADE_HOME`` puts everything under one directory instead (tests, portable installs).

Everything the game writes there (settings, the autosave, records, logs, kiosk files) is private
to the user: files 0600, folders 0700. ``write_private`` (atomic), ``open_private`` and
``make_private`` are the one way to write them; ``private_umask()`` at the start of the game makes
any other file it creates private too.
"""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs
from platformdirs.unix import Unix

APP_NAME = "meowcade"
FILE_MODE = 0o600
DIR_MODE = 0o700
PLATFORM_DIRS: type[platformdirs.PlatformDirsABC] = platformdirs.PlatformDirs   # this platform's rules


def _home_override(home: str | os.PathLike | None) -> Path | None:
    if home:
        return Path(home)
    env = os.environ.get("MEOWCADE_HOME")
    return Path(env) if env else None


def _dirs() -> platformdirs.PlatformDirsABC:
    # Linux folders are lower case (as they always were here), Windows and macOS show the name
    name = APP_NAME if issubclass(PLATFORM_DIRS, Unix) else APP_NAME.capitalize()
    return PLATFORM_DIRS(name, appauthor=False, roaming=True)


def config_dir(home: str | os.PathLike | None = None) -> Path:
    """Directory for settings.json (created on demand by the writer)."""
    root = _home_override(home)
    return root / "config" if root is not None else Path(_dirs().user_config_dir)


def data_dir(home: str | os.PathLike | None = None) -> Path:
    """Directory for logs, saves and the kiosk's records."""
    root = _home_override(home)
    return root / "data" if root is not None else Path(_dirs().user_data_dir)


def log_dir(home: str | os.PathLike | None = None) -> Path:
    return data_dir(home) / "logs"


def settings_file(home: str | os.PathLike | None = None) -> Path:
    return config_dir(home) / "settings.json"


# ---- private files ------------------------------------------------------------------------------
def private_umask() -> int:
    """New files and folders of this process (and its children) are the user's alone; returns the
    old mask."""
    return os.umask(0o077)


def private_dir(folder: str | os.PathLike) -> Path:
    """``folder`` made (0700) if missing; an existing one is left as it is (it may be shared)."""
    folder = Path(folder)
    missing = []
    while not folder.exists() and folder.parent != folder:
        missing.append(folder)
        folder = folder.parent
    for level in reversed(missing):        # each new level 0700 (mkdir's parents=True would not)
        level.mkdir(mode=DIR_MODE, exist_ok=True)
    return Path(missing[0]) if missing else folder


def make_private(path: str | os.PathLike) -> None:
    """Set an existing file to 0600 (a file from an older version, a database before it opens)."""
    try:
        os.chmod(path, FILE_MODE)
    except FileNotFoundError:
        pass
    except OSError:      # a filesystem without modes (FAT, some network drives): nothing to do
        pass


def open_private(path: str | os.PathLike, mode: str = "a", encoding: str | None = "utf-8"):
    """``open(path, mode)`` of a file created 0600 (and set 0600 if it existed)."""
    path = Path(path)
    private_dir(path.parent)
    flags = os.O_CREAT | (os.O_RDWR if "+" in mode else os.O_WRONLY)
    flags |= os.O_APPEND if "a" in mode else os.O_TRUNC if "w" in mode else 0
    flags |= getattr(os, "O_BINARY", 0) if "b" in mode else 0
    fd = os.open(path, flags, FILE_MODE)
    try:
        if hasattr(os, "fchmod"):
            os.fchmod(fd, FILE_MODE)
        return os.fdopen(fd, mode, encoding=None if "b" in mode else encoding)
    except BaseException:
        os.close(fd)
        raise


def write_private(path: str | os.PathLike, data: str | bytes, atomic: bool = True) -> Path:
    """Write ``data`` to ``path`` (0600). ``atomic``: through a temporary file in the same folder,
    fsynced and renamed over the old one, so readers see the old content or the new, never a mix."""
    path = Path(path)
    private_dir(path.parent)
    binary = isinstance(data, bytes)
    target = path.with_name(f"{path.name}.tmp-{os.getpid()}") if atomic else path
    try:
        with open_private(target, "wb" if binary else "w") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if atomic:
            os.replace(target, path)
    except BaseException:
        if atomic:
            try:
                os.unlink(target)
            except OSError:
                pass
        raise
    if atomic:
        _fsync_dir(path.parent)
    return path


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return                      # Windows cannot open a folder; os.replace is atomic there
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
