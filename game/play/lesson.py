"""Guided first games ("Learn to play"): lessons as data, and a pure runner that walks one.

A lesson (``assets/lessons/<game>.json``, format ``meowcade-lessons/1``) is a hand-picked game:
the engine's RULES.md §4 ``setup`` fixes every card and die (Hungry Meow's Death shuffle and
Dealer take still come from the engine seed, so the lesson names that seed too), the seats
(one person, the rest computer cats that play scripted moves) and the steps. A step says what
the coach cat tells the player (a text key), what to point at (widget names the table
resolves: ``btn:pass``, ``card:R3P``, ``slot:TR``, ``die:2``, ``hand:1:4``, ``centre:6``...),
which move it waits for, the friendly word for any other move, and the computer cats' moves
that follow it. ``load_lessons`` checks all of it, and plays every lesson through once, so a
lesson that no longer fits its engine is a one-line ``LessonError`` naming the step.

``expect`` (what a step waits for):
- ``"next"``: nothing to play, the player reads and presses on (``LessonRunner.confirm``);
- ``{"action": "draw 1"}``: exactly that move (dice of a ``reroll`` in any order);
- ``{"any": ["direction cw", "direction ccw"]}``: one of these;
- ``{"verb": "reroll", "keep": "FF"}``: a reroll whose dice left standing show exactly these
  faces; ``{"verb": "reroll", "count": 1}``: a reroll of that many dice; ``{"verb": "play",
  "includes": ["R3P"]}``: a move of that verb holding those words. A predicate step accepts
  only legal moves, and the tests play every move it accepts through to the lesson's end.
``shows``: event kinds the step's move must cause (the coach's next words rely on them).
``why``: what the coach says when the person makes another *legal* move (the lesson needs its
own move now, though another would do as well or better); without it, a legal move gets
``wrong`` too. tests/lessons/test_lesson_advice.py holds every step to the advisor: a step that
refuses a move the advisor rates better must say why.

The runner never touches the game except through ``submit``/``play_bot`` (or a table that
applies the move itself and then calls ``record``): a wrong move is refused before anything is
applied, so it changes nothing. No pygame, no clock, no randomness of its own.
"""
from __future__ import annotations

import pathlib
from dataclasses import dataclass, field
from typing import Callable

from game.files.jsonfile import BadFile, read_json, short
from game.files.resources import resource_path
from game.play.session import GameSession, Seat
from game.rules.base import Event, Game, RuleError, SetupError
from game.rules.registry import KITS, engine

FORMAT = "meowcade-lessons/1"
FOLDER = "assets/lessons"
MAX_LESSON_BYTES = 2 * 1024 * 1024
WRONG = "learn.wrong"          # the friendly word when a step names none
WAIT = "learn.wait"            # a move while the computer cats are still to play
WATCH = "learn.watch"          # what the coach says while the computer cats play their moves
VERBS_WITH_SETS = ("reroll",)  # whose arguments are a set: order does not matter


class LessonError(ValueError):
    """A lesson file that cannot be used; the message is one line."""


# ---- the data ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Expect:
    kind: str                       # "next", "action", "any", "verb"
    actions: tuple[str, ...] = ()   # action / any
    verb: str = ""
    keep: str | None = None         # verb reroll: faces of the dice left standing
    count: int | None = None        # verb reroll: dice thrown
    includes: tuple[str, ...] = ()  # words the move must hold

    def matches(self, action: str, game: Game) -> bool:
        """Whether ``action`` is what this step waits for (legality aside)."""
        words = action.split(" ")
        if self.kind in ("action", "any"):
            return any(_same(action, a) for a in self.actions)
        if self.kind != "verb" or words[0] != self.verb:
            return False
        if any(w not in words[1:] for w in self.includes):
            return False
        if self.keep is not None or self.count is not None:
            try:
                thrown = {int(w) for w in words[1:]}
            except ValueError:
                return False
            if self.count is not None and len(thrown) != self.count:
                return False
            if self.keep is not None:
                dice = game.view(game.current_player)["dice"]
                kept = sorted(f for d, f in enumerate(dice) if d not in thrown)
                if kept != sorted(self.keep):
                    return False
        return True


