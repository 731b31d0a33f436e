"""The small API every rules engine follows.

A game is created from (players, seed, options, setup), answers who is on turn and which action
strings are legal (RULES.md §4), applies one action at a time and returns the events it caused.
All chance comes from ``self.rng`` (a ``random.Random`` owned by the state), so a game is a pure
function of its creation arguments and its actions.
"""
from __future__ import annotations

import _random
import hashlib
import random
from dataclasses import dataclass, field
from typing import ClassVar

from game.rules.grammar import Malformed, Word, compile_verbs, read, spoken


class RuleError(ValueError):
    """An action that the rules do not allow. The state is unchanged when this is raised.

    ``reason`` is one English line; ``code`` a stable key a scene can translate (e.g.
    "hm.sum"), with ``fmt`` its format fields. Engines give a code where a player can meet the
    refusal through the table; "syntax" (a malformed action string) is the default.
    """

    def __init__(self, action: str, reason: str, code: str = "syntax", **fmt):
        super().__init__(f"illegal action {action!r}: {reason}")
        self.action = action
        self.reason = reason
        self.code = code
        self.fmt = fmt


class Refusal(str):
    """What ``why_not`` returns for an illegal action: the readable reason (it *is* that
    string) plus ``code`` and ``fmt`` from the RuleError, for a scene to translate."""

    code: str
    fmt: dict

    def __new__(cls, reason: str, code: str = "syntax", fmt: dict | None = None) -> "Refusal":
        out = super().__new__(cls, reason)
        out.code = code
        out.fmt = dict(fmt or {})
        return out

    @classmethod
    def of(cls, error: RuleError) -> "Refusal":
        return cls(error.reason, error.code, error.fmt)


class SetupError(ValueError):
    """Options or a fixed setup that break the rules (unknown key, wrong cards, bad value)."""


@dataclass(slots=True)
class Event:
    """Something that happened. ``seen_by`` is None when every seat may see it, else the seats.

    ``data`` is JSON-able. Events that carry a secret are split by the engine into a public
    event without the secret and a private one (``seen_by`` set) with it. Treat an event as
    read-only (not frozen only because a frozen dataclass is slow to build: engines make
    millions in playouts).
    """

    kind: str
    data: dict = field(default_factory=dict)
    seen_by: frozenset | None = None

    def visible_to(self, seat: int | None) -> bool:
        """``seat=None`` means an onlooker who sees only public events."""
        return self.seen_by is None or (seat is not None and seat in self.seen_by)

    def to_json(self) -> dict:
        out = {"kind": self.kind, **self.data}
        if self.seen_by is not None:
            out["seen_by"] = sorted(self.seen_by)
        return out


