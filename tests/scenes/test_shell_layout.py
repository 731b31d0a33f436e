"""Issue 21's shell screens, placed so nothing meets: the Settings panel clear of the window's
top and of the hints bar; the seat-setup block on its own dim panel (the skyline's lit windows
never behind its words); the results' breakdown boxes holding every row (Total too) above the
buttons; a screen change that never shows the old screen through the new one."""
from __future__ import annotations

import functools
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.play.session import GameSession, Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402
from game.runtime.scene import Scene  # noqa: E402
from scenes.results import ResultsScene  # noqa: E402
from scenes.seat_setup import SeatSetupScene  # noqa: E402
from scenes.settings import SettingsScene  # noqa: E402
from scenes.tables import table_info  # noqa: E402
from tests.peek import session_of  # noqa: E402

SIZES = [(1280, 720), (1920, 1080)]
WINDOW = (255, 214, 130)          # a lit window of the town skyline


@pytest.fixture(params=SIZES, ids=["720p", "1080p"])
def app(request, tmp_path):
    app = App(size=request.param, home=str(tmp_path), audio=False, lang="en")
    yield app
    app.stack.clear()
    app.shutdown()


@pytest.mark.parametrize("staff", [False, True])
def test_settings_panel_stands_inside_the_window_above_the_hints(app, staff):
    app.kiosk = staff
    scene = SettingsScene(app, staff=staff)
    app.stack.clear_to(scene)
    app.step(1 / 20, [])
    panel = scene.panel_rect()
    w, h = app.size
    assert panel.top >= app.s(12) and panel.bottom <= h - app.s(78), panel
    for widget in scene.widgets:
        assert panel.contains(widget.rect), (widget.rect, panel)


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_settings_rows_names_are_one_size(app, lang):
    """Issue 21 (stranger21): the last English row ("Hungry Meow: group the hand by symbol") was
    shrunk alone to a smaller font. Every row's name is drawn at one size, and each fits at it."""
    from game.ui.textfit import Box, fit_text
    from scenes.settings import LABEL, SettingRow

    app.set_language(lang)
    scene = SettingsScene(app)
    app.stack.clear_to(scene)
    app.step(1 / 20, [])
    rows = [w for w in scene.widgets if isinstance(w, SettingRow)]
    drawn = {w.label: fit_text(app, app.t(w.label), Box(LABEL.w, LABEL.h, w.label_px, LABEL.steps))
             for w in rows}
    assert {f.px for f in drawn.values()} == {LABEL.px}, {k: f.px for k, f in drawn.items()}
    assert not any(f.overflow for f in drawn.values())
    app.set_language("en")


