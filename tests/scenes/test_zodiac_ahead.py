"""A Zodiac turn change's pictures made before it shows (issue 23, scenes/zodiac/ahead.py): at
4K the frame a turn first showed made the seat's breathing glow, two name plates and the cat's
thinking pose, with the turn's words (9 pictures, 15 ms)."""
from __future__ import annotations

import math

import pygame
import pytest

from game.art.cache import ART
from game.runtime.app import App
from tests.scenes.ahead_standins import asked_ahead, making_ahead


@pytest.fixture
def table(tmp_path):
    from cli_play import demo_session
    from scenes.tables import table_info

    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    table = table_info("zodiac").scene_class()(app, demo_session("zodiac", 6, 7, app.t), attract=True)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(900):
        table.presenter.skip()
        app.step(1 / 60, ())
        if table.presenter.board.current is not None and not table.presenter.flyers:
            break
    assert table.presenter.board.current is not None
    yield table
    app.shutdown()


def test_a_zodiac_turns_glow_and_plates_are_asked_for_before_it_shows(table, monkeypatch):
    """The game's turn runs ahead of the one shown: its seat's seven glow sizes and its plate
    with the turn's gold edge are asked of the art worker; drawing the turn then (a whole
    breath, and the plate of the seat whose turn ended) makes only pictures asked for."""
    from game.art.draw import ellipse_glow, panel

    app, board = table.app, table.presenter.board
    shown = board.current
    nxt = (shown + 1) % table.n
    table.game.current = nxt                            # the game's turn, not yet shown
    asked = asked_ahead(monkeypatch, app)
    table.warm_up()
    glows = {key for family, key in asked if family == ellipse_glow.family}
    assert len(glows) == 14                            # seven for each of the two turns
    made = []
    put = ART.put
    monkeypatch.setattr(ART, "put", lambda family, key, *a:
                        made.append((family, key)) or put(family, key, *a))
    ART.clear()
    board.current = nxt                                 # the turn shows
    surface = pygame.Surface(app.size)
    for i in range(40):                                 # through a whole breath
        table.time = i * (2 * math.pi / 4) / 40
        table.__dict__.pop("_pieces", None)
        table._draw_seat(surface, nxt)
        table._draw_seat(surface, shown)
    drawn = {(family, key) for family, key in made if family in (ellipse_glow.family, panel.family)}
    assert {f for f, _ in drawn} == {ellipse_glow.family, panel.family}
    assert drawn <= set(asked), drawn - set(asked)

def test_the_zooms_faces_are_asked_for_after_the_deal(tmp_path, monkeypatch):
    """The zoom's 13 faces (1.3 MB each at 4K) are first shown when a card is turned up, after
    the deal: asked for before it, they arrived from the art worker in the deal's frames, each
    filed there (~1 ms). Before the deal and while it flies only the backs are asked for (every
    RECHECK frames, as all else asked for: not each frame)."""
    from cli_play import demo_session
    from game.art.cards_zodiac import card_back, card_face
    from scenes.tables import table_info
    from scenes.zodiac.ahead import RECHECK
    from scenes.zodiac.pictures import ZOOM_W

    app = App(size=(1920, 1080), home=str(tmp_path), audio=False, lang="en")
    try:
        table = table_info("zodiac").scene_class()(app, demo_session("zodiac", 6, 7, app.t), attract=True)
        app.stack.push(table)
        app.stack.apply_pending()
        asked = []

        class Ahead:
            active = True

            def want(self, fn, *args):
                asked.append(None if fn is card_face and args[1] != zoom_w else fn)   # zoom faces
                if fn is card_back and args[0] == zoom_w:
                    asked.append("zoom back")
                return True

            def asked(self, fn, *args, keep_free=0):     # (the cats' tail frames: made here)
                return False

            def send(self):
                pass

            def busy(self):
                return False

            def collect(self):
                return 0
        monkeypatch.setattr(app, "art_ahead", Ahead())
        zoom_w = table.s(ZOOM_W)           # (a card turned in the deal, the trump: at its width)
        seen = []                          # (cards in the air, zoom faces asked for) each frame
        zoom_backs = []                    # the zoom-wide back asked for, each frame
        for _ in range(200):
            del asked[:]
            app.step(1 / 60, ())
            seen.append((len(table.presenter.flyers), asked.count(card_face), asked.count(card_back)))
            zoom_backs.append("zoom back" in asked)
            if seen[-1][1]:
                break
        assert any(backs for _, _, backs in seen[:3])              # the backs from the first frames
        assert max(n for n, _, _ in seen) > 40                    # through the deal
        assert seen[-1][0] <= 2 and seen[-1][1] == 13             # the faces once it has landed
        assert zoom_backs[-1] and not any(zoom_backs[:-1])       # and the zoom-wide back
        assert sum(1 for _, _, backs in seen if backs) <= len(seen) // RECHECK + 2   # backs: not each frame
    finally:
        app.shutdown()


