"""simulate --report, --compare and sweeps: every plot is in the report with the JSON's numbers,
the per-game figures add up, A/A says "no difference", a card's points change is found."""
import base64
import json
import re

import pytest

from game.rules.meow_dice_data import DATA_PATH as CARDS
from game.rules.registry import KITS
from game.simulation import compare as sim_compare
from game.simulation import report as sim_report
from game.simulation import simulate
from game.simulation import stats as sim_stats

GAME_PLOTS = {
    "hungry-meow": ["Death draws and eliminations per turn"],
    "meow-dice": ["Score distribution", "Slot and fish-bone take rates", "Cards taken"],
    "zodiac": ["Captures per kind", "How rounds end", "Turns per round"],
}
QUICK = {"hungry-meow": (["heuristic", "random", "random"], "{}"),
         "meow-dice": (["heuristic", "random", "random"], "{}"),
         "zodiac": (["kitten"], '{"rounds": 1}')}


def run_main(capsys, *args: str) -> tuple[int, str, str]:
    code = simulate.main(list(args))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def embedded_json(page: str) -> dict:
    match = re.search(r"<script type='application/json' id='figures'>(.*?)</script>", page, re.S)
    assert match, "no figures JSON in the report"
    return json.loads(match.group(1).replace("<\\/", "</"))


@pytest.mark.parametrize("name", list(KITS))
def test_report_holds_every_plot_and_the_json_numbers(name, tmp_path, capsys, monkeypatch):
    bots, options = QUICK[name]
    path = tmp_path / "report.html"
    # the plots the page was made with, kept with the figures they were drawn from: drawing them all
    # again from the JSON's figures was half of this test's time (matplotlib), and gives the same
    made = []
    real_plots = sim_report.plots
    monkeypatch.setattr(sim_report, "plots", lambda out: made.append((out, real_plots(out))) or made[-1][1])
    code, out, err = run_main(capsys, name, "--players", "3", "--games", "8", "--bots", ",".join(bots),
                              "--options", options, "--report", str(path), "--json")
    assert code == 0, err
    figures = json.loads(out)
    page = path.read_text(encoding="utf-8")
    assert embedded_json(page) == figures             # the same numbers as --json
    expected = ["Win share per seat", "Game length", "Endings"] + GAME_PLOTS[name]
    if len(set(bots)) > 1:
        expected.append("Win share per bot")
    images = re.findall(r"<img src='data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)' alt='([^']*)'>", page)
    alts = [alt for _, alt in images]
    for plot in expected:
        assert plot in alts, f"{plot} missing from the report"
    assert len(made) == 1 and json.loads(json.dumps(made[0][0])) == figures       # plots(figures)
    assert len(images) == len(made[0][1])
    for data, alt in images:
        svg = base64.b64decode(data).decode("utf-8")
        assert "<svg" in svg and "<path" in svg, alt      # a drawn plot, not an empty image
    # Self-contained: nothing is fetched from anywhere.
    assert not re.search(r"(src|href)=['\"]?(https?:|//)", page)
    # The numbers table shows the JSON's figures.
    assert f"{figures['wins_by_seat'][0]['rate']:.1%}" in page


def test_per_game_figures_add_up():
    hm = simulate.run(simulate.Plan("hungry-meow", 4, 12, 3, ["heuristic"]), progress=False)
    assert hm["samples"]["turn of a Death draw"]["count"] == hm["counters"]["death draws"]
    assert hm["samples"]["turn of an elimination"]["count"] == hm["counters"]["eliminations"]
    assert hm["counter_rates"]["death draws"]["per_turn"] == round(
        hm["counters"]["death draws"] / sum(t * c for t, c in hm["turns"]["histogram"]), 4)

    md = simulate.run(simulate.Plan("meow-dice", 3, 12, 3, ["heuristic"]), progress=False)
    taken = sum(row["total"] for row in md["tallies"]["cards taken"].values())
    slots = sum(md["counters"][f"slot {s}"] for s in ("TL", "TR", "BL", "BR"))
    assert taken == slots > 0                          # each slot take is one card
    assert sum(c for _, c in md["scores"]["histogram"]) == 12 * 3
    for row in md["tallies"]["cards taken"].values():
        assert row["games"] == row["total"] <= 12      # one copy of a card: once a game at most

    zc = simulate.run(simulate.Plan("zodiac", 2, 6, 3, ["kitten"], {"rounds": 2}), progress=False)
    captures = sum(row["total"] for row in zc["tallies"]["captures by kind"].values())
    assert captures == sum(zc["per_bot"]["captures"].values())
    rounds = zc["samples"]["turns per round"]
    assert rounds["count"] == zc["counters"]["rounds"] == 12
    assert sum(v * c for v, c in rounds["histogram"]) == zc["counters"]["turns"]


