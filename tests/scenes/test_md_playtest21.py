"""Issue 21 (stranger playtest), Meow Meow Dice: the pause counts turns as the table does, the
cat-token Cancel keeps its place when a card is picked, and the lesson's reroll counter."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from tests.peek import engine_of
from tests.scenes.md_driver import choose, make_session
from tests.scenes.test_meow_dice_table import open_table


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def _to_second_turn(drv) -> None:
    table = drv.table
    for _ in range(400):
        drv.settle()
        board = table.presenter.board
        if table.mode == "pre" and board.turns_by_seat[0] == 1:
            return
        for name in choose(table):
            drv.click(name)
    raise AssertionError("never reached the second turn")


def test_pause_says_the_turn_as_the_table_does(app):
    """#8: 4 seats, turn 2: the pause read "Meow Meow Dice · turn 5" under "Turn 2 of 5"."""
    from scenes.pause import PauseScene

    session = make_session(players=4, humans=(0,), seed=3)
    drv = open_table(app, session)
    _to_second_turn(drv)
    table = drv.table
    assert table.turn_words() == "Turn 2 of 5"
    assert session.game.turn + 1 != 2                        # the engine's count is another one
    pause = PauseScene(app, table)
    app.stack.push(pause)
    app.step(1 / 20, [])
    assert pause.where_text() == "Meow Meow Dice · Turn 2 of 5"


def test_cat_token_cancel_never_turns_into_discard(app):
    """Once a card was picked, "Cancel" became "Discard 1 card" in the same place, so a double
    click on the cat token discarded: Cancel stays put and the confirm has a place of its own."""
    from scenes.meow_dice.draw import C
    from tests.scenes.test_meow_dice_table import SLOTS

    SEL = C.SEL
    session = make_session(players=2, humans=(0,), setup={"slots": SLOTS})
    drv = open_table(app, session)
    drv.settle()
    table = drv.table
    token_rect = table.widgets()["btn:token"]
    drv.click("btn:token")
    drv.step()
    assert table.mode == "discard" and table.widgets()["btn:cancel"] == token_rect
    assert not table.widget_enabled("btn:discard")
    drv.click("slot:BR")
    drv.step()
    # the order badge is seen whole, over the focus outline that crosses the card's corner
    badge = table.pick_badge(table.slot_card_rect("BR"))
    surface = pygame.Surface(app.size)
    table.draw(surface)
    for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        x, y = badge.centerx + dx * badge.w * 3 // 8, badge.centery + dy * badge.h * 3 // 8
        assert tuple(surface.get_at((x, y)))[:3] == tuple(SEL)[:3], (dx, dy)
    assert table.widgets()["btn:cancel"] == token_rect and table.widget_enabled("btn:cancel")
    assert table.widget_enabled("btn:discard")
    assert not table.widgets()["btn:discard"].colliderect(token_rect)
    drv.click("btn:cancel")                        # the second click of a double click
    drv.step()
    assert table.mode == "pre" and not any(a.startswith("token") for a in session.actions)


def test_reroll_counter_says_dice_picked_and_the_most_allowed(app):
    """The lesson's button read "Reroll 0 of 3", then "Reroll 0 of 1" after one reroll: "of"
    read as rerolls left. It counts the dice picked and the most the rule allows."""
    en = app.t
    assert en("md.btn.reroll", n=0, max=1) == "Reroll 0 (max 1)"
    assert en("md.btn.reroll", n=1, max=3) == "Reroll 1 (max 3)"
    app.set_language("zh_TW")
    assert app.t("md.btn.reroll", n=0, max=1) == "重擲 0 顆（最多 1）"


def test_pick_badge_and_picker_frame_stand_clear(app):
    """#9: the "1" of a card picked to discard sat on the card's point badge "1"; the "Lock a
    die" face picker's frame held the tiger, which read as a 7th face."""
    from tests.scenes.test_meow_dice_table import SLOTS

    session = make_session(players=2, humans=(0,), setup={"slots": SLOTS, "dice": "CCCC"},
                           options={"advanced": True})
    drv = open_table(app, session)
    drv.settle()
    table = drv.table
    card = table.slot_card_rect("BR")
    points = pygame.Rect(card.x, card.y, card.w * 2 // 5, card.h * 3 // 10)   # the point badge's corner
    assert not table.pick_badge(card).colliderect(points)
    drv.click("btn:lock")
    drv.click("die:2")
    drv.step()
    assert table.mode == "lock_face"
    frame = table.picker_frame()
    assert not frame.colliderect(table.tiger_rect())
    assert table.pick_spots and all(frame.contains(s.rect) for s in table.pick_spots)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_a_focused_cards_take_it_stays_whole(tmp_path, size):
    """Stranger 2, defect 11: the focus outline of a raised market card crossed the top of its
    own "Take it!" ("Jake it!"). Every pixel of the words drawn without focus is there with it."""
    from tests.scenes.test_meow_dice_table import SLOTS

    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang="en")
    drv = open_table(app, make_session(players=2, humans=(0,), setup={"slots": SLOTS, "dice": "CCCC"}))
    drv.settle()
    table = drv.table
    if table.mode == "pre":
        drv.click("btn:roll")
        drv.settle()
    slot = next(s for s in ("TL", "TR", "BL", "BR") if table.widget_enabled(f"slot:{s}"))
    table.focus.index = -1
    surface = pygame.Surface(app.size)
    table.draw(surface)
    label = table.slot_label(surface.copy(), slot)   # where the words stand
    words = table.slot_labels[slot][1]

    def inked(surf) -> set:
        return {(x, y) for x in range(label.x, label.right) for y in range(label.y, label.bottom)
                if surf.get_at((x, y))[:3] == tuple(words)[:3]}
    plain = inked(surface)
    assert len(plain) > 50
    table.focus.set_focus(table.widget(f"slot:{slot}"))
    for t in (0.0, 0.3, 0.6):                         # the outline breathes: at its widest too
        table.time = t
        table.draw(surface)
        assert not plain - inked(surface), (slot, t, len(plain - inked(surface)))
    app.shutdown()


def test_the_footer_follows_the_banner_not_the_rules(app, monkeypatch):
    """Stranger 2, defect 13: while the banner said "Nothing fits: Miso gets a fish bone", the
    footer already said "Nori's turn: just watch". While the table still shows a seat's turn,
    the footer names that seat; once shown up to date, the seat the rules say."""
    from scenes.table import frame

    said = []
    real = frame.fitted
    monkeypatch.setattr(frame, "fitted", lambda log, app_, surface, words, *a, **k:
                        said.append(words) or real(log, app_, surface, words, *a, **k))
    drv = open_table(app, make_session(players=3, humans=(0,)))
    drv.settle()
    table = drv.table
    ahead = engine_of(table).current_player
    shown = 2 if ahead != 2 else 1                         # the table still shows another's moment
    table.presenter.board.current = shown
    table.presenter.queue.append(lambda: None)             # a step still to play: busy
    assert table.presenter.busy
    table.draw(pygame.Surface(app.size))
    assert said[-1] == app.t("table.hint.wait.mouse", name=table.seat_name(shown)), said[-1]
    table.presenter.queue.clear()
    table.presenter.board.current = ahead
    said.clear()
    table.draw(pygame.Surface(app.size))
    assert app.t("table.hint.wait.mouse", name=table.seat_name(shown)) not in said
