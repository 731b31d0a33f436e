"""Issue 24: the committed sound files — every cue and its variants at 44.1 kHz, soft and within a
set loudness range of each other, not a single tone; each piece of music, its quiet version and its
sting at 44.1 kHz stereo, two minutes or more, compressed small; and a burst of overlapping cues
mixed the way the mixer sets them never clips."""
import json
import pathlib
import struct
import sys

import numpy as np
import pygame
import pytest

from game.runtime import mixer as M

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import audio_measure  # noqa: E402

SOUNDS = ROOT / "assets" / "sounds"
MUSIC = ROOT / "assets" / "music"
RATE = 44100


def ogg_format(path: pathlib.Path) -> tuple[int, int]:
    """(channels, sample rate) from the Vorbis identification header."""
    data = path.read_bytes()[:200]
    assert data[:4] == b"OggS", path.name
    at = data.index(b"\x01vorbis") + 7
    _version, channels, rate = struct.unpack("<IBI", data[at:at + 9])
    return channels, rate


@pytest.fixture(scope="module")
def decode():
    pygame.mixer.quit()
    pygame.mixer.init(RATE, -16, 2, 1024)

    def samples(path: pathlib.Path) -> np.ndarray:
        """The file as pygame plays it: float samples, mono (the mixer's two channels averaged)."""
        raw = pygame.mixer.Sound(str(path)).get_raw()
        return np.frombuffer(raw, "<i2").reshape(-1, 2).mean(axis=1) / 32768
    yield samples
    pygame.mixer.quit()


def short_term_db(x: np.ndarray) -> float:
    n = int(0.05 * RATE)
    sq = np.concatenate([[0.0], np.cumsum(x * x)])
    return float(10 * np.log10(((sq[n:] - sq[:-n]) / n).max()))


def test_every_cue_and_variant_is_44k_soft_and_short():
    for cue, spec in M.CUE_SPECS.items():
        for i in range(spec.variants):
            path = SOUNDS / M.variant_file(cue, i)
            assert ogg_format(path) == (1, RATE), path.name
    assert not list(SOUNDS.glob("*.wav"))


def test_cue_loudness_sits_in_one_range_and_no_cue_is_a_single_tone(decode):
    info = json.loads((SOUNDS / "cues.json").read_text())
    levels = {}
    for cue in M.CUE_SPECS:
        x = decode(SOUNDS / M.variant_file(cue, 0))
        peak = float(np.abs(x).max())
        assert peak <= 0.53, cue                       # 0.5 before encoding; Vorbis adds a little
        assert 0.02 < len(x) / RATE <= 2.0, cue
        assert info[cue]["peak"] == pytest.approx(peak, abs=0.05), cue   # what the limiter budgets with
        levels[cue] = short_term_db(x)
        assert -23.0 <= levels[cue] <= -15.0, (cue, levels[cue])
        spread = audio_measure.tonal_spread(x, RATE)
        assert spread["top_band_share"] < 0.8, (cue, spread)   # a fifth of the energy or more outside
        assert spread["bands_over_1pct"] >= 2, (cue, spread)   # the strongest third of an octave
    assert max(levels.values()) - min(levels.values()) <= 7.0


def test_the_variants_of_a_repeated_cue_differ_in_pitch(decode):
    for cue in ("deal", "card_flip", "dice_clack", "dice_rattle"):
        lengths = [len(decode(SOUNDS / M.variant_file(cue, i))) for i in range(M.CUE_SPECS[cue].variants)]
        assert len(set(lengths)) == len(lengths), cue  # a higher variant is a shorter one


def test_a_burst_of_overlapping_cues_mixed_by_the_mixer_does_not_clip(decode):
    """Forty cards dealt 40 ms apart over dice, a flip, Death and a fanfare, with the music at full
    volume: each voice is added at its level x the bus gain the mixer gives, the way SDL mixes."""
    piece = json.loads((MUSIC / "manifest.json").read_text())["title"]["loop"]
    music = decode(MUSIC / piece["file"])[: 4 * RATE] * 0.6          # full music volume x MUSIC_SCALE
    plan = [(i * 0.04, "deal") for i in range(40)] + [
        (0.1, "dice_rattle"), (0.12, "dice_clack"), (0.3, "death_hiss"), (0.3, "death_drone"),
        (0.35, "win_fanfare"), (0.4, "card_flip"), (0.5, "power"), (0.32, "eliminated"), (0.33, "meal_chime"),
        (0.34, "capture_chime"), (0.36, "trick_won")]
    mix, out, naive = M.Mixer(), music.copy(), music.copy()
    mix.music_peak = piece["peak"] * 0.6
    info = json.loads((SOUNDS / "cues.json").read_text())
    sounds = {cue: decode(SOUNDS / M.variant_file(cue, 0)) for _, cue in plan}
    playing = {}                                   # voice -> (samples, start sample)
    step = RATE // 60                              # one frame: the bus gain is set every frame
    for a in range(0, len(out), step):
        now = a / RATE
        for start, cue in plan:
            if a <= int(start * RATE) < a + step:
                x = sounds[cue]
                voice, stolen = mix.admit(cue, M.CUE_SPECS[cue], info[cue]["peak"], len(x) / RATE, now)
                for old in stolen:
                    playing.pop(id(old), None)
                playing[id(voice)] = (voice, x, a)
                naive[a:a + len(x)] += x[: len(naive) - a]
        mix.update(now, 1 / 60)
        for voice, x, b in list(playing.values()):
            lo, hi = a - b, min(len(x), a - b + step, len(out) - b)
            if lo >= len(x):
                playing.pop(id(voice))
                continue
            out[a:b + hi] += x[lo:hi] * mix.bus
    assert np.abs(naive).max() > 1.0                 # summed as they come, the burst would clip
    assert np.abs(out).max() <= M.HEADROOM


def test_each_piece_has_its_loop_quiet_version_and_sting():
    manifest = json.loads((MUSIC / "manifest.json").read_text())
    assert set(manifest) == {p.stem for p in (ROOT / "music").glob("*.txt")} >= {"title", "hungry-meow",
                                                                                   "meow-dice", "zodiac"}
    total = 0
    for key, entry in manifest.items():
        assert entry["seconds"] >= 120, key
        for kind in ("loop", "quiet", "sting"):
            path = MUSIC / entry[kind]["file"]
            assert ogg_format(path) == (2, RATE), path.name
            assert entry[kind]["peak"] < 0.65, path.name
            total += path.stat().st_size
        assert entry["quiet"]["rms"] < 0.7 * entry["loop"]["rms"], key      # at least 3 dB quieter
        assert 3 <= entry["sting"]["seconds"] <= 10, key
    assert total < 8 * 1024 * 1024
