"""Strangers 40r-en (report 7) and 40r-zh (report 8), the last points below 9: the pass question's
ready answer in words, the moves drawer's "Jump to latest" and the results' columns."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.runtime.app import App  # noqa: E402
from tests.scenes.test_hm_stranger40r import ready_table  # noqa: E402


@pytest.fixture(params=["en", "zh_TW"])
def app(request, tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=request.param)
    yield app
    app.stack.clear()
    app.shutdown()


# ---- report 8 #10: the two pass questions' ready answers differ -----------------------------------
@pytest.mark.parametrize("device", ["keyboard", "pad"])
def test_the_pass_question_says_which_answer_enter_gives(app, device, monkeypatch):
    table = ready_table(app)
    app.input.device = device
    assert "pass" in table.legal and len(table.legal) > 1
    table.send("pass")                              # a set could be played: Cancel is ready
    tools = table.tools
    no, yes = app.t("table.confirm.no"), app.t("table.confirm.yes")
    said = tools.default_words()
    assert said is not None and no in said and yes not in said
    import scenes.table.tools as tools_module

    drawn = []
    real = tools_module.draw_fitted

    def spy(a, surf, text, *more, **k):
        drawn.append(text)
        return real(a, surf, text, *more, **k)

    monkeypatch.setattr(tools_module, "draw_fitted", spy)
    table.draw(app.screen)
    assert said in drawn
    tools.cancel()
    monkeypatch.setattr(table, "legal", ["pass"])   # nothing beats the table: Yes is ready
    table.send("pass")
    said = tools.default_words()
    assert yes in said and no not in said
    tools.handle_dialog(type("I", (), {"kind": "move", "pos": None})())
    assert no in tools.default_words()              # the words follow the focus
    app.input.device = "mouse"
    assert tools.default_words() is None            # a click needs no key's name


# ---- report 8, results row: the columns half empty, your own Meals missing -------------------------
def test_every_hungry_meow_column_tells_the_same_story_with_its_meals():
    from game.play.results_record import finished_record
    from game.rules.hungry_meow_cards import is_meal
    from game.runtime.i18n import Translator
    from scenes.table.scores import breakdown
    from tests.scenes.test_results_breakdown import finished

    t = Translator("en").t
    session = next(s for s in (finished("hungry-meow", 4, seed) for seed in range(1, 30))
                   if s.game.view(None)["eliminated"])
    final = finished_record(session)
    out = set(session.game.view(None)["eliminated"])
    rows = breakdown(final, t)
    story = [t("results.hm.meals"), t("results.hm.sets"), t("results.hm.tricks"), t("results.hm.deaths")]
    held = {int(k): v for k, v in final.extra["death_hands"].items()}
    for seat, seat_rows in enumerate(rows):
        labels = [label for label, _ in seat_rows]
        assert labels[:4] == story, labels                       # the same rows in every column
        assert labels[4] == t("results.hm.out" if seat in out else "results.hm.standing")
        hand = held[seat] if seat in out else final.summary["hands"][seat]
        assert int(seat_rows[0][1]) == sum(1 for c in hand if is_meal(c))
    kinds = [e.kind for _, e in final.events]
    assert sum(int(r[1][1]) for r in rows) == kinds.count("SetPlayed")
    assert sum(int(r[2][1]) for r in rows) == kinds.count("TrickWon")


def test_zodiac_columns_say_the_turns_each_had_and_the_sets_caught():
    from game.play.results_record import finished_record
    from game.runtime.i18n import Translator
    from scenes.table.scores import breakdown
    from tests.scenes.test_results_breakdown import finished

    t = Translator("en").t
    final = finished_record(finished("zodiac", 3, 2))
    rows = breakdown(final, t)
    kinds = [e.kind for _, e in final.events]
    assert all(r[0][0] == t("results.zc.turns") and r[1][0] == t("results.zc.caught") for r in rows)
    assert sum(int(r[0][1]) for r in rows) == kinds.count("TurnStarted")
    assert sum(int(r[1][1]) for r in rows) == kinds.count("Captured")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_knocked_out_seats_hand_at_death_stays_in_its_column_at_six_seats(tmp_path, size):
    """With the rows of the whole story, a six-seat column left out a hand held at Death (six
    cards, two rows) to keep the card that knocked the seat out, so the Meals row counted cards
    nobody could see. Every knocked-out seat shows both."""
    from game.play.match import Match
    from game.play.results_record import finished_record
    from game.play.session import Seat
    from scenes.results import ResultsScene

    seats = [Seat(name, "bot", "heuristic", coat) for name, coat in
             [("Mochi", "tabby"), ("Tofu", "calico"), ("Biscuit", "tuxedo"), ("Pepper", "siamese"),
              ("Nori", "black"), ("Miso", "ginger")]]
    match = Match.new("hungry-meow", seats, 5)
    match.play_out()
    final = finished_record(match.session)
    held = {int(k): v for k, v in final.extra["death_hands"].items() if v}
    assert any(len(v) > 5 for v in held.values())              # one needs two rows at six seats
    app = App(size=size, home=str(tmp_path), audio=False, lang="en")
    try:
        scene = ResultsScene(app, match.session)
        app.stack.clear_to(scene)
        app.step(1 / 20, [])
        for seat, hand in held.items():
            shown = [item for key, _kind, item in scene.shown[seat] if key == "results.tab.death_hand"]
            assert sorted(shown) == sorted(hand), (seat, shown, hand)
    finally:
        app.shutdown()
