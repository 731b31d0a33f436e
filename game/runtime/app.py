"""The application: one window, one clock, the loop, and the services every scene uses.

``App.run`` is the real loop (``--fps`` cap, real clock); ``App.step(dt, events)`` is one frame
with a given ``dt`` and given raw events, which is what the loop calls and what tests, the
monkey test and the soak call directly. The window can be any size: scenes lay out in design
pixels (1920x1080 basis) through ``app.s`` and ``app.font``.
"""
from __future__ import annotations

import gc
import os
import time

import pygame

from game.art import palette as P
from game.art import pictures
from game.art.cache import ART, budget_for, pictures_in_their_own_pages
from game.art.cats import draw_cat
from game.art.draw import TextCache, fit_size, veil
from game.files import paths
from game.runtime import dirty, i18n, logs, startup
from game.runtime.assets import Assets
from game.runtime.audio import SoundBank
from game.runtime.i18n import Translator
from game.runtime.input import InputMapper
from game.runtime.layout import design_scale
from game.runtime.present import FrameSender
from game.runtime.scene import SceneStack
from game.runtime.settings import LANGUAGES, SPEEDS, load_settings

FADE_SECONDS = 0.22   # a screen change dips to dark and back this long ("faster" halves it)
FADE_NIGHT = (10, 8, 18)  # the colour the fade dips through
MAX_DT = 0.1          # a stall (window drag, breakpoint) never becomes one giant step
FPS_CHOICES = (30, 60, 144)
# Windows of at least this many pixels redraw only what moved (game/runtime/dirty.py) in scenes
# that allow it (``Scene.dirty_redraw``: the tables, the kiosk's attract screen). Every size:
# measured at 1280x720 and 1920x1080 too (one core, Xvfb, docs/RUNTIME.md "Big windows"), drawing
# by parts took less of the processor than a full redraw at both (at 1080p about half), and sends
# the X server a fraction of the pixels.
DIRTY_MIN_PIXELS = 0
TEXTS_KEPT = 2000     # draw_text keeps the blits of at most this many texts a frame

RELOAD_ART_KEY = pygame.K_F5     # with --debug: the picture files are read again


