"""Stranger 40r-zh, #12: for ~3 s after the game's last move, and again after the press that
leaves "Mochi wins with 11 points!", the dice footer offered "Arrows move · Enter picks · X clears ·
K hurries" with no dice to pick. Once the game is over the footer says only how to go on."""
from __future__ import annotations

import pygame

import scenes.table.frame as frame
from scenes.meow_dice.table import MeowDiceTable
from scenes.results import ResultsScene
from tests.scenes.test_md_end_hold import DT, app, last_move, play_last_turn, run  # noqa: F401


def test_no_picking_keys_in_the_footer_once_the_game_is_over(app, monkeypatch):  # noqa: F811
    said = []
    real = frame.fitted

    def spy(log, app_, surface, text, *a, **k):
        said.append(text)
        return real(log, app_, surface, text, *a, **k)

    monkeypatch.setattr(frame, "fitted", spy)
    session, action = last_move((0,))
    table = MeowDiceTable(app, session)
    app.stack.push(table)
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0),
                  pygame.event.Event(pygame.KEYUP, key=pygame.K_RIGHT, mod=0)])    # keys in use
    play_last_turn(app, table, session, action)
    picking = {app.t(f"md.hint{part}.{d}") for d in ("mouse", "keyboard", "pad")
               for part in ("", ".last", ".last_take", ".nofit")}
    said.clear()
    run(app, table, 20)
    assert table.presenter.holding is not None
    assert said and not picking & set(said), set(said) & picking
    assert app.t("table.hold.continue") in said
    said.clear()
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0),
                  pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    while app.stack.top is table:
        run(app, table, DT)
    assert not picking & set(said), set(said) & picking
    assert isinstance(app.stack.top, ResultsScene)
