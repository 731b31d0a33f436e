"""Issue 19 item 5: actions are read from a declared grammar (game/rules/grammar.py). Each engine
says, per verb, which words follow it; the base reads them into typed arguments before the verb's
method runs, and refuses malformed words with one line naming the action and what was wrong.
Fish Pond, the tests' fourth game, declares its two verbs and writes no parsing code at all."""
from __future__ import annotations

import ast
import inspect
import json
import random
import textwrap

import pytest

from game.rules.base import Event, Game, RuleError
from game.rules.grammar import Word
from game.rules.registry import engine
from tests.fourth_game import fish_pond
from tests.fourth_game.fish_pond import FishPond

# every verb of every game shows up in seeded random play under these options
CASES = [("hungry-meow", [{"optional_draw": True}, {}]),
         ("meow-dice", [{}, {"advanced": True, "specials": True, "one_bite": True}]),
         ("zodiac", [{}]),
         ("fish-pond", [{}])]
NEVER = ["zzz", "-1", "01"]     # no kind of word takes these (numbers are written plainly)
MAYBE = ["R5P", "TL", "0"]      # words some kinds take: the rules may refuse them instead


def make(name: str, players: int, seed: int, options: dict) -> Game:
    cls = FishPond if name == "fish-pond" else engine(name)
    return cls.new(players, seed, options)


def moments(name: str, option_sets: list[dict]) -> dict[str, tuple[Game, str]]:
    """For each verb, a state where it is legal and one legal action with it."""
    found: dict[str, tuple[Game, str]] = {}
    verbs = set(make(name, 2, 0, option_sets[0]).verbs)
    for seed in range(60):
        for options in option_sets:
            game = make(name, 2 + seed % 2, seed, options)
            rng = random.Random(seed)
            for _ in range(400):
                if game.over:
                    break
                legal = game.legal_actions()
                for action in legal:
                    found.setdefault(action.split(" ")[0], (game.clone(), action))
                game.apply(rng.choice(legal))
            if set(found) == verbs:
                return found
    missing = verbs - set(found)
    raise AssertionError(f"{name}: no legal action seen for {sorted(missing)}")


def malformed(game: Game, action: str) -> list[tuple[str, bool]]:
    """The action spoiled word by word, each with whether only the grammar can refuse it: a word
    too many, each word after the verb swapped for junk, the last word dropped."""
    words = action.split(" ")
    out = [(action + " zzz", True), (" ".join(words[:-1]), False)]
    for i in range(1, len(words)):
        out += [(" ".join(words[:i] + [junk] + words[i + 1:]), junk in NEVER) for junk in NEVER + MAYBE]
    return [(a, strict) for a, strict in out if a.split(" ")[0] == words[0]]


def refusal(game: Game, action: str) -> RuleError | None:
    """The RuleError of an action that is not legal now (None if it is), checked to be the same
    as ``why_not`` says and to leave the state exactly as it was."""
    why = game.why_not(action)
    if why is None:
        return None
    before = json.dumps(game.dump(), sort_keys=True)
    with pytest.raises(RuleError) as err:
        game.apply(action)
    assert str(why) == err.value.reason and why.code == err.value.code, action
    assert json.dumps(game.dump(), sort_keys=True) == before, action
    return err.value


@pytest.mark.parametrize("name, option_sets", CASES, ids=[c[0] for c in CASES])
def test_malformed_words_of_every_verb_give_one_line_naming_the_action(name, option_sets):
    for verb, (game, action) in sorted(moments(name, option_sets).items()):
        forms = game._grammar[verb][1]
        loose = any(k.accepts is None for f in forms for k in (*f.kinds, f.many) if k)
        refused = 0
        for bad, strict in malformed(game, action):
            exc = refusal(game, bad)
            if exc is None:
                continue
            refused += 1
            message = str(exc)
            assert exc.action == bad and repr(bad) in message and "\n" not in message, message
            assert exc.reason and len(message) < 200, message
            if strict and not loose:       # a word of any kind may be refused by the rules instead
                assert exc.code == "syntax", (bad, exc.code, exc.reason)
        assert refused, f"{name} {verb}: nothing malformed was refused ({action})"


@pytest.mark.parametrize("name, option_sets", CASES, ids=[c[0] for c in CASES])
def test_every_legal_action_reads_by_the_grammar(name, option_sets):
    for game, action in moments(name, option_sets).values():
        assert game.why_not(action) is None, (action, game.why_not(action))


