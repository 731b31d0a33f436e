"""Issue 21: a phone seat's code panel that would hide what the person at the table may point
at folds into a chip by the seat's name plate ("Tofu: show code"); the chip is a real button:
a click or Enter on it (reached with Tab, as a pad reaches it) opens the panel over the board and
closes it again, Esc closes it without pausing, and a phone joining takes both away."""
from __future__ import annotations

import pygame
import pytest

from scenes.pause import PauseScene
from scenes.tables import table_info
from tests.phones.helpers import make_app, phone_table

DT = 1 / 20


def to_the_persons_turn(app, table) -> None:
    for _ in range(120):
        if table.my_turn() and table.legal:
            return
        if table.presenter.busy:
            table.presenter.skip()
        elif table.curtain_for is not None:            # the phone's person watches too: a curtain
            table.lift_curtain()
        elif table.recap:
            table.recap = []
        elif getattr(table, "mode", None) == "arrange":
            table._arrange_done()
        elif table.phones.due():
            seat = table.phones.due()[0]
            table.phones.act(seat, table.phones.offers(seat)[0])
        table.runner.wait_ready()
        app.step(DT, [])
    raise AssertionError("never the person's turn")


def click(app, pos) -> None:
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(app, k: int, text: str = "") -> None:
    app.step(DT, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0),
                  pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0)])


def code_shown(table, seat: int) -> bool:
    return any(d.name == f"scan{seat}" for d in table.boxes.overlays())


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_chip_opens_and_closes_the_code_panel_by_mouse_and_by_key(tmp_path, lang):
    app = make_app(tmp_path, lang=lang)
    table = phone_table(app, "zodiac", table_info("zodiac").scene_class(), players=4, phones=(3,),
                        people=(0,))
    try:
        to_the_persons_turn(app, table)
        app.step(DT, [])
        desk = table.phones
        assert 3 in desk.chips, "the panel would hide the board's cards: it folds into a chip"
        assert not code_shown(table, 3)
        chip = desk.chips[3]
        names = {d.name: d.rect for d in table.boxes.overlays()}
        assert names["phone:seat3"] == chip.rect

        click(app, chip.rect.center)                       # the mouse opens it ...
        assert code_shown(table, 3) and 3 in desk.opened
        click(app, chip.rect.center)                       # ... and closes it
        assert not code_shown(table, 3) and not desk.opened

        for _ in range(len(table.focus.items) + 2):        # Tab (a pad's shoulder) reaches the chip
            if table.focus.focused is chip:
                break
            key(app, pygame.K_TAB, "\t")
        assert table.focus.focused is chip
        key(app, pygame.K_RETURN, "\r")                    # Enter (a pad's A) opens it
        assert code_shown(table, 3)
        key(app, pygame.K_RETURN, "\r")                    # and closes it
        assert not code_shown(table, 3)
        key(app, pygame.K_RETURN, "\r")
        assert code_shown(table, 3)
        key(app, pygame.K_ESCAPE, "\x1b")                  # Esc folds it, no pause
        assert not code_shown(table, 3) and app.stack.top is table
        assert not any(isinstance(s, PauseScene) for s in app.stack.scenes)
        key(app, pygame.K_ESCAPE, "\x1b")                  # with nothing open Esc pauses as ever
        assert any(isinstance(s, PauseScene) for s in app.stack.scenes)
        while app.stack.top is not table:
            app.stack.pop()
            app.step(DT, [])
        click(app, chip.rect.center)
        assert code_shown(table, 3)
        desk.server.connected = lambda seat: True          # the phone joins: no code, no chip
        app.step(DT, [])
        app.step(DT, [])
        assert not code_shown(table, 3) and not desk.chips and not desk.opened
        assert chip not in table.focus.items
    finally:
        table.phones.close()
        app.stack.clear()
