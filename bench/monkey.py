"""Monkey test: random device events fed to the real kiosk app, checking it never breaks.

Mouse moves/clicks/wheel anywhere (inside and outside the window), touch, keys (with modifiers,
Alt+F4 included), typed text (control characters, emoji, long strings), controller buttons and
axes, controllers and joysticks added and removed (unknown ids too), focus lost and gained, window
resized/closed, quit — each step is ``app.step(DT, events)`` with a fixed ``DT``. Every few hundred
events the stack is set to a scene picked from every screen the program has (title, table select,
seat setup, each table with people, pause, settings, rules help, results, attract, still there,
the staff screens, nap, a lesson of each table), so all of them take their share. After every step:
the stack is not empty and a running game passes its engine's own ``check_invariants()``; an
exception anywhere, or a table that failed inside attract mode, is a failure.

Every ``DRILL_EVERY``-th jump is an idle drill instead: the screens are taken in turn (so each one
gets at least one drill in a 50,000-event run) and nobody touches anything until the kiosk is back
in attract mode. On a screen where the kiosk's idle rule applies (a table, a lesson, seat setup,
results, pause …) "Still there?" must come up exactly when the idle time runs out, and attract
mode when its countdown ends; the title goes to attract mode; the staff screens close themselves;
the nap screen stays. A drill that ends any other way is a failure.

    python bench/monkey.py [EVENTS] [--seed N] [--size WxH]

prints events per second and, on a failure, the seed and event index that reproduce it. The seed
fixes every event and every jump; computer players think on the bot runner's worker thread with a
wall-clock budget, so *when* a bot's move lands can differ between runs: a failure that depends on
that timing may need a few runs of the printed command (the traceback and the last step's stack and
events are printed too).
``run(events, seed)`` is what ``tests/kiosk/test_monkey.py`` calls with 50,000.
"""
from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

DT = 1 / 60
TELEPORT_EVERY = 400          # events between jumps to a random screen
QUIET_CHANCE = 0.0007         # per step: a 4-12 s stretch without input follows
DRILL_EVERY = 3               # every 3rd jump is an idle drill
DRILL_DT = 0.1                # frames of a drill are the longest step the app takes (MAX_DT)
DRILL_LIMIT = 40.0            # seconds of idle by which any screen must have reached attract mode

KEYS = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_KP_ENTER,
        pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_F1, pygame.K_F4,
        pygame.K_a, pygame.K_d, pygame.K_w, pygame.K_s, pygame.K_p, pygame.K_x, pygame.K_k, pygame.K_h,
        pygame.K_0, pygame.K_5, pygame.K_9, pygame.K_q, pygame.K_LALT, pygame.K_LSHIFT, pygame.K_DELETE]
MODS = [0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_ALT, pygame.KMOD_CTRL, pygame.KMOD_META]
TEXTS = ["a", "7", "6369", "Mochi", "貓", "🐱", "\x00\x07\t", "x" * 80, " ", "é", "\u202e",
         "ABCDEFGHIJKLMNOP"]
PAD_IDS = [0, 1, 2, 7, 99999, -1]


@dataclass
class Result:
    events: int = 0
    steps: int = 0
    seconds: float = 0.0
    failure: str | None = None
    fail_at: int | None = None
    scenes: dict = field(default_factory=dict)      # scene name -> steps on top
    invariant_checks: int = 0
    drills: list = field(default_factory=list)      # (screen, idle kind at its start, what happened)
    screens: list = field(default_factory=list)     # every screen the run can jump to

    @property
    def rate(self) -> float:
        return self.events / self.seconds if self.seconds else 0.0


