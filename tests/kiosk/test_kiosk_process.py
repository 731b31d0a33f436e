"""The kiosk as an operator starts it: ``main.py play --kiosk`` runs the supervisor, which runs the
game; the game killed from outside (SIGKILL) comes back on screen by itself; SIGTERM to the
supervisor ends both."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _children(pid):
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _wait(cond, timeout=60.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = cond()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("timed out")


def test_supervisor_brings_the_killed_game_back(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    ready = tmp_path / "data" / "kiosk-ready"
    sup = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "play", "--kiosk", "--windowed",
                            "--no-audio", "--size", "640x360", "--home", str(tmp_path)], env=env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait(ready.exists)
        stamp = ready.read_text()
        first = _wait(lambda: _children(sup.pid))[0]
        os.kill(first, signal.SIGKILL)
        # a new game process is on screen (the supervisor clears the file before each start)
        _wait(lambda: ready.exists() and ready.read_text() not in ("", stamp))
        second = _children(sup.pid)
        assert second and second[0] != first
        sup.send_signal(signal.SIGTERM)
        assert sup.wait(20) == 0
        _wait(lambda: not Path(f"/proc/{second[0]}").exists() or
              "zombie" in Path(f"/proc/{second[0]}/status").read_text(), 10)
    finally:
        if sup.poll() is None:
            sup.kill()
            sup.wait(10)
    log = (tmp_path / "data" / "logs" / "meowcade.log").read_text()
    assert "game killed by SIGKILL" in log and "restarting the game" in log
    assert "game on screen" in log
    assert "SIGTERM received; leaving" in log                     # the game ended itself, no SIGKILL
    assert log.count("killed by SIGKILL") == 1
