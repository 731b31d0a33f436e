"""A fourth game loses nothing: Fish Pond (tests/fourth_game: its own engine, level, texts and
palette, registered as a kit for these tests only) gets undo, the tiger's hint, rules help, a
results breakdown, a simulate report, attract mode and "no lesson yet" from the shared layers,
with no line of theirs naming it."""
from __future__ import annotations

import ast
import pathlib
import subprocess
import sys

import pygame
import pytest

from game.play.match import Match, new_session
from game.play.session import Seat
from game.rules import registry
from tests.fourth_game.fish_pond import KIT, FishPond
from tests.peek import match_of
from tests.scenes.hm_driver import UNSEEN

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOME = pathlib.Path(KIT.home)
SHIPPED = {"hungry-meow": "hungry_meow", "meow-dice": "meow_dice", "zodiac": "zodiac"}
DT = 1 / 20


@pytest.fixture
def pond(monkeypatch):
    monkeypatch.setitem(registry.KITS, KIT.name, KIT)
    return KIT.name


@pytest.fixture
def app(pond, tmp_path):
    from game.runtime.app import App

    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def people_and_bot(seed=3):
    return new_session("fish-pond", [Seat("Ann", "human", "random"), Seat("Bot", "bot", "random")], seed)


def open_table(app, session):
    from scenes.tables import table_info

    table = table_info("fish-pond").scene_class()(app, session)
    app.stack.push(table)
    app.step(DT, [])
    return table


def settle(app, table, frames=60):
    """Frames until the person may move (at least one: a pushed scene starts between frames)."""
    for _ in range(frames):
        table.runner.wait_ready()
        app.step(DT, [])
        if table.my_turn() and table.legal:
            break