class Game:
    """Base class of the engines. Subclasses fill in the ``_``-prefixed hooks.

    One dialect for every engine: the state says who is to move in ``current`` (a seat), whether
    the game has ended in ``game_over``, who won in ``winning_seats``, how it ended in ``ending``
    and how many turns are done in ``turns``; the base turns these into the public
    ``current_player``, ``over``, ``winners``, ``end_reason`` and ``turn``.

    The base also gives what each engine used to write by hand:
    - ``clone()``: every attribute of the state copied deep (lists, dicts, sets, the RNG), except
      the ones named in ``shared_state`` (caches and tables that are never changed in place), so
      a copy cannot share a list with its original by accident; an attribute of a kind it does
      not know is a TypeError, not a silent share. Tuples, strings, numbers and events are
      immutable and kept as they are. ``state_depth`` declares how deep each container attribute
      goes (1: a flat list or dict, 2: a list of lists...), so those are copied without looking
      at every element (search clones a lot); an undeclared one is looked at all the way down,
      and tests/rules/test_engine_dialect.py checks that no declaration is too shallow.
    - ``dump()``: the game, players and options, then ``dump_fields`` (``(key, attribute)``
      pairs, copied to JSON), then ``_dump_extra()`` (what needs a translation, e.g. card ids
      to names), then a fingerprint of the RNG.
    - ``_apply(action)``: the action read by the declared grammar (``game/rules/grammar.py``):
      words separated by single spaces, the first the verb, its forms in ``verbs`` (verb -> the
      words that follow it, e.g. ``"take seat"``, kinds of word from ``word_kinds``);
      ``_check_verb`` refuses a verb the game's moment does not allow; then the words are read
      into typed arguments and ``_do_<verb>(action, *args)`` runs, which checks the rules of the
      moment and refuses before it changes anything.
    """

    name: ClassVar[str] = ""          # registry key: "hungry-meow", "meow-dice", "zodiac"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 6
    turn_cap: ClassVar[int] = 1000     # simulate stops a game that has not ended by then
    shared_state: ClassVar[frozenset] = frozenset()     # attributes a clone may share
    state_depth: ClassVar[dict[str, int]] = {}          # attribute -> levels of lists/dicts to copy
    dump_fields: ClassVar[tuple] = ()                   # (key, attribute) pairs of dump()
    verbs: ClassVar[dict[str, str | tuple]] = {}        # verb -> its form(s): grammar.py
    word_kinds: ClassVar[dict[str, Word]] = {}          # kind of word -> how it is read
    _grammar: ClassVar[dict] = {}                       # verb -> (_do_<verb>, forms), made below
    _read_before: ClassVar[dict] = {}                   # (players, action) -> (verb, do, args)

    players: int
    rng: random.Random
    current: int
    game_over: bool = False
    winning_seats: list
    ending: str | None = None
    turns: int = 0

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._grammar = compile_verbs(cls)     # once per engine class: a bad grammar fails at import
        # what each action string read as, by seat count: words are read the same in every
        # state (grammar.py), so a playout reads each distinct action once
        cls._read_before = {}

    # ---- creation -------------------------------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int, options: dict | None = None,
            setup: dict | None = None) -> "Game":
        if not isinstance(players, int) or not cls.min_players <= players <= cls.max_players:
            raise SetupError(f"{cls.name}: players must be {cls.min_players}-{cls.max_players}, "
                             f"got {players!r}")
        if not isinstance(seed, int):
            raise SetupError(f"{cls.name}: seed must be an integer, got {seed!r}")
        game = cls.__new__(cls)
        game.players = players
        game.rng = random.Random(seed)
        game._setup(cls.parse_options(options or {}), setup or {})
        return game

    @classmethod
    def parse_options(cls, options: dict) -> dict:
        """Return the full options dict with defaults; SetupError on unknown keys or bad values."""
        raise NotImplementedError

    def _setup(self, options: dict, setup: dict) -> None:
        raise NotImplementedError

    # ---- queries ----------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat that must act next, or None once the game is over."""
        return None if self.game_over else self.current

    @property
    def over(self) -> bool:
        return self.game_over

    @property
    def winners(self) -> list[int]:
        """Winning seats; empty until the game is over."""
        return list(self.winning_seats) if self.game_over else []

    @property
    def turn(self) -> int:
        """Turns completed so far."""
        return self.turns

    @property
    def end_reason(self) -> str | None:
        """How the game ended, a short key (e.g. "meals", "fish", "last", "trump"); None if not over."""
        return self.ending if self.game_over else None

    def legal_actions(self) -> list[str]:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict:
        """JSON-able observation of one seat: only what that seat may know. ``view(None)`` is
        the onlooker's view: public information only (no hand, no private knowledge)."""
        raise NotImplementedError

    def dump(self) -> dict:
        """JSON-able full state (hidden things included). Equal dumps mean equal states."""
        out = {"game": self.name, "players": self.players, "options": to_json(self.options)}
        for key, attribute in self.dump_fields:
            out[key] = to_json(getattr(self, attribute))
        out.update(self._dump_extra())
        out["rng"] = rng_digest(self.rng.getstate())
        return out

    def _dump_extra(self) -> dict:
        """Dump entries that are not a plain copy of one attribute."""
        return {}

    def summary(self) -> dict:
        """The final-state object a replay prints (RULES.md §4)."""
        raise NotImplementedError

    def check_invariants(self) -> None:
        """Raise AssertionError if the state breaks a conservation or consistency rule."""
        raise NotImplementedError

    def choices(self, seat: int) -> list[str]:
        """The actions ``seat`` may take now: the legal actions when it is to move, and the
        out-of-turn choices an engine allows (Zodiac's ``arrange``); [] otherwise."""
        if self.over or seat != self.current_player:
            return []
        return self.legal_actions()

    def actor(self, action: str) -> int | None:
        """The seat making ``action``: the player to move, unless the game has out-of-turn
        choices that name their seat (Zodiac's ``arrange SEAT …``)."""
        return self.current_player

    def computer_setup_actions(self, seat: int, rng: random.Random) -> list[str]:
        """Choices a computer seat makes out of turn right now, drawn from ``rng`` (the bot's).
        Zodiac: placing its mermaids at random before the round's first pointing (ZC-2).
        Whoever drives computer seats (simulate, the table scenes) applies these first."""
        return []

    def sim_stats(self) -> dict:
        """Extra figures for ``simulate`` once a game ends. Optional keys:
        ``scores``: per-seat numbers (mean per bot and spread are printed);
        ``counters``: {name: count}, summed over games (e.g. "slot TL": 3);
        ``per_seat``: {name: [count per seat]}, summed per bot (e.g. "captures").
        ``tally``: {group: {key: count}}, per key the mean per game (e.g. cards taken by name);
        ``samples``: {name: [numbers]}, a histogram over games (e.g. "turns per round");
        ``held``: {group: [[key, …] per seat]}, the win rate of a seat that held each key (e.g.
        the cards each seat took).
        """
        return {}

    def clone(self) -> "Game":
        """An independent copy (search); the RNG state is copied too. See the class notes."""
        other = self.__class__.__new__(self.__class__)
        state = self.__dict__
        copier = _COPIERS.get((self.__class__, False, *state))
        if copier is None:
            copier = _copier(self.__class__, tuple(state), backup=False)
        other.__dict__.update(copier(state))
        return other

    # ---- acting -----------------------------------------------------------------------------
    def why_not(self, action: str) -> Refusal | None:
        """None when ``action`` may be applied now, else why not (a ``Refusal``: readable text
        with a translatable ``code``). It runs exactly the validation ``apply`` runs (on a
        throw-away copy), so the two can never disagree."""
        try:
            self._check_basics(action)
            self._trial()._apply(action)
        except RuleError as exc:
            return Refusal.of(exc)
        return None

    def _trial(self) -> "Game":
        """A copy to try an action on (``why_not``); engines may return a lighter copy."""
        return self.clone()

    def _check_basics(self, action) -> None:
        if not isinstance(action, str):
            raise RuleError(repr(action), "an action must be a string")
        if self.over:
            raise RuleError(action, "the game is over", "over")

    def apply(self, action: str) -> list[Event]:
        """Validate and apply one action string. Illegal → RuleError and no change at all."""
        self._check_basics(action)
        state = self.__dict__
        copier = _COPIERS.get((self.__class__, True, *state))
        if copier is None:
            copier = _copier(self.__class__, tuple(state), backup=True)
        backup = copier(state)      # what clone() copies, but not the RNG (below)
        rng = state.get("rng")
        watched = type(rng) is random.Random
        if watched:                 # its state is taken only if this action draws from it
            rng.__class__ = _WatchedRandom
        try:
            return self._apply(action)
        except BaseException:
            # Engines validate before they change anything; this restore is the safety net
            # that keeps "illegal input changes nothing" true even for a bug mid-apply.
            state.clear()
            state.update(backup)
            if watched:
                rng.__class__ = random.Random
                before = rng.__dict__.pop("_state_before", None)
                if before is not None:
                    rng.setstate(before)
            raise
        finally:
            if watched:
                rng.__class__ = random.Random
                rng.__dict__.pop("_state_before", None)

    def apply_trusted(self, action: str) -> list[Event]:
        """Apply an action taken from ``legal_actions()`` (search, simulate, playouts): no
        backup copy, and an engine may skip checks here, so an illegal action can leave the
        state broken. Untrusted input (players, replays, files) goes through ``apply``."""
        return self._apply(action)

    def _apply(self, action: str) -> list[Event]:
        known = self._read_before.get((self.players, action))
        if known is not None:              # read before (playouts repeat a few hundred actions)
            verb, do, args = known
            self._check_verb(action, verb)
            return do(self, action, *args)
        words = action.split(" ")
        if "" in words:
            raise RuleError(action, "words must be separated by single spaces")
        verb = words[0]
        entry = self._grammar.get(verb)
        if entry is None:
            raise RuleError(action, f"unknown action {verb!r} (expected {spoken(list(self.verbs))})")
        self._check_verb(action, verb)
        do, forms = entry
        try:
            args = read(self, words, forms)
        except Malformed as exc:
            raise RuleError(action, str(exc)) from None
        if len(self._read_before) >= READ_BEFORE:      # (untrusted input could fill it)
            self._read_before.clear()
        self._read_before[self.players, action] = (verb, do, tuple(args))
        return do(self, action, *args)

    def _check_verb(self, action: str, verb: str) -> None:
        """RuleError when ``verb`` cannot be played at this moment of the game."""


