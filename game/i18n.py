"""Translated text. Every language is ``assets/text/<lang>/*.json`` merged (one file per area).

Keys are flat strings ("title.press_any"); values are strings formatted with ``str.format`` or
lists of strings (pages of rules help). Lookup order: the chosen language, then English, then the
key itself, so a missing translation shows English and a missing key is visible but harmless.
"""
from __future__ import annotations

import json
import logging

from game.assets import resource_path

LANGUAGES = ("en", "zh_TW")
FALLBACK = "en"


def load_language(lang: str) -> dict:
    merged: dict = {}
    folder = resource_path(f"assets/text/{lang}")
    if not folder.is_dir():
        return merged
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            logging.getLogger("meowcade").warning("text file %s unreadable: %s", path, exc)
            continue
        if isinstance(data, dict):
            merged.update(data)
    return merged


class Translator:
    def __init__(self, lang: str = "en"):
        self._tables: dict[str, dict] = {}
        self.lang = FALLBACK
        self.set_language(lang)

    def table(self, lang: str) -> dict:
        if lang not in self._tables:
            self._tables[lang] = load_language(lang)
        return self._tables[lang]

    def set_language(self, lang: str) -> None:
        self.lang = lang if lang in LANGUAGES else FALLBACK

    def has(self, key: str) -> bool:
        return key in self.table(self.lang) or key in self.table(FALLBACK)

    def raw(self, key: str):
        """The stored value (string or list) in the chosen language, else English, else the key."""
        for lang in (self.lang, FALLBACK):
            value = self.table(lang).get(key)
            if value is not None:
                return value
        return key

    def t(self, key: str, **fmt) -> str:
        value = self.raw(key)
        if isinstance(value, list):
            value = "\n".join(str(v) for v in value)
        if fmt:
            try:
                return value.format(**fmt)
            except (KeyError, IndexError, ValueError):
                english = self.table(FALLBACK).get(key, key)
                try:
                    return str(english).format(**fmt)
                except (KeyError, IndexError, ValueError):
                    return value
        return value


def all_strings(lang: str | None = None) -> list[str]:
    """Every string of every text file (one language or all): the font coverage test reads this."""
    out: list[str] = []
    langs = [lang] if lang else [p.name for p in resource_path("assets/text").iterdir() if p.is_dir()]

    def walk(v):
        if isinstance(v, str):
            out.append(v)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, dict):
            for x in v.values():
                walk(x)

    for code in langs:
        walk(load_language(code))
    return out
