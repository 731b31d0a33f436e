"""At the "Faster" animation speed a big moment still stands ``READ`` real seconds, banner and
line, unless a press hurries it (stranger 11, defect 3: a Death-and-save was told by "You drew
Loaf" alone, a computer cat's knock-out passed between two screenshots). The normal speed keeps its
own pacing."""
from __future__ import annotations

import pytest

from game.rules.base import Event
from scenes.table.presenter import READ
from tests.scenes.test_overlap_audit import DT, app, person_turn  # noqa: F401

SAVED = Event("SurvivedDeath", {"seat": 1, "card": "LOAF"})
MOMENTS = [
    ("hungry-meow", True, lambda p: p.on_SurvivedDeath(SAVED, [])),
    ("hungry-meow", False, lambda p: p.on_TrickWon(Event("TrickWon", {"seat": 1, "cards": []}), [])),  # line
    ("hungry-meow", True, lambda p: p.on_Eliminated(Event("Eliminated", {"seat": 1, "card": "R3P"}), [])),
    ("meow-dice", True, lambda p: p.on_FishboneTaken(Event("FishboneTaken", {"seat": 1, "card": None}), [])),
]


def _run(table, build, hurry_after: float | None = None) -> tuple[float, float]:
    """(seconds the moment's timeline ran, its banner's life) when played alone."""
    presenter = table.presenter
    presenter.finish_all()
    presenter.banner = None
    presenter.push(build)
    seconds, life = 0.0, 0.0
    while presenter.busy and seconds < 30:
        presenter.update(DT)
        seconds += DT
        if presenter.banner is not None:
            life = max(life, presenter.banner[2] + seconds)
        if hurry_after is not None and seconds >= hurry_after:
            presenter.skip()
    return seconds, life


@pytest.mark.parametrize("game, banner, build", MOMENTS)
def test_a_big_moment_stands_long_enough_at_the_fastest_speed(app, game, banner, build):  # noqa: F811
    table = person_turn(app, game, 3)
    table.presenter.read = lambda *a, **k: None          # the table's own bot read, not this moment
    app.settings.animation_speed = "faster"
    try:
        seconds, life = _run(table, lambda: build(table.presenter))
        assert seconds >= READ - DT, f"the moment went by in {seconds:.2f} s"
        assert life >= READ or not banner, f"its banner stood {life:.2f} s"
        hurried, _ = _run(table, lambda: build(table.presenter), hurry_after=0.2)
        assert hurried < 0.5                             # a press still hurries it
    finally:
        app.settings.animation_speed = "normal"


def test_the_normal_speed_keeps_its_pacing(app):  # noqa: F811
    table = person_turn(app, "hungry-meow", 3)
    app.settings.animation_speed = "normal"
    seconds, _ = _run(table, lambda: table.presenter.on_SurvivedDeath(
        Event("SurvivedDeath", {"seat": 1, "card": "LOAF"}), []))
    assert seconds < READ - 0.3                          # 0.6 s as designed: no floor added


def test_a_zodiac_catch_banner_stands_at_the_fastest_speed(app):  # noqa: F811
    """The catch's own handler needs a dealt board; its banner and floor are the shared ones."""
    table = person_turn(app, "zodiac", 3)
    app.settings.animation_speed = "faster"
    p = table.presenter

    def catch():
        tl = p.tl()
        p.shout(tl, "Miso catches three Ox!", None, 1.4, big=True)
        tl.wait(0.45)
        p.floor(tl)
        return tl
    try:
        seconds, life = _run(table, catch)
        assert seconds >= READ - DT and life >= READ
    finally:
        app.settings.animation_speed = "normal"