def click(app, pos):
    app.step(DT, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(DT, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


# ---- it borrows nothing ---------------------------------------------------------------------------
def test_its_level_texts_palette_and_code_are_its_own():
    files = [p for p in HOME.rglob("*") if p.is_file() and "__pycache__" not in p.parts]
    names = {p.relative_to(HOME).as_posix() for p in files}
    assert {"levels/fish-pond.tmx", "levels/fish-pond-tiles.png", "assets/palettes/fish-pond.json",
            "assets/locale/fish_pond.pot", "assets/locale/zh_TW/LC_MESSAGES/fish_pond.po"} <= names
    assert KIT.level == "fish-pond" and KIT.palette == "fish-pond" and KIT.text_prefix == "fish_pond"
    for path in (p for p in files if p.suffix in (".py", ".tmx", ".json", ".pot", ".po")):
        text = path.read_text(encoding="utf-8")
        for name, word in SHIPPED.items():         # no other game's name, module, level or texts
            assert name not in text and word not in text, (path, name)
        assert "hm." not in text and "md." not in text and "zc." not in text, path
        if path.suffix == ".py":
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.ImportFrom) and node.module:
                    assert node.module.split(".")[0] in ("game", "scenes", "tests", "__future__",
                                                         "pygame", "copy", "pathlib", "random", "sys",
                                                         "level_tool")   # the program's level writer


def test_its_pure_parts_need_no_pygame():
    """Its engine, kit, bots and hint words work in the pure layers (pygame blocked)."""
    code = """
import sys
sys.modules['pygame'] = None
from tests.fourth_game.fish_pond import register
register()
from game.bots.advice import advise
from game.play.match import Match
from game.play.session import Seat
m = Match.new('fish-pond', [Seat('a', 'bot', 'random'), Seat('b', 'bot', 'random')], 5, all_bots=True)
m.play_out()
assert m.game.over
m = Match.new('fish-pond', [Seat('a', 'bot', 'random'), Seat('b', 'bot', 'random')], 5, all_bots=True)
hint = advise('fish-pond', m.game.view(0), m.game.legal_actions())
assert hint.action in m.game.legal_actions() and hint.text.key == 'tiger.plain'
print('ok')
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


# ---- what the shared layers give it -------------------------------------------------------------
def test_it_opens_plays_by_mouse_and_ends_with_a_breakdown(app):
    from scenes.results import ResultsScene
    from scenes.tables import available_tables, listed_tables

    assert "fish-pond" in [t.game for t in available_tables()]
    assert ("fish-pond", None) in [(t.game, problem) for t, problem in listed_tables()]
    session = people_and_bot()
    app.draw_every(UNSEEN)          # drawn: each new screen and each moment a press aims at
    table = open_table(app, session)
    assert app.t("fish_pond.prompt.take") == "Take a fish from either end"      # its own texts
    for _ in range(3000):
        if not isinstance(app.stack.top, type(table)):
            break
        if table.my_turn() and table.active_buttons and not table.presenter.busy:
            app.show_now()          # the button where it is shown
            click(app, table.active_buttons[0].rect.center)
        else:
            table.runner.wait_ready()
            app.step(DT, [])
    assert session.game.over and isinstance(app.stack.top, ResultsScene)
    rows = app.stack.top.rows
    moves = [sum(1 for actor, _a, _e in table.moves if actor == seat) for seat in range(2)]
    assert rows == [[("Moves made", str(moves[s])), ("Total", str(session.game.scores[s]))] for s in range(2)]
    app.step(DT, [])                                        # the results screen draws them


def test_a_rule_error_is_a_note_and_changes_nothing(app):
    session = people_and_bot()
    table = open_table(app, session)
    settle(app, table)
    before = session.game.dump()
    assert not table.apply("stop") and not table.apply("take 9")
    assert table.message and session.game.dump() == before and session.actions == []


def test_undo_takes_back_a_fish_within_the_turn(app):
    session = people_and_bot()
    table = open_table(app, session)
    settle(app, table)
    before = session.game.dump()
    table.send("take right")
    settle(app, table)
    assert match_of(table).undoable(0) == 1 and session.game.dump() != before
    click(app, table.tools.undo_btn.rect.center)
    settle(app, table)
    assert session.game.dump() == before and session.actions == []
    assert table.apply("take left") and table.apply("take left")   # two fish end the turn
    settle(app, table)                     # and the bot's move is a wall
    settle(app, table)
    assert match_of(table).undoable(0) == 0


class Murky(FishPond):
    """Fish Pond in murky water: the next fish is hidden in the dump only."""

    def view(self, seat):
        return {k: v for k, v in super().view(seat).items() if k != "pond"}


class Restocked(FishPond):
    """Fish Pond where each take drops a fresh random fish into the pond."""

    def _apply(self, action):
        events = super()._apply(action)
        if action != "stop" and self.pond:
            self.pond.append(self.rng.randint(1, 5))
        return events


@pytest.mark.parametrize("engine, quiet", [(FishPond, True), (Murky, False), (Restocked, False)])
def test_undo_by_default_only_when_nothing_was_hidden_or_random(pond, engine, quiet):
    """Its kit names no quiet events: a take is quiet when the pond lay in plain sight and
    nothing random was drawn; hidden state or a random draw makes it a wall."""
    match = Match(new_session("fish-pond", [Seat("Ann", "human"), Seat("Bot", "bot", "random")], 3,
                              engine_class=engine))
    match.apply("take left")
    assert match.undoable(0) == (1 if quiet else 0)
    assert match.undo(0) is quiet


def test_the_tiger_gives_a_hint_in_plain_words(app):
    session = people_and_bot()
    table = open_table(app, session)
    settle(app, table)
    table.advice.ask()
    for _ in range(100):
        table.advice.runner.wait_ready()
        app.step(DT, [])
        if table.advice.hint is not None:
            break
    hint = table.advice.hint
    assert hint is not None and hint.action in session.game.legal_actions()
    assert hint.render(app.t) == f"I would play: {hint.action}"


def test_rules_help_shows_its_own_pages(app):
    from scenes.rules_help import RulesHelpScene, draw_pictures, pages_for

    pages = pages_for(app, "fish-pond")
    assert [p["title"] for p in pages] == ["The pond", "Your turn", "The end"]
    assert not draw_pictures(pygame.Surface((10, 10)), "fish-pond", 1, pygame.Rect(0, 0, 10, 10), lambda v: v)
    scene = RulesHelpScene(app, "fish-pond")
    app.stack.push(scene)
    app.step(DT, [])
    scene.turn(2)
    app.step(DT, [])
    assert scene.page == 2


def test_no_lesson_yet(app):
    from scenes.table.lesson import open_lesson, should_offer, table_lessons
    from scenes.table_select import TableSelectScene

    assert table_lessons(app, "fish-pond") == []
    assert not should_offer(app, "fish-pond") and not open_lesson(app, "fish-pond")
    select = TableSelectScene(app)                # Learn to play on its card says so
    app.stack.push(select)
    app.step(DT, [])
    select.focus.set_focus(next(c for c in select.widgets if getattr(c, "info", None) is KIT))
    select.learn()
    app.step(DT, [])
    assert select.note[0] == "No lesson for Fish Pond yet" and app.stack.top is select


def test_simulate_writes_a_report(pond, tmp_path):
    pytest.importorskip("matplotlib")
    from game.simulation import simulate

    path = tmp_path / "pond.html"
    assert simulate.main(["fish-pond", "--games", "40", "--players", "3", "--report", str(path)]) == 0
    page = path.read_text(encoding="utf-8")
    assert "balance report: fish-pond" in page
    for plot in ("Win share per seat", "Game length", "Endings"):
        assert f"alt='{plot}'" in page


def test_attract_mode_plays_it_to_the_end(app, monkeypatch):
    from kiosk.screens.attract import AttractScene
    from scenes.tables import table_info

    monkeypatch.setattr(AttractScene, "tables", staticmethod(lambda: [table_info("fish-pond")]))
    monkeypatch.setattr(AttractScene, "games_completed", 0)
    app.draw_every(UNSEEN)          # reads which game was shown and that one ended: state
    scene = AttractScene(app, seed=4)
    app.stack.push(scene)
    for _ in range(4000):
        if AttractScene.games_completed:
            break
        if scene.table is not None:
            scene.table.runner.wait_ready()
        app.step(DT, [])
    assert scene.shown[0] == "fish-pond" and AttractScene.games_completed >= 1


def test_the_title_and_table_select_show_its_door_and_cover(app):
    """Its door on the title street and its card on the table select (the title read the door
    colours by game name: a KeyError for any game the shared palette did not list)."""
    from scenes.table_select import TableSelectScene
    from scenes.title import TitleScene

    app.stack.clear_to(TitleScene(app))
    app.step(DT, [])
    app.step(DT, [])
    app.stack.push(TableSelectScene(app))
    app.step(DT, [])
    app.step(DT, [])
    select = app.stack.top
    assert "fish-pond" in [info.game for info, _problem in select.listed]
    cards = [w for w in select.widgets if hasattr(w, "info")]
    for card in (cards[-1], cards[0]):     # four cards are wider than the window: each slides in
        select.focus.set_focus(card)
        app.step(DT, [])
        assert 0 <= card.rect.left and card.rect.right <= app.size[0], card.info.game


def test_its_cover_and_palette(app):
    from game.art import palette as P
    from game.art.covers import cover

    assert "fish-pond" in P.names()
    assert P.colours("fish-pond").FISH_INK == (28, 36, 48)
    art = cover("fish-pond", (480, 300))
    assert pygame.mask.from_surface(art).count() > 100000      # the plain cover, drawn

