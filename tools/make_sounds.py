#!/usr/bin/env python3
"""Synthesise every sound cue of the game with the standard library only (wave + math).

    .venv/bin/python tools/make_sounds.py

Writes ``assets/sounds/<cue>.wav`` (22050 Hz, mono, 16-bit) for every name in
``game.runtime.audio.CUES``, and the menu music loop ``music_town.wav`` (11025 Hz). The cues are short
and soft (peaks well under full scale, gentle attacks and fades) so a kiosk can play them all day.
Deterministic: noise comes from a seeded RNG.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "assets" / "sounds"
RATE = 22050
PEAK = 0.42  # loudest sample as a fraction of full scale


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


def C(n: int) -> float:
    """Frequency of MIDI note n."""
    return 440.0 * 2 ** ((n - 69) / 12)


def make_cues() -> dict[str, list[float]]:
    rng = random.Random(20240)
    cues: dict[str, list[float]] = {}
    cues["ui_move"] = osc(C(81), 0.05, "sine", decay=30, release=0.02)
    cues["ui_confirm"] = mix(
        osc(C(76), 0.09, "triangle", decay=12), osc(C(83), 0.14, "triangle", decay=10), at=[0, 0.06]
    )
    cues["ui_back"] = mix(
        osc(C(76), 0.09, "triangle", decay=12), osc(C(69), 0.14, "triangle", decay=10), at=[0, 0.06]
    )
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
    cues["pass_tap"] = mix(osc(180, 0.1, "sine", decay=35), gain(noise(0.03, rng, 1200, decay=60), 0.5))
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


MUSIC = ("music_town",)
MUSIC_RATE = 11025  # a soft pad needs no more; keeps the loop file small


def make_music() -> list[float]:
    """A slow, quiet 16-second loop for the menus: warm pads (Cmaj7 Am7 Fmaj7 G6) and a soft
    plucked arpeggio. Rendered twice and the second pass kept, so the tails wrap seamlessly."""
    bar = 4.0
    chords = [(48, 55, 59, 64), (45, 52, 55, 60), (41, 48, 52, 57), (43, 50, 52, 59)]
    tracks, starts = [], []
    for rep in range(2):
        for i, chord in enumerate(chords):
            t0 = rep * 16 + i * bar
            for n in chord:
                tracks.append(
                    gain(osc(C(n), bar + 1.2, "triangle", attack=0.9, release=1.4, vibrato=0.6), 0.16)
                )
                starts.append(t0)
            arp = [chord[1] + 12, chord[2] + 12, chord[3] + 12, chord[2] + 12]
            for k in range(8):
                tracks.append(
                    gain(osc(C(arp[k % 4]), 1.0, "sine", decay=3.5, attack=0.01, release=0.3), 0.11)
                )
                starts.append(t0 + k * bar / 8)
    both = mix(*tracks, at=starts)
    loop = both[16 * RATE : 32 * RATE]
    return [(loop[i] + loop[i + 1]) / 2 for i in range(0, len(loop) - 1, 2)]  # 22050 → 11025 Hz


def normalise(track: list[float], peak: float = PEAK) -> list[float]:
    top = max((abs(v) for v in track), default=0.0) or 1.0
    return [v / top * peak for v in track]


def write(path: Path, track: list[float], rate: int = RATE) -> None:
    data = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767)) for v in track)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(data)


def main() -> int:
    sys.path.insert(0, str(ROOT))
    from game.runtime.audio import CUES

    OUT.mkdir(parents=True, exist_ok=True)
    cues = make_cues()
    missing = [c for c in CUES if c not in cues]
    if missing:
        raise SystemExit(f"no recipe for: {', '.join(missing)}")
    quiet = {
        "ui_move": 0.22,
        "deal": 0.3,
        "card_flip": 0.3,
        "pass_tap": 0.3,
        "death_drone": 0.38,
        "purr": 0.3,
        "shuffle": 0.32,
    }
    total = 0
    for name in CUES:
        track = normalise(cues[name], quiet.get(name, PEAK)) + silence(0.01)
        write(OUT / f"{name}.wav", track)
        total += (OUT / f"{name}.wav").stat().st_size
    write(OUT / "music_town.wav", normalise(make_music(), 0.3), MUSIC_RATE)
    total += (OUT / "music_town.wav").stat().st_size
    print(
        f"wrote {len(CUES)} cues and {len(MUSIC)} music loop to {OUT.relative_to(ROOT)} ({total // 1024} KB)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
