"""Hungry Meow's display board: the table as the screen shows it, which lags behind the engine
while the presenter's animations play, and is re-read from the views after each batch of events
(``Board.sync``) so a skipped animation never leaves the screen wrong."""
from __future__ import annotations

from collections import Counter

from scenes.hungry_meow.rules_view import sort_key


class Board:
    """The table as currently shown."""

    def __init__(self, players: int):
        self.n = players
        self.hands: list[list[str | None]] = [[] for _ in range(players)]
        self.table: list[str] = []
        self.table_owner: int | None = None
        self.pile = 0
        self.discard = 0
        self.discard_top: list[str] = []
        self.out: set[int] = set()
        self.passed: set[int] = set()
        self.winner: int | None = None
        self.direction: str | None = None
        self.current: int | None = None

    def sync(self, game, viewer: int | None) -> None:
        """Re-read everything from the viewer's view (``None``: the onlooker's, public only)."""
        pub = game.view(viewer)
        self.pile = pub["draw_pile"]
        self.discard = pub["discard_count"]
        self.table = list(pub["table"])
        self.table_owner = pub["table_owner"]
        self.out = set(pub["eliminated"])
        self.passed = set(pub["passed"])
        self.winner = pub["winners"][0] if pub["winners"] else None
        self.direction = pub["direction"]
        self.current = pub["current_player"]
        for o in range(self.n):
            count = pub["hand_counts"][o]
            if o == viewer:
                self.hands[o] = list(pub["hand"])
                continue
            cards = sorted(Counter(pub["known"][o]).elements(), key=sort_key)[:count]
            self.hands[o] = [None] * (count - len(cards)) + cards     # known cards on top, visible
        if not self.discard:
            self.discard_top = []
        elif not self.discard_top or any(c not in pub["discard"] for c in self.discard_top):
            self.discard_top = list(pub["discard"][-1:])
