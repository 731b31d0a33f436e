#!/usr/bin/env python3
"""Synthesise every sound cue of the game (math for the synthesis, numpy for levels and pitch).

    .venv/bin/python tools/make_sounds.py

Writes ``assets/sounds/<cue>.ogg`` (44.1 kHz, mono) for every cue in
``game.runtime.mixer.CUE_SPECS``, and ``<cue>~1.ogg`` ... for the pitch variants of repeated cues
(a little higher or lower, with fresh noise), plus ``cues.json`` (peaks, lengths, loudness: the
mixer's limiter budgets with the peaks). The cues are short and soft (set to a short-term
loudness, peaks at most half of full scale, gentle attacks and fades) so a kiosk can play them all
day. Needs numpy and oggenc (vorbis-tools). Deterministic: noise comes from seeded RNGs. The music
is not made here: tools/render_music.py renders it from music/*.txt.
"""

from __future__ import annotations

import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
RATE = 44100


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def env(n: int, attack: float = 0.005, release: float = 0.05, curve: float = 1.0) -> list[float]:
    a, r = max(1, int(RATE * attack)), max(1, int(RATE * release))
    out = []
    for i in range(n):
        v = 1.0
        if i < a:
            v = i / a
        if i > n - r:
            v *= max(0.0, (n - i) / r) ** curve
        out.append(v)
    return out


def osc(
    freq,
    seconds: float,
    shape: str = "sine",
    decay: float = 0.0,
    attack: float = 0.004,
    release: float = 0.04,
    vibrato: float = 0.0,
) -> list[float]:
    """``freq`` may be a number or a function of time (sweeps)."""
    n = int(RATE * seconds)
    e = env(n, attack, release)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = freq(t) if callable(freq) else freq
        if vibrato:
            f *= 1 + 0.01 * vibrato * math.sin(2 * math.pi * 5.5 * t)
        phase += 2 * math.pi * f / RATE
        if shape == "sine":
            v = math.sin(phase)
        elif shape == "triangle":
            v = 2 / math.pi * math.asin(math.sin(phase))
        elif shape == "soft_square":
            v = math.tanh(3 * math.sin(phase)) * 0.7
        else:
            raise ValueError(shape)
        if decay:
            v *= math.exp(-decay * t)
        out.append(v * e[i])
    return out


def noise(
    seconds: float,
    rng: random.Random,
    cutoff: float = 3000.0,
    decay: float = 0.0,
    attack: float = 0.003,
    release: float = 0.03,
    highpass: bool = False,
) -> list[float]:
    """Filtered white noise (one-pole low-pass, or the remainder = high-pass)."""
    n = int(RATE * seconds)
    e = env(n, attack, release)
    alpha = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    low, out = 0.0, []
    for i in range(n):
        x = rng.uniform(-1, 1)
        low += alpha * (x - low)
        v = (x - low) if highpass else low * 2.2
        if decay:
            v *= math.exp(-decay * i / RATE)
        out.append(v * e[i])
    return out


def mix(*tracks, at=None) -> list[float]:
    """Sum tracks; ``at`` gives each one's start time in seconds."""
    at = at or [0.0] * len(tracks)
    n = max(int(RATE * s) + len(t) for t, s in zip(tracks, at, strict=True))
    out = [0.0] * n
    for track, start in zip(tracks, at, strict=True):
        o = int(RATE * start)
        for i, v in enumerate(track):
            out[o + i] += v
    return out


def gain(track, g: float) -> list[float]:
    return [v * g for v in track]


def bell(freq: float, seconds: float, decay: float = 6.0) -> list[float]:
    return mix(
        osc(freq, seconds, decay=decay),
        gain(osc(freq * 2.76, seconds, decay=decay * 1.8), 0.35),
        gain(osc(freq * 5.4, seconds, decay=decay * 3), 0.12),
    )


def notes(seq, shape="triangle", length=0.16, gap=0.0, decay=4.0) -> list[float]:
    tracks, starts, t = [], [], 0.0
    for f in seq:
        if f:
            tracks.append(osc(f, length * 1.6, shape, decay=decay, release=0.06))
            starts.append(t)
        t += length + gap
    return mix(*tracks, at=starts)


def pluck(n: int, seconds: float, decay: float) -> list[float]:
    """A soft plucked note: a triangle and a quieter octave (a bare tone sounds like a test beep)."""
    octave = gain(osc(C(n + 12), seconds, decay=decay * 1.5), 0.5)
    return mix(osc(C(n), seconds, "triangle", decay=decay), octave)


def C(n: int) -> float:
    """Frequency of MIDI note n."""
    return 440.0 * 2 ** ((n - 69) / 12)


