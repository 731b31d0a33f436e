"""Issue 21 ("Crowded screens"), Meow Meow Dice: the stranger's table and seat setup findings.

- the advanced game's condition token supply: tokens big enough to read and a tip on each
  (the overlap audit run on the advanced table, at 1280x720 and 1920x1080, en and zh_TW);
- the slot cards use the slot's room (wider cards, so wider names);
- Undo and Moves on a shelf of their own across the person's panel (four seats);
- the odds badge says what its number is (hover: its own tip; keys: the card's tip);
- the tiger's sentences are short (two lines at most at the hint's largest type);
- seat setup: the options row clear of the buttons, each option explained, no empty level slot.
"""
from __future__ import annotations

import pygame
import pytest

from game.rules.meow_dice_data import ALL_CONDS
from scenes.advice import _wrap
from scenes.table.tooltip import DELAY
from tests.scenes.overlap_audit import problems
from tests.scenes.test_overlap_audit import DT, LANGS, app, audit_states, person_turn, rest  # noqa: F401

ADVANCED = {"advanced": True}


def test_advanced_table_overlaps_nothing_and_its_supply_reads(app):  # noqa: F811
    """The supply's 12 tokens were 28 px coins at 1280x720 (42 design px) with no words: now
    50 design px, each in its own place (a column per face, "must show" over "must not"), clear
    of the dice, the tiger and each other, and each says on hover what it asks and how it gets
    onto a card. The whole advanced table passes the audit."""
    table = person_turn(app, "meow-dice", 4, ADVANCED)
    s = table.s
    assert table.supply_token_size() >= s(50)
    supply = table.anchors["supply"].rect
    tokens = []
    for i, tok in enumerate(ALL_CONDS):                  # each its own place: a column per face,
        r = pygame.Rect(0, 0, table.supply_token_size(), table.supply_token_size())
        r.center = [round(v) for v in table.supply_pos(tok)]     # "must show" above "must not"
        assert supply.inflate(2, 2).contains(r), (i, r, supply)        # (rounding)
        if tok[0] == "X":
            must = tokens[i - 1]
            assert must.centerx == r.centerx and must.bottom <= r.top
        assert not r.colliderect(table.dice_area()) and not r.colliderect(table.tiger_rect())
        assert not any(r.colliderect(o) for o in tokens)
        tokens.append(r)
    assert table.die_size() >= s(70)                      # the dice gave up little for it
    found = []
    for lang in LANGS:
        app.set_language(lang)
        found += audit_states(app, table, f"advanced 4 seats {lang} {app.size}")
        home = tokens[ALL_CONDS.index(table.presenter.board.supply[0])]
        rect, tip = table.describe_at(home.center)
        assert rect == home and tip.title == app.t("md.tip.token")
        assert tip.lines[-1] == app.t("md.tip.supply")
        table.advice.asked, table.advice.hint = None, None    # the audit's hint gone: the dock is free
        table.focus.index = -1                            # the pointer on a token: its tip is drawn
        app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=home.center, rel=(1, 1),
                                         buttons=(0, 0, 0))])
        rest(app, int(DELAY / DT) + 2)
        assert table.tooltip.shown and table.tooltip.tip.lines[-1] == app.t("md.tip.supply")
        found += problems(table, f"supply tip {lang} {app.size}")
    app.set_language("en")
    assert not found, "\n".join(found)


def test_slot_cards_use_the_slot(app):  # noqa: F811
    """Cards were 140 design px in 300 px slots, then 152 (their names drawn larger with them),
    whose foot pushed the "why not" line onto the slot's border; 142 now, inside the slot, clear of
    the pattern strip, the tokens' columns and the line's own place inside the panel (md21c)."""
    table = person_turn(app, "meow-dice", 4)
    s = table.s
    for slot in ("TL", "TR", "BL", "BR"):
        card, room = table.slot_card_rect(slot), table.slot_rect(slot)
        assert card.w >= s(142) and room.contains(card)
        tokens = [table.token_pos(slot, k) for k in range(4)]
        half = table.token_size() / 2
        assert all(room.left < x - half and x + half <= room.right and x - half > card.right
                   for x, _ in tokens)
        line = table.slot_line_rect(slot)
        assert card.bottom <= line.top and room.contains(line)    # the line's place: under the card


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_tools_have_a_shelf_of_their_own(app, seats):  # noqa: F811
    """Four seats: Undo and Moves were small buttons in the corner of the person's won tokens;
    two and three seats: small buttons alone in the window's bottom-right corner, on the wall.
    Now a row across the person's panel's foot, every other part of the panel above it."""
    table = person_turn(app, "meow-dice", seats)
    s = table.s
    tools = table.tools_rect()
    parts = table.seat_parts(table.bottom)
    panel = parts["panel"]
    assert panel.contains(tools) and tools.w >= panel.w * 9 // 10 and tools.h >= s(50)
    for name, r in parts.items():
        if name not in ("panel", "tools"):
            assert r.bottom <= tools.y, name
    undo, moves = table.tools.undo_btn.rect, table.tools.moves_btn.rect
    assert undo.w >= s(200) and moves.w >= s(200) and undo.y == moves.y
    # the lowest card of a long column stands clear of the shelf (stranger 6: ~10 px at 720p)
    (_, y), w = table.hand_card(table.bottom, "food", 5, count=6)
    assert y + w * 1.4 / 2 <= min(undo.y, moves.y) - s(30), (y, w, undo.y)


