"""Device events → intents: posted mouse, key, touch and controller events, hot-plug by instance
id (also removing an unknown id), raw joystick fallback, stick dead-zone and repeat, holds."""

import pygame
import pytest

from game.runtime import input as inp
from game.runtime.input import REPEAT_DELAY, REPEAT_EVERY, InputMapper, Intent


@pytest.fixture
def mapper():
    pygame.display.init()
    return InputMapper((1280, 720))


def posted(mapper, *events):
    """Post real events through SDL's queue, read them back, translate them."""
    pygame.event.clear()
    for e in events:
        pygame.event.post(e)
    out = []
    for e in pygame.event.get():
        out.extend(mapper.translate(e))
    return out


def kinds(intents):
    return [i.kind for i in intents]


def key(k, mod=0, up=False):
    return pygame.event.Event(pygame.KEYUP if up else pygame.KEYDOWN, key=k, mod=mod)


def test_keyboard_map(mapper):
    got = posted(
        mapper,
        key(pygame.K_RETURN),
        key(pygame.K_SPACE),
        key(pygame.K_ESCAPE),
        key(pygame.K_BACKSPACE),
        key(pygame.K_p),
        key(pygame.K_TAB),
        key(pygame.K_TAB, pygame.KMOD_LSHIFT),
        key(pygame.K_x),
        key(pygame.K_k),
        key(pygame.K_F1),
        key(pygame.K_h),
    )
    assert kinds(got) == [
        "confirm",
        "confirm",
        "back",
        "back",
        "pause",
        "next",
        "prev",
        "alt",
        "skip",
        "help",
        "help",
    ]
    assert all(i.device == "keyboard" for i in got) and mapper.device == "keyboard"
    moves = posted(mapper, key(pygame.K_LEFT), key(pygame.K_d), key(pygame.K_UP), key(pygame.K_s))
    assert [i.direction for i in moves] == ["left", "right", "up", "down"]


def test_text_mode_letters_become_text_not_shortcuts(mapper):
    mapper.set_text_mode(True)
    got = posted(
        mapper,
        key(pygame.K_w),
        pygame.event.Event(pygame.TEXTINPUT, text="w"),
        key(pygame.K_BACKSPACE),
        key(pygame.K_RETURN),
    )
    assert got == [Intent("text", text="w"), Intent("back", text="\b"), Intent("confirm")]
    mapper.set_text_mode(False)
    assert posted(mapper, pygame.event.Event(pygame.TEXTINPUT, text="w")) == []


def test_mouse_hover_click_drag_wheel_right_button(mapper):
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(100, 100), button=1)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(103, 101), button=1)
    got = posted(
        mapper, pygame.event.Event(pygame.MOUSEMOTION, pos=(90, 90), rel=(1, 1), buttons=(0, 0, 0)), down, up
    )
    assert kinds(got) == ["point", "point", "click"] and got[-1].pos == (103, 101)
    assert mapper.device == "mouse"
    got = posted(
        mapper,
        down,
        pygame.event.Event(pygame.MOUSEMOTION, pos=(105, 100), rel=(5, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(160, 120), rel=(55, 20), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEMOTION, pos=(200, 130), rel=(40, 10), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(200, 130), button=1),
    )
    assert kinds(got) == ["point", "point", "drag_start", "drag", "drag", "drag_end"]
    assert got[2].pos == (100, 100) and got[-1].pos == (200, 130)
    got = posted(
        mapper,
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 6), button=3),
    )
    assert got == [Intent("wheel", amount=-1, device="mouse"), Intent("alt", pos=(5, 6), device="mouse")]


