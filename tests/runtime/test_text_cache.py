"""Text catalogues are read compiled (.mo, by Python's own gettext). A source checkout compiles a
catalogue the first time it is needed and keeps the .mo in the data folder's cache, so a restart
reads it without compiling; an edited .po or a damaged kept .mo means a fresh compile. A build
that ships only compiled catalogues reads the same texts."""
import pathlib
import re
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


def _no_compiling(monkeypatch):
    def refuse(source, lang):
        raise AssertionError(f"compiled {source}")
    monkeypatch.setattr(i18n, "compile_catalogue", refuse)


def test_a_restart_reads_the_kept_catalogues_without_compiling(locale_copy, tmp_path, monkeypatch):
    parsed = {lang: dict(i18n.catalogue(lang).entries) for lang in i18n.LANGUAGES}
    kept = list((tmp_path / "cache").rglob("*.mo"))
    assert len(kept) == sum(len(i18n.catalogue_files(lang)) for lang in i18n.LANGUAGES) > 2
    i18n._CACHE.clear()                    # a new process
    _no_compiling(monkeypatch)
    for lang in i18n.LANGUAGES:
        assert i18n.catalogue(lang).entries == parsed[lang]
    zh = i18n.Translator("zh_TW")
    assert zh.lang == "zh_TW" and zh.t("app.title") == parsed["zh_TW"]["app.title"][0]
    assert i18n.catalogue("zh_TW").plural(5) == 0        # Chinese: one form, from the .mo header


def test_a_changed_or_damaged_file_is_compiled_again(locale_copy, tmp_path):
    before = dict(i18n.catalogue("en").entries)
    pot = sorted((locale_copy / "assets" / "locale").glob("*.pot"))[0]
    pot.write_text(pot.read_text(encoding="utf-8") + '\nmsgctxt "test.cache.new"\nmsgid "Fresh"\nmsgstr ""\n',
                   encoding="utf-8")
    i18n._CACHE.clear()
    assert i18n.catalogue("en").entries["test.cache.new"] == ("Fresh",)
    kept = list((tmp_path / "cache").rglob(f"{pot.stem}-*.mo"))
    assert len(kept) == 1                  # the copy of the old text is gone
    kept[0].write_bytes(b"\xde\x12\x04\x95 damaged")
    i18n._CACHE.clear()
    after = i18n.catalogue("en").entries
    assert after["test.cache.new"] == ("Fresh",) and len(after) == len(before) + 1


def test_a_broken_catalogue_is_reported_at_every_start(locale_copy, caplog):
    broken = sorted((locale_copy / "assets" / "locale").glob("*.pot"))[0]
    broken.write_bytes(b"\xff\xfe not a catalogue \x00 msgid")
    i18n.catalogue("en")
    i18n._CACHE.clear()
    caplog.clear()
    i18n.catalogue("en")
    assert any("unreadable" in r.getMessage() and broken.name in r.getMessage() for r in caplog.records)


def test_a_build_with_only_compiled_catalogues_reads_the_same_texts(tmp_path):
    """What build.spec ships: every catalogue compiled by compile_all, no .po or .pot beside it."""
    source = {lang: dict(i18n.catalogue(lang).entries) for lang in i18n.LANGUAGES}
    root = tmp_path / "build"
    shutil.copytree(ROOT / "assets" / "fonts", root / "assets" / "fonts")
    written = i18n.compile_all(root / "assets" / "locale")
    assert {p.parent.parent.name for p in written} == set(i18n.LANGUAGES)
    assets.set_root(root)
    i18n._CACHE.clear()
    try:
        assert all(p.suffix == ".mo" for lang in i18n.LANGUAGES for p in i18n.catalogue_files(lang))
        for lang in i18n.LANGUAGES:
            assert i18n.catalogue(lang).entries == source[lang]
        en, zh = i18n.Translator("en"), i18n.Translator("zh_TW")
        plural = next(k for k, forms in source["en"].items()             # a plural of {n} alone
                      if len(forms) == 2 and set(re.findall(r"{(\w+)}", forms[1])) == {"n"})
        assert en.t(plural, n=1) != en.t(plural, n=3)           # English: one and many
        assert "3" in en.t(plural, n=3) and "3" in zh.t(plural, n=3)
        assert len(source["zh_TW"][plural]) == 1                # Chinese: one form
    finally:
        assets.set_root(None)
        i18n._CACHE.clear()
