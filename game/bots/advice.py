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
from fractions import Fraction

from game.bots import odds
from game.bots.base import Bot, Budget, make_bot
from game.bots.hungry_meow import HAND_LIMIT, MEALS, set_powers
from game.bots.meow_dice import Valuer
from game.bots.zodiac import KIND_INDEX, KINDS, _action, score_places
from game.rules.meow_dice_data import FACES, SLOTS

ADVISOR = {"hungry-meow": "search", "meow-dice": "search", "zodiac": "search"}
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
    """What the strongest bot would do at this seat, and why (see the module docstring)."""
    seat = view["seat"]
    bot = make_bot(game, ADVISOR[game], seat, view_seed(view, legal, salt), budget)
    if game == "zodiac":
        return _zodiac(bot, view, legal)
    ranked = bot.rank(view, list(legal))         # game.bots.base.Ranked, the choice first
    action = ranked[0].action
    cands = tuple(_candidate(r) for r in ranked[:TOP])
    text, targets = (_hungry_meow if game == "hungry-meow" else _meow_dice)(view, action, legal)
    return Hint(game, seat, action, text, tuple(targets), cands)


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


# ---- Hungry Meow ----------------------------------------------------------------------------------
def hm_card(card: str) -> Text:
    if card in MEALS or card == "DEATH":
        return Text(f"hm.card.{card}")
    return Text("hm.tiger.card", {"colour": Text(f"hm.colour.{card[0]}"), "n": int(card[1]),
                                  "symbol": Text(f"hm.sym.{card[2]}")})


def _hungry_meow(view: dict, action: str, legal: list[str]) -> tuple[Text, list[str]]:
    words = action.split()
    verb = words[0]
    if verb == "direction":
        return Text("hm.tiger.direction"), [f"btn:{words[1]}"]
    if verb == "draw":
        n = int(words[1])
        chance = odds.death_chance(view, max(1, n))
        return Text(f"hm.tiger.draw{n}", {"pct": pct(chance)}), [f"btn:draw{n}"]
    if verb == "pass":
        pile = odds.pile_odds(view)
        if len(view["hand"]) >= HAND_LIMIT and pile.located is None and pile.unseen:
            return Text("hm.tiger.pass_safe", {"unseen": pile.unseen}), ["btn:pass"]
        if len(view["hand"]) >= HAND_LIMIT and pile.located is not None:
            return Text("hm.tiger.pass_death"), ["btn:pass"]
        if not any(a.startswith("play ") for a in legal):
            return Text("hm.tiger.pass_none"), ["btn:pass"]
        return Text("hm.tiger.pass"), ["btn:pass"]
    if verb == "play":
        cards = words[1:]
        powers = set_powers(cards) if len(cards) > 1 else []
        names = [hm_card(c) for c in cards]
        targets = [f"card:{c}#0" for c in cards] + ["btn:play"]
        if powers:
            return Text("hm.tiger.play_power", {"cards": names,
                                               "power": [Text(f"hm.power.{p}") for p in powers]}), targets
        key = "hm.tiger.beat" if view["table"] else "hm.tiger.lead"
        return Text(key, {"cards": names}), targets
    if verb == "prophecy":
        if words[1] == "skip":
            return Text("hm.tiger.skip"), ["btn:skip"]
        cards = [hm_card(c) for c in words[2:]]
        return Text(f"hm.tiger.prophecy_{words[1]}", {"cards": cards}), ["btn:confirm"]
    if verb == "dealer":
        if words[1] == "skip":
            return Text("hm.tiger.skip"), ["btn:skipd"]
        other = int(words[2])
        if words[1] == "take":
            meals = sum(1 for c in view["known"][other] if c in MEALS)
            return (Text("hm.tiger.take", {"name": Seat(other), "meals": meals,
                                          "cards": view["hand_counts"][other]}),
                    [f"seat:{other}", "btn:take"])
        card = words[3]
        return (Text("hm.tiger.give", {"name": Seat(other), "card": hm_card(card)}),
                [f"seat:{other}", f"card:{card}#0", "btn:give"])
    return Text("hm.tiger.skip"), []


# ---- Meow Meow Dice -------------------------------------------------------------------------------
def md_card(notation: str) -> Text:
    return Text(f"md.card.{notation}")


def md_dice(faces: list[str]) -> list[Text]:
    """Kept dice as "fish ×2", "mouse" (one entry per face, most first)."""
    counts: dict[str, int] = {}
    for f in faces:
        counts[f] = counts.get(f, 0) + 1
    order = sorted(counts, key=lambda f: (-counts[f], FACES.index(f)))
    return [Text("md.tiger.dice", {"face": Text(f"md.face.{f}"), "n": counts[f]}) if counts[f] > 1
            else Text(f"md.face.{f}") for f in order]


def aimed_card(view: dict, chances: dict) -> tuple[str, Fraction] | None:
    """The card a keep plays for: the most chance × worth to this seat (None: nothing in reach)."""
    worth = {SLOTS[s]: v for s, _, v in (x for x in Valuer(view, view["seat"]).slot_values(
        view["slots"], view["slot_tokens"]) if x is not None)}
    best = None
    for slot, chance in chances.items():
        if chance is None or chance <= 0:
            continue
        score = float(chance) * max(worth.get(slot, 0.0), 0.1)
        if best is None or score > best[0]:
            best = (score, slot, chance)
    return None if best is None else (best[1], best[2])