@dataclass(frozen=True)
class Step:
    say: str                            # text key of the coach's line(s)
    expect: Expect
    point: tuple[str, ...] = ()         # widget names to point at (those shown now)
    wrong: str = WRONG                  # text key of the friendly word for another move
    bots: tuple[str, ...] = ()          # the computer cats' moves after this step
    shows: tuple[str, ...] = ()         # event kinds the step's move must cause
    why: str | None = None              # text key: why another legal move is refused here

    @property
    def info(self) -> bool:
        return self.expect.kind == "next"


@dataclass(frozen=True)
class SeatInfo:
    name: str                           # text key
    coat: str
    human: bool = False


@dataclass(frozen=True)
class Lesson:
    game: str
    id: str
    title: str                          # text key
    players: int
    seed: int                           # the engine seed (Hungry Meow: Death shuffle, Dealer take)
    options: dict
    setup: dict
    seats: tuple[SeatInfo, ...]
    coach: dict                         # {"name": text key, "coat": coat}
    steps: tuple[Step, ...]
    finish: str                         # text key: the last words, before the real game
    source: str = ""

    @property
    def human(self) -> int:
        return next(i for i, s in enumerate(self.seats) if s.human)

    def new_game(self) -> Game:
        return engine(self.game).new(self.players, self.seed, dict(self.options), dict(self.setup))

    def new_session(self, name: Callable[[str], str] = str) -> GameSession:
        """A session of this lesson's game; ``name`` turns the seats' name keys into text."""
        seats = [Seat(name(s.name), "human" if s.human else "bot", "heuristic", s.coat)
                 for s in self.seats]
        return GameSession(self.game, seats, self.seed, dict(self.options), dict(self.setup),
                           game=self.new_game())

    def text_keys(self) -> set[str]:
        keys = {self.title, self.finish, self.coach["name"]} | {s.name for s in self.seats}
        for step in self.steps:
            keys |= {step.say, step.wrong} | ({step.why} if step.why else set())
        return keys


# ---- the runner ------------------------------------------------------------------------------
@dataclass
class Verdict:
    ok: bool
    message: str | None = None          # text key of the friendly word when not ok
    events: list[Event] = field(default_factory=list)


class LessonRunner:
    """Walks one lesson. ``step`` is the step waiting for the person (None while the computer
    cats still have moves to make, see ``bot_action``, and once finished)."""

    def __init__(self, lesson: Lesson, session: GameSession | None = None):
        self.lesson = lesson
        self.session = session if session is not None else lesson.new_session()
        self.index = 0                      # the step being taught
        self.queue: list[str] = []          # computer moves due before the next step

    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps) and not self.queue

    @property
    def step(self) -> Step | None:
        if self.queue or self.index >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.index]

    @property
    def current(self) -> Step | None:
        """The step being taught, also while the computer cats move after it (its words stay up)."""
        if self.index >= len(self.lesson.steps):
            return None
        return self.lesson.steps[self.index]

    @property
    def say(self) -> str:
        """The coach's words now: the step's line, or the finish once the lesson is done."""
        step = self.step
        if step is not None:
            return step.say
        if self.finished:
            return self.lesson.finish
        return WATCH if self.queue else self.lesson.steps[0].say    # the others' turn: no stale line

    # the person ---------------------------------------------------------------------------------
    def judge(self, action: str) -> str | None:
        """None if ``action`` is the move the lesson waits for now, else the text key of a friendly
        word. Changes nothing."""
        step = self.step
        if step is None:
            return WAIT if self.queue else WRONG
        if step.info or self.game.over:
            return step.wrong
        if not _legal(self.game, action):
            return step.wrong
        if not step.expect.matches(action, self.game):
            return step.why or step.wrong          # a fine move, just not this lesson's: say why
        return None

    def submit(self, action: str) -> Verdict:
        """Judge ``action``; if right, apply it (through the session) and move on."""
        message = self.judge(action)
        if message is not None:
            return Verdict(False, message)
        try:
            events = self.session.apply(action)
        except RuleError:
            return Verdict(False, self.step.wrong)
        self.record(action)
        return Verdict(True, None, events)

    def confirm(self) -> bool:
        """The person pressed on past an info step ("next"). False (nothing happens) elsewhere."""
        step = self.step
        if step is None or not step.info:
            return False
        self._advance()
        return True

    def record(self, action: str) -> None:
        """A table applied the person's judged ``action`` itself (or a scripted computer move):
        move the lesson on."""
        if self.queue:
            self.queue.pop(0)
            return
        self._advance()

    def _advance(self) -> None:
        self.queue = list(self.lesson.steps[self.index].bots)
        self.index += 1

    # the computer cats --------------------------------------------------------------------------
    def bot_action(self) -> str | None:
        """The scripted computer move due now (None: it is the person's step, or the end)."""
        return self.queue[0] if self.queue else None

    def play_bot(self) -> list[Event]:
        action = self.queue[0]
        events = self.session.apply(action)
        self.record(action)
        return events

    def expected(self) -> list[str]:
        """Every legal move the current step accepts (tests, hints); [] for info steps."""
        step = self.step
        if step is None or step.info or self.game.over:
            return []
        return [a for a in _candidates(self.game, step.expect) if step.expect.matches(a, self.game)
                and _legal(self.game, a)]


