"""Issue 20.4 and 20.6: a game that stops putting frames on screen is killed (SIGKILL when it
ignores SIGTERM) and restarted like a crash; the game reports its frames through the heartbeat
file; it ends when its supervisor is gone; one kiosk per home."""
import logging
import os
import sys
import textwrap

import pytest

from kiosk import supervisor as sup
from kiosk.lifeline import HEARTBEAT_ENV, SUPERVISOR_ENV, Lifeline
from kiosk.single import HomeLock, HomeTaken
from kiosk.watchdog import Watchdog

# A game that shows a few frames, then hangs in a frame and ignores SIGTERM (as the long seat name
# did in textfit._abbreviate); on its second start it quits normally.
HANGS = textwrap.dedent("""
    import os, pathlib, signal, sys, time
    counter = pathlib.Path(sys.argv[1])
    counter.write_text(counter.read_text() + "x" if counter.exists() else "x")
    if len(counter.read_text()) > 1:
        sys.exit(0)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    beat = pathlib.Path(os.environ["MEOWCADE_KIOSK_HEARTBEAT"])
    for _ in range(4):
        beat.touch()
        os.utime(beat)
        time.sleep(0.2)
    while True:
        time.sleep(1)
""")


def test_a_hung_game_is_killed_and_restarted_like_a_crash(tmp_path, caplog):
    caplog.set_level(logging.INFO)
    script = tmp_path / "hangs.py"
    script.write_text(HANGS)
    s = sup.Supervisor([sys.executable, str(script), str(tmp_path / "starts")], restart_delay=0,
                       heartbeat_path=tmp_path / "heartbeat", hang_seconds=1.0, start_grace=20.0,
                       max_starts=3, kill_grace=0.3)          # SIGTERM ignored for 0.3 s: SIGKILL
    assert s.run() == 0                               # the second start quit normally
    assert s.hangs == 1
    assert s.history == [("child", -9), ("child", 0)]   # SIGTERM ignored: SIGKILL
    text = caplog.text
    assert "game stopped responding (no frame for" in text and "killing it" in text
    assert "game killed by SIGKILL" in text and "restarting the game" in text


class Clock:
    def __init__(self):
        self.t = 100.0

    def __call__(self):
        return self.t


def test_the_watchdog_counts_silence_from_the_last_beat_and_allows_a_slow_start(tmp_path):
    clock = Clock()
    beat = tmp_path / "beat"
    dog = Watchdog(beat, hang_seconds=5, start_grace=30, clock=clock)
    clock.t += 29
    assert dog.stalled() is None                      # still starting: no beat yet
    beat.touch()
    clock.t += 2
    assert dog.stalled() is None and dog.beats == 1
    for _ in range(10):                               # beats keep it quiet
        clock.t += 4
        os.utime(beat, ns=(int(clock.t * 1e9), int(clock.t * 1e9)))
        assert dog.stalled() is None
    clock.t += 6
    assert dog.stalled() == pytest.approx(6)
    never = Watchdog(tmp_path / "none", hang_seconds=5, start_grace=30, clock=clock)
    clock.t += 31
    assert never.stalled() == pytest.approx(31)       # hung before its first frame


def test_the_game_beats_every_frame_and_sees_its_supervisor_gone(tmp_path):
    clock = Clock()
    beat = tmp_path / "beat"
    life = Lifeline.from_env(environ={HEARTBEAT_ENV: str(beat), SUPERVISOR_ENV: str(os.getppid())})
    life.clock = clock
    assert life.update(1 / 60) is False and beat.exists()
    first = beat.stat().st_mtime_ns
    clock.t += 1
    os.utime(beat, ns=(0, 0))
    life.update(1 / 60)
    assert beat.stat().st_mtime_ns != 0 and first
    gone = Lifeline(beat, parent_pid=os.getppid() + 1_000_000, clock=clock)
    assert gone.update() is True                      # its parent is not who started it


def test_a_kiosk_game_whose_supervisor_is_gone_quits(tmp_path):
    from tests.kiosk.helpers import kiosk_app

    app, controller = kiosk_app(tmp_path)
    try:
        controller.lifeline = Lifeline(None, parent_pid=os.getppid() + 1_000_000)
        controller.start()
        app.running = True
        app.step(1 / 30, [])
        assert controller.exit_code == sup.EXIT_ORPHANED and app.running is False
    finally:
        controller.close()
        app.shutdown()


def test_one_kiosk_per_home(tmp_path):
    first = HomeLock(tmp_path).acquire()
    try:
        with pytest.raises(HomeTaken, match=f"supervisor pid {os.getpid()}"):
            HomeLock(tmp_path).acquire()
    finally:
        first.release()
    HomeLock(tmp_path).acquire().release()            # free again once released
