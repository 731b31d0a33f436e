"""Where a line of text may break, for English and Chinese alike (no pygame: a width function is given).

- Latin words stay whole and break at spaces; Chinese may break between any two characters;
- closing punctuation ("。", "，", "、", "！", "？", "：", "；", "…", closing brackets and quotes)
  never starts a line: it stays with what comes before it (across a space too: "的 %"); an opening bracket or
  quote never ends one, even before a Latin word or a number ("「Play」", "（1）");
- words joined by no-break spaces (a card's name: "green paw 7") stay on one line;
- a number or an expression ("2 + 4 = 6", "1/5", "3.5%", "10 × 2") is never broken, spaces and all,
  nor parted from the Chinese character written right after it ("再加1 / 分" reads as broken);
- a short Chinese word set apart (a space or a list's "、" before it: a name or a term the game
  puts in a line, a die's face in a list: "擲出 毛線球、魚") is kept whole when it is two to four
  characters long;
- a Chinese paragraph never ends on a line of one character (an orphan), nor splits the bracketed
  aside it ends with when that fits on the last line whole; a last line of a few characters
  ("兩分鐘就 / 學會。") takes its whole clause down from the line above, from the last stop.

Every wrapped text goes through ``break_lines``: ``game.ui.textfit`` (fitted boxes), the text
cache's ``wrap`` (``game.art.draw.TextCache``: the coach, notes, kiosk cards) and the tiger's hint.
"""
from __future__ import annotations

import re
from typing import Callable

CJK = "\u2e80-\u9fff\u3000-\u303f\uff00-\uffef"
OPEN = "（「『《〈【〔“‘(["
CLOSE = "、。，！？：；）」』》〉】〕”’…‥％～,.!?:;)]%"
_NUMBER = r"[-+−]?\d[\d.,:%]*"
_OP = r"[-+−×÷=<>≤≥/*]"
_O, _C = re.escape(OPEN), re.escape(CLOSE)
# the brackets and stops are in the CJK ranges too: a "character" is one that is neither
_HAN = rf"(?:(?![{_O}{_C}])[{CJK}])"
TOKENS = re.compile(
    rf"\s+"
    rf"|[{_O}]*{_NUMBER}(?:\s*{_OP}\s*{_NUMBER})+[{_C}]*"          # an expression, kept whole
    rf"|[{_O}]*{_HAN}[{_C}]*"                                       # one Chinese character
    rf"|[{_O}]*(?:(?![{_O}])[^\s{CJK}])+[{_C}]*"                    # a Latin word or a number
    rf"|[{_O}]*[{_C}]+"                                             # stray stops ("……" alone)
    rf"|[{_O}]+")                                                   # a bracket before a space


def tokens(text: str) -> list[str]:
    """``text`` cut where a line may break (whitespace runs are tokens of their own). A closing
    mark after a space ("卡旁的 % 是") stays with the word before the space."""
    out: list[str] = []
    for token in TOKENS.findall(text):
        if token[0] in CLOSE and len(out) >= 2 and not out[-1].strip() and out[-2].strip():
            space = out.pop()
            out[-1] += space + token
        elif out and out[-1][-1:].isdigit() and re.match(_HAN, token):
            out[-1] += token              # a number keeps the measure word after it ("1分", "5張")
        else:
            out.append(token)
    return _glued(_words_whole(_short_words_whole(out)))


NBSP = "\u00a0"     # a no-break space: the words on either side stay on one line ("green paw 7")


def _glued(out: list[str]) -> list[str]:
    """Join the tokens on either side of a no-break space into one ("黃 貓掌 7" written with
    no-break spaces is never broken as "黃｜貓掌 7": stranger 40r-zh, defect 4)."""
    merged: list[str] = []
    glue = False
    for token in out:
        if merged and token and not token.strip(NBSP):
            word = merged.pop()
            # a Chinese name written right before it comes along, up to four characters in all
            # ("你的藍色貓拳 2" breaks before "藍色貓拳 2", never inside it)
            while merged and re.fullmatch(rf"{_HAN}+", word) and len(word) < SHORT_WORD[1] and \
                    re.fullmatch(_HAN, merged[-1]):
                word = merged.pop() + word
            merged.append(word + token)
            glue = True
        elif glue:
            merged[-1] += token
            glue = False
        else:
            merged.append(token)
    return merged


# Chinese words the game's texts use that a break must not split (there is no dictionary here: a
# line may otherwise break between any two characters; stranger 6: "賭｜賭手氣", "最｜好", "真｜的吧",
# "重｜擲"; stranger 8: "對｜手")
WORDS = frozenset({"賭賭手氣", "手氣", "最好", "寶貝", "真的", "重擲", "擲骰", "對手", "能力", "歡心"})
LONGEST = max(map(len, WORDS))


def _words_whole(out: list[str]) -> list[str]:
    """Join runs of single-character tokens that spell one of ``WORDS`` (longest first)."""
    merged: list[str] = []
    i = 0
    while i < len(out):
        for n in range(min(LONGEST, len(out) - i), 1, -1):
            run = out[i:i + n]
            inner = all(_ONE_HAN.match(t) for t in run) and \
                all(t[-1] not in CLOSE for t in run[:-1]) and all(t[0] not in OPEN for t in run[1:])
            if inner and re.sub(rf"[{_O}{_C}]", "", "".join(run)) in WORDS:
                merged.append("".join(run))
                i += n
                break
        else:
            merged.append(out[i])
            i += 1
    return merged


SHORT_WORD = (2, 4)      # characters of a Chinese word set apart that stays on one line
_ONE_HAN = re.compile(rf"[{_O}]*{_HAN}[{_C}]*$")