def _same(a: str, b: str) -> bool:
    wa, wb = a.split(" "), b.split(" ")
    if wa[0] != wb[0]:
        return False
    if wa[0] in VERBS_WITH_SETS:
        return sorted(wa[1:]) == sorted(wb[1:])
    return wa == wb


def _legal(game: Game, action: str) -> bool:
    if game.over:
        return False
    if action in game.legal_actions():
        return True
    try:                                 # out-of-turn moves (Zodiac's arrange) or any word order
        game.clone().apply(action)
    except (RuleError, ValueError):
        return False
    return True


def _candidates(game: Game, expect: Expect) -> list[str]:
    if expect.kind in ("action", "any"):
        return list(expect.actions)
    return list(game.legal_actions())


# ---- playing a lesson through (the loader's check, tests, the seed tool) ---------------------------
def play_through(lesson: Lesson, choose: Callable[[LessonRunner], str] | None = None) -> LessonRunner:
    """Play ``lesson`` to its end: computer moves as scripted, the person's steps by ``choose``
    (default: the first move each step accepts). LessonError names the first step that fails."""
    try:
        runner = LessonRunner(lesson)
    except (SetupError, RuleError, ValueError) as exc:
        raise LessonError(f"{lesson.source}: setup: {exc}") from None
    where = f"{lesson.source}: steps"
    guard = 0
    while not runner.finished:
        guard += 1
        if guard > 10000:
            raise LessonError(f"{where}: does not end")
        if runner.bot_action() is not None:
            action = runner.bot_action()
            seat = runner.game.current_player
            if seat == lesson.human and not action.startswith("arrange"):
                raise LessonError(f"{where}[{runner.index - 1}].bots: {action!r} is the person's "
                                  f"move (seat {seat} is on turn)")
            try:
                runner.play_bot()
            except RuleError as exc:
                raise LessonError(f"{where}[{runner.index - 1}].bots: {exc}") from None
            continue
        step, i = runner.step, runner.index
        if step.info:
            runner.confirm()
            continue
        if runner.game.over:
            raise LessonError(f"{where}[{i}]: the game is already over")
        if runner.game.current_player != lesson.human and step.expect.verb != "arrange" and not any(
                a.startswith("arrange") for a in step.expect.actions):
            raise LessonError(f"{where}[{i}]: it is seat {runner.game.current_player}'s move, "
                              f"not the person's")
        options = runner.expected()
        if not options:
            raise LessonError(f"{where}[{i}]: no legal move fits expect (legal now: "
                              f"{', '.join(runner.game.legal_actions()[:6])})")
        action = choose(runner) if choose else options[0]
        verdict = runner.submit(action)
        if not verdict.ok:
            raise LessonError(f"{where}[{i}]: {action!r} refused")
        kinds = {e.kind for e in verdict.events}
        missing = [k for k in step.shows if k not in kinds]
        if missing:
            raise LessonError(f"{where}[{i}]: {action!r} did not cause {', '.join(missing)} "
                              f"(seed {lesson.seed}; events: {', '.join(sorted(kinds))})")
    return runner


