"""Ask the tiger: the strongest bot of a game says, from one player's view, what it would do and
why, as data a table scene translates and shows (the player still chooses).

``advise(game, view, legal, budget)`` → ``Hint``: the action, a sentence as a text key with
format arguments (``Hint.text``; ``render(hint.text, t)`` makes it words with the app's ``t``),
the names of the widgets to highlight (the tables' ``widgets()`` names: ``btn:pass``,
``card:R5P#0``, ``seat:2``, ``die:1``, ``slot:TR``, ``hand:1:3``, ``centre:4``) and the top
candidates with the bot's values (``SearchBot.rank``).

The advisor sees only ``view`` and ``legal`` (what the table offers the player) and seeds its
bot from them, so two states that share the player's view get the same hint at a node budget
(at a time budget the search may go deeper on a faster frame, as for any bot).

``HintBot`` (bot name ``hint``) plays the advisor's top choice: ``simulate --bots hint,heuristic``
measures how well following every hint does.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from game.bots.base import Bot, Budget, make_bot
from game.rules.registry import KITS

TOP = 3              # candidates a hint carries


# ---- what a hint is -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Text:
    """A sentence to translate: ``key`` and its format arguments. An argument is a plain value,
    another ``Text``, a ``Seat`` (named by the scene) or a list of those (joined)."""

    key: str
    args: dict = field(default_factory=dict)


@dataclass(frozen=True)
class Seat:
    index: int


@dataclass(frozen=True)
class Candidate:
    action: str
    value: float | None       # the bot's own measure, in ``unit``; None when it gave none
    unit: str = "choice"      # "win" chance estimate, expected "points", "capture" score


@dataclass(frozen=True)
class Hint:
    game: str
    seat: int
    action: str
    text: Text
    targets: tuple[str, ...]
    candidates: tuple[Candidate, ...]

    def render(self, t, seat_name=None) -> str:
        return render(self.text, t, seat_name)


def render(text: Text, t, seat_name=None) -> str:
    """The sentence in words: ``t(key, **fmt)`` translates (the app's ``t``); ``seat_name(i)``
    names a seat (default "seat i+1"). Lists are joined with the language's ``tiger.join``."""
    def value(v):
        if isinstance(v, Text):
            return render(v, t, seat_name)
        if isinstance(v, Seat):
            return seat_name(v.index) if seat_name else str(v.index + 1)
        if isinstance(v, (list, tuple)):
            return t("tiger.join").join(value(x) for x in v)
        return v
    return t(text.key, **{k: value(v) for k, v in text.args.items()})


def pct(chance) -> int:
    """A chance as a whole percentage that never reads 0 or 100 unless it is."""
    p = float(chance)
    if p <= 0 or p >= 1:
        return round(p * 100)
    return min(99, max(1, round(p * 100)))


def view_seed(view: dict, legal: list[str], salt: int = 0) -> int:
    """A seed that depends on the view and the choices only (same view, same hint)."""
    blob = json.dumps([view, sorted(legal), salt], sort_keys=True, default=str).encode()
    return int.from_bytes(hashlib.sha1(blob).digest()[:8], "big")


def advise(game: str, view: dict, legal: list[str], budget: Budget | None = None,
           salt: int = 0) -> Hint:
    """What the strongest bot would do at this seat, and why (see the module docstring). The
    game's kit gives the words (``hint``); without them the tiger names the move plainly."""
    kit = KITS[game]
    bot = make_bot(game, kit.advisor_level(), view["seat"], view_seed(view, legal, salt), budget)
    words = kit.load("hint")
    return words(bot, view, legal) if words else ranked_hint(game, bot, view, legal, plain_words)


def ranked_hint(game: str, bot, view: dict, legal: list[str], words) -> Hint:
    """The bot's ranking, its choice first, in ``words(view, action, legal) -> (Text, targets)``."""
    ranked = bot.rank(view, list(legal))         # game.bots.base.Ranked, the choice first
    action = ranked[0].action
    cands = tuple(_candidate(r) for r in ranked[:TOP])
    text, targets = words(view, action, legal)
    return Hint(game, view["seat"], action, text, tuple(targets), cands)


def plain_words(view: dict, action: str, legal: list[str]) -> tuple[Text, list[str]]:
    """A game without its own hint wording: the move as the engine writes it."""
    return Text("tiger.plain", {"move": action}), []


def _candidate(r) -> Candidate:
    unit = r.why.get("unit", "choice")
    return Candidate(r.action, None if unit == "choice" else float(r.value), unit)


class HintBot(Bot):
    """Plays the advisor's top choice (``--bots hint``)."""

    name = "hint"

    def __init__(self, seat, seed, budget=None):
        super().__init__(seat, seed, budget)
        self._given = budget is not None     # else each game's advisor keeps its own default

    def choose(self, view: dict, legal: list[str]) -> str:
        if len(legal) == 1:
            return legal[0]
        return advise(view["game"], view, legal, self.budget if self._given else None,
                      salt=self.rng.getrandbits(32)).action


__all__ = ["Hint", "Text", "Seat", "Candidate", "advise", "render", "HintBot", "ranked_hint", "view_seed"]
