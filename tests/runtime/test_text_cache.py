"""Parsed text catalogues are kept on disk between starts (a restart after a crash reads one JSON
file instead of parsing every .po file with Babel); any changed or damaged file means a parse."""
import pathlib
import shutil

import pytest

from game.runtime import assets, i18n

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture
def locale_copy(tmp_path):
    root = tmp_path / "assets-root"
    shutil.copytree(ROOT / "assets" / "locale", root / "assets" / "locale")
    shutil.copytree(ROOT / "assets" / "fonts", root / "assets" / "fonts")
    assets.set_root(root)
    i18n.use_disk_cache(tmp_path / "cache")
    i18n._CACHE.clear()
    yield root
    assets.set_root(None)
    i18n.use_disk_cache(None)
    i18n._CACHE.clear()


def _no_parsing(monkeypatch):
    def refuse(path):
        raise AssertionError(f"parsed {path}")
    monkeypatch.setattr(i18n, "_read", refuse)


def test_a_restart_reads_the_kept_catalogues_without_parsing(locale_copy, tmp_path, monkeypatch):
    parsed = {lang: dict(i18n.catalogue(lang).entries) for lang in i18n.LANGUAGES}
    assert {p.name for p in (tmp_path / "cache").iterdir()} == {"text-en.json", "text-zh_TW.json"}
    i18n._CACHE.clear()                    # a new process
    _no_parsing(monkeypatch)
    for lang in i18n.LANGUAGES:
        assert i18n.catalogue(lang).entries == parsed[lang]
    zh = i18n.Translator("zh_TW")
    assert zh.lang == "zh_TW" and zh.t("app.title") == parsed["zh_TW"]["app.title"][0]
    assert i18n.catalogue("zh_TW").plural(5) == 0        # Chinese: one form, from the kept header


def test_a_changed_or_damaged_file_is_parsed_again(locale_copy, tmp_path, monkeypatch):
    before = dict(i18n.catalogue("en").entries)
    pot = sorted((locale_copy / "assets" / "locale").glob("*.pot"))[0]
    pot.write_text(pot.read_text(encoding="utf-8") + '\nmsgctxt "test.cache.new"\nmsgid "Fresh"\nmsgstr ""\n',
                   encoding="utf-8")
    i18n._CACHE.clear()
    assert i18n.catalogue("en").entries["test.cache.new"] == ("Fresh",)
    (tmp_path / "cache" / "text-en.json").write_text("{ not json", encoding="utf-8")
    i18n._CACHE.clear()
    after = i18n.catalogue("en").entries
    assert after["test.cache.new"] == ("Fresh",) and len(after) == len(before) + 1


def test_a_broken_catalogue_is_still_reported_from_the_kept_copy(locale_copy, caplog):
    broken = sorted((locale_copy / "assets" / "locale").glob("*.pot"))[0]
    broken.write_bytes(b"\xff\xfe not a catalogue \x00 msgid")
    i18n.catalogue("en")
    i18n._CACHE.clear()
    caplog.clear()
    i18n.catalogue("en")
    assert any("unreadable" in r.getMessage() and broken.name in r.getMessage() for r in caplog.records)
