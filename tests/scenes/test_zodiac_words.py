"""Issue 21, Zodiac's words: one target said everywhere, and the round and target on the table."""
from __future__ import annotations

import pygame
import pytest

from game.play.session import GameSession, Seat
from game.runtime.app import App
from scenes.seat_setup import SeatSetupScene
from scenes.tables import table_info
from scenes.zodiac.table import ZodiacTable
from tests.scenes.hm_driver import COATS, NAMES


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def open_table(app, players=2, options=None) -> ZodiacTable:
    seats = [Seat(NAMES[i], "human" if i == 0 else "bot", "heuristic", COATS[i]) for i in range(players)]
    table = ZodiacTable(app, GameSession("zodiac", seats, 5, dict(options or {}), {}))
    app.stack.push(table)
    app.step(1 / 30, [])
    return table


def test_seat_setup_default_is_the_rules_target_of_ten(app):
    """Item 1: seat setup, the lesson's "Play a real game" (which opens seat setup) and the
    rules (ZC-6) all mean a match to 10."""
    setup = SeatSetupScene(app, table_info("zodiac"), options=None)
    session = setup.make_session()
    assert session.game.options["target"] == 10


@pytest.mark.parametrize("players", range(2, 7))
def test_round_and_target_always_on_the_table(app, players):
    """Item 1: the round and the target are drawn on the table, clear of every seat and hand."""
    table = open_table(app, players)
    assert table.match_lines() == ["Round 1", "First to 10 points"]
    box = table.match_rect
    assert pygame.Rect(0, 0, *app.size).contains(box)
    for s in range(players):
        assert not box.colliderect(table.seat_rect(s)), s
        assert not box.colliderect(table.hand_rect(s)), s
    assert not box.colliderect(table.anchors["trump"].rect)


def test_round_count_match_says_round_of_total(app):
    table = open_table(app, 3, {"rounds": 2})
    assert table.match_lines() == ["Round 1 of 2"]
    table = open_table(app, 3, {"target": 5})
    assert table.match_lines()[1] == "First to 5 points"


def bots_only(app, players=2, seed=3) -> ZodiacTable:
    seats = [Seat(NAMES[i], "bot", "heuristic", COATS[i]) for i in range(players)]
    table = ZodiacTable(app, GameSession("zodiac", seats, seed, {"rounds": 1}, {}))
    app.stack.push(table)
    app.step(1 / 30, [])
    return table


def run_until(app, table, done, limit=6000) -> None:
    for _ in range(limit):
        if done():
            return
        table.presenter.skip()
        table.runner.wait_ready()
        app.step(1 / 30, [])
    raise AssertionError("never happened")


def test_the_moves_log_says_where_each_card_was(app):
    """Item 3: "Tofu turns up Rat (Miso's hand, card 3 from their left)" / "(centre, row 2, ...)"."""
    table = bots_only(app)
    run_until(app, table, lambda: sum(1 for m in table.moves for e in m[2] if e.kind == "CardRevealed") >= 3
              and not table.presenter.busy)
    reveals = [e for m in table.moves for e in m[2] if e.kind == "CardRevealed"]
    lines = [line for line, _ in table.presenter.log if " turns up " in line]
    assert len(lines) >= 3
    for e, line in zip(reveals, lines, strict=False):
        d = e.data
        if d["where"] == "hand":
            assert f"{NAMES[d['seat']]}'s hand, card {d['pos'] + 1} from the end marked 1" in line, line
        else:
            cols = table.presenter.board.grid[1]
            assert f"centre, row {d['pos'] // cols + 1}, column {d['pos'] % cols + 1}" in line, line


def test_cards_seen_this_round_are_marked(app):
    """Item 3: after a miss the three cards lie face down again, each with the "seen" eye."""
    table = bots_only(app)
    run_until(app, table, lambda: any(e.kind == "TurnedBack" for m in table.moves for e in m[2])
              and not table.presenter.busy)
    board = table.presenter.board
    seen = [c for c in board.centre + [c for h in board.hands for c in h] if c is not None and c.seen]
    assert len(seen) >= 3 and all(c.flip < 0.5 for c in seen if not c.step)
    surface = pygame.Surface(app.size)
    table.draw(surface)
    eyes = [r for name, r in table.meaning_icons() if name == "seen"]
    down = [c for c in seen if c.flip < 0.5]
    centre = [c for c in board.centre if c is not None and c.seen and c.flip < 0.5]
    # every centre card gets its eye; a hand card its eye where no neighbour covers it (its
    # jade edge shows on the strip that does)
    assert len(centre) <= len(eyes) <= len(down) and eyes


def test_focus_on_the_trump_says_why_calmly_a_press_in_red(app):
    """Item 5: moving the focus onto the trump (or a face-up card) used to show a red error
    before anything was pressed."""
    from game.art import palette as P

    mine = ["RAT", "RAT", "TIGER", "DRAGON", "HORSE", "MONKEY", "ROOSTER", "ROOSTER"]
    setup = {"first": 0, "hands": [mine, ["RAT", "TIGER", "TIGER", "DRAGON", "DRAGON", "HORSE", "MONKEY",
                                          "ROOSTER"]]}
    seats = [Seat(NAMES[i], "human" if i == 0 else "bot", "heuristic", COATS[i]) for i in range(2)]
    table = ZodiacTable(app, GameSession("zodiac", seats, 3, {"rounds": 1}, setup))
    app.stack.push(table)
    run_until(app, table, lambda: table.mode == "point" and table.my_turn())
    table.focus.set_focus(table.widget("trump"))
    text, colour = table.prompt_sub()
    assert "set aside" in text and colour != P.BAD
    table._press(("trump", None, 0))                       # pressed: now it is a refusal
    text, colour = table.prompt_sub()
    assert "set aside" in text and colour == P.BAD


def test_not_seen_yet_names_the_kinds_in_english(app):
    """Item 5: the unseen counts were Chinese signs only in English."""
    from game.runtime.i18n import load_language
    from scenes.zodiac.odds import odds_items

    counts = {"RAT": 3, "OX": 2, "MERMAID": 4}
    assert [w for w, _ in odds_items(app.t, counts)] == ["Rat ×3", "Ox ×2", "Mermaid ×4"]
    zh = load_language("zh_TW")
    words = [w for w, _ in odds_items(lambda k, **f: zh[k].format(**f), counts)]
    assert words == ["1鼠 ×3", "2牛 ×2", "人魚 ×4"]


@pytest.mark.parametrize("kind", ["HORSE", "MERMAID", "PIG"])
def test_a_chinese_card_tip_keeps_no_english_gloss(tmp_path, kind):
    """Stranger 3, item 8: a zh_TW tooltip said "人魚 (Mermaid)", "馬 7 (Horse)". Only the table's
    language is shown (the English UI says the English name itself)."""
    zh = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="zh_TW")
    try:
        tip = open_table(zh).kind_tip(kind)
        assert tip.title == zh.t("zc.kind." + kind)
        assert not any(c.isascii() and c.isalpha() for c in tip.title + "".join(tip.lines)), tip
    finally:
        zh.shutdown()
