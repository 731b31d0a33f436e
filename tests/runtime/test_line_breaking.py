"""Chinese (and English) line breaking (issue 21): no "。" or "，" (or any closing punctuation) at
the start of a line, no break inside a number or an expression such as "2 + 4 = 6"; every place
that wraps text uses the same rules (fitted boxes, the text cache's wrap, the tiger's hint)."""
from __future__ import annotations

import functools
import os
import re

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.art.linebreak import CLOSE, OPEN, break_lines, tokens  # noqa: E402

ZH = ("這一手的點數是 2 + 4 = 6，超過了桌上的 5。你可以再出一張牌，或者放棄這一輪！"
      "「死神」在牌堆裡還有 1 張；機率是 3.5%，小心。第 1/5 回合：先得 10 分者勝。")
EN = "Your set adds up: 2 + 4 = 6, which beats the 5 on the table. Play again, or pass."
EXPRESSIONS = ["2 + 4 = 6", "3.5%", "1/5", "10"]


def by_chars(part: str) -> int:
    """A monospace measure: a Chinese character is two units wide, anything else one."""
    return sum(2 if ord(c) > 0x2e80 else 1 for c in part)


def check(lines: list[str], text: str) -> None:
    assert "".join(lines).replace(" ", "") == text.replace(" ", "").replace("\n", "")
    for line in lines[1:]:
        assert line and line[0] not in CLOSE, (line, lines)
    for line in lines[:-1]:
        assert line[-1] not in OPEN, (line, lines)
    joined = "\n".join(lines)
    for expr in EXPRESSIONS:
        if expr in text:
            assert expr in joined, (expr, lines)      # never split over two lines


@pytest.mark.parametrize("width", range(6, 60))
def test_chinese_never_starts_a_line_with_closing_punctuation_nor_splits_a_sum(width):
    check(break_lines(by_chars, ZH, width), ZH)


@pytest.mark.parametrize("width", range(12, 50, 3))
def test_english_keeps_the_sum_whole_too(width):
    check(break_lines(by_chars, EN, width), EN)


def test_the_expression_is_one_token_and_punctuation_sticks_to_what_precedes_it():
    found = tokens("點數 2 + 4 = 6，超過。")
    assert "2 + 4 = 6，" in found
    assert "過。" in found
    assert not any(t[0] in CLOSE for t in found if t.strip())


@pytest.mark.parametrize("width", range(8, 40))
def test_a_chinese_paragraph_never_ends_on_one_character(width):
    for text in ("先得 10 分者勝", "一回合翻出三張同種就能抓到。", ZH):
        lines = break_lines(by_chars, text, width)
        check(lines, text)
        last = lines[-1].rstrip("。，！？")
        assert len(lines) == 1 or len(last) > 1 or by_chars(lines[-2]) <= 4, lines


def test_every_wrapping_place_uses_the_rules():
    """textfit's wrap_line, the tiger's wrap and the text cache's wrap give the same lines."""
    pygame.font.init()
    from game.art.draw import TextCache
    from game.runtime.assets import Assets
    from game.ui.textfit import wrap_line
    from scenes.advice import _wrap

    font = Assets().font(24)                  # the game's font (it has the Chinese glyphs)
    width = font.size("這一手的點數是 2 + 4")[0]
    expected = break_lines(lambda p: font.size(p)[0], ZH, width)
    assert wrap_line(font, ZH, width) == expected
    assert _wrap(ZH, font, width) == expected
    check(expected, ZH)
    surf = TextCache().render(font, ZH, (255, 255, 255), wrap=width)
    assert surf.get_height() == len(expected) * font.get_linesize()


def catalogue_texts(lang: str) -> list[str]:
    """Every text of the language's catalogues, its {fields} filled with a number."""
    import re

    from game.runtime.i18n import catalogue

    return [re.sub(r"\{[^}]*\}", "5", text) for forms in catalogue(lang).entries.values() for text in forms]


# what may not start a line and what may not end one, wider than the rules' own lists (a test
# of the rules, not a copy of them)
NEVER_FIRST = set("、。，！？：；）」』》〉】”’…％,.!?:;)]%")
NEVER_LAST = set("（「『《〈【“([")


@pytest.mark.parametrize("scale", [720 / 1080, 1.0], ids=["720p", "1080p"])
def test_real_chinese_texts_at_the_coach_and_tooltip_widths(scale):
    """Every zh_TW catalogue text (the coach's lines among them, where a "。" once started a
    line), wrapped at the widths the coach box (wide corner and narrow column) and the tooltips
    use, at both window sizes: no closing mark first, no opening bracket last, no number split."""
    pygame.font.init()
    from game.runtime.assets import Assets
    from scenes.table import coach_box, lesson, tooltip

    def s(v):
        return round(v * scale)

    coach = [coach_box.parts(s, s(w)).text_w for w in (lesson.PANEL[0], 420, 360)]
    tip = [s(tooltip.LINES.w), s(tooltip.TITLE.w)]
    assets = Assets()
    texts = catalogue_texts("zh_TW")
    assert len(texts) > 500
    for px, widths in ((lesson.TEXT_PX, coach), (tooltip.LINES.px, tip), (tooltip.LINES.min_px, tip)):
        # the widths wrap the same texts: a piece's width is measured once per size, not per width
        font = assets.font(s(px))
        measure = functools.lru_cache(maxsize=None)(lambda p, f=font: f.size(p)[0])
        for width in widths:
            for text in texts:
                lines = break_lines(measure, text, width)
                for before, line in zip(lines, lines[1:], strict=False):
                    assert not (line and line[0] in NEVER_FIRST), (width, before, line)
                    assert not (before and before[-1] in NEVER_LAST), (width, before, line)
                    assert not (before[-1:].isdigit() and line[:1].isdigit()), (width, before, line)


