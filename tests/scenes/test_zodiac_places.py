"""Zodiac Catchers: every seat's capture piles, its "1"/"12" marks and its 1-2-3 pick marks have
their own places (issue 21), and the faces print the English name in English.

The table is drawn at its fullest for the places beside the hands: every seat holding three
captures (the most a round allows: the third ends it, ZC-5), a picked card face up in every hand
with its mark, at 2-6 seats, both languages and both window sizes, in the overlap audit's states
(turn, tooltip by keys and by hover, the tiger's hint, the moves drawer). The audit
(tests/scenes/overlap_audit.py) sees piles and marks as pieces: none may meet another seat, hand,
capture place, mark or pile, nor any overlay ("Not seen yet", Undo, Moves, the tiger, a tooltip).
It would have caught the piles under "Not seen yet" and under the "12" mark, and the "12" mark
over the bottom seat.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.art.cards_zodiac import card_face  # noqa: E402
from game.rules.zodiac_cards import HANZI  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.zodiac.table import ZodiacTable  # noqa: E402
from tests.scenes.overlap_audit import kind, problems  # noqa: E402
from tests.scenes.test_overlap_audit import LANGS, audit_states, person_turn, unseen  # noqa: E402
from tests.scenes.test_overlap_audit import app as audit_app  # noqa: E402
from tests.scenes.test_zodiac_table import make_session, open_table  # noqa: E402

app = audit_app            # the audit's window, at both sizes (module scope)

PILES = ["RAT", "HORSE", "MERMAID"]


def fullest(table) -> None:
    """Three captures for every seat and a picked card face up in every other hand (its mark on)."""
    board = table.presenter.board
    for seat in range(table.n):
        board.captures[seat] = list(PILES)
        cards = [c for c in board.hands[seat] if not c.gone]
        if seat == table.viewer and cards:           # the person's own pick, lifted toward the table
            cards[1].flip, cards[1].step = 1.0, 3
        elif cards:
            for step, card in ((1, cards[0]), (2, cards[-1])):
                card.kind, card.flip, card.step = "MERMAID", 1.0, step


@pytest.mark.parametrize("n", range(2, 7))
def test_piles_and_marks_keep_their_own_places(app, n):
    table = person_turn(app, "zodiac", n)
    fullest(table)
    found = []
    for lang in LANGS:
        app.set_language(lang)
        app.step(1 / 20, [])
        drawn = {kind(name) for name, _ in table.piece_boxes()}
        assert {"pile", "step"} <= drawn, drawn          # the audit sees them
        assert n == 2 or "sort" in drawn
        found += audit_states(app, table, f"zodiac {n} seats {lang} {app.size[0]}")
    app.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("n", [2, 3])
def test_a_top_row_says_what_its_marks_mean(app, n):
    """Stranger21b: the "12" … "1" circles meant nothing outside the lesson without a hover. A
    top row with room says "Sorted by number" between its marks, clear of three capture piles;
    the audit (above) holds it to the row like the marks."""
    table = person_turn(app, "zodiac", n)
    fullest(table)
    for lang in LANGS:
        app.set_language(lang)
        app.step(1 / 20, [])
        badges = dict(table.badges)
        captions = [name for name in badges if name.endswith(":caption")]
        assert len(captions) == n - 1, (lang, sorted(badges))
        for name in captions:
            row = name.split(":")[0][4:]
            caption = badges[name]
            marks = [badges[f"sort{row}:1"], badges[f"sort{row}:12"]]
            piles = [r for k, r in badges.items() if k.startswith(f"pile{row}:")]
            assert min(m.centerx for m in marks) < caption.centerx < max(m.centerx for m in marks)
            assert not any(caption.colliderect(r) for r in marks + piles), (lang, name)
    app.set_language("en")


def test_the_audit_sees_a_pile_under_not_seen_yet(app):
    """Put a pile where "Not seen yet" stands: the audit names it."""
    table = person_turn(app, "zodiac", 4)
    fullest(table)
    spot = table.zone("odds")
    table.capture_slot = lambda seat, index: ((spot.centerx, spot.centery), table.s(46))
    app.step(1 / 20, [])
    assert any("odds" in line and "pile" in line for line in problems(table, "moved")), \
        problems(table, "moved")


def test_a_mark_over_a_pile_is_named(app):
    table = person_turn(app, "zodiac", 3)
    fullest(table)
    seat = next(s for s in range(3) if table.top_hand(s))
    first = table.capture_slot(seat, 0)[0]
    table.sort_marks = lambda s: [("12", first)] if s == seat else []
    app.step(1 / 20, [])
    assert any("sort" in line and "pile" in line for line in problems(table, "moved"))


def test_the_faces_print_the_english_name_in_english_only(app):
    table = person_turn(app, "zodiac", 2)
    app.set_language("en")
    assert [table.face_name(k) for k in ("OX", "ROOSTER", "MERMAID")] == ["Ox", "Rooster", "Mermaid"]
    named = table.zoom_picture("OX")
    app.set_language("zh_TW")
    try:
        assert table.face_name("OX") is None          # 牛 is on the face already
        plain = table.zoom_picture("OX")
    finally:
        app.set_language("en")
    assert named.get_size() == plain.get_size()
    # the name is drawn in the face's foot: the two faces differ there and not at the head
    w, h = named.get_size()
    foot = pygame.Rect(w // 4, int(h * 0.86), w // 2, int(h * 0.07))
    head = pygame.Rect(0, 0, w, int(h * 0.3))
    differs = lambda r: any(named.get_at((x, y)) != plain.get_at((x, y))      # noqa: E731
                            for x in range(r.x, r.right, 2) for y in range(r.y, r.bottom, 2))
    assert differs(foot) and not differs(head)
    assert HANZI["OX"] == "牛"
    # a card too small for the name to be read (a capture pile at 1280x720) goes without it
    small, bare = card_face("OX", 31, "Ox"), card_face("OX", 31)
    assert pygame.image.tobytes(small, "RGBA") == pygame.image.tobytes(bare, "RGBA")


@pytest.mark.parametrize("n", [2, 4])
def test_the_focus_arrow_never_lies_over_a_seat(app, n, monkeypatch):
    """A centre card of the top row sits just under the top seats' name plates: its focus keeps
    the outline and leaves the arrow out rather than draw it over a name."""
    import scenes.zodiac.draw as zdraw

    drawn = []
    monkeypatch.setattr(zdraw, "focus_pointer",
                        lambda surface, rect, t, scale, side: drawn.append((rect, side)))
    table = person_turn(app, "zodiac", n)
    reach = round(46 * app.scale)
    skipped = 0
    for item in [w for w in table.shown_widgets]:
        table.focus.set_focus(item)
        drawn.clear()
        app.step(1 / 20, [])
        for rect, side in drawn:
            arrow = {"top": pygame.Rect(rect.centerx - reach // 2, rect.top - reach, reach, reach),
                     "bottom": pygame.Rect(rect.centerx - reach // 2, rect.bottom, reach, reach),
                     "left": pygame.Rect(rect.left - reach, rect.centery - reach // 2, reach, reach),
                     "right": pygame.Rect(rect.right, rect.centery - reach // 2, reach, reach)}[side]
            assert not any(arrow.colliderect(table.seat_rect(s)) for s in range(n)), (item.key, side)
        skipped += not drawn
    assert skipped < len(table.shown_widgets)          # most cards still get their arrow


def test_a_held_mermaid_and_its_tooltip_keep_apart(app):
    """The arrange step: the mermaid picked up is lifted, and shows no tooltip while placed (its
    tip lay over most of the hand being ordered: stranger 43, defect 4); nothing overlaps."""
    from game.play.session import GameSession, Seat
    from scenes.table.tooltip import DELAY
    from tests.scenes.test_overlap_audit import NAMES, rest

    for seed in range(1, 40):
        seats = [Seat(name, "human" if i == 0 else "bot", "heuristic", coat)
                 for i, (name, coat) in enumerate(NAMES[:4])]
        table = ZodiacTable(app, GameSession("zodiac", seats, seed, {}, {}, []))
        app.stack.clear_to(table)
        with unseen(app):                            # the deal is not looked at
            for _ in range(300):
                if table.presenter.busy:
                    table.presenter.skip()
                table.runner.wait_ready()
                app.step(1 / 20, [])
                if table.mode == "arrange" or table.mode == "point":
                    break
        if table.mode == "arrange":
            break
    else:
        raise AssertionError("no seed dealt the person a mermaid")
    index = table.arr.index("MERMAID")
    table.carry_press(index)
    assert table.held == index
    table.focus.set_focus(table.card_widgets[("arr", 0, index)])
    table.tooltip.by_pointer = False
    rest(app, int(DELAY * 20) + 2)
    assert not table.tooltip.shown
    assert not problems(table, "arrange"), problems(table, "arrange")


def test_hot_seat_says_whose_hand_on_its_plate(app, monkeypatch):
    """Two people at one table: the face-up hand's owner is named on the plate beside it ("Ann's
    hand"), not in a label half under the status line; nothing is cut or covered."""
    from game.play.session import GameSession, Seat

    seats = [Seat("Ann", "human", "heuristic", "tabby"), Seat("Bo", "human", "heuristic", "calico"),
             Seat("Tofu", "bot", "heuristic", "tuxedo")]
    table = ZodiacTable(app, GameSession("zodiac", seats, 11, {}, {}, []))
    app.stack.clear_to(table)
    with unseen(app):                                # the way to the turn is not looked at
        for _ in range(600):
            app.step(1 / 20, [])
            if table.presenter.busy:
                table.presenter.skip()
            elif table.curtain_for is not None:
                table.lift_curtain()
            elif table.mode == "arrange" and table.my_turn():
                table._arrange_done()
            elif table.mode == "point" and table.my_turn():
                break
            table.runner.wait_ready()
    assert table.mode == "point"
    for lang in LANGS:
        app.set_language(lang)
        said: list[str] = []

        def text(surface, words, *a, _said=said, _real=table.text, **k):
            _said.append(words)
            return _real(surface, words, *a, **k)
        monkeypatch.setattr(table, "text", text)
        app.step(1 / 20, [])
        monkeypatch.undo()
        assert app.t("zc.hand_of", name=table.seat_name(table.viewer)) in said
        assert not problems(table, "hot seat " + lang), problems(table, "hot seat " + lang)
    app.set_language("en")


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_the_round_summary_holds_its_go_on_inside_the_board(app, n):
    """The end of a round: "press to go on" stands at the foot of the summary, inside the board,
    never over the status line (at 6 seats it did), in both languages."""
    table = person_turn(app, "zodiac", n)
    board = table.presenter.board
    board.summary = {"seat": 1, "round": 2, "points": [3] * n, "next": 0}
    for lang in LANGS:
        app.set_language(lang)
        app.step(1 / 20, [])
        table.boxes.clear()
        table.tools._draw_go_on(app.screen)            # as drawn under a held summary
        chip = next(d.rect for d in table.boxes.items if d.name == "go_on")
        box = table.summary_rect()
        assert box.contains(chip), (lang, box, chip)
        assert table.grid_rect().inflate(table.s(80), table.s(20)).contains(box)     # on the board
        assert not chip.colliderect(table.anchors["prompt"].rect)
        assert not box.colliderect(table.anchors["prompt"].rect)
        assert not table.boxes.clipped
    app.set_language("en")
    board.summary = None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_zh_target_line_is_not_broken_before_its_last_word(tmp_path, size):
    """Issue 21 playtest: "先得 10 分者勝" broke with "者勝" alone on a line at 1280x720. The
    target line is drawn a little smaller instead: one line, as tall as one line of its font."""
    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang="zh_TW")
    try:
        drv = open_table(app, make_session(players=3, options={"target": 10}))
        drv.step()
        table = drv.table
        line = table.match_lines()[1]
        assert "者勝" in line
        pad = table.s(12)
        target = table.match_texts(table.anchors["match"].rect.w - 2 * pad)[1]
        assert target.get_height() < 1.5 * app.font(24).get_linesize(), line
    finally:
        app.shutdown()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_trump_card_stands_clear_of_the_table_border(tmp_path, players):
    """Issue 21 playtest: at 4 seats the trump card lay over the lacquer table's left border
    (its tiles start at column 8, levels/level_specs/zodiac.py), and a left hand's column ends
    at x 340 (design px): the trump card and its name stand between the two."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "levels"))
    from level_specs import TILE
    from level_specs.zodiac import TABLE_TL, tile_grid
    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        drv = open_table(app, make_session(players=players))
        drv.step()
        table = drv.table
        row = tile_grid()[6]
        board_left = next(x for x, t in enumerate(row) if TABLE_TL <= t <= TABLE_TL + 8) * TILE
        (cx, _), w = table.trump_slot()
        assert cx + w / 2 <= table.s(board_left) - table.s(6), (cx, w, board_left)
        if players >= 4:
            hand = table.anchors["hand1"].rect
            assert cx - w / 2 >= hand.right + table.s(6)
    finally:
        app.shutdown()


def arranging(app, n: int):
    """A fresh round at ``n`` seats, the person (seat 0, holding a mermaid) placing theirs."""
    for seed in range(1, 60):
        session = make_session(n, seed=seed)
        if "MERMAID" in session.game.view(0)["hand"]:
            break
    table = ZodiacTable(app, session)
    app.stack.clear_to(table)
    with unseen(app):                                # the deal is not looked at
        for _ in range(400):
            app.step(1 / 20, [])
            if table.presenter.busy:
                table.presenter.skip()
            elif table.mode == "arrange" and table.my_turn():
                return table
            table.runner.wait_ready()
    raise AssertionError("the arrange step never came")


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_who_placed_their_mermaids_is_said_in_the_prompt_not_over_a_name(app, n):
    """Issue 21 (stranger21b defect 2): at each round's start a "placed mermaids" pill covered
    every computer cat's name and points (at 4 seats one floated on a cat's ears). The computer
    cats that placed are named in the prompt's second line; no pill is drawn at a seat, and the
    audit (which now fails on a seat's bubble over its name) finds nothing."""
    found = []
    for lang in LANGS:
        app.set_language(lang)
        table = arranging(app, n)
        for _ in range(3):
            app.step(1 / 20, [])
        assert not [d.name for d in table.boxes.items if d.name.startswith("bubble:")]
        assert sum(d.name.startswith("name:seat") for d in table.boxes.items) == n
        line = table.prompt_sub()
        assert line is not None
        for seat in range(1, n):
            assert table.seat_name(seat) in line[0], (line, seat)
        found += problems(table, f"zodiac {n} seats arranging {lang} {app.size[0]}x{app.size[1]}")
    app.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("n", [2, 4])
def test_the_audit_fails_on_a_seat_bubble_over_its_name(app, n):
    """The old pill, drawn on each seat's plate where its speech place was taken: the audit names
    it as covering that seat's name (it saw only faces before)."""
    table = person_turn(app, "zodiac", n)
    app.step(1 / 20, [])
    surface = pygame.Surface(app.size)
    for seat in range(1, n):
        plate = table.plates[seat]
        table.chip(surface, app.t("zc.ev.arranged"), plate.center, (90, 200, 160), 26, f"bubble:seat{seat}",
                   max_w=plate.w)
    found = problems(table, "pills on plates")
    for seat in range(1, n):
        assert any(f"bubble:seat{seat}" in p and f"name:seat{seat}" in p for p in found), found


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_round_line_is_never_broken_mid_phrase(tmp_path, size, lang):
    """Stranger 3, item 10: the lesson's round box wrapped "第 1 局／共 / 1 局" (zh_TW, 1280x720) and
    "Round 1 of 1" wrapped in English. The round line is drawn a little smaller: one line."""
    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang=lang)
    try:
        for rounds in (1, 12):
            drv = open_table(app, make_session(players=3, options={"rounds": rounds}))
            drv.step()
            table = drv.table
            pad = table.s(12)
            line = table.match_texts(table.anchors["match"].rect.w - 2 * pad)[0]
            assert line.get_height() < 1.5 * app.font(24).get_linesize(), table.match_lines()
    finally:
        app.shutdown()


