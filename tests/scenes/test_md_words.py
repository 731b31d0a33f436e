"""Issue 21, Meow Meow Dice's words: the footer offers only what can be done now."""
from __future__ import annotations

import pytest

from game.runtime.app import App
from tests.scenes import md_driver
from tests.scenes.test_meow_dice_table import open_table


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def test_the_basic_game_footer_never_offers_enthusiasm(app):
    """The basic game has no enthusiasm; an advanced player with none left is not offered it."""
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,)))
    drv.settle()
    table = drv.table
    assert table.mode == "pre"
    prefix = table._hint_prefix()
    assert prefix == "md.hint.pre_token."
    assert "enthusiasm" not in app.t(prefix + "mouse").lower()
    table.legal = ["roll"]                              # token used, nothing to spend
    assert table._hint_prefix() == "md.hint.pre_roll."
    assert "enthusiasm" not in app.t("md.hint.pre_roll.mouse").lower()


def test_with_no_reroll_left_the_footer_asks_for_a_card_not_dice(app):
    """Issue 21 (stranger21c): after the last roll the footer still said "Click dice, then a card"
    (and "X clears" the picked dice) beside "Nothing fits: take a fish bone"."""
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), seed=3,
                                                 actions=["roll", "reroll 0 1 2", "reroll 0 1"]))
    drv.settle()
    table = drv.table
    assert table.mode == "rolling" and any(a.startswith("reroll") for a in table.legal)
    # dice may still be picked: the usual footer, or (nothing fits yet) "reroll, or Fish bone"
    assert table._hint_prefix() in (None, "md.hint.nofit.")
    table.send("reroll 0")
    drv.settle()
    assert table.mode == "rolling" and not any(a.startswith("reroll") for a in table.legal)
    assert table._hint_prefix() == "md.hint.last."
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        for device in ("mouse", "keyboard", "pad"):
            words = app.t("md.hint.last." + device)
            assert words != app.t("md.hint." + device)
            assert not any(w in words.lower() for w in ("dice", "clear", "骰子", "清除")), words


def test_the_footer_offers_a_fish_bone_only_where_its_button_is(app):
    """The footer said "or Fish bone" with no Fish bone button (a card could be taken)."""
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), seed=3,
                                                 actions=["roll", "reroll 0 1 2", "reroll 0 1"]))
    drv.settle()
    table = drv.table
    table.legal = ["take TL"]
    assert table._hint_prefix() == "md.hint.last_take."
    table.legal = ["fishbone"]
    assert table._hint_prefix() == "md.hint.last."
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        bone = app.t("term.fish_bone").lower()
        assert bone in app.t("md.hint.last.mouse").lower()
        assert all(bone not in app.t("md.hint.last_take." + d).lower() for d in ("mouse", "keyboard", "pad"))


def test_the_turn_line_counts_the_rerolls_really_left(app):
    """"Roll 2 of 4" stood with one reroll of one die left: the line says what the next reroll
    may throw, or that none is left, from the table's own dice."""
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), seed=3,
                                                 actions=["roll", "reroll 0 1 2"]))
    drv.settle()
    table = drv.table
    board = table.presenter.board
    assert board.rolls == 2 and board.next_max == 2
    assert "up to 2 dice" in table._sub_text()[0] and "of 4" not in table._sub_text()[0]
    table.send("reroll 0 1")
    drv.settle()
    assert board.rolls == 3 and board.next_max == 1
    assert "up to 1 die" in table._sub_text()[0]
    table.send("reroll 0")
    drv.settle()
    assert board.next_max == 0 and app.t("md.rolls_last_four", n=4) in table._sub_text()[0]


def test_no_reroll_left_after_a_one_die_reroll_says_why(app):
    """Stranger 40r-en, defect 6: four of a kind made by rerolling one die, then "No rerolls left"
    with two of three rerolls unused, in the player's eyes. MD-7 is the reason (each roll throws
    fewer dice than the one before, so a throw of one die is the last): the turn line says so."""
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), seed=3, actions=["roll"]))
    drv.settle()
    table = drv.table
    table.send("reroll 0")
    drv.settle()
    board = table.presenter.board
    assert board.rolls == 2 and board.next_max == 0
    assert not any(a.startswith("reroll") for a in table.legal)
    for lang, words in (("en", ("1 die", "fewer")), ("zh_TW", ("1 顆", "不能再少"))):
        app.set_language(lang)
        line = table._sub_text()[0]
        assert all(w in line for w in words), line


def test_the_advanced_footer_offers_enthusiasm_while_there_is_some(app):
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), options={"advanced": True}))
    drv.settle()
    table = drv.table
    assert table.mode == "pre" and table._hint_prefix() == "md.hint.pre."


