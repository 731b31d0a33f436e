"""Engine events → a queue of timelines (sprites, cat poses, captions, banners, sound cues).

A presenter keeps a *display board* that lags behind the engine while animations play. Each
event becomes a step whose timeline is built when the step starts (``on_<Event>(event, rest)``,
``rest`` being the events after it in the same batch), so positions are read from the board as
it then stands. After the last event of a batch the board is re-read from the engine
(``sync``), so a skipped or hurried animation never leaves the screen wrong, and nothing here
ever changes the rules state.

Every event also becomes a line of the move history (``log_line``, a game's hook), kept in
``log`` with the seats that may read it (``None``: everyone) and added as its step starts, so the
history never runs ahead of what the table shows.

Only events the viewer may see (``Event.visible_to(viewer)``) are presented: private events of
other seats are dropped here, before anything is drawn. A game's presenter adds its board, its
``sync`` and its ``on_<Event>`` handlers (and ``tick`` for its own fading effects).
"""
from __future__ import annotations

import math
from typing import Callable

from game.runtime.tween import Deferred, Timeline, Tween, in_out_sine
from scenes.table import calm
from scenes.table.relocalise import LogLine


class Flyer:
    """A card (or token) in motion, drawn above the table. ``item`` is what it shows (None: a
    back); ``flip`` 0 = back up, 1 = face up (drawn squashed by |cos(pi * flip)|)."""

    def __init__(self, item: str | None, pos, width: float, flip: float = 1.0, alpha: float = 255,
                 kind: str = "card"):
        self.item = item
        self.kind = kind
        self.pos = tuple(pos)
        self.width = float(width)
        self.flip = flip
        self.alpha = alpha
        self.shake = 0.0

    @property
    def card(self) -> str | None:
        return self.item


class Hold:
    """A timeline step that keeps a key moment on screen until a person at the table presses
    something (``BasePresenter.release``, also any hurry), or ``seconds`` when nobody plays here
    (attract mode, a table of computer cats)."""

    def __init__(self, presenter, seconds: float, quiet: bool = False):
        self.presenter = presenter
        self.seconds = seconds
        self.quiet = quiet          # a short read (a card just turned): no "press to go on" line
        self.elapsed = 0.0
        self.done = False
        self.started = False

    def update(self, dt: float) -> float:
        if not self.started:
            self.started = True
            self.presenter.holding = self
        self.elapsed += dt
        if self.elapsed >= self.seconds or self.presenter.holding is not self:
            self.finish()
        return 0.0

    def finish(self) -> None:
        if self.presenter.holding is self:
            self.presenter.holding = None
        self.done = True


READ = 1.2        # real seconds a big moment's banner and line stay at the least, at any speed


class Floor:
    """A timeline step that waits, in real seconds, till ``READ`` has passed since the moment's
    ``mark``: at the "Faster" speed a Death-and-save or a knock-out went by in about a second, told
    by "You drew Loaf" alone (stranger 11, defect 3). No wait at the normal or slow speeds (their
    pacing is the designed one), and a hurry (K, a click) finishes it as any step."""

    def __init__(self, presenter):
        self.presenter = presenter
        self.done = False

    def update(self, dt: float) -> float:
        p = self.presenter
        # the person's setting, not the table's speed (the title's demo runs a little quicker)
        if self.done or p.app.settings.speed_factor >= 1.0 or p.marked is None:
            self.done = True
            return dt
        left = p.marked + READ - p.clock
        if left <= dt:
            self.done = True
            return dt - max(0.0, left)
        return 0.0

    def finish(self) -> None:
        self.done = True