def make_cues(rng: random.Random) -> dict[str, list[float]]:
    cues: dict[str, list[float]] = {}
    cues["ui_move"] = mix(  # a soft tick: a note, a fifth above and a touch of noise (not a bare sine)
        osc(C(81), 0.05, "triangle", decay=30, release=0.02),
        gain(osc(C(88), 0.05, "sine", decay=30, release=0.02), 0.9),
        gain(noise(0.012, rng, 5000, decay=200), 0.25),
    )
    cues["ui_confirm"] = mix(pluck(76, 0.09, 12), pluck(83, 0.14, 10), at=[0, 0.06])
    cues["ui_back"] = mix(pluck(76, 0.09, 12), pluck(69, 0.14, 10), at=[0, 0.06])
    cues["deal"] = noise(0.075, rng, 2600, decay=25, attack=0.006)
    cues["card_slide"] = mix(
        noise(0.2, rng, 1800, decay=8, attack=0.02, release=0.08),
        gain(noise(0.12, rng, 5000, decay=20, highpass=True), 0.25),
        at=[0, 0.02],
    )
    cues["card_flip"] = mix(
        gain(noise(0.02, rng, 6000, decay=80), 1.2), noise(0.06, rng, 2200, decay=35), at=[0, 0.012]
    )
    riffle = [gain(noise(0.025, rng, 3000 + 200 * i, decay=90), 0.8 + 0.02 * i) for i in range(16)]
    cues["shuffle"] = mix(*riffle, at=[i * 0.035 + rng.uniform(0, 0.008) for i in range(16)])
    cues["pass_tap"] = mix(  # a knock on the crate: body, overtone, the knuckle's noise
        gain(osc(180, 0.1, "sine", decay=45), 0.7), gain(osc(410, 0.07, "triangle", decay=45), 0.8),
        gain(noise(0.035, rng, 2400, decay=50), 1.6),
    )
    cues["set_play"] = mix(
        osc(lambda t: 150 - 60 * t, 0.14, "sine", decay=20), noise(0.12, rng, 2000, decay=25), at=[0.02, 0]
    )
    cues["trick_won"] = notes([C(72), C(76), C(79)], length=0.09, decay=7)
    cues["meal_chime"] = mix(gain(bell(C(88), 0.5), 0.6), gain(bell(C(93), 0.7), 0.6), at=[0, 0.09])
    cues["death_hiss"] = mix(
        gain(noise(0.7, rng, 7000, attack=0.12, release=0.35, highpass=True), 0.9),
        gain(noise(0.7, rng, 900, attack=0.2, release=0.3), 0.3),
    )
    cues["death_drone"] = mix(
        osc(55, 1.6, "sine", attack=0.3, release=0.6, vibrato=2),
        gain(osc(82.4, 1.6, "triangle", attack=0.4, release=0.6), 0.45),
        gain(osc(58.3, 1.6, "sine", attack=0.5, release=0.6), 0.35),
    )
    cues["eliminated"] = osc(lambda t: 440 * 2 ** (-3 * t), 0.65, "triangle", attack=0.01, release=0.2)
    sparkle = [gain(osc(C(84 + (i * 5) % 12), 0.12, "sine", decay=20), 0.5) for i in range(6)]
    cues["power"] = mix(
        gain(osc(lambda t: 300 + 900 * t, 0.5, "triangle", attack=0.05, release=0.15), 0.5),
        *sparkle,
        at=[0] + [0.05 + i * 0.07 for i in range(6)],
    )
    purr = noise(0.9, rng, 260, attack=0.08, release=0.25)
    cues["purr"] = [v * (0.55 + 0.45 * math.sin(2 * math.pi * 24 * i / RATE)) for i, v in enumerate(purr)]
    fan = notes([C(72), C(76), C(79), C(84)], "soft_square", length=0.11, decay=5)
    chord = mix(*[gain(osc(C(n), 0.8, "triangle", decay=2.5, release=0.3), 0.5) for n in (72, 76, 79, 84)])
    cues["win_fanfare"] = mix(fan, chord, at=[0, 0.46])
    clacks = [
        gain(
            mix(noise(0.03, rng, 4000, decay=70), gain(osc(1900 + 300 * rng.random(), 0.03, decay=90), 0.4)),
            0.6 + 0.4 * rng.random(),
        )
        for _ in range(9)
    ]
    cues["dice_rattle"] = mix(*clacks, at=sorted(rng.uniform(0, 0.38) for _ in range(9)))
    cues["dice_clack"] = mix(
        noise(0.05, rng, 5000, decay=60),
        gain(osc(2100, 0.05, decay=70), 0.5),
        gain(osc(160, 0.07, decay=45), 0.6),
    )
    cues["capture_chime"] = mix(gain(bell(C(91), 0.45), 0.55), gain(bell(C(86), 0.5), 0.45), at=[0, 0.07])
    jingle = [C(n) for n in (72, 76, 79, 81, 79, 76, 84)]
    cues["attract_jingle"] = mix(
        notes(jingle, "triangle", length=0.17, decay=4),
        gain(notes([C(48), None, C(55), None, C(53), None, C(48)], "sine", length=0.17, decay=3), 0.6),
    )
    return cues


