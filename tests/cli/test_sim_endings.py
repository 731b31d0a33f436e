"""Every game ends (HM-4, HM-8, ZC-3), a loop is ended as "stalled" by the match driver, and games
that did not end are listed by number and kept out of the length figures."""
import pytest

import game.bots.hungry_meow as hm_bots
from game.bots.hungry_meow import Info, choose_play
from game.play.match import Match
from game.play.session import Seat
from game.rules.hungry_meow import DEATH, LOAF
from game.simulation import simulate
from game.simulation.stats import Tally


def stuck_info(hand_counts: list[int], death_at: int = 0) -> Info:
    """Seat 0 at 7 cards on a clear table, Death known to be the card it would draw (HM-4)."""
    hand = ["R1P", "R2P", "Y3P", "B5X", "G6X", "R7X", LOAF]
    return Info(seat=0, players=len(hand_counts), phase="play", hand=hand, hand_counts=hand_counts,
                meals=[1, 0, 0], fish=[0, 0, 0], table=[], eliminated=[False] * len(hand_counts),
                direction=1, pile=20, discard=10, pile_known={death_at: DEATH}, meal_density=0.2)


def test_hm_bot_leads_when_passing_only_goes_round():
    # HM-4: nobody at 7+ draws; HM-8: passing is always allowed. With every active opponent at
    # 7+ on a clear table, a pass changes nothing, so the bot leads.
    assert choose_play(stuck_info([7, 7, 8])).startswith("play ")


def test_hm_bot_still_keeps_7_when_someone_else_draws_first():
    # an opponent at 5 cards draws first, so the table moves on; Death is second from the top,
    # the card this seat would draw after that: it stays at 7 and skips its draw, as before
    assert choose_play(stuck_info([7, 5, 8], death_at=1)) == "pass"


def play(game: str, players: int, index: int, bots=("heuristic",)) -> dict:
    plan = simulate.Plan(game, players, index + 1, 1, list(bots))
    return simulate.play_one(plan, index, simulate.engine_class(plan))


def test_zodiac_housecats_leave_a_fruitless_loop():
    # game 84 of seed 1 at 3 seats: the housecats kept pointing at the same few hand cards for
    # the whole turn limit while three of a kind, trump included, lay in the centre (ZC-3, ZC-5)
    result = play("zodiac", 3, 84)
    assert result["ending"] == "target"
    assert result["turns"] < 300


def test_a_repeated_whole_state_is_ended_as_stalled(monkeypatch):
    # the Hungry Meow bot as it was: it passed at 7+ cards whatever the others held
    monkeypatch.setattr(hm_bots, "_nothing_moves", lambda info: False)
    result = play("hungry-meow", 5, 69)
    assert result["ending"] == "stalled" and result["winners"] == []
    assert result["turns"] < 100         # stopped at the first repeat, not at the turn cap


def test_a_random_bot_is_not_stalled_by_a_repeated_table():
    # its random numbers are part of the whole state: it may still break the loop itself
    seats = [Seat(f"bot{s}", "bot", "random") for s in range(2)]
    match = Match.new("hungry-meow", seats, 3)
    first = match.whole_state()
    match.apply(match.bot_move(0))
    assert match.whole_state() != first


@pytest.mark.parametrize("game,players,games", [("hungry-meow", 5, 300), ("hungry-meow", 6, 300),
                                                ("zodiac", 3, 100)])
def test_done_when_figures_no_game_capped_or_stalled(game, players, games):
    out = simulate.run(simulate.Plan(game, players, games, 1, ["heuristic"]), progress=False)
    assert out["unfinished_count"] == 0
    assert "cap" not in out["endings"] and "stalled" not in out["endings"]
    assert out["turns"]["games"] == games


def test_unfinished_games_are_listed_and_left_out_of_length():
    tally = Tally(2)
    for index, (ending, turns) in enumerate([("meals", 10), ("cap", 600), ("fish", 20), ("stalled", 40)]):
        tally.add({"index": index, "bots": ["a", "b"], "winners": [0] if ending in ("meals", "fish") else [],
                   "ending": ending, "turns": turns, "stats": {}})
    out = tally.figures({})
    assert out["unfinished"] == [{"game": 1, "ending": "cap", "turns": 600},
                                 {"game": 3, "ending": "stalled", "turns": 40}]
    assert out["turns"]["mean"] == 15.0 and out["turns"]["games"] == 2 and out["turns"]["left_out"] == 2
    assert out["games"] == 4 and out["wins_by_seat"][0]["wins"] == 2
    text = simulate.format_table({**out, "game": "hungry-meow", "players": 2, "seed": 1, "bots": ["a", "b"],
                                  "options": {}, "seconds": 1, "games_per_second": 4})
    assert "games that did not end (2, no winner, left out of game length): 1 (cap), 3 (stalled)" in text
    assert "stalled" in simulate.build_parser().format_help()