class _WatchedRandom(random.Random):
    """The game's RNG while ``Game.apply`` runs (its class is swapped, the object stays): the
    first thing that draws from it, or seeds or sets it, first keeps its state (in
    ``_state_before``) and turns it back into a plain ``random.Random``. So a refused action puts
    back exactly the state it had, and an action that draws nothing (most) never copies the
    RNG's 625 numbers. Every draw of ``random.Random`` goes through ``random`` or
    ``getrandbits`` (choice, shuffle, randrange…: ``_randbelow``), so the numbers drawn are the
    same ones."""

    def random(self):
        _keep(self)
        return _random.Random.random(self)

    def getrandbits(self, k):
        _keep(self)
        return _random.Random.getrandbits(self, k)

    def seed(self, *args, **kwargs):
        _keep(self)
        return random.Random.seed(self, *args, **kwargs)

    def setstate(self, state):
        _keep(self)
        return random.Random.setstate(self, state)


def _keep(rng: random.Random) -> None:
    """The first draw of a watched RNG: keep its state and stop watching. (A bound method
    taken while it was watched may outlive the swap: then nothing to do.)"""
    if type(rng) is _WatchedRandom:
        rng.__class__ = random.Random
        rng._state_before = rng.getstate()


def _backup_any(value, where: str):
    """``copy_state`` for a backup, but the game's own RNG is kept as it is (``Game.apply``
    watches it: ``_WatchedRandom``)."""
    if where == "rng" and type(value) is random.Random:
        return value
    return copy_state(value, where)