def test_brackets_ellipses_and_a_spaced_mark_stay_with_their_words():
    found = tokens("按「Play」開始（1）和馬（5）。卡旁的 % 是…")
    assert "「Play」" in found and "（1）" in found and "（5）。" in found
    assert "的 %" in found and "是…" in found
    assert "3.5%" in tokens("Odds 3.5% now") and "U.S." in tokens("the U.S. way")


def test_a_closing_aside_is_not_split():
    """Stranger 2: the Zodiac moves drawer read "味噌 翻開 狗 11（味噌手牌左起第 / 5張）"; the
    aside starts the last line when it fits there whole."""
    text = "味噌 翻開 狗 11（味噌手牌左起第5張）"
    lines = break_lines(by_chars, text, 28)
    assert lines == ["味噌 翻開 狗 11", "（味噌手牌左起第5張）"], lines
    check(lines, text)


@pytest.mark.parametrize("width", range(28, 42))       # lines of 14 characters and more
def test_a_short_last_line_takes_its_clause_down(width):
    """Stranger 2: the Meow Meow Dice lesson offer read "…跟著玩一局，兩分鐘就 / 學會。"; a last line
    of a few characters takes the rest of its clause from the line above, from its last stop."""
    text = "第一次玩喵喵骰？跟著玩一局，兩分鐘就學會。"
    lines = break_lines(by_chars, text, width)
    check(lines, text)
    tail = lines[-1].rstrip(CLOSE)
    assert len(lines) == 1 or len(tail) > 3 or not any(stop in lines[-2][1:-1] for stop in "，？"), lines
    assert break_lines(by_chars, text, 34) == ["第一次玩喵喵骰？跟著玩一局，", "兩分鐘就學會。"]


@pytest.mark.parametrize("width", range(8, 60))
def test_a_number_keeps_the_chinese_word_after_it(width):
    """Stranger 2: the Meow Meow Dice lesson's end read "是自己的貓再加1 / 分"."""
    text = "卡片有分數，是自己的貓再加1分，種類越多加越多。來玩真的吧！"
    lines = break_lines(by_chars, text, width)
    check(lines, text)
    assert not any(a[-1].isdigit() and b[0] == "分" for a, b in zip(lines, lines[1:], strict=False)), lines
    assert "1分，" in tokens(text) and "5張）" in tokens("左起第5張）")


def test_an_english_closing_aside_is_not_split_and_keeps_its_spaces():
    """The Meow Meow Dice tiger: "…about 6 points to you (4 / on the card + 1 for your cat…)"."""
    text = "Take it: about 6 points to you (4 on the card + 1 for your cat)"
    lines = break_lines(len, text, 40)
    assert lines == ["Take it: about 6 points to you", "(4 on the card + 1 for your cat)"], lines
    zh = "拿龍蝦大餐：對你約值 6 分（牌上 4 + 自己的貓 1 + 新種類 1）"
    assert "".join(break_lines(by_chars, zh, 44)).count(" ") == zh.count(" ")


def test_a_short_word_set_apart_stays_on_one_line():
    """The Chinese moves list broke 毛線球 (a die's face) across two lines: a word of two to four
    characters that stands apart (a space or a stop on both sides: a name or a term the game put
    in the line) stays whole; a sentence still breaks between any two characters."""
    line = "麻糬 留下 鈴鐺，重擲：魚、毛線球、魚"
    for max_w in range(10, 40):       # (at four characters a line, no orphan comes first)
        for out in break_lines(by_chars, line, max_w):
            assert "毛線" not in out or "毛線球" in out, (max_w, out)
    assert tokens("兩個毛線球：兩對")[:3] == ["兩", "個", "毛"]       # inside a sentence: as before


@pytest.mark.parametrize("width", range(8, 50))
def test_the_games_chinese_words_are_never_split(width):
    """Stranger 6: the table select broke "賭｜賭手氣" and "最｜好", the lesson's end "真｜的吧",
    the dice log "重｜擲"."""
    texts = ["流浪貓搶食物：壓過桌上的牌組，賭賭手氣，躲開死神。",
             "擲骰擺姿勢，討管家歡心，贏走他最好的寶貝。",
             "三張餐點：你贏了！壓過對手、贏墩用能力、小心死神。來玩真的吧！", "留下貓臉，重擲其他"]
    for text in texts:
        lines = break_lines(by_chars, text, width)
        check(lines, text)
        for word in ("賭賭手氣", "最好", "寶貝", "真的", "重擲", "對手", "能力"):
            if word in text and by_chars(word) <= width:
                assert any(word in line for line in lines), (word, lines)


@pytest.mark.parametrize("width", range(12, 40))
def test_a_chinese_line_breaks_at_its_stops_when_every_clause_fits(width):
    """Stranger 8 (a native reader): the lesson's end broke "壓過對｜手、贏墩用能力、｜小心死神。來玩一局｜
    真的吧？" and the table select "贏走他｜最好的寶貝". Where each clause fits a line, every line
    but the last ends at a stop."""
    texts = ["三張餐點：你贏了！壓過對手、贏墩用能力、小心死神。來玩真的吧！",
             "擲骰擺姿勢，討管家歡心，贏走他最好的寶貝。",
             "流浪貓搶食物：壓過桌上的牌組，賭賭手氣，躲開死神。"]
    for text in texts:
        clauses = [c for c in re.split(r"(?<=[，、。！？：])", text) if c]
        if max(map(by_chars, clauses)) > width:
            continue
        lines = break_lines(by_chars, text, width)
        check(lines, text)
        assert all(line[-1] in "，、。！？：" for line in lines), (width, lines)
