"""The sound mixer's arithmetic, apart from pygame so it can be tested without a device.

- **Per-cue limits**: each cue has at most ``limit`` voices at once; one more steals the oldest
  (forty cards dealt in a burst stay three deal sounds deep, not forty).
- **Master limiter**: the effects bus gain keeps the worst case — every playing voice at its
  peak at the same instant, plus the music at its peak — under ``HEADROOM``, so overlapping cues
  never clip. The gain drops at once when a voice starts and recovers slowly (no pumping).
- **Ducking**: a key cue (Death, an elimination, a win) lowers the music for its length.
- **Variation**: repeated cues (deal, dice, card flip) pick one of their pitch variants (never
  the same one twice running) and a slightly different volume, from the presentation's own
  generator — never the rules' seeded one.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

HEADROOM = 0.95           # of full scale: the mixed worst case stays under this
RECOVER_PER_SECOND = 1.5  # the bus gain comes back up this fast after a burst
DUCK_LEVEL = 0.3          # the music under a key cue
DUCK_ATTACK = 0.08        # seconds to get there
DUCK_RELEASE = 0.9        # seconds to come back


@dataclass(frozen=True)
class CueSpec:
    limit: int = 2            # voices of this cue at once
    variants: int = 1         # files: <cue>.ogg, <cue>~1.ogg ... (pitch variants)
    jitter_db: float = 0.0    # volume varies by up to this many dB below nominal
    duck: bool = False        # the music ducks under it
    volume: float = 1.0       # nominal level (before the effects volume)


# The data the mixer needs about each cue; tools/make_sounds.py renders the variants listed here.
CUE_SPECS: dict[str, CueSpec] = {
    "ui_move": CueSpec(limit=2, variants=3, jitter_db=1.0),
    "ui_confirm": CueSpec(),
    "ui_back": CueSpec(),
    "deal": CueSpec(limit=3, variants=5, jitter_db=2.5),
    "card_slide": CueSpec(limit=3, variants=4, jitter_db=2.0),
    "card_flip": CueSpec(limit=3, variants=5, jitter_db=2.5),
    "shuffle": CueSpec(limit=1, variants=2, jitter_db=1.0),
    "pass_tap": CueSpec(variants=3, jitter_db=1.5),
    "set_play": CueSpec(variants=3, jitter_db=1.5),
    "trick_won": CueSpec(),
    "meal_chime": CueSpec(),
    "death_hiss": CueSpec(limit=1, duck=True),
    "death_drone": CueSpec(limit=1, duck=True),
    "eliminated": CueSpec(limit=1, duck=True),
    "power": CueSpec(),
    "purr": CueSpec(limit=1, variants=2, jitter_db=1.0),
    "win_fanfare": CueSpec(limit=1, duck=True),
    "dice_rattle": CueSpec(limit=2, variants=4, jitter_db=2.0),
    "dice_clack": CueSpec(limit=3, variants=5, jitter_db=2.5),
    "capture_chime": CueSpec(variants=2, jitter_db=1.0),
    "attract_jingle": CueSpec(limit=1),
}
CUES = tuple(CUE_SPECS)


def variant_file(cue: str, index: int) -> str:
    return f"{cue}.ogg" if index == 0 else f"{cue}~{index}.ogg"


class Variation:
    """Which variant and what volume a repeated cue plays with."""

    def __init__(self, rng: random.Random | None = None):
        self.rng = rng or random.Random()          # OS entropy: the presentation's own
        self.last: dict[str, int] = {}

    def pick(self, cue: str, spec: CueSpec) -> tuple[int, float]:
        index = 0
        if spec.variants > 1:
            index = self.rng.randrange(spec.variants - 1)
            if index >= self.last.get(cue, -1) >= 0:
                index += 1                         # never the same one twice running
            self.last[cue] = index
        gain = 10 ** (-self.rng.uniform(0.0, spec.jitter_db) / 20) if spec.jitter_db else 1.0
        return index, gain


@dataclass
class Voice:
    cue: str
    start: float
    end: float
    peak: float               # the sound's own peak x its volume (before the bus gain)
    handle: object = None     # the pygame Channel playing it
    level: float = 1.0        # its volume (before the bus gain)


class Mixer:
    def __init__(self):
        self.voices: list[Voice] = []
        self.bus = 1.0             # the master limiter's gain on the effects
        self.music_peak = 0.0      # the music's peak x its volume now
        self.duck_until = -1.0
        self.duck_gain = 1.0

    def active(self, now: float) -> list[Voice]:
        self.voices = [v for v in self.voices if v.end > now]
        return self.voices

    def admit(self, cue: str, spec: CueSpec, peak: float, seconds: float, now: float,
              handle=None) -> tuple[Voice, list[Voice]]:
        """Start a voice; returns it and the voices it steals (stop them)."""
        same = [v for v in self.active(now) if v.cue == cue]
        stolen = same[: max(0, len(same) - spec.limit + 1)]
        self.voices = [v for v in self.voices if v not in stolen]
        voice = Voice(cue, now, now + seconds, peak, handle)
        self.voices.append(voice)
        if spec.duck:
            self.duck_until = max(self.duck_until, now + seconds)
        self.bus = min(self.bus, self.target_bus())
        return voice, stolen

    def target_bus(self) -> float:
        total = sum(v.peak for v in self.voices)
        room = max(0.0, HEADROOM - self.music_peak)
        return 1.0 if total <= room else room / total

    def update(self, now: float, dt: float) -> None:
        self.active(now)
        target = self.target_bus()
        self.bus = target if target < self.bus else min(target, self.bus + RECOVER_PER_SECOND * dt)
        want = DUCK_LEVEL if now < self.duck_until else 1.0
        rate = (1 - DUCK_LEVEL) / (DUCK_ATTACK if want < self.duck_gain else DUCK_RELEASE)
        step = rate * dt
        if want < self.duck_gain:
            self.duck_gain = max(want, self.duck_gain - step)
        else:
            self.duck_gain = min(want, self.duck_gain + step)

    def worst_case(self) -> float:
        """The loudest the mix can be right now (every voice at its peak together)."""
        return self.music_peak + self.bus * sum(v.peak for v in self.voices)