def random_event(rng: random.Random, size: tuple[int, int]) -> pygame.event.Event:
    w, h = size
    E = pygame.event.Event

    def pos():
        if rng.random() < 0.1:
            return (rng.randint(-200, w + 200), rng.randint(-200, h + 200))
        return (rng.randrange(w), rng.randrange(h))

    r = rng.random()
    if r < 0.22:
        return E(pygame.MOUSEMOTION, pos=pos(), rel=(rng.randint(-40, 40), rng.randint(-40, 40)),
                 buttons=(rng.random() < 0.3, 0, 0), touch=False)
    if r < 0.36:
        kind = pygame.MOUSEBUTTONDOWN if rng.random() < 0.5 else pygame.MOUSEBUTTONUP
        return E(kind, pos=pos(), button=rng.choice([1, 1, 1, 2, 3, 4, 5, 7]), touch=False)
    if r < 0.38:
        return E(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 2]), flipped=False, touch=False,
                 precise_x=0.0, precise_y=0.0)
    if r < 0.44:
        kind = rng.choice([pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION])
        return E(kind, x=rng.uniform(-0.2, 1.2), y=rng.uniform(-0.2, 1.2), dx=0.0, dy=0.0,
                 finger_id=rng.randint(0, 3), touch_id=1, pressure=1.0)
    if r < 0.62:
        kind = pygame.KEYDOWN if rng.random() < 0.55 else pygame.KEYUP
        return E(kind, key=rng.choice(KEYS), mod=rng.choice(MODS), unicode="", scancode=0)
    if r < 0.66:
        return E(pygame.TEXTINPUT, text=rng.choice(TEXTS))
    if r < 0.78:
        kind = pygame.CONTROLLERBUTTONDOWN if rng.random() < 0.55 else pygame.CONTROLLERBUTTONUP
        return E(kind, instance_id=rng.choice(PAD_IDS), button=rng.randint(0, 20))
    if r < 0.84:
        return E(pygame.CONTROLLERAXISMOTION, instance_id=rng.choice(PAD_IDS), axis=rng.randint(0, 5),
                 value=rng.randint(-32768, 32767))
    if r < 0.88:
        kind = rng.choice([pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYHATMOTION,
                           pygame.JOYAXISMOTION])
        iid = rng.choice(PAD_IDS)
        if kind == pygame.JOYHATMOTION:
            return E(kind, instance_id=iid, joy=iid, hat=0, value=(rng.randint(-1, 1), rng.randint(-1, 1)))
        if kind == pygame.JOYAXISMOTION:
            return E(kind, instance_id=iid, joy=iid, axis=rng.randint(0, 3), value=rng.uniform(-1, 1))
        return E(kind, instance_id=iid, joy=iid, button=rng.randint(0, 12))
    if r < 0.92:
        kind = rng.choice([pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED,
                           pygame.JOYDEVICEADDED, pygame.JOYDEVICEREMOVED])
        if kind in (pygame.CONTROLLERDEVICEADDED, pygame.JOYDEVICEADDED):
            return E(kind, device_index=rng.choice([0, 1, 5, 99]), guid="")
        return E(kind, instance_id=rng.choice(PAD_IDS))
    if r < 0.97:
        kind = rng.choice([pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED, pygame.WINDOWENTER,
                           pygame.WINDOWLEAVE, pygame.WINDOWMINIMIZED, pygame.WINDOWRESTORED,
                           pygame.WINDOWEXPOSED])
        return E(kind, window=None)
    if r < 0.99:
        nw, nh = rng.choice([(640, 360), (1280, 720), (1920, 1080), (800, 600), (333, 777)])
        if rng.random() < 0.5:
            return E(pygame.WINDOWRESIZED, x=nw, y=nh, window=None)
        return E(pygame.VIDEORESIZE, size=(nw, nh), w=nw, h=nh)
    return E(rng.choice([pygame.QUIT, pygame.WINDOWCLOSE]), window=None)


