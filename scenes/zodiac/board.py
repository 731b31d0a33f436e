"""Zodiac Catchers' display board: what the screen shows of the table while animations lag
behind the engine (scenes/zodiac/presenter.py builds the timelines that move it).

A card on the board is a ``ZCard``: ``kind`` (what this screen knows of its face, or None),
``flip`` (0 face down … 1 face up; a flip squashes the card to a line and opens it), ``slot``
(its place in the hand as a float, so closing up slides) and ``gone`` (caught, waiting for the
hand to close up).
"""
from __future__ import annotations


class ZCard:
    def __init__(self, kind: str | None = None, flip: float = 0.0, slot: float = 0.0):
        self.kind = kind
        self.flip = flip
        self.slot = slot
        self.gone = False
        self.step = 0            # 1-3 while pointed at this turn
        self.seen = False        # turned up earlier this round (marked with an eye when face down)
        self.peek = 1.0          # own hand: 0 → 1 as the owner turns a dealt card to look at it


class Board:
    """The table as currently shown."""

    def __init__(self, players: int):
        self.n = players
        self.hands: list[list[ZCard]] = [[] for _ in range(players)]
        self.counts: list[float] = [0.0] * players        # hand sizes as drawn (tweened)
        self.centre: list[ZCard | None] = []
        self.grid = (3, 4)
        self.captures: list[list[str]] = [[] for _ in range(players)]
        self.points = [0] * players
        self.trump: str | None = None
        self.trump_shown = False
        self.trump_pos: int | None = None
        self.current: int | None = None
        self.round = 0
        self.start_player = 0
        self.winners: list[int] = []
        self.arranged = [False] * players
        self.summary: dict | None = None
        self.floats: list[list] = []        # [seat, text, seconds left]
        self.this_turn: list[str] = []      # the kinds this turn has turned up, in order
        self.last_turn: list[str] = []      # the last turn's three, shown as a strip until the next reveal
        # this round's ended turns, (seat, three kinds), newest last: the strip shows those since
        # the viewer's own last turn (stranger 43, defect 2: two fast turns passed in under a second)
        self.turns: list[tuple[int, list[str]]] = []
        self.turning: int | None = None     # the seat whose turn turned up ``this_turn``
        # (catcher, kind, owner, n): a catch took n cards from the person ``owner``'s hand; said in the
        # prompt until that person's next move (stranger 6, defect 5)
        self.lost: tuple[int, str, int, int] | None = None

    def sync(self, game, viewer: int | None) -> None:
        view = game.view(viewer)
        own = view["hand"] if viewer is not None else None
        table = view["table"]
        steps = {}
        for i, p in enumerate(view["pointed"]):
            steps[(p["where"], p["seat"], p["pos"])] = i + 1
        seen = {(r["now"]["where"], r["now"]["seat"], r["now"]["pos"]) for r in view["reveals"] if r["now"]}
        for s in range(self.n):
            cells = table["hands"][s]
            cards = []
            for p, cell in enumerate(cells):
                up = cell not in ("down", "hole")
                kind = cell if up else (own[p] if s == viewer and own else None)
                c = ZCard(kind, 1.0 if up else 0.0, float(p))
                c.step = steps.get(("hand", s, p), 0)
                c.seen = ("hand", s, p) in seen
                cards.append(c)
            self.hands[s] = cards
            self.counts[s] = float(len(cards))
        self.centre = []
        for p, cell in enumerate(table["centre"]):
            if cell == "hole":
                self.centre.append(None)
                continue
            up = cell != "down"
            c = ZCard(cell if up else None, 1.0 if up else 0.0, float(p))
            c.step = steps.get(("centre", None, p), 0)
            c.seen = ("centre", None, p) in seen
            self.centre.append(c)
        self.grid = tuple(view["grid"])
        self.captures = [list(c) for c in view["captures"]]
        self.points = list(view["points"])
        self.trump = view["trump"]
        self.trump_pos = view["trump_pos"]
        self.trump_shown = True
        self.current = view["current_player"]
        self.round = view["round"]
        self.start_player = view["start_player"]
        self.winners = list(view["winners"])
        self.arranged = list(view["arranged"])

    def card_at(self, where: str, seat, pos: int) -> ZCard | None:
        if where == "hand":
            live = [c for c in self.hands[seat] if not c.gone]
            return live[pos] if 0 <= pos < len(live) else None
        return self.centre[pos] if 0 <= pos < len(self.centre) else None
