"""A tiny real engine (Nim: take 1-3 sticks, taking the last wins) for the save/records unit tests,
so they do not depend on any one table's rules. Registered under "nim-test" by conftest."""
from __future__ import annotations

import copy

from game.rules.base import Event, Game, RuleError, check_keys


class Nim(Game):
    name = "nim-test"

    @classmethod
    def parse_options(cls, options):
        check_keys("options", options, {"sticks"})
        return {"sticks": options.get("sticks", 15)}

    def _setup(self, options, setup):
        self.sticks = options["sticks"] + self.rng.randrange(3)
        self.to_move = 0
        self.done_turns = 0
        self.winner = None

    @property
    def current_player(self):
        return None if self.over else self.to_move

    @property
    def over(self):
        return self.winner is not None

    @property
    def winners(self):
        return [] if self.winner is None else [self.winner]

    @property
    def turn(self):
        return self.done_turns

    @property
    def end_reason(self):
        return "last" if self.over else None

    def legal_actions(self):
        return [] if self.over else [f"take {n}" for n in (1, 2, 3) if n <= self.sticks]

    def view(self, seat):
        return self.dump()

    def dump(self):
        return {"sticks": self.sticks, "to_move": self.to_move, "turns": self.done_turns,
                "winner": self.winner}

    def summary(self):
        return {"game": self.name, "over": self.over, "winners": self.winners,
                "current_player": self.current_player, "turn": self.turn}

    def check_invariants(self):
        assert self.sticks >= 0
        assert (self.sticks == 0) == self.over

    def clone(self):
        return copy.deepcopy(self)

    verbs = {"take": "1|2|3"}       # read by the base's grammar

    def _do_take(self, action, count):
        n = int(count)
        if n > self.sticks:
            raise RuleError(action, f"only {self.sticks} sticks left")
        self.sticks -= n
        self.done_turns += 1
        if self.sticks == 0:
            self.winner = self.to_move
        else:
            self.to_move = (self.to_move + 1) % self.players
        return [Event("take", {"n": n})]