# Short-term loudness (the loudest 50 ms, RMS, dBFS) each cue is set to: the frequent small
# sounds (a deal, a flip, a tick) sit lower than the moments (a chime, a fanfare, Death).
LOUD = -17.0
SOFT = -21.0
SOFT_CUES = {"ui_move", "deal", "card_flip", "card_slide", "pass_tap", "shuffle", "dice_rattle", "dice_clack",
             "purr", "set_play"}
PEAK_CAP = 0.5     # no cue's sample above this (two at once still leave room: game/runtime/mixer.py)
SPREAD_CENTS = 70  # the variants of a repeated cue span this much either side of the original


def short_term(x) -> float:
    """The loudest 50 ms of ``x`` (RMS, dBFS)."""
    import numpy as np

    n = max(1, int(0.05 * RATE))
    sq = np.concatenate([[0.0], np.cumsum(np.square(x))])
    windows = (sq[n:] - sq[:-n]) / n if len(x) > n else np.array([sq[-1] / len(x)])
    return float(10 * np.log10(max(windows.max(), 1e-12)))


def level(name: str, track):
    import numpy as np

    x = np.asarray(track, dtype=np.float64)
    target = SOFT if name in SOFT_CUES else LOUD
    gain = min(10 ** ((target - short_term(x)) / 20), PEAK_CAP / max(np.abs(x).max(), 1e-9))
    return x * gain


def repitch(x, factor: float):
    """``x`` played ``factor`` times faster (higher and shorter), by linear interpolation."""
    import numpy as np

    if factor == 1.0:
        return x
    t = np.arange(0, len(x) - 1, factor)
    return np.interp(t, np.arange(len(x)), x)


def encode(path: Path, x) -> None:
    import numpy as np

    pcm = (np.clip(x, -1, 1) * 32767).round().astype("<i2")
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "in.raw"
        raw.write_bytes(pcm.tobytes())
        subprocess.run(["oggenc", "-Q", "-r", "-B", "16", "-C", "1", "-R", str(RATE), "-q", "3", "-s", "11",
                        "--discard-comments", "-o", str(path), str(raw)], check=True)


def main() -> int:
    sys.path.insert(0, str(ROOT))
    import numpy as np

    from game.runtime.mixer import CUE_SPECS, variant_file

    if shutil.which("oggenc") is None:
        raise SystemExit("oggenc is missing (vorbis-tools)")
    OUT.mkdir(parents=True, exist_ok=True)
    for old in list(OUT.glob("*.wav")) + list(OUT.glob("*.ogg")):
        old.unlink()
    most = max(spec.variants for spec in CUE_SPECS.values())
    sets = [make_cues(random.Random(20240 + i)) for i in range(most)]   # fresh noise per variant
    missing = [c for c in CUE_SPECS if c not in sets[0]]
    if missing:
        raise SystemExit(f"no recipe for: {', '.join(missing)}")
    info, total = {}, 0
    for name, spec in CUE_SPECS.items():
        base = level(name, sets[0][name])
        peaks = []
        for i in range(spec.variants):
            # the original, then +a, -a, +2a, -2a ... up to SPREAD_CENTS either side
            steps = math.ceil((spec.variants - 1) / 2) or 1
            cents = 0.0 if i == 0 else SPREAD_CENTS * ((i + 1) // 2) / steps * (1 if i % 2 else -1)
            x = level(name, sets[i][name]) if i else base
            x = np.concatenate([repitch(x, 2 ** (cents / 1200)), np.zeros(int(0.01 * RATE))])
            path = OUT / variant_file(name, i)
            encode(path, x)
            total += path.stat().st_size
            peaks.append(float(np.abs(x).max()))
        info[name] = {"peak": round(max(peaks), 4), "seconds": round(len(base) / RATE, 3),
                      "loudness_db": round(short_term(base), 1), "variants": spec.variants}
    (OUT / "cues.json").write_text(json.dumps(info, indent=1) + "\n")
    print(f"wrote {sum(s.variants for s in CUE_SPECS.values())} files for {len(CUE_SPECS)} cues to "
          f"{OUT.relative_to(ROOT)} ({total // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
