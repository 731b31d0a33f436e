"""The monkey test: 50,000 random device events through the real kiosk app (see bench/monkey.py);
after every step the stack is not empty and every running game passes its engine's invariants.
Between the random stretches every screen gets an idle drill: nobody touches the kiosk until it
is back in attract mode, and it must get there the way its idle rules say (``idle_drill``)."""
import pytest

from bench import monkey

SEED = 20261202


@pytest.mark.slow
def test_fifty_thousand_random_events_break_nothing(tmp_path):
    # every third frame drawn (and every new screen or overlay at once): drawing was two thirds of
    # the cost; bench/monkey.py draws every frame, and the Xvfb soak draws every frame for hours
    result = monkey.run(50_000, SEED, home=str(tmp_path), draw_every=3)
    assert result.failure is None, (
        f"failed at event {result.fail_at}; reproduce: python bench/monkey.py {result.fail_at + 10} "
        f"--seed {SEED}\n{result.failure}")
    assert result.events == 50_000
    assert result.invariant_checks > 1000
    # every screen had its idle drill, whatever path the random events took
    drills = {name: (kind, outcome) for name, kind, outcome in result.drills}
    assert set(drills) == set(result.screens)
    for name, (kind, outcome) in drills.items():
        if kind == "play":          # tables, lessons, seat setup, results, pause …: warned, then reset
            assert outcome == "still_there>attract", (name, outcome)
        elif name == "nap":
            assert outcome == "nap"
        else:                       # the title, attract, the staff screens, a "Still there?" running out
            assert outcome == "attract", (name, outcome)
    for game in ("hungry-meow", "meow-dice", "zodiac"):
        assert drills[f"lesson:{game}"] == ("play", "still_there>attract")
        assert drills[f"table:{game}:1p"] == ("play", "still_there>attract")
    seen = set(result.scenes)
    for name in ("TitleScene", "TableSelectScene", "SeatSetupScene", "PauseScene", "AttractScene",
                 "StillThereScene", "PinScene", "AdminMenuScene", "NapScene"):
        assert name in seen, f"{name} never came up: {sorted(seen)}"
    assert any(name.endswith("Table") for name in seen)
    assert any(name.startswith("Lesson") for name in seen)
