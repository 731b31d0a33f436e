"""The tiger's reasons are true (stranger 43 #5): a reason that claims "least" is checked against
every legal set, over many seeded positions."""
from __future__ import annotations

from game.bots.hungry_meow_hint import words
from tests.bots.positions import positions


def _sum(cards) -> int:
    return sum(int(c[1]) for c in cards)


def test_hm_beats_for_the_least_only_when_no_legal_set_is_cheaper():
    checked = cheaper_named = 0
    for state, seat in positions("hungry-meow", 400, seed=43):
        view = state.view(seat)
        if not view["table"]:
            continue
        legal = state.legal_actions()
        plays = [a.split()[1:] for a in legal if a.startswith("play ")]
        for action in (a for a in legal if a.startswith("play ")):
            text, _ = words(view, action, legal)
            cards = action.split()[1:]
            if text.key == "hm.tiger.beat":
                checked += 1
                assert all(_sum(s) >= _sum(cards) for s in plays), (view["table"], view["hand"], action)
            elif text.key.startswith("hm.tiger.beat_keep"):
                cheaper_named += 1
                cheap = [a.args["n"] for a in text.args["cheap"] if "n" in a.args]
                assert sum(cheap) < _sum(cards)
    assert checked > 20 and cheaper_named > 20


def test_hm_the_playtest_hand_keeps_the_pair_of_fours_and_says_so():
    """Table paw 1; yellow paw 6 with blue and green paw 4 in hand (stranger 43 `16`)."""
    view = {"table": ["R1P"], "hand": ["B4P", "G4P", "Y6P"]}
    legal = ["pass", "play Y6P", "play B4P", "play G4P", "play B4P G4P", "play B4P Y6P",
             "play G4P Y6P", "play B4P G4P Y6P"]
    text, _ = words(view, "play Y6P", legal)
    assert text.key == "hm.tiger.beat_keep_power"
    assert [p.key for p in text.args["power"]] == ["hm.power.prophecy"]
    text, _ = words(view, "play B4P", legal)
    assert text.key == "hm.tiger.beat"


def test_hm_a_pass_with_no_table_does_not_speak_of_beating_it():
    """Stranger 43 #5: only a Loaf in hand on an empty table, and the tiger said "Pass: nothing
    in your hand beats the table"; the reason is that Meals are never played."""
    view = {"table": [], "hand": ["LOAF"], "draw_pile": 30, "pile_known": []}
    text, _ = words(view, "pass", ["pass"])
    assert text.key == "hm.tiger.pass_meals"
    text, _ = words({**view, "table": ["R3P"]}, "pass", ["pass"])
    assert text.key == "hm.tiger.pass_none"