def test_the_focus_outline_frames_one_card_of_a_fanned_hand(tmp_path, monkeypatch):
    """At 3 seats an opponent's ten cards overlap and the hover outline framed two of them: it
    goes round the part of the card that is in sight."""
    import pygame

    import scenes.zodiac.draw as zdraw
    from game.runtime.app import App
    from scenes.zodiac.table import ZodiacTable
    from tests.scenes.test_zodiac_table import ZDriver, make_session

    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    table = ZodiacTable(app, make_session(players=3, seed=5))
    app.stack.push(table)
    drv = ZDriver(app, table)
    drv.past_arrange()
    row = [w for w in table.shown_widgets if w.key[0] == "hand" and w.key[1] == 1]
    assert len(row) >= 2 and row[0].rect.colliderect(row[1].rect), "the hand is fanned (the case)"
    outlines = []
    monkeypatch.setattr(zdraw, "focus_outline",
                        lambda surface, rect, *a, **k: outlines.append(pygame.Rect(rect)))
    drv.step([pygame.event.Event(pygame.MOUSEMOTION, pos=table.click_point("hand:1:0"), rel=(0, 0),
                                 buttons=(0, 0, 0))])
    table.draw(app.screen)
    assert table.focus.focused is row[0] and outlines
    shown = outlines[-1]
    assert shown.w >= 8 and all(shown.clip(w.rect).w <= 1 for w in row[1:])
    app.shutdown()


