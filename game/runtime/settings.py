"""Player settings, kept as JSON in the user config directory.

A missing file gives the defaults; a corrupt or wrongly typed file gives the defaults for what is
wrong, with a warning in the log, and is rewritten on the next save. Unknown keys are dropped.
"""
from __future__ import annotations

import json
import logging
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.files import paths
from game.files.jsonfile import read_json, short

LANGUAGES = ("en", "zh_TW")
SPEEDS = ("slow", "normal", "faster")
SPEED_FACTORS = {"slow": 1.5, "normal": 1.0, "faster": 0.5}      # × animation durations
BOT_SPEEDS = ("slow", "normal", "fast")
BOT_PACES = {"slow": 1.7, "normal": 1.0, "fast": 0.5}           # × computer cats' pauses
MUTES = ("off", "music", "effects", "all")
# what a visitor may change in kiosk mode (for their visit only: back to the operator's values
# when attract mode starts); everything else is the operator's, from the admin menu
MAX_SETTINGS_BYTES = 1024 * 1024     # the file is well under 1 KB
VISITOR_KEYS = ("language", "music_volume", "effects_volume", "animation_speed", "reduce_motion")


@dataclass
class Settings:
    language: str = "en"
    music_volume: float = 0.5        # 0..1
    effects_volume: float = 0.8      # 0..1
    animation_speed: str = "normal"  # "slow" | "normal" | "faster" (see SPEED_FACTORS)
    bot_speed: str = "normal"        # "slow" | "normal" | "fast": computer cats' pace (BOT_PACES)
    fullscreen: bool = False
    colorblind: bool = False         # stronger patterns and symbols on coloured things
    show_odds: bool = True           # odds on the tables (Death next, card chances, kinds unseen)
    group_hand: bool = True          # Hungry Meow: the shown hand grouped by symbol (else by number)
    ask_first: bool = True           # a question before a move that ends the turn for good
    reduce_motion: bool = False      # no sparks, no shaking cards (the tables' juice)
    mute: str = "off"                # the kiosk operator's mute (MUTES), behind the PIN
    # kiosk (kiosk/): the idle times in seconds (the admin PIN is not a setting: kiosk/lock.py
    # keeps it in its own file, so a damaged settings file never loses it)
    kiosk_attract_delay: float = 60.0   # title untouched this long → attract mode
    kiosk_idle_reset: float = 90.0      # a game untouched this long → "Still there?"
    kiosk_still_there: float = 15.0     # "Still there?" countdown
    # phones as private hands (issue 22): allowed at home; a kiosk also needs kiosk_phones,
    # which only the operator sets (admin menu). The server listens on phones_address
    # ("" = this machine's address on the local network) while a phone game is on.
    phones: bool = True
    kiosk_phones: bool = False
    phones_address: str = ""
    lessons_offered: str = ""        # tables whose "Learn to play" was offered once, comma-separated

    path: Path | None = None         # not saved

    @property
    def speed_factor(self) -> float:
        """Multiply animation durations by this."""
        return SPEED_FACTORS.get(self.animation_speed, 1.0)

    @property
    def bot_pace(self) -> float:
        """Multiply the pauses around computer cats' moves (think delay, holds) by this."""
        return BOT_PACES.get(self.bot_speed, 1.0)

    def key(self) -> tuple:
        """Every value, to compare with another moment's (asked each frame an overlay is up: a
        plain tuple of the fields, which are all single values, not ``to_json``'s ``asdict``)."""
        return tuple(self.__dict__.values())

    def to_json(self) -> dict:
        data = asdict(self)
        data.pop("path")
        return data

    def save(self, log: logging.Logger | None = None, keep: dict | None = None) -> bool:
        """Write the settings; ``keep``: values written instead of the current ones (kiosk mode:
        the operator's, not what a visitor set for their visit)."""
        if self.path is None:
            return False
        data = self.to_json()
        data.update(keep or {})
        try:
            paths.write_private(self.path, json.dumps(data, indent=2, ensure_ascii=False))
            return True
        except OSError as exc:
            (log or logging.getLogger("meowcade")).warning("could not save settings to %s: %s",
                                                           self.path, exc)
            return False


# every on/off setting, read from the fields (a list written by hand missed the two added last:
# "Reduce motion" and "Ask first" were dropped at each start)
_SWITCHES = frozenset(f.name for f in fields(Settings) if isinstance(f.default, bool))


def _valid(name: str, value) -> bool:
    if name == "language":
        return value in LANGUAGES
    if name == "animation_speed":
        return value in SPEEDS
    if name == "bot_speed":
        return value in BOT_SPEEDS
    if name == "mute":
        return value in MUTES
    if name in ("music_volume", "effects_volume"):
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1
    if name in _SWITCHES:
        return isinstance(value, bool)
    if name == "phones_address":
        return isinstance(value, str) and len(value) <= 64
    if name == "lessons_offered":
        return isinstance(value, str)
    if name.startswith("kiosk_"):
        return isinstance(value, (int, float)) and not isinstance(value, bool) and 1 <= value <= 86400
    return False


def load_settings(home=None, log: logging.Logger | None = None) -> Settings:
    log = log or logging.getLogger("meowcade")
    path = paths.settings_file(home)
    settings = Settings(path=path)
    if not path.exists():
        return settings
    try:
        data = read_json(path, max_bytes=MAX_SETTINGS_BYTES)
    except (OSError, ValueError) as exc:   # BadFile: not UTF-8, not JSON, too big, not an object
        log.warning("settings file %s is corrupt (%s); using defaults", path, exc)
        return settings
    for f in fields(Settings):
        if f.name == "path" or f.name not in data:
            continue
        value = data[f.name]
        if _valid(f.name, value):
            setattr(settings, f.name, float(value) if f.name.endswith(("volume", "delay", "reset", "there"))
                    else value)
        else:
            log.warning("settings file %s: bad value %s for %s; using %r", path, short(repr(value), 40),
                        f.name, getattr(settings, f.name))
    return settings
