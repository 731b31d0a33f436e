"""One game being played, whoever plays it: a table on screen, attract mode, ``simulate``, a
resumed kiosk game, the tests. Pure Python (no pygame, no clock).

A ``Match`` owns the seats (a person, or a bot of a named level), the bots and their seeds, the
computer seats' out-of-turn setup choices (Zodiac's mermaids), the action log (its
``GameSession``) and the answer to "whose move is it, and is a bot to move?".

Seeds: a match is *game ``index`` of seed ``seed``*, the numbering ``simulate`` uses. The engine
gets ``game_seed(seed, index)`` and the bot in seat ``s`` gets ``bot_seed(seed, index, s)``; there
is no other derivation. The session remembers ``origin = [seed, index]`` (it goes into the save),
so a resumed game reseeds its bots the same way. A session made by hand from a bare engine seed
(old saves, some tests) counts as game 0 of that seed. So a table game with seed S and a
``simulate --seed S`` game 0 with the same bots are the same game, action for action.
"""
from __future__ import annotations

import hashlib
import json
from typing import Callable

from game.bots.base import Bot, Budget, make_bot
from game.play.session import GameSession, Seat
from game.rules.base import Event, Game, derive_seed
from game.rules.registry import KITS, engine

# Dump entries that only count (turns played, statistics): a state that differs in these alone
# plays on exactly the same.
COUNTERS = frozenset({"turn", "turns", "round_turn", "stats"})


def reveals(game_name: str, event: Event, quiet: frozenset[str] | None = None) -> bool:
    """Does ``event`` show something hidden or random (so nothing before it may be undone)? The
    game's kit says (its quiet events; a game without a kit, or ``quiet`` given, by kind)."""
    if quiet is None and game_name in KITS:
        return KITS[game_name].reveals(event)
    return event.kind not in (quiet or frozenset())


def in_plain_sight(game: Game) -> bool:
    """Nothing is hidden now: an onlooker's view holds the whole state (every ``dump()`` entry,
    equal). For a game whose kit declares no quiet events, an action is quiet (undo may cross it)
    when it starts in plain sight, draws no random number and shows nobody anything private:
    whoever undoes it learned nothing they could not have worked out."""
    full, seen = game.dump(), game.view(None)
    return all(key in seen and seen[key] == value for key, value in full.items())


def actor_of(game: Game, action: str) -> int | None:
    """The seat making ``action`` (the engine says: ``Game.actor``)."""
    return game.actor(action)


def game_seed(seed: int, index: int = 0) -> int:
    """The engine seed of game ``index`` of ``seed``."""
    return derive_seed(seed, index)