def test_touch_maps_to_point_click_drag(mapper):
    def finger(kind, x, y):
        return pygame.event.Event(kind, touch_id=1, finger_id=7, x=x, y=y, dx=0.0, dy=0.0, pressure=1.0)

    got = posted(mapper, finger(pygame.FINGERDOWN, 0.5, 0.5), finger(pygame.FINGERUP, 0.5, 0.5))
    assert kinds(got) == ["point", "click"] and got[1].pos == (640, 360) and got[1].device == "touch"
    got = posted(
        mapper,
        finger(pygame.FINGERDOWN, 0.1, 0.1),
        finger(pygame.FINGERMOTION, 0.3, 0.1),
        finger(pygame.FINGERUP, 0.3, 0.1),
    )
    assert kinds(got) == ["point", "drag_start", "drag", "drag_end"]
    assert mapper.device == "touch"
    # the mouse events SDL synthesises from touch are ignored (no double clicks)
    synth = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(1, 1), button=1, touch=True)
    assert mapper.translate(synth) == []


class FakeJoystick:
    def __init__(self, iid):
        self.iid = iid

    def get_instance_id(self):
        return self.iid


class FakeController:
    opened = []

    def __init__(self, index):
        if index == 42:
            raise pygame.error("no such device")
        self.index = index
        self.name = f"pad {index}"
        self.closed = False
        FakeController.opened.append(self)

    def as_joystick(self):
        return FakeJoystick(100 + self.index)

    def quit(self):
        self.closed = True


class FakeModule:
    Controller = FakeController

    @staticmethod
    def get_init():
        return True

    @staticmethod
    def init():
        pass

    @staticmethod
    def is_controller(index):
        return index != 42


@pytest.fixture
def fake_pads(monkeypatch):
    FakeController.opened = []
    monkeypatch.setattr(inp, "_controller_module", lambda: FakeModule)
    return FakeController


def pad_button(iid, button, up=False):
    return pygame.event.Event(
        pygame.CONTROLLERBUTTONUP if up else pygame.CONTROLLERBUTTONDOWN, instance_id=iid, button=button
    )


def test_controller_hot_plug_by_instance_id(mapper, fake_pads):
    posted(
        mapper,
        pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0),
        pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=1),
    )
    assert set(mapper.controllers) == {100, 101}
    got = posted(
        mapper,
        pad_button(101, pygame.CONTROLLER_BUTTON_A),
        pad_button(100, pygame.CONTROLLER_BUTTON_B),
        pad_button(100, pygame.CONTROLLER_BUTTON_START),
        pad_button(100, pygame.CONTROLLER_BUTTON_BACK),
        pad_button(100, pygame.CONTROLLER_BUTTON_X),
        pad_button(100, pygame.CONTROLLER_BUTTON_Y),
        pad_button(100, pygame.CONTROLLER_BUTTON_LEFTSHOULDER),
        pad_button(100, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER),
        pad_button(100, pygame.CONTROLLER_BUTTON_DPAD_LEFT),
    )
    assert kinds(got) == ["confirm", "back", "pause", "help", "alt", "skip", "prev", "next", "move"]
    assert got[-1].direction == "left" and all(i.device == "pad" for i in got)
    assert mapper.device == "pad"
    # the twin JOY* events of a mapped controller add nothing
    assert posted(mapper, pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=100, button=0)) == []
    # unplug one mid-game: its held buttons and directions are forgotten, the other still works
    posted(mapper, pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=100))
    assert set(mapper.controllers) == {101}
    assert fake_pads.opened[0].closed
    assert mapper.update(REPEAT_DELAY + 0.01) == []  # no ghost repeat from the removed pad
    assert kinds(posted(mapper, pad_button(101, pygame.CONTROLLER_BUTTON_A))) == ["confirm"]
    # removing an id nobody knows, or adding a device that fails to open, is harmless
    assert posted(mapper, pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=9999)) == []
    assert posted(mapper, pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=42)) == []
    assert set(mapper.controllers) == {101}


def test_real_sdl_controller_add_of_missing_device_never_raises(mapper):
    # with the dummy driver there is no device 0: opening fails, is logged, nothing breaks
    assert mapper.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0)) == []
    assert mapper.translate(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=3)) == []
    assert mapper.translate(pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=3)) == []


