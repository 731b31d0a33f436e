"""A language per phone: each phone seat may read its page in its own language, not the TV's.

A phone's state, its refusals and its waiting words are made while ``speaking(seat)`` holds: the
app's translator is that phone's language for those lines and the TV's again after, so every
kit and table helper that words something (a card's name, a seat's, a refusal) speaks the
phone's language without knowing it. A move the table applies is worded for the TV
(``speaking(None)``)."""
from __future__ import annotations

from contextlib import contextmanager

from game.runtime.i18n import LANGUAGES, Translator


class PhoneLanguages:
    def __init__(self, app):
        self.app = app
        self.chosen: dict[int, str] = {}                # seat -> its phone's language
        self._translators: dict[str, Translator] = {}
        self._tv = None                                 # the TV's translator while a phone speaks

    def of(self, seat: int) -> str:
        return self.chosen.get(seat) or self.app.settings.language

    def choose(self, seat: int, lang: str) -> bool:
        if lang not in LANGUAGES:
            return False
        self.chosen[seat] = lang
        return True

    def offered(self) -> list[list[str]]:
        """Each language and its own name in itself (a phone's language button)."""
        return [[lang, self._translator(lang).t("lang." + lang)] for lang in LANGUAGES]

    def _translator(self, lang: str) -> Translator:
        found = self._translators.get(lang)
        if found is None:
            found = self._translators[lang] = Translator(lang)
        return found

    @contextmanager
    def speaking(self, seat: int | None):
        app = self.app
        before = app.i18n
        tv = self._tv or before
        lang = None if seat is None else self.of(seat)
        want = tv if lang is None or lang == tv.lang else self._translator(lang)
        if want is before:
            yield
            return
        outer = self._tv is None
        self._tv = tv
        app.i18n = want
        try:
            yield
        finally:
            app.i18n = before
            if outer:
                self._tv = None
