"""Play a lesson on its table through posted device events only, like a person would.

``LessonDriver(app, scene, device)`` with device "mouse" (motion, press and release at a widget)
or "pad" (RB until the widget has the focus, then A). A step is played by pressing the widgets it
points at, in order: so the test also proves the pointing is right and enough. ``try_wrong``
presses one widget the step does not point at and reports what changed (it must be nothing).
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from tests.peek import engine_of, session_of  # noqa: E402
from tests.scenes.hm_driver import pad_way  # noqa: E402

PAD_ID = 4343


class LessonDriver:
    def __init__(self, app, scene, device: str = "mouse", dt: float = 1 / 20, draw_every: int = 4):
        self.app, self.scene, self.device, self.dt = app, scene, device, dt
        self.wrong_words = 0            # wrong moves the coach answered with a friendly word
        # The walk checks the lesson's state and presses where widgets are: drawing every frame was
        # most of its cost. Each screen is still drawn the frame it appears, and the moment before
        # a press is drawn (``show_now``), so every press aims at what a person would see.
        app.draw_every(draw_every)

    def step(self, events=(), frames: int = 1) -> None:
        self.app.step(self.dt, list(events))
        for _ in range(frames - 1):
            self.app.step(self.dt, [])

    def hurry(self) -> list:
        if self.device == "pad":
            return self._pad_events(pygame.CONTROLLER_BUTTON_Y)
        return [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0)]

    def wait_ready(self, limit: int = 3000) -> None:
        """Step until the lesson waits for the person (or has finished) and nothing moves."""
        scene, lesson = self.scene, self.scene.lesson
        for _ in range(limit):
            busy = scene.presenter.busy
            if not busy and (lesson.finished or (lesson.step is not None and (
                    lesson.step.info or scene.my_turn() or scene.mode == "arrange"))):
                self.step(frames=2)
                self.app.show_now()      # the ready moment is drawn, as the person sees it
                return
            self.step(self.hurry() if busy else [])
        raise AssertionError(f"lesson never got ready (step {lesson.index}, queue {lesson.queue})")

    def steps(self):
        """Each step of the lesson in turn, ready (yields its index), then played by pressing what
        it points at (or Next), to its end; the caller looks at the step when it is yielded."""
        lesson = self.scene.lesson
        while True:
            self.wait_ready()
            yield lesson.index
            if lesson.finished:
                return
            step, index = lesson.step, lesson.index
            for name in (["learn:next"] if step.info else step.point):
                self.press(name)
            for _ in range(40):
                if lesson.index != index or lesson.finished:
                    break
                self.step()

    # ---- pressing widgets ---------------------------------------------------------------------
    def press(self, name: str) -> None:
        self.app.show_now()
        scene = self.scene
        assert scene.widget(name) is not None, f"step {scene.lesson.index}: no widget {name}: " \
                                               f"{sorted(scene.widgets())}"
        if self.device == "pad":
            focus = scene.focus
            for _ in range(80):
                target = scene.widget(name)
                if focus.focused is target:
                    break
                # RB goes from group to group (hand, board, actions...), the D-pad along the
                # group: the frames on the way are drawn as draw_every says, the one where A is
                # pressed is shown below
                self.step(self._pad_events(pad_way(focus, target)))
            else:
                raise AssertionError(f"could not focus {name} with the pad")
            self.app.show_now()             # the frame on its target, as the person sees it
            self.step(self._pad_events(pygame.CONTROLLER_BUTTON_A))
        else:
            pos = scene.click_point(name) if hasattr(scene, "click_point") else scene.widgets()[name].center
            self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
            self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        self.step()

    def _pad_events(self, button) -> list:
        return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID, button=button),
                pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD_ID, button=button)]

    # ---- a whole lesson ---------------------------------------------------------------------------
    def state(self):
        lesson = self.scene.lesson
        return (engine_of(self.scene).dump(), list(session_of(self.scene).actions), lesson.index,
                list(lesson.queue))

    def try_wrong(self) -> str | None:
        """Press widgets the step does not point at (buttons first) until one makes a move, which the
        coach must answer with a friendly word; at most four presses. Returns the last pressed."""
        self.app.show_now()
        scene = self.scene
        step = scene.lesson.step
        aim = set(step.point) if step is not None else set()
        shown = [n for n in scene.widgets() if n not in aim and not n.startswith("learn:")
                 and scene.widget_enabled(n)]
        shown.sort(key=lambda n: (not n.startswith("btn:"), n))
        pressed = None
        for name in shown[:4]:
            if name not in scene.widgets() or not scene.widget_enabled(name):
                continue
            before = scene.coach_said
            self.press(name)
            pressed = name
            if "btn:cancel" in scene.widgets():          # the press opened a choice: leave it again
                self.press("btn:cancel")
            if scene.coach_said is not None and scene.coach_said is not before:
                self.wrong_words += 1
                break
        return pressed

    def play(self, check_wrong: bool = True) -> list[str]:
        """Play the lesson to its end; return the wrong widgets tried (one per step)."""
        scene, lesson = self.scene, self.scene.lesson
        tried = []
        while True:
            self.wait_ready()
            if lesson.finished:
                return tried
            step, index = lesson.step, lesson.index
            if check_wrong:
                before = self.state()
                tried.append(self.try_wrong() or "-")
                self.step(frames=3)
                assert self.state() == before, f"step {index}: a wrong press ({tried[-1]}) changed the game"
                if scene.mode is None and not step.info:
                    self.wait_ready()
            if step.info:
                self.press("learn:next")
            else:
                for name in step.point:
                    self.press(name)
            for _ in range(40):
                if lesson.index != index or lesson.finished:
                    break
                self.step()
            assert lesson.index != index, f"step {index} ({step.say}) did not go on after {step.point}"
