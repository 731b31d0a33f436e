"""A fourth table is cheap: a whole table for a new game (Nim, the kiosk tests' engine) written
on the shared base in a few dozen lines — its presenter only handles its event, its table only
says what the person may do and draws — and it plays to the results screen by mouse, with the
base doing bots, notes for rule errors, pause, hurry and results."""
from __future__ import annotations

import pygame
import pytest

from game.play.match import new_session
from game.play.session import Seat
from game.rules import registry
from game.rules.kit import GameKit
from game.runtime.app import App
from game.ui.widgets import Button
from scenes.table.base import TableScene
from scenes.table.presenter import BasePresenter


class NimPresenter(BasePresenter):
    def make_board(self, players):
        return {"sticks": 0}

    def sync(self):
        self.board["sticks"] = self.scene.game.view(0)["sticks"]

    def on_take(self, e, rest):
        tl = self.tl("card_slide")
        self.say(tl, f"took {e.data['n']}")
        tl.wait(0.3)
        return tl


class NimTable(TableScene):
    art_family = "nim"
    level_name = "hungry-meow"            # borrows a level for its anchors
    anchor_names = ("prompt", "actions", "seat{i}")
    text_prefix = "hm"
    presenter_class = NimPresenter
    secret_hands = False

    def setup_widgets(self):
        self.buttons = {n: Button((0, 0, 1, 1), f"take {n}", lambda n=n: self.send(f"take {n}"), raw=True)
                        for n in (1, 2, 3)}

    def refresh_mode(self):
        self.legal = self.game.legal_actions() if self.my_turn() else []
        self.active_buttons = [b for n, b in self.buttons.items() if f"take {n}" in self.legal]
        rect = self.anchors["actions"].rect
        for i, b in enumerate(self.active_buttons):
            b.rect = pygame.Rect(rect.x, rect.y + i * self.s(90), rect.w, self.s(80))
        self.focus.set_items(self.active_buttons)

    def render_background(self):
        surface = pygame.Surface(self.app.size)
        surface.fill((20, 40, 30))
        return surface

    def draw(self, surface):
        surface.blit(self.background(), (0, 0))
        self.text(surface, f"{self.presenter.board['sticks']} sticks", 40, (255, 255, 255),
                  self.anchors["prompt"].rect.center)
        self.draw_buttons(surface)


@pytest.fixture
def app(tmp_path, monkeypatch):
    monkeypatch.setitem(registry.KITS, "nim-test", GameKit(
        "nim-test", "tests.kiosk.nim:Nim", table="tests.scenes.test_new_table:NimTable", players=(2, 3),
        title_key="kiosk.stats.games"))
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def test_a_new_game_plays_on_the_base_by_mouse(app):
    from scenes.results import ResultsScene

    session = new_session("nim-test", [Seat("Ann", "human"), Seat("Bot", "bot", "random")], 3)
    table = NimTable(app, session)
    app.stack.push(table)
    app.step(1 / 20, [])
    for _ in range(3000):
        if not isinstance(app.stack.top, NimTable):
            break
        if table.my_turn() and table.active_buttons:
            pos = table.active_buttons[-1].rect.center
            app.step(1 / 20, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
            app.step(1 / 20, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        else:
            table.runner.wait_ready()
            app.step(1 / 20, [])
    assert session.game.over and isinstance(app.stack.top, ResultsScene)
    assert any(a[0] == 0 for a in table.moves) and any(a[0] == 1 for a in table.moves)


def test_a_rule_error_is_a_note_and_changes_nothing(app):
    session = new_session("nim-test", [Seat("Ann", "human"), Seat("Bot", "bot", "random")], 3)
    table = NimTable(app, session)
    app.stack.push(table)
    app.step(1 / 20, [])
    before = session.game.dump()
    assert not table.apply("take 9")
    assert table.message and session.game.dump() == before and session.actions == []