def _meow_dice(view: dict, action: str, legal: list[str]) -> tuple[Text, list[str]]:
    words = action.split()
    verb = words[0]
    slots = view["slots"]
    if verb == "reroll":
        throw = [int(w) for w in words[1:]]
        keep = [d for d in range(4) if d not in throw and d not in view["locked"]]
        aim = aimed_card(view, odds.keep_odds(view, keep))
        targets = [f"die:{d}" for d in throw] + ["btn:reroll"]
        if aim is None:
            return Text("md.tiger.reroll_long"), targets
        slot, chance = aim
        args = {"pct": pct(chance), "card": md_card(slots[slot])}
        targets.append(f"slot:{slot}")
        if not keep:
            return Text("md.tiger.reroll_all", args), targets
        return Text("md.tiger.keep", {**args, "dice": md_dice([view["dice"][d] for d in keep])}), targets
    if verb == "take":
        slot = words[1]
        worth = Valuer(view, view["seat"]).card(slots[slot], view["slot_tokens"][slot])
        return Text("md.tiger.take", {"card": md_card(slots[slot]), "points": round(worth)}), [f"slot:{slot}"]
    if verb == "fishbone":
        chase = any(a.startswith("reroll ") for a in legal)
        return Text("md.tiger.fishbone_now" if chase else "md.tiger.fishbone"), ["btn:fishbone"]
    if verb == "bite":
        return Text("md.tiger.bite", {"card": md_card(words[1]) if not words[1].startswith("fishbone")
                                     else Text("md.tiger.fishbone_card")}), [f"card:{words[1]}#0"]
    if verb == "roll":
        aim = aimed_card(view, odds.keep_odds(view))
        if aim is None:
            return Text("md.tiger.roll_plain"), ["btn:roll"]
        slot, chance = aim
        return (Text("md.tiger.roll", {"pct": pct(chance), "card": md_card(slots[slot])}),
                ["btn:roll", f"slot:{slot}"])
    if verb in ("token", "change"):
        chosen = words[1:]
        return (Text(f"md.tiger.{verb}", {"cards": [md_card(slots[s]) for s in chosen if slots[s]]}),
                [f"btn:{verb}"] + [f"slot:{s}" for s in chosen])
    if verb == "lock":
        return Text("md.tiger.lock", {"face": Text(f"md.face.{words[2]}")}), ["btn:lock", f"die:{words[1]}"]
    if verb == "condition":
        slot, tok = words[1], words[2]
        cond = Text("md.cond.need" if tok[0] == "!" else "md.cond.no", {"face": Text(f"md.face.{tok[1]}")})
        return (Text("md.tiger.condition", {"cond": cond, "card": md_card(slots[slot])}),
                ["btn:condition", f"slot:{slot}"])
    return Text("md.tiger.roll_plain"), []


# ---- Zodiac Catchers ---------------------------------------------------------------------------------
def _place_name(action: str) -> str:
    w = action.split()
    return f"centre:{w[2]}" if w[1] == "centre" else f"hand:{w[2]}:{w[3]}"


def _place_key(action: str) -> tuple[int, int]:
    w = action.split()
    return (-1, int(w[2])) if w[1] == "centre" else (int(w[2]), int(w[3]))


def _zodiac(bot, view: dict, legal: list[str]) -> Hint:
    seat = view["seat"]
    points = [a for a in legal if a.startswith("point ")]
    if not points:
        action = bot.choose(view, legal)
        return Hint("zodiac", seat, action, Text("zc.tiger.arrange"), ("btn:done",),
                    (Candidate(action, None),))
    # as SearchBot.rank / decide, keeping the beliefs for the words
    belief, public = bot.beliefs(view)
    picked, places, scores, jitter = score_places(view, points, belief, public, bot.rng, True)
    order = sorted(range(len(places)), key=lambda i: -(scores[i] + jitter[i]))
    action = picked or _action(places[order[0]])
    ranked = [(_action(places[i]), scores[i]) for i in order] if scores else [(action, None)]
    ranked.sort(key=lambda av: av[0] != action)
    cands = tuple(Candidate(a, v, "capture" if v is not None else "choice") for a, v in ranked[:TOP])
    row = belief[_place_key(action)]
    shown = [KIND_INDEX[c["kind"]] for c in view["pointed"]]
    if shown and (any(k != shown[0] for k in shown) or row[shown[0]] <= 1e-9):
        text = Text("zc.tiger.safe")       # no capture this turn: give nothing away
    else:
        kind = shown[0] if shown else max(range(13), key=lambda k: row[k])
        chance = row[kind]
        # The tiger remembers every card the view ever showed: its words say so, so a hint is not
        # mistaken for what the player knows (issue 21); only their own hand is "yours".
        own = action.split()[1:3] == ["hand", str(seat)]
        key = ("zc.tiger.own" if own else "zc.tiger.known") if chance >= 1 - 1e-9 else "zc.tiger.point"
        text = Text(key, {"pct": pct(chance), "kind": Text(f"zc.kind.{KINDS[kind]}")})
    return Hint("zodiac", seat, action, text, (_place_name(action),), cands)


__all__ = ["Hint", "Text", "Seat", "Candidate", "advise", "render", "HintBot", "ADVISOR", "view_seed"]
