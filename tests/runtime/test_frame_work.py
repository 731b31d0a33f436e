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


def _table(app, game="hungry-meow", players=3):
    from cli_play import demo_session
    from scenes.tables import table_info

    return table_info(game).scene_class()(app, demo_session(game, players, 7, app.t), attract=True)


def test_a_piece_drawn_as_the_frame_before_is_not_walked_again(app):
    """``TableLook.kept_piece`` on a window drawn by parts: the same key as the frame before adds
    the very operations and boxes it recorded then, without drawing it; a new key, a frame
    missed, a picture gone from the art budget or a spy on the app's text each draw it anew."""
    from game.art.cache import ART
    from game.art.draw import panel
    from game.runtime.dirty import Recorder

    table = _table(app)
    walked = []

    def piece():
        walked.append(1)
        surface.blit(panel((120, 40), (20, 18, 40), 8, 2, (80, 232, 246)), (10, 10))
        table.text(surface, "Whiskers", 30, P.CREAM, (60, 30))
        table.boxes.add("overlay", "bubble:seat0", pygame.Rect(10, 10, 120, 40))
        return "drawn"

    def frame(key="k"):
        app.frame += 1
        surface.ops = []
        table.boxes.clear()
        return table.kept_piece(surface, "plate0", key, piece)

    surface = Recorder(app.size)
    assert frame() == "drawn" and len(walked) == 1
    ops, items = surface.ops, table.boxes.items
    assert frame() == "drawn" and len(walked) == 1                    # kept
    assert [op[0] for op in surface.ops] == [op[0] for op in ops] and table.boxes.items == items
    frame("other")
    assert len(walked) == 2                                           # a new key
    app.frame += 1                                                    # a frame without it
    frame("other")
    assert len(walked) == 3
    panel.cache_clear()                                               # its picture pushed out
    frame("other")
    assert len(walked) == 4
    frame("other")
    assert len(walked) == 4
    assert ART.noting is None
    app.draw_text = app.draw_text                                     # a test's spy on the texts
    frame("other")
    assert len(walked) == 5


def test_a_piece_is_drawn_as_always_on_a_plain_surface(app):
    """Only the redraw by parts keeps pieces: drawn on a surface, every frame walks it."""
    table = _table(app)
    walked = []
    surface = pygame.Surface(app.size)
    for _ in range(3):
        app.frame += 1
        table.kept_piece(surface, "hand0", "k", lambda: walked.append(1))
    assert len(walked) == 3


def test_a_hungry_meow_hand_and_plate_unchanged_are_not_walked_again(app, monkeypatch):
    """A Hungry Meow seat's name plate and hand, drawn by parts with nothing of theirs changed,
    are not drawn again the next frame (issue 23: they were most of the 4K table's walk)."""
    table = _table(app)
    app.stack.push(table)
    app.stack.apply_pending()
    painted = []
    for name in ("_paint_hand", "_draw_plate"):
        real = getattr(table, name)
        monkeypatch.setattr(table, name,
                            lambda *a, _r=real, _n=name, **k: painted.append((_n, a[1])) or _r(*a, **k))
    table.presenter.skip()
    app.step(1 / 60)
    first = len(painted)
    assert first == 2 * table.n
    table.update = lambda dt: None                                    # nothing changes
    app.step(1 / 60)
    assert len(painted) == first


def _painted_by_frame(app, monkeypatch, method: str, change) -> tuple:
    """What a Meow Meow Dice table's ``method`` paints (its second argument), drawn by parts, in
    three frames: the first, one with nothing changed, one after ``change(table)``; the last
    frame equals drawing the table straight. Returns the table and the three lists."""
    table = _table(app, "meow-dice", 4)
    app.stack.push(table)
    app.stack.apply_pending()
    painted: list = []
    real = getattr(table, method)
    monkeypatch.setattr(table, method, lambda *a, **k: painted.append(a[1]) or real(*a, **k))
    table.presenter.skip()
    frames = []
    for k in range(3):
        if k == 1:
            table.update = lambda dt: None                            # nothing changes
        if k == 2:
            change(table)
        painted.clear()
        app.step(1 / 60)
        frames.append(list(painted))
    straight = pygame.Surface(app.size)
    table.draw(straight)
    assert pygame.image.tobytes(app.screen, "RGB") == pygame.image.tobytes(straight, "RGB")
    return table, *frames


def test_a_meow_dice_seat_plate_unchanged_is_not_walked_again(app, monkeypatch):
    """A Meow Meow Dice seat's still piece (six cells) and the name and score on its plate, drawn
    by parts with none of them changed, are not drawn again the next frame (issue 23); a new
    score draws them anew, with the same pixels as drawing them straight."""
    def score(table):
        table.presenter.board.scores[1] += 3
    table, first, still, changed = _painted_by_frame(app, monkeypatch, "_seat_plate", score)
    assert sorted(first) == list(range(table.n))
    assert still == [] and changed == [1]


def test_a_meow_dice_slot_unchanged_is_not_walked_again(app, monkeypatch):
    """A Meow Meow Dice slot (its panel, card, tokens and line), drawn by parts with nothing of it
    changed, is not drawn again the next frame (issue 23); a token put on it draws that slot alone
    anew, the frame equal to drawing the table straight."""
    def token(table):
        table.presenter.board.slot_tokens.setdefault("TR", []).append("!C")
    table, first, still, changed = _painted_by_frame(app, monkeypatch, "_paint_slot", token)
    assert sorted(first) == sorted(table.presenter.board.slots)
    assert still == [] and changed == ["TR"]
