#!/usr/bin/env python3
"""Render the music sources (``music/<key>.txt``) to the OGG files the game plays.

    .venv/bin/python tools/render_music.py [key ...]

Needs FluidSynth, a General MIDI soundfont (``fluid-soundfont-gm``: FluidR3_GM.sf2) and oggenc
(``vorbis-tools``); the game itself only plays the committed files. For each key it writes
``assets/music/<key>.ogg`` (the loop: the reverb tail of its end is mixed into its start, so it
loops without a seam), ``<key>_quiet.ogg`` (the same bars with the quiet tracks only, under the
rules help and pause) and ``<key>_sting.ogg`` (a win), 44.1 kHz stereo, and
``assets/music/manifest.json`` (lengths, peaks, loudness: the game's mixer budgets with them).
Same sources, same soundfont and FluidSynth: the same samples (the MIDI has no randomness).
"""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
import music_score  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ROOT / "music"
OUT = ROOT / "assets" / "music"
RATE = 44100
SOUNDFONTS = ("/usr/share/sounds/sf2/FluidR3_GM.sf2", "/usr/share/soundfonts/FluidR3_GM.sf2")
LOOP_RMS = 10 ** (-21 / 20)     # the loops' loudness (dBFS), before the player's music volume
CEILING = 10 ** (-4 / 20)       # no sample above this (headroom for the cues on top)
QUALITY = {"loop": "0", "quiet": "-1", "sting": "1"}   # oggenc -q per kind: small, soft sounds


def soundfont() -> str | None:
    return next((p for p in SOUNDFONTS if Path(p).exists()), None)


def tools_missing() -> list[str]:
    missing = [t for t in ("fluidsynth", "oggenc") if shutil.which(t) is None]
    return missing + ([] if soundfont() else ["FluidR3_GM.sf2 (fluid-soundfont-gm)"])


def keys() -> list[str]:
    return sorted(p.stem for p in SOURCES.glob("*.txt"))


def load(key: str) -> music_score.Score:
    return music_score.parse((SOURCES / f"{key}.txt").read_text(encoding="utf-8"), key)


def synth(midi: bytes, seconds: float) -> np.ndarray:
    """FluidSynth's float output as (samples, 2), exactly ``seconds`` long (zero-padded)."""
    with tempfile.TemporaryDirectory() as tmp:
        mid, raw = Path(tmp) / "in.mid", Path(tmp) / "out.raw"
        mid.write_bytes(midi)
        subprocess.run(["fluidsynth", "-ni", "-q", "-T", "raw", "-O", "float", "-r", str(RATE), "-g", "0.5",
                        "-o", "synth.cpu-cores=1", "-o", "synth.chorus.active=1", "-F", str(raw),
                        soundfont(), str(mid)], check=True, capture_output=True, timeout=300)
        data = np.frombuffer(raw.read_bytes(), dtype="<f4").reshape(-1, 2)
    n = round(seconds * RATE)
    out = np.zeros((n, 2), dtype=np.float64)
    out[: min(n, len(data))] = data[:n]
    return out


def wrap(audio: np.ndarray, seconds: float) -> np.ndarray:
    """The first ``seconds`` of ``audio`` with what rings on after them mixed into the start:
    played in a loop, the end's reverb flows into the beginning without a seam."""
    n = round(seconds * RATE)
    loop = audio[:n].copy()
    loop[: len(audio) - n] += audio[n:]
    return loop


def synth_form(score: music_score.Score, kind: str) -> np.ndarray:
    """One kind (loop, quiet, sting) straight from FluidSynth, with its tail."""
    form = score.sting if kind == "sting" else score.form
    tracks = score.quiet if kind == "quiet" else None
    tail_ticks = round(score.tail * score.tempo / 60 * music_score.TPQ)
    midi = music_score.midi_bytes(score, form, tracks, extra_ticks=tail_ticks)
    return synth(midi, score.seconds(form) + score.tail)


def render(score: music_score.Score, kinds=("loop", "quiet", "sting")) -> dict[str, np.ndarray]:
    """The loop, its quiet mood and the sting, as float arrays (before the loudness step)."""
    out = {}
    for kind in kinds:
        if (kind == "sting" and not score.sting) or (kind == "quiet" and not score.quiet):
            continue
        audio = synth_form(score, kind)
        if kind == "sting":
            fade = np.linspace(1.0, 0.0, round(0.5 * RATE))[:, None]
            audio[-len(fade):] *= fade
        else:
            audio = wrap(audio, score.seconds())
        out[kind] = audio
    return out


def loudness(audio: np.ndarray) -> tuple[float, float]:
    """(peak, RMS) as fractions of full scale."""
    return float(np.abs(audio).max()), float(np.sqrt(np.mean(audio ** 2)))


def loop_gain(loop: np.ndarray) -> float:
    peak, rms = loudness(loop)
    return min(LOOP_RMS / rms, CEILING / peak)


def level(parts: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """One gain for the loop and its quiet mood (so the quiet one stays quieter), loudness to
    LOOP_RMS under CEILING; the sting to the same ceiling."""
    gain = loop_gain(parts["loop"])
    out = {k: v * gain for k, v in parts.items() if k != "sting"}
    if "sting" in parts:
        peak, rms = loudness(parts["sting"])
        out["sting"] = parts["sting"] * min(CEILING / peak, 1.6 * LOOP_RMS / rms)
    return out


def encode(audio: np.ndarray, path: Path, quality: str) -> None:
    pcm = (np.clip(audio, -1, 1) * 32767).round().astype("<i2")
    with tempfile.TemporaryDirectory() as tmp:
        raw = Path(tmp) / "in.raw"
        raw.write_bytes(pcm.tobytes())
        # -s: a fixed stream serial number, so the same samples give the same file
        subprocess.run(["oggenc", "-Q", "-r", "-B", "16", "-C", "2", "-R", str(RATE), "-q", quality,
                        "-s", "24", "--discard-comments", "-o", str(path), str(raw)], check=True, timeout=300)


def file_name(key: str, kind: str) -> str:
    return f"{key}.ogg" if kind == "loop" else f"{key}_{kind}.ogg"


def main(argv: list[str]) -> int:
    missing = tools_missing()
    if missing:
        raise SystemExit(f"missing: {', '.join(missing)}")
    OUT.mkdir(parents=True, exist_ok=True)
    manifest_path = OUT / "manifest.json"
    manifest = json.loads(manifest_path.read_text()) if manifest_path.exists() else {}
    for key in argv or keys():
        score = load(key)
        parts = level(render(score))
        entry = {"title": score.title, "tempo": score.tempo, "seconds": round(score.seconds(), 3)}
        for kind, audio in parts.items():
            path = OUT / file_name(key, kind)
            encode(audio, path, QUALITY[kind])
            peak, rms = loudness(audio)
            entry[kind] = {"file": path.name, "seconds": round(len(audio) / RATE, 3), "peak": round(peak, 4),
                           "rms": round(rms, 4)}
            print(f"{path.relative_to(ROOT)}: {len(audio) / RATE:.1f} s, peak {peak:.3f}, rms {rms:.4f}, "
                  f"{path.stat().st_size // 1024} KB")
        manifest[key] = entry
    manifest = {k: manifest[k] for k in sorted(manifest) if (SOURCES / f"{k}.txt").exists()}
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
