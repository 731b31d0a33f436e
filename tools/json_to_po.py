#!/usr/bin/env python3
"""Merge the JSON text files (``assets/text/<lang>/<area>.json``) into the gettext catalogues.

    .venv/bin/python tools/json_to_po.py [--base REV] [--keep-json] [--dry-run]

The game reads ``assets/locale/<area>.pot`` (English: ``msgctxt`` = text key, ``msgid`` = text)
and ``assets/locale/<lang>/LC_MESSAGES/<area>.po`` (translations). Text used to live in JSON
files; a branch that still adds keys there is brought in with this tool:

- a key that no catalogue has is added (English to the template, each language to its .po);
- a key the catalogues already have is left alone, so edits made in the catalogues (plural
  forms, glossary references, translators' fixes) are kept;
- with ``--base REV`` (default: the commit before the JSON files were removed, found with git)
  the JSON is compared with the JSON at REV: a key whose text changed since REV is updated (a
  changed English text marks the translations fuzzy unless they changed too), and a key that
  REV had but the catalogues do not (removed or renamed in the catalogues) is not brought back.

Rules help pages (lists of ``{"title", "lines"}``) become ``<key>.NN.title`` and ``<key>.NN.lines``.
The JSON files are deleted afterwards unless ``--keep-json``. For English changes made in the
templates, ``pybabel update -i assets/locale/AREA.pot -d assets/locale -D AREA`` carries them to
the .po files (Babel's own merge, fuzzy marks and all).
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
TEXT = ROOT / "assets" / "text"
LOCALE = ROOT / "assets" / "locale"
SOURCE = "en"
WIDTH = 79          # what Poedit and msgmerge wrap at, so a translator's save gives a small diff
STAMP = datetime(2026, 12, 3, tzinfo=timezone.utc)


def flatten(data: dict) -> dict[str, str]:
    """JSON text file -> key: text, with rules pages split into one entry per title and page."""
    flat: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, str):
            flat[key] = value
        elif isinstance(value, list):
            for n, page in enumerate(value, 1):
                flat[f"{key}.{n:02d}.title"] = str(page.get("title", ""))
                flat[f"{key}.{n:02d}.lines"] = "\n".join(str(x) for x in page.get("lines", []))
    return flat


def json_files() -> dict[str, dict[str, dict[str, str]]]:
    """area -> lang -> key -> text, from the JSON files present in the work tree."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for path in sorted(TEXT.glob("*/*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out.setdefault(path.stem, {})[path.parent.name] = flatten(data)
    return out


def git(*args) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          check=False).stdout.strip()


def default_base() -> str | None:
    removed = git("log", "-1", "--format=%H", "--diff-filter=D", "--", "assets/text/en/ui.json")
    return f"{removed}^" if removed else None


def base_json(rev: str | None, area: str, lang: str) -> dict[str, str] | None:
    if not rev:
        return None
    text = git("show", f"{rev}:assets/text/{lang}/{area}.json")
    return flatten(json.loads(text)) if text else None


def template_path(area: str) -> Path:
    return LOCALE / f"{area}.pot"


def po_path(area: str, lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{area}.po"


def new_catalog(area: str, lang: str | None) -> Catalog:
    return Catalog(locale=lang, domain=area, project="Meowcade", version="1", charset="utf-8",
                   creation_date=STAMP, revision_date=STAMP, fuzzy=False,
                   msgid_bugs_address="the Meowcade issues",
                   header_comment=f"# Meowcade text: {area} ({lang or 'English source template'}).\n"
                                  "# msgctxt is the key the game asks for; msgid is the English text.\n"
                                  "# Terms written [[id]] come from the glossary catalogue.",
                   language_team="Meowcade", last_translator="Meowcade")


def load(path: Path, area: str, lang: str | None) -> Catalog:
    if path.exists():
        with open(path, "rb") as fh:
            return read_po(fh)
    return new_catalog(area, lang)


def save(catalog: Catalog, path: Path, dry_run: bool) -> None:
    if dry_run:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(path.suffix + ".partial")
    with open(tmp, "wb") as fh:
        write_po(fh, catalog, width=WIDTH, omit_header=False, include_previous=True)
    tmp.replace(path)


def by_context(catalog: Catalog) -> dict:
    return {m.context: m for m in catalog if m.id and m.context}


def english(message) -> str:
    return message.id[0] if isinstance(message.id, tuple) else message.id


def merge_area(area: str, langs: dict[str, dict[str, str]], base: str | None, dry_run: bool) -> list[str]:
    """Merge one area's JSON into its template and .po files; returns what changed, in words."""
    said: list[str] = []
    src = langs.get(SOURCE, {})
    src_base = base_json(base, area, SOURCE)
    pot = load(template_path(area), area, None)
    known = by_context(pot)
    changed_en: set[str] = set()
    for key, text in src.items():
        msg = known.get(key)
        if msg is None:
            if src_base is not None and key in src_base:
                continue          # removed or renamed in the catalogues since the base: stays out
            pot.add(text, context=key)
            said.append(f"{area}: + {key}")
        elif src_base is not None and src_base.get(key) not in (None, text) and english(msg) != text:
            new_id = (text, msg.id[1]) if isinstance(msg.id, tuple) else text
            pot.delete(msg.id, context=key)
            pot.add(new_id, context=key, auto_comments=msg.auto_comments, user_comments=msg.user_comments)
            changed_en.add(key)
            said.append(f"{area}: ~ {key} (English changed)")
    save(pot, template_path(area), dry_run)
    ids = {m.context: m.id for m in pot if m.id and m.context}
    for lang in sorted(set(langs) - {SOURCE}):
        values, lang_base = langs[lang], base_json(base, area, lang)
        po = load(po_path(area, lang), area, lang)
        have = by_context(po)
        for key, msgid in ids.items():
            msg = have.get(key)
            value = values.get(key)
            plural = isinstance(msgid, tuple)
            if msg is None:
                if value is None:
                    continue
                string = tuple([value] * po.num_plurals) if plural else value
                po.add(msgid, string, context=key)
                said.append(f"{area}/{lang}: + {key}")
                continue
            lang_changed = (lang_base is not None and value is not None
                            and lang_base.get(key) not in (None, value))
            if msg.id != msgid or lang_changed:
                string = msg.string
                if lang_changed:
                    string = tuple([value] * po.num_plurals) if plural else value
                flags = set(msg.flags)
                if key in changed_en and not lang_changed:
                    flags.add("fuzzy")
                po.delete(msg.id, context=key)
                po.add(msgid, string, context=key, flags=flags, previous_id=msg.id if msg.id != msgid else (),
                       auto_comments=msg.auto_comments, user_comments=msg.user_comments)
                said.append(f"{area}/{lang}: ~ {key}" + (" (fuzzy)" if "fuzzy" in flags else ""))
        save(po, po_path(area, lang), dry_run)
    return said


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=None,
                        help="git revision of the JSON the catalogues were made from (default: found)")
    parser.add_argument("--keep-json", action="store_true", help="do not delete the JSON files")
    parser.add_argument("--dry-run", action="store_true", help="say what would change, write nothing")
    args = parser.parse_args(argv)
    areas = json_files()
    if not areas:
        print("no JSON text files under assets/text: nothing to merge")
        return 0
    base = args.base or default_base()
    print(f"merging {sum(len(v) for v in areas.values())} JSON files"
          + (f" against {base}" if base else " (no base: only new keys are added)"))
    for area, langs in sorted(areas.items()):
        for line in merge_area(area, langs, base, args.dry_run):
            print(" ", line)
    if not args.keep_json and not args.dry_run:
        for path in TEXT.glob("*/*.json"):
            path.unlink()
        for folder in sorted(TEXT.glob("*"), reverse=True):
            if folder.is_dir() and not any(folder.iterdir()):
                folder.rmdir()
        if TEXT.is_dir() and not any(TEXT.iterdir()):
            TEXT.rmdir()
        print("removed the JSON files; run tools/make_font_subset.py if new characters came in")
    return 0


if __name__ == "__main__":
    sys.exit(main())
