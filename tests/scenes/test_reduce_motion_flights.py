"""Under "reduce motion" nothing big travels (strangers rated the setting 5-6: cards still swept
over the whole table): a card that would fly far stands where it lands at once and fades in there
(scenes/table/calm.py); only a short slide into place stays, and quickly. The Hungry Meow ring's
arrows do not turn round and the title's cats sit still."""
from __future__ import annotations

import math

import pytest

from game.runtime.app import App
from game.runtime.tween import Timeline
from scenes.table.calm import FADE, QUICK, SHORT, Arrive
from scenes.table.presenter import Flyer
from tests.scenes.test_overlap_audit import DT, NAMES, GameSession, Seat, table_info


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = App(size=(1280, 720), home=str(tmp_path_factory.mktemp("calm")), audio=False, lang="en")
    app.settings.reduce_motion = True
    yield app
    app.stack.clear()
    app.shutdown()


def open_table(app, game: str, n: int = 3):
    seats = [Seat(name, "human" if i == 0 else "bot", "heuristic", coat)
             for i, (name, coat) in enumerate(NAMES[:n])]
    table = table_info(game).scene_class()(app, GameSession(game, seats, 11, {}, {}, []))
    app.stack.clear_to(table)
    return table


def play_watching_flyers(app, table, frames: int) -> dict:
    """Play ``frames`` frames (the person takes the first legal move when asked); every flyer's
    places, frame by frame."""
    seen: dict[int, list] = {}
    kept = []      # each flyer kept alive, so a new one never takes a gone one's id (a false glide)
    for _ in range(frames):
        app.step(DT, [])
        for f in table.presenter.flyers:
            if id(f) not in seen:
                kept.append(f)
            seen.setdefault(id(f), []).append(tuple(round(v) for v in f.pos))
        if table.presenter.busy:
            continue
        if getattr(table, "mode", None) == "arrange" and table.my_turn():
            table._arrange_done()
        elif table.my_turn() and table.legal:
            table.send(table.legal[0])
            if table.tools.pending is not None:
                table.tools.yes()
        table.runner.wait_ready()
    return seen


@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_no_card_flies_far_under_reduce_motion(app, game):
    table = open_table(app, game)
    seen = play_watching_flyers(app, table, 500)
    assert seen, "no card moved at all: nothing was checked"
    for places in seen.values():
        for run in glides(places):            # a jump in one frame is an arrival, not a flight
            assert len(run) < 2 or sum(run) <= table.s(SHORT) + 2, (game, places)


def glides(places: list) -> list[list[float]]:
    """The runs of frames in which a piece moved frame after frame: each run's steps (px)."""
    runs, run = [], []
    for a, b in zip(places, places[1:], strict=False):
        step = math.dist(a, b)
        if step > 0:
            run.append(step)
        elif run:
            runs.append(run)
            run = []
    return runs + ([run] if run else [])


def test_a_far_flight_arrives_at_once_and_fades_in(app):
    table = open_table(app, "hungry-meow")
    f = Flyer("Y5P", (0, 0), 100, alpha=255)
    tween = table.presenter.tw(f, "pos", (900, 500), 0.5)
    assert isinstance(tween, Arrive)
    tl = Timeline().add(tween)
    tl.update(1 / 60)
    assert f.pos == (900, 500) and 0 < f.alpha < 255
    tl.update(FADE)
    assert tl.done and f.alpha == 255
    near = table.presenter.tw(f, "pos", (910, 505), 0.5)            # a short nudge: a quick slide
    assert not isinstance(near, Arrive) and near.duration <= QUICK + 1e-9
    grow = table.presenter.tw(f, "width", 300.0, 0.5)               # a zoom: at once
    assert grow.duration == 0
    app.settings.reduce_motion = False
    try:
        assert table.presenter.tw(f, "pos", (0, 0), 0.5).duration > QUICK
    finally:
        app.settings.reduce_motion = True


def test_the_ring_does_not_turn_under_reduce_motion(app):
    from game.rules.base import Event
    table = open_table(app, "hungry-meow")
    chosen = Event("DirectionChosen", {"seat": 0, "direction": "ccw"})
    table.presenter.on_DirectionChosen(chosen, None).finish()
    assert table.dir_spin == 0.0


def test_the_title_cats_sit_still_under_reduce_motion(app):
    from scenes.title import TitleScene
    title = TitleScene(app)
    app.stack.clear_to(title)
    before = [(c.x, c.speed) for c in title.cats]
    for _ in range(30):
        app.step(DT, [])
    assert [(c.x, c.speed) for c in title.cats] == before
    app.settings.reduce_motion = False
    try:
        for _ in range(30):
            app.step(DT, [])
        assert [c.x for c in title.cats] != [x for x, _ in before]
    finally:
        app.settings.reduce_motion = True


def test_the_pile_keeps_still_as_it_is_shuffled_under_reduce_motion(app):
    from game.rules.base import Event
    table = open_table(app, "hungry-meow")
    tl = table.presenter.on_DeathShuffle(Event("DeathShuffle", {"seat": 0, "draw_pile": 30}), None)
    shakes = set()
    while not tl.done:
        tl.update(DT)
        shakes.add(table.presenter.deck_shake)
    assert shakes == {0.0}


@pytest.mark.parametrize("up", [False, True])
def test_the_meow_dice_token_turns_at_once_under_reduce_motion(app, up):
    """The cat token turned over in place for 0.4 s (squashed and grown again): under reduce motion
    it shows its new face on the first frame."""
    from game.rules.base import Event
    table = open_table(app, "meow-dice")
    board = table.presenter.board
    if board.cat_up is None:
        board.cat_up = [not up] * table.n
    board.cat_up[1] = not up
    tl = table.presenter.on_TokenFlipped(Event("TokenFlipped", {"seat": 1, "face_up": up}), None)
    seen = []
    while not tl.done:
        tl.update(DT)
        seen.append(table.token_flip[1])
    assert all(v == 0.0 for v in seen), seen          # never half turned
    assert board.cat_up[1] is up
    app.settings.reduce_motion = False
    try:
        board.cat_up[1] = not up
        tl = table.presenter.on_TokenFlipped(Event("TokenFlipped", {"seat": 1, "face_up": up}), None)
        turning = []
        while not tl.done:
            tl.update(DT)
            turning.append(table.token_flip[1])
        assert any(0.0 < v < 1.0 for v in turning)    # without the setting it still turns
    finally:
        app.settings.reduce_motion = True


def test_the_table_row_jumps_to_the_chosen_card_under_reduce_motion(app, monkeypatch):
    """Four tables are wider than the window: the row moves so the chosen card shows whole, in
    one frame (no slide), and stays put after."""
    from game.rules import registry
    from scenes.table_select import TableCard, TableSelectScene
    from tests.fourth_game.fish_pond import KIT

    monkeypatch.setitem(registry.KITS, KIT.name, KIT)
    select = TableSelectScene(app)
    app.stack.clear_to(select)
    app.step(DT, [])
    cards = [w for w in select.widgets if isinstance(w, TableCard)]
    assert len(cards) == 4
    for card in (cards[-1], cards[0]):
        select.focus.set_focus(card)
        app.step(DT, [])
        placed = [c.rect.x for c in cards]
        assert 0 <= card.rect.left and card.rect.right <= app.size[0]
        for _ in range(10):
            app.step(DT, [])
            assert [c.rect.x for c in cards] == placed
