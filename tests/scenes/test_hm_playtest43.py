"""Playtest of the Hungry Meow lesson and tables (session 43): what a picky first-time player
met below 9."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.play.lesson import lessons_for  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.table.lesson import lesson_scene  # noqa: E402
from scenes.tables import table_info  # noqa: E402
from tests.scenes.hm_driver import key  # noqa: E402


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="zh_TW")
    yield app
    app.stack.clear()
    app.shutdown()


def test_enter_during_the_death_never_picks_a_card_already_shuffled_away(app):
    """Enter alone through the lesson, pressed while the Death plays out: the focused card on
    screen was already shuffled back into the pile, Enter picked it, and the prompt said in red
    "That set can't be played now" over an empty hand."""
    lesson = lessons_for("hungry-meow")[0]
    scene = lesson_scene(app, table_info(lesson.game), lesson)
    app.stack.push(scene)
    app.stack.apply_pending()
    refused = []
    for frame in range(3000):
        app.step(1 / 60, [key(pygame.K_RETURN)] if frame % 108 == 0 else [])
        if scene.selected and scene.verdict and scene.verdict.key == "hm.why.not_now":
            refused.append((frame, list(scene.selected)))
        if scene.lesson.finished:
            break
    assert scene.lesson.finished
    assert not refused, refused[:3]


@pytest.mark.parametrize("move", ["take", "give"])
def test_a_dealer_move_on_the_persons_hand_says_whose_card_in_one_line(app, move, monkeypatch):
    """A computer cat's Dealer took the player's card: the prompt read "The card: yellow punch 3"
    (那張牌：黃色貓拳 3) with the card already gone from the hand and nobody named; the line says
    who took or gave which card."""
    from scenes.hungry_meow.presenter import Presenter
    from tests.scenes.test_hm_words import _dealer_touches_the_person

    said, real = [], Presenter.say

    def spy(self, tl, text):
        said.append(str(text))
        return real(self, tl, text)

    monkeypatch.setattr(Presenter, "say", spy)
    table, _ = _dealer_touches_the_person(app, move)
    table.presenter.finish_all()
    card = table.card_label("LOAF")
    key = "hm.log.dealer_took_yours" if move == "take" else "hm.log.dealer_gave_you"
    assert app.t("hm.ev.dealer_card", card=card) not in said, said
    assert app.t(key, name=table.seat_name(1), card=card) in said, said


def drawn_at(app, hands, deck_top, draw: str):
    """A three-seat table where the person (seat 0) has just made ``draw`` from ``deck_top``."""
    from scenes.hungry_meow.table import HungryMeowTable
    from tests.scenes.hm_driver import Driver, fixed_setup, make_session

    setup = fixed_setup(hands, deck_top=deck_top)
    table = HungryMeowTable(app, make_session(players=3, humans=(0,), setup=setup, actions=["direction cw"]))
    app.stack.push(table)
    driver = Driver(app, table, device="keyboard")
    driver.settle()
    assert draw in table.legal, table.legal
    table.send(draw)
    driver.settle()
    return table


def test_the_card_the_person_drew_is_named_and_edged_until_they_move(app):
    """A drawn card was sorted in among the others with nothing to say which it was; a Dealer's
    card was named and edged. The one card drawn is too, until the person's next move."""
    table = drawn_at(app, [["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"],
                           ["G1P", "G2P", "G3P", "G4P", "G5P"]], ["Y3P"], "draw 1")
    said = app.t("hm.news.you_drew", card=table.card_label("Y3P"))
    assert table.news == (0, said, "Y3P")
    assert "抽到了" in said
    table.send(next(a for a in table.legal if a.startswith("play ")))
    assert table.news is None