@pytest.mark.parametrize("players", [3, 4, 6])
def test_down_from_a_top_hand_goes_to_the_board(tmp_path, players):
    """Stranger 6, item 16: Down from a card of Miso's hand (top of the table) jumped over the
    whole board to the person's own hand; every card of a top hand now goes down to the board."""
    import pygame as pg

    from game.runtime.app import App
    from scenes.zodiac.table import ZodiacTable
    from tests.scenes.test_zodiac_table import ZDriver, make_session

    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        table = ZodiacTable(app, make_session(players=players, seed=4))
        app.stack.clear_to(table)
        ZDriver(app, table).past_arrange()
        board_top = min(w.rect.top for w in table.shown_widgets if w.key[0] == "centre")
        tops = [w for w in table.shown_widgets if w.key[0] == "hand" and w.key[1] != table.viewer
                and w.rect.bottom < board_top]
        assert tops
        for card in tops:
            table.focus.set_focus(card)
            app.step(1 / 30, [pg.event.Event(pg.KEYDOWN, key=pg.K_DOWN, mod=0, unicode="", scancode=0)])
            assert table.focus.focused.key[0] == "centre", (card.key, table.focus.focused)
    finally:
        app.shutdown()


def test_six_seat_top_rows_mark_both_ends_while_they_hold_two_piles(app):
    """Stranger 6, item 16: at six seats each top hand kept only its "1" mark, beside the next
    cat's name box, where it read as that cat's. Both ends are marked while the row holds two
    capture piles at most (a third catch ends the round), and nothing overlaps."""
    table = person_turn(app, "zodiac", 6)
    tops = [s for s in range(table.n) if table.top_hand(s)]
    assert tops
    board = table.presenter.board
    found = []
    for caught in (0, 2):
        for seat in range(table.n):
            board.captures[seat] = list(PILES)[:caught]
        for lang in LANGS:
            app.set_language(lang)
            app.step(1 / 20, [])
            for seat in tops:
                assert sorted(text for text, _ in table.sort_marks(seat)) == ["1", "12"], (seat, caught)
            found += audit_states(app, table, f"zodiac 6 seats {caught} piles {lang} {app.size[0]}")
    app.set_language("en")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("n", [4, 5, 6])          # (two and three seats have no side column)
