"""The results screen's breakdown adds up: it is computed from the finished game and its log."""
from __future__ import annotations

import pytest

from game.play.match import Match
from game.play.results_record import finished_record
from game.play.session import Seat
from game.runtime.i18n import Translator
from scenes.table.scores import breakdown

T = Translator("en").t


def finished(game: str, n: int, seed: int, options=None):
    seats = [Seat(f"Cat{i}", "bot", "heuristic") for i in range(n)]
    match = Match.new(game, seats, seed, options)
    match.play_out()
    assert match.game.over
    return match.session


def figure(value: str) -> int:
    return int(value.lstrip("+"))


@pytest.mark.parametrize("seed", [1, 2])
def test_meow_dice_rows_sum_to_the_score(seed):
    session = finished("meow-dice", 3, seed, {"advanced": True, "specials": True})
    scores = session.game.scores()
    for seat, rows in enumerate(breakdown(finished_record(session), T)):
        parts = {label: value for label, value in rows}
        assert figure(parts["Total"]) == scores[seat]
        labels = [label for label, _ in rows]
        above = rows[:labels.index("Total")]
        # every row above the total is a term of it (the enthusiasm left, shown there unsigned and not
        # added, read as an arithmetic slip: issue 21, stranger21c)
        assert sum(figure(v) for _, v in above) == scores[seat]
        assert all(v.startswith("+") for _, v in above[1:])


@pytest.mark.parametrize(("seed", "reason"), [(24, "tiebreak-food"), (23, "tiebreak-dice")])
def test_meow_dice_tie_break_stands_below_the_total(seed, reason):
    """MD-9: a tie on points goes to the most food cards (fish bones included), then a die. Only the
    tied seats show it, below their Total and named as the tie-break, and the reason says it."""
    seats = [Seat(f"Cat{i}", "bot", "heuristic") for i in range(4)]
    match = Match.new("meow-dice", seats, seed, {"advanced": True})
    match.play_out()
    game = match.game
    assert game.end_reason == reason
    scores = game.scores()
    zh = Translator("zh_TW").t
    for seat, rows in enumerate(breakdown(finished_record(match.session), T)):
        labels = [label for label, _ in rows]
        assert labels[-1 - (scores[seat] == max(scores))] == "Total"
        if scores[seat] == max(scores):
            food = sum(game.card(c).type == "food" for c in game.hands[seat])
            assert rows[-1] == ("Tie-break: food", str(food))
    assert "平手" in breakdown(finished_record(match.session), zh)[game.winners[0]][-1][0]
    assert T(f"results.reason.{reason}").startswith("Tied on points")


def test_meow_dice_basic_game_shows_no_tokens_row():
    """Issue 21: the basic game has no condition tokens; its results said "Tokens +0"."""
    session = finished("meow-dice", 2, 1)
    labels = {label for rows in breakdown(finished_record(session), T) for label, _ in rows}
    assert "Tokens" not in labels and "Total" in labels
    advanced = finished("meow-dice", 2, 1, {"advanced": True})
    assert "Tokens" in {label for rows in breakdown(finished_record(advanced), T) for label, _ in rows}


@pytest.mark.parametrize("seed", [3, 4])
def test_zodiac_points_by_round_sum_to_the_match_points(seed):
    """Issue 21: a per-round breakdown, the rounds won marked."""
    session = finished("zodiac", 4, seed)
    points = session.game.summary()["points"]
    rounds = session.game.summary().get("round") or session.game.view(None)["round"]
    wins = 0
    for seat, rows in enumerate(breakdown(finished_record(session), T)):
        parts = dict(rows)
        assert figure(parts["Total"]) == points[seat]
        # the story's plain figures (turns, sets caught) first; the "+" rows add up to the Total
        assert [label for label, _ in rows[:2]] == ["Turns", "Sets caught"]
        assert sum(figure(v) for label, v in rows if v.startswith("+")) == points[seat]
        labels = [label for label, v in rows if v.startswith("+")]
        assert labels[-1].startswith(f"Round {rounds}") and len(labels) <= 5 + 1
        wins += sum(label.endswith("★") for label in labels)
    assert wins >= 1


def test_hungry_meow_names_who_was_knocked_out_when_and_by_what():
    session = next(s for s in (finished("hungry-meow", 4, seed) for seed in range(1, 30))
                   if s.game.view(None)["eliminated"])
    out = set(session.game.view(None)["eliminated"])
    rows = breakdown(finished_record(session), T)
    for seat, seat_rows in enumerate(rows):
        labels = dict(seat_rows)
        assert ("Out on turn" in labels) == (seat in out)
        if seat in out:
            assert 1 <= int(labels["Out on turn"]) <= session.game.turn
            assert "Knocked out by" not in labels        # a picture now: as words it wrapped
            assert int(labels["Death drawn"]) >= 1


def test_an_unfinished_game_has_no_breakdown():
    match = Match.new("zodiac", [Seat("a"), Seat("b")], 1)
    assert breakdown(finished_record(match.session), T) == [[], []]


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_results_count_the_game_as_its_table_did(tmp_path, lang):
    """Issue 21 #12: Meow Meow Dice's table said "Turn 6 of 6" and its results "12 turns"; the
    results say turns each (the table's count), Zodiac its rounds, Hungry Meow its turns; and the
    reason's full stop is not left before the dot ("通吃。 • 14 回合")."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.runtime.app import App
    from scenes.results import ResultsScene

    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=lang)
    t = app.t
    dice = finished("meow-dice", 2, 1)
    view = dice.game.view(None)
    line = ResultsScene(app, dice).reason_line()
    assert line.endswith(t("results.turns_each", n=view["turns_each"])), line
    zodiac = finished("zodiac", 2, 1)
    line = ResultsScene(app, zodiac).reason_line()
    assert line.endswith(t("results.rounds", n=zodiac.game.view(None)["round"])), line
    hungry = finished("hungry-meow", 2, 1)
    line = ResultsScene(app, hungry).reason_line()
    assert line.endswith(t("results.turns", n=hungry.game.turn)), line
    for session in (dice, zodiac, hungry):
        line = ResultsScene(app, session).reason_line()
        assert line.split("•")[0].rstrip()[-1] not in ".。", line
    app.shutdown()
