"""Issue 24: the sound bank with SDL's dummy audio device — each table and the title play their own
piece, rules help and pause the quiet version from the same place, a win its sting over ducked
music, cues with their variants and limits, and the operator's mute (a staff-only settings row)."""
import random

import pygame
import pytest

from game.runtime.audio import MUSIC_SCALE, SoundBank
from game.runtime.mixer import CUE_SPECS, DUCK_LEVEL
from game.runtime.settings import Settings
from tests.peek import session_of


@pytest.fixture
def bank():
    pygame.mixer.quit()
    b = SoundBank(Settings(), enabled=True, rng=random.Random(3))
    if not b.enabled:
        pytest.skip("no dummy audio device")
    yield b
    pygame.mixer.music.stop()
    pygame.mixer.quit()


def run(bank, seconds, dt=1 / 30):
    for _ in range(round(seconds / dt)):
        bank.update(dt)


def test_each_table_and_the_title_have_their_own_piece(bank):
    files = set()
    for key in ("title", "hungry-meow", "meow-dice", "zodiac"):
        bank.play_music(key)
        assert bank.music == key and bank.playing == f"{key}.ogg"
        assert pygame.mixer.music.get_busy()
        files.add(bank.playing)
    assert len(files) == 4
    bank.play_music("a-table-without-music")        # a new table: the title's piece, no error
    assert bank.playing == "title.ogg"


def test_rules_help_and_pause_hush_the_music_from_the_same_bar(bank):
    bank.play_music("zodiac")
    run(bank, 10.0)
    pause, rules = object(), object()
    bank.hush(pause)
    run(bank, 0.5)                                 # the fade out, then the quiet version
    assert bank.playing == "zodiac_quiet.ogg"
    assert bank.position() == pytest.approx(10.5, abs=0.05)    # it goes on where the piece was
    bank.hush(rules)                               # rules help over pause: still quiet
    bank.hush(pause, False)
    run(bank, 0.5)
    assert bank.playing == "zodiac_quiet.ogg"
    bank.hush(rules, False)
    run(bank, 1.0)
    assert bank.playing == "zodiac.ogg" and bank.fade == 1.0


def test_a_win_plays_the_tables_sting_over_ducked_music(bank):
    bank.play_music("meow-dice")
    run(bank, 1.0)
    full = pygame.mixer.music.get_volume()
    assert full == pytest.approx(0.5 * MUSIC_SCALE, abs=0.01)
    bank.play_sting("meow-dice")
    assert pygame.mixer.Channel(0).get_busy()
    run(bank, 1.0)
    assert pygame.mixer.music.get_volume() == pytest.approx(full * DUCK_LEVEL, abs=0.01)
    run(bank, 8.0)
    assert pygame.mixer.music.get_volume() == pytest.approx(full, abs=0.01)


def test_death_ducks_the_music_and_a_deal_does_not(bank):
    bank.play_music("hungry-meow")
    run(bank, 1.0)
    full = pygame.mixer.music.get_volume()
    bank.play("deal")
    run(bank, 0.2)
    assert pygame.mixer.music.get_volume() == pytest.approx(full)
    bank.play("death_drone")
    run(bank, 0.5)
    assert pygame.mixer.music.get_volume() < 0.5 * full


def test_repeated_cues_pick_variants_and_keep_their_limit(bank):
    chosen = set()
    for _ in range(40):
        bank.play("card_flip")
        chosen.add(id(bank.mixer.voices[-1].handle and bank.mixer.voices[-1].handle.get_sound()))
        assert sum(v.cue == "card_flip" for v in bank.mixer.voices) <= CUE_SPECS["card_flip"].limit
    assert len(chosen) >= 3                        # several variants played, not one file
    levels = {round(v.level, 4) for v in bank.mixer.voices}
    assert len(levels) == len(bank.mixer.voices)   # and each at its own volume


def test_the_operator_mutes_music_or_effects(bank):
    bank.play_music("title")
    run(bank, 0.2)
    assert pygame.mixer.music.get_volume() > 0
    bank.settings.mute = "music"
    run(bank, 0.1)
    assert pygame.mixer.music.get_volume() == 0.0
    bank.play("ui_confirm")
    assert bank.mixer.voices                       # effects still play
    bank.settings.mute = "effects"
    run(bank, 1.0)
    assert pygame.mixer.music.get_volume() > 0
    bank.play("ui_confirm")
    assert not bank.mixer.voices                   # no cue starts
    bank.settings.mute = "all"
    run(bank, 0.1)
    bank.play("ui_confirm")
    assert pygame.mixer.music.get_volume() == 0.0 and not bank.mixer.voices
    assert bank.played[-3:] == ["ui_confirm"] * 3  # asked for all the same (tests, soak)


def test_mute_is_a_staff_row_only(tmp_path):
    from game.runtime.app import App
    from scenes.settings import SettingsScene

    app = App(size=(640, 360), home=tmp_path, audio=False)
    try:
        app.kiosk = True
        keys = lambda staff: [k for k, _ in SettingsScene.rows_for(app, staff)]   # noqa: E731
        assert "mute" in keys(True) and "mute" not in keys(False)
        app.kiosk = False
        assert "mute" not in keys(False)           # at home the volumes do it
        app.kiosk = True
        scene = SettingsScene(app, staff=True)
        app.stack.push(scene)
        app.step(1 / 30)
        scene.change("mute", 1)
        assert app.settings.mute == "music"
        visitor = SettingsScene(app)
        visitor.change("mute", 1)                  # a row a visitor does not have: nothing
        assert app.settings.mute == "music"
        reloaded = type(app.settings)
        from game.runtime.settings import load_settings
        assert load_settings(tmp_path).mute == "music" and reloaded is Settings
    finally:
        app.stack.clear()


def test_a_table_plays_its_own_piece_and_results_keep_it_for_the_sting(tmp_path):
    from cli_play import demo_session
    from game.runtime.app import App
    from scenes.results import ResultsScene
    from scenes.tables import table_info

    app = App(size=(640, 360), home=tmp_path, audio=False)
    try:
        info = table_info("zodiac")
        table = info.scene_class()(app, demo_session(info.game, 2, 4, app.t), attract=False)
        app.stack.push(table)
        app.step(1 / 30)
        assert app.audio.music == "zodiac"
        app.stack.replace(ResultsScene(app, session_of(table)))
        app.step(1 / 30)
        assert app.audio.music == "zodiac" and app.audio.played[-1] == "sting"
    finally:
        app.stack.clear()


def test_cues_decode_a_few_a_frame_after_the_device_opens_or_at_once_when_asked(bank):
    assert not bank.sounds                         # start() opened the device and decoded nothing
    bank.play("dice_clack")                        # ...but a cue asked for is there at once
    assert len(bank.sounds["dice_clack"]) == CUE_SPECS["dice_clack"].variants and bank.mixer.voices
    frames = 0
    while bank._to_load:
        bank.update(1 / 60)
        frames += 1
    assert frames > 1                              # spread over frames, not one long one
    assert {c: len(v) for c, v in bank.sounds.items()} == {c: s.variants for c, s in CUE_SPECS.items()}
