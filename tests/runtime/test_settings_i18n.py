"""Settings files, paths, i18n fallbacks and that the shipped font covers every string."""

import json
import logging
import os

import pytest

from game.files import paths
from game.runtime.i18n import Translator, all_strings, catalogue, load_language
from game.runtime.settings import Settings, load_settings


def test_paths_follow_home_env_and_xdg(tmp_path, monkeypatch):
    assert paths.config_dir(tmp_path) == tmp_path / "config"
    monkeypatch.setenv("MEOWCADE_HOME", str(tmp_path / "env"))
    assert paths.data_dir() == tmp_path / "env" / "data"
    monkeypatch.delenv("MEOWCADE_HOME")
    # each platform's rules are platformdirs' own classes (Windows asks the shell for APPDATA)
    import platformdirs.macos
    import platformdirs.unix
    import platformdirs.windows
    monkeypatch.setattr(paths, "PLATFORM_DIRS", platformdirs.unix.Unix)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "xdg"))
    assert paths.config_dir() == tmp_path / "xdg" / "meowcade"
    monkeypatch.setattr(paths, "PLATFORM_DIRS", platformdirs.windows.Windows)
    monkeypatch.setenv("APPDATA", str(tmp_path / "roaming"))
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", lambda csidl: os.environ["APPDATA"])
    assert paths.config_dir() == tmp_path / "roaming" / "Meowcade"
    monkeypatch.setattr(paths, "PLATFORM_DIRS", platformdirs.macos.MacOS)
    monkeypatch.delenv("XDG_CONFIG_HOME")      # (platformdirs lets it steer macOS too)
    assert "Application Support" in str(paths.config_dir())


def test_settings_round_trip(tmp_path):
    s = load_settings(tmp_path)
    assert s == Settings(path=paths.settings_file(tmp_path))
    s.language, s.music_volume, s.animation_speed, s.colorblind = "zh_TW", 0.3, "faster", True
    assert s.save()
    again = load_settings(tmp_path)
    assert (again.language, again.music_volume, again.animation_speed, again.colorblind) == (
        "zh_TW",
        0.3,
        "faster",
        True,
    )
    assert again.speed_factor == 0.5


def test_every_switch_survives_a_restart(tmp_path, caplog):
    """Stranger 40r-zh: "Reduce motion" (and "Ask first") were dropped at each start ("bad value
    True for reduce_motion"): the loader's list of on/off settings was written by hand."""
    from dataclasses import fields

    s = load_settings(tmp_path)
    switches = [f.name for f in fields(Settings) if isinstance(f.default, bool)]
    assert {"reduce_motion", "ask_first", "colorblind"} <= set(switches)
    for name in switches:
        setattr(s, name, not getattr(Settings(), name))
    assert s.save()
    with caplog.at_level(logging.WARNING):
        again = load_settings(tmp_path)
    assert all(getattr(again, name) == getattr(s, name) for name in switches)
    assert "bad value" not in caplog.text


def test_the_settings_key_changes_with_every_value_and_holds_no_container():
    # App.draw keys the picture of the scenes under an overlay by it, every frame an overlay is up
    import dataclasses

    s = Settings()
    before = s.key()
    assert all(isinstance(v, (str, int, float, bool, type(None))) for v in before)  # not changed in place
    assert before == Settings().key()
    for field in dataclasses.fields(Settings):
        if field.name == "path":
            continue
        other = Settings()
        value = getattr(other, field.name)
        setattr(other, field.name, (not value) if isinstance(value, bool) else value + value + "x"
                if isinstance(value, str) else value + 1)
        assert other.key() != before, field.name


@pytest.mark.parametrize("content", ["{not json", "[1, 2]", "\x00\x01"])
def test_corrupt_settings_give_defaults_and_a_warning(tmp_path, caplog, content):
    path = paths.settings_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="meowcade"):
        s = load_settings(tmp_path)
    assert s.language == "en" and s.music_volume == 0.5 and s.fullscreen is False
    assert any("corrupt" in r.getMessage() for r in caplog.records)


def test_bad_values_fall_back_one_by_one(tmp_path, caplog):
    path = paths.settings_file(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {
                "language": "klingon",
                "music_volume": 7,
                "effects_volume": 0.2,
                "fullscreen": "yes",
                "unknown": 1,
            }
        ),
        encoding="utf-8",
    )
    with caplog.at_level(logging.WARNING, logger="meowcade"):
        s = load_settings(tmp_path)
    assert s.language == "en" and s.music_volume == 0.5 and s.effects_volume == 0.2 and s.fullscreen is False
    assert len([r for r in caplog.records if "bad value" in r.getMessage()]) == 3


def test_translator_falls_back_to_english_then_key(monkeypatch):
    t = Translator("zh_TW")
    assert t.t("pause.resume") == "繼續"
    monkeypatch.setitem(catalogue("en").entries, "only.english", ("Only {what}",))
    assert t.t("only.english", what="here") == "Only here"
    assert t.t("no.such.key") == "no.such.key"
    t.set_language("xx")
    assert t.lang == "en"


def test_every_language_has_every_runtime_key():
    en, zh = load_language("en"), load_language("zh_TW")
    mine = [
        k
        for k in en
        if k.split(".")[0]
        in (
            "app",
            "title",
            "hint",
            "glyph",
            "select",
            "setup",
            "coat",
            "level",
            "name",
            "settings",
            "speed",
            "lang",
            "pause",
            "help",
            "results",
            "rules",
        )
    ]
    missing = [k for k in mine if k not in zh]
    assert not missing, missing


@pytest.mark.parametrize("game", ["hungry_meow", "meow_dice", "zodiac"])
def test_rules_help_pages_are_readable_and_parallel(game):
    """Pages come back from the catalogues as lists; that they fit the help panel at 28 px or
    more is tests/runtime/test_text_fit.py's job (the rules.*.pages.*.lines box)."""
    en = load_language("en")[f"rules.{game}.pages"]
    zh = load_language("zh_TW")[f"rules.{game}.pages"]
    assert len(en) == len(zh) >= 6
    for page_en, page_zh in zip(en, zh, strict=True):
        assert page_en["title"] and page_zh["title"]
        assert 1 <= len(page_en["lines"]) <= 7 and 1 <= len(page_zh["lines"]) <= 7


def test_font_covers_every_character_of_every_string():
    from fontTools.ttLib import TTFont

    from game.runtime.assets import FONT_FILE, resource_path

    cmap = TTFont(str(resource_path(FONT_FILE))).getBestCmap()
    missing = sorted(
        {
            ch
            for text in all_strings()
            for ch in text
            if ch.isprintable() and ch != " " and ord(ch) not in cmap
        }
    )
    assert not missing, "run tools/make_font_subset.py; missing: " + " ".join(missing)
