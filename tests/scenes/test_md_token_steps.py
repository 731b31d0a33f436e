"""Stranger 40e, defect 4: a condition token's steps had no words of their own. The tiger's old
"Roll: 48%…" kept the prompt's place through "choose a card" and "choose a token", its outline
stayed on the top-left card (which may not take a token) and the 12 tokens showed no tip. Each
step of a choice now clears the tiger's advice: the prompt says what to do now (a card, not the
top-left one; then a token), no outline is left on a card that may not take one, and the focused
token says what it asks."""
from __future__ import annotations

import pygame
import pytest

from scenes.table.tooltip import DELAY
from tests.scenes import md_driver
from tests.scenes.hm_driver import key
from tests.scenes.test_meow_dice_table import SLOTS, app, open_table  # noqa: F401


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_a_condition_tokens_steps_say_what_to_do_not_the_tigers_old_advice(app, lang):  # noqa: F811
    app.set_language(lang)
    session = md_driver.make_session(players=3, humans=(0,), seed=3, setup={"slots": SLOTS, "dice": "CCCC"},
                                     options={"advanced": True})
    drv = open_table(app, session, "keyboard")
    drv.settle()
    table = drv.table
    drv.step([key(pygame.K_t)])                         # ask the tiger before the roll
    for _ in range(300):
        drv.step()
        if table.advice.hint is not None:
            break
    assert table.advice.hint is not None
    table.focus.set_focus(table.widget("btn:condition"))
    drv.step([key(pygame.K_RETURN)])
    assert table.mode == "cond_slot"
    drv.step(frames=2)
    assert table.advice.hint is None                    # the tiger's words were for the step before
    text, _ = table._prompt_text()
    assert text == app.t("md.prompt.cond_slot_tl") and not table.widget_enabled("slot:TL")
    app.show_now()
    assert not any(d.name == "hint" for d in table.boxes.items)
    table.focus.set_focus(table.widget("slot:BR"))
    drv.step([key(pygame.K_RETURN)])
    assert table.mode == "cond_token"
    assert table._prompt_text()[0] == app.t("md.prompt.cond_token")
    tok = next(i for i in table.focus.items if getattr(i, "key", "").startswith("tok:") and i.enabled)
    table.focus.set_focus(tok)
    drv.step()
    drv.step(frames=int(DELAY / drv.dt) + 3)
    assert table.tooltip.shown, "the focused token says nothing"
    # and what it costs and earns (stranger 9 #5: only the rules page said)
    assert table.tooltip.tip.lines == [table.cond_sentence(tok.key[4:]), app.t("md.tip.supply")]


def test_the_tigers_own_way_through_a_token_is_kept_until_the_person_leaves_it(app):  # noqa: F811
    """When the tiger advised this very token ("condition BR XB"), its outlines lead through the
    steps; once the person picks another card, they go."""
    from game.bots.advice import Hint, Text

    session = md_driver.make_session(players=3, humans=(0,), seed=3, setup={"slots": SLOTS, "dice": "CCCC"},
                                     options={"advanced": True})
    drv = open_table(app, session, "keyboard")
    drv.settle()
    table = drv.table
    advice = table.advice
    hint = Hint("meow-dice", 0, "condition BR XB", Text("md.tiger.condition"),
                ("btn:condition", "slot:BR", "tok:XB"), ())
    advice.asked, advice.hint = advice.position(), hint
    table.widget("btn:condition").on_press()
    drv.step()
    assert table.mode == "cond_slot" and advice.hint is hint
    assert table.hint_marks(list(hint.targets)) == ["slot:BR"]
    table.focus.set_focus(table.widget("slot:TR"))      # another card than the tiger's
    drv.step([key(pygame.K_RETURN)])
    assert table.mode == "cond_token" and advice.hint is None


@pytest.mark.parametrize("step", ["cond_slot", "cond_token"])
def test_cancel_leaves_the_condition_token_in_one_press(app, step):  # noqa: F811
    """Stranger 40r-en, defect 13: from "Choose a condition token for that card", Cancel went back
    to "Pick a card", and the next click, where Roll! had been, met Cancel again. Cancel leaves
    the whole choice at once (Esc still steps back one step)."""
    session = md_driver.make_session(players=3, humans=(0,), seed=3, setup={"slots": SLOTS, "dice": "CCCC"},
                                     options={"advanced": True})
    drv = open_table(app, session, "mouse")
    drv.settle()
    table = drv.table
    table.widget("btn:condition").on_press()
    drv.step()
    if step == "cond_token":
        table.widget("slot:BR").on_press()
        drv.step()
    assert table.mode == step
    table.widget("btn:cancel").on_press()
    drv.step()
    assert table.mode == "pre" and table.widget_enabled("btn:roll")
    table.widget("btn:condition").on_press()
    drv.step()
    table.widget("slot:BR").on_press()
    drv.step()
    assert table.mode == "cond_token"
    drv.step([key(pygame.K_ESCAPE)])                    # Esc: one step back, as before
    assert table.mode == "cond_slot"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_spends_say_what_they_cost_and_earn_where_they_are_chosen(app, lang):  # noqa: F811
    """Stranger 9 #5: only the rules page said "spend 1 to…" and "+2 for each condition token you
    won"; the prompt before the roll and each spend's first step say it too."""
    app.set_language(lang)
    one = "1 " if lang == "en" else "花 1 點"
    for key_ in ("md.prompt.pre_enth", "md.prompt.lock_die", "md.prompt.change"):
        assert one + app.t("term.enthusiasm") in app.t(key_), (key_, app.t(key_))
    for key_ in ("md.prompt.cond_slot", "md.prompt.cond_slot_tl", "md.prompt.cond_token"):
        assert "+2" in app.t(key_), (key_, app.t(key_))
