"""Sound cues and music. ``SoundBank.play(cue)`` never raises: with no audio device it stays
silent, and a cue whose file does not load is silent on its own (one warning in the log).

Cues are OGG files in ``assets/sounds`` made by ``tools/make_sounds.py`` (44.1 kHz; repeated cues
have pitch variants, see ``game.runtime.mixer``). Music is ``assets/music/<key>.ogg``, rendered
from ``music/<key>.txt`` by ``tools/render_music.py``: one piece per key (the title, each table
by its level's name), a quiet version of it (``hush``: rules help, pause) and a win sting. The
effects volume scales every cue and the music volume the music; the kiosk operator's ``mute``
setting silences either. ``update(dt)`` (every frame) runs the mixer's limiter and ducking.

``defer=True`` (the App) opens the device and loads the cues only at ``start()``, which the App
calls once its first frame is on screen: opening an audio device (a sound server) can take longer
than the whole first frame, and a kiosk restart should show the visitor's game first. Music asked
for before then starts with the device.
"""
from __future__ import annotations

import json
import logging
import random
import time

from game.runtime.assets import resource_path
from game.runtime.mixer import CUE_SPECS, CUES, CueSpec, Mixer, Variation, variant_file

__all__ = ["CUES", "SoundBank"]
MUSIC_SCALE = 0.6          # the music volume setting x this: music sits under the cues
STING_SCALE = 0.8
SWITCH_FADE = 0.3          # seconds out and in when the quiet version takes over
DEFAULT_PIECE = "title"    # a key without its own piece plays this
LOAD_BUDGET = 0.004        # seconds a frame may spend decoding cues after the device opens


def _read_json(path) -> dict:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