def test_sweep_gives_a_column_per_setting(tmp_path, capsys):
    path = tmp_path / "sweep.html"
    code, out, err = run_main(capsys, "hungry-meow", "--players", "2-3", "--games", "4",
                              "--options", '[{}, {"optional_draw": true}]', "--report", str(path), "--json")
    assert code == 0, err
    sweep = json.loads(out)["sweep"]
    assert [(o["players"], o["options"]) for o in sweep] == [
        (2, {}), (2, {"optional_draw": True}), (3, {}), (3, {"optional_draw": True})]
    assert sweep[0] == simulate.run(simulate.Plan("hungry-meow", 2, 4, 1, ["random"]), progress=False) | {
        k: sweep[0][k] for k in simulate.TIMING}
    page = path.read_text(encoding="utf-8")
    assert "<th>2 players</th><th>2 players; optional_draw=true</th><th>3 players</th>" in page
    assert "alt='across settings'" in page
    table = simulate.format_sweep(sweep)
    assert table.splitlines()[0].split("  ")[0] == "setting" and "3 players; optional_draw=true" in table


def test_sweep_with_bots_per_seat_takes_the_first_n(capsys):
    code, out, err = run_main(capsys, "meow-dice", "--players", "2-3", "--games", "3",
                              "--bots", "heuristic,random,random", "--json")
    assert code == 0, err
    assert [o["bots"] for o in json.loads(out)["sweep"]] == [["heuristic", "random"],
                                                              ["heuristic", "random", "random"]]


def card_file(tmp_path, name: str | None = None, points: int = 0) -> str:
    """The shipped card file, or a copy with card ``name`` worth ``points``."""
    data = json.loads(CARDS.read_text(encoding="utf-8"))
    if name is not None:
        data["strict"] = False           # the MD-4 point spread no longer holds
        found = [e for e in data["regular"] if e["name"] == name]
        assert found, name
        kind, cat, _, cond = found[0]["card"].split("/")
        found[0]["card"] = f"{kind}/{cat}/{points}/{cond}"
    path = tmp_path / f"cards-{name}-{points}.json"
    path.write_text(json.dumps(data, indent=1))
    return str(path)


def test_compare_of_two_identical_files_says_no_difference(tmp_path):
    a = card_file(tmp_path)
    b = str(tmp_path / "copy.json")
    (tmp_path / "copy.json").write_text(CARDS.read_text(encoding="utf-8"))
    out = sim_compare.compare(simulate.Plan("meow-dice", 2, 20, 4, ["heuristic"]), a, b, progress=False)
    assert out["verdict"].startswith("No difference")
    assert all(row["identical"] and not row["significant"] for row in out["differences"])
    same = {"cards": None, "label": None}
    assert simulate.without_timing(out["a"]) | same == simulate.without_timing(out["b"]) | same
    text = sim_compare.format_compare(out)
    assert "No difference" in text and "seat 0's win share" in text