# (engine class, backup?, attribute names in order) -> a function copying such a state's dict
_COPIERS: dict[tuple, object] = {}


def _copier(cls, keys: tuple, backup: bool):
    """A function ``state dict -> copied dict`` for one engine class and one set of attributes,
    written out once so that a copy is one dict display, not a loop over the attributes
    (search and every ``apply`` copy a state; this was a fifth of a playout). It copies exactly
    what the loop of ``Game.clone`` did: atoms and ``shared_state`` kept, ``state_depth``
    levels of lists/dicts copied, anything else by ``copy_state`` (a backup keeps the game's RNG
    object itself: ``_backup_any``)."""
    shared, depths = cls.shared_state, cls.state_depth
    rest = "_backup_any" if backup else "copy_state"
    parts = []
    for i, key in enumerate(keys):
        get = f"d[{key!r}]"
        depth = depths.get(key)
        if key in shared:
            parts.append(f"{key!r}: {get}")
            continue
        v = f"v{i}"
        if depth == 1:
            copy = f"{v}.copy()"
        elif depth == 2:
            copy = (f"({{k: w.copy() for k, w in {v}.items()}} if type({v}) is dict "
                    f"else [w.copy() for w in {v}])")
        elif depth == 3:
            copy = (f"([[x.copy() for x in w] for w in {v}] if type({v}) is list "
                    f"else {rest}({v}, {key!r}))")
        else:
            copy = f"{rest}({v}, {key!r})"
        parts.append(f"{key!r}: {v} if type({v} := {get}) in atoms else {copy}")
    source = "def copier(d):\n    return {" + ",\n            ".join(parts) + "}\n"
    space = {"atoms": _ATOMS, "copy_state": copy_state, "_backup_any": _backup_any}
    exec(compile(source, f"<{cls.__name__} copier>", "exec"), space)
    if len(_COPIERS) >= READ_BEFORE:
        _COPIERS.clear()
    _COPIERS[(cls, backup, *keys)] = space["copier"]
    return space["copier"]