class BasePresenter:
    """The step queue shared by every table."""

    banner_colour = (255, 226, 140)
    quiet: dict[str, str] = {}      # event kind -> caption key ({name}: its seat): a tap, a line, a beat

    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self.flyers: list[Flyer] = []
        self.queue: list[Callable[[], Timeline | None]] = []
        self.current: Timeline | None = None
        self.caption = ""
        self.banner: tuple[str, tuple, float] | None = None     # text, colour, seconds left
        self.log: list[tuple[str, frozenset | None]] = []        # move history: (words, seen by)
        self.holding: Hold | None = None                          # a key moment waiting for a press
        self.clock = 0.0                                          # real seconds, for ``Floor``
        self.marked: float | None = None                          # when a big moment was told
        self.end_words: tuple[str, tuple] | None = None           # who won and why, and its colour
        self.board = self.make_board(scene.n)

    # ---- a game's hooks ---------------------------------------------------------------------------
    def make_board(self, players: int):
        raise NotImplementedError

    def sync(self) -> None:
        """Re-read the display board from the engine (what the viewer may see)."""
        raise NotImplementedError

    def log_line(self, event) -> str | None:
        """The move history's words for ``event`` (None: not worth a line)."""
        return None

    def recap_keeps(self, event) -> bool:
        """Whether the hot-seat recap keeps ``event``'s line when it cannot show them all (news
        every person must hear: the game says which)."""
        return False

    def hide_hand(self, seat: int) -> None:
        """Turn ``seat``'s hand face down on the board now (hot seat: that person's turn has
        ended; the table already stopped showing it as theirs). Default: the drawing follows
        ``scene.viewer`` alone."""

    def tick(self, dt: float) -> None:
        """Fade the game's own effects (flashes, pulses); called every frame."""

    def clear_motion(self) -> None:
        """Drop whatever is in flight (after a skip)."""
        self.flyers.clear()

    # ---- running ----------------------------------------------------------------------------------
    @property
    def speed(self) -> float:
        return self.scene.speed

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def push(self, build: Callable[[], Timeline | None]) -> None:
        self.queue.append(build)

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.banner:
            text, colour, left = self.banner
            left -= dt
            self.banner = (text, colour, left) if left > 0 else None
        self.tick(dt)
        budget = dt
        for _ in range(64):                    # run as many finished/instant steps as arrive
            if self.current is None:
                if not self.queue:
                    return
                self.current = self.queue.pop(0)() or Timeline(self.speed)
            spare = self.current.update(budget)
            if not self.current.done:
                return
            self.current = None
            budget = max(0.0, spare)

    def skip(self) -> None:
        """Hurry: finish the current timeline at once (its end state and callbacks happen); a
        held moment is let go."""
        self.holding = None
        if self.current is not None:
            self.current.finish()
            self.current = None
        self.clear_motion()

    def finish_all(self) -> None:
        """Finish every queued step now (tests, and a table shown at once)."""
        for _ in range(10000):
            if not self.busy:
                break
            if self.current is None:
                self.current = self.queue.pop(0)() or Timeline(self.speed)
            self.current.finish()
            self.current = None
        self.clear_motion()

    # ---- batches ----------------------------------------------------------------------------------
    def present(self, events, viewer: int | None) -> None:
        """Queue the events of one applied action that ``viewer`` may see, then a sync."""
        seen = [e for e in events if e.visible_to(viewer)]
        for event in events:
            if not event.visible_to(viewer):     # kept for the seats it concerns (hot seat)
                self.note(event)
        for i, event in enumerate(seen):
            handler = getattr(self, "on_" + event.kind, None)
            if handler is None and event.kind in self.quiet:
                handler = self.on_quiet
            self.push(lambda h=handler, e=event, rest=seen[i + 1:]: self._step(h, e, rest))
        self.push(self._sync_step)

    def _step(self, handler, event, rest) -> Timeline | None:
        self.note(event)
        return handler(event, rest) if handler is not None else None

    def note(self, event) -> None:
        """Add ``event``'s line to the move history."""
        line = self.log_line(event)
        if line:                          # a line that can be made again in another language
            self.log.append((LogLine(line, event), event.seen_by))

    def on_quiet(self, e, rest) -> Timeline:
        """A seat let something pass (skipped a power, drew nothing): a tap and a caption."""
        tl = self.tl("pass_tap")
        self.say(tl, self.t(self.quiet[e.kind], name=self.name(e.data["seat"])))
        tl.wait(0.3)
        return tl

    def _sync_step(self) -> Timeline:
        tl = self.tl()
        tl.call(self.sync)
        return tl

    # ---- helpers for handlers ---------------------------------------------------------------------
    def tl(self, cue: str | None = None) -> Timeline:
        """A timeline at the table's speed (starting with sound ``cue``, if given)."""
        tl = Timeline(self.speed)
        if cue:
            self.sound(tl, cue)
        return tl

    def tw(self, target, attr, to, duration, ease=in_out_sine, delay=0.0, start=None) -> Tween:
        """A tween at the table's speed; under "reduce motion" a far flight is an arrival in place
        (scenes/table/calm.py)."""
        if getattr(self.app.settings, "reduce_motion", False):
            return calm.tween(self.scene.s, target, attr, to, duration, ease, delay, start, self.speed)
        return Tween(target, attr, to, duration, ease, delay=delay, start=start, speed=self.speed)

    def t(self, key: str, **fmt) -> str:
        return self.app.t(key, **fmt)

    def name(self, seat: int) -> str:
        return self.scene.seat_name(seat)

    def sound(self, tl: Timeline, cue: str) -> None:
        tl.call(lambda: self.app.audio.play(cue))

    def say(self, tl: Timeline, text: str) -> None:
        """Set the caption (the prompt line while nobody is asked anything)."""
        tl.call(lambda: setattr(self, "caption", text))

    def shout(self, tl: Timeline, text: str, colour=None, seconds: float = 1.6, big: bool = False) -> None:
        """A banner across the table for a while; a ``big`` one (what happened to a seat: a
        knock-out, a catch, a card taken) never shorter than ``READ`` real seconds, and its moment
        marked for ``floor``."""
        colour = colour or self.banner_colour
        life = max(seconds * self.speed, READ if big else 0.0) + 0.2
        tl.call(lambda: setattr(self, "banner", (text, colour, life)))
        if big:
            self.mark(tl)

    def mark(self, tl: Timeline) -> None:
        """A big moment is told from here (its banner or line): ``floor`` counts from it."""
        tl.call(lambda: setattr(self, "marked", self.clock))

    def floor(self, tl: Timeline) -> None:
        """The timeline goes on once the marked moment has stood ``READ`` seconds (Faster only)."""
        tl.add(Floor(self))

    def pose(self, tl: Timeline, seat: int, pose: str, seconds: float = 1.4) -> None:
        tl.call(lambda: self.scene.set_pose(seat, pose, seconds * self.speed))

    def bubble(self, tl: Timeline, seat: int, text: str, seconds: float = 1.2) -> None:
        tl.call(lambda: self.scene.bubble(seat, text, seconds * self.speed))

    def fly(self, flyer: Flyer, end, end_w, duration: float, ease=in_out_sine, flip_to=None,
            delay: float = 0.0) -> list[Tween]:
        """The tweens (position, width, optional flip) that carry ``flyer`` to ``end``."""
        tweens = [self.tw(flyer, "pos", tuple(end), duration, ease, delay),
                  self.tw(flyer, "width", float(end_w), duration, ease, delay)]
        if flip_to is not None:
            tweens.append(self.tw(flyer, "flip", float(flip_to), duration, in_out_sine, delay))
        return tweens

    def reveal_end(self) -> bool:
        """At the game's end: queue a moment showing what stayed hidden (every hand), held until
        a press (issue 21). False: this game hides nothing at its end."""
        return False

    def say_end(self, tl: Timeline) -> None:
        """The held end moment: who won and why across the table for as long as it is held, over
        the prompt's "every hand shown" (playtest 12: that line alone named no winner, the winner's
        banner having gone while the hands turned)."""
        if self.end_words is not None:
            text, colour = self.end_words
            tl.call(lambda: setattr(self, "banner", (text, colour, math.inf)))
        self.say(tl, self.app.t("table.hands_shown"))

    def hold(self, tl: Timeline, unattended: float = 8.0) -> None:
        """Keep what is shown until a person presses something (``unattended`` seconds when no
        person plays at this table)."""
        people = bool(self.scene.humans) and not self.scene.attract
        tl.add(Hold(self, float("inf") if people else unattended))

    def zoom(self, tl: Timeline, item, caption: str = "") -> None:
        """Show ``item`` enlarged for a moment (scenes/table/zoom.py): the timeline does not wait."""
        tl.call(lambda: self.scene.zoom.show(item, caption))

    def release(self) -> None:
        """A press while a key moment is held: go on."""
        self.holding = None

    def launched(self, delay: float, launch, land) -> Timeline:
        """After ``delay``: ``launch()`` makes a flyer and its tweens from where things are at that
        moment (a card off a pile that is still shrinking), it flies, then ``land()``."""
        tl = self.tl()
        tl.wait(delay)
        holder: dict = {}

        def start():
            holder["f"], holder["t"] = launch()
            self.flyers.append(holder["f"])

        def end():
            self.drop([holder.get("f")])
            land()
        tl.call(start)
        tl.add(Deferred(lambda: holder.get("t", [])))
        tl.call(end)
        return tl

    def volley(self, tl: Timeline, flights: list, cue: str | None = None, lift=None) -> None:
        """Cards flying together (``flights``: (flyer, tweens) pairs): ``lift()`` (the board lets go
        of them), the flyers appear, ``cue`` sounds, they fly, and leave the air."""
        flyers = [f for f, _ in flights]

        def start():
            if lift:
                lift()
            self.flyers.extend(flyers)
        tl.call(start)
        if cue:
            self.sound(tl, cue)
        tweens = [t for _, ts in flights for t in ts]
        if tweens:
            tl.together(*tweens)
        self.drop_flyers(tl, flyers)

    def add_flyers(self, tl: Timeline, flyers: list[Flyer]) -> None:
        tl.call(lambda: self.flyers.extend(flyers))

    def drop_flyers(self, tl: Timeline, flyers: list[Flyer]) -> None:
        tl.call(lambda: self.drop(flyers))

    def drop(self, flyers: list[Flyer]) -> None:
        for f in flyers:
            if f in self.flyers:
                self.flyers.remove(f)
