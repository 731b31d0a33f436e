"""Scene stack: changes apply between frames, enter/exit pair, overlays draw over the scene
below, only the top scene gets intents and updates."""

import pygame

from game.runtime.app import FADE_NIGHT, FADE_SECONDS
from game.runtime.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, app, name, log, overlay=False):
        super().__init__(app)
        self.name, self.log, self.overlay = name, log, overlay
        self.intents, self.updates, self.draws = [], 0, 0

    def enter(self):
        self.log.append(("enter", self.name))

    def exit(self):
        self.log.append(("exit", self.name))

    def handle(self, intent):
        self.intents.append(intent.kind)

    def update(self, dt):
        self.updates += 1

    def draw(self, surface):
        self.draws += 1
        self.log.append(("draw", self.name))


def paired(log):
    open_ = []
    for op, name in log:
        if op == "enter":
            assert name not in open_
            open_.append(name)
        elif op == "exit":
            assert name in open_
            open_.remove(name)
    return open_


def test_changes_are_queued_until_apply_pending():
    log = []
    stack = SceneStack()
    a, b = Probe(None, "a", log), Probe(None, "b", log)
    stack.push(a)
    assert stack.top is None and log == []
    stack.apply_pending()
    assert stack.top is a and log == [("enter", "a")]
    stack.push(b)
    stack.pop()
    assert stack.top is a  # still a until applied
    stack.apply_pending()
    assert log == [("enter", "a"), ("enter", "b"), ("exit", "b")]
    assert stack.top is a


def test_replace_and_clear_to_keep_enter_exit_paired():
    log = []
    stack = SceneStack()
    scenes = {n: Probe(None, n, log) for n in "abcde"}
    stack.push(scenes["a"])
    stack.push(scenes["b"])
    stack.apply_pending()
    stack.replace(scenes["c"])
    stack.apply_pending()
    assert [s.name for s in stack.scenes] == ["a", "c"]
    stack.push(scenes["d"])
    stack.clear_to(scenes["e"])
    stack.apply_pending()
    assert [s.name for s in stack.scenes] == ["e"]
    assert paired(log) == ["e"]
    stack.clear()
    assert paired(log) == []
    assert log.count(("enter", "d")) == log.count(("exit", "d")) == 1


def test_overlays_draw_the_scene_below_and_only_top_gets_input_and_updates(app):
    log = []
    table, pause = Probe(app, "table", log), Probe(app, "pause", log, overlay=True)
    app.stack.push(table)
    app.stack.push(pause)
    app.stack.apply_pending()
    log.clear()
    app.step(1 / 60)
    assert [x for x in log if x[0] == "draw"] == [("draw", "table"), ("draw", "pause")]
    log.clear()
    events = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0)]
    app.step(1 / 60, events)
    assert pause.intents == ["confirm"] and table.intents == []
    assert [x for x in log if x[0] == "draw"] == [("draw", "pause")]  # the table below is cached
    assert table.updates == 0 and pause.updates == 2
    # a non-overlay on top hides everything below
    cover = Probe(app, "cover", log)
    app.stack.push(cover)
    app.step(1 / 60)
    log.clear()
    app.step(1 / 60)
    assert [x for x in log if x[0] == "draw"] == [("draw", "cover")]


def test_intents_after_a_stack_change_wait_for_the_new_top(app):
    log = []

    class Pusher(Probe):
        def handle(self, intent):
            super().handle(intent)
            self.app.stack.push(Probe(self.app, "next", log))

    first = Pusher(app, "first", log)
    app.stack.push(first)
    app.step(1 / 60)
    keys = [
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0),
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0),
    ]
    app.step(1 / 60, keys)
    assert first.intents == ["confirm"]  # the second confirm did not reach the old top
    assert app.stack.top.name == "next"


def test_update_below_lets_a_covered_scene_keep_moving(app):
    log = []
    below = Probe(app, "below", log)
    below.update_below = True
    app.stack.push(below)
    app.stack.push(Probe(app, "over", log, overlay=True))
    app.stack.apply_pending()
    app.step(0.1)
    app.step(0.1)
    assert below.updates == 2


def test_step_counts_idle_and_clock(app):
    app.stack.push(Probe(app, "a", []))
    app.step(0.5)
    app.step(0.25)
    assert abs(app.clock_time - 0.75) < 1e-9 and abs(app.idle_seconds - 0.75) < 1e-9
    app.step(0.1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0)])
    assert app.idle_seconds == 0.0


def test_scenes_under_an_overlay_are_drawn_once_and_cached(app):
    log = []

    class Painter(Probe):
        def draw(self, surface):
            super().draw(surface)
            surface.fill((200, 10, 10), (0, 0, 50, 50))

    table, pause = Painter(app, "table", log), Probe(app, "pause", log, overlay=True)
    app.stack.push(table)
    app.stack.push(pause)
    app.stack.apply_pending()
    for _ in range(5):
        app.step(1 / 60)
    assert table.draws == 1 and pause.draws == 5
    assert app.screen.get_at((10, 10))[:3] == (200, 10, 10)  # the cached frame is what shows
    app.set_language("zh_TW")
    app.step(1 / 60)
    assert table.draws == 2
    app.invalidate()
    app.step(1 / 60)
    assert table.draws == 3
    app.stack.pop()
    app.stack.apply_pending()
    app.step(1 / 60)
    app.step(1 / 60)
    assert table.draws == 5  # on top again: drawn every frame
    table.update_below = True
    app.stack.push(Probe(app, "help", log, overlay=True))
    app.stack.apply_pending()
    app.step(1 / 60)
    app.step(1 / 60)
    assert table.draws == 7  # it keeps moving under the overlay, so it is drawn every frame


class Fill(Scene):
    def __init__(self, app, colour, overlay=False):
        super().__init__(app)
        self.colour, self.overlay = colour, overlay

    def draw(self, surface):
        if self.colour:
            surface.fill(self.colour)


def test_a_new_screen_fades_in_and_overlays_appear_at_once(app):
    red, blue = Fill(app, (255, 0, 0)), Fill(app, (0, 0, 255))
    app.stack.push(red)
    app.stack.apply_pending()
    app.step(0.05)
    app.stack.replace(blue)
    app.step(0.05)
    mid = app.screen.get_at((5, 5))
    assert mid.r > 100 and mid.b < 30  # the old screen darkening, the new one not through it (issue 21)
    # the night blended in without a window-sized picture of it (32 MiB at 4K): within 2 levels
    alpha = int(255 * (1 - abs(1 - 2 * (0.05 / (FADE_SECONDS * app.speed)))))
    night = pygame.Surface((1, 1))
    night.fill(FADE_NIGHT)
    night.set_alpha(alpha)
    expected = pygame.Surface((1, 1))
    expected.fill((255, 0, 0))
    expected.blit(night, (0, 0))
    assert all(abs(a - b) <= 2 for a, b in zip(mid[:3], expected.get_at((0, 0))[:3], strict=True))
    assert "_fade_dark" not in vars(app)
    app.step(0.07)                                          # past the middle: the old frame let go
    assert app._fade_frame is None and app._fade_left > 0
    app.step(0.1)
    app.step(0.1)
    assert app.screen.get_at((5, 5))[:3] == (0, 0, 255)
    app.stack.push(Fill(app, None, overlay=True))
    app.step(0.01)
    assert app.screen.get_at((5, 5))[:3] == (0, 0, 255)  # no fade for an overlay
    app.settings.animation_speed = "faster"
    app.stack.clear_to(red)
    app.step(0.01)
    app.step(0.11)
    assert app.screen.get_at((5, 5))[:3] == (255, 0, 0)  # "faster": half as long