def scene_factories(app):
    """name -> function building that screen on the current app (only screens this build has)."""
    from game.play.session import GameSession, Seat
    from scenes.table.lesson import table_lessons
    from scenes.table_select import TableSelectScene
    from scenes.tables import available_tables

    out = {}
    tables = available_tables()

    def session(info, humans=1, finished=False, seed=3):
        players = info.players[0] + (1 if info.players[1] > info.players[0] else 0)
        seats = [Seat(f"P{i}", "human" if i < humans else "bot", "random") for i in range(players)]
        s = GameSession(info.game, seats, seed)
        if finished:
            rng = random.Random(seed)
            while not s.game.over and len(s.actions) < 3000:
                s.apply(rng.choice(s.game.legal_actions()))
        return s

    def add(name, module, build):
        try:
            mod = __import__(module, fromlist=["x"])
        except ImportError:
            return
        out[name] = lambda: build(mod)

    def title():
        from scenes.title import TitleScene
        return TitleScene(app)

    def on_title(build):
        return lambda m: [title(), *build(m)]

    # each screen on the stack it really appears on (overlays over their screen)
    add("title", "scenes.title", lambda m: [m.TitleScene(app)])
    add("table_select", "scenes.table_select", on_title(lambda m: [m.TableSelectScene(app)]))
    add("settings", "scenes.settings", on_title(lambda m: [m.SettingsScene(app)]))
    add("attract", "kiosk.screens.attract", lambda m: [m.AttractScene(app, seed=app.clock_time)])
    add("nap", "kiosk.screens.nap", lambda m: [m.NapScene(app)])
    admin = "kiosk.screens.admin"
    add("admin_pin", admin, on_title(lambda m: [m.PinScene(app)]))
    add("admin_new_pin", admin, on_title(lambda m: [m.AdminMenuScene(app), m.PinScene(app, "new")]))
    add("admin_menu", admin, on_title(lambda m: [m.AdminMenuScene(app)]))
    add("admin_stats", admin, on_title(lambda m: [m.AdminMenuScene(app), m.AdminStatsScene(app)]))
    add("rules", "scenes.rules_help", on_title(lambda m: [m.RulesHelpScene(app, tables[0].game)]))
    for info in tables:
        g = info.game

        def game_stack(m, i=info, humans=1):
            from scenes.seat_setup import SeatSetupScene
            return [title(), TableSelectScene(app), SeatSetupScene(app, i),
                    i.scene_class()(app, session(i, humans))]

        add(f"seat_setup:{g}", "scenes.seat_setup", on_title(lambda m, i=info: [m.SeatSetupScene(app, i)]))
        add(f"table:{g}:1p", "scenes.tables", game_stack)
        add(f"table:{g}:2p", "scenes.tables", lambda m, i=info: game_stack(m, i, 2))
        add(f"results:{g}", "scenes.results",
            on_title(lambda m, i=info: [m.ResultsScene(app, session(i, 1, True))]))
        add(f"pause:{g}", "scenes.pause", lambda m, i=info: (lambda st: st + [m.PauseScene(app, st[-1])])(
            game_stack(m, i)))
        add(f"rules_in_game:{g}", "scenes.rules_help",
            lambda m, i=info: game_stack(m, i) + [m.RulesHelpScene(app, i.game)])
        add(f"still_there:{g}", "kiosk.screens.still_there",
            lambda m, i=info: game_stack(m, i) + [m.StillThereScene(app, 15)])
        if table_lessons(app, g):
            add(f"lesson:{g}", "scenes.table.lesson", lambda m, i=info: [
                title(), TableSelectScene(app), m.lesson_scene(app, i, table_lessons(app, i.game)[0])])
    return out


def check(app) -> int:
    """The per-step checks; returns how many engines were checked."""
    from game.play.feed import TableFeed, kept_session
    from game.play.session import GameSession

    assert app.stack.scenes, "the scene stack is empty"
    checked = 0
    for scene in app.stack.scenes:
        for holder in (scene, getattr(scene, "table", None)):
            feed = getattr(holder, "feed", None)     # (a table's game is behind its feed)
            session = kept_session(feed) if isinstance(feed, TableFeed) else getattr(holder, "session", None)
            if isinstance(session, GameSession):
                session.game.check_invariants()
                checked += 1
    return checked


