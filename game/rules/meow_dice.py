"""Meow Meow Dice (RULES.md §2, MD-1 … MD-13): the rules engine.

Options: ``advanced`` (enthusiasm and condition tokens instead of the cat token), ``specials``
(the four special cards; needs ``advanced``), ``one_bite``. Setup keys (§4): ``first``, ``cats``,
``slots``, ``deck``, ``golden``, ``fishbones``, ``dice``.

Where each card starts (seed or fixed setup): ``meow_dice_setup``. A slot missing from
``slots`` is dealt as usual; ``null`` leaves it empty. ``cats`` defaults to tabby, calico,
tuxedo, siamese by seat. The pre-roll actions (cat token, enthusiasm): ``meow_dice_tokens``.

Dice: every face comes from ``setup.dice`` (consumed in order; running out is a RuleError that
changes nothing) or else from ``self.rng``. A roll takes its faces for the thrown dice in
ascending die index; the MD-9 tie throw takes one face per throw.

Events (``Event.kind`` and ``data``; all are public: Meow Meow Dice hides no card in a hand):

- ``TurnStarted`` {seat, turn (completed turns so far), round (1-based turn of that seat)}
- ``TokenFlipped`` {seat, face_up}: the MD-10 cat token turned (down when used, up on a fish bone)
- ``EnthusiasmChanged`` {seat, old, new, why}: why is "spend", "fishbone" or "catnip"
- ``CardsChanged`` {seat, by ("token" or "change"), slots, discarded (cards), tokens (returned to
  the supply)}; followed by one ``SlotRefilled`` per slot in the order written
- ``SlotRefilled`` {slot, card (null: deck empty, slot stays empty), deck ("regular"/"golden"),
  left (cards left in that deck)}
- ``TokenPlaced`` {seat, slot, card, condition}
- ``DieLocked`` {seat, die, face}
- ``DiceRolled`` {seat, roll (1-4 in this turn), dice (indexes thrown), faces (their new faces),
  was (a reroll: the thrown dice's faces before it, "" for a turn's first roll),
  all (the 4 faces as a string, locked included), locked (indexes), next_max (most dice the next
  reroll may throw, before any bite)}
- ``Bite`` {seat, card, next_max}
- ``CardTaken`` {seat, slot, card, name, type, tokens (condition tokens won with it), ability}
- ``FishboneTaken`` {seat, card (null when the pile was empty: nothing happens), flames, left}
- ``TurnEnded`` {seat, turn (completed turns now)}
- ``TieBreakThrow`` {seat, face}
- ``GameWon`` {winners, scores, reason ("score", "tiebreak-food", "tiebreak-dice")}

Readings where RULES.md is silent (noted for the record):
- after ``bite`` the next action must be a reroll ("a bite must be followed by a reroll"), and a
  bite is only offered while another roll is still possible (fewer than 4 rolls made);
- fish bones already taken are face up (their flames show through the enthusiasm gain), so only
  the advanced game's face-down pile is hidden; the golden deck shows its top card;
- the tie throw goes in turn order from the start player (MD-9), which is seat order from seat 0
  when the start player is 0 (the §4 wording);
- ``reroll`` accepts its dice in any order; ``legal_actions`` lists them ascending.
"""
from __future__ import annotations

import itertools
from typing import ClassVar

from game.rules.base import Event, Game, RuleError, SetupError, bool_option, check_keys
from game.rules.grammar import Word
from game.rules.meow_dice_data import (
    CATS,
    COND_ORDER,
    DEFAULT_CARDS,
    FACE_INDEX,
    FACES,
    SLOT_INDEX,
    SLOTS,
    TYPE_BONUS,
    TYPES,
    CardSet,
    card_variant,
    cond_bit,
    load_cards,
    roll_info,
    score_parts,
)
from game.rules.meow_dice_invariants import check_invariants
from game.rules.meow_dice_rolls import Rolls
from game.rules.meow_dice_setup import deal
from game.rules.meow_dice_tokens import PreRoll

__all__ = ["MeowDice", "score_parts", "turns_per_player"]

TYPE_INDEX = {t: i for i, t in enumerate(TYPES)}
BR = 3

# ordered selections of distinct slots, by bitmask of the slots allowed (token / change)
_ORDERED: dict[int, list[str]] = {}
for _mask in range(16):
    _avail = [s for s in range(4) if _mask >> s & 1]
    _ORDERED[_mask] = [" ".join(SLOTS[s] for s in perm)
                       for n in range(1, len(_avail) + 1) for perm in itertools.permutations(_avail, n)]