READ_BEFORE = 20_000      # actions whose reading an engine class keeps (a few hundred in use)

# kept as they are by clone(): immutable (an Event is read-only by contract)
_ATOMS = frozenset({int, float, str, bool, type(None), tuple, frozenset, Event})


def copy_state(value, where: str = "state"):
    """A deep copy of one attribute of a state: lists, dicts and sets all the way down, the RNG by
    its state; anything else is refused (name it in ``shared_state`` if it is never changed)."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        if _ATOMS.issuperset(map(type, value)):      # flat (the usual case): a C-speed copy
            return value.copy()
        return [v if type(v) in _ATOMS else v.copy() if type(v) is list and _ATOMS.issuperset(map(type, v))
                else copy_state(v, where) for v in value]    # (a list of flat lists: no call each)
    if kind is dict:
        if _ATOMS.issuperset(map(type, value.values())):
            return value.copy()
        return {k: v if type(v) in _ATOMS else copy_state(v, where) for k, v in value.items()}
    if kind is set:
        return set(value)
    if isinstance(value, random.Random):
        # a plain Random in the state of the original (a test's scripted one included), with no
        # seeding from the OS
        rng = random.Random.__new__(random.Random)
        rng.setstate(value.getstate())
        return rng
    raise TypeError(f"clone: cannot copy {where!r} ({kind.__name__}); name it in shared_state "
                    "if it is never changed in place")


_DIGESTS: dict[tuple, str] = {}     # RNG state -> its digest (dumps of one state repeat it)


def rng_digest(state: tuple) -> str:
    """The dump's fingerprint of an RNG state: the SHA-1 of its repr. Kept for the last few
    dozen states (each holds 625 numbers, some 25 kB): a test that dumps one state again and
    again (illegal input changes nothing) would otherwise write them all out each time;
    hashing the tuple is cheap."""
    digest = _DIGESTS.get(state)
    if digest is None:
        if len(_DIGESTS) >= 64:
            _DIGESTS.clear()
        digest = _DIGESTS[state] = hashlib.sha1(repr(state).encode()).hexdigest()
    return digest


_SCALARS = frozenset({int, float, str, bool, type(None)})     # to_json keeps them as they are


def to_json(value):
    """A JSON-able deep copy: tuples become lists, sets sorted lists, dict keys strings."""
    kind = type(value)
    if kind in (list, tuple):
        if _SCALARS.issuperset(map(type, value)):       # flat (the usual case): a C-speed copy
            return list(value)
        return [to_json(v) for v in value]
    if kind is dict:
        if _SCALARS.issuperset(map(type, value.values())):
            return {str(k): v for k, v in value.items()}
        return {str(k): to_json(v) for k, v in value.items()}
    if kind in (set, frozenset):
        return sorted(to_json(v) for v in value)
    return value


def check_keys(where: str, given: dict, allowed: set[str]) -> None:
    """SetupError naming the first unknown key (RULES.md §4: unknown keys are errors)."""
    if not isinstance(given, dict):
        raise SetupError(f"{where} must be an object, got {type(given).__name__}")
    for key in given:
        if key not in allowed:
            raise SetupError(f"{where}: unknown key {key!r} (allowed: {', '.join(sorted(allowed))})")


def bool_option(options: dict, key: str, default: bool = False) -> bool:
    value = options.get(key, default)
    if not isinstance(value, bool):
        raise SetupError(f"option {key!r} must be true or false, got {value!r}")
    return value


def derive_seed(*parts: int) -> int:
    """A stable seed from integers (simulate: game i of seed S; bot of seat s). No hash()."""
    value = 0x9E3779B97F4A7C15
    for part in parts:
        value = (value ^ (part & 0xFFFFFFFFFFFFFFFF)) * 0xBF58476D1CE4E5B9 & 0xFFFFFFFFFFFFFFFF
        value ^= value >> 31
    return value
