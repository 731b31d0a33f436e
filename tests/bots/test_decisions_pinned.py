"""Every bot's decisions over seeded positions, recorded: a change made for speed must leave each
chosen action and each ranked value exactly as it was (same seed, same view, same answer).

The record (pinned_decisions.json) was written by the bots before any of the speed-ups it guards.
Write it anew only for a change meant to alter play: ``python -m tests.bots.test_decisions_pinned``.
"""
from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

from game.bots.base import Budget, bot_names, make_bot
from tests.bots.positions import positions

RECORD = Path(__file__).with_name("pinned_decisions.json")
# case -> (game, positions, seed, options, {bot level: node budgets tried}); nodes 0: the default
PLAN = {
    "hungry-meow": ("hungry-meow", 20, 11, None, {"search": (12, 60)}),
    "meow-dice": ("meow-dice", 24, 12, None, {"search": (0,)}),
    "meow-dice-advanced": ("meow-dice", 24, 14, {"advanced": True, "one_bite": True}, {"search": (0, 400)}),
    "zodiac": ("zodiac", 24, 13, None, {"search": (100, 300)}),
}


def decisions(case: str) -> list[str]:
    """One line per (position, bot, budget): the action chosen and, for the search bot, its
    ranking with the full value of every candidate."""
    game, count, seed, options, budgets = PLAN[case]
    out = []
    for i, (state, seat) in enumerate(positions(game, count, seed, options=options)):
        view, legal = state.view(seat), state.legal_actions()
        for name in bot_names(game):
            for nodes in budgets.get(name, (0,)):
                budget = Budget(nodes=nodes) if nodes else None
                chosen = make_bot(game, name, seat, 1000 + i, budget).choose(view, legal)
                line = f"{i} {name} {nodes}: {chosen}"
                if name in budgets:
                    ranked = make_bot(game, name, seat, 1000 + i, budget).rank(view, legal)
                    line += " | " + "; ".join(f"{r.action}={r.value!r}" for r in ranked)
                out.append(line)
    return out


@pytest.mark.parametrize("case", list(PLAN))
def test_the_bots_decide_as_recorded(case):
    recorded = json.loads(RECORD.read_text("utf-8"))[case]
    now = decisions(case)
    assert len(now) == len(recorded)
    for was, is_ in zip(recorded, now, strict=True):
        assert is_ == was


if __name__ == "__main__":
    if sys.argv[1:]:
        raise SystemExit("usage: python -m tests.bots.test_decisions_pinned")
    random.seed(0)
    RECORD.write_text(json.dumps({g: decisions(g) for g in PLAN}, indent=0) + "\n", "utf-8")
    print(f"wrote {RECORD}")