def test_a_card_greyed_after_a_bite_says_why_not_take_it(app):
    """Issue 21: after a bite (MD-13) no card may be taken before the reroll; a veiled card that
    fits the dice said "Take it!" in red. It says to reroll first."""
    from tests.scenes.test_meow_dice_table import SLOTS, make_session

    setup = {"slots": SLOTS, "dice": "CFYM" + "CCFM" + "CCYY" + "YMP" + "YMPB"}
    session = make_session(players=2, humans=(0,), setup=setup,
                           actions=["roll", "take TL", "roll", "fishbone", "roll"],
                           options={"one_bite": True})
    drv = open_table(app, session)
    drv.settle()
    table = drv.table
    table.send("bite food/tabby/2/!C")
    drv.settle()
    assert table.view.get("bite_pending")
    texts = {slot: table.slot_text(slot) for slot in table.slot_spots}
    assert all(t != app.t("md.why.take") for slot, t in texts.items() if not table.slot_spots[slot].enabled)
    # the line says it short ("Reroll first"); a click on the card says the whole reason
    assert any(t == app.t("md.why.line.after_bite") for t in texts.values()), texts
    slot = next(s for s, t in texts.items() if t == app.t("md.why.line.after_bite"))
    assert table.slot_spots[slot].why[0] == "md.why.after_bite"


def test_the_specials_page_says_what_each_special_does(app):
    """Issue 21: the rules named the specials but never said what they do (MD-12)."""
    from scenes.rules_help import pages_for

    pages = pages_for(app, "meow-dice")
    page = next(p for p in pages if p["title"] == "Special cards")
    text = " ".join(page["lines"])
    for words in ("Catnip", "back to 3", "Gourmet", "food card", "Dreamer", "unspent", "Fan club", "+3"):
        assert words in text, words


@pytest.mark.parametrize("advanced", [False, True], ids=["basic", "advanced"])
def test_moving_the_focus_shows_no_error_before_a_press(app, advanced):
    """Issue 21 item 5: moving the focus (arrows, Tab) over every card, die and button before and
    after the roll shows what the thing is, never a red refusal; a refusal comes only from a
    press."""
    import pygame

    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), options={"advanced": advanced}))
    drv.settle()
    table = drv.table
    for phase in ("pre", "rolling"):
        if phase == "rolling":
            table.send("roll")
            drv.settle()
        assert table.mode == phase
        for k in [pygame.K_TAB] * 12 + [pygame.K_RIGHT] * 6 + [pygame.K_UP] * 3 + [pygame.K_LEFT] * 6 \
                + [pygame.K_DOWN] * 3:
            drv.step([md_driver.key(k)])
            assert not table.message, (phase, k, table.focus.focused, table.message)
    # a press on a card that cannot be taken now is refused, in words
    blocked = [s for s, spot in table.slot_spots.items() if not spot.enabled]
    if blocked:
        table._press_slot(blocked[0])
        assert table.message


def test_the_turn_line_never_says_no_reroll_left_while_the_first_roll_tumbles(app):
    """Seen on screen: "Roll 1 · no reroll left" over tumbling dice (the roll was counted as the
    caption said it, what the next reroll may throw only once the dice had settled)."""
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), seed=3))
    drv.settle()
    table = drv.table
    table.send("roll")
    for _ in range(8):
        app.step(1 / 60, [])
    assert table.presenter.busy and table.presenter.board.rolls == 1
    assert app.t("md.rolls_last", n=1) not in table._sub_text()[0]


def test_when_nothing_fits_the_footer_never_says_click_a_card(app):
    """Stranger 6, defect 11: "沒有相符的卡：拿一張魚骨頭" above a footer "點卡片拿取，或拿魚骨頭";
    with rerolls left and nothing fitting, "Click dice, then a card" too. The footer says what can be
    done then: reroll dice, or the fish bone."""
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), seed=3))
    drv.settle()
    table = drv.table
    table.mode, table.legal = "rolling", ["reroll 0", "fishbone"]
    assert table._hint_prefix() == "md.hint.nofit."
    table.legal = ["fishbone"]
    assert table._hint_prefix() == "md.hint.last."
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        bone = app.t("md.btn.fishbone")
        for key in ("md.hint.last.mouse", "md.hint.nofit.mouse"):
            words = app.t(key)
            assert bone in words, words
            assert not any(w in words for w in ("a card", "點卡片")), words


def test_the_cat_token_footer_asks_for_the_cards_to_discard(app):
    """Stranger 6, 15: "點你要的" (click the one you want) asked which cards to throw away."""
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), seed=3))
    drv.settle()
    table = drv.table
    table.mode = "discard"
    assert table._hint_prefix() == "md.hint.discard."
    app.set_language("zh_TW")
    assert app.t("md.hint.discard.mouse").startswith("點你要丟掉的卡")


def test_unmet_condition_captions_say_what_is_wrong_without_a_double_negative(app):
    """Stranger 40r-zh, #7: "不能有毛線球 ×" ("no yarn: no") read as a double negative. An unmet
    "no <face>" says the face is showing and that it may not; an unmet "needs a <face>" says
    the face is not there yet; neither carries a cross after a negative."""
    from game.rules.meow_dice_data import FACES
    drv = open_table(app, md_driver.make_session(players=2, humans=(0,), seed=3))
    table = drv.table
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        for f in FACES:
            face = app.t("md.face." + f)
            shown = table.say_why("md.why.line.no", {"face": ("md.face." + f,)})
            missing = table.say_why("md.why.line.need", {"face": ("md.face." + f,)})
            assert face in shown and face in missing
            for line in (shown, missing):
                assert "×" not in line and "不能有" not in line and not line.startswith("no " + face + " ×")
        assert app.t("md.why.line.no", face="F") != app.t("md.why.line.need", face="F")
    app.set_language("en")
