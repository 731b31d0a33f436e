"""Sound cues. ``SoundBank.play(cue)`` never raises: with no audio device it stays silent, and a
cue whose file does not load is silent on its own (one warning in the log).

Cues are WAV files in ``assets/sounds`` made by ``tools/make_sounds.py``. The effects volume
(0..1 from settings) scales every cue; the music volume scales the optional music loop.

``defer=True`` (the App) opens the device and loads the cues only at ``start()``, which the App
calls once its first frame is on screen: opening an audio device (a sound server) can take longer
than the whole first frame, and a kiosk restart should show the visitor's game first. Music asked
for before then starts with the device.
"""
from __future__ import annotations

import logging

from game.runtime.assets import resource_path

CUES = ("ui_move", "ui_confirm", "ui_back", "deal", "card_slide", "card_flip", "shuffle", "pass_tap",
        "set_play", "trick_won", "meal_chime", "death_hiss", "death_drone", "eliminated", "power",
        "purr", "win_fanfare", "dice_rattle", "dice_clack", "capture_chime", "attract_jingle")


class SoundBank:
    def __init__(self, settings=None, enabled: bool = True, log: logging.Logger | None = None,
                 defer: bool = False):
        self.settings = settings
        self.log = log or logging.getLogger("meowcade")
        self.wanted = bool(enabled)      # audio asked for (``enabled``: the device is open)
        self.enabled = False
        self.started = False
        self.sounds: dict = {}
        self.played: list[str] = []       # every cue asked for (tests, soak); capped
        self.music: str | None = None
        if not defer:
            self.start()

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
                pygame.mixer.pre_init(22050, -16, 1, 512)
                pygame.mixer.init()
            pygame.mixer.set_num_channels(16)
        except Exception as exc:  # no device, no driver: stay silent
            self.log.warning("audio disabled: %s", exc)
            self.enabled = False
            self.sounds = {}
            return
        self.enabled = True
        for cue in CUES:
            path = resource_path(f"assets/sounds/{cue}.wav")
            if not path.exists():
                continue
            try:
                self.sounds[cue] = pygame.mixer.Sound(str(path))
            except Exception as exc:  # a damaged file: that cue alone is silent
                self.log.warning("sound %s does not load (%s); that sound is silent", path.name, exc)

    @property
    def effects_volume(self) -> float:
        return float(getattr(self.settings, "effects_volume", 0.8))

    @property
    def music_volume(self) -> float:
        return float(getattr(self.settings, "music_volume", 0.5))

    def play(self, cue: str, volume: float = 1.0) -> None:
        self.played.append(cue)
        if len(self.played) > 200:
            del self.played[:100]
        if not self.enabled:
            return
        sound = self.sounds.get(cue)
        if sound is None:
            if cue not in CUES:
                self.log.debug("unknown sound cue %r", cue)
            return
        try:
            sound.set_volume(max(0.0, min(1.0, volume * self.effects_volume)))
            sound.play()
        except Exception as exc:
            self.log.warning("sound %s failed: %s", cue, exc)

    def play_music(self, name: str | None) -> None:
        """Loop ``assets/sounds/<name>.wav`` quietly (None stops). Silent without a device."""
        if name == self.music:
            return
        self.music = name
        if not self.enabled:
            return
        try:
            import pygame

            if name is None:
                pygame.mixer.music.fadeout(400)
                return
            path = resource_path(f"assets/sounds/{name}.wav")
            if not path.exists():
                return
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.music_volume * 0.6)
            pygame.mixer.music.play(-1, fade_ms=800)
        except Exception as exc:
            self.log.warning("music %s failed: %s", name, exc)

    def apply_volumes(self) -> None:
        if not self.enabled:
            return
        try:
            import pygame

            pygame.mixer.music.set_volume(self.music_volume * 0.6)
        except Exception:
            pass
