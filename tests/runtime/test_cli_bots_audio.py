"""cli_play headless (--frames, --screenshot, --demo), the bot runner's worker thread, the
sound bank's silent fallback and the music starting after the first frame, assets from source and
"frozen" (the sound files themselves: test_audio_files.py)."""

import sys
import threading

import pygame
import pytest

from cli_play import build_parser, main
from game.art.cats import COATS, POSES, cat_sprites, draw_cat
from game.bots.base import Bot, RandomBot
from game.play.bot_runner import BotRunner
from game.play.session import GameSession, Seat
from game.runtime import assets
from game.runtime.audio import CUES, SoundBank
from scenes.tables import available_tables


def test_cli_frames_and_screenshot_headless(tmp_path):
    shot = tmp_path / "shots" / "title.png"
    code = main(
        [
            "--frames",
            "5",
            "--screenshot",
            str(shot),
            "--size",
            "960x540",
            "--home",
            str(tmp_path),
            "--no-audio",
            "--lang",
            "zh_TW",
            "--fps",
            "144",
        ]
    )
    assert code == 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (960, 540)
    assert (tmp_path / "data" / "logs" / "meowcade.log").read_text(encoding="utf-8").count("first frame") == 1


@pytest.mark.skipif("hungry-meow" not in [t.game for t in available_tables()], reason="no table yet")
def test_cli_demo_starts_at_the_table(tmp_path):
    shot = tmp_path / "demo.png"
    assert (
        main(
            [
                "--demo",
                "hungry-meow:6",
                "--frames",
                "20",
                "--screenshot",
                str(shot),
                "--home",
                str(tmp_path),
                "--no-audio",
                "--seed",
                "3",
            ]
        )
        == 0
    )
    assert shot.exists()


def test_cli_rejects_bad_arguments(tmp_path, capsys):
    parser = build_parser()
    with pytest.raises(SystemExit):
        parser.parse_args(["--size", "big"])
    with pytest.raises(SystemExit):
        parser.parse_args(["--fps", "75"])
    with pytest.raises(SystemExit, match="takes 2-6 players"):
        main(["--demo", "hungry-meow:9", "--frames", "1", "--home", str(tmp_path), "--no-audio"])


class BlockedBot(Bot):
    """Answers only once the test lets it: poll() returning while it is blocked proves the
    runner thinks off the frame, whatever the machine's load (no wall-clock assertion)."""
    name = "blocked"

    def __init__(self, seat, seed, budget=None):
        super().__init__(seat, seed, budget)
        self.release = threading.Event()
        self.started = threading.Event()

    def choose(self, view, legal):
        self.started.set()
        assert self.release.wait(30), "the test never released the bot"
        return legal[-1]


def test_bot_runner_thinks_off_the_frame_and_waits_the_readable_delay():
    session = GameSession("hungry-meow", [Seat("a", "bot"), Seat("b", "bot")], 5)
    blocked = BlockedBot(0, 1)
    runner = BotRunner(session, {0: blocked, 1: RandomBot(1, 2)}, min_delay=0.3)
    assert runner.poll(0.01) is None  # starts thinking and returns while the bot is blocked
    assert blocked.started.wait(30)
    assert runner.poll(0.01) is None  # still thinking: the frame never waits for it
    assert runner.thinking_seat == session.game.current_player
    blocked.release.set()
    assert runner.wait_ready()
    assert runner.poll(0.1) is None  # answered, but too soon to show
    action = runner.poll(0.25)
    assert action == session.game.legal_actions()[-1]
    session.apply(action)
    for _ in range(200):  # the rest of a few turns, RandomBot
        runner.wait_ready()
        a = runner.poll(1.0)
        if a is not None:
            session.apply(a)
        if len(session.actions) > 6 or session.game.over:
            break
    assert len(session.actions) > 1
    # node budgets, no clock: the same seed plays the same game on any machine
    assert session.seats and all(b.budget.clock is None for b in runner.bots.values())


def test_bot_runner_drops_a_stale_answer():
    session = GameSession("hungry-meow", [Seat("a", "bot"), Seat("b", "human")], 5)
    runner = BotRunner(session, {0: RandomBot(0, 1)}, min_delay=0.0)
    runner.poll(0.0)  # seat 0 thinks about the direction
    runner.wait_ready()
    session.apply(session.game.legal_actions()[0])  # ...but the direction is set elsewhere
    for _ in range(50):
        action = runner.poll(1.0)
        if action is not None:
            break
        runner.wait_ready()
    assert not action.startswith("direction")  # the stale answer was thrown away
    assert action in session.game.legal_actions()


def test_sound_bank_is_silent_without_a_device():
    bank = SoundBank(enabled=False)
    for cue in CUES + ("no_such_cue",):
        bank.play(cue)
    assert bank.played[-1] == "no_such_cue" and not bank.enabled


def test_music_loop_plays_and_follows_the_volume(tmp_path):
    from game.runtime.app import App
    from scenes.title import TitleScene

    app = App(size=(640, 360), home=tmp_path, audio=True)   # SDL's dummy audio driver
    try:
        app.stack.push(TitleScene(app))
        app.step(1 / 30)
        assert app.audio.music == "title" and not app.audio.started   # not before frame 1 is up
        app.step(1 / 30)             # the device opens after the first frame; the music starts then
        assert app.audio.music == "title" and app.audio.started
        if app.audio.enabled:
            assert pygame.mixer.music.get_busy()
            app.settings.music_volume = 0.0
            app.save_settings()
            assert pygame.mixer.music.get_volume() == 0.0
    finally:
        app.stack.clear()
        pygame.mixer.music.stop()


def test_resource_path_when_frozen(monkeypatch, tmp_path):
    assert assets.resource_path("assets/fonts/OFL.txt").exists()
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.resource_path("levels/x.tmx") == tmp_path / "levels" / "x.tmx"


def test_cats_draw_every_coat_and_pose_and_cache():
    surf = pygame.Surface((400, 300), pygame.SRCALPHA)
    for coat in COATS:
        for pose in POSES:
            rect = draw_cat(surf, (200, 150), 120, coat, pose, t=1.3)
            assert rect.w > 100
    a = cat_sprites(120, "tabby", "idle", 0.5)
    b = cat_sprites(120, "tabby", "idle", 0.5)
    assert a[0] is b[0] and a[1][0] is b[1][0]
    blink = cat_sprites(120, "tabby", "idle", 0.05)[0]  # t % 4.2 < 0.14: eyes closed
    assert blink is not a[0]