class App:
    def __init__(self, size=(1280, 720), fullscreen=False, lang=None, kiosk=False, home=None,
                 audio=True, speed=None):
        self.started_at = time.perf_counter()
        startup.mark("imports")
        self.home = home
        self.log = logs.setup_logging(home)
        self.settings = load_settings(home, self.log)
        if lang is not None:
            if lang not in LANGUAGES:
                raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
            self.settings.language = lang
        if speed is not None:
            if speed not in SPEEDS:
                raise ValueError(f"unknown animation speed {speed!r} (known: {', '.join(SPEEDS)})")
            self.settings.animation_speed = speed
        if fullscreen is None:
            fullscreen = self.settings.fullscreen
        self.kiosk = bool(kiosk)
        self.allow_quit = not self.kiosk
        self.fps = 60
        self.windowed_size = tuple(size)
        self.windowed_pos: tuple[int, int] | None = None   # where the window was before full screen
        self.visitor_defaults: dict | None = None   # kiosk: the operator's values of VISITOR_KEYS
        self.fullscreen = bool(fullscreen)

        os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
        # The window surface is drawn in software and pushed with XShm. Without this, SDL wraps
        # it in a GL texture, which on a PC without a GPU driver loads Mesa's llvmpipe: +110 MB
        # RSS under X for nothing (measured with bench/xvfb_soak.py).
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pictures_in_their_own_pages()
        pygame.display.init()
        pygame.font.init()
        self._init_pads()
        self.screen = self._open_window()
        self.size = self.screen.get_size()
        self.scale = design_scale(self.size)
        ART.budget = budget_for(self.size)

        self.assets = Assets()
        i18n.use_disk_cache(paths.data_dir(home) / "cache")   # compiled catalogues kept between starts
        self.i18n = Translator(self.settings.language)
        self.text_cache = TextCache()
        self._fitted: dict = {}         # fit_font's choices: (text, px, width, floor, scale) -> size
        self._texts: tuple[dict, dict] = ({}, {})     # draw_text's blits: (this frame's, the last's)
        self.stack = SceneStack(self.log)
        self.input = InputMapper(self.size, self.log)
        self.input.set_text_mode(False)    # no IME / on-screen keyboard until a name is edited
        self.audio = SoundBank(self.settings, enabled=audio, log=self.log, defer=True)  # after frame 1
        self.idle_seconds = 0.0
        self.clock_time = 0.0
        self.frame = 0
        self.running = False
        self.first_frame_seconds: float | None = None
        self.resize_listeners = []
        self._below_frame: pygame.Surface | None = None   # cached drawing of scenes under an overlay
        self._below_key = None
        self._below_version = 0
        self._fade_frame: pygame.Surface | None = None   # the last frame of the previous screen
        self._fade_left = self._fade_total = 0.0
        self.frame_hooks = []       # callables(dt) run every step after the scenes update (kiosk, autosave)
        self.visit = {}             # the current visitor's state, never saved (kiosk: a new visitor
                                    # after each idle reset clears it: KioskController)
        self.first_frame_hooks = []  # callables() run once the first frame is on screen (kiosk "ready")
        self.dirty_min_pixels = DIRTY_MIN_PIXELS
        self.present_rects: list | None = None   # what changed this frame (None: the whole window)
        self.sender = FrameSender()  # sends a frame from a thread while the next one is prepared
        self.drew = True             # this frame was drawn (always, unless ``draw_every`` thins it)
        self._draw_every = 1
        self._drawn_stack: tuple = ()
        self._recorded = None        # (scene, its drawing operations) of the last frame drawn by parts
        self._shaken: tuple[int, int] | None = None   # a shake's offset of the frame on screen
        self._recorder: dirty.Recorder | None = None
        dirty.install()
        startup.mark("window")
        self.log.info("app started: %sx%s%s, lang %s, kiosk %s, audio %s", *self.size,
                      " fullscreen" if self.fullscreen else "", self.settings.language, self.kiosk,
                      self.audio.wanted)

    # ---- window ------------------------------------------------------------------------------
    def _init_pads(self) -> None:
        try:
            pygame.joystick.init()
            from pygame._sdl2 import controller

            controller.init()
        except Exception as exc:
            self.log.warning("controllers unavailable: %s", exc)

    def _open_window(self) -> pygame.Surface:
        if getattr(self, "sender", None) is not None:
            self.sender.wait()       # never change the window under a frame being sent
        pygame.display.set_caption("Meowcade")
        try:  # a cat as the window icon (set before the window opens, as some platforms need)
            icon = pygame.Surface((64, 64), pygame.SRCALPHA)
            draw_cat(icon, (32, 34), 58, "ginger", "happy", 0.0)
            pygame.display.set_icon(icon)
        except pygame.error:
            pass
        if self.fullscreen:
            try:
                return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
            except pygame.error:
                self.fullscreen = False
        return pygame.display.set_mode(self.windowed_size)

    def set_fullscreen(self, on: bool) -> None:
        """Full screen on or off; off puts the window back where and how big it was. Without a
        window manager (a bare X server, as kiosks often run) a full-screen window stays where the
        window was, so it goes to the corner first; SDL tells where a window is."""
        if on == self.fullscreen:
            return
        if on:
            self.windowed_pos = self._window_position()
            self._move_window((0, 0))
        self.fullscreen = on
        self.screen = self._open_window()
        if not on:
            self._move_window(self.windowed_pos or self._centred(self.windowed_size))
        self._resized()

    def _window_position(self) -> tuple[int, int] | None:
        try:
            return tuple(pygame.display.get_window_position())
        except pygame.error:
            return None

    def _move_window(self, pos) -> None:
        try:
            pygame.display.set_window_position(pos)
        except pygame.error:
            pass              # the dummy driver has no position

    @staticmethod
    def _centred(size) -> tuple[int, int]:
        try:
            w, h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return (0, 0)
        return (max(0, (w - size[0]) // 2), max(0, (h - size[1]) // 2))

    def _resized(self) -> None:
        self._recorded = None
        self.size = self.screen.get_size()
        self.scale = design_scale(self.size)
        ART.budget = budget_for(self.size)
        self.input.size = self.size
        self.text_cache.clear()
        self._texts = ({}, {})
        for scene in self.stack.scenes:
            relayout = getattr(scene, "layout", None)
            if relayout:
                relayout()
        for listener in list(self.resize_listeners):
            listener(self.size)

    # ---- services ------------------------------------------------------------------------------
    @property
    def device(self) -> str:
        return self.input.device

    @property
    def oy(self) -> int:
        """Window pixels above the 16:9 design frame on a taller window (16:10, 4:3), else 0.
        Full-screen menus add it to their design y so they sit in the middle."""
        return max(0, (self.size[1] - self.s(1080)) // 2)

    def s(self, v: float) -> int:
        """Design pixels (1920x1080 basis) to window pixels."""
        return int(round(v * self.scale))

    def font(self, px: float) -> pygame.font.Font:
        """The game font at ``px`` design pixels, scaled to the window (cached)."""
        return self.assets.font(max(8, self.s(px)))

    def fit_font(self, text: str, px: int, max_width: int, min_px: int = 28) -> pygame.font.Font:
        """The biggest font from ``px`` down to ``min_px`` design px that fits ``max_width``."""
        key = (text, px, max_width, min_px, self.scale)
        chosen = self._fitted.get(key)
        if chosen is None:       # (tried once: menus and tables ask every frame)
            if len(self._fitted) > 2000:
                self._fitted.clear()
            chosen = self._fitted[key] = fit_size(self.font, text, px, max_width, min_px)
        return self.font(chosen)

    def t(self, key: str, **fmt) -> str:
        return self.i18n.t(key, **fmt)

    def set_language(self, lang: str) -> None:
        self.settings.language = lang
        self.i18n.set_language(lang)
        self.text_cache.clear()
        self._texts = ({}, {})

    @property
    def speed(self) -> float:
        """Multiply animation durations by this (0.5 with the "faster" setting)."""
        return self.settings.speed_factor

    def text(self, text: str, font, color=P.CREAM, wrap: int = 0, align: str = "left") -> pygame.Surface:
        """Rendered text (cached). ``font`` is a Font or a design-pixel size."""
        if not isinstance(font, pygame.font.Font):
            font = self.font(font)
        flag = {"left": pygame.FONT_LEFT, "center": pygame.FONT_CENTER, "right": pygame.FONT_RIGHT}[align]
        return self.text_cache.render(font, text, color, wrap, flag)

    def draw_text(self, surface, text: str, font, color=P.CREAM, pos=(0, 0), anchor: str = "topleft",
                  shadow: bool = True, wrap: int = 0, align: str = "left") -> pygame.Rect:
        """Draw text at ``pos`` by ``anchor`` (a Rect attribute name); a soft dark shadow behind it
        keeps it readable over art. Returns the text rect.

        The blits of a text drawn in this frame or the last are kept (``_texts``) and made again
        as they were: a table draws 15-30 texts a frame, most of them the same as the frame
        before, and finding their two pictures and their place again cost ~0.1 ms each at 4K
        (issue 23). The same pictures (the same objects) go to the same places."""
        if not isinstance(font, pygame.font.Font):
            font = self.font(font)
        key = (text, font, tuple(color), tuple(pos), anchor, shadow, wrap, align)
        now = self._texts[0]
        hit = now.get(key)
        if hit is None:
            hit = self._texts[1].get(key)
            if hit is None:
                hit = self._text_blits(text, font, color, pos, anchor, shadow, wrap, align)
            if len(now) < TEXTS_KEPT:
                now[key] = hit
        for surf, at in hit[0]:
            surface.blit(surf, at)
        return pygame.Rect(hit[1])

    def _text_blits(self, text, font, color, pos, anchor, shadow, wrap, align) -> tuple:
        """(the blits of a text and its shadow, the text's rect) for ``draw_text``."""
        surf = self.text(text, font, color, wrap, align)
        rect = surf.get_rect(**{anchor: pos})
        blits = []
        if shadow:
            dark = self.text(text, font, (8, 8, 16), wrap, align)
            off = max(2, self.s(3))
            blits.append((dark, rect.move(off, off)))
        blits.append((surf, rect))
        return tuple(blits), pygame.Rect(rect)

    def forget_texts(self) -> None:
        """A new frame: the texts drawn two frames ago are no longer kept by ``draw_text``."""
        self._texts = ({}, self._texts[0])

    def save_settings(self) -> None:
        # kiosk mode: what visitors change lasts their visit only (the kiosk sets visitor_defaults)
        self.settings.save(self.log, self.visitor_defaults)
        self.audio.apply_volumes()

    def quit(self, force: bool = False) -> bool:
        """End the loop after this frame. In kiosk mode only ``force`` (the admin exit) quits."""
        if self.allow_quit or force:
            self.running = False
            return True
        self.log.info("quit refused: kiosk mode")
        return False

    # ---- the loop ------------------------------------------------------------------------------
    def reload_art(self) -> None:
        """Read the picture files again (``--debug``: F5): every picture made from them, and the
        tables' pieces painted with those, is made again from the files as they are now."""
        pictures.reload()
        ART.clear()
        self._recorded = None
        self.log.info("art reloaded from %s", pictures.FOLDER)

    def step(self, dt: float, events=()) -> None:
        """One frame: events → intents → top scene; update; apply stack changes; draw."""
        if self.frame and not self.audio.started:
            self.audio.start()      # (App.run has started it right after the first flip)
        ART.tick()
        self.forget_texts()
        intents = []
        for event in events:
            if event.type == pygame.QUIT:
                self.quit()
                continue
            if event.type == pygame.KEYDOWN and not self.kiosk and (
                    event.key == pygame.K_F11
                    or (event.key == pygame.K_RETURN and getattr(event, "mod", 0) & pygame.KMOD_ALT)):
                self.settings.fullscreen = not self.fullscreen     # F11 / Alt+Enter: full screen
                self.set_fullscreen(self.settings.fullscreen)
                self.save_settings()
                continue
            if event.type == pygame.KEYDOWN and event.key == RELOAD_ART_KEY and logs.debug_enabled():
                self.reload_art()             # an artist changed a picture file: see it now
                continue
            if event.type in (pygame.WINDOWEXPOSED, pygame.VIDEOEXPOSE):
                self._recorded = None         # the window was covered: send all of it again
            if event.type in (pygame.WINDOWFOCUSLOST,):
                self.input._held_dirs.clear()
                self.input._held_buttons.clear()
                continue
            intents.extend(self.input.translate(event))
        intents.extend(self.input.update(dt))
        if intents:
            self.idle_seconds = 0.0
        else:
            self.idle_seconds += dt
        self.clock_time += dt
        for intent in intents:
            top = self.stack.top
            if top is None or self.stack.pending:
                break              # the stack is changing: later intents wait for the new top
            top.handle(intent)
        for scene in self.stack.updating():
            scene.update(dt)
        for hook in list(self.frame_hooks):
            hook(dt)
        self.audio.update(dt)       # limiter, ducking, the quiet version's fade
        before = self.stack.top
        if self.stack.apply_pending():
            self._start_fade(before, self.stack.top)
        if self._draw_due():
            self.draw()
            self._draw_fade(dt)
        self.frame += 1

    def draw_every(self, every: int) -> None:
        """Draw only every ``every``-th frame, and at once whenever the scene stack changes (each
        screen is still drawn the frame it appears, where a short-lived screen's drawing bug would
        show). For runs that check state rather than pixels (the monkey, the soak, tests); ``drew``
        says whether a frame was drawn and ``show_now`` draws one on demand. A game draws all."""
        self._draw_every = max(1, int(every))

    def _draw_due(self) -> bool:
        if self._draw_every > 1:
            stack = tuple(id(scene) for scene in self.stack.scenes)
            self.drew = stack != self._drawn_stack or self.frame % self._draw_every == 0
            if self.drew:
                self._drawn_stack = stack
        return self.drew

    def show_now(self) -> None:
        """This moment drawn and shown now if thinning skipped it (a screenshot's frame)."""
        if not self.drew:
            self.draw()
            self.drew = True
            self.present()

    @property
    def fading(self) -> bool:
        """A new screen is still coming out of the dark (``_draw_fade``)."""
        return self._fade_left > 0

    def _start_fade(self, old, new) -> None:
        """A new full screen (not an overlay coming or going) fades in over the last frame."""
        if old is None or new is None or old is new or old.overlay or new.overlay or self.frame == 0:
            return
        duration = FADE_SECONDS * self.speed
        if self._fade_frame is None or self._fade_frame.get_size() != self.size:
            self._fade_frame = self.screen.copy()
        else:
            self._fade_frame.blit(self.screen, (0, 0))
        self._fade_total = self._fade_left = duration

    def _draw_fade(self, dt: float) -> None:
        """A dip through the night: the old screen darkens, then the new one comes out of the
        dark. The two never show through each other (a table seen through its results)."""
        if self._fade_left <= 0:
            return
        self._fade_left -= dt
        if self._fade_left <= 0:
            self._fade_frame = None     # a whole window (32 MiB at 4K) not kept
            return
        done = 1 - self._fade_left / self._fade_total
        if done < 0.5 and self._fade_frame is not None:
            self.screen.blit(self._fade_frame, (0, 0))
        elif done >= 0.5:
            self._fade_frame = None     # the old screen is gone from here on: not kept either
        # the night laid over by fills, with no window-sized picture of it: at 4K that was 32 MiB
        # more at the kiosk's peak (a new table's background, the old frame, the night)
        veil(self.screen, (*FADE_NIGHT, int(255 * (1 - abs(1 - 2 * done)))))

    def draw(self) -> None:
        """Draw the visible scenes bottom first. Scenes under an overlay are not updated, so
        they look the same every frame: they are drawn once into a cached frame and blitted
        while the overlay stays up (unless one of them has ``update_below``). The cache is keyed
        by the scenes, window size, language and settings; ``invalidate()`` forces a redraw."""
        visible = self.stack.visible()
        shake = getattr(visible[0], "shake_offset", (0, 0)) if len(visible) == 1 else (0, 0)
        if shake != (0, 0) and self._shaken is not None and self._fade_left <= 0:
            self.sender.wait()                   # the frame shaking: only moved again (see _shift)
            self._shift(shake[0] - self._shaken[0], shake[1] - self._shaken[1], shake)
            return
        self._shaken = None
        if (len(visible) == 1 and getattr(visible[0], "dirty_redraw", False) and self._fade_left <= 0
                and self.size[0] * self.size[1] >= self.dirty_min_pixels and shake == (0, 0)):
            self._draw_by_parts(visible[0])
            return
        self.sender.wait()                 # the window's pixels are written from here on
        self._recorded = None
        self.present_rects = None
        below, top = visible[:-1], visible[-1:]
        if below and not any(getattr(s, "update_below", False) for s in below):
            key = (tuple(id(s) for s in below), self.size, self.i18n.lang,
                   self.settings.key(), self._below_version)
            if key != self._below_key or self._below_frame is None:
                self._draw_scenes(below)
                if self._below_frame is None or self._below_frame.get_size() != self.size:
                    self._below_frame = self.screen.copy()
                else:
                    self._below_frame.blit(self.screen, (0, 0))
                self._below_key = key
            else:
                self.screen.blit(self._below_frame, (0, 0))
            self._draw_scenes(top, clear=False)
            return
        self._below_key = None
        self._below_frame = None        # no overlay up: its cached frame goes (32 MiB at 4K)
        self._draw_scenes(visible)
        if shake != (0, 0):
            self._shift(*shake, shake)

    def _shift(self, dx: int, dy: int, offset: tuple[int, int]) -> None:
        """Move the frame on screen by (dx, dy), to ``offset`` from where it was drawn (a table's
        shake, ``shake_offset``), the edge it leaves night. The first frame of a shake is drawn
        whole and moved; the frames after it only move that picture again (a freeze-frame shake:
        at 3840x2160 a whole redraw was 25 ms a frame, a move is a few), and the frame after the
        shake is drawn whole again (``_recorded`` forgotten: no trails)."""
        w, h = self.size
        self.screen.scroll(dx, dy)
        ox, oy = offset
        for rect in ((0 if ox > 0 else w + ox, 0, abs(ox), h), (0, 0 if oy > 0 else h + oy, w, abs(oy))):
            if rect[2] and rect[3]:
                self.screen.fill(P.NIGHT, rect)
        self._shaken = tuple(offset)
        self._recorded = None
        self.present_rects = None

    def _draw_scenes(self, scenes, clear: bool = True) -> None:
        if clear and (not scenes or scenes[0].overlay):
            self.screen.fill(P.NIGHT)
        for scene in scenes:
            scene.draw(self.screen)

    def _draw_by_parts(self, scene) -> None:
        """Record the scene's drawing, and draw (and later send) only where it differs from the
        last frame's (game/runtime/dirty.py); all of it after any other kind of frame."""
        self._below_frame = self._below_key = None      # no overlay up (32 MiB at 4K)
        rec = self._recorder
        if rec is None or rec.window_size != self.size:
            rec = self._recorder = dirty.Recorder(self.size)
        rec.ops = []
        rec.set_clip(None)
        scene.draw(rec)
        last = self._recorded
        rects = None
        if last is not None and last[0] is scene:
            rects = dirty.diff(last[1], rec.ops, rec.full)
        self.sender.wait()      # recorded and compared while the last frame was sent: now draw
        dirty.replay(self.screen, rec.ops, rects)
        self.present_rects = rects
        self._recorded = (scene, rec.ops)

    def present(self) -> None:
        """Show the frame just drawn: the whole window, or only the parts that changed."""
        if not self.drew:
            return                   # (``draw_every``) nothing new to show
        if self.present_rects is None or self.present_rects:
            self.sender.send(self.present_rects)

    def events(self) -> list:
        """The window's events for this frame (none while the last frame is still being sent,
        once: game/runtime/present.py)."""
        return self.sender.events()

    def invalidate(self) -> None:
        """Redraw the scenes under an overlay next frame (something changed them from outside)."""
        self._below_version += 1
        self._recorded = None

    def run(self, frames: int | None = None, screenshot: str | None = None) -> int:
        """Run until quit, the stack empties, or ``frames`` frames; save the last frame to
        ``screenshot``. Returns the exit code (0)."""
        clock = pygame.time.Clock()
        self.running = True
        self.stack.apply_pending()
        done = 0
        try:
            while self.running and (self.stack.scenes or self.stack.pending):
                ms = clock.tick(self.fps)
                dt = min(MAX_DT, ms / 1000.0) if done else 1.0 / self.fps
                self.step(dt, self.events())
                self.present()
                done += 1
                if self.first_frame_seconds is None:
                    self._first_frame_shown()
                if frames is not None and done >= frames:
                    break
            if screenshot:
                self.save_screenshot(screenshot)
        except Exception:
            self.log.exception("the game loop crashed")
            raise
        finally:
            self.running = False
        return 0

    def _first_frame_shown(self) -> None:
        startup.mark("frame")
        self.first_frame_seconds = time.perf_counter() - self.started_at
        self.audio.start()            # the device and the cues wait until the game is on screen
        for hook in list(self.first_frame_hooks):
            hook()
        self.log.info("first frame after %.3f s (start-up marks: %s)", self.first_frame_seconds,
                      startup.summary())
        gc.freeze()   # startup objects leave the collector's care: shorter GC pauses

    def save_screenshot(self, path: str) -> None:
        self.sender.wait()
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        pygame.image.save(self.screen, path)
        self.log.info("screenshot saved: %s", path)

    def shutdown(self) -> None:
        """Exit every scene (paired with its enter) and close the window."""
        try:
            self.stack.clear()
        finally:
            self.sender.close()
            pygame.display.quit()
