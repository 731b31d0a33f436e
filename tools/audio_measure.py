"""Measures for audio nobody here can listen to: loudness, spectrum spread, and whether a stretch
of a loop comes back (a repeat the ear would notice). numpy only; the tests and the renderer use it.
"""
from __future__ import annotations

import numpy as np

FFT = 4096
HOP = 2048


def mono(audio: np.ndarray) -> np.ndarray:
    return audio.mean(axis=1) if audio.ndim == 2 else audio


def loudness(audio: np.ndarray) -> tuple[float, float]:
    """(peak, RMS) as fractions of full scale."""
    return float(np.abs(audio).max()), float(np.sqrt(np.mean(np.square(audio))))


def db(x: float) -> float:
    return 20 * np.log10(max(x, 1e-12))


def spectrum(audio: np.ndarray, rate: int) -> tuple[np.ndarray, np.ndarray]:
    """(frequencies, power) averaged over the whole sound (Hann frames of FFT samples)."""
    x = mono(audio)
    if len(x) < FFT:
        x = np.pad(x, (0, FFT - len(x)))
    frames = np.lib.stride_tricks.sliding_window_view(x, FFT)[::HOP // 2]      # a view: no copy
    window = np.hanning(FFT)
    total = np.zeros(FFT // 2 + 1)
    for at in range(0, len(frames), 256):    # a few seconds at a time: all at once was 17x slower
        spec = np.fft.rfft(frames[at:at + 256] * window, axis=1)
        total += (spec.real ** 2 + spec.imag ** 2).sum(axis=0)
    return np.fft.rfftfreq(FFT, 1 / rate), total / len(frames)


def tonal_spread(audio: np.ndarray, rate: int) -> dict:
    """How far from a single tone: the share of power in the strongest 1/3 octave, how many
    1/3-octave bands hold at least 1% of the power, and the spectral centroid (Hz)."""
    freqs, power = spectrum(audio, rate)
    edges = 50 * 2 ** (np.arange(0, 31) / 3)          # 50 Hz .. 51 kHz in thirds of an octave
    bands = np.array([power[(freqs >= lo) & (freqs < hi)].sum()
                      for lo, hi in zip(edges, edges[1:], strict=False)])
    share = bands / bands.sum()
    return {"top_band_share": float(share.max()), "bands_over_1pct": int((share >= 0.01).sum()),
            "centroid": float((freqs * power).sum() / power.sum())}


def features(audio: np.ndarray, rate: int, bands: int = 24, hop: int = 1024, smooth: int = 8) -> np.ndarray:
    """Log energy (dB) in ``bands`` log-spaced bands (60 Hz .. 14 kHz), one row per ``hop`` samples."""
    x = mono(audio).astype(np.float32)
    size = 4 * hop
    frames = np.lib.stride_tricks.sliding_window_view(x, size)[::hop]      # a view: no copy
    window = np.hanning(size).astype(np.float32)
    freqs = np.fft.rfftfreq(size, 1 / rate)
    edges = np.geomspace(60, 14000, bands + 1)
    index = np.searchsorted(edges, freqs) - 1
    out = np.zeros((len(frames), bands), dtype=np.float64)
    for at in range(0, len(frames), 256):       # a few seconds at a time: tens of MB, not hundreds
        power = np.abs(np.fft.rfft(frames[at:at + 256] * window, axis=1)) ** 2
        for b in range(bands):
            out[at:at + 256, b] = power[:, index == b].sum(axis=1)
    if smooth > 1:     # ~0.2 s of context: a copy that starts between two frames still matches
        c = np.concatenate([np.zeros((1, bands)), np.cumsum(out, axis=0)])
        out = (c[smooth:] - c[:-smooth]) / smooth
    return 10 * np.log10(out + 1e-9)


def closest_repeat(audio: np.ndarray, rate: int, window: float = 4.0, hop: int = 1024) -> dict:
    """The two most alike stretches of ``window`` seconds of a loop that do not overlap (around
    its loop point too), compared by their spectra over time: the RMS difference in dB per band
    and frame, after taking out a difference in level (a copy played softer is still a copy),
    against the median of the same for every pair. A repeat scores near 0; two different
    passages of music near 1 (tools/audio_measure's test plants a repeat to show it)."""
    f = features(audio, rate, hop=hop)
    f = (f - f.mean()).astype(np.float32)        # an offset changes no difference; float32 halves memory
    n, bands = f.shape
    w = max(2, round(window * rate / hop))
    level = f.mean(axis=1, dtype=np.float64)
    sq = (f * f).sum(axis=1)
    d2 = f @ f.T                                 # the mean squared dB difference of every two frames,
    d2 *= -2.0                                   # built in place (n x n: 130 MB for two minutes)
    d2 += sq[:, None]
    d2 += sq[None, :]
    d2 /= bands
    ext_level = np.concatenate([level, level])
    c_level = np.concatenate([[0.0], np.cumsum(ext_level)])
    win_level = (c_level[w:] - c_level[:-w]) / w          # window mean level from each frame
    for i in range(1, n):        # sheared in place: d2[i, lag] = frames i and i + lag (round the loop)
        head = d2[i, :i].copy()
        d2[i, :n - i] = d2[i, i:]
        d2[i, n - i:] = head
    shifted = np.lib.stride_tricks.sliding_window_view(win_level, n)       # [lag] = win_level[lag:lag + n]
    best, spans = (np.inf, 0, 0), []
    for first in range(w, n - w + 1, 128):    # 128 lags at a time, a row each: one column of d2 is one
        lags = range(first, min(first + 128, n - w + 1))     # lag's pairs round the loop, w of them again
        c = np.zeros((len(lags), n + w + 1))
        c[:, 1:n + 1] = d2[:, lags.start:lags.stop].T
        c[:, n + 1:] = c[:, 1:w + 1]
        np.cumsum(c[:, 1:], axis=1, out=c[:, 1:])
        mean_sq = (c[:, w:w + n] - c[:, :n]) / w
        offset = win_level[:n] - shifted[lags.start:lags.stop]
        dist = np.sqrt(np.maximum(mean_sq - offset ** 2, 0.0))
        spans.append(dist[:, ::17].ravel())
        at = np.argmin(dist, axis=1)
        for j, lag in enumerate(lags):
            if dist[j, at[j]] < best[0]:
                best = (float(dist[j, at[j]]), int(at[j]), lag)
    typical = float(np.median(np.concatenate(spans)))
    dist, start, lag = best
    return {"ratio": dist / typical, "distance": dist, "typical": typical,
            "at": start * hop / rate, "lag": lag * hop / rate}
