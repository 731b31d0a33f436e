"""Read a music source file (``music/<key>.txt``) and write it as a Standard MIDI File.

The format is for a composer with a text editor; ``music/README.md`` describes it. In short:
instruments (General MIDI programs), chord progressions, chord-relative accompaniment patterns,
melodies in absolute notes, sections that combine them, and the form (the order of sections).
Every bar is checked against the metre, so a typo is an error with its line number, not a
shifted piece. The standard library only: the renderer (``tools/render_music.py``) and the tests
import this.
"""
from __future__ import annotations

import random
import re
import struct
from dataclasses import dataclass, field

TPQ = 480                      # MIDI ticks per quarter note
DRUM_CHANNEL = 9
DURATIONS = {"w": 4.0, "h": 2.0, "q": 1.0, "e": 0.5, "s": 0.25}
NOTE_NAMES = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
DRUMS = {"kick": 36, "rim": 37, "snare": 38, "clap": 39, "brush": 40, "hat": 42, "phat": 44,
         "ohat": 46, "tomlo": 45, "tom": 47, "tomhi": 50, "crash": 49, "ride": 51, "bell": 53,
         "tamb": 54, "cowbell": 56, "bongo": 60, "bongolo": 61, "conga": 63, "congalo": 64,
         "shaker": 70, "block": 76, "blocklo": 77, "triangle": 81, "chimes": 84, "gong": 52}
# chord qualities: semitones of the third, fifth, seventh (None: a triad)
QUALITIES = {"": (4, 7, None), "m": (3, 7, None), "7": (4, 7, 10), "maj7": (4, 7, 11),
             "m7": (3, 7, 10), "6": (4, 7, 9), "m6": (3, 7, 9), "dim": (3, 6, None),
             "m7b5": (3, 6, 10), "sus4": (5, 7, None), "sus2": (2, 7, None), "add9": (4, 7, None),
             "madd9": (3, 7, None), "9": (4, 7, 10), "maj9": (4, 7, 11), "m9": (3, 7, 10)}


class ScoreError(ValueError):
    def __init__(self, where: str, message: str):
        super().__init__(f"{where}: {message}")


@dataclass
class Instrument:
    name: str
    channel: int
    program: int = 0
    volume: int = 100
    pan: int = 64
    reverb: int = 40
    chorus: int = 0
    velocity: int = 80
    octave: int = 4            # where chord-relative patterns start (the root's octave)
    drums: bool = False


@dataclass
class Pattern:
    name: str
    bars: list[list[tuple]]    # per bar: (beats, tokens or None for a rest, accent)
    relative: bool             # chord-relative (a pattern) or absolute (a melody)
    where: str = ""


@dataclass
class Section:
    name: str
    chords: str
    parts: dict[str, tuple[str, int | None, int, float]]   # track -> (pattern, program, shift, gain)
    bars: int | None = None


@dataclass
class Score:
    key: str
    title: str = ""
    tempo: float = 90.0
    meter: float = 4.0
    tail: float = 3.0
    instruments: dict[str, Instrument] = field(default_factory=dict)
    chords: dict[str, list[list[str]]] = field(default_factory=dict)
    patterns: dict[tuple[str, str], Pattern] = field(default_factory=dict)
    sections: dict[str, Section] = field(default_factory=dict)
    form: list[str] = field(default_factory=list)
    quiet: dict[str, float] = field(default_factory=dict)   # track -> gain in the quiet mood
    sting: list[str] = field(default_factory=list)

    def bar_seconds(self) -> float:
        return self.meter * 60.0 / self.tempo

    def section_bars(self, name: str) -> int:
        sec = self.sections[name]
        return sec.bars if sec.bars is not None else len(self.chords[sec.chords])

    def seconds(self, form: list[str] | None = None) -> float:
        return sum(self.section_bars(s) for s in (self.form if form is None else form)) * self.bar_seconds()


# ---- reading ---------------------------------------------------------------------------------
def note_number(text: str, where: str) -> int:
    m = re.fullmatch(r"([A-G])(#|b)?(-?\d)", text)
    if not m:
        raise ScoreError(where, f"not a note: {text!r} (write e.g. C4, F#3, Bb5)")
    n = NOTE_NAMES[m.group(1)] + {"#": 1, "b": -1, None: 0}[m.group(2)]
    return 12 * (int(m.group(3)) + 1) + n


def chord_tones(symbol: str, where: str) -> tuple[int, dict[int, int]]:
    """Root pitch class and the semitones of each degree (1 3 5 7 9 ...) above the root."""
    m = re.fullmatch(r"([A-G])(#|b)?(.*)", symbol)
    if not m or m.group(3) not in QUALITIES:
        known = ", ".join(q or "major" for q in QUALITIES)
        raise ScoreError(where, f"not a chord: {symbol!r} (qualities: {known})")
    root = NOTE_NAMES[m.group(1)] + {"#": 1, "b": -1, None: 0}[m.group(2)]
    third, fifth, seventh = QUALITIES[m.group(3)]
    deg = {1: 0, 2: 2, 3: third, 4: 5, 5: fifth, 6: 9, 7: seventh if seventh is not None else 12, 8: 12,
           9: 14}
    for d in range(10, 15):
        deg[d] = deg[d - 7] + 12
    return root % 12, deg


