#!/usr/bin/env python3
"""Make the game font: Noto Sans CJK TC (Bold) cut down to the characters the game uses.

    .venv/bin/python tools/make_font_subset.py [--source FONT.ttc] [--check]

Collects every character of every string in the text catalogues (``assets/locale/*.pot`` and
``assets/locale/*/LC_MESSAGES/*.po``, read with Babel) plus printable ASCII and a
few symbols, picks the Traditional Chinese face out of the Noto Sans CJK collection (Debian:
``apt-get install fonts-noto-cjk``), subsets it with fontTools, renames it "Meowcade Sans TC"
(a modified version under the SIL OFL 1.1) and writes ``assets/fonts/MeowcadeSans-TC.otf`` and
``assets/fonts/OFL.txt``. ``--check`` only reports characters the shipped font lacks (exit 1).
Re-run it whenever a catalogue changes.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "fonts" / "MeowcadeSans-TC.otf"
LICENCE = ROOT / "assets" / "fonts" / "OFL.txt"
SOURCES = [
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-Bold.ttc",
]
DEBIAN_COPYRIGHT = "/usr/share/doc/fonts-noto-cjk/copyright"
# Symbols drawn by code (hints, arrows, card corners, pads) on top of what the text files use.
EXTRA = ("–—…·•←↑↓→◀▶▲▼ⒶⒷⓍⓎ✓×÷±★☆♥♦♣♠♪“”‘’、。，！？：；（）「」『』《》〈〉～・"
         "０１２３４５６７８９＋－％")
FAMILY = "Meowcade Sans TC"


def text_characters(root: Path = ROOT) -> set[str]:
    """Every character of every msgid, msgid_plural and msgstr in the catalogues."""
    from babel.messages.pofile import read_po

    chars: set[str] = set()
    locale = root / "assets" / "locale"
    for path in sorted(locale.glob("*.pot")) + sorted(locale.glob("*/LC_MESSAGES/*.po")):
        with open(path, "rb") as fh:
            catalog = read_po(fh)
        for message in catalog:
            if not message.id:
                continue
            for part in (message.id, message.string):
                for text in part if isinstance(part, tuple) else (part,):
                    chars.update(text or "")
    return chars


def wanted_characters() -> set[str]:
    chars = text_characters() | {chr(c) for c in range(0x20, 0x7F)} | set(EXTRA)
    return {c for c in chars if c.isprintable() or c == " "}


def pick_tc_face(path: str):
    from fontTools.ttLib import TTCollection, TTFont

    if not path.lower().endswith((".ttc", ".otc")):
        return TTFont(path)
    collection = TTCollection(path)
    for font in collection.fonts:
        family = font["name"].getDebugName(1) or ""
        if "CJK TC" in family:
            return font
    raise SystemExit(f"{path}: no 'CJK TC' face in the collection")


def write_licence(font) -> None:
    notice = font["name"].getDebugName(0) or "Copyright 2014-2021 Adobe (http://www.adobe.com/)."
    body = ""
    try:
        text = Path(DEBIAN_COPYRIGHT).read_text(encoding="utf-8")
        start = text.index("License: SIL-1.1\n -----")
        block = text[start:].split("\n\nLicense:", 1)[0].splitlines()[1:]
        body = "\n".join("" if line.strip() == "." else line[1:] for line in block)
    except (OSError, ValueError):
        pass
    if not body:
        body = "SIL OPEN FONT LICENSE Version 1.1 - 26 February 2007\nhttps://openfontlicense.org\n"
    LICENCE.write_text(
        f"{FAMILY} is a subset of Noto Sans CJK TC Bold, made by tools/make_font_subset.py.\n"
        f"It is a Modified Version of the Font Software, licensed under the SIL Open Font License 1.1.\n\n"
        f"{notice}\n\n{body.strip()}\n", encoding="utf-8")


def check() -> int:
    from fontTools.ttLib import TTFont

    cmap = TTFont(str(OUT)).getBestCmap()
    missing = sorted(c for c in wanted_characters() if ord(c) not in cmap and c != " ")
    if missing:
        print("missing from the font:", " ".join(f"{c}(U+{ord(c):04X})" for c in missing))
        return 1
    print(f"{OUT.relative_to(ROOT)} covers all {len(wanted_characters())} characters")
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", default=None, help="Noto Sans CJK .ttc/.otf to cut from")
    parser.add_argument("--check", action="store_true", help="only check the shipped font")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    from fontTools import subset

    source = args.source or next((p for p in SOURCES if Path(p).exists()), None)
    if source is None:
        raise SystemExit("no Noto Sans CJK found: apt-get install -y fonts-noto-cjk, or pass --source")
    font = pick_tc_face(source)
    chars = wanted_characters()
    cmap = font.getBestCmap()
    absent = sorted(c for c in chars if ord(c) not in cmap and c != " ")
    if absent:
        print("warning: the source font lacks:", " ".join(f"U+{ord(c):04X}" for c in absent),
              file=sys.stderr)
    options = subset.Options()
    options.layout_features = ["kern", "liga", "locl", "vert", "palt", "halt"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.hinting = False
    options.notdef_outline = True
    options.recalc_bounds = True
    sub = subset.Subsetter(options)
    sub.populate(unicodes=[ord(c) for c in chars if ord(c) in cmap])
    sub.subset(font)
    name = font["name"]
    for rec in list(name.names):
        if rec.nameID in (1, 4, 16):
            rec.string = FAMILY if rec.nameID != 4 else FAMILY + " Bold"
        elif rec.nameID == 6:
            rec.string = "MeowcadeSansTC-Bold"
        elif rec.nameID == 3:
            rec.string = "MeowcadeSansTC-Bold;subset"
    if "CFF " in font:
        cff = font["CFF "].cff
        cff.fontNames = ["MeowcadeSansTC-Bold"]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    # Write beside and rename: a running game that reads the font never sees half a file.
    partial = OUT.with_name(OUT.name + ".partial")
    font.save(str(partial))
    os.replace(partial, OUT)
    write_licence(font)
    print(f"wrote {OUT.relative_to(ROOT)} ({OUT.stat().st_size // 1024} KB, {len(chars)} characters) "
          f"and {LICENCE.relative_to(ROOT)}")
    return check()


if __name__ == "__main__":
    sys.exit(main())