def test_a_device_that_fails_is_logged_by_its_message_not_its_exception(mapper, caplog):
    # a kept log record (pytest's capture, a memory handler) holding the exception kept its
    # traceback's frames alive, and with them every scene then on the stack: the monkey test's
    # ~700 such warnings kept old tables alive, and each table's closing gc.collect grew slower
    caplog.set_level("WARNING", logger="meowcade")
    mapper.translate(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))
    mapper.translate(pygame.event.Event(pygame.JOYDEVICEADDED, device_index=3))
    mapper.translate(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN))     # no instance_id: ignored
    warnings = [r for r in caplog.records if r.levelname == "WARNING"]
    assert len(warnings) == 3, [r.getMessage() for r in warnings]
    assert "could not be opened" in warnings[0].getMessage()
    assert "ignored" in warnings[2].getMessage()
    assert not [a for r in warnings for a in r.args if isinstance(a, BaseException)]


def test_stick_dead_zone_and_repeat(mapper, fake_pads):
    posted(mapper, pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0))

    def axis(a, v):
        return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=100, axis=a, value=v)

    assert posted(mapper, axis(pygame.CONTROLLER_AXIS_LEFTX, 9000)) == []  # inside the dead zone
    got = posted(mapper, axis(pygame.CONTROLLER_AXIS_LEFTX, 30000))
    assert got == [Intent("move", direction="right", device="pad")]
    assert posted(mapper, axis(pygame.CONTROLLER_AXIS_LEFTX, 31000)) == []  # still right: no new move
    assert mapper.update(REPEAT_DELAY - 0.05) == []
    assert kinds(mapper.update(0.06)) == ["move"]
    assert mapper.update(REPEAT_EVERY * 0.5) == []
    assert [i.direction for i in mapper.update(REPEAT_EVERY * 0.6)] == ["right"]
    posted(mapper, axis(pygame.CONTROLLER_AXIS_LEFTX, 0))
    assert mapper.update(1.0) == []
    got = posted(mapper, axis(pygame.CONTROLLER_AXIS_LEFTY, -32768))
    assert got[0].direction == "up"


def test_held_key_repeats_and_stops_on_release(mapper):
    posted(mapper, key(pygame.K_DOWN))
    assert [i.direction for i in mapper.update(REPEAT_DELAY + 0.001)] == ["down"]
    posted(mapper, key(pygame.K_DOWN, up=True))
    assert mapper.update(1.0) == []


def test_raw_joystick_fallback(mapper):
    got = posted(
        mapper,
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=0),
        pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=1),
        pygame.event.Event(pygame.JOYHATMOTION, instance_id=5, hat=0, value=(0, 1)),
        pygame.event.Event(pygame.JOYHATMOTION, instance_id=5, hat=0, value=(0, 0)),
        pygame.event.Event(pygame.JOYHATMOTION, instance_id=5, hat=0, value=(-1, 0)),
        pygame.event.Event(pygame.JOYAXISMOTION, instance_id=5, axis=1, value=0.9),
    )
    assert kinds(got) == ["confirm", "back", "move", "move", "move"]
    assert [i.direction for i in got[2:]] == ["up", "left", "down"]
    posted(mapper, pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=5))
    assert mapper.update(1.0) == []


def test_hold_timers_for_the_kiosk(mapper, fake_pads):
    posted(mapper, key(pygame.K_ESCAPE))
    mapper.update(0.5)
    mapper.update(0.5)
    assert mapper.held_seconds("escape") == pytest.approx(1.0)
    posted(mapper, key(pygame.K_ESCAPE, up=True))
    mapper.update(0.1)
    assert mapper.held_seconds("escape") == 0.0
    posted(
        mapper,
        pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=0),
        pad_button(100, pygame.CONTROLLER_BUTTON_START),
        pad_button(100, pygame.CONTROLLER_BUTTON_BACK),
    )
    mapper.update(2.0)
    assert mapper.held_seconds("start+back") == pytest.approx(2.0)
    posted(mapper, pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=100))
    mapper.update(0.1)
    assert mapper.held_seconds("start+back") == 0.0


def test_garbage_event_is_ignored_not_raised(mapper):
    broken = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN)  # no attributes at all
    assert mapper.translate(broken) == []
