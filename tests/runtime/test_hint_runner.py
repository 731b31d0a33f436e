"""The hint runner asks the advisor in a worker thread, hands back its hint for the position
asked about, and forgets a stale answer."""
import itertools
import threading

import game.play.hint_runner as hint_runner
from game.play.hint_runner import HintRunner
from game.rules.registry import engine


def ticking():
    """A clock that moves 10 ms per reading: the search stops after a few readings, whatever
    the machine's load."""
    ticks = itertools.count()
    return lambda: next(ticks) * 0.01


def test_hint_runner_answers_for_the_position_asked():
    g = engine("hungry-meow").new(2, 3)
    g.apply("direction cw")
    seat = g.current_player
    runner = HintRunner("hungry-meow", seconds=0.25, clock=ticking())
    key = (1, seat)
    runner.ask(key, g.view(seat), g.legal_actions())
    assert runner.wait_ready()
    hint = runner.poll(key)
    assert hint is not None and hint.action in g.legal_actions() and hint.seat == seat
    assert runner.poll(key) == hint            # asked again in the same position: same answer


def test_hint_runner_thinks_off_the_frame_and_drops_stale_answers(monkeypatch):
    started, release = threading.Event(), threading.Event()
    real = hint_runner.advise

    def slow(*args, **kwargs):
        started.set()
        assert release.wait(30), "the test never released the advisor"
        return real(*args, **kwargs)

    monkeypatch.setattr(hint_runner, "advise", slow)
    g = engine("meow-dice").new(2, 4)
    runner = HintRunner("meow-dice", clock=ticking())
    runner.ask((0, 0), g.view(0), g.legal_actions())
    assert started.wait(30)
    assert runner.thinking and runner.poll((0, 0)) is None     # the frame does not wait
    assert runner.poll((1, 0)) is None                          # the position moved on...
    release.set()
    assert runner.wait_ready()
    assert runner.poll((0, 0)) is None                          # ...so that answer is gone


def test_a_failing_advisor_gives_no_hint_and_no_crash(caplog):
    runner = HintRunner("no-such-game", clock=ticking())
    runner.ask("k", {"seat": 0}, ["pass"])
    assert runner.wait_ready()
    assert runner.poll("k") is None
    assert "hint for no-such-game failed" in caplog.text


def test_the_tiger_thinks_in_the_worker_process_and_a_lost_worker_falls_back_to_a_thread():
    from game.play import think_worker

    think_worker.enable()
    try:
        g = engine("zodiac").new(3, 5)
        seat = g.current_player
        runner = HintRunner("zodiac", seconds=0.05)
        runner.ask((0, seat), g.view(seat), g.legal_actions())
        assert "ticket" in runner._job                  # sent to the worker process
        assert runner.wait_ready(30)
        hint = runner.poll((0, seat))
        assert hint is not None and hint.action in g.legal_actions()
        runner.ask((1, seat), g.view(seat), g.legal_actions())
        dying = runner._job["worker"]
        dying.proc.kill()                               # the worker dies with the question
        dying.proc.join(5)
        assert runner.wait_ready(30)                    # asked again in a thread
        assert runner.poll((1, seat)) is not None
    finally:
        think_worker.enable(False)
