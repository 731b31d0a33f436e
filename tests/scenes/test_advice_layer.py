"""Ask the tiger and the odds on the shared table: asked by mouse, keyboard (T) and pad (stick
click); the hint highlights widgets that are on screen and applies nothing; it goes when the
position changes; "Show odds" turns the odds off; attract tables have no tiger."""
from __future__ import annotations

import pygame
import pytest

from game.bots import hungry_meow_odds
from game.play.session import GameSession, Seat
from game.runtime.app import App
from scenes.hungry_meow.table import HungryMeowTable
from scenes.meow_dice.table import MeowDiceTable
from scenes.zodiac.table import ZodiacTable
from tests.peek import engine_of, session_of
from tests.scenes.hm_driver import PAD_ID, Driver, key

TABLES = {"hungry-meow": HungryMeowTable, "meow-dice": MeowDiceTable, "zodiac": ZodiacTable}


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def open_table(app, game: str, seed: int = 7, device: str = "mouse", attract: bool = False) -> Driver:
    seats = [Seat(name, "human" if i == 0 else "bot", "heuristic", coat)
             for i, (name, coat) in enumerate([("Mochi", "tabby"), ("Tofu", "calico")])]
    session = GameSession(game, seats, seed, {}, {}, [])
    table = TABLES[game](app, session, attract=attract)
    app.stack.push(table)
    return Driver(app, table, device=device)


def ready_for_tiger(drv: Driver) -> None:
    """Settle until the person may ask (Zodiac: past the mermaid placing, at a pointing)."""
    for _ in range(30):
        drv.settle()
        if "btn:tiger" in drv.table.widgets():
            return
        if drv.table.mode == "arrange":
            drv.table._arrange_done()
    raise AssertionError("the tiger button never showed on the person's turn")


def wait_hint(drv: Driver):
    for _ in range(200):
        drv.table.advice.runner.wait_ready()
        drv.step()
        if drv.table.advice.hint is not None:
            return drv.table.advice.hint
    raise AssertionError("no hint came")


def stick_click() -> list:
    b = pygame.CONTROLLER_BUTTON_RIGHTSTICK
    return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD_ID, button=b),
            pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=PAD_ID, button=b)]


@pytest.mark.parametrize("game,device",
                         [("hungry-meow", "mouse"), ("meow-dice", "keyboard"), ("zodiac", "pad")])
def test_ask_the_tiger_by_each_device(app, game, device):
    drv = open_table(app, game, device=device)
    ready_for_tiger(drv)
    table = drv.table
    before = list(session_of(table).actions)
    if device == "mouse":
        drv.click("btn:tiger")
    elif device == "keyboard":
        drv.step([key(pygame.K_t)])
    else:
        drv.step(stick_click())
    hint = wait_hint(drv)
    assert hint.action in engine_of(table).legal_actions()
    shown = table.widgets()
    assert any(t in shown for t in hint.targets), (hint.targets, sorted(shown))
    assert hint.render(app.t, table.seat_name).strip()
    drv.step(frames=5)
    assert session_of(table).actions == before          # the person still chooses


def test_the_hint_goes_when_the_position_changes(app):
    drv = open_table(app, "hungry-meow")
    ready_for_tiger(drv)
    table = drv.table
    drv.click("btn:tiger")
    hint = wait_hint(drv)
    table.send(hint.action)
    drv.step()
    assert table.advice.hint is None


def test_show_odds_setting_turns_the_odds_off(app, monkeypatch):
    drv = open_table(app, "hungry-meow")
    ready_for_tiger(drv)
    table = drv.table
    drawn = []
    real = table.advice.draw_odds
    monkeypatch.setattr(table.advice, "draw_odds", lambda surface: drawn.append(1) or real(surface))
    app.settings.show_odds = True
    app.step(1 / 20, [])
    assert drawn
    view = engine_of(table).view(0)
    assert 0 < hungry_meow_odds.death_chance(view) < 1
    drawn.clear()
    app.settings.show_odds = False
    app.step(1 / 20, [])
    assert not drawn


def test_attract_tables_have_no_tiger(app):
    seats = [Seat("a", "bot", "heuristic"), Seat("b", "bot", "heuristic")]
    table = MeowDiceTable(app, GameSession("meow-dice", seats, 3, {}, {}, []), attract=True)
    app.stack.push(table)
    for _ in range(20):
        app.step(1 / 20, [key(pygame.K_t)])
    assert not table.advice.on and "btn:tiger" not in table.widgets()
    assert table.advice.hint is None


def test_the_tiger_button_is_in_the_focus_ring(app):
    """A pad player can also reach the button and press A."""
    drv = open_table(app, "meow-dice", device="pad")
    ready_for_tiger(drv)
    drv.pad_press("btn:tiger")
    assert wait_hint(drv).action in engine_of(drv.table).legal_actions()


@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_a_hover_tooltip_does_not_hide_the_tigers_words(app, game):
    """Issue 21 playtest #2: the mouse rests on a hand card (its tip in the dock), T is pressed:
    the tiger's words keep the dock until the move is made, and one card only is marked."""
    from scenes.table.tooltip import DELAY, Tip
    drv = open_table(app, game, device="keyboard")
    ready_for_tiger(drv)
    table = drv.table
    pieces = [w for w in table.focus.items if w is not table.advice.button]
    described = [w for w in pieces if table.describe(w)]
    if not described:                 # at this moment only buttons take the focus: give them a tip
        table.describe = lambda w: Tip("A piece", ["what it means"])
        described = pieces
    piece = described[0]
    pos = piece.rect.center
    drv.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    drv.step(frames=int(DELAY / drv.dt) + 4)
    assert table.tooltip.shown                       # the tip came first, as in the playtest
    drv.step([key(pygame.K_t)])
    hint = wait_hint(drv)
    drv.step(frames=int(DELAY / drv.dt) + 4)
    assert not table.tooltip.shown
    assert any(d.name == "hint" and d.layer == "overlay" for d in table.boxes.items)
    if game == "zodiac":           # the tiger's card takes the focus: Enter follows it (stranger21b #4)
        assert table.focus.focused is table.widget(hint.targets[0])
    else:
        assert table.focus.focused is piece          # the focus frame stays on the pointed card