def idle_drill(app, rules, result: Result) -> str:
    """Nobody touches the kiosk until it is in attract mode (see the module's notes); returns what
    happened, raises AssertionError when the kiosk did not do what its idle rules say."""
    from kiosk.controller import scene_kind
    from kiosk.idle import OWN, PLAY
    from kiosk.screens.attract import AttractScene
    from kiosk.screens.nap import NapScene
    from kiosk.screens.still_there import StillThereScene

    # the visitor walks away: nothing held any more (keys, pad buttons, sticks), as the app does
    # when the window loses focus
    app.idle_seconds = 0.0      # the jump to this screen was the visitor's last touch
    app.step(DRILL_DT, [pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None)])
    first = app.stack.top
    kind = scene_kind(first)
    warned = None               # the idle time when "Still there?" came up
    for _ in range(round(DRILL_LIMIT / DRILL_DT)):
        app.step(DRILL_DT, [])
        result.steps += 1
        result.invariant_checks += check(app)
        top = app.stack.top
        result.scenes[type(top).__name__] = result.scenes.get(type(top).__name__, 0) + 1
        if isinstance(top, StillThereScene) and warned is None and top is not first:
            warned = app.idle_seconds
            assert kind == PLAY, f"'Still there?' came up over {type(first).__name__}"
            assert rules.idle_reset <= warned <= rules.idle_reset + 2 * DRILL_DT, \
                f"'Still there?' came up after {warned:.1f} s idle, not {rules.idle_reset:.0f} s"
        if isinstance(top, AttractScene):
            if kind == PLAY:
                assert warned is not None, f"attract mode over {type(first).__name__} without 'Still there?'"
                assert warned + rules.still_there <= app.idle_seconds + DRILL_DT, "countdown cut short"
            if getattr(first, "staff", False):     # a staff screen is never left open (unlocked)
                assert app.idle_seconds <= rules.idle_reset + 3 * DRILL_DT, \
                    f"{type(first).__name__} stayed open {app.idle_seconds:.1f} s without input"
            return "still_there>attract" if warned is not None else "attract"
        if isinstance(first, NapScene):
            assert top is first, f"the nap screen gave way to {type(top).__name__}"
    left = type(app.stack.top).__name__
    assert isinstance(first, NapScene), \
        f"{DRILL_LIMIT:.0f} s idle from {type(first).__name__} ({kind}) left {left} up, not attract mode"
    assert kind == OWN
    return "nap"


def pin_font_in_memory() -> None:
    """Long runs in a shared working tree: the font subset is regenerated in place by whoever adds
    text, and FreeType reads glyphs lazily from the open file, so a rewrite mid-run shows up as
    "Text has zero width" / "Couldn't find glyph". The benches make every ``pygame.font.Font``
    opened from a file read the file's bytes once instead (an installed kiosk's files do not
    change under it). Call before the game modules are imported."""
    import io

    real = pygame.font.Font
    if getattr(real, "_pinned", False):
        return
    cache: dict = {}

    class PinnedFont(real):
        _pinned = True

        def __init__(self, file=None, size=20):
            if isinstance(file, (str, os.PathLike)) and os.path.isfile(file):
                key = os.path.abspath(file)
                if key not in cache:
                    cache[key] = Path(file).read_bytes()
                file = io.BytesIO(cache[key])
            super().__init__(file, size)
    pygame.font.Font = PinnedFont


