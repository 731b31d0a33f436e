"""The table's feed: all a screen may know of one match, for the eyes on it now.

A table scene never holds the engine (compare boardgame.io, whose client only ever holds
``playerView(G)``). It holds a ``TableFeed``, which keeps the match to itself and hands out:

- the public view, and the view of each seat whose eyes are on the screen now (``view``: any
  other seat asked for gets the public view, so a place on the screen that asks for the wrong
  seat shows nothing secret rather than a hand);
- the events of each action, filtered for exactly those eyes (``apply``), and a recap of what a
  seat may read since its last move, only while that seat's eyes are on the screen;
- the legal actions and refusals of the seat acting at the screen, only while its eyes are on it;
- for a seat held on a phone, that seat's own feed (``seat_feed``): a phone is one more client;
- at the game's end, everything (``final``): every seat may see every hand then.

Who is looking is decided here and nowhere else (``eyes_on_screen``). People whose hands are on
phones watch the big screen too (the README's "everyone watches the table"), so a person playing
at the screen while anyone else plays is behind the curtain until they lift it.

Pure Python (no pygame): a screen on another machine can be one more client of the same feed.
"""
from __future__ import annotations

from game.bots.base import make_bot
from game.play.bot_runner import BotRunner
from game.play.match import Match, actor_of, bot_seed
from game.play.results_record import Finished, finished_record, replay_events
from game.play.session import Seat
from game.rules.base import Event, Refusal, RuleError
from game.rules.registry import engine


def eyes_on_screen(players: int, at_screen: list[int], on_phones: list[int], in_game,
                   lifted: int | None, over: bool, secret: bool) -> frozenset[int]:
    """Whose eyes are on the big screen: game over → everyone; nobody plays at the screen →
    nobody (the public view); one person in all, or the one person still in the game, plays
    here → that person; two or more people still in the game (here or on phones) → nobody until
    one of those here lifts the curtain, then that one; several people all knocked out → nobody.
    A game that hides nothing (``secret`` False) needs no curtain: the person acting is looking."""
    if over:
        return frozenset(range(players))
    if not at_screen:
        return frozenset()
    playing = [s for s in (*at_screen, *on_phones) if s in in_game]
    if len(at_screen) + len(on_phones) == 1:
        return frozenset(at_screen)
    if len(playing) == 1 and playing[0] in at_screen:
        return frozenset(playing)
    if lifted in at_screen and (lifted in playing or not secret):
        return frozenset({lifted})
    return frozenset()


def kept_session(feed: "TableFeed"):
    """The session behind a table's feed, for the play layer's keepers alone (the autosave, the
    session records): never for a screen."""
    return feed._match.session


def table_match(source, attract: bool = False, demo_options: dict | None = None) -> Match:
    """The match a table plays: ``source`` itself (a ``Match``) or a new one over a session;
    attract mode plays its shorter demo (``demo_options``) when the session has no options."""
    if isinstance(source, Match):
        return source
    session = source
    if attract and not session.actions and not session.options and demo_options:
        session.options = dict(demo_options)
        session.game = engine(session.game_name).new(len(session.seats), session.seed,
                                                     session.options, session.setup or None)
    return Match(session, all_bots=attract)


class SeatFeed:
    """One seat's own feed, for the device that holds that seat (a phone)."""

    def __init__(self, feed: "TableFeed", seat: int):
        self._feed = feed
        self.seat = seat

    def view(self) -> dict:
        return self._feed._view(self.seat)

    def legal(self) -> list[str]:
        return self._feed._legal_for(self.seat)

    def why_not(self, action: str) -> Refusal | None:
        return self._feed._why_not_for(self.seat, action)

    def undoable(self) -> int:
        return self._feed._match.undoable(self.seat)


