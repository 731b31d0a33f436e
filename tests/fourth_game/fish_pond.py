"""Fish Pond's rules engine and kit (pure: no pygame, no clock, no global random).

A row of fish lies face up in the pond, each worth 1-5 (dealt from the seed). On your turn take a
fish from either end of the row, then another or stop ("take left", "take right", "stop"); the
turn ends after two fish or when the pond is empty. When it is empty the most points win (a tie:
all of them). Nothing is hidden and nothing is random after the deal, so the shared undo finds
every move quiet without being told: a person may take back their own fish until their turn ends.
"""
from __future__ import annotations

import copy
from pathlib import Path

from game.rules.base import Event, Game, RuleError, SetupError, check_keys
from game.rules.kit import GameKit

HERE = Path(__file__).resolve().parent
ENDS = ("left", "right")


class FishPond(Game):
    name = "fish-pond"
    min_players = 2
    max_players = 4
    turn_cap = 200

    @classmethod
    def parse_options(cls, options):
        check_keys("options", options, {"fish"})
        fish = options.get("fish", 12)
        if not isinstance(fish, int) or isinstance(fish, bool) or not 4 <= fish <= 30:
            raise SetupError(f"fish-pond: option fish must be 4-30, got {fish!r}")
        return {"fish": fish}

    def _setup(self, options, setup):
        self.pond = [self.rng.randint(1, 5) for _ in range(options["fish"])]
        self.scores = [0] * self.players
        self.caught = [[] for _ in range(self.players)]     # the fish each seat took
        self.seat = 0
        self.taken = 0            # fish taken this turn
        self.turns = 0

    @property
    def current_player(self):
        return None if self.over else self.seat

    @property
    def over(self):
        return not self.pond

    @property
    def winners(self):
        if not self.over:
            return []
        best = max(self.scores)
        return [s for s, v in enumerate(self.scores) if v == best]

    @property
    def turn(self):
        return self.turns

    @property
    def end_reason(self):
        return "pond_empty" if self.over else None

    def legal_actions(self):
        if self.over:
            return []
        return [f"take {end}" for end in ENDS] + (["stop"] if self.taken else [])

    def view(self, seat):
        return {**self.dump(), "game": self.name, "seat": seat}

    def dump(self):
        return {"pond": list(self.pond), "scores": list(self.scores), "to_move": self.seat,
                "taken": self.taken, "turns": self.turns}

    def summary(self):
        return {"game": self.name, "over": self.over, "winners": self.winners,
                "current_player": self.current_player, "turn": self.turn, "scores": list(self.scores),
                # the hands the shared results screen shows (its neutral tableau: no pictures)
                "hands": [[str(f) for f in c] for c in self.caught]}

    def sim_stats(self):
        return {"scores": list(self.scores)}

    def check_invariants(self):
        assert all(1 <= f <= 5 for f in self.pond)
        assert 0 <= self.taken < 2 and 0 <= self.seat < self.players

    def clone(self):
        return copy.deepcopy(self)

    # its actions, declared: the base reads them and refuses anything else (no parsing here)
    verbs = {"take": "left|right", "stop": ""}

    def _do_take(self, action, end):
        fish = self.pond.pop(0 if end == "left" else -1)
        self.scores[self.seat] += fish
        self.caught[self.seat].append(fish)
        self.taken += 1
        events = [Event("FishTaken", {"seat": self.seat, "end": end, "fish": fish})]
        if self.taken == 2 or not self.pond:
            events += self._end_turn()
        return events

    def _do_stop(self, action):
        if not self.taken:
            raise RuleError(action, "take a fish first", "not_now")
        return self._end_turn()

    def _end_turn(self):
        ended = Event("TurnEnded", {"seat": self.seat})
        self.taken = 0
        self.turns += 1
        if self.pond:
            self.seat = (self.seat + 1) % self.players
        return [ended]


# Everything the shared layers know of Fish Pond; what is left out takes the neutral default
# (random bots, undo by what lies in plain sight, the tiger's plain words, the moves-made
# breakdown, a plain cover, no pictures).
KIT = GameKit(
    name="fish-pond",
    engine="tests.fourth_game.fish_pond:FishPond",
    table="tests.fourth_game.table:FishPondTable",
    players=(2, 4),
    palette="fish-pond",
    anchors=("pond", "prompt", "actions", "hints", "seat{i}"),
    home=str(HERE),
)


def register() -> None:
    """Add Fish Pond to the registry (the tests do; a monkeypatched ``KITS`` takes it back)."""
    from game.rules.registry import register as add

    add(KIT)