def run(events: int = 50_000, seed: int = 1, size=(640, 360), home=None, log_every: int = 0,
        pin_font: bool = False, draw_every: int = 1) -> Result:
    from kiosk import admin as admin_rules
    from kiosk.child import make_kiosk_app
    from kiosk.controller import scene_kind
    from kiosk.idle import IdleRules
    from kiosk.screens.attract import AttractScene

    if pin_font:
        pin_font_in_memory()
    own_home = None
    if home is None:
        own_home = tempfile.TemporaryDirectory(prefix="meowcade-monkey-")
        home = own_home.name
    rng = random.Random(seed)
    # short idle times so attract, "still there" and idle resets happen within the run
    rules = IdleRules(attract_delay=8, idle_reset=10, still_there=3)
    app, controller = make_kiosk_app(size, False, None, home, False, None, "child", rules)
    app.draw_every(draw_every)      # each screen still drawn the frame it appears
    controller.lock.set_pin(admin_rules.hash_pin(str(rng.randrange(10**7, 10**8))))
    app.seed = seed
    result = Result()
    errors_before = AttractScene.errors
    factories = scene_factories(app)
    names = result.screens = sorted(factories)
    start = time.perf_counter()
    done = 0
    batch, before = None, []
    try:
        controller.start()
        app.stack.apply_pending()
        app.running = True
        gc.freeze()           # as App.run does after the first frame: a table's closing collect
        #                       (give_back_memory) scans only what came after start-up
        next_teleport = TELEPORT_EVERY
        quiet = 0
        jumps = 0
        while done < events:
            if done >= next_teleport:
                next_teleport += TELEPORT_EVERY
                jumps += 1
                drill = jumps % DRILL_EVERY == 0
                name = names[len(result.drills) % len(names)] if drill else names[rng.randrange(len(names))]
                built = factories[name]()
                app.stack.clear_to(built[0])
                for extra in built[1:]:
                    app.stack.push(extra)
                app.stack.apply_pending()       # between frames, as the app does
                if drill:
                    batch, before = [], [type(sc).__name__ for sc in app.stack.scenes]
                    kind = scene_kind(app.stack.top)
                    result.drills.append((name, kind, idle_drill(app, rules, result)))
                    if AttractScene.errors != errors_before:
                        raise AssertionError("a table failed inside attract mode (see the log)")
                    continue
            if quiet > 0:                   # nobody touching it: idle timers run out
                quiet -= 1
                batch = []
            else:
                batch = [random_event(rng, app.size) for _ in range(rng.choice((0, 1, 2, 3, 4, 6, 8, 10)))]
                if rng.random() < QUIET_CHANCE:
                    quiet = rng.randint(240, 720)
            batch = batch[: events - done]
            before = [type(sc).__name__ for sc in app.stack.scenes]
            app.step(DT, batch)
            done += len(batch)
            result.steps += 1
            result.invariant_checks += check(app)
            top = type(app.stack.top).__name__
            result.scenes[top] = result.scenes.get(top, 0) + 1
            if AttractScene.errors != errors_before:
                raise AssertionError("a table failed inside attract mode (see the log)")
            if not app.running:             # the admin menu's quit: note it and go on
                app.running = True
                controller.exit_code = None
            if log_every and result.steps % log_every == 0:
                print(f"  {done} events, {done / (time.perf_counter() - start):.0f}/s, top {top}", flush=True)
    except BaseException as exc:
        if isinstance(exc, KeyboardInterrupt):
            raise
        result.failure = "".join(traceback.format_exception(exc))
        if batch is not None:
            result.failure += (f"stack before the step: {before}\nits events: "
                               + "; ".join(pygame.event.event_name(e.type) + str(e.dict) for e in batch))
        result.fail_at = done
    finally:
        result.events = done
        result.seconds = time.perf_counter() - start
        controller.close()
        app.shutdown()
        if own_home is not None:
            own_home.cleanup()
    return result


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("events", nargs="?", type=int, default=1_000_000)
    p.add_argument("--seed", type=int, default=None)
    p.add_argument("--size", default="640x360")
    args = p.parse_args(argv)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 30)
    size = tuple(int(v) for v in args.size.split("x"))
    print(f"monkey: {args.events} events, seed {seed}, window {size[0]}x{size[1]}, dt {DT:.4f}", flush=True)
    result = run(args.events, seed, size, log_every=20_000, pin_font=True)
    print(f"events: {result.events} in {result.steps} steps, {result.seconds:.1f} s, "
          f"{result.rate:.0f} events/s, {result.invariant_checks} invariant checks")
    print("steps on top per scene: " + ", ".join(f"{k} {v}" for k, v in sorted(result.scenes.items())))
    if result.failure:
        print(f"FAILED at event {result.fail_at}; reproduce with: "
              f"python bench/monkey.py {result.fail_at + 10} --seed {seed} --size {args.size}")
        print(result.failure)
        return 1
    print("no failures")
    return 0


if __name__ == "__main__":
    sys.exit(main())