def test_the_persons_turn_coming_round_is_heard(app):
    """The computer cats' turns take seconds and nothing sounded when the person's came round:
    a short cue starts it (not a computer cat's, not the person going on with their own turn)."""
    from game.rules.base import Event
    from tests.scenes.test_hm_stranger40r import ready_table

    table = ready_table(app)
    table.presenter.finish_all()
    heard = app.audio.played
    turns = (([1, 2], False), ([1, 2, 0], True), ([0], False))   # (the board syncs to seat 0 after each)
    for seats, cue in turns:
        before = len(heard)
        table.presenter.present([Event("TurnStarted", {"seat": s}) for s in seats], table.viewer)
        table.presenter.finish_all()
        assert ("ui_confirm" in heard[before:]) is cue, (seats, heard[before:])


def test_after_draw_5_every_card_drawn_is_named_and_edged(app):
    """Stranger 9 #2: after Draw 1 the prompt named the card and edged it; after Draw 5 nothing
    said which five came. All five are named and edged, until the person's next move."""
    drawn = ["Y3P", "G3P", "Y4P", "R8P", "B5X"]
    table = drawn_at(app, [["R1P"], ["B1X", "B2X", "B3X", "B4X", "B6X"], ["G1P", "G2P", "G4P", "G5P", "G6P"]],
                     drawn, "draw 5")
    labels = app.t("hm.news.list_sep").join(table.card_label(c) for c in drawn)
    said = app.t("hm.news.you_drew_many", count=5, cards=labels)
    assert table.news == (0, said, tuple(drawn)), table.news
    assert "抽到了 5 張" in said and "黃色貓掌 3" in said.replace("\u00a0", " ")
    table.send(next(a for a in table.legal if a.startswith("play ")))
    assert table.news is None


def test_a_new_card_carries_a_new_tag_not_only_an_edge(app, monkeypatch):
    """Stranger 9 #3: a new card's salmon edge read as the tiger's orange outline (four cards
    seemed suggested for three). Each card drawn carries a "NEW" (新) tag as well."""
    import scenes.hungry_meow.draw as hm_draw
    from scenes.hungry_meow.table import HungryMeowTable
    from tests.scenes.hm_driver import Driver, fixed_setup, make_session

    drawn = ["Y3P", "G3P", "Y4P", "R8P", "B5X"]
    setup = fixed_setup([["R1P"], ["B1X", "B2X", "B3X", "B4X", "B6X"], ["G1P", "G2P", "G4P", "G5P", "G6P"]],
                        deck_top=drawn)
    table = HungryMeowTable(app, make_session(players=3, humans=(0,), setup=setup, actions=["direction cw"]))
    app.stack.push(table)
    driver = Driver(app, table, device="keyboard")
    driver.settle()
    table.send("draw 5")
    driver.settle()
    tags = []
    monkeypatch.setattr(hm_draw, "draw_new_tag", lambda scene, surface, rect, fill: tags.append(rect.center))
    hand = table.display_hand(0)
    table._paint_hand(pygame.Surface(app.size), 0, hand, True, None, tuple(drawn))
    assert len(tags) == len(drawn), tags
    assert app.t("table.new_card") == "新"


@pytest.mark.parametrize("move", ["take", "give"])
def test_a_take_is_not_said_twice_in_the_prompt(app, move):
    """Strangers 10 and 13: "Nori took your red paw 6" stood as the banner and on both prompt
    lines at once. The kept line under the prompt waits while the first line says the same."""
    from tests.scenes.test_hm_words import _dealer_touches_the_person

    table, _ = _dealer_touches_the_person(app, move)
    drawn = []
    real = table.draw_prompt_box

    def spy(surface, rect, line, sub, *a, **k):
        drawn.append((line[0] if line else None, sub[0] if sub else None))
        return real(surface, rect, line, sub, *a, **k)

    table.draw_prompt_box = spy
    for _ in range(240):
        table.presenter.update(1 / 30)
        table._draw_prompt(app.screen)
    assert drawn
    assert all(first != second for first, second in drawn if second is not None), drawn
    assert any(second is not None or first for first, second in drawn)