# subsets of dice by bitmask of rerollable dice, grouped by size
_SUBSETS: dict[int, list[tuple[int, ...]]] = {
    m: [c for n in range(1, 5) for c in itertools.combinations([d for d in range(4) if m >> d & 1], n)]
    for m in range(16)}


def turns_per_player(players: int, specials: bool) -> int:
    """MD-9: 6 turns each (2-3 players) or 5 (4 players); 6 whatever the count with specials."""
    return 6 if specials or players <= 3 else 5


class MeowDice(Rolls, PreRoll, Game):
    name = "meow-dice"
    min_players = 2
    max_players = 4
    turn_cap = 100
    # how deep each container of the state goes (Game.clone copies that many levels)
    state_depth = {**dict.fromkeys(("bitten", "box", "cats", "cat_up", "enth", "counters", "deck", "dice",
                                    "discard", "fishpile", "golden", "locked", "options", "r_own",
                                    "r_points", "slots", "supply", "turns_by_seat", "winning_seats"), 1),
                   **dict.fromkeys(("hands", "r_abil", "r_types", "slot_tokens", "won_tokens",
                                    "tie_throws"), 2)}
    CARDSET: ClassVar[CardSet] = DEFAULT_CARDS
    # the actions of RULES.md §4: verb -> the words after it (game/rules/grammar.py)
    verbs = {"token": "slot+", "condition": "slot condition", "lock": "die face", "change": "slot+",
             "roll": "", "reroll": "die+", "bite": "card", "take": "slot", "fishbone": ""}
    word_kinds = {"slot": Word("slot", SLOT_INDEX, "TL, TR, BL, BR", once=True),
                  "condition": Word("condition", tuple(COND_ORDER), "!f or Xf, e.g. !F, XC"),
                  "die": Word("die", {str(d): d for d in range(4)}, "0-3", once=True),
                  "face": Word("face", FACE_INDEX, f"one of {FACES}"),
                  "card": Word("card", None, "a food card, e.g. food/tabby/2/!C or fishbone/1")}

    # ---- card data ---------------------------------------------------------------------------
    @classmethod
    def card_variant(cls, path, card: str, field: str, value: str) -> str:
        """Card file text with one card's field changed (``simulate --sweep``); see meow_dice_data."""
        return card_variant(path, card, field, value)

    @classmethod
    def with_cards(cls, path) -> type["MeowDice"]:
        """A subclass that plays with another card file (``simulate --cards FILE``)."""
        cardset = load_cards(path)
        return type(cls.__name__, (cls,), {"CARDSET": cardset, "__module__": cls.__module__,
                                           "__doc__": f"{cls.__doc__ or ''} (cards: {cardset.source})"})

    # ---- creation ----------------------------------------------------------------------------
    @classmethod
    def parse_options(cls, options: dict) -> dict:
        check_keys("options", options, {"advanced", "specials", "one_bite"})
        out = {key: bool_option(options, key) for key in ("advanced", "specials", "one_bite")}
        if out["specials"] and not out["advanced"]:
            raise SetupError("option 'specials' needs 'advanced' (MD-12)")
        return out

    def _setup(self, options: dict, setup: dict) -> None:
        check_keys("setup", setup, {"first", "cats", "slots", "deck", "golden", "fishbones", "dice"})
        cs = self.CARDSET
        n = self.players
        self.options = options
        self.advanced = options["advanced"]
        self.specials = options["specials"]
        self.one_bite = options["one_bite"]
        self.turns_each = turns_per_player(n, self.specials)

        first = setup.get("first", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < n:
            raise SetupError(f"setup.first must be a seat 0-{n - 1}, got {first!r}")
        self.first = first
        cats = setup.get("cats", list(CATS[:n]))
        if (not isinstance(cats, list) or len(cats) != n or any(c not in CATS for c in cats)
                or len(set(cats)) != n):
            raise SetupError(f"setup.cats must be {n} different cats of {', '.join(CATS)}, got {cats!r}")
        self.cats = list(cats)
        dice = setup.get("dice")
        if dice is not None:
            if not isinstance(dice, str) or any(f not in FACE_INDEX for f in dice):
                raise SetupError(f"setup.dice must be a string of faces {FACES}, got {dice!r}")
        self.script = dice
        self.script_pos = 0

        self.slots, self.fishpile, self.golden, self.deck, self.box = deal(
            cs, self.specials, setup, self.rng)
        self.discard: list[int] = []
        self.slot_tokens: list[list[str]] = [[] for _ in range(4)]
        self.supply: list[str] = list(cs.tokens)
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.won_tokens: list[list[str]] = [[] for _ in range(n)]
        self.bitten: list[int] = []
        self.cat_up: list[bool] | None = None if self.advanced else [True] * n
        self.enth: list[int] | None = [2] * n if self.advanced else None
        # running score parts per seat: points, own-cat cards, cards per type, abilities held
        self.r_points = [0] * n
        self.r_own = [0] * n
        self.r_types = [[0, 0, 0, 0] for _ in range(n)]
        self.r_abil: list[list[str]] = [[] for _ in range(n)]
        self.current = first
        self.turns = 0
        self.turns_by_seat = [0] * n
        self._reset_turn()
        self.game_over = False
        self.winning_seats: list[int] = []
        self.ending: str | None = None
        self.tie_throws: list[list] = []
        self.counters = {"slot TL": 0, "slot TR": 0, "slot BL": 0, "slot BR": 0, "fishbone": 0,
                         "fishbone pile empty": 0, "took !f card": 0, "took Xf card": 0,
                         "condition tokens won": 0}

    def _reset_turn(self) -> None:
        self.dice: list[int | None] = [None] * 4
        self.locked = [False] * 4
        self.rolls = 0
        self.last_thrown = 4
        self.bite_pending = False

    # ---- queries (current_player, over, winners, turn, end_reason: the base) ----------------
    @property
    def total_turns(self) -> int:
        return self.turns_each * self.players

    def card(self, cid: int):
        return self.CARDSET.cards[cid]

    def score(self, seat: int) -> int:
        """The full MD-9 score as it stands now, from the running parts."""
        types = self.r_types[seat]
        total = self.r_points[seat] + self.r_own[seat] + TYPE_BONUS[sum(1 for t in types if t)]
        total += 2 * len(self.won_tokens[seat])
        abil = self.r_abil[seat]
        if abil:
            if "gourmet" in abil:
                total += types[0]
            if "dreamer" in abil:
                total += self.enth[seat] if self.enth else 0
            if "fanclub" in abil:
                total += 3 * (self.r_own[seat] // 2)
        return total

    def scores(self) -> list[int]:
        return [self.score(s) for s in range(self.players)]

    def score_parts(self, seat: int) -> dict:
        """Every MD-9 term for one seat, recomputed from the cards held."""
        return score_parts([self.card(c) for c in self.hands[seat]], self.cats[seat],
                           len(self.won_tokens[seat]), self.enth[seat] if self.enth else None)

    def _slot_met(self, s: int, dice_info: tuple[int, int]) -> bool:
        cid = self.slots[s]
        if cid is None or dice_info[0] != s:
            return False
        need = self.CARDSET.cards[cid].mask
        for tok in self.slot_tokens[s]:
            need |= cond_bit(tok)
        return dice_info[1] & need == need

    def _takeable(self) -> list[int]:
        if self.rolls == 0:
            return []
        info = roll_info(self.dice)
        return [s for s in range(4) if self._slot_met(s, info)]

    def _bitable(self) -> list[int]:
        seat = self.current
        out = []
        for cid in self.hands[seat]:
            c = self.CARDSET.cards[cid]
            if c.type == "food" and cid not in self.bitten and not (c.kind == "fishbone" and c.flames == 2):
                out.append(cid)
        return out

    def _max_next(self) -> int:
        """Most dice the next reroll may throw (0: no reroll possible)."""
        if self.rolls == 0 or self.rolls >= 4:
            return 0
        return self.last_thrown if self.bite_pending else self.last_thrown - 1

    def legal_actions(self) -> list[str]:
        if self.game_over:
            return []
        seat = self.current
        out: list[str] = []
        if self.rolls == 0:
            out.append("roll")
            filled = sum(1 << s for s in range(4) if self.slots[s] is not None)
            if not self.advanced:
                if self.cat_up[seat] and filled:
                    out.extend("token " + a for a in _ORDERED[filled])
            elif self.enth[seat] >= 1:
                for s in (1, 2, 3):
                    if self.slots[s] is not None:
                        for tok in self.supply:
                            if self._condition_ok(s, tok) is None:
                                out.append(f"condition {SLOTS[s]} {tok}")
                for d in range(4):
                    if not self.locked[d]:
                        out.extend(f"lock {d} {f}" for f in FACES)
                if filled:
                    out.extend("change " + a for a in _ORDERED[filled])
            return out
        m = self._max_next()
        if m:
            free = sum(1 << d for d in range(4) if not self.locked[d])
            out.extend("reroll " + " ".join(map(str, c)) for c in _SUBSETS[free] if len(c) <= m)
        if self.bite_pending:
            return out
        if self.one_bite and self.rolls < 4:
            seen = set()
            for cid in self._bitable():
                notation = self.CARDSET.cards[cid].notation
                if notation not in seen:
                    seen.add(notation)
                    out.append("bite " + notation)
        takes = self._takeable()
        if takes:
            out.extend("take " + SLOTS[s] for s in takes)
        else:
            out.append("fishbone")
        return out

    # ---- views -------------------------------------------------------------------------------
    def _public(self) -> dict:
        cs = self.CARDSET
        note = lambda cid: None if cid is None else cs.cards[cid].notation  # noqa: E731
        return {
            "game": self.name, "players": self.players, "options": dict(self.options),
            "first": self.first, "current_player": self.current_player, "turn": self.turns,
            "turns_each": self.turns_each, "turns_by_seat": list(self.turns_by_seat),
            "over": self.game_over, "winners": list(self.winning_seats), "end_reason": self.ending,
            "cats": list(self.cats),
            "slots": {SLOTS[s]: note(self.slots[s]) for s in range(4)},
            "slot_tokens": {SLOTS[s]: list(self.slot_tokens[s]) for s in range(4)},
            "supply": list(self.supply),
            "hands": [[note(c) for c in hand] for hand in self.hands],
            "bitten": [[cs.cards[c].notation for c in hand if c in self.bitten] for hand in self.hands],
            "won_tokens": [list(t) for t in self.won_tokens],
            "cat_token_up": list(self.cat_up) if self.cat_up is not None else None,
            "enthusiasm": list(self.enth) if self.enth is not None else [None] * self.players,
            "phase": "over" if self.game_over else ("pre-roll" if self.rolls == 0 else "rolling"),
            "dice": "".join("-" if f is None else FACES[f] for f in self.dice),
            "locked": [d for d in range(4) if self.locked[d]],
            "rolls": self.rolls, "last_thrown": self.last_thrown if self.rolls else None,
            "bite_pending": self.bite_pending, "next_max": self._max_next(),
            "scores": self.scores(),
            "deck_count": len(self.deck), "golden_count": len(self.golden),
            "golden_top": note(self.golden[0]) if self.golden else None,
            "fishbone_count": len(self.fishpile),
            "fishbone_top": note(self.fishpile[0]) if self.fishpile and not self.advanced else None,
            "discard": [note(c) for c in self.discard],
            "abilities": {cs.cards[c].notation: cs.cards[c].ability for c in cs.special},
            "regular_pool": [cs.cards[c].notation for c in cs.regular]
            + ([cs.cards[c].notation for c in cs.special] if self.specials else []),
            "fishbone_pool": [cs.cards[c].flames for c in cs.fishbones],
            "tie_throws": [list(t) for t in self.tie_throws],
        }

    def view(self, seat: int | None) -> dict:
        """All that seat ``seat`` may know: everything but the regular deck (its size only), the
        golden deck under its face-up top, the fish-bone pile under its top (basic: face up) or
        all of it (advanced: face down), which cards are in the box, the dice script and the
        RNG. Meow Meow Dice has no secret hands, so every seat's view is the same, and the
        onlooker's (``seat=None``) too."""
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < self.players):
            raise ValueError(f"no seat {seat!r}")
        out = self._public()
        out["seat"] = seat
        return out

    dump_fields = (("dice_script", "script"), ("dice_used", "script_pos"), ("locked_flags", "locked"),
                   ("seat_on_turn", "current"), ("counters", "counters"))

    def _dump_extra(self) -> dict:
        note = lambda cid: None if cid is None else self.CARDSET.cards[cid].notation  # noqa: E731
        return {**self._public(), "deck": [note(c) for c in self.deck],
                "golden": [note(c) for c in self.golden], "fishbones": [note(c) for c in self.fishpile],
                "box": [note(c) for c in self.box]}

    def summary(self) -> dict:
        return {
            "game": self.name, "over": self.game_over, "winners": list(self.winning_seats),
            "current_player": self.current_player, "turn": self.turns,
            "scores": self.scores(),
            "cards": [[self.card(c).notation for c in hand] for hand in self.hands],
            "enthusiasm": list(self.enth) if self.enth is not None else [None] * self.players,
            "end_reason": self.ending,
            "tokens": [list(t) for t in self.won_tokens],
        }

    def sim_stats(self) -> dict:
        return {"scores": self.scores(), "counters": dict(self.counters),
                "per_seat": {"fish bones": [sum(1 for c in h if self.card(c).kind == "fishbone")
                                            for h in self.hands],
                             "tokens won": [len(t) for t in self.won_tokens]},
                # hands only grow, so they hold every card taken this game
                "tally": {"cards taken": {self.card(c).name: 1 for h in self.hands for c in h
                                          if self.card(c).kind != "fishbone"}},
                # who took what, for the win rate of a seat that took each card
                "held": {"cards taken": [[self.card(c).name for c in h if self.card(c).kind != "fishbone"]
                                         for h in self.hands]}}

    def check_invariants(self) -> None:
        check_invariants(self)

    # ---- acting (rolls and takes: meow_dice_rolls) -------------------------------------------
    def _refill(self, s: int) -> Event:
        deck = self.golden if s == BR else self.deck
        cid = deck.pop(0) if deck else None
        self.slots[s] = cid
        return Event("SlotRefilled", {"slot": SLOTS[s],
                                      "card": None if cid is None else self.card(cid).notation,
                                      "deck": "golden" if s == BR else "regular", "left": len(deck)})

    def _gain(self, cid: int) -> None:
        seat, c = self.current, self.card(cid)
        self.hands[seat].append(cid)
        self.r_points[seat] += c.points
        if c.cat == self.cats[seat]:
            self.r_own[seat] += 1
        self.r_types[seat][TYPE_INDEX[c.type]] += 1
        if c.ability:
            self.r_abil[seat].append(c.ability)

    def _check_verb(self, action: str, verb: str) -> None:
        pre = self.rolls == 0
        if verb in ("token", "condition", "lock", "change", "roll"):
            if not pre:
                raise RuleError(action, f"{verb!r} only comes before the first roll of the turn",
                                "md.after_roll", verb=verb)
        elif pre:
            raise RuleError(action, f"{verb!r} needs a roll first", "md.before_roll", verb=verb)
        if self.bite_pending and verb != "reroll":
            raise RuleError(action, "a bite must be followed by a reroll", "md.bite_reroll")

    def _end_turn(self, action: str) -> list[Event]:
        seat = self.current
        self.turns += 1
        self.turns_by_seat[seat] += 1
        self._reset_turn()
        events = [Event("TurnEnded", {"seat": seat, "turn": self.turns})]
        if self.turns >= self.total_turns:
            return events + self._finish(action)
        self.current = (seat + 1) % self.players
        events.append(Event("TurnStarted", {"seat": self.current, "turn": self.turns,
                                            "round": self.turns_by_seat[self.current] + 1}))
        return events

    def _finish(self, action: str) -> list[Event]:
        self.game_over = True
        scores = self.scores()
        best = max(scores)
        tied = [s for s in range(self.players) if scores[s] == best]
        events = []
        reason = "score"
        if len(tied) > 1:
            food = {s: self.r_types[s][0] for s in tied}
            most = max(food.values())
            tied = [s for s in tied if food[s] == most]
            reason = "tiebreak-food"
        if len(tied) > 1:
            reason = "tiebreak-dice"
            order = [(self.first + i) % self.players for i in range(self.players)]
            order = [s for s in order if s in tied]
            winner = None
            while winner is None:
                for s in order:
                    face = FACES[self._faces(action, 1)[0]]
                    self.tie_throws.append([s, face])
                    events.append(Event("TieBreakThrow", {"seat": s, "face": face}))
                    if face == "C":
                        winner = s
                        break
            tied = [winner]
        self.winning_seats = tied
        self.ending = reason
        events.append(Event("GameWon", {"winners": tied, "scores": scores, "reason": reason}))
        return events

