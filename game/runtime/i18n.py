"""Translated text, from gettext catalogues read with Babel.

English is the source language: ``assets/locale/<area>.pot`` (one template per area: ``ui``,
``hungry_meow``, ``kiosk``, ``rules_zodiac``...) holds every text key as ``msgctxt`` and its
English text as ``msgid`` (``msgid_plural`` for counts). Each other language has
``assets/locale/<lang>/LC_MESSAGES/<area>.po`` with the same entries and the ``msgstr``; its
``Plural-Forms`` header picks the form for a count (Chinese has one form, with the measure word
in it). The .po files are read directly (no compile step a fresh checkout could miss).

Lookup: ``t(key, **fmt)`` formats with ``str.format``; an entry with plural forms picks its form by
``fmt["n"]``. The chosen language, then English, then the key itself: a missing translation shows
English and a missing key is visible but harmless. Fuzzy (unreviewed) translations are not used,
as with gettext.

Game terms are defined once per language in the ``glossary`` catalogue (keys ``term.<id>``) and
other strings refer to them as ``[[id]]`` (``[[^id]]``: first letter upper case); the references
are replaced when a catalogue loads, so no text on screen shows them.

A damaged shipped font means pygame's default font, which has no Chinese: the text is English then
(``game.runtime.assets.font_ok``; the log has the warning).

Parsing the .po files is the slow part of a start (babel, ~0.08 s for English, twice that for
Chinese): the App keeps each language's finished catalogue in its data folder
(``use_disk_cache``), checked against the names, sizes and times of every file it came from, so a
restart reads one JSON file and any edited or damaged file means a fresh parse.

Rules help pages (``rules.<game>.pages``) are entries ``rules.<game>.pages.NN.title`` and
``.lines`` (the lines of one page in one message, a line break between lines); ``raw`` and
``load_language`` give them back as ``[{"title": str, "lines": [str]}]``.
"""
from __future__ import annotations

import json
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from game.files.jsonfile import read_json, short
from game.files.paths import write_private
from game.runtime.assets import font_ok, resource_path

LANGUAGES = ("en", "zh_TW")
FALLBACK = "en"
LOCALE_DIR = "assets/locale"
MAX_CATALOGUE_BYTES = 8 * 1024 * 1024     # the largest catalogue is ~100 KB
TERM_PREFIX = "term."
TERM_REF = re.compile(r"\[\[(\^?)([a-z0-9_]+)\]\]")
PAGE_KEY = re.compile(r"^(?P<prefix>.+\.pages)\.(?P<n>\d+)\.(?P<part>title|lines)$")


def english_plural(n: int) -> int:
    return 0 if n == 1 else 1


@dataclass
class Catalogue:
    """One language: text key -> forms (one, or one per plural form) and the plural rule."""

    lang: str
    entries: dict[str, tuple[str, ...]] = field(default_factory=dict)
    plural: Callable[[int], int] = english_plural
    # rules pages gathered per key: the help screen asks every frame, gathering took 2.5 ms
    page_lists: dict[str, list[dict] | None] = field(default_factory=dict, repr=False)
    plural_expr: str = ""                  # the Plural-Forms expression ``plural`` was made from
    warnings: list[str] = field(default_factory=list)   # what did not load (logged again from disk)


def _plural(expr: str) -> Callable[[int], int]:
    import gettext  # (only languages with plural forms need it)

    # gettext's own evaluator of the C plural expression in the Plural-Forms header
    return gettext.c2py(expr)


def catalogue_files(lang: str) -> list:
    """The files a language reads: the templates for English, the .po files for the others."""
    from game.rules.registry import KITS

    roots = [resource_path(LOCALE_DIR)]          # and a game's own folder (a kit with a home)
    roots += [kit.asset(LOCALE_DIR) for kit in KITS.values() if kit.home]
    if lang == FALLBACK:
        return [f for root in roots for f in sorted(root.glob("*.pot"))]
    return [f for root in roots for f in sorted((root / lang / "LC_MESSAGES").glob("*.po"))]


def _read(path):
    from babel.messages.pofile import read_po

    with open(path, "rb") as fh:
        size = os.fstat(fh.fileno()).st_size
        if size > MAX_CATALOGUE_BYTES:        # (checked before Babel reads it all)
            raise ValueError(f"{size:,} bytes, more than the {MAX_CATALOGUE_BYTES:,} a catalogue may have")
        return read_po(fh)