def test_compare_finds_the_take_rate_change_of_a_card_whose_points_changed(tmp_path, capsys):
    shipped, cheap = card_file(tmp_path), card_file(tmp_path, "Tuna can", 0)
    report = tmp_path / "ab.html"
    # 200 games: at 100 the take rate's drop (p = 0.02 alone) did not survive Holm's correction
    # for the ~47 figures compared, as it should not
    code, out, err = run_main(capsys, "meow-dice", "--players", "4", "--games", "200", "--bots", "heuristic",
                              "--compare", shipped, cheap, "--report", str(report), "--json")
    assert code == 0, err
    result = json.loads(out)
    rows = {row["figure"]: row for row in result["differences"]}
    tuna = rows["cards taken: Tuna can"]
    assert tuna["significant"] and tuna["difference"] < 0 and tuna["ci95"][1] < 0
    assert tuna["p_holm"] < 0.05 and tuna["p_holm"] >= tuna["p"]
    assert "cards taken: Tuna can drops from" in result["verdict"]
    assert re.search(r"seat \d's win share", result["verdict"])
    page = report.read_text(encoding="utf-8")
    assert "A/B comparison" in page and "cards taken: Tuna can" in page and "class='sig'" in page
    assert embedded_json(page) == result


def test_compare_sides_are_card_files_option_objects_or_default():
    base = simulate.Plan("zodiac", 2, 5, 1, ["kitten"], {"rounds": 1})
    assert sim_compare.side(base, "default") is base
    assert sim_compare.side(base, '{"rounds": 2}').options == {"rounds": 2}
    assert sim_compare.side(base, "x.json").cards == "x.json"
    with pytest.raises(simulate.SimError):
        sim_compare.side(base, "{bad")


def test_compare_of_option_sets_finds_longer_matches(capsys):
    code, out, err = run_main(capsys, "zodiac", "--games", "12", "--bots", "kitten", "--options",
                              '{"rounds": 1}', "--compare", "default", '{"rounds": 3}', "--json")
    assert code == 0, err
    rows = {row["figure"]: row for row in json.loads(out)["differences"]}
    length = rows["game length (turns)"]
    assert length["significant"] and length["b"] > length["a"]
    assert rows["rounds per game"]["a"] == 1 and rows["rounds per game"]["b"] == 3


def test_compare_corrects_for_many_figures_with_holm():
    """Issue 20.14: ~50 figures each judged at 95% make false alarms expected; a figure is marked
    only when its Holm-adjusted p-value is under 5%, and the footnote says so."""
    rows = [{"figure": f"f{i}", "kind": "count", "n": 30, "a": 0.0, "b": 0.0, "difference": 0.1,
             "ci95": [0.01, 0.2], "p": p, "t": 2.0, "identical": False}
            for i, p in enumerate([0.0005, 0.02, 0.03, 0.04] + [0.5] * 46)]
    rows.append({**rows[-1], "figure": "same", "p": 1.0, "identical": True})
    out = sim_compare.corrected(rows)
    assert [r["figure"] for r in out if r["significant"]] == ["f0"]      # 0.0005 x 50 = 0.025
    assert out[1]["p_holm"] == pytest.approx(min(1.0, 0.02 * 49))
    assert "Holm" in sim_compare.footnote(out) and "50 figures" in sim_compare.footnote(out)
    assert sim_stats.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # Student's t p-value by hand: differences 1, 2, 3, 4 give t = 2.5 / (1.291 / 2) = 3.873 with
    # 3 degrees of freedom, two-sided p = 0.0305 (printed t tables: 3.182 at 0.05, 4.541 at 0.02)
    assert sim_stats.paired_difference([1, 2, 3, 4])["p"] == pytest.approx(0.0305, abs=2e-4)


def test_paired_interval_is_students_t():
    # Differences 1, 2, 3, 4: mean 2.5, sd 1.291, t(3) = 3.182 -> 2.5 +- 2.054.
    diff = sim_stats.paired_difference([1, 2, 3, 4])
    assert diff["mean"] == 2.5 and diff["significant"]
    assert diff["ci95"] == pytest.approx([0.446, 4.554], abs=0.01)
    assert sim_stats.paired_difference([0, 0, 0])["significant"] is False

