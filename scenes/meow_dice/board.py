"""Meow Meow Dice's display board: what the screen shows (the dice and their motion, the slots,
the seats' cards and tokens), which lags behind the engine while the presenter's animations play
(scenes/meow_dice/presenter.py) and is re-read from the view after each batch (``Board.sync``).
"""
from __future__ import annotations

DICE = 4


class DieFx:
    """How one die is drawn right now: the face shown, an offset from its tray place (window px),
    a turn in degrees and a lift (selected dice rise a little)."""

    def __init__(self):
        self.face: str | None = None
        self.offset = (0.0, 0.0)
        self.angle = 0.0
        self.pop = 0.0            # 0..1: a quick scale pop when a die lands or locks
        self.squash = (1.0, 1.0)  # width, height factors about its foot: a landing (scenes/table/juice.py)


class Board:
    """The table as currently shown."""

    def __init__(self, players: int):
        self.n = players
        self.slots: dict[str, str | None] = {"TL": None, "TR": None, "BL": None, "BR": None}
        self.slot_tokens: dict[str, list[str]] = {s: [] for s in self.slots}
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.bitten: list[list[str]] = [[] for _ in range(players)]
        self.won_tokens: list[list[str]] = [[] for _ in range(players)]
        self.enth: list[int | None] = [None] * players
        self.cat_up: list[bool] | None = None
        self.scores = [0] * players
        self.cats: list[str] = []
        self.dice: list[str | None] = [None] * DICE
        self.locked: list[int] = []
        self.rolls = 0
        self.next_max = 0
        self.current: int | None = None
        self.winner: int | None = None
        self.deck = 0
        self.golden = 0
        self.golden_top: str | None = None
        self.fish = 0
        self.fish_top: str | None = None
        self.supply: list[str] = []
        self.turn = 0
        self.turns_each = 6
        self.turns_by_seat = [0] * players
        self.advanced = False
        self.abilities: dict[str, str] = {}

    def sync(self, game) -> None:
        v = game.view(None)                # nothing is hidden at this table: the public view
        self.slots = dict(v["slots"])
        self.slot_tokens = {s: list(t) for s, t in v["slot_tokens"].items()}
        self.hands = [list(h) for h in v["hands"]]
        self.bitten = [list(b) for b in v["bitten"]]
        self.won_tokens = [list(t) for t in v["won_tokens"]]
        self.enth = list(v["enthusiasm"])
        self.cat_up = list(v["cat_token_up"]) if v["cat_token_up"] is not None else None
        self.scores = list(v["scores"])
        self.cats = list(v["cats"])
        self.dice = [None if f == "-" else f for f in v["dice"]]
        self.locked = list(v["locked"])
        self.rolls = v["rolls"]
        self.next_max = v["next_max"]
        self.current = v["current_player"]
        self.winner = v["winners"][0] if v["winners"] else None
        self.deck = v["deck_count"]
        self.golden = v["golden_count"]
        self.golden_top = v["golden_top"]
        self.fish = v["fishbone_count"]
        self.fish_top = v["fishbone_top"]
        self.supply = list(v["supply"])
        self.turn = v["turn"]
        self.turns_each = v["turns_each"]
        self.turns_by_seat = list(v["turns_by_seat"])
        self.advanced = bool(v["options"].get("advanced"))
        self.abilities = dict(v.get("abilities") or {})