# ---- loading ---------------------------------------------------------------------------------
def lesson_path(game: str) -> pathlib.Path:
    """The game's lesson file (its kit's ``lessons``; it may not exist: no lesson yet)."""
    kit = KITS.get(game)
    name = kit.lessons if kit else f"{game.replace('-', '_')}.json"
    return (kit.asset(f"{FOLDER}/{name}") if kit else None) or resource_path(f"{FOLDER}/{name}")


def load_lessons(path: str | pathlib.Path, check: bool = True) -> list[Lesson]:
    """Read, validate and (``check``) play through every lesson of one file."""
    path = pathlib.Path(path)
    where = path.name
    try:
        data = read_json(path, expect=None, max_bytes=MAX_LESSON_BYTES)
    except OSError as exc:
        raise LessonError(f"lesson file {path}: cannot read it ({exc.strerror or exc})") from None
    except BadFile as exc:            # "line N: not valid JSON (...)", not UTF-8, too big, too deep
        raise LessonError(f"{where}{'' if str(exc).startswith('line') else ':'} {exc}") from None
    try:
        lessons = parse_lessons(data, where)
        if check:
            for lesson in lessons:
                play_through(lesson)
    except LessonError:
        raise
    except (ValueError, TypeError, KeyError, AttributeError, IndexError, RecursionError) as exc:
        # a value of a type parse_lessons did not foresee: still one line, never a crash
        raise LessonError(f"{where}: {short(f'{type(exc).__name__}: {exc}')}") from None
    return lessons


def lessons_for(game: str, check: bool = True) -> list[Lesson]:
    """The lessons of one table ([] when it has no lesson file)."""
    path = lesson_path(game)
    return load_lessons(path, check) if path.is_file() else []


def parse_lessons(data, where: str = "lessons") -> list[Lesson]:
    if not isinstance(data, dict):
        raise LessonError(f"{where}: the top level must be an object")
    _keys(where, data, {"format", "about", "game", "lessons"})
    if data.get("format") != FORMAT:
        raise LessonError(f"{where}: format must be {FORMAT!r}, got {data.get('format')!r}")
    game = data.get("game")
    if game not in KITS:
        raise LessonError(f"{where}: game must be one of {', '.join(KITS)}, got {game!r}")
    items = data.get("lessons")
    if not isinstance(items, list) or not items:
        raise LessonError(f"{where}: 'lessons' must be a non-empty list")
    out, ids = [], set()
    for i, item in enumerate(items):
        lesson = _parse_lesson(item, game, f"{where}: lessons[{i}]", where)
        if lesson.id in ids:
            raise LessonError(f"{where}: lessons[{i}]: id {lesson.id!r} is used twice")
        ids.add(lesson.id)
        out.append(lesson)
    return out


_LESSON_KEYS = {"id", "title", "players", "seed", "options", "setup", "seats", "coach", "steps", "finish"}
_STEP_KEYS = {"say", "expect", "point", "wrong", "bots", "shows", "why"}
_EXPECT_KEYS = {"action", "any", "verb", "keep", "count", "includes"}


