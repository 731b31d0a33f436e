"""Issue 20.2: every file the game reads survives damage. Each kind of file (save, settings, the
admin file, a palette, a lesson script, a kept compiled catalogue, a catalogue, a level, a tile image, the
card data) is given each kind of damage (not UTF-8, garbage, wrong types, an absurd size, deep
nesting), and its real loader runs: the file is set aside or ignored with one short line (in the
log, or the one-line error that closes the table that needs it), never a traceback."""
import json
import logging
import pathlib
import shutil

import pytest

from game.files import paths
from game.play import saves

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAD = 40 * 1024 * 1024          # more than any file the game reads may have


def good_save() -> bytes:
    from game.play.session import GameSession, Seat

    session = GameSession("zodiac", [Seat("Ann", "human"), Seat("Bob")], seed=3)
    return json.dumps(session.to_replay()).encode()


GOOD = {    # a file of each kind that loads
    "save": good_save,
    "settings": lambda: b'{"language": "en"}',
    "admin": lambda: b'{"pin": "", "wrong": 0, "lockouts": 0, "locked_until": 0}',
    "palette": lambda: (ROOT / "assets/palettes/zodiac.json").read_bytes(),
    "lesson": lambda: (ROOT / "assets/lessons/zodiac.json").read_bytes(),
    "kept catalogue": lambda: __import__("game.runtime.i18n", fromlist=["x"]).compile_catalogue(
        ROOT / "assets/locale/zh_TW/LC_MESSAGES/ui.po", "zh_TW"),
    "catalogue": lambda: (ROOT / "assets/locale/zh_TW/LC_MESSAGES/ui.po").read_bytes(),
    "level": lambda: (ROOT / "levels/zodiac.tmx").read_bytes(),
    "tile image": lambda: (ROOT / "levels/zodiac-tiles.png").read_bytes(),
    "cards": lambda: (ROOT / "game/rules/meow_dice_cards.json").read_bytes(),
}
XML = ("level",)

DAMAGE = {
    "not utf-8": lambda kind: b"\xff\xfegarbage",
    "garbage": lambda kind: b'{"a": [1, 2,, }\x00\x01<<' * 50,
    # every key the game's files use, with a value of the wrong type
    "wrong types": lambda kind: json.dumps({
        "version": 1, "format": 7, "game": [], "seed": "x", "seats": {}, "actions": 3, "colours": 1,
        "colourblind": [], "lessons": {}, "pin": 5, "wrong": "many", "lockouts": [], "language": 9,
        "entries": 1, "stamp": 1, "plural": 4, "warnings": 2, "regular": 5, "players": "two"}).encode(),
    # a file that loads, padded to an absurd size (trailing blanks are valid JSON and XML and
    # ignored after a PNG's end)
    "absurd size": lambda kind: GOOD[kind]() + b" " * PAD,
    "deep nesting": lambda kind: (b"<a>" * 200000 if kind in XML else b"[" * 200000 + b"]" * 200000),
}


def assert_one_short_line(text: str) -> None:
    assert "\n" not in text.strip() and "Traceback" not in text, text[:500]
    assert 0 < len(text) <= 400, text[:500]


def warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


# ---- the loaders, each with what it does with a bad file -----------------------------------------
def load_save(tmp_path, data, caplog):
    path = saves.save_path(tmp_path)
    paths.write_private(path, data)
    assert saves.load(path) is None
    assert not path.exists() and path.with_name("autosave.json.bad-1").exists()     # set aside
    return warnings(caplog)


def load_settings(tmp_path, data, caplog):
    from game.runtime.settings import Settings, load_settings

    paths.write_private(paths.settings_file(tmp_path), data)
    settings = load_settings(tmp_path)
    assert settings.language == Settings().language            # defaults: the file is ignored
    return warnings(caplog)


def load_admin(tmp_path, data, caplog):
    from kiosk.lock import AdminLock, lock_path

    paths.write_private(lock_path(tmp_path), data)
    lock = AdminLock.open(tmp_path)
    assert lock.pin == "" and lock.locked_for() == 0               # the default PIN, no lockout
    assert lock_path(tmp_path).with_name("kiosk-admin.json.bad-1").exists()
    return warnings(caplog)


def raises_one_line(error, load):
    with pytest.raises(error) as caught:
        load()
    return [str(caught.value)]


def load_palette(tmp_path, data, caplog):
    from game.art.palette import PaletteError, load_palette

    path = tmp_path / "zodiac.json"
    path.write_bytes(data)
    return raises_one_line(PaletteError, lambda: load_palette(path))


def load_lesson(tmp_path, data, caplog):
    from game.play.lesson import LessonError, load_lessons

    path = tmp_path / "zodiac.json"
    path.write_bytes(data)
    return raises_one_line(LessonError, lambda: load_lessons(path))


def load_kept_catalogue(tmp_path, data, caplog, monkeypatch=None):
    from game.runtime import i18n

    path = tmp_path / "ui.po"
    shutil.copy(ROOT / "assets/locale/zh_TW/LC_MESSAGES/ui.po", path)
    monkeypatch.setattr(i18n, "catalogue_files", lambda lang: [path])
    i18n.use_disk_cache(tmp_path / "cache")
    try:
        kept = i18n.kept_file(path, "zh_TW")
        kept.parent.mkdir(parents=True)
        kept.write_bytes(data)
        cat = i18n._load("zh_TW")                              # ignored: the .po is compiled again
    finally:
        i18n.use_disk_cache(None)
    assert not cat.warnings and len(cat.entries) > 50
    return ["ignored"]