class SoundBank:
    def __init__(self, settings=None, enabled: bool = True, log: logging.Logger | None = None,
                 defer: bool = False, rng: random.Random | None = None):
        self.settings = settings
        self.log = log or logging.getLogger("meowcade")
        self.wanted = bool(enabled)      # audio asked for (``enabled``: the device is open)
        self.enabled = False
        self.started = False
        self.sounds: dict[str, list] = {}          # cue -> its variants' pygame Sounds
        self.cue_info: dict = {}                   # cue -> peaks, seconds (assets/sounds/cues.json)
        self.pieces: dict = _read_json(resource_path("assets/music/manifest.json"))
        self.played: list[str] = []       # every cue asked for (tests, soak); capped
        self.music: str | None = None     # the piece asked for (a key of the manifest)
        self.playing: str | None = None   # the file playing now
        self.hushed: set = set()          # who wants the quiet version (rules help, pause)
        self.variation = Variation(rng)   # the presentation's generator, never the rules'
        self.mixer = Mixer()
        self.clock = 0.0
        self.music_started = 0.0          # clock when the piece started, for its position
        self.fade = 1.0                   # the music fader (a switch fades out, then in)
        self._switch_to: str | None = None
        self._sting = None
        self._to_load: list[tuple[str, int]] = []
        if not defer:
            self.start()

    # ---- device ------------------------------------------------------------------------------
    def start(self) -> None:
        """Open the device and load the cues (once); start the music chosen meanwhile."""
        if self.started:
            return
        self.started = True
        if not self.wanted:
            return
        self._open()
        if self.enabled and self.music is not None:
            name, self.music = self.music, None
            self.play_music(name)

    def _open(self) -> None:
        try:
            import pygame

            if not pygame.mixer.get_init():
                pygame.mixer.pre_init(44100, -16, 2, 1024)
                pygame.mixer.init()
            pygame.mixer.set_num_channels(16)
            pygame.mixer.set_reserved(1)          # channel 0: the win sting
        except Exception as exc:  # no device, no driver: stay silent
            self.log.warning("audio disabled: %s", exc)
            self.enabled = False
            self.sounds = {}
            return
        self.enabled = True
        self.cue_info = _read_json(resource_path("assets/sounds/cues.json"))
        # decoded a few a frame (update), or at once when one is asked for: 48 files in one go
        # would hold up a frame for a fifth of a second
        self._to_load = [(cue, i) for cue, spec in CUE_SPECS.items() for i in range(spec.variants)]

    def _load(self, cue: str, index: int) -> None:
        import pygame

        path = resource_path(f"assets/sounds/{variant_file(cue, index)}")
        if not path.exists():
            return
        try:
            self.sounds.setdefault(cue, []).append(pygame.mixer.Sound(str(path)))
        except Exception as exc:  # a damaged file: that sound alone is silent
            self.log.warning("sound %s does not load (%s); that sound is silent", path.name, exc)

    def load_pending(self, cue: str | None = None, budget: float = LOAD_BUDGET) -> None:
        """Decode the cues not loaded yet: ``cue``'s now, others until ``budget`` seconds pass."""
        if cue is not None:
            for item in [x for x in self._to_load if x[0] == cue]:
                self._to_load.remove(item)
                self._load(*item)
            return
        start = time.perf_counter()
        while self._to_load and time.perf_counter() - start < budget:
            self._load(*self._to_load.pop(0))

    # ---- settings ----------------------------------------------------------------------------
    @property
    def effects_volume(self) -> float:
        if self.muted("effects"):
            return 0.0
        return float(getattr(self.settings, "effects_volume", 0.8))

    @property
    def music_volume(self) -> float:
        if self.muted("music"):
            return 0.0
        return float(getattr(self.settings, "music_volume", 0.5))

    def muted(self, what: str) -> bool:
        """The kiosk operator's mute (``settings.mute``: off, music, effects, all)."""
        mute = getattr(self.settings, "mute", "off")
        return mute == "all" or mute == what

    # ---- cues --------------------------------------------------------------------------------
    def play(self, cue: str, volume: float = 1.0) -> None:
        self.played.append(cue)
        if len(self.played) > 200:
            del self.played[:100]
        if not self.enabled:
            return
        if self._to_load:
            self.load_pending(cue)
        variants = self.sounds.get(cue)
        if not variants:
            if cue not in CUE_SPECS:
                self.log.debug("unknown sound cue %r", cue)
            return
        spec = CUE_SPECS[cue]
        level = max(0.0, min(1.0, volume * spec.volume * self.effects_volume))
        if level <= 0.0:
            return
        index, jitter = self.variation.pick(cue, CueSpec(variants=len(variants), jitter_db=spec.jitter_db))
        sound = variants[index]
        info = self.cue_info.get(cue, {})
        peak = float(info.get("peak", 0.5)) * level * jitter
        try:
            voice, stolen = self.mixer.admit(cue, spec, peak, sound.get_length(), self.clock)
            for old in stolen:
                if old.handle is not None:
                    old.handle.fadeout(30)
            channel = sound.play()
            voice.handle = channel
            voice.level = level * jitter
            if channel is not None:
                channel.set_volume(voice.level * self.mixer.bus)
        except Exception as exc:
            self.log.warning("sound %s failed: %s", cue, exc)

    # ---- music -------------------------------------------------------------------------------
    def piece(self, key: str | None) -> str | None:
        if key is None:
            return None
        return key if key in self.pieces else (DEFAULT_PIECE if DEFAULT_PIECE in self.pieces else None)

    def music_file(self) -> str | None:
        entry = self.pieces.get(self.music or "", {})
        kind = "quiet" if self.hushed and "quiet" in entry else "loop"
        return entry.get(kind, {}).get("file")

    def position(self) -> float:
        seconds = float(self.pieces.get(self.music or "", {}).get("seconds", 0) or 0)
        return (self.clock - self.music_started) % seconds if seconds else 0.0

    def play_music(self, name: str | None) -> None:
        """Loop the piece for ``name`` (a title or a table's level name; None stops)."""
        key = self.piece(name)
        if key == self.music and (key is not None or name is None):
            return
        self.music = key
        self.music_started = self.clock
        if not self.enabled:
            return
        self._load_music(self.music_file(), 0.0, fade_ms=800)

    def hush(self, owner, quiet: bool = True) -> None:
        """The quiet version while any ``owner`` (an overlay) wants it, from the same bar."""
        was = bool(self.hushed)
        (self.hushed.add if quiet else self.hushed.discard)(owner)
        if bool(self.hushed) != was and self.enabled and self.music is not None:
            self._switch_to = self.music_file()

    def _load_music(self, file: str | None, start: float, fade_ms: int) -> None:
        try:
            import pygame

            if file is None:
                pygame.mixer.music.fadeout(400)
                self.playing = None
                return
            path = resource_path(f"assets/music/{file}")
            if not path.exists():
                return
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self._music_level())
            pygame.mixer.music.play(-1, start=start, fade_ms=fade_ms)
            self.playing = file
        except Exception as exc:
            self.log.warning("music %s failed: %s", file, exc)

    def play_sting(self, name: str | None) -> None:
        """A win: the piece's sting over the ducked music."""
        entry = self.pieces.get(self.piece(name) or "", {}).get("sting")
        self.played.append("sting")
        if not self.enabled or not entry or self.music_volume <= 0:
            return
        try:
            import pygame

            self._sting = pygame.mixer.Sound(str(resource_path(f"assets/music/{entry['file']}")))
            channel = pygame.mixer.Channel(0)
            channel.set_volume(min(1.0, self.music_volume * STING_SCALE))
            channel.play(self._sting)
            self.mixer.duck_until = max(self.mixer.duck_until, self.clock + float(entry.get("seconds", 4)))
        except Exception as exc:
            self.log.warning("sting %s failed: %s", name, exc)

    def _music_level(self) -> float:
        return self.music_volume * MUSIC_SCALE * self.mixer.duck_gain * self.fade

    # ---- every frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.enabled:
            return
        if self._to_load:
            self.load_pending()
        if self._switch_to is not None:
            self.fade = max(0.0, self.fade - dt / SWITCH_FADE)
            if self.fade <= 0.0:
                file, self._switch_to = self._switch_to, None
                self._load_music(file, self.position(), fade_ms=0)
        elif self.fade < 1.0:
            self.fade = min(1.0, self.fade + dt / (2 * SWITCH_FADE))
        entry = self.pieces.get(self.music or "", {}).get("loop", {})
        self.mixer.music_peak = float(entry.get("peak", 0.7)) * self._music_level()
        self.mixer.update(self.clock, dt)
        self.apply_volumes()

    def apply_volumes(self) -> None:
        if not self.enabled:
            return
        try:
            import pygame

            pygame.mixer.music.set_volume(self._music_level())
            for voice in self.mixer.voices:
                if voice.handle is not None:
                    voice.handle.set_volume(voice.level * self.mixer.bus * (self.effects_volume > 0))
        except Exception:
            pass
