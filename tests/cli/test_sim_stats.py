"""simulate's statistics (scipy, statsmodels) checked against computations by hand."""
import math

import pytest

from game.simulation import stats
from game.simulation.simulate import Plan, format_table, run


def test_wilson_by_hand():
    wins, n, z = 40, 100, 1.959964
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    assert stats.wilson(wins, n) == pytest.approx([centre - half, centre + half], abs=1e-4)
    assert stats.wilson(0, 0) == [0.0, 0.0]


def test_seat_test_is_chi_square_by_hand():
    wins = [50, 30, 40]
    expected = sum(wins) / 3
    chi2 = sum((w - expected) ** 2 / expected for w in wins)       # 5.0
    # with 2 degrees of freedom the chi-square tail is exp(-x / 2)
    out = stats.seat_test(wins)
    assert out["chi2"] == pytest.approx(chi2, abs=1e-4)
    assert out["p"] == pytest.approx(math.exp(-chi2 / 2), abs=1e-4)
    assert stats.seat_test([0, 0])["p"] == 1.0


def test_games_for_a_two_point_edge_by_hand():
    # Cohen's h for 52% against 50%, then n = ((z_0.975 + z_0.8) / h)^2
    h = 2 * math.asin(math.sqrt(0.52)) - 2 * math.asin(math.sqrt(0.5))
    by_hand = math.ceil(((1.959964 + 0.841621) / h) ** 2)
    assert stats.games_to_show(0.5, 0.02) == by_hand == 4903


def test_holm_by_hand():
    # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1, kept rising: 0.02, 0.03, 0.06, 0.06
    assert stats.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])


def test_paired_interval_by_hand():
    diffs = [1, 2, 3, 4]
    sd = math.sqrt(sum((d - 2.5) ** 2 for d in diffs) / 3)
    half = 3.182446 * sd / 2                                        # t(3) at 97.5%, from a table
    out = stats.paired_difference(diffs)
    assert out["ci95"] == pytest.approx([2.5 - half, 2.5 + half], abs=1e-4)
    assert out["t"] == pytest.approx(2.5 / (sd / 2))


def test_the_table_says_what_a_small_run_cannot_show():
    out = run(Plan("hungry-meow", 2, 40, 1, ["heuristic"]), progress=False)
    text = format_table(out)
    assert out["seat_test"]["wins"] == 40
    assert "seats 0-based" in text and "seat 0 " in text and "seat 1 " in text
    if out["seat_test"]["p"] >= 0.05:
        assert f"about {4903 - 40} more games would show a 2-point edge" in text


def rows_of(ps: list[float]) -> list[dict]:
    return [{"figure": f"f{i}", "kind": "share", "n": 100, "a": 0.5, "b": 0.5, "difference": 0.01,
             "ci95": [-0.01, 0.03], "p": p, "t": 1.0, "identical": False, "sd": 0.3}
            for i, p in enumerate(ps)]


def test_figure_tests_the_named_figures_alone():
    from game.simulation import compare

    rows = compare.corrected(rows_of([0.02, 0.03, 0.5, 0.6]), named=["f0", "f1"])
    # Holm over the two named alone: 0.02 x 2 = 0.04, max(0.04, 0.03 x 1) = 0.04
    assert [r["p_holm"] for r in rows[:2]] == pytest.approx([0.04, 0.04])
    assert [r["significant"] for r in rows] == [True, True, False, False]
    assert [r["tested"] for r in rows] == [True, True, False, False] and rows[2]["p_holm"] is None
    everything = compare.corrected(rows_of([0.02, 0.03, 0.5, 0.6]))
    assert not any(r["significant"] for r in everything)        # 0.02 x 4 = 0.08
    text = compare.verdict(rows, 100, ["f0", "f1"])
    assert text.startswith("2 of the 2 figures named with --figure differ over 100 paired games")
    with pytest.raises(compare.SimError, match="did you mean 'f1'"):
        compare.corrected(rows_of([0.1, 0.2]), named=["f 1"])


def test_an_inconclusive_figure_says_how_many_games_would_show_a_change():
    from game.simulation import compare

    rows = compare.corrected(rows_of([0.4]), named=["f0"])
    # a one-sample t test: effect 0.02 / 0.3, 80% power, 5%: n = ((1.96 + 0.84) / (0.02 / 0.3))^2 + ~2
    by_hand = ((1.959964 + 0.841621) / (0.02 / 0.3)) ** 2
    assert by_hand < rows[0]["games_for_edge"] < by_hand + 4
    assert f"About {rows[0]['games_for_edge'] - 100} more paired games would show a change of 2.0 points" \
        in compare.verdict(rows, 100, ["f0"])
