"""Where Meowcade keeps its settings, logs and saves on each platform.

Linux: ``$XDG_CONFIG_HOME/meowcade`` (``~/.config``) and ``$XDG_DATA_HOME/meowcade``
(``~/.local/share``); Windows: ``%APPDATA%\\Meowcade`` for both; macOS:
``~/Library/Application Support/Meowcade``. ``--home DIR`` or the environment variable
``MEOWCADE_HOME`` puts everything under one directory instead (tests, portable installs).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "meowcade"


def _home_override(home: str | os.PathLike | None) -> Path | None:
    if home:
        return Path(home)
    env = os.environ.get("MEOWCADE_HOME")
    return Path(env) if env else None


def config_dir(home: str | os.PathLike | None = None) -> Path:
    """Directory for settings.json (created on demand by the writer)."""
    root = _home_override(home)
    if root is not None:
        return root / "config"
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / "Meowcade"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Meowcade"
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / APP_NAME


def data_dir(home: str | os.PathLike | None = None) -> Path:
    """Directory for logs, saves and the kiosk's records."""
    root = _home_override(home)
    if root is not None:
        return root / "data"
    if sys.platform.startswith("win"):
        return Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming") / "Meowcade"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "Meowcade"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / APP_NAME


def log_dir(home: str | os.PathLike | None = None) -> Path:
    return data_dir(home) / "logs"


def settings_file(home: str | os.PathLike | None = None) -> Path:
    return config_dir(home) / "settings.json"