def bot_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the bot in ``seat`` in game ``index`` of ``seed``."""
    return derive_seed(seed, index, seat + 1)


def assign_cats(seats: list[Seat], allowed: tuple[str, ...]) -> list[str]:
    """Each seat a different cat of ``allowed`` (a game whose rules score a seat's cat, MD-2):
    people keep the cat they picked, computer seats keep theirs if it is free and take the cats
    left otherwise. The seats' coats are set to match (the cat drawn is the cat that scores)."""
    taken: set[str] = set()
    out: list[str | None] = [None] * len(seats)
    for people in (True, False):
        for i, seat in enumerate(seats):
            if seat.human == people and seat.coat in allowed and seat.coat not in taken:
                out[i] = seat.coat
                taken.add(seat.coat)
    free = [c for c in allowed if c not in taken]
    for i, seat in enumerate(seats):
        if out[i] is None:
            out[i] = free.pop(0)
        seat.coat = out[i]
    return out


def new_session(game_name: str, seats: list[Seat], seed: int, options: dict | None = None,
                setup: dict | None = None, index: int = 0,
                engine_class: type[Game] | None = None) -> GameSession:
    """The session of game ``index`` of ``seed`` (SetupError on bad options, player counts or
    setups). Seat setup, results and attract mode start their games here. In a game whose rules
    score each seat's cat, the seats' coats are their cats (``assign_cats``)."""
    options, setup = dict(options or {}), dict(setup or {})
    kit = KITS.get(game_name)
    if kit is not None and kit.seat_cats and "cats" not in setup and len(seats) <= len(kit.seat_cats):
        setup["cats"] = assign_cats(seats, kit.seat_cats)
    engine_seed = game_seed(seed, index)
    game = (engine_class or engine(game_name)).new(len(seats), engine_seed, options, setup or None)
    return GameSession(game_name, list(seats), engine_seed, options, setup, game=game, origin=[seed, index])


class Match:
    """Seats, bots and the action log of one game. ``all_bots``: every seat is played by its bot
    level, people's seats too (attract mode); ``budget``: a Budget shared by the bots, or a
    function making one per bot (a table gives its bots a time limit; simulate a node count)."""

    def __init__(self, session: GameSession, all_bots: bool = False,
                 budget: Budget | Callable[[], Budget] | None = None):
        self.session = session
        self.all_bots = all_bots
        seed, index = session.origin or (session.seed, 0)
        self.bots: dict[int, Bot] = {}
        # log index -> (actor, quiet) of each action (undo's memory); the actions of the log from
        # before this match (a resumed save: the title's "Continue") are learnt when undo first
        # asks, by playing the log again (undo was greyed out after every Continue)
        self.steps: dict[int, tuple[int | None, bool]] = {}
        self._before = len(session.actions)
        for seat, info in enumerate(session.seats):
            if all_bots or not info.human:
                own = budget() if callable(budget) else budget
                self.bots[seat] = make_bot(session.game_name, info.level, seat,
                                           bot_seed(seed, index, seat), own)

    @classmethod
    def new(cls, game_name: str, seats: list[Seat], seed: int, options: dict | None = None,
            setup: dict | None = None, index: int = 0, engine_class: type[Game] | None = None,
            **kw) -> "Match":
        """Game ``index`` of ``seed``, with its bots."""
        return cls(new_session(game_name, seats, seed, options, setup, index, engine_class), **kw)

    # ---- who moves ------------------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def seats(self) -> list[Seat]:
        return self.session.seats

    @property
    def humans(self) -> list[int]:
        """Seats a person plays (none when every seat is a bot's)."""
        return [] if self.all_bots else self.session.human_seats

    @property
    def to_move(self) -> int | None:
        """The seat whose move it is, or None once the game is over."""
        game = self.game
        return None if game.over else game.current_player

    def bot_to_move(self) -> int | None:
        """The bot seat to move now, or None (a person's move, or the game is over)."""
        seat = self.to_move
        return seat if seat in self.bots else None

    # ---- acting ---------------------------------------------------------------------------------
    def apply(self, action: str) -> list[Event]:
        """Apply one action through the session (RuleError leaves everything unchanged)."""
        events, step = self._classified(self.game, action, self.session.apply)
        self.steps[len(self.session.actions) - 1] = step
        return events

    def _classified(self, game: Game, action: str, apply) -> tuple[list[Event], tuple[int | None, bool]]:
        """``apply(action)`` on ``game``, with who made it and whether it was quiet."""
        actor = actor_of(game, action)
        kit = KITS.get(self.session.game_name)
        if kit is not None and not kit.declares_quiet:     # the kit's default: see in_plain_sight
            before = in_plain_sight(game) and game.rng.getstate()
            events = apply(action)
            quiet = bool(before) and before == game.rng.getstate() and all(e.seen_by is None for e in events)
        else:
            events = apply(action)
            quiet = not any(reveals(self.session.game_name, e) for e in events)
        return events, (actor, quiet)

    def _learn_steps(self) -> None:
        """The log's actions from before this match, classified by playing them again."""
        session, count, self._before = self.session, self._before, 0
        game = type(session.game).new(len(session.seats), session.seed, session.options,
                                      session.setup or None)
        for i, action in enumerate(session.actions[:count]):
            self.steps.setdefault(i, self._classified(game, action, game.apply_trusted)[1])

    # ---- undo -----------------------------------------------------------------------------------
    def undoable(self, seat: int | None) -> int:
        """How many of the last actions ``seat`` may take back now: its own quiet actions at the
        end of the log (another seat's action or a reveal is a wall). 0 once the game is over."""
        if seat is None or self.game.over:
            return 0
        if self._before:
            self._learn_steps()
        count, i = 0, len(self.session.actions) - 1
        while i >= 0 and self.steps.get(i) == (seat, True):
            count += 1
            i -= 1
        return count

    def undo(self, seat: int | None) -> bool:
        """Take back ``seat``'s last action if the rule allows (else change nothing, False): the
        state is rebuilt from the log without it; the session's listeners (the autosave) hear of
        it with ``action`` None."""
        if not self.undoable(seat):
            return False
        session = self.session
        keep = session.actions[:-1]
        game = type(session.game).new(len(session.seats), session.seed, session.options,
                                      session.setup or None)
        for action in keep:
            game.apply_trusted(action)
        session.game, session.actions = game, keep
        self.steps.pop(len(keep), None)
        for listener in list(session.listeners):
            listener(session, None, [])
        return True

    def run_setup(self) -> list[tuple[str, list[Event]]]:
        """Apply the out-of-turn setup choices the bot seats make right now (each from its own
        bot's generator, in seat order); return (action, events) of each. Cheap when none are due."""
        done = []
        for seat in sorted(self.bots):
            if self.game.over:
                break
            for action in self.game.computer_setup_actions(seat, self.bots[seat].rng):
                done.append((action, self.apply(action)))
        return done

    def bot_move(self, seat: int) -> str:
        """What the bot in ``seat`` plays now (synchronously; a table thinks off the frame)."""
        game = self.game
        return self.bots[seat].choose(game.view(seat), game.legal_actions())

    def play_out(self, max_turns: int | None = None, max_actions: int | None = None,
                 watch_stall: bool = False) -> int:
        """Let the bots play until the game ends, a person is to move, or a cap is reached
        (``simulate``, tests). Returns the number of moves made (setup choices not counted).
        ``watch_stall``: stop when a turn starts from a whole state (game and bots) seen before,
        and set ``stalled``: from there the bots would go round the same loop for ever. The whole
        state is written out only for a turn whose random numbers, memories and player to move
        have all been seen before (a repeat needs those, and they are cheap to compare; a long
        history, as Zodiac's reveals, is not): a loop is caught where it closes, or at the
        latest where it closes again."""
        cls = type(self.game)
        max_turns = cls.turn_cap if max_turns is None else max_turns
        max_actions = max_turns * 60 if max_actions is None else max_actions
        moves = 0
        quick: set[int] = set()
        seen: set[bytes] = set()
        turn = -1
        while not self.game.over and self.game.turn < max_turns and moves < max_actions:
            self.run_setup()
            seat = self.bot_to_move()
            if seat is None:
                break
            if watch_stall and self.game.turn != turn:
                turn = self.game.turn
                if self._stall_check(quick, seen):
                    self.stalled = True
                    break
            self.apply(self.bot_move(seat))
            moves += 1
        return moves

    def _stall_check(self, quick: set[int], seen: set[bytes]) -> bool:
        """Is this turn's whole state one seen before (see ``play_out``)?"""
        bots = tuple((seat, bot.rng.getstate(), bot.state_key()) for seat, bot in sorted(self.bots.items()))
        cheap = hash((self.game.current_player, self.game.rng.getstate(), bots))
        if cheap not in quick:
            quick.add(cheap)
            return False
        key = self.whole_state()
        if key in seen:
            return True
        seen.add(key)
        return False

    stalled = False

    def whole_state(self) -> bytes:
        """A digest of everything the rest of the game depends on: the engine's full state but
        its counters (turns played, statistics), and each bot's RNG and memory. Bots choose from
        these alone, so two equal digests mean the game between them repeats for ever."""
        dump = {k: v for k, v in self.game.dump().items() if k not in COUNTERS}
        bots = [(seat, bot.rng.getstate(), bot.state_key()) for seat, bot in sorted(self.bots.items())]
        return hashlib.sha1(repr((json.dumps(dump, sort_keys=True), bots)).encode()).digest()

    def record(self) -> dict:
        """The replay of the game so far (what the kiosk autosaves)."""
        return self.session.to_replay()