@pytest.mark.parametrize("name, action, reason", [
    ("hungry-meow", "jump",
     "unknown action 'jump' (expected direction, draw, play, pass, prophecy or dealer)"),
    ("hungry-meow", "direction", "write direction cw or direction ccw"),
    ("hungry-meow", "direction cw now", "direction cw takes nothing more"),
    ("meow-dice", "token", "name at least one slot (TL, TR, BL, BR)"),
    ("meow-dice", "token TL TL", "slot TL named twice"),
    ("meow-dice", "lock 4 C", "'4' is not a die (0-3)"),
    ("meow-dice", "lock 0 Q", "'Q' is not a face (one of CFYMPB)"),
    ("meow-dice", "lock 0", "write lock DIE FACE"),
    ("meow-dice", "roll now", "roll takes nothing more"),
    ("zodiac", "point", "write point hand SEAT POS or point centre POS"),
    ("zodiac", "point hand 0", "write point hand SEAT POS"),
    ("zodiac", "point hand 9 0", "there is no seat 9 (seats 0-1)"),
    ("zodiac", "point centre 01", "'01' is not a position (a whole number)"),
    ("zodiac", "arrange", "write arrange SEAT CARD…"),
    ("fish-pond", "take middle", "write take left or take right"),
    ("fish-pond", "stop now", "stop takes nothing more"),
    ("fish-pond", "fly", "unknown action 'fly' (expected take or stop)"),
])
def test_the_refusals_say_what_to_write(name, action, reason):
    game = make(name, 2, 1, {"advanced": True} if name == "meow-dice" else {})
    with pytest.raises(RuleError) as err:
        game.apply(action)
    assert err.value.reason == reason and str(err.value) == f"illegal action {action!r}: {reason}"


def test_arguments_arrive_typed():
    """Slots and dice as indexes, seats and positions as numbers, lists as tuples."""
    seen = {}

    class Probe(Game):
        name = "probe"
        verbs = {"go": ("to seat pos", "by slot+"), "say": "word*"}
        word_kinds = {"slot": Word("slot", {"A": 0, "B": 1}, once=True), "word": Word("word")}

        def _do_go(self, action, *args):
            seen[action] = args
            return [Event("Went")]

        def _do_say(self, action, words):
            seen[action] = (words,)
            return []

    probe = Probe.__new__(Probe)
    probe.players = 3
    for action in ("go to 2 10", "go by B A", "say", "say hi there"):
        probe.apply(action)
    assert seen == {"go to 2 10": ("to", 2, 10), "go by B A": ("by", (1, 0)), "say": ((),),
                    "say hi there": (("hi", "there"),)}
    for bad, reason in (("go to 3 1", "there is no seat 3 (seats 0-2)"),
                        ("go by", "name at least one slot"),
                        ("go by A C", "'C' is not a slot"),
                        ("go by A A", "slot A named twice"),
                        ("go", "write go to SEAT POS or go by SLOT…"),
                        ("go to 1 +1", "'+1' is not a position (a whole number)")):
        with pytest.raises(RuleError) as err:
            probe.apply(bad)
        assert reason in err.value.reason and repr(bad) in str(err.value)


def test_a_broken_grammar_fails_when_the_engine_is_made():
    for verbs, says in (({"go": "place"}, "no method _do_go"),
                        ({"act": "seat+ pos"}, "must come last"),
                        ({"act": "seat now"}, "after an argument"),
                        ({"act": "thing+"}, "unknown word kind")):
        with pytest.raises(TypeError, match=says):
            type("Broken", (Game,), {"verbs": verbs, "_do_act": lambda self, action, *a: []})


def test_a_game_declaring_its_grammar_writes_no_parsing_code():
    """Fish Pond reads no words itself: no _apply of its own, no split, each method gets its
    arguments. The shipped engines' verb methods read no words either."""
    assert "_apply" not in vars(FishPond)
    assert ".split(" not in inspect.getsource(fish_pond)
    assert FishPond.verbs == {"take": "left|right", "stop": ""}
    for name in ("hungry-meow", "meow-dice", "zodiac"):
        for cls in engine(name).__mro__:
            for attr, method in vars(cls).items():
                if not attr.startswith("_do_"):
                    continue
                tree = ast.parse(textwrap.dedent(inspect.getsource(method)))
                names = {n.attr if isinstance(n, ast.Attribute) else getattr(n, "id", None)
                         for n in ast.walk(tree)}
                assert not names & {"split", "words", "isdigit"}, f"{name} {attr} parses words"
