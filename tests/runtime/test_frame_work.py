"""Work a frame does not repeat (issue 23): what was found for a text drawn the frame before is
kept, not found again, and the same pictures go to the same places."""
import pygame

from game.art import palette as P


def _counting(monkeypatch, target, name):
    calls = []
    real = getattr(target, name)
    monkeypatch.setattr(target, name, lambda *a, **k: calls.append(a) or real(*a, **k))
    return calls


def test_a_text_drawn_again_next_frame_is_not_looked_up_again(app, monkeypatch):
    """``App.draw_text`` keeps a text's blits (its shadow, itself) for the next frame: drawn
    again then, the very pictures go to the very places with no look-up; not drawn for a frame,
    it is forgotten (looked up again)."""
    looked = _counting(monkeypatch, app.text_cache, "render")
    screen = pygame.Surface(app.size)
    first = app.draw_text(screen, "Whiskers", 30, P.CREAM, (200, 100), "center")
    assert len(looked) == 2                             # the text and its shadow
    app.forget_texts()                                  # the next frame
    again = app.draw_text(screen, "Whiskers", 30, P.CREAM, (200, 100), "center")
    assert again == first and len(looked) == 2
    again.x += 50                                       # the caller's own rect: the kept one stays
    assert app.draw_text(screen, "Whiskers", 30, P.CREAM, (200, 100), "center") == first
    app.draw_text(screen, "Whiskers", 30, P.CREAM, (201, 100), "center")    # another place
    assert len(looked) == 4
    app.forget_texts()
    app.forget_texts()                                  # a frame without it
    app.draw_text(screen, "Whiskers", 30, P.CREAM, (200, 100), "center")
    assert len(looked) == 6


def test_a_kept_text_draws_the_same_pixels(app):
    """The same pixels as the text drawn anew (shadow and all)."""
    def drawn():
        surface = pygame.Surface(app.size)
        surface.fill((40, 60, 80))
        app.draw_text(surface, "Tabby 12", 34, P.LAMP, (300, 200), "midleft")
        return pygame.image.tobytes(surface, "RGB")
    fresh = drawn()
    assert app._texts[0]                                # kept
    assert drawn() == fresh


def test_a_tables_fitted_line_is_measured_once(app, monkeypatch):
    """``TableLook.text`` with a width measures its words once per size and width (a table
    measured a dozen seat texts every frame at 4K)."""
    from cli_play import demo_session
    from scenes.tables import table_info

    session = demo_session("hungry-meow", 3, 7, app.t)
    table = table_info("hungry-meow").scene_class()(app, session, attract=True)
    fits = _counting(monkeypatch, app, "fit_font")
    screen = pygame.Surface(app.size)
    long_name = "Bartholomew the Magnificent of the Alley"
    for _ in range(3):
        table.text(screen, long_name, 32, P.CREAM, (300, 300), max_w=120)
    assert len(fits) == 1
    assert table.boxes.clipped.count(long_name) == 3          # still noted as cut every time
    table.text(screen, long_name, 32, P.CREAM, (300, 300), max_w=140)
    assert len(fits) == 2
