"""The tiger's words and its outline name the same choice: a person who presses only what the
tiger outlines (having done what its words ask first, e.g. ordering the Prophecy cards as it
says) makes exactly the move it advised. Played through whole seeded games of every table, every
kind of hint met is checked, and the kinds each game must meet are named."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.play.session import GameSession, Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.tables import table_info  # noqa: E402
from tests.peek import engine_of, session_of  # noqa: E402

NAMES = ["Mochi", "Tofu", "Biscuit", "Pepper"]
# the hint kinds (text keys) a few seeded games must meet at each table
MUST_MEET = {
    "hungry-meow": {"hm.tiger.beat", "hm.tiger.direction", "hm.tiger.draw1", "hm.tiger.draw5",
                    "hm.tiger.lead", "hm.tiger.pass", "hm.tiger.pass_none", "hm.tiger.pass_safe",
                    "hm.tiger.play_power", "hm.tiger.prophecy_top", "hm.tiger.take"},
    "meow-dice": {"md.tiger.bite", "md.tiger.bite_fishbone", "md.tiger.fishbone", "md.tiger.keep",
                  "md.tiger.keep_badge", "md.tiger.roll", "md.tiger.take", "md.tiger.take_why",
                  "md.tiger.token"},
    "zodiac": {"zc.tiger.known", "zc.tiger.own", "zc.tiger.point_last", "zc.tiger.point_opposite_last",
               "zc.tiger.safe"},
}
OPTIONS = {"hungry-meow": {}, "meow-dice": {"one_bite": True}, "zodiac": {"rounds": 1}}


class Ticks:
    """A clock that moves a millisecond each time it is read: the tiger's 0.25 s of thinking is
    the same search on any machine, however busy (so the same advice, the same games)."""

    def __init__(self):
        self.n = 0

    def __call__(self) -> float:
        self.n += 1
        return self.n / 1000


@pytest.fixture
def app(tmp_path):
    a = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield a
    a.shutdown()


def press(table, name: str) -> None:
    widget = table.widget(name)
    assert widget is not None, (f"the tiger outlines {name!r}, which is not on the table",
                                getattr(table, "mode", None), [n for n, _ in table.named_widgets()])
    widget.on_press()


def prepare(table, hint) -> None:
    """What the words ask before the outlined press: the Prophecy cards in the advised order."""
    words = hint.action.split()
    if words[0] == "prophecy" and words[1] != "skip":
        table.prophecy_order = list(words[2:])


def follow(app, table, kinds: set) -> None:
    """The person asks the tiger (its button's path: the table's advice layer) and presses what
    it outlines, again while it outlines a step on the way (the Prophecy's top/bottom switch);
    the move made is the one advised."""
    table.advice.ask()
    for _ in range(600):
        if table.advice.hint is not None:
            break
        table.advice.runner.wait_ready()
        app.step(1 / 30, [])
    hint = table.advice.hint
    assert hint is not None, "the tiger never answered"
    kinds.add(hint.text.key)
    prepare(table, hint)
    before = len(session_of(table).actions)
    for _ in range(8):               # outlined step by step: press the first, look again
        marks = getattr(table, "hint_marks", None)
        names = marks(list(hint.targets)) if marks else list(hint.targets)
        assert names, (hint.render(app.t), hint.targets, getattr(table, "mode", None))
        press(table, names[0])
        if table.tools.pending is not None:
            table.tools.yes()
        if len(session_of(table).actions) != before:
            break
        app.step(1 / 30, [])
    actions = session_of(table).actions
    assert len(actions) == before + 1, (hint.action, hint.render(app.t), names)
    assert actions[-1] == hint.action, (hint.render(app.t), names, actions[-1])


@pytest.mark.slow
@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_pressing_what_the_tiger_outlines_makes_the_move_it_names(app, game):
    kinds: set[str] = set()
    # (Zodiac's fair tiger, stranger 40e: its words vary more with the game, so more seeds, up to
    # the first that met them all)
    for seed in range(1, 13) if game == "zodiac" else (1, 2, 3):
        if game == "zodiac" and MUST_MEET[game] <= kinds:
            break
        seats = [Seat(NAMES[i], "human" if i == 0 else "bot", "heuristic") for i in range(3)]
        table = table_info(game).scene_class()(app, GameSession(game, seats, seed, OPTIONS[game]))
        table.advice.runner.clock = Ticks()
        app.stack.clear()
        app.stack.push(table)
        app.stack.apply_pending()
        for _ in range(6000):
            if engine_of(table).over or app.stack.top is not table:
                break
            if table.presenter.holding is not None:
                table.presenter.release()
            if table.presenter.busy:
                table.presenter.skip()
            elif getattr(table, "mode", None) == "arrange" and table.my_turn():
                table._arrange_done()
            elif table.my_turn() and table.feed.legal():
                follow(app, table, kinds)
            table.runner.wait_ready()
            app.step(1 / 30, [])
    # the no-capture words come in three truths (seen by all, your own, any: stranger 6, defect 10)
    kinds |= {"zc.tiger.safe"} if kinds & {"zc.tiger.safe_own", "zc.tiger.safe_any"} else set()
    assert MUST_MEET[game] <= kinds, MUST_MEET[game] - kinds
