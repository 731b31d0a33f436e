"""Zodiac keeps the last turn in sight: a miss holds the three cards up 2.5 s at normal speed (or
until a press), then they stay as a small strip in the prompt box until the next turn turns up
its first card; the strip shows only cards every seat saw and passes the overlap audit."""
from __future__ import annotations

import pytest

from scenes.zodiac import presenter as zp
from scenes.zodiac.table import ZodiacTable
from tests.peek import engine_of
from tests.scenes.overlap_audit import problems
from tests.scenes.test_overlap_audit import LANGS
from tests.scenes.test_overlap_audit import app as audit_app  # noqa: F401
from tests.scenes.test_zodiac_table import ZDriver, make_session

app = audit_app


def a_miss(app, players: int):
    table = ZodiacTable(app, make_session(players=players, seed=4))
    app.stack.clear_to(table)
    drv = ZDriver(app, table)
    drv.past_arrange()
    hand = engine_of(table).view(0)["hand"]
    other = next(i for i, k in enumerate(hand) if k not in (hand[0], "MERMAID"))
    for action in ("point hand 0 0", f"point hand 0 {other}"):
        table.send(action)
        drv.settle()
    table.send(next(a for a in table.legal if a.startswith("point centre")))
    for _ in range(600):
        app.step(1 / 30, [])
        if table.presenter.board.last_turn and not table.presenter.busy:
            break
    return table, drv


def test_the_three_cards_of_a_miss_are_read_for_two_and_a_half_seconds():
    assert zp.READ_LAST >= 2.5


@pytest.mark.parametrize("players", [2, 3, 6])
def test_the_last_turn_stays_as_a_strip_until_the_next_turn_shows_a_card(app, players):
    table, drv = a_miss(app, players)
    kinds = [row["kind"] for row in engine_of(table).view(None)["reveals"][-3:]]
    assert table.presenter.board.last_turn == kinds
    found = []
    for lang in LANGS:
        app.set_language(lang)
        app.step(1 / 30, [])
        assert any(d.name == "prompt/last_turn" for d in table.boxes.items), lang
        found += problems(table, f"zodiac {players} seats last turn {lang}")
    app.set_language("en")
    assert not found, "\n".join(found)
    for _ in range(2000):                       # the next seat turns up its first card
        drv.step(drv.hurry_events() if table.presenter.busy else [])
        if engine_of(table).view(None)["step"] >= 1 or table.my_turn():
            break
    for _ in range(60):
        app.step(1 / 30, [])
        if table.presenter.board.this_turn:
            break
    assert table.presenter.board.this_turn and not table.presenter.board.last_turn


def test_the_strip_is_labelled_as_the_last_turn(app):
    """Stranger 6, defect 5: three small cards stood in the prompt with nothing saying what they were."""
    from scenes.zodiac.strip import LABEL_PX

    table, _ = a_miss(app, 3)
    for lang in LANGS:
        app.set_language(lang)
        app.step(1 / 30, [])
        box = next(d.rect for d in table.boxes.items if d.name == "prompt/last_turn")
        label = app.t("zc.last_turn")             # one turn: "Last turn:", under its seat's name
        assert box.w > app.font(LABEL_PX).size(label)[0] + sum(r.w for r in zp_strip_rects(table)), lang
    assert app.t("zc.last_turn") != "zc.last_turn"
    app.set_language("en")


def zp_strip_rects(table):
    from scenes.zodiac.strip import shown_turns, since_layout
    rect = table.anchors["prompt"].rect
    made = since_layout(table, rect, shown_turns(table), rect.w)
    return [r for _, _, cards, _ in made[1] for r in cards]


def test_a_card_caught_out_of_the_persons_hand_is_said_to_be_theirs(app):
    """Stranger 6, defect 5: when a computer cat's triple took the person's Rat 1, the table said only
    "Nori catches three Rat 1!": the line says it was theirs until their next move, and so do the moves."""
    from game.rules.base import Event

    table = ZodiacTable(app, make_session(players=3, seed=4))
    app.stack.clear_to(table)
    drv = ZDriver(app, table)
    drv.past_arrange()
    kind = engine_of(table).view(0)["hand"][1]
    places = [{"where": "hand", "seat": 0, "pos": 1}, {"where": "hand", "seat": 2, "pos": 0},
              {"where": "centre", "seat": None, "pos": 0}]
    caught = Event("Captured", {"seat": 1, "card": kind, "places": places})
    assert table.presenter.log_line(caught) == app.t("zc.log.capture_yours", name=table.seat_name(1),
                                                     kind=table.kind_name(kind), n=1)
    table.presenter.present([caught], table.viewer)
    drv.settle()
    line = app.t("zc.ev.caught_yours", name=table.seat_name(1), kind=table.kind_name(kind), n=1)
    assert "your" in line
    for _ in range(200):                        # it stays while the person thinks
        app.step(1 / 30, [])
    assert table.prompt_sub()[0] == line
    app.set_language("zh_TW")
    assert "你" in table.prompt_sub()[0]
    app.set_language("en")
    table.send(next(a for a in table.legal if a.startswith("point ")))   # their next move: read
    drv.step()
    for _ in range(60):
        app.step(1 / 30, [])
    sub = table.prompt_sub()
    assert sub is None or sub[0] != line
    not_mine = Event("Captured", {"seat": 1, "card": kind, "places": places[1:]})
    assert table.presenter.log_line(not_mine) == app.t("zc.ev.capture", name=table.seat_name(1),
                                                       kind=table.kind_name(kind))


def test_the_strip_draws_the_trump_without_its_frame(app, monkeypatch):
    """Stranger 40r-zh: two trump cards in the strip wore the trump's frame, whose corners stood
    out of the prompt bar; the frame stays on the table's trump and the hands."""
    import scenes.zodiac.pictures as zpic

    table, _ = a_miss(app, 3)
    table.presenter.board.last_turn = [table.presenter.board.trump] * 2 + ["PIG"]
    framed = []
    monkeypatch.setattr(zpic, "trump_frame", lambda surface, rect, *a: framed.append(rect.copy()))
    app.step(1 / 30, [])
    strip = next(d.rect for d in table.boxes.items if d.name == "prompt/last_turn")
    assert not any(r.colliderect(strip) for r in framed), (framed, strip)