def _load(lang: str) -> Catalogue:
    cat = Catalogue(lang)
    log = logging.getLogger("meowcade")
    for path in catalogue_files(lang):
        try:
            po = _read(path)
        except Exception as exc:  # a broken file costs its strings, never the game
            cat.warnings.append(f"text catalogue {path} unreadable: {short(exc)}")
            log.warning("%s", cat.warnings[-1])
            continue
        if lang != FALLBACK and po.plural_expr:
            try:
                cat.plural = _plural(po.plural_expr)
                cat.plural_expr = po.plural_expr
            except (ValueError, SyntaxError) as exc:
                cat.warnings.append(f"text catalogue {path}: bad Plural-Forms: {exc}")
                log.warning("%s", cat.warnings[-1])
        for message in po:
            if not message.id or not message.context:
                continue
            if lang == FALLBACK:
                forms = message.id if isinstance(message.id, tuple) else (message.id,)
            else:
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.fuzzy or not all(forms):
                    continue
            cat.entries[message.context] = tuple(forms)
    return cat


_CACHE: dict[str, tuple[tuple, Catalogue]] = {}
_DISK: list[Path] = []          # the folder for finished catalogues (App: the data folder's cache)
DISK_VERSION = 1                # bump when the cached form changes


def use_disk_cache(folder: str | Path | None) -> None:
    """Keep finished catalogues as JSON in ``folder`` (None: parse the .po files every time)."""
    _DISK[:] = [Path(folder)] if folder is not None else []


def _disk_file(lang: str) -> Path | None:
    return _DISK[0] / f"text-{lang}.json" if _DISK else None


def _from_disk(lang: str, stamp: tuple) -> Catalogue | None:
    path = _disk_file(lang)
    if path is None:
        return None
    try:
        data = read_json(path, max_bytes=MAX_CATALOGUE_BYTES)
        if data["version"] != DISK_VERSION or data["stamp"] != [list(s) for s in stamp]:
            return None
        cat = Catalogue(lang, {k: tuple(v) for k, v in data["entries"].items()},
                        plural_expr=data["plural"], warnings=list(data["warnings"]))
        if cat.plural_expr:
            cat.plural = _plural(cat.plural_expr)
    except (OSError, ValueError, KeyError, TypeError, AttributeError, SyntaxError):
        return None             # missing, stale or damaged: parse the .po files instead
    for warning in cat.warnings:
        logging.getLogger("meowcade").warning("%s", warning)
    return cat


def _to_disk(lang: str, stamp: tuple, cat: Catalogue) -> None:
    path = _disk_file(lang)
    if path is None:
        return
    data = {"version": DISK_VERSION, "stamp": [list(s) for s in stamp], "plural": cat.plural_expr,
            "warnings": cat.warnings, "entries": cat.entries}
    try:
        write_private(path, json.dumps(data, ensure_ascii=False))
    except OSError as exc:      # a read-only data folder: parse again next time
        logging.getLogger("meowcade").debug("text cache %s not written: %s", path, exc)


def _stamp(lang: str) -> tuple:
    files = catalogue_files(lang) + ([] if lang == FALLBACK else catalogue_files(FALLBACK))
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


def catalogue(lang: str) -> Catalogue:
    """The language's catalogue with glossary references filled in (cached until a file changes)."""
    stamp = _stamp(lang)
    hit = _CACHE.get(lang)
    if hit and hit[0] == stamp:
        return hit[1]
    cat = _from_disk(lang, stamp)
    if cat is None:
        cat = _load(lang)
        english = catalogue(FALLBACK) if lang != FALLBACK else cat
        resolve_terms(cat, english)
        _to_disk(lang, stamp, cat)
    _CACHE[lang] = (stamp, cat)
    return cat


def term_text(cat: Catalogue, english: Catalogue, term: str) -> str | None:
    forms = cat.entries.get(TERM_PREFIX + term) or english.entries.get(TERM_PREFIX + term)
    return forms[0] if forms else None