def test_seat_setup_words_stand_on_a_dim_panel_not_on_lit_windows(app):
    scene = SeatSetupScene(app, table_info("hungry-meow"))
    app.stack.clear_to(scene)
    for _ in range(3):
        app.step(1 / 20, [])
    w = app.size[0]
    band = pygame.Rect(0, 0, app.s(1000), app.s(46))
    band.midtop = (w // 2, scene.y(716))
    lit = sum(1 for x in range(band.left, band.right, 3) for y in range(band.top, band.bottom, 3)
              if app.screen.get_at((x, y))[:3] == WINDOW)
    assert lit == 0


@functools.cache
def finished(game: str, players: int) -> GameSession:
    seats = [Seat(f"Cat{i}", "bot", "random", "tabby") for i in range(players)]
    session = GameSession(game, seats, 11, {"rounds": 1} if game == "zodiac" else {})   # a short match
    rng = random.Random(2)
    while not session.game.over:
        session.apply(rng.choice(session.game.legal_actions()))
    return session


@pytest.mark.parametrize("game,players", [("hungry-meow", 6), ("meow-dice", 4), ("zodiac", 6)])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_results_boxes_hold_every_row_above_the_buttons(app, game, players, lang):
    app.set_language(lang)
    scene = ResultsScene(app, finished(game, players))
    app.stack.clear_to(scene)
    app.step(1 / 20, [])
    buttons = min(b.rect.top for b in scene.widgets)
    assert len(scene.row_boxes) == players
    for back, rows in scene.row_boxes.values():
        assert back.contains(rows) and min(rows.top - back.top, back.bottom - rows.bottom) >= app.s(6)
        assert back.bottom <= buttons, (back, buttons)
    for seat, tag in scene.winner_tags.items():      # the "Winner" tag on its own dim plate
        assert not tag.colliderect(scene.row_boxes[seat][0]), (tag, scene.row_boxes[seat][0])
        inside = tag.inflate(-tag.h, -app.s(6))         # within its rounded ends
        lit = sum(1 for x in range(inside.left, inside.right, 2) for y in range(inside.top, inside.bottom, 2)
                  if app.screen.get_at((x, y))[:3] == WINDOW)
        assert lit == 0, tag


class Fill(Scene):
    def __init__(self, app, colour):
        super().__init__(app)
        self.colour = colour

    def draw(self, surface):
        surface.fill(self.colour)


def test_a_screen_change_never_shows_the_old_screen_through_the_new(app):
    app.stack.clear_to(Fill(app, (200, 0, 0)))
    for _ in range(3):
        app.step(1 / 60, [])
    app.stack.replace(Fill(app, (0, 0, 200)))
    seen = []
    for _ in range(40):
        app.step(1 / 60, [])
        r, _, b = app.screen.get_at((5, 5))[:3]
        seen.append((r, b))
        assert not (r > 40 and b > 40), seen       # never red and blue at once
    assert seen[-1] == (0, 200)


def test_pause_says_which_game_and_that_quitting_keeps_it(app, tmp_path):
    """The pause names the game and its turn, and says quitting keeps the game (the title then
    offers "Continue", which this checks); the panel stays inside the window above the hints."""
    from game.play.watch import SessionWatcher
    from scenes.pause import PauseScene
    from scenes.title import TitleScene

    watcher = SessionWatcher(app, str(tmp_path))
    app.frame_hooks.append(watcher.update)
    seats = [Seat("Ann", "human", "heuristic", "tabby"), Seat("Bo", "bot", "heuristic", "calico")]
    table = table_info("hungry-meow").scene_class()(app, GameSession("hungry-meow", seats, 3, {}, {}, []))
    app.stack.clear_to(table)
    app.step(1 / 20, [])
    pause = PauseScene(app, table)
    app.stack.push(pause)
    app.step(1 / 20, [])
    assert pause.kept() and "Hungry Meow" in pause.where_text()
    panel = pause.panel_rect()
    assert panel.top >= app.s(12) and panel.bottom <= app.size[1] - app.s(78), panel
    assert all(panel.contains(w.rect) for w in pause.widgets)
    pause.quit_to_title()
    for _ in range(3):
        app.step(1 / 20, [])
    assert isinstance(app.stack.top, TitleScene) and app.stack.top.continue_button is not None
    # issue 21 (stranger21): "Continue" sat right under the tagline, a second yellow call to
    # action, and did not say which table
    title = app.stack.top
    button = title.continue_button
    assert "Hungry Meow" in button.text(app) and not button.primary
    tagline = title.tagline_top() + app.s(60)            # the tagline's box (TAGLINE.h)
    assert button.rect.top >= tagline + app.s(16), (button.rect, tagline)
    assert not any(button.rect.colliderect(rect) for _, rect in title.house_rects())
    app.kiosk = True                       # a kiosk resumes by itself: nothing to say
    assert not PauseScene(app, table).kept()


def test_a_lesson_pause_says_quitting_ends_the_lesson_and_continue_brings_the_game(app, tmp_path):
    """Issue 21 (stranger21): quitting a lesson from the pause said nothing. A lesson's pause
    names the lesson (not "turn 1" as if it were a game) and says quitting ends it unsaved; a
    lesson opened over a game says that game is kept, and the title's "Continue" then brings
    back that game, never the half lesson. A lesson from the title leaves no "Continue"."""
    from game.play.watch import SessionWatcher
    from scenes.pause import PauseScene
    from scenes.table.lesson import LessonTable, open_lesson
    from scenes.title import TitleScene

    watcher = SessionWatcher(app, str(tmp_path))
    app.frame_hooks.append(watcher.update)

    def pause_lesson():
        for _ in range(10):
            app.step(1 / 20, [])
        lesson = app.stack.top
        assert isinstance(lesson, LessonTable)
        pause = PauseScene(app, lesson)
        app.stack.push(pause)
        app.step(1 / 20, [])
        assert app.t("learn.menu") in pause.where_text() and not pause.kept()
        return pause

    def quit_to(pause):
        pause.quit_to_title()
        for _ in range(3):
            app.step(1 / 20, [])
        assert isinstance(app.stack.top, TitleScene)
        return app.stack.top

    app.stack.clear_to(TitleScene(app))
    app.step(1 / 20, [])
    open_lesson(app, "hungry-meow")                          # from the title: nothing under it
    pause = pause_lesson()
    assert pause.note() == "pause.lesson_quit"
    assert quit_to(pause).continue_button is None

    seats = [Seat("Ann", "human", "heuristic", "tabby"), Seat("Bo", "bot", "heuristic", "calico")]
    table = table_info("hungry-meow").scene_class()(app, GameSession("hungry-meow", seats, 3, {}, {}, []))
    app.stack.push(table)
    app.step(1 / 20, [])
    game_pause = PauseScene(app, table)
    app.stack.push(game_pause)
    app.step(1 / 20, [])
    assert game_pause.note() == "pause.kept"
    game_pause.learn()                                       # the lesson over the game
    pause = pause_lesson()
    assert pause.note() == "pause.lesson_kept"
    title = quit_to(pause)
    assert title.continue_button is not None and "Hungry Meow" in title.continue_button.text(app)
    from scenes.continue_game import continue_scene
    resumed = continue_scene(app)
    assert resumed is not None and not isinstance(resumed, LessonTable)
    assert session_of(resumed).seed == 3 and [s.name for s in resumed.feed.seats] == ["Ann", "Bo"]


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_seat_setup_heading_stands_clear_of_its_panel(app, lang):
    """Issue 21 #14: the descenders of "Who is playing …?" sat on the backing's top border where a
    row of options lifts the block (Meow Meow Dice, Zodiac). The heading's line box ends above the
    panel, with a gap, at every table, and the block still holds the seats."""
    app.set_language(lang)
    for game in ("hungry-meow", "meow-dice", "zodiac"):
        scene = SeatSetupScene(app, table_info(game))
        app.stack.clear_to(scene)
        app.step(1 / 20, [])
        heading, backing = scene.heading_rect, scene.backing_rect
        assert heading.bottom + app.s(6) <= backing.top, (game, heading, backing)
        assert heading.top >= app.s(12), (game, heading)
        for widget in scene.widgets[:4 * len(scene.seats)]:
            rect = widget.rect
            assert backing.contains(rect) and rect.top - backing.top >= app.s(8), (game, rect)
    app.set_language("en")