def test_no_empty_shelf_where_the_tools_are_off(app):  # noqa: F811
    """A lesson (two seats) has no Undo or Moves: no empty framed shelf in the person's panel,
    whose columns then reach its foot."""
    from game.play.lesson import lessons_for
    from scenes.table.lesson import lesson_scene
    from scenes.tables import table_info
    scene = lesson_scene(app, table_info("meow-dice"), lessons_for("meow-dice")[0])
    app.stack.clear_to(scene)
    app.step(DT, [])
    parts = scene.seat_parts(scene.bottom)
    assert not scene.tools.on and "tools" not in parts
    assert parts["cols"].bottom >= parts["panel"].bottom - scene.s(12)


def test_odds_badge_says_what_its_number_is(app):  # noqa: F811
    """The badge beside each card had no tip: the pointer on it shows what the number is (the
    chance to make the card by the end of this turn's rerolls, as the tiger works it out); the
    card's own tip (keys) carries the number too."""
    table = person_turn(app, "meow-dice", 2)
    app.step(DT, [])
    assert table.odds_chips, "no odds badge drawn"
    slot, (chip, pct, picked) = next(iter(table.odds_chips.items()))
    rect, tip = table.describe_at(chip.center)
    assert rect == chip and f"{pct}%" in tip.title
    assert tip.lines[0] == app.t("md.tip.odds_what") and "rerolls" in tip.lines[0]
    card_tip = table.describe(table.slot_spots[slot])
    assert app.t("md.tip.odds_line", pct=pct) in card_tip.lines[0]
    found = []
    for lang in LANGS:                                   # drawn by hover, whole, in both languages
        app.set_language(lang)
        table.advice.asked, table.advice.hint = None, None
        table.focus.index = -1
        app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=chip.center, rel=(1, 1), buttons=(0, 0, 0))])
        rest(app, int(DELAY / DT) + 2)
        assert table.tooltip.shown and table.tooltip.tip.lines[0] == app.t("md.tip.odds_what")
        found += problems(table, f"odds tip {lang} {app.size}")
        app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(1, 1), buttons=(0, 0, 0))])
    app.set_language("en")
    assert not found, "\n".join(found)


def test_tiger_sentences_are_short(app):  # noqa: F811
    """The tiger's sentence ran to three lines of small type: every one of its sentences, with
    long names in it, takes two lines at most at the hint's largest type, in both languages."""
    table = person_turn(app, "meow-dice", 2)
    s = table.s
    box = table.anchors["prompt"].rect.inflate(s(8), s(8))
    text_w = box.w - min(box.h - s(12), s(96)) - s(44)
    pot = open("assets/locale/meow_dice.pot", encoding="utf-8").read().splitlines()
    keys = [line.split('"')[1] for line in pot if line.startswith('msgctxt "md.tiger.')]
    cards = [line.split('"')[1] for line in pot if line.startswith('msgctxt "md.card.') and "/" in line]
    assert len(keys) >= 15 and cards
    font = app.font(30)
    for lang in LANGS:
        app.set_language(lang)
        t = app.t
        name = max((t(k) for k in cards), key=lambda n: font.size(n)[0])      # the widest card name
        join = t("tiger.join")
        fmt = {"dice": join.join([t("md.face.Y"), t("md.face.C")]), "pct": 42, "best": 100,
               "card": name, "now": name, "points": 4, "still": 67, "face": t("md.face.Y"),
               "cards": join.join([name, name]),
               "cond": t("md.cond.need", face=t("md.face.M")), "n": 2}
        long = [(key, t(key, **fmt)) for key in keys]
        assert not [(k, w) for k, w in long if len(_wrap(w, font, text_w)) > 2], lang
    app.set_language("en")