class Preview:
    """The public view after a previewed move (``TableFeed.preview``), read like a feed."""

    def __init__(self, public: dict):
        self.public = public
        self.over = bool(public.get("over"))
        self.current_player = public.get("current_player")

    def view(self, seat: int | None = None) -> dict:
        return self.public


class TableFeed:
    """See the module notes. ``phones``: seats held on phones; ``secret``: the game hides hands
    (else no curtain is ever needed); ``in_game(seat)``: is a seat still playing (a seat
    knocked out no longer counts as someone who could see another's hand)."""

    def __init__(self, match: Match, phones=(), secret: bool = True, in_game=None):
        self._match = match
        self.secret = secret
        self.phones: list[int] = sorted(s for s in phones if s in match.humans)
        self._in_game = in_game
        self._lifted: int | None = None
        self._cache: dict = {}
        # (actor, every event) of each action: the recaps' source, private events and all; the
        # screen gets only what ``recap_events`` filters from it
        self._history: list[tuple[int | None, list[Event]]] = []
        self.changes = 0            # counts every change (an action, an undo, a seat moved)

    # ---- what anyone may know -----------------------------------------------------------------------
    @property
    def game_name(self) -> str:
        return self._match.session.game_name

    @property
    def seats(self) -> list[Seat]:
        return self._match.session.seats

    @property
    def players(self) -> int:
        return len(self._match.session.seats)

    @property
    def options(self) -> dict:
        return dict(self._match.session.options)

    @property
    def revision(self) -> int:
        """How many actions have been played (a position's name)."""
        return len(self._match.session.actions)

    @property
    def over(self) -> bool:
        return self._match.game.over

    @property
    def current_player(self) -> int | None:
        return self._match.game.current_player

    @property
    def turn(self) -> int:
        return self._match.game.turn

    @property
    def winners(self) -> list[int]:
        return self._match.game.winners

    @property
    def end_reason(self) -> str | None:
        return self._match.game.end_reason

    @property
    def public(self) -> dict:
        return self._view(None)

    # ---- who is looking ---------------------------------------------------------------------------
    @property
    def people(self) -> list[int]:
        """Seats a person plays, wherever (at the screen or on a phone)."""
        return list(self._match.humans)

    @property
    def at_screen(self) -> list[int]:
        """Seats a person plays at the screen (not on a phone)."""
        return [s for s in self._match.humans if s not in self.phones]

    def playing(self, seat: int) -> bool:
        return self._in_game is None or self._in_game(seat)

    @property
    def eyes(self) -> frozenset[int]:
        """The seats whose eyes are on the screen now (the one rule: ``eyes_on_screen``)."""
        return eyes_on_screen(self.players, self.at_screen, self.phones,
                              {s for s in self.people if self.playing(s)}, self._lifted,
                              self.over, self.secret)

    @property
    def viewer(self) -> int | None:
        """The one seat whose hand the screen shows as its own, or None (nobody, or everyone)."""
        eyes = self.eyes
        if len(eyes) == 1:
            return next(iter(eyes))
        return self._lifted if self.over else None

    @property
    def needs_curtain(self) -> bool:
        """Whether a person here must lift a curtain before their hand shows."""
        return (self.secret and not self.over
                and len([s for s in self.people if self.playing(s)]) > 1)

    def lift(self, seat: int) -> None:
        """``seat``'s person (at the screen) says they alone are looking now."""
        if seat not in self.at_screen:
            raise ValueError(f"seat {seat} does not play at the screen")
        self._lifted = seat

    def lower(self) -> None:
        """The curtain is down: nobody's hand is shown (a turn passed)."""
        self._lifted = None

    # ---- views ------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict:
        """``seat``'s view if its eyes are on the screen now, else the public view."""
        return self._view(seat if seat is not None and seat in self.eyes else None)

    def _view(self, seat: int | None) -> dict:
        key = (self.revision, id(self._match.game), seat)
        found = self._cache.get(key)
        if found is None:
            if len(self._cache) > 16:
                self._cache.clear()
            found = self._cache[key] = self._match.game.view(seat)
        return found

    # ---- acting -----------------------------------------------------------------------------------
    @property
    def acting(self) -> int | None:
        """The seat whose person acts at the screen now and is looking at it, or None: the one
        looking, if it has a choice to make (its turn, or an out-of-turn choice)."""
        seat = self.viewer
        if seat is None or seat not in self.at_screen or self.over:
            return None
        return seat if self._match.game.choices(seat) else None

    def waiting_on(self) -> dict[int, str]:
        """Seat -> the kind of choice (its verb, e.g. "arrange") of every seat that has one to
        make now: who the table must call, never what they may choose."""
        game = self._match.game
        if game.over:
            return {}
        out = {}
        for seat in range(self.players):
            found = game.choices(seat)
            if found:
                out[seat] = found[0].split(" ", 1)[0]
        return out

    def legal(self) -> list[str]:
        """The legal actions of the seat acting at the screen ([] when none is)."""
        return self._legal_for(self.acting)

    def why_not(self, action: str) -> Refusal | None:
        """Why the seat acting at the screen may not play ``action`` (None: it may)."""
        if self.acting is None:
            return Refusal("nobody acts at the screen now", "not_now")
        return self._why_not_for(self.acting, action)

    legal_actions = legal           # (a view source's name for it: the odds and hints ask so)

    @property
    def opening_events(self) -> list[Event]:
        """The events of the deal (made as the game was created), filtered for the eyes."""
        return self.seen(list(getattr(self._match.game, "opening_events", None) or []))

    def preview(self, action: str) -> tuple[list[Event], "Preview"] | None:
        """The events ``action`` will make and the public view after it, played on a copy (a
        computer cat's decided move, its pictures made before it shows), or None: the game
        hides something, the action is not legal now, or it would bring anything hidden to
        light (a random draw, a card turned from a pile): nothing is known ahead of its time."""
        game = self._match.game
        if self.secret or game.over:
            return None
        copy = game.clone()
        hidden = [k for k in game.dump() if k not in self._view(None)]
        before = {k: v for k, v in copy.dump().items() if k in hidden}
        try:
            events = copy.apply(action)
        except RuleError:
            return None
        after = copy.dump()
        if any(after.get(k) != v for k, v in before.items()):
            return None
        return [e for e in events if e.seen_by is None], Preview(copy.view(None))

    def _legal_for(self, seat: int | None) -> list[str]:
        if seat is None:
            return []
        return list(self._match.game.choices(seat))

    def _why_not_for(self, seat: int, action: str) -> Refusal | None:
        game = self._match.game
        if game.over or actor_of(game, action) != seat:
            return Refusal("not this seat's move", "not_now")
        return game.why_not(action)

    def apply(self, action: str) -> tuple[int | None, list[Event], list[Event]]:
        """Apply ``action`` (RuleError: nothing changed). Returns (actor, the events the screen's
        eyes may see, the events the acting seat may see — its phone's share)."""
        game = self._match.game
        actor = actor_of(game, action)
        events = self._match.apply(action)
        self.changes += 1
        self._history.append((actor, list(events)))
        return actor, self.seen(events), [e for e in events if e.visible_to(actor)]

    def seen(self, events: list[Event]) -> list[Event]:
        """Those of ``events`` the screen's eyes may see now."""
        eyes = self.eyes
        return [e for e in events if e.seen_by is None or eyes & e.seen_by]

    def run_setup(self) -> list[tuple[str, list[Event]]]:
        """The computer seats' out-of-turn choices due now; their events filtered for the eyes."""
        done = self._match.run_setup()
        self.changes += len(done)
        for _, events in done:
            self._history.append((None, list(events)))
        return [(action, self.seen(events)) for action, events in done]

    def play_out(self) -> None:
        """Nobody at the screen plays any more: the computer cats finish the game."""
        before = self.revision
        self._match.play_out()
        if self.revision != before:
            self.changes += 1
            self._history.append((None, []))

    def undoable(self, seat: int | None) -> int:
        return self._match.undoable(seat)

    def undo(self, seat: int | None) -> bool:
        done = self._match.undo(seat)
        if done:
            self.changes += 1
            i = max((k for k, (a, _) in enumerate(self._history) if a == seat), default=None)
            if i is not None:
                del self._history[i]
        return done

    @property
    def bot_to_move(self) -> int | None:
        return self._match.bot_to_move()

    @property
    def bot_seats(self) -> list[int]:
        return sorted(self._match.bots)

    def computer_off(self) -> None:
        """Nobody thinks: every move comes from elsewhere (a replay's log, a lesson's script)."""
        self._match.bots.clear()

    def bot_runner(self, min_delay: float, log=None) -> BotRunner:
        """The computer cats' thinking off the frame (each bot is given its own seat's view)."""
        return BotRunner(self._match, min_delay=min_delay, log=log)

    def past(self) -> list[Event]:
        """The events so far that someone at the screen may read (a resumed table's history):
        public ones, and private ones of a seat played here."""
        here = set(self.at_screen)
        return [e for _, e in replay_events(self._match.session)
                if e.seen_by is None or here & e.seen_by]

    # ---- recaps -------------------------------------------------------------------------------------
    def recap_events(self, seat: int) -> list[Event]:
        """What ``seat`` may read of what happened since its own last move: [] unless its eyes
        (and only its eyes) are on the screen now, so nothing private is drawn before the
        curtain is lifted. What its own last move brought about for another seat comes first."""
        if self.eyes != frozenset({seat}):
            return []
        last = max((i for i, (actor, _) in enumerate(self._history) if actor == seat), default=None)
        if last is None:
            return []
        after = [e for e in self._history[last][1]
                 if e.data.get("seat") not in (None, seat) and e.data.get("by") != seat]
        after += [e for _, events in self._history[last + 1:] for e in events]
        return [e for e in after if e.visible_to(seat)]

    # ---- seats changing hands -------------------------------------------------------------------------
    def seat_feed(self, seat: int) -> SeatFeed:
        """The feed of a seat held on a phone (only such a seat has one)."""
        if seat not in self.phones:
            raise ValueError(f"seat {seat} is not held on a phone")
        return SeatFeed(self, seat)

    def move_seat(self, seat: int, where: str) -> None:
        """Seat ``seat`` is played from now on ``"screen"`` (a person at the table), ``"phone"``
        (a person's phone) or ``"computer"`` (a computer cat of the seat's level). The eyes are
        decided again at once (the curtain comes down)."""
        match, info = self._match, self._match.session.seats[seat]
        if where not in ("screen", "phone", "computer"):
            raise ValueError(f"no place {where!r}")
        if where == "computer":
            if seat not in match.bots:
                seed, index = match.session.origin or (match.session.seed, 0)
                match.bots[seat] = make_bot(self.game_name, info.level, seat,
                                            bot_seed(seed, index, seat))
            info.kind, info.phone = "bot", False
            self.phones = [s for s in self.phones if s != seat]
        else:
            if not match.all_bots:
                match.bots.pop(seat, None)
            info.kind, info.phone = "human", where == "phone"
            self.phones = sorted({*self.phones, seat} if where == "phone"
                                 else {s for s in self.phones if s != seat})
        self._lifted = None
        self._cache.clear()
        self.changes += 1

    # ---- the end ------------------------------------------------------------------------------------
    def final(self) -> Finished:
        """Everything about the finished game (RuleError-free: only once it is over)."""
        if not self.over:
            raise RuleError("results", "the game is not over yet", "not_over")
        return finished_record(self._match.session)

    def record(self) -> dict:
        """The replay of the game so far (autosave, "watch replay")."""
        return self._match.record()