def test_two_cards_turned_up_side_by_side_in_a_side_column_both_show(app, n):
    """Stranger 40r-en: two picks next to each other in a side column stacked into one card with
    both 1-2-3 marks on it, and the raised card hid the next card. Each now shows at least half
    of its face: beside the column where there is room, else stepped apart along it."""
    from game.art.cards_zodiac import RATIO

    table = person_turn(app, "zodiac", n)
    board = table.presenter.board
    sides = [s for s in range(n) if table.lift_dir(s)[0] != 0]
    assert sides
    for seat in sides:
        cards = sorted((c for c in board.hands[seat] if not c.gone), key=lambda c: c.slot)
        middle = len(cards) // 2
        pair = cards[middle:middle + 2]
        for step, card in enumerate(pair, 1):
            card.kind, card.flip, card.step = "MERMAID", 1.0, step
        centres = []
        for card in pair:
            (x, y), w = table.hand_slot(seat, card.slot, board.counts[seat])
            ox, oy = table.lift_offset(seat, card)
            centres.append((x + ox, y + oy))
        (ax, ay), (bx, by) = centres
        assert abs(ax - bx) >= w / 2 or abs(ay - by) >= w * RATIO / 2, (n, seat, centres, w)
        for card in pair:
            card.flip, card.step = 0.0, 0