def duration(text: str, where: str) -> float:
    m = re.fullmatch(r"([whqes])(\.?)(t?)", text)
    if not m:
        raise ScoreError(where, f"not a duration: {text!r} (w h q e s, a dot, t for a triplet)")
    beats = DURATIONS[m.group(1)] * (1.5 if m.group(2) else 1.0)
    return beats * 2 / 3 if m.group(3) else beats


def parse_bar(text: str, where: str, meter: float) -> list[tuple]:
    out, total = [], 0.0
    for tok in text.split():
        accent = 0
        while tok[-1] in "!?":
            accent += 16 if tok[-1] == "!" else -22
            tok = tok[:-1]
        if "/" not in tok:
            raise ScoreError(where, f"{tok!r} has no duration (write it as pitch/duration, e.g. C4/q)")
        pitch, dur = tok.rsplit("/", 1)
        beats = duration(dur, where)
        out.append((beats, None if pitch == "r" else pitch.split("+"), accent))
        total += beats
    if abs(total - meter) > 1e-6:
        raise ScoreError(where, f"bar {text.strip()!r} lasts {total:g} beats, not {meter:g}")
    return out


def parse_part(value: str, where: str) -> tuple[str, int | None, int, float]:
    m = re.fullmatch(r"([\w.-]+)(?:@(\d+))?(?:\^([+-]\d+))?(?:\*([\d.]+))?", value)
    if not m:
        raise ScoreError(where, f"not a part: {value!r} (name[@program][^+semitones][*gain])")
    return (m.group(1), int(m.group(2)) if m.group(2) else None, int(m.group(3) or 0),
            float(m.group(4) or 1.0))


def parse(text: str, key: str) -> Score:
    score = Score(key=key)
    channels = iter([c for c in range(16) if c != DRUM_CHANNEL])
    for number, raw in enumerate(text.splitlines(), 1):
        where = f"music/{key}.txt:{number}"
        line = re.sub(r"(^|\s)#(\s.*|$)", "", raw).strip()     # "# a comment"; F#4 is a note
        if not line:
            continue
        head, _, body = line.partition(":")
        words = head.split()
        body = body.strip()
        kind = words[0]
        if kind in ("piece", "tempo", "meter", "tail", "key"):
            if kind == "piece":
                score.title = body
            elif kind != "key":
                setattr(score, kind, float(body))
        elif kind == "instrument":
            opts = dict(o.split("=", 1) for o in body.split() if "=" in o)
            drums = "drums" in body.split()
            inst = Instrument(words[1], DRUM_CHANNEL if drums else next(channels), drums=drums)
            for k, v in opts.items():
                if not hasattr(inst, k):
                    raise ScoreError(where, f"unknown instrument setting {k!r}")
                setattr(inst, k, int(v))
            score.instruments[inst.name] = inst
        elif kind == "chords":
            score.chords[words[1]] = [bar.split() for bar in body.split("|") if bar.strip()]
            for bar in score.chords[words[1]]:
                for sym in bar:
                    chord_tones(sym, where)
        elif kind in ("pattern", "melody"):
            track, name = words[1], words[2]
            bars = [parse_bar(b, where, score.meter) for b in body.split("|") if b.strip()]
            score.patterns[(track, name)] = Pattern(name, bars, kind == "pattern", where)
        elif kind == "section":
            opts = dict(o.split("=", 1) for o in body.split())
            bars = int(opts.pop("bars")) if "bars" in opts else None
            sec = Section(words[1], opts.pop("chords", ""), {}, bars)
            if sec.chords not in score.chords:
                raise ScoreError(where, f"section {sec.name} needs chords=<a progression above>")
            for track, value in opts.items():
                if track not in score.instruments:
                    raise ScoreError(where, f"no instrument {track!r}")
                if value != "-":
                    part = parse_part(value, where)
                    if (track, part[0]) not in score.patterns:
                        raise ScoreError(where, f"no pattern or melody {track} {part[0]}")
                    sec.parts[track] = part
            score.sections[sec.name] = sec
        elif kind in ("form", "sting"):
            names = body.split()
            for n in names:
                if n not in score.sections:
                    raise ScoreError(where, f"no section {n!r}")
            getattr(score, kind).extend(names)
        elif kind == "quiet":
            # quiet: pad guitar lead*0.5   (the tracks kept, each with its own gain)
            for word in body.split():
                track, _, g = word.partition("*")
                if track not in score.instruments:
                    raise ScoreError(where, f"no instrument {track!r}")
                score.quiet[track] = float(g or 1.0)
        else:
            raise ScoreError(where, f"unknown line kind {kind!r}")
    if not score.form:
        raise ScoreError(f"music/{key}.txt", "no form: line")
    return score


