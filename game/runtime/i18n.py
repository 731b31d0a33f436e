"""Translated text, from compiled gettext catalogues (.mo) read with Python's own ``gettext``.

English is the source language: ``assets/locale/<area>.pot`` (one template per area: ``ui``,
``hungry_meow``, ``kiosk``, ``rules_zodiac``...) holds every text key as ``msgctxt`` and its
English text as ``msgid`` (``msgid_plural`` for counts). Each other language has
``assets/locale/<lang>/LC_MESSAGES/<area>.po`` with the same entries and the ``msgstr``; its
``Plural-Forms`` header picks the form for a count (Chinese has one form, with the measure word
in it).

What is read at run time is each catalogue compiled to .mo (``gettext.GNUTranslations``; a
template is compiled with its English text as the translation, so English is a .mo like the
others). The packaged build compiles them when it is built (build.spec, ``compile_all``) and ships
only the .mo files. A source checkout compiles a catalogue with Babel the first time it is needed
and keeps the .mo in the data folder's cache (``use_disk_cache``), named by the source file's
size and time: an edited .po is compiled again, and a fresh checkout has no step to miss. Babel
is needed only where .po files are compiled.

Lookup: ``t(key, **fmt)`` formats with ``str.format``; an entry with plural forms picks its form by
``fmt["n"]``. The chosen language, then English, then the key itself: a missing translation shows
English and a missing key is visible but harmless. Fuzzy (unreviewed) translations are not used,
as with gettext.

Game terms are defined once per language in the ``glossary`` catalogue (keys ``term.<id>``) and
other strings refer to them as ``[[id]]`` (``[[^id]]``: first letter upper case); the references
are replaced when a catalogue loads, so no text on screen shows them.

A damaged shipped font means pygame's default font, which has no Chinese: the text is English then
(``game.runtime.assets.font_ok``; the log has the warning).

Compiling is the slow part (Babel, ~0.08 s for English, twice that for Chinese); reading a kept
.mo takes milliseconds. A damaged kept .mo is compiled again; a damaged catalogue costs its own
strings (one warning in the log), never the game.

Rules help pages (``rules.<game>.pages``) are entries ``rules.<game>.pages.NN.title`` and
``.lines`` (the lines of one page in one message, a line break between lines); ``raw`` and
``load_language`` give them back as ``[{"title": str, "lines": [str]}]``.
"""
from __future__ import annotations

import gettext
import hashlib
import io
import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from game.files.jsonfile import short
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
    plural: Callable[[int], int] = english_plural     # gettext's, from the Plural-Forms header
    # rules pages gathered per key: the help screen asks every frame, gathering took 2.5 ms
    page_lists: dict[str, list[dict] | None] = field(default_factory=dict, repr=False)
    warnings: list[str] = field(default_factory=list)   # what did not load


def catalogue_files(lang: str) -> list:
    """The catalogues a language reads: its .po files (the templates for English), or, in a build
    that ships only compiled catalogues, its .mo files; the program's, then those of a game kept
    in its own folder (a kit with a home)."""
    from game.rules.registry import KITS

    roots = [resource_path(LOCALE_DIR)] + [kit.asset(LOCALE_DIR) for kit in KITS.values() if kit.home]
    return [f for root in roots for f in _files_in(root, lang)]


def _files_in(root: Path, lang: str) -> list:
    folder = root / lang / "LC_MESSAGES"
    sources = sorted(root.glob("*.pot")) if lang == FALLBACK else sorted(folder.glob("*.po"))
    return sources or sorted(folder.glob("*.mo"))


def _checked_size(fh) -> None:
    size = os.fstat(fh.fileno()).st_size
    if size > MAX_CATALOGUE_BYTES:        # (checked before anything reads it all)
        raise ValueError(f"{size:,} bytes, more than the {MAX_CATALOGUE_BYTES:,} a catalogue may have")