def test_the_trumps_shout_and_a_zooms_caption_are_made_before_they_show(table, monkeypatch):
    """The trump's shout (its words and 1084x230 panel at 4K, and the panel with the words on it),
    its name under it and the caption under a card's zoom were made in the frame they first
    showed (busy already: the zoom's whole place drawn again). The presenter says them when
    their step starts; warm_up makes the words in a later frame and asks the art worker for the
    panels: showing them makes none."""
    from game.art.draw import panel
    from game.rules.base import Event
    from game.runtime.dirty import Recorder

    app, presenter, board = table.app, table.presenter, table.presenter.board

    making_ahead(monkeypatch, app)                  # the art worker, making what is asked
    pos = next(p for p, c in enumerate(board.centre) if c is not None and c.flip < 0.5)
    kind = next(k for k in ("OX", "PIG", "DOG") if k != board.trump)
    presenter.on_TrumpTurned(Event("TrumpTurned", {"card": kind, "pos": pos}))
    data = {"by": 0, "step": 1, "card": kind, "where": "centre", "seat": None, "pos": pos}
    presenter.on_CardRevealed(Event("CardRevealed", data))
    for _ in range(8):                  # a few frames before they show
        table.warm_up()
    made = []
    put = ART.put
    monkeypatch.setattr(ART, "put", lambda family, key, *a:
                        made.append((family, key)) or put(family, key, *a))
    presenter.banner = (app.t("zc.ev.trump", kind=presenter.kind_name(kind)), (255, 214, 90), 1.0)
    board.trump, board.trump_shown = kind, True              # landed: its name under it
    table.zoom.show(kind, presenter.kind_name(kind))
    table.zoom.left = table.zoom.total / 2                    # the zoom fully shown, its caption
    table.draw(Recorder(app.size))
    name = presenter.kind_name(kind)
    words = [key for family, key in made if family.startswith("text") and name in key[1]]
    panels = [key for family, key in made       # the panels, the shout's picture, the zoom's shadow
              if family == panel.family or ".banners" in family or ".shadows" in family]
    assert not words and not panels, (words, panels)


def test_a_zodiac_turns_words_are_made_before_its_cat_thinks(table, monkeypatch):
    """The first frame a computer cat thinks on its turn made its plate's words (name, "thinking…")
    and the prompt's "… is thinking…" (at 4K six pictures, ~2 ms, with the turn's glow and cat).
    The game's turn runs ahead of the one shown: warm_up makes them in the frames before."""
    from game.runtime.dirty import Recorder

    app, board = table.app, table.presenter.board

    making_ahead(monkeypatch, app)                  # the art worker, making what is asked
    nxt = (board.current + 1) % table.n
    table.game.current = nxt                            # the game's turn, not yet shown
    for _ in range(12):
        ART.tick()
        table.warm_up()
    made = []
    put = ART.put
    monkeypatch.setattr(ART, "put", lambda family, key, *a:
                        made.append((family, key)) or put(family, key, *a))
    board.current = nxt                                 # the turn shows, its cat thinking
    monkeypatch.setattr(table, "pose_of", lambda s: "thinking" if s == nxt else "idle")
    table.draw(Recorder(app.size))
    name = table.seat_name(nxt)
    words = [key[1] for family, key in made if family.startswith("text") and isinstance(key[1], str)]
    assert not [w for w in words if name in w or w == app.t("zc.status.thinking")], words


def test_the_trumps_face_is_asked_for_when_the_deal_starts(table, monkeypatch):
    """The trump is turned up in the grid right after the deal: its face, asked when its turn
    started, was made in a frame of its flip when the art worker was still busy (at 4K 13-17 ms,
    frame 78). The deal's step sees the trump in the events after it and asks for it then."""
    from game.art.cards_zodiac import card_face
    from game.rules.base import Event

    asked = []

    class Ahead:
        active = True

        def want(self, fn, *args):
            asked.append((fn, args))
            return True
    monkeypatch.setattr(table.app, "art_ahead", Ahead())
    dealt = Event("Dealt", {"round": 2, "hand_sizes": [7] * table.n, "centre": 10, "grid": [2, 5]})
    trump = Event("TrumpTurned", {"card": "DOG", "pos": 3})
    table.presenter.on_Dealt(dealt, rest=[trump])
    faces = {args[:2] for fn, args in asked if fn is card_face}
    assert ("DOG", table.card_px(table.centre_slot(3)[1])) in faces
    assert ("DOG", table.card_px(table.trump_slot()[1])) in faces
