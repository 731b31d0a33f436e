"""The phones' words the family list named: a refused draw is not called a set, one Meal is one
Meal, a tap while the big screen shows a move is told to wait, the Zodiac waiting words say who
and why, Chinese names sit in their sentence without spaces, and a phone's own language words
its state while the TV keeps its own."""
from __future__ import annotations

import pygame

from game.bots.advice import render
from game.bots.hungry_meow_hint import words as hint_words
from game.play.session import Seat
from scenes.hungry_meow.table import HungryMeowTable
from tests.phones.helpers import make_app, phone_table, step


def test_a_refused_draw_is_not_a_set_and_one_meal_is_one_meal(tmp_path):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=4)
    kit = table.phones.kit
    assert kit.refusal(0, "draw 5") == app.t("phone.error.not_offered")
    assert kit.refusal(0, "play R1P") == app.t("hm.why.not_now")
    view = {"known": {1: ["LOAF"]}, "hand_counts": [5, 4]}
    one = render(hint_words(view, "dealer take 1", [])[0], app.t, table.seat_name)
    assert "1 Meal " in one, one
    table.phones.close()


def test_a_tap_while_the_big_screen_shows_a_move_is_told_to_wait(tmp_path, monkeypatch):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=4,
                        setup={"first": 0})
    desk = table.phones
    monkeypatch.setattr(type(table.presenter), "busy", property(lambda self: True))   # a move on show
    desk.act(0, "direction cw")
    assert desk.notes[0] == app.t("phone.error.busy")
    desk.close()


def test_zodiac_waiting_words_say_who_and_why(tmp_path):
    from game.play.match import new_session
    from scenes.zodiac.table import ZodiacTable

    def fits(seed):                            # seat 1 (a phone) has mermaids to place
        seats = [Seat("a", "human", phone=True), Seat("b", "human", phone=True), Seat("c")]
        hands = new_session("zodiac", seats, seed, {"rounds": 1}).game
        return "MERMAID" in hands.view(1)["hand"] and "MERMAID" not in hands.view(0)["hand"]
    seed = next(s for s in range(400) if fits(s))
    app = make_app(tmp_path, lang="zh_TW")
    table = phone_table(app, "zodiac", ZodiacTable, players=3, phones=(0, 1), seed=seed,
                        options={"rounds": 1})
    step(app, 40)
    desk = table.phones
    assert desk.offers(0) == [] and desk.offers(1)
    words = desk.state(0, None)["prompt"]
    assert words == app.t("phone.zc.wait.arrange", names="Tofu") and "Tofu" in words and " " not in words
    assert app.t("phone.table.wait", name="麻糬") == "等麻糬的手機…"
    desk.close()


def test_a_phone_reads_its_own_language_and_the_tv_keeps_its_own(tmp_path):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=4,
                        setup={"first": 0})
    desk = table.phones
    desk.receive(0, {"t": "lang", "l": "zh_TW"})
    with desk.langs.speaking(0):
        state = desk.state(0, None)
        with desk.langs.speaking(None):
            tv = app.t("phone.watch")
    assert state["lang"] == "zh_TW" and state["words"]["undo"] != app.t("table.undo")
    assert tv == "Watch the big screen" and app.i18n.lang == "en"
    table.draw(pygame.Surface(app.size))
    assert app.t("phone.over") == "The game is over."
    desk.receive(0, {"t": "lang", "l": "xx"})                  # not a language: nothing changes
    assert desk.langs.of(0) == "zh_TW"
    desk.close()