def _parse_lesson(item, game: str, at: str, source: str) -> Lesson:
    if not isinstance(item, dict):
        raise LessonError(f"{at}: must be an object")
    _keys(at, item, _LESSON_KEYS)
    for key in _LESSON_KEYS:
        if key not in item:
            raise LessonError(f"{at}: missing {key!r}")
    lid = _text(item["id"], f"{at}.id")
    at = f"{source}: {lid}"
    title, finish = _text(item["title"], f"{at}.title"), _text(item["finish"], f"{at}.finish")
    players, seed = item["players"], item["seed"]
    for key, value in (("players", players), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise LessonError(f"{at}.{key}: must be a whole number, got {value!r}")
    for key in ("options", "setup"):
        if not isinstance(item[key], dict):
            raise LessonError(f"{at}.{key}: must be an object")
    seats = item["seats"]
    if not isinstance(seats, list) or len(seats) != players:
        raise LessonError(f"{at}.seats: need one entry per player ({players})")
    infos = []
    for s, seat in enumerate(seats):
        if not isinstance(seat, dict):
            raise LessonError(f"{at}.seats[{s}]: must be an object")
        _keys(f"{at}.seats[{s}]", seat, {"name", "coat", "human"})
        human = seat.get("human", False)
        if not isinstance(human, bool):
            raise LessonError(f"{at}.seats[{s}].human: must be true or false")
        infos.append(SeatInfo(_text(seat.get("name"), f"{at}.seats[{s}].name"),
                              _text(seat.get("coat"), f"{at}.seats[{s}].coat"), human))
    if sum(s.human for s in infos) != 1:
        raise LessonError(f"{at}.seats: exactly one seat must be the person's (human: true)")
    coach = item["coach"]
    if not isinstance(coach, dict):
        raise LessonError(f"{at}.coach: must be an object")
    _keys(f"{at}.coach", coach, {"name", "coat"})
    coach = {"name": _text(coach.get("name"), f"{at}.coach.name"),
             "coat": _text(coach.get("coat"), f"{at}.coach.coat")}
    steps = item["steps"]
    if not isinstance(steps, list) or not steps:
        raise LessonError(f"{at}.steps: must be a non-empty list")
    parsed = tuple(_parse_step(step, f"{at}.steps[{k}]") for k, step in enumerate(steps))
    return Lesson(game, lid, title, players, seed, dict(item["options"]), dict(item["setup"]),
                  tuple(infos), coach, parsed, finish, lid and f"{source} {lid}")


def _parse_step(step, at: str) -> Step:
    if not isinstance(step, dict):
        raise LessonError(f"{at}: must be an object")
    _keys(at, step, _STEP_KEYS)
    say = _text(step.get("say"), f"{at}.say")
    wrong = _text(step.get("wrong", WRONG), f"{at}.wrong")
    point = _strings(step.get("point", []), f"{at}.point")
    bots = _strings(step.get("bots", []), f"{at}.bots")
    shows = _strings(step.get("shows", []), f"{at}.shows")
    why = _text(step["why"], f"{at}.why") if "why" in step else None
    if "expect" not in step:
        raise LessonError(f"{at}: missing 'expect' (\"next\" or an object)")
    return Step(say, _parse_expect(step["expect"], f"{at}.expect"), point, wrong, bots, shows, why)


def _parse_expect(value, at: str) -> Expect:
    if value == "next":
        return Expect("next")
    if not isinstance(value, dict):
        raise LessonError(f"{at}: must be \"next\" or an object")
    _keys(at, value, _EXPECT_KEYS)
    kinds = [k for k in ("action", "any", "verb") if k in value]
    if len(kinds) != 1:
        raise LessonError(f"{at}: give exactly one of action, any, verb")
    if "action" in value:
        _only(at, value, {"action"})
        return Expect("action", (_text(value["action"], f"{at}.action"),))
    if "any" in value:
        _only(at, value, {"any"})
        actions = _strings(value["any"], f"{at}.any")
        if not actions:
            raise LessonError(f"{at}.any: must name at least one move")
        return Expect("any", actions)
    verb = _text(value["verb"], f"{at}.verb")
    keep, count = value.get("keep"), value.get("count")
    if keep is not None and (not isinstance(keep, str) or len(keep) > 4):
        raise LessonError(f"{at}.keep: must be the faces of up to 4 dice, e.g. \"FF\"")
    if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
        raise LessonError(f"{at}.count: must be a whole number of dice, at least 1")
    if (keep is not None or count is not None) and verb != "reroll":
        raise LessonError(f"{at}: keep and count go with verb reroll only")
    return Expect("verb", verb=verb, keep=keep, count=count,
                  includes=_strings(value.get("includes", []), f"{at}.includes"))


def _keys(at: str, data: dict, allowed: set[str]) -> None:
    for key in data:
        if key not in allowed:
            raise LessonError(f"{at}: unknown key {key!r} (allowed: {', '.join(sorted(allowed))})")


def _only(at: str, data: dict, allowed: set[str]) -> None:
    extra = sorted(set(data) - allowed)
    if extra:
        raise LessonError(f"{at}: {extra[0]!r} does not go with {', '.join(sorted(allowed))}")


def _text(value, at: str) -> str:
    if not isinstance(value, str) or not value:
        raise LessonError(f"{at}: must be a non-empty string, got {value!r}")
    return value


def _strings(value, at: str) -> tuple[str, ...]:
    if not isinstance(value, list) or any(not isinstance(v, str) or not v for v in value):
        raise LessonError(f"{at}: must be a list of non-empty strings")
    return tuple(value)
