"""Stranger 43, defect 4: while a mermaid is placed, its tooltip lay over most of the person's
hand, and the focus arrow over a carried card sat inside the prompt's words ("再放▼下"). Placing
mermaids shows no tip over the hand, and the arrow keeps off the prompt bar (its outline alone)."""
from __future__ import annotations

import pygame
import pytest

from game.play.session import GameSession, Seat
from scenes.table.tooltip import DELAY
from scenes.tables import table_info
from tests.scenes.test_overlap_audit import DT, LANGS, NAMES, app, rest  # noqa: F401


def arranging(app, n: int):  # noqa: F811
    """A table at the person's mermaid step (the first seed that deals them a mermaid)."""
    seats = [Seat(name, "human" if i == 0 else "bot", "heuristic", coat)
             for i, (name, coat) in enumerate(NAMES[:n])]
    for seed in range(1, 40):
        table = table_info("zodiac").scene_class()(
            app, GameSession("zodiac", seats, seed, {"rounds": 1}, {"first": 0}, []))
        app.stack.clear_to(table)
        for _ in range(600):
            app.step(DT, [])
            if table.presenter.busy:
                table.presenter.skip()
            elif table.my_turn() and table.mode in ("arrange", "point"):
                break
            table.runner.wait_ready()
        if table.mode == "arrange" and table.my_turn():
            return table
    raise AssertionError("no arrange step came")


def arrow_above(table, rect) -> pygame.Rect:
    size, gap = max(8, round(26 * table.app.scale)), round(20 * table.app.scale)
    return pygame.Rect(rect.centerx - size, rect.top - gap - size, 2 * size, gap + size)


@pytest.mark.parametrize("n", [2, 4])
def test_placing_a_mermaid_covers_no_hand_and_no_prompt(app, n):  # noqa: F811
    table = arranging(app, n)
    hand = table.hand_rect(table.viewer)
    prompt = table.anchors["prompt"].rect
    met = 0
    for lang in LANGS:
        app.set_language(lang)
        mermaid = next(w for w in table.shown_widgets
                       if w.key[0] == "arr" and table.arr[w.key[2]] == "MERMAID")
        table.focus.set_focus(mermaid)
        table.tooltip.by_pointer = False
        for held in (False, True):
            if held:
                table.carry_press(mermaid.key[2])       # picked up, carried one place left
                assert table.held is not None
                table.focus.move("left")
            rest(app, int(DELAY / DT) + 2)
            tips = [o.rect for o in table.boxes.overlays() if o.name.split(":")[0] == "tooltip"]
            assert not [r for r in tips if r.clip(hand).w > 1 and r.clip(hand).h > 1], (lang, held, tips)
            for w in table.shown_widgets:
                if w.key[0] == "arr" and arrow_above(table, w.rect).colliderect(prompt):
                    met += 1
                    assert table._pointer_meets_a_seat(w.rect, "top"), (lang, w.key)
        table.carry_press(table.held)
    app.set_language("en")
    assert met, "no arrow over the hand reached the prompt: the case was not met"
