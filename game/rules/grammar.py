"""The action grammar: each engine declares, per verb, the words that follow it, and the base reads
an action string into typed arguments before the verb's method runs (RULES.md §4 notation).

An engine's ``verbs`` maps each verb to one form or a tuple of forms. A form is the words after
the verb, separated by spaces:

- ``cw|ccw`` — a fixed word, one of these. Fixed words come first; they pick the form.
- ``card`` — one word of the kind named ``card``: the engine's ``word_kinds`` (a ``Word`` each)
  or the shared ``seat`` (a seat number of this game) and ``pos`` (a whole number).
- ``card+`` / ``card*`` — one or more / any number of them, last in the form: a tuple.

E.g. ``"dealer": ("skip", "take seat", "give seat card")``. The verb's method
``_do_<verb>(self, action, *args)`` gets the fixed words and the values read, in order, and
checks only the rules of the moment (whose card, which slot is empty...): a malformed action never
reaches it. Every refusal here is one line saying what was wrong; the base's ``RuleError``
names the action.
"""
from __future__ import annotations

from dataclasses import dataclass


class Malformed(ValueError):
    """Words that do not fit the grammar; the base raises it again as a RuleError naming the action."""


class Word:
    """A kind of argument word, named ``name`` in refusals. ``accepts``: the words it takes — a dict
    gives each word's value (a slot's name → its index), another collection keeps the word itself,
    None takes any one word; ``hint`` says what to write; ``once``: naming one twice in a list is
    an error (slots, dice). A word reads the same in every state of a game with the same number
    of players (the base keeps what each action read as); what the moment allows is the verb
    method's business."""

    def __init__(self, name: str, accepts=None, hint: str = "", once: bool = False):
        self.name, self.accepts, self.hint, self.once = name, accepts, hint, once
        self.mapped = isinstance(accepts, dict)

    def read(self, game, word: str):
        accepts = self.accepts
        if accepts is None:
            return word
        if word in accepts:
            return accepts[word] if self.mapped else word
        raise Malformed(self.refusal(word))

    def refusal(self, word: str) -> str:
        return f"{word!r} is not a {self.name}" + (f" ({self.hint})" if self.hint else "")


class Whole(Word):
    """A whole number written plainly (``3``, not ``03`` or ``+3``); its range is the rules' business."""

    def read(self, game, word: str) -> int:
        if not _plain_number(word):
            raise Malformed(f"{word!r} is not a {self.name} (a whole number)")
        return int(word)


class Seat(Word):
    """A seat of this game: 0 to players - 1."""

    def read(self, game, word: str) -> int:
        if not _plain_number(word):
            raise Malformed(f"{word!r} is not a seat number")
        seat = int(word)
        if seat >= game.players:
            raise Malformed(f"there is no seat {seat} (seats 0-{game.players - 1})")
        return seat


def _plain_number(word: str) -> bool:
    return word.isdigit() and word.isascii() and (word[0] != "0" or word == "0")


SHARED_KINDS = {"seat": Seat("seat number"), "pos": Whole("position")}


@dataclass(frozen=True, slots=True)
class Form:
    """One way to write a verb: its fixed words, then one word per kind, then maybe a list."""

    verb: str
    fixed: tuple[tuple[str, ...], ...]     # per fixed word, the words allowed there
    kinds: tuple[Word, ...]
    names: tuple[str, ...]                 # the kinds as written in the grammar (messages)
    many: Word | None = None
    least: int = 0                         # how many of ``many`` at least (+: 1, *: 0)
    many_name: str = ""

    def usage(self, fixed: list[str] | None = None) -> list[str]:
        """How to write it, e.g. ``dealer give SEAT CARD`` (every choice of fixed word unless
        ``fixed`` says which were written)."""
        tail = [n.upper() for n in self.names] + ([self.many_name.upper() + "…"] if self.many else [])
        heads = [[]]
        for i, choice in enumerate(self.fixed):
            heads = [h + [w] for h in heads for w in ((fixed[i],) if fixed else choice)]
        return [" ".join([self.verb, *h, *tail]) for h in heads]


def compile_verbs(cls) -> dict:
    """verb → (the method, its forms), from ``cls.verbs`` and ``cls.word_kinds``. A grammar that
    names an unknown kind or a missing method is a TypeError when the class is made."""
    kinds = {**SHARED_KINDS, **cls.word_kinds}
    table = {}
    for verb, forms in cls.verbs.items():
        method = getattr(cls, "_do_" + verb, None)
        if method is None:
            raise TypeError(f"{cls.__name__}: verb {verb!r} has no method _do_{verb}")
        table[verb] = (method, tuple(_form(cls, verb, f, kinds)
                                     for f in ((forms,) if isinstance(forms, str) else forms)))
    return table


def _form(cls, verb: str, text: str, kinds: dict) -> Form:
    fixed, names, many, least, many_name = [], [], None, 0, ""
    for part in text.split():
        if many is not None:
            raise TypeError(f"{cls.__name__} {verb!r}: a list ({many_name}) must come last")
        if part.rstrip("+*") in kinds:
            name = part.rstrip("+*")
            if part[-1] in "+*":
                many, least, many_name = kinds[name], int(part[-1] == "+"), name
            else:
                names.append(name)
        elif names:
            raise TypeError(f"{cls.__name__} {verb!r}: fixed word {part!r} after an argument")
        elif part[-1] in "+*":
            raise TypeError(f"{cls.__name__} {verb!r}: unknown word kind {part!r}")
        else:
            fixed.append(tuple(part.split("|")))
    return Form(verb, tuple(fixed), tuple(kinds[n] for n in names), tuple(names), many, least,
                many_name)


def read(game, words: list[str], forms: tuple[Form, ...]) -> list:
    """The arguments of ``words`` (verb first) by the first form whose fixed words match."""
    rest = words[1:]
    for form in forms:
        fixed = form.fixed
        if len(rest) >= len(fixed) and all(w in f for w, f in zip(rest, fixed, strict=False)):
            break
    else:
        raise Malformed("write " + spoken([u for f in forms for u in f.usage()]))
    n = len(form.fixed)
    args, given, kinds = rest[:n], rest[n:], form.kinds
    k = len(kinds)
    if len(given) < k + form.least or (form.many is None and len(given) > k):
        if len(given) > k and not kinds:
            raise Malformed(f"{' '.join(words[:n + 1])} takes nothing more")
        if len(given) == k and form.many is not None:
            hint = f" ({form.many.hint})" if form.many.hint else ""
            raise Malformed(f"name at least one {form.many.name}{hint}")
        raise Malformed("write " + form.usage(args)[0])
    for kind, word in zip(kinds, given, strict=False):
        args.append(kind.read(game, word))
    if form.many is not None:
        many, values = form.many, []
        for word in given[k:]:
            value = many.read(game, word)
            if many.once and value in values:
                raise Malformed(f"{many.name} {word} named twice")
            values.append(value)
        args.append(tuple(values))
    return args


def spoken(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``."""
    if not items:
        return "nothing"
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]
