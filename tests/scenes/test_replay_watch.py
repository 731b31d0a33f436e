"""Watching a replay (the results' "Watch replay" and ``replay FILE --watch``): pause, step, back,
speed and seek, then on to the end; and the command line's watch of an exported game."""
from __future__ import annotations

import subprocess
import sys

import pytest

from game.play.match import Match
from game.play.session import GameSession, Seat
from game.runtime.app import App
from game.runtime.input import Intent
from scenes.table.replay import replay_scene
from tests.peek import engine_of
from tests.scenes.hm_driver import UNSEEN

from ..cli.test_simulate import ROOT


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    app.draw_every(UNSEEN)
    yield app
    app.shutdown()


def finished_session() -> GameSession:
    seats = [Seat(f"Cat{i}", "bot", "heuristic", "tabby") for i in range(3)]
    match = Match.new("hungry-meow", seats, 4)
    match.play_out()
    return match.session


def press(app, intent: Intent) -> None:
    app.stack.top.handle(intent)
    app.step(1 / 30, [])


def settle(app, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 30, [])
        if app.stack.top is not None:
            app.stack.top.presenter.skip()


def test_pause_step_back_speed_seek_and_the_end(app):
    session = finished_session()
    total = len(session.actions)
    app.stack.push(replay_scene(app, session))
    settle(app)
    press(app, Intent("confirm"))
    table = app.stack.top
    assert table.replay_paused
    at = table.replay_at
    settle(app, 10)
    assert table.replay_at == at                       # paused: nothing moves
    press(app, Intent("move", direction="right"))
    settle(app)
    assert table.replay_at == at + 1                   # one step
    press(app, Intent("move", direction="up"))
    assert table.replay_speed == 2.0
    press(app, Intent("move", direction="left"))
    settle(app)
    back = app.stack.top
    assert back is not table and back.replay_at == at and back.replay_paused and back.replay_speed == 2.0
    again = GameSession("hungry-meow", session.seats, session.seed)
    for action in session.actions[:at]:
        again.apply(action)
    assert engine_of(back).dump() == again.game.dump()       # the table as it was at that move
    press(app, Intent("next"))
    settle(app)
    assert app.stack.top.replay_at == min(total, at + max(1, total // 10))
    press(app, Intent("confirm"))              # play on to the end, then leave
    assert len(app.stack.scenes) == 1
    for _ in range(20000):
        if not app.stack.scenes:
            break
        settle(app, 1)
    assert not app.stack.scenes


def test_the_bar_buttons_work_with_a_pointer(app):
    app.stack.push(replay_scene(app, finished_session()))
    settle(app)
    table = app.stack.top
    rect = dict(table.replay_buttons)["play"]
    press(app, Intent("click", pos=rect.center))
    assert table.replay_paused


def test_the_command_line_watches_an_exported_game(tmp_path):
    path, shot = tmp_path / "g.json", tmp_path / "g.png"
    run = [sys.executable, "main.py"]
    env = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"}
    export = ["simulate", "zodiac", "--players", "3", "--games", "2", "--bots", "heuristic",
              "--export", "1", str(path)]
    done = subprocess.run(run + export, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    watch = ["replay", str(path), "--watch", "--at", "20", "--frames", "20", "--screenshot", str(shot),
             "--no-audio", "--home", str(tmp_path)]
    done = subprocess.run(run + watch, cwd=ROOT, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    assert shot.stat().st_size > 10000
    path.write_text('{"game": "zodaic", "players": 3, "seed": 1, "actions": []}')
    done = subprocess.run(run + ["replay", str(path), "--watch"], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, env=env)
    assert done.returncode == 1 and "did you mean 'zodiac'" in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.parametrize("game,players,bots", [("hungry-meow", 4, ["heuristic"]),
                                               ("meow-dice", 3, ["heuristic", "random", "search"]),
                                               ("zodiac", 3, ["tiger", "housecat", "kitten"])])
def test_an_exported_game_watched_on_its_table_reaches_its_end(app, game, players, bots):
    from cli_replay import session_of
    from game.simulation import simulate

    plan = simulate.Plan(game, players, 3, 9, bots, nodes=20)
    record = simulate.export_record(plan, 2)
    app.stack.push(replay_scene(app, session_of(record)))
    settle(app)
    table = app.stack.top
    for _ in range(40000):
        if not app.stack.scenes:
            break
        settle(app, 1)
    assert not app.stack.scenes and table.replay_at == len(record["actions"])
    assert engine_of(table).over and engine_of(table).winners == record["simulate"]["winners"]
