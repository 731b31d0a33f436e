"""Outside kiosk mode a game left unfinished is offered as "Continue" on the title, and continuing
brings back the same table, seats and position; names typed at seat setup are limited."""
import pygame

from game.play.session import GameSession, Seat
from game.play.watch import SessionWatcher, running_session

from .helpers import key, steps, text, top_name


def _app(home):
    from game.runtime.app import App
    app = App(size=(1280, 720), kiosk=False, home=str(home), audio=False)
    app.seed = 5
    watcher = SessionWatcher(app, str(home))
    app.frame_hooks.append(watcher.update)            # as cli_play does
    return app, watcher


def test_title_continue_brings_the_game_back(tmp_path):
    from scenes.tables import available_tables
    from scenes.title import TitleScene
    info = available_tables()[0]
    app, watcher = _app(tmp_path)
    try:
        session = GameSession(info.game, [Seat("Ann", "human"), Seat("Bob", "bot", "random")], seed=9)
        app.stack.clear_to(TitleScene(app))
        steps(app, 0.1)
        assert app.stack.top.continue_button is None           # nothing saved yet
        app.stack.push(info.scene_class()(app, session))
        steps(app, 0.1)
        while len(session.actions) < 3:                      # play on: computer cat moves
            session.apply(session.game.legal_actions()[0])
        dump = session.game.dump()
        app.running = False                                  # the window closes mid-game
    finally:
        app.shutdown()
    app, watcher = _app(tmp_path)
    try:
        app.stack.clear_to(TitleScene(app))
        steps(app, 0.1)
        assert app.stack.top.continue_button is not None
        steps(app, 0.2, [key(pygame.K_RETURN), key(pygame.K_RETURN, False)])
        resumed, table = running_session(app.stack)
        assert table is app.stack.top and resumed.game.dump() == dump
        assert [s.name for s in resumed.seats] == ["Ann", "Bob"]
        assert len(watcher.records.rows()) == 1                # the same records row goes on
    finally:
        app.shutdown()


def test_seat_names_are_limited_in_length_and_to_printable_characters(tmp_path):
    from scenes.seat_setup import MAX_NAME, SeatSetupScene, clean_name
    from scenes.tables import available_tables
    assert clean_name("Mo\x00chi\t\u200b" + "x" * 40) == ("Mochi" + "x" * 40)[:MAX_NAME]
    assert MAX_NAME <= 16
    app, _ = _app(tmp_path)
    try:
        scene = SeatSetupScene(app, available_tables()[0])
        app.stack.clear_to(scene)
        steps(app, 0.1)
        field = next(w for w in scene.focus.items if getattr(w, "part", "") == "name")
        scene.focus.set_focus(field)
        steps(app, 0.1, [key(pygame.K_RETURN), key(pygame.K_RETURN, False)])     # start typing
        steps(app, 0.1, [text("\x1b[31m" + "貓" * 30 + "\x07")])
        steps(app, 0.1, [key(pygame.K_RETURN), key(pygame.K_RETURN, False)])
        name = scene.seats[field.seat_index].name
        assert "貓" in name and 0 < len(name) <= MAX_NAME and name.isprintable()
        assert top_name(app) == "SeatSetupScene"
    finally:
        app.shutdown()
