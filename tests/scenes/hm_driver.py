"""Drive the Hungry Meow table headless through posted device events, like a player would.

A ``Driver`` owns an ``App`` stepped with a fixed dt. ``click(name)`` posts a mouse press and
release at a widget's centre; ``pad(button)`` posts CONTROLLERBUTTONDOWN/UP for a fake instance
id; ``pad_focus(name)`` presses RB (next) until that widget has the focus. The decision helpers
read only the human seat's view (what a person at that seat sees) and never apply actions.
"""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.play.session import GameSession, Seat  # noqa: E402
from tests.peek import engine_of

PAD_ID = 4242
# ``app.draw_every(UNSEEN)``: for tests that check state, not pixels. Each new screen is still
# drawn the frame it appears, and every moment a test looks at (the ready moment, the moment
# before a press: ``show_now``); the frames between, which nobody looks at, are not.
UNSEEN = 1 << 30
NAMES = ["Mochi", "Tofu", "Biscuit", "Pepper", "Nori", "Miso"]
COATS = ["tabby", "calico", "tuxedo", "siamese", "black", "ginger"]
ALL_CARDS = ([f"{c}{n}{s}" for c in "RYBG" for s in "PX" for n in range(1, 9)]
             + ["LOAF"] * 5 + ["FISH"] * 2 + ["DEATH"])


def make_session(players=3, humans=(0,), seed=7, level="heuristic", setup=None, actions=(), options=None):
    seats = [Seat(NAMES[i], "human" if i in humans else "bot", level, COATS[i]) for i in range(players)]
    return GameSession("hungry-meow", seats, seed, dict(options or {}), dict(setup or {}), list(actions))


def fixed_setup(hands: list[list[str]], first: int = 0, deck_top: list[str] = ()) -> dict:
    """A setup with the given hands; the pile is the rest, ``deck_top`` first, Death last."""
    rest = list(ALL_CARDS)
    for card in [c for h in hands for c in h] + list(deck_top):
        rest.remove(card)
    rest.remove("DEATH")
    return {"first": first, "hands": hands, "deck": list(deck_top) + rest + ["DEATH"]}


class Driver:
    def __init__(self, app, table, dt: float = 1 / 20, device: str = "mouse", auto_yes: bool = True):
        self.device = device
        self.auto_yes = auto_yes      # answer "Yes" when a turn-ending choice asks first
        self.app = app
        self.table = table
        self.dt = dt

    # ---- stepping --------------------------------------------------------------------------------
    def step(self, events=(), frames: int = 1) -> None:
        self.app.step(self.dt, list(events))
        for _ in range(frames - 1):
            self.app.step(self.dt, [])

    def hurry_events(self) -> list:
        """The device's own way to hurry an animation: Y on the pad, a click on the bare table
        with the mouse, K on the keyboard."""
        if self.device == "pad":
            return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID,
                                       button=pygame.CONTROLLER_BUTTON_Y),
                    pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD_ID,
                                       button=pygame.CONTROLLER_BUTTON_Y)]
        if self.device == "mouse":
            pos = self.table.anchors["deck"].rect.center
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        # and its key-up: a key never let go is held, and a curtain waits for it (eyes.py)
        return [key(pygame.K_k), pygame.event.Event(pygame.KEYUP, key=pygame.K_k, mod=0)]

    def past_arrange(self, tries: int = 40) -> None:
        """Settle, placing the person's mermaids as they stand whenever Zodiac asks, until the
        table asks for something else."""
        for _ in range(tries):
            self.settle()
            if getattr(self.table, "mode", None) != "arrange":
                return
            self.table._arrange_done()

    def settle(self, limit: int = 2000, hurry: bool = True) -> None:
        """Step until the human can act (or the game is over), hurrying animations."""
        self.step()
        for _ in range(limit):
            top = self.app.stack.top
            if top is not self.table or self.table.my_turn() or (
                    self.table.curtain_for is not None and not self.table.presenter.busy
                    and not self.table.hands_waiting()):
                self.step()
                self.app.show_now()     # the ready moment is drawn (a test may thin the drawing)
                return
            if top is self.table and self.table.recap:     # read, then one press once it takes one
                self.step(self.hurry_events() if not self.table.hands_waiting() else [])
                continue
            self.step(self.hurry_events() if hurry and self.table.presenter.busy else [])
        raise AssertionError("the table never became ready for the human")

    # ---- mouse -------------------------------------------------------------------------------------
    def center(self, name: str) -> tuple[int, int]:
        self.app.show_now()             # aim at what is shown (a test may thin the drawing)
        rect = self.table.widgets()[name]
        return rect.center

    def click_at(self, pos) -> None:
        self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
        self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def click(self, name: str) -> None:
        self.click_at(self.center(name))
        self.answer()

    def answer(self, yes: bool | None = None) -> None:
        """A turn-ending choice asked "Are you sure?": answer it the device's way (a click on
        the button; Left to move to Yes then Enter / A). ``None``: "yes" if ``auto_yes``."""
        tools = getattr(self.table, "tools", None)
        if yes is None:
            if not self.auto_yes:
                return
            yes = True
        if tools is None or tools.pending is None:
            return
        self.app.show_now()
        want = tools.yes_btn if yes else tools.no_btn
        if self.device == "mouse":
            self.click_at(want.rect.center)
            return
        pad = self.device == "pad"
        if tools.choice is not want:
            self.pad(pygame.CONTROLLER_BUTTON_DPAD_LEFT) if pad else self.step([key(pygame.K_LEFT)])
        self.pad(pygame.CONTROLLER_BUTTON_A) if pad else self.step([key(pygame.K_RETURN)])

    def drag(self, start, end, steps: int = 6) -> None:
        self.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
        for i in range(1, steps + 1):
            p = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            self.step([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 0), buttons=(1, 0, 0))])
        self.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])

    # ---- controller ------------------------------------------------------------------------------------
    def pad(self, button: int) -> None:
        self.step([pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID, button=button)])
        self.step([pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD_ID, button=button)])

    def pad_focus(self, name: str) -> None:
        self.app.show_now()
        target = self.table.widget(name)
        assert target is not None, f"no widget {name}: {sorted(self.table.widgets())}"
        focus = self.table.focus
        for _ in range(60):          # RB from group to group, then the D-pad along the group
            if focus.focused is target:
                return
            self.pad(pad_way(focus, target))
        raise AssertionError(f"could not focus {name} with the pad")

    def pad_press(self, name: str) -> None:
        self.pad_focus(name)
        self.pad(pygame.CONTROLLER_BUTTON_A)
        self.answer()


