"""The monkey test: 50,000 random device events through the real kiosk app (see bench/monkey.py);
after every step the stack is not empty and every running game passes its engine's invariants."""
from bench import monkey

SEED = 20261202


def test_fifty_thousand_random_events_break_nothing(tmp_path):
    result = monkey.run(50_000, SEED, home=str(tmp_path))
    assert result.failure is None, (
        f"failed at event {result.fail_at}; reproduce: python bench/monkey.py {result.fail_at + 10} "
        f"--seed {SEED}\n{result.failure}")
    assert result.events == 50_000
    assert result.invariant_checks > 1000
    seen = set(result.scenes)
    for name in ("TitleScene", "TableSelectScene", "SeatSetupScene", "PauseScene", "AttractScene",
                 "StillThereScene", "PinScene", "AdminMenuScene", "NapScene"):
        assert name in seen, f"{name} never came up: {sorted(seen)}"
    assert any(name.endswith("Table") for name in seen)