def resolve_terms(cat: Catalogue, english: Catalogue) -> None:
    """Replace ``[[id]]`` with the glossary's text for ``term.id`` in this language."""

    def fill(match):
        text = term_text(cat, english, match.group(2))
        if text is None:
            return match.group(0)   # left visible: the glossary test names it
        return text[:1].upper() + text[1:] if match.group(1) else text

    for key, forms in cat.entries.items():
        if any("[[" in f for f in forms):
            cat.entries[key] = tuple(TERM_REF.sub(fill, f) for f in forms)


def pages(entries: dict[str, tuple[str, ...]]) -> dict[str, list[dict]]:
    """``rules.x.pages.NN.title|lines`` entries gathered into page lists, per prefix."""
    found: dict[str, dict[int, dict]] = {}
    for key, forms in entries.items():
        m = PAGE_KEY.match(key)
        if not m:
            continue
        page = found.setdefault(m["prefix"], {}).setdefault(int(m["n"]), {"title": "", "lines": []})
        page[m["part"]] = forms[0] if m["part"] == "title" else forms[0].split("\n")
    return {prefix: [p[n] for n in sorted(p)] for prefix, p in found.items()}


def load_language(lang: str) -> dict:
    """Key -> text (the first form) for one language alone, plus rules pages as lists."""
    entries = catalogue(lang).entries
    flat: dict = {k: v[0] for k, v in entries.items() if not PAGE_KEY.match(k)}
    flat.update(pages(entries))
    return flat


class Translator:
    """Lookups for one chosen language. It holds its catalogues (set_language reloads them if a
    file changed), so ``t`` costs a dictionary lookup, not a look at the files."""

    def __init__(self, lang: str = "en"):
        self.lang = FALLBACK
        self._cats: list[Catalogue] = []
        self.set_language(lang)

    def table(self, lang: str) -> dict:
        return load_language(lang)

    def set_language(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else FALLBACK
        if self.lang != FALLBACK and not font_ok():
            self.lang = FALLBACK      # pygame's default font (the shipped one is damaged) draws no Chinese
        self._cats = [catalogue(self.lang)] + ([catalogue(FALLBACK)] if self.lang != FALLBACK else [])

    def _catalogues(self):
        return self._cats

    def _forms(self, key: str):
        for cat in self._catalogues():
            forms = cat.entries.get(key)
            if forms:
                return forms, cat
        return None, None

    def has(self, key: str) -> bool:
        return self._forms(key)[0] is not None or (key.endswith(".pages") and self.pages(key) is not None)

    def pages(self, key: str) -> list[dict] | None:
        for cat in self._catalogues():
            if key not in cat.page_lists:
                found = pages({k: v for k, v in cat.entries.items() if k.startswith(key + ".")})
                cat.page_lists[key] = found.get(key)
            if cat.page_lists[key] is not None:
                return cat.page_lists[key]
        return None

    def raw(self, key: str):
        """The stored text (or the list of rules pages) in the chosen language, else English,
        else the key."""
        forms, _ = self._forms(key)
        if forms is not None:
            return forms[0]
        listed = self.pages(key) if key.endswith(".pages") else None
        return listed if listed is not None else key

    def text(self, key: str, n=None) -> str:
        """The unformatted text; for an entry with plural forms, the form for ``n``."""
        forms, cat = self._forms(key)
        if forms is None:
            raw = self.raw(key)
            if isinstance(raw, list):
                return "\n".join(p["title"] + "\n" + "\n".join(p["lines"]) for p in raw)
            return raw
        if len(forms) == 1 or not isinstance(n, int):
            return forms[0]
        return forms[min(max(cat.plural(n), 0), len(forms) - 1)]

    def t(self, key: str, **fmt) -> str:
        value = self.text(key, fmt.get("n"))
        if not fmt:
            return value
        try:
            return value.format(**fmt)
        except (KeyError, IndexError, ValueError):
            english = _english().text(key, fmt.get("n"))
            try:
                return english.format(**fmt)
            except (KeyError, IndexError, ValueError):
                return value


def _english() -> Translator:
    return Translator(FALLBACK)


def all_strings(lang: str | None = None) -> list[str]:
    """Every form of every string (one language or all), glossary terms filled in: the font
    coverage test reads this."""
    out: list[str] = []
    for code in [lang] if lang else LANGUAGES:
        for forms in catalogue(code).entries.values():
            out.extend(forms)
    return out