DPAD = {"left": pygame.CONTROLLER_BUTTON_DPAD_LEFT, "right": pygame.CONTROLLER_BUTTON_DPAD_RIGHT,
        "up": pygame.CONTROLLER_BUTTON_DPAD_UP, "down": pygame.CONTROLLER_BUTTON_DPAD_DOWN}


def pad_way(focus, target) -> int:
    """The pad button a person presses to bring the focus a step nearer ``target``: RB while it
    is in another group, else the D-pad way whose next item in the group is nearest to it."""
    from game.ui.focus import direction_score

    here = focus.focused
    if here is None or focus.group(here) != focus.group(target):
        return pygame.CONTROLLER_BUTTON_RIGHTSHOULDER

    def gap(item) -> int:
        return abs(item.rect.centerx - target.rect.centerx) + abs(item.rect.centery - target.rect.centery)

    best = None
    for way, button in DPAD.items():
        scored = [(direction_score(here.rect, i.rect, way), i) for i in focus._candidates(here, way)[0]
                  if focus.group(i) == focus.group(here)]
        scored = [(sc, i) for sc, i in scored if sc is not None]
        if scored:
            nxt = min(scored, key=lambda si: si[0])[1]
            if gap(nxt) < gap(here) and (best is None or gap(nxt) < best[0]):
                best = (gap(nxt), button)
    return best[1] if best else pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


def record_drawn_text(app, monkeypatch) -> list:
    """From now on every ``app.draw_text`` call adds (text, rect drawn) to the returned list."""
    said = []
    real = app.draw_text

    def spy(surface, text, *a, **k):
        rect = real(surface, text, *a, **k)
        said.append((text, rect))
        return rect

    monkeypatch.setattr(app, "draw_text", spy)
    return said


def key(k: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)


def choose(table, seat: int) -> list[str]:
    """What a simple human player presses next, from the seat's own view and the widgets shown:
    a list of widget names (cards to select, then a button)."""
    view = engine_of(table).view(seat)
    table.app.show_now()
    shown = table.widgets()
    mode = table.mode
    if mode == "direction":
        return ["btn:cw"]
    if mode == "draw":
        return ["btn:draw5"] if "btn:draw5" in shown else ["btn:draw1"]
    if mode == "prophecy":
        return ["btn:confirm"] if "btn:confirm" in shown else ["btn:skip"]
    if mode == "dealer":
        seats = [n for n in shown if n.startswith("seat:")]
        for name in seats:
            if view["hand_counts"][int(name[5:])]:
                return [name, "btn:take"]
        return ["btn:skipd"]
    if mode == "play":
        hand = [c for c in view["hand"] if len(c) == 3]
        table_cards = view["table"]
        if not table_cards:
            if hand:
                return [card_widget(shown, hand[0]), "btn:play"]
            return ["btn:pass"]
        sym = table_cards[0][2]
        need = sum(int(c[1]) for c in table_cards)
        for card in hand:
            if card[2] == sym and int(card[1]) > need:
                return [card_widget(shown, card), "btn:play"]
        return ["btn:pass"]
    raise AssertionError(f"unexpected mode {mode!r}")


def card_widget(shown: dict, card: str) -> str:
    return next(n for n in shown if n.startswith(f"card:{card}#"))