# ---- notes -----------------------------------------------------------------------------------
def resolve(token: str, chord: str, inst: Instrument, where: str) -> int:
    """A chord-relative token (1, 3, 5, -5, 8 ...) or a drum name or an absolute note."""
    if inst.drums:
        if token not in DRUMS:
            raise ScoreError(where, f"unknown drum {token!r} (known: {', '.join(DRUMS)})")
        return DRUMS[token]
    m = re.fullmatch(r"(-?)(\d+)", token)
    if not m:
        return note_number(token, where)
    root, deg = chord_tones(chord, where)
    d = int(m.group(2))
    if d not in deg:
        raise ScoreError(where, f"no chord degree {d}")
    return 12 * (inst.octave + 1) + root + deg[d] - (12 if m.group(1) else 0)


def events(score: Score, form: list[str], tracks: dict[str, float] | None = None):
    """(tick, channel, note, velocity, length in ticks) for every note of ``form``, and each
    section's (tick, channel, program) changes."""
    rng = random.Random(score.key)          # a composer's "feel": the same every render
    notes, programs = [], []
    bar_ticks = int(score.meter * TPQ)
    start_bar = 0
    for sec_name in form:
        sec = score.sections[sec_name]
        progression = score.chords[sec.chords]
        nbars = score.section_bars(sec_name)
        for track, (pname, program, shift, part_gain) in sec.parts.items():
            if tracks is not None and track not in tracks:
                continue
            gain = 1.0 if tracks is None else tracks[track]
            inst = score.instruments[track]
            pat = score.patterns[(track, pname)]
            program = inst.program if program is None else program
            programs.append((start_bar * bar_ticks, inst.channel, program))
            for b in range(nbars):
                chords_here = progression[b % len(progression)]
                beat = 0.0
                for beats, tokens, accent in pat.bars[b % len(pat.bars)]:
                    if tokens is not None:
                        # a bar with two chords changes at its half
                        half = int(beat * len(chords_here) / score.meter)
                        chord = chords_here[min(len(chords_here) - 1, half)]
                        vel = inst.velocity + accent + (6 if beat == 0 else 0) + rng.randint(-4, 4)
                        vel = max(1, min(127, round(vel * part_gain * gain)))
                        tick = (start_bar + b) * bar_ticks + round(beat * TPQ)
                        length = max(1, round(beats * TPQ * (0.92 if not inst.drums else 0.5)))
                        for tok in tokens:
                            n = resolve(tok, chord, inst, pat.where) + (0 if inst.drums else shift)
                            notes.append((tick, inst.channel, n, vel, length))
                    beat += beats
        start_bar += nbars
    return notes, programs, start_bar * bar_ticks


def _vlq(n: int) -> bytes:
    out = [n & 0x7F]
    n >>= 7
    while n:
        out.append(0x80 | (n & 0x7F))
        n >>= 7
    return bytes(reversed(out))


def midi_bytes(score: Score, form: list[str], tracks: dict[str, float] | None = None,
               extra_ticks: int = 0) -> bytes:
    """A type-0 Standard MIDI File of ``form``; it ends ``extra_ticks`` after the last bar line
    (room for the reverb tail)."""
    notes, programs, end = events(score, form, tracks)
    end += extra_ticks
    ev = [(0, 0, bytes([0xFF, 0x51, 3]) + round(60_000_000 / score.tempo).to_bytes(3, "big"))]
    for inst in score.instruments.values():
        ch = inst.channel
        ev += [(0, 1, bytes([0xB0 | ch, 7, inst.volume])), (0, 1, bytes([0xB0 | ch, 10, inst.pan])),
               (0, 1, bytes([0xB0 | ch, 91, inst.reverb])), (0, 1, bytes([0xB0 | ch, 93, inst.chorus]))]
    for tick, ch, program in programs:
        ev.append((tick, 2, bytes([0xC0 | ch, program])))
    for tick, ch, n, vel, length in notes:
        ev.append((tick, 4, bytes([0x90 | ch, n, vel])))
        ev.append((tick + length, 3, bytes([0x80 | ch, n, 0])))
    ev.sort(key=lambda e: (e[0], e[1]))
    body, now = b"", 0
    for tick, _, data in ev:
        body += _vlq(tick - now) + data
        now = tick
    body += _vlq(max(0, end - now)) + b"\xff\x2f\x00"
    return (b"MThd" + struct.pack(">IHHH", 6, 0, 1, TPQ) + b"MTrk" + struct.pack(">I", len(body)) + body)
