"""The gettext catalogues: parallel languages, matching placeholders, plural forms, every call
site's arguments fill every placeholder, and the JSON merge tool keeps catalogue edits."""
from __future__ import annotations

import ast
import json
import re
import string
from pathlib import Path

from game.runtime.i18n import LANGUAGES, Translator, catalogue
from tests import source_trees

ROOT = Path(__file__).resolve().parents[2]
FIELD = re.compile(r"\{[^{}]*\}")


def fields(text: str) -> set[str]:
    """The placeholder names of a str.format text ("{n}", "{name}")."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def test_every_language_has_every_key_reviewed_and_up_to_date():
    from babel.messages.pofile import read_po

    for path in sorted((ROOT / "assets/locale").glob("*.pot")):
        with open(path, "rb") as fh:
            template = {m.context: m.id for m in read_po(fh) if m.id}
        for lang in LANGUAGES[1:]:
            po_file = ROOT / "assets/locale" / lang / "LC_MESSAGES" / f"{path.stem}.po"
            with open(po_file, "rb") as fh:
                po = read_po(fh)
            have = {m.context: m for m in po if m.id}
            assert set(have) == set(template), (po_file.name, set(have) ^ set(template))
            for key, msg in have.items():
                assert msg.id == template[key], f"{po_file.name} {key}: msgid differs from the template"
                assert not msg.fuzzy, f"{po_file.name} {key}: fuzzy (needs review)"
                forms = msg.string if isinstance(msg.string, tuple) else (msg.string,)
                assert all(forms), f"{po_file.name} {key}: untranslated"
                if isinstance(msg.id, tuple):
                    assert len(forms) == po.num_plurals, key


def test_every_translation_has_the_english_placeholders():
    english = catalogue("en").entries
    for lang in LANGUAGES[1:]:
        for key, forms in catalogue(lang).entries.items():
            want = set().union(*(fields(f) for f in english[key]))
            for form in forms:
                assert fields(form) == want, (lang, key, form)


def test_counts_come_in_their_plural_forms():
    en, zh = Translator("en"), Translator("zh_TW")
    assert en.t("md.card.points", n=1) == "1 point" and en.t("md.card.points", n=2) == "2 points"
    assert en.t("hm.cards", n=1) == "1 card" and en.t("hm.cards", n=0) == "0 cards"
    assert en.t("zc.points", n=1) == "1 pt" and en.t("md.ev.roll", name="Tofu", n=1) == "Tofu rolls 1 die"
    assert zh.t("md.card.points", n=1) == "1 分" and zh.t("hm.cards", n=5) == "5 張"
    assert zh.t("md.ev.roll", name="豆腐", n=3) == "豆腐 擲了 3 顆"
    # no "1 <plural noun>" is left in a count string with a plural entry
    for key, forms in catalogue("en").entries.items():
        if "{n}" in forms[0] and len(forms) == 1:
            assert not re.search(r"\{n\} (points|cards|dice|players|turns|tokens|flames)\b", forms[0]), key


# ---- call sites ------------------------------------------------------------------------------
SOURCE_DIRS = ("game", "scenes", "kiosk")


def call_sites() -> list[tuple[str, str, frozenset | None, str]]:
    """(key or key prefix, kind, argument names, where) for every text lookup whose arguments the
    source shows: ``t("key", a=..)`` (also ``app.t``/``self.t``; an f-string key gives a prefix) and
    ``("key", {"a": ..})`` pairs (why-not reasons, hint tuples). ``None``: arguments not known."""
    out = []
    for folder in SOURCE_DIRS:
        for path in sorted((ROOT / folder).rglob("*.py")):
            tree = source_trees.tree(path)
            where = str(path.relative_to(ROOT))
            for node in ast.walk(tree):
                if isinstance(node, ast.Call) and node.args:
                    f = node.func
                    name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", "")
                    if name != "t":
                        continue
                    first = node.args[0]
                    names = None if any(k.arg is None for k in node.keywords) else \
                        frozenset(k.arg for k in node.keywords)
                    if isinstance(first, ast.Constant) and isinstance(first.value, str):
                        out.append((first.value, "key", names, f"{where}:{node.lineno}"))
                    elif isinstance(first, ast.JoinedStr) and isinstance(first.values[0], ast.Constant):
                        out.append((first.values[0].value, "prefix", names, f"{where}:{node.lineno}"))
                elif isinstance(node, ast.Tuple):
                    items = node.elts
                    for a, b in zip(items, items[1:], strict=False):
                        if isinstance(a, ast.Constant) and isinstance(a.value, str) \
                                and isinstance(b, ast.Dict) \
                                and all(isinstance(k, ast.Constant) for k in b.keys):
                            out.append((a.value, "key", frozenset(k.value for k in b.keys),
                                        f"{where}:{node.lineno}"))
    return out


def test_call_sites_fill_every_placeholder():
    """Every key's text, in every language and plural form, formatted with the arguments its call
    sites pass, leaves no ``{...}`` on screen."""
    entries = {lang: catalogue(lang).entries for lang in LANGUAGES}
    sites = [s for s in call_sites() if s[2] is not None]
    assert len(sites) > 150      # the scan sees the tables' and menus' lookups
    problems = []
    for key, kind, names, where in sites:
        keys = [key] if kind == "key" else [k for k in entries["en"] if k.startswith(key)]
        for k in keys:
            for lang in LANGUAGES:
                for form in entries[lang].get(k, ()):
                    args = {n: 1 for n in names}
                    try:
                        text = form.format(**args)
                    except (KeyError, IndexError, ValueError) as exc:
                        problems.append(f"{where} {k} [{lang}] {form!r}: missing {exc}")
                        continue
                    if FIELD.search(text):
                        problems.append(f"{where} {k} [{lang}] unfilled: {text!r}")
    assert not problems, "\n".join(problems)


def test_texts_drawn_on_the_dice_table_while_rolling_are_filled(app):
    """The "Reroll {n} (max {max})" button: its numbers were set only when the table was not busy."""
    from tests.scenes.md_driver import make_session
    from tests.scenes.test_meow_dice_table import open_table

    drawn: list[str] = []
    real = type(app).text

    def record(self, text, *a, **kw):
        drawn.append(text)
        return real(self, text, *a, **kw)

    app.text = record.__get__(app)
    for lang in LANGUAGES:
        app.set_language(lang)
        session = make_session(players=2, humans=(0,), setup={"dice": "CCFF"})
        drv = open_table(app, session, "mouse")
        drv.settle()
        drv.click("btn:roll")
        for _ in range(6):       # during the roll animation
            drv.step()
        drv.settle()
        app.stack.clear()
        app.stack.apply_pending()
    unfilled = sorted({t for t in drawn if FIELD.search(t)})
    assert drawn and not unfilled, unfilled


# ---- the JSON merge tool ---------------------------------------------------------------------
def test_json_merge_adds_new_keys_and_keeps_catalogue_edits(tmp_path, monkeypatch):
    import tools.json_to_po as tool

    monkeypatch.setattr(tool, "TEXT", tmp_path / "text")
    monkeypatch.setattr(tool, "LOCALE", tmp_path / "locale")
    start = {"en": {"a.one": "One", "a.two": "Two"}, "zh_TW": {"a.one": "一", "a.two": "二"}}
    for lang, texts in start.items():
        (tmp_path / "text" / lang).mkdir(parents=True)
        (tmp_path / "text" / lang / "area.json").write_text(json.dumps(texts), encoding="utf-8")
    tool.main(["--base", "none-such-rev", "--keep-json"])
    po = tmp_path / "locale/zh_TW/LC_MESSAGES/area.po"
    edited = po.read_text(encoding="utf-8").replace('msgstr "一"', 'msgstr "壹"')   # a translator's fix
    po.write_text(edited, encoding="utf-8")
    en = json.loads((tmp_path / "text/en/area.json").read_text(encoding="utf-8"))
    en["a.three"] = "Three"
    (tmp_path / "text/en/area.json").write_text(json.dumps(en), encoding="utf-8")
    zh = {"a.one": "一", "a.two": "二", "a.three": "三"}
    (tmp_path / "text/zh_TW/area.json").write_text(json.dumps(zh), encoding="utf-8")
    tool.main(["--base", "none-such-rev"])
    text = po.read_text(encoding="utf-8")
    assert 'msgstr "壹"' in text and 'msgctxt "a.three"' in text and 'msgstr "三"' in text
    assert 'msgid "Three"' in (tmp_path / "locale/area.pot").read_text(encoding="utf-8")
    assert not list((tmp_path).glob("text/*/*.json"))


# ---- the glossary ----------------------------------------------------------------------------
# Longer words that contain a term's text but are not that term (a dice face, not the card symbol).
NOT_TERMS = {"en": ("paw print",), "zh_TW": ("貓掌印",)}


def glossary(lang: str) -> dict[str, tuple[str, list[str]]]:
    """term id -> (text, variants to avoid) from the glossary catalogue."""
    from babel.messages.pofile import read_po

    base = ROOT / "assets/locale"
    path = base / "glossary.pot" if lang == "en" else base / lang / "LC_MESSAGES" / "glossary.po"
    with open(path, "rb") as fh:
        po = read_po(fh)
    out = {}
    for m in po:
        if not m.id:
            continue
        avoid = [v.strip() for c in m.user_comments if c.startswith("avoid:")
                 for v in c[len("avoid:"):].split(",") if v.strip()]
        out[m.context.removeprefix("term.")] = (m.id if lang == "en" else m.string, avoid)
    return out


def test_every_term_reference_is_filled():
    for lang in LANGUAGES:
        left = [(k, f) for k, forms in catalogue(lang).entries.items() for f in forms if "[[" in f]
        assert not left, (lang, left[:5])
    assert Translator("zh_TW").t("table.zodiac.title") == "抓抓十二生肖"
    assert Translator("zh_TW").t("hm.ev.death_drawn", name="豆腐") == "豆腐 抽到死神！"
    assert Translator("en").t("md.btn.fishbone") == "Fish bone"


def test_no_string_uses_a_variant_the_glossary_rules_out():
    for lang in LANGUAGES:
        terms = glossary(lang)
        for key, forms in catalogue(lang).entries.items():
            for form in forms:
                for tid, (_, avoid) in terms.items():
                    for variant in avoid:
                        assert variant not in form, f"[{lang}] {key} uses {variant!r}: write [[{tid}]]"


def test_game_terms_are_written_once_in_the_glossary():
    """Strings refer to game terms as [[id]]; the term's text itself appears only in the glossary,
    so rules pages and tables cannot drift apart again."""
    from game.runtime.i18n import _load

    for lang in LANGUAGES:
        terms = sorted(glossary(lang).items(), key=lambda kv: -len(kv[1][0]))
        for key, forms in _load(lang).entries.items():
            if key.startswith("term."):
                continue
            for form in forms:
                text = re.sub(r"\[\[\^?[a-z0-9_]+\]\]", " ", form)
                for phrase in NOT_TERMS[lang]:
                    text = text.replace(phrase, " ")
                for tid, (word, _) in terms:
                    if lang == "en":
                        flags = 0 if word[:1].isupper() else re.IGNORECASE
                        pattern = re.compile(rf"\b{re.escape(word)}", flags)
                    else:
                        pattern = re.compile(re.escape(word))
                    assert not pattern.search(text), f"[{lang}] {key}: write [[{tid}]] for {word!r}: {form!r}"
                    text = pattern.sub(" ", text)
