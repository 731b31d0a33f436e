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


def test_one_kiosk_per_home_and_the_game_ends_with_its_supervisor(tmp_path):
    """Issue 20.6: a second supervisor for the same home says so in one line and exits non-zero;
    the game of a supervisor killed with SIGKILL ends by itself (no orphan window writing the save)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, str(ROOT / "main.py"), "play", "--kiosk", "--windowed", "--no-audio",
           "--size", "640x360", "--home", str(tmp_path)]
    ready = tmp_path / "data" / "kiosk-ready"
    sup = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait(ready.exists)
        game = _wait(lambda: _children(sup.pid))[0]
        second = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=60)
        assert second.returncode != 0
        lines = second.stderr.strip().splitlines()
        assert len(lines) == 1 and "a kiosk is already running" in lines[0], second.stderr
        assert f"supervisor pid {sup.pid}" in lines[0]
        os.kill(sup.pid, signal.SIGKILL)
        sup.wait(10)
        _wait(lambda: not Path(f"/proc/{game}").exists() or
              "zombie" in Path(f"/proc/{game}/status").read_text(), 20)
    finally:
        if sup.poll() is None:
            sup.kill()
            sup.wait(10)
    log = (tmp_path / "data" / "logs" / "meowcade.log").read_text()
    assert "SIGTERM received; leaving" in log          # the kernel's word that its parent died