def compile_catalogue(source, lang: str) -> bytes:
    """The .mo of one catalogue (Babel): a .po as it is, a template with its English text as the
    translation. Fuzzy (unreviewed) and untranslated entries are left out, as gettext does."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(source, "rb") as fh:
        _checked_size(fh)
        catalog = read_po(fh, locale=lang)
    if lang == FALLBACK:
        for message in catalog:
            if message.id:
                message.string = message.id
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def compile_all(out_root) -> list[Path]:
    """Every catalogue of every language compiled to ``out_root/<lang>/LC_MESSAGES/<area>.mo``
    (what the packaged build ships instead of the .po files)."""
    written = []
    for lang in LANGUAGES:
        for source in _files_in(resource_path(LOCALE_DIR), lang):    # the program's own
            target = Path(out_root) / lang / "LC_MESSAGES" / (Path(source).stem + ".mo")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(compile_catalogue(source, lang))
            written.append(target)
    return written


_DISK: list[Path] = []          # where compiled catalogues are kept (App: the data folder's cache)


def use_disk_cache(folder: str | Path | None) -> None:
    """Keep compiled catalogues in ``folder`` (None: compile in memory each time one is needed)."""
    _DISK[:] = [Path(folder)] if folder is not None else []


def kept_file(source: Path, lang: str) -> Path | None:
    """Where the compiled form of ``source`` is kept: named by its path, size and time."""
    if not _DISK:
        return None
    st = source.stat()
    where = hashlib.sha1(str(source.resolve()).encode()).hexdigest()[:8]
    stamp = hashlib.sha1(f"{st.st_size}|{st.st_mtime_ns}".encode()).hexdigest()[:12]
    return _DISK[0] / "locale" / lang / f"{source.stem}-{where}-{stamp}.mo"


def _read_mo(fh) -> gettext.GNUTranslations:
    _checked_size(fh)
    return gettext.GNUTranslations(fh)


def _compiled(source: Path, lang: str) -> gettext.GNUTranslations:
    """The catalogue ``source`` as gettext reads it: a shipped .mo as it is, else the kept
    compiled copy, else compiled now (and kept)."""
    source = Path(source)
    if source.suffix == ".mo":
        with open(source, "rb") as fh:
            return _read_mo(fh)
    kept = kept_file(source, lang)
    if kept is not None and kept.exists():
        try:
            with open(kept, "rb") as fh:
                return _read_mo(fh)
        except Exception as exc:  # a damaged kept copy is only a cache: compile again
            logging.getLogger("meowcade").info("kept catalogue %s unreadable (%s): compiled again",
                                               kept.name, short(exc))
    data = compile_catalogue(source, lang)
    translations = gettext.GNUTranslations(io.BytesIO(data))
    if kept is not None:
        try:
            for old in kept.parent.glob(kept.name.rsplit("-", 1)[0] + "-*.mo"):   # older texts
                old.unlink()
            write_private(kept, data)
        except OSError as exc:      # a read-only data folder: compiled again next time
            logging.getLogger("meowcade").debug("compiled catalogue %s not kept: %s", kept, exc)
    return translations


def _load(lang: str) -> Catalogue:
    cat = Catalogue(lang)
    log = logging.getLogger("meowcade")
    for path in catalogue_files(lang):
        try:
            mo = _compiled(path, lang)
        except Exception as exc:  # a broken file costs its strings, never the game
            cat.warnings.append(f"text catalogue {path} unreadable: {short(exc)}")
            log.warning("%s", cat.warnings[-1])
            continue
        if lang != FALLBACK and "plural-forms" in mo.info():
            cat.plural = mo.plural
        # gettext's table: "context\x04msgid" -> text, and ("context\x04msgid", n) -> form n
        found: dict[str, dict[int, str]] = {}
        for key, text in mo._catalog.items():
            key, index = key if isinstance(key, tuple) else (key, 0)
            context, sep, _ = key.partition("\x04")
            if sep and context:
                found.setdefault(context, {})[index] = text
        for context, forms in found.items():
            texts = tuple(forms[i] for i in sorted(forms))
            if all(texts):
                cat.entries[context] = texts
    return cat


_CACHE: dict[str, tuple[tuple, Catalogue]] = {}


def _stamp(lang: str) -> tuple:
    files = catalogue_files(lang) + ([] if lang == FALLBACK else catalogue_files(FALLBACK))
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in files)


def catalogue(lang: str) -> Catalogue:
    """The language's catalogue with glossary references filled in (cached until a file changes)."""
    stamp = _stamp(lang)
    hit = _CACHE.get(lang)
    if hit and hit[0] == stamp:
        return hit[1]
    cat = _load(lang)
    english = catalogue(FALLBACK) if lang != FALLBACK else cat
    resolve_terms(cat, english)
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
