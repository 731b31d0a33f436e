"""A piece's tip stands beside it and leaves the status line alone (strangers 40r, both
languages: the focused die's tip took the place of "Turn 1/6 • Roll 2 • reroll up to 2", a hovered
token's covered "Pick a card for the condition token", and the prompt went down to the footer)."""
from __future__ import annotations

import pytest

from scenes.table.tooltip import DELAY, NEAR
from tests.scenes.test_overlap_audit import DT, app, person_turn, rest, settle_to_turn  # noqa: F401


def described(table) -> list:
    return [w for w in table.focus.items if table.describe(w) is not None and table.focus.usable(w)]


def gap(a, b) -> float:
    """The shortest way between two rects' edges (0 when they touch or meet)."""
    dx = max(0, b.left - a.right, a.left - b.right)
    dy = max(0, b.top - a.bottom, a.top - b.bottom)
    return (dx * dx + dy * dy) ** 0.5


GAMES = ("hungry-meow", "meow-dice", "zodiac")


@pytest.mark.parametrize("game,n", [(g, n) for g in GAMES for n in (2, 3, 4)])
def test_a_tip_never_takes_the_status_line_or_the_footer(app, game, n):  # noqa: F811
    """... and stands beside its piece: a Zodiac hand card's tip went to the top left, far from
    the card, and read as about something else. A piece in a row of choices (a hand, the dice)
    keeps the row in sight: its tip stood over the neighbours a key player was choosing among
    (strangers 9, 10)."""
    table = person_turn(app, game, n)
    for _ in range(6):                      # a first step with no piece to rest on: take it
        if described(table):
            break
        table.send(table.legal[0])
        if table.tools.pending is not None:
            table.tools.yes()
        settle_to_turn(app, table, game, n)
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        pieces = described(table)[:6]
        assert pieces
        for piece in pieces:
            table.advice.asked, table.advice.hint = None, None
            table.tooltip.by_pointer = False
            table.focus.set_focus(piece)
            rest(app, int(DELAY / DT) + 2)
            app.step(DT, [])
            assert table.tooltip.shown, (game, lang, piece)
            tip = next(d.rect for d in table.boxes.items if d.name == "tooltip")
            for name in ("prompt", "hints"):
                assert not tip.colliderect(table.anchors[name].rect), (game, lang, name, tip)
            assert not tip.colliderect(piece.rect), (game, lang, "its own piece")
            row = table.tooltip.row()
            if row is None:
                assert gap(tip, piece.rect) <= app.s(NEAR) + 1, (game, n, lang, piece, tip, piece.rect)
            else:       # a piece among choices: the row stays in sight, the tip a little further off
                assert not tip.colliderect(row), (game, n, lang, "the row it is chosen from", tip, row)
                assert gap(tip, piece.rect) <= app.s(NEAR * 6) + 1, (game, n, lang, piece, tip, piece.rect)
            if table.advice.button.visible:
                assert not tip.colliderect(table.advice.button.rect), (game, lang, "the tiger")
            assert not table.boxes.clipped, table.boxes.clipped
            table.tooltip.target, table.tooltip.tip = None, None
    app.set_language("en")


def test_the_dice_status_line_keeps_the_turn_and_rolls_while_a_die_has_the_focus(app):  # noqa: F811
    table = person_turn(app, "meow-dice", 3)
    assert table.mode == "rolling" and table.presenter.board.rolls
    die = next(w for w in table.focus.items if str(getattr(w, "key", "")).startswith("die:"))
    table.focus.set_focus(die)
    rest(app, int(DELAY / DT) + 2)
    line = table._sub_text()[0]
    assert table.turn_words() in line and str(table.presenter.board.rolls) in line, line