def load_catalogue(tmp_path, data, caplog, monkeypatch=None):
    from game.runtime import i18n

    path = tmp_path / "ui.po"
    path.write_bytes(data)
    monkeypatch.setattr(i18n, "catalogue_files", lambda lang: [path])
    cat = i18n._load("zh_TW")                                  # never raises
    if not cat.warnings:         # Babel reads some damage as an empty or partial catalogue
        assert len(cat.entries) < 5000
        return ["read leniently"]
    return cat.warnings


def level_dir(tmp_path) -> pathlib.Path:
    folder = tmp_path / "levels"
    folder.mkdir(exist_ok=True)
    shutil.copy(ROOT / "levels/zodiac.tmx", folder / "zodiac.tmx")
    shutil.copy(ROOT / "levels/zodiac-tiles.png", folder / "zodiac-tiles.png")
    return folder


def load_level_file(tmp_path, data, caplog):
    from game.runtime.layout import LayoutError, load_level

    path = level_dir(tmp_path) / "zodiac.tmx"
    path.write_bytes(data)
    return raises_one_line(LayoutError, lambda: load_level("zodiac", path=path))


def load_tile_image(tmp_path, data, caplog):
    from game.runtime.layout import LayoutError, load_level
    from game.runtime.level_tiles import check_tiles

    folder = level_dir(tmp_path)
    (folder / "zodiac-tiles.png").write_bytes(data)
    level = load_level("zodiac", path=folder / "zodiac.tmx")
    return raises_one_line(LayoutError, lambda: check_tiles(level))


def load_cards(tmp_path, data, caplog):
    from game.rules.base import SetupError
    from game.rules.meow_dice_data import load_cards

    path = tmp_path / "meow_dice_cards.json"
    path.write_bytes(data)
    return raises_one_line(SetupError, lambda: load_cards(path))


LOADERS = {"save": load_save, "settings": load_settings, "admin": load_admin, "palette": load_palette,
           "lesson": load_lesson, "kept catalogue": load_kept_catalogue, "catalogue": load_catalogue,
           "level": load_level_file, "tile image": load_tile_image, "cards": load_cards}


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("kind", list(LOADERS))
def test_a_damaged_file_is_set_aside_or_ignored_in_one_line(tmp_path, caplog, monkeypatch, kind, damage):
    caplog.set_level(logging.WARNING)
    data = DAMAGE[damage](kind)
    load = LOADERS[kind]
    lines = (load(tmp_path, data, caplog, monkeypatch) if kind in ("catalogue", "kept catalogue")
             else load(tmp_path, data, caplog))
    assert lines, "nothing said about the damaged file"
    for line in lines:
        assert_one_short_line(line)


def test_the_good_files_load(tmp_path, monkeypatch):
    """(The damage above is what fails: each loader takes the undamaged file.)"""
    from game.art.palette import load_palette
    from game.play.lesson import load_lessons
    from game.runtime.layout import load_level
    from game.runtime.level_tiles import check_tiles

    assert saves.load(paths.write_private(saves.save_path(tmp_path), GOOD["save"]())) is not None
    (tmp_path / "p.json").write_bytes(GOOD["palette"]())
    assert load_palette(tmp_path / "p.json").colours
    (tmp_path / "l.json").write_bytes(GOOD["lesson"]())
    assert load_lessons(tmp_path / "l.json", check=False)
    check_tiles(load_level("zodiac", path=level_dir(tmp_path) / "zodiac.tmx"))


# ---- the seats of a save --------------------------------------------------------------------------
@pytest.mark.parametrize("name", [5, None, "Ann\x00", "x" * 2_000_000, "", ["Ann"]])
def test_a_save_whose_seat_name_is_not_a_name_is_set_aside(tmp_path, caplog, name):
    caplog.set_level(logging.WARNING)
    data = json.loads(good_save())
    data["seats"][0]["name"] = name
    path = saves.save_path(tmp_path)
    paths.write_private(path, json.dumps(data))
    assert saves.load(path) is None
    assert path.with_name("autosave.json.bad-1").exists()
    lines = warnings(caplog)
    assert len(lines) == 1 and "seat name" in lines[0]
    assert_one_short_line(lines[0])


@pytest.mark.parametrize("seat", [{"name": "Ann", "kind": "ghost"}, {"name": "Ann", "level": 3},
                                  {"name": "Ann", "coat": "x" * 5000}, {"name": "Ann", "owner": 1},
                                  "Ann", None])
def test_a_save_whose_seat_is_malformed_is_set_aside(tmp_path, caplog, seat):
    caplog.set_level(logging.WARNING)
    data = json.loads(good_save())
    data["seats"][1] = seat
    path = saves.save_path(tmp_path)
    paths.write_private(path, json.dumps(data))
    assert saves.load(path) is None
    lines = warnings(caplog)
    assert len(lines) == 1
    assert_one_short_line(lines[0])