def _short_words_whole(out: list[str]) -> list[str]:
    """Join the characters of each run of two to four Chinese characters that stands apart: a
    space or a list's "、" before it, and a space, a stop or the end after it. A term the game
    inserted ("擲出 毛線球、魚") stays on one line, where a sentence still breaks between any two
    characters."""
    merged: list[str] = []
    i = 0
    while i < len(out):
        j = i
        while j < len(out) and _ONE_HAN.match(out[j]) and (j == i or out[j - 1][-1] not in CLOSE
                                                            and out[j][0] not in OPEN):
            j += 1
        run = out[i:j]
        before = merged[-1] if merged else ""
        after = out[j] if j < len(out) else ""
        apart = bool(before) and (not before.strip() or before[-1] == "、") and \
            (not after or not after.strip() or bool(run) and run[-1][-1] in CLOSE)
        if SHORT_WORD[0] <= len(run) <= SHORT_WORD[1] and apart:
            merged.append("".join(run))
            i = j
        else:
            merged.append(out[i])
            i += 1
    return merged


# a Chinese line that must break goes down at its last stop, not mid-phrase ("壓過對｜手",
# "贏走他｜最好的寶貝": stranger 8), when what stays above is at least this share of the line
STOP_BREAK = 0.4
_LAST_STOP = re.compile(rf"[，、。！？；：][{_C}]*(?=[^{_C}])(?!.*[，、。！？；：][{_C}]*[^{_C}])")


def _at_last_stop(width, current: str, token: str, max_w: int) -> tuple[str, str] | None:
    """``current`` cut after its last stop (the head, the tail carried down with ``token``) when
    the line is Chinese, the head fills ``STOP_BREAK`` of the line and the tail still fits."""
    if not re.search(_HAN, current):
        return None
    found = _LAST_STOP.search(current)
    if found is None:
        return None
    head, tail = current[:found.end()].rstrip(), current[found.end():].lstrip()
    if not tail or width(head) < STOP_BREAK * max_w or width((tail + token).rstrip()) > max_w:
        return None
    return head, tail


def break_line(width: Callable[[str], int], line: str, max_w: int) -> list[str]:
    """One paragraph broken greedily into lines no wider than ``max_w`` (as ``width`` measures);
    a single token wider than the line is left long. A Chinese line breaks at its last stop
    rather than mid-phrase when that keeps it well filled (``_at_last_stop``)."""
    out: list[str] = []
    current = ""
    for token in tokens(line):
        trial = current + token
        if not current.strip() or width(trial.rstrip()) <= max_w:
            current = trial if current.strip() else token.lstrip()
            continue
        cut = _at_last_stop(width, current, token, max_w)
        if cut is not None:
            out.append(cut[0])
            current = cut[1] + token
            continue
        out.append(current.rstrip())
        current = token.lstrip()
    out.append(current.rstrip())
    return _clause_whole(width, _no_orphan(width, _aside_whole(width, line, out, max_w), max_w), max_w)


def _aside_whole(width, text: str, lines: list[str], max_w: int) -> list[str]:
    """An aside in brackets that ends the paragraph is not split ("…左起第 / 5張）", "…to you (4 /
    on the card + 1…)"): it starts the last line, as written, when it fits there whole."""
    for opening, closing in (("（", "）"), ("(", ")")):
        if len(lines) < 2 or not lines[-1].endswith(closing) or opening in lines[-1]:
            continue
        at = lines[-2].rfind(opening)
        if at <= 0:
            continue
        last = text[text.rfind(opening):].strip()          # its spaces kept
        if width(last) > max_w:
            continue
        return lines[:-2] + [lines[-2][:at].rstrip(), last]
    return lines


def _no_orphan(width, lines: list[str], max_w: int) -> list[str]:
    """A Chinese paragraph does not end on a line of one character ("先得 10 分者 / 勝"): the
    character before it comes down too, when the line above keeps at least two."""
    if len(lines) < 2 or len(lines[-1].rstrip(CLOSE)) != 1 or not re.match(rf"[{CJK}]", lines[-1]):
        return lines
    above = tokens(lines[-2])
    if len("".join(above[:-1]).strip().rstrip(CLOSE)) < 2:     # the line above keeps two
        return lines
    moved = above[-1]
    last = moved + lines[-1]
    if width(last) > max_w:
        return lines
    return lines[:-2] + ["".join(above[:-1]).rstrip(), last]


STOPS = "，。！？；："
SHORT_TAIL = 3            # Chinese characters: a last line this short reads as a stray end


def _clause_whole(width, lines: list[str], max_w: int) -> list[str]:
    """A Chinese paragraph does not end on a stray piece of a clause ("跟著玩一局，兩分鐘就 / 學會。"):
    a last line of at most ``SHORT_TAIL`` characters takes the rest of its clause down from the
    line above (what follows its last stop), when that fits and the line above stays the longer."""
    if len(lines) < 2:
        return lines
    last = lines[-1]
    han = re.findall(_HAN, last)
    if not han or len(han) > SHORT_TAIL or len(han) != len(re.sub(rf"[\s{_C}]", "", last)):
        return lines
    above = lines[-2]
    at = max(above.rfind(stop) for stop in STOPS)
    if at <= 0 or at == len(above) - 1:
        return lines
    head, moved = above[:at + 1].rstrip(), above[at + 1:].strip()
    new_last = moved + last
    if width(new_last) > max_w or width(head) < width(new_last):
        return lines
    return lines[:-2] + [head, new_last]


def break_lines(width: Callable[[str], int], text: str, max_w: int) -> list[str]:
    """Every paragraph of ``text`` (split at "\\n") broken into lines; an empty paragraph stays."""
    lines: list[str] = []
    for para in text.split("\n"):
        lines.extend(break_line(width, para, max_w) if para else [""])
    return lines
