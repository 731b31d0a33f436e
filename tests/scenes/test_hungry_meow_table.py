"""The Hungry Meow table, played headless through posted mouse and controller events.

The tests read widget rects and the human seat's own view to decide what to press; every rules
action reaches the engine through the table scene (no test calls ``session.apply``).
"""
from __future__ import annotations

import json

import pygame
import pytest

from game.runtime.app import App
from game.runtime.layout import load_level
from scenes.hungry_meow.rules_view import explain
from scenes.hungry_meow.table import ANCHOR_NAMES, HungryMeowTable
from tests.peek import engine_of, session_of
from tests.scenes.hm_driver import UNSEEN, Driver, choose, fixed_setup, key, make_session

A, X, RB = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER
RIGHT = pygame.CONTROLLER_BUTTON_DPAD_RIGHT


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def open_table(app, session, device="mouse", attract=False) -> Driver:
    table = HungryMeowTable(app, session, attract=attract)
    app.stack.push(table)
    return Driver(app, table, device=device)


def results_scene():
    from scenes.results import ResultsScene
    return ResultsScene


def play_whole_game(drv: Driver, human: int, press) -> None:
    table = drv.table
    for _ in range(400):                       # turns of the human, at most
        drv.settle()
        if drv.app.stack.top is not table:
            break
        if engine_of(table).over:
            continue
        before = len(session_of(table).actions)
        for name in choose(table, human):
            press(name)
        assert len(session_of(table).actions) > before, f"pressing {choose(table, human)} sent nothing"
    for _ in range(400):
        if drv.app.stack.top is not table:
            break
        drv.step(drv.hurry_events() if table.presenter.busy else [])
    assert isinstance(drv.app.stack.top, results_scene())
    assert engine_of(table).over


def test_whole_game_by_mouse(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    session = make_session(players=3, humans=(0,), seed=21)
    drv = open_table(app, session, "mouse")
    played = []
    play = app.audio.play

    def record(cue, *args, **kw):      # every cue of the game, untrimmed
        played.append(cue)
        play(cue, *args, **kw)
    app.audio.play = record
    play_whole_game(drv, 0, drv.click)
    assert len(session.actions) > 40
    for cue in ("deal", "card_flip", "card_slide", "set_play", "pass_tap", "trick_won", "win_fanfare"):
        assert cue in played, cue


def test_back_opens_pause_and_the_table_waits(app):
    from scenes.pause import PauseScene

    session = make_session(players=3, humans=(0,), seed=21)
    drv = open_table(app, session, "keyboard")
    drv.settle()
    drv.step([key(pygame.K_RETURN)])                     # direction: the focused primary button
    drv.step([key(pygame.K_ESCAPE)])
    drv.step()
    assert isinstance(app.stack.top, PauseScene)
    n = len(session.actions)
    drv.step(frames=120)
    assert len(session.actions) == n                    # nobody moves while paused


def test_whole_game_by_controller(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    session = make_session(players=3, humans=(0,), seed=33)
    drv = open_table(app, session, "pad")
    play_whole_game(drv, 0, drv.pad_press)
    assert app.input.device == "pad"


def test_illegal_selection_is_explained_and_sends_nothing(app):
    setup = fixed_setup([["R3P", "R2P", "B5X", "Y1X", "G2X"], ["G6P", "Y7X", "B1X", "G1X", "R1X"]],
                        first=1, deck_top=["B8X", "Y8X", "G8X", "R8X"])
    session = make_session(players=2, humans=(0,), setup=setup,
                           actions=["direction cw", "draw 1", "play G6P"])
    drv = open_table(app, session, "mouse")
    drv.settle()
    drv.click("btn:draw1")
    drv.settle()
    assert drv.table.mode == "play"
    shown = drv.table.widgets()
    drv.click(next(n for n in shown if n.startswith("card:R3P")))
    drv.click(next(n for n in shown if n.startswith("card:R2P")))
    assert drv.table.explanation() == "paw 3 + paw 2 = 5 does not beat paw 6"
    assert not drv.table.widget_enabled("btn:play")
    n = len(session.actions)
    drv.click("btn:play")
    drv.step(frames=3)
    assert len(session.actions) == n
    # a punch card can't answer a paw set; the reason says so
    drv.click(next(n for n in shown if n.startswith("card:R3P")))
    drv.click(next(n for n in shown if n.startswith("card:R2P")))
    drv.click(next(n for n in drv.table.widgets() if n.startswith("card:B5X")))
    assert "answer with paw" in drv.table.explanation()
    drv.click("btn:pass")
    assert session.actions[-1] == "pass"


@pytest.mark.parametrize("device", ["mouse", "pad"])
def test_draw_five_and_draw_none_are_reachable(app, device):
    setup = fixed_setup([["R1P"], ["G6P", "Y7X", "B1X", "G1X", "R1X"]], first=0,
                        deck_top=["B8X", "Y8X", "G8X", "R8X", "B7X", "Y7P"])
    session = make_session(players=2, humans=(0,), setup=setup, options={"optional_draw": True})
    drv = open_table(app, session, device)
    press = drv.click if device == "mouse" else drv.pad_press
    drv.settle()
    press("btn:cw")
    drv.settle()
    assert {"btn:draw1", "btn:draw5", "btn:draw0"} <= set(drv.table.widgets())
    press("btn:draw5" if device == "mouse" else "btn:draw0")
    assert session.actions[-1] == ("draw 5" if device == "mouse" else "draw 0")


def test_explanations_cover_every_reason():
    name = {"P": "paw", "X": "punch"}.get
    assert explain([], [], name).key == "hm.why.empty"
    assert explain(["R1P", "R2P", "R3P", "R4P"], [], name).key == "hm.why.too_many"
    assert explain(["LOAF"], [], name).key == "hm.why.meal"
    assert explain(["R1P", "R2X"], [], name).key == "hm.why.mixed"
    v = explain(["R3P", "R2P"], ["G6P"], name)
    assert (v.ok, v.key, v.fmt["expr"], v.fmt["total"], v.fmt["target"]) == \
        (False, "hm.why.sum", "paw 3 + paw 2", 5, "paw 6")
    assert explain(["R7X"], ["G6P"], name).key == "hm.why.symbol"
    assert explain(["R7P"], ["G6P"], name).ok


PROPHECY_SETUP = fixed_setup([["R5P", "Y5P", "B1X", "G2X", "Y3X"], ["G1P", "Y2X", "B2X", "G3X", "R1X"]],
                             first=0, deck_top=["B8X", "Y8X", "G7X", "R7X", "B7P", "G6P", "R6X"])
PROPHECY_ACTIONS = ["direction cw", "draw 1", "play R5P Y5P", "draw 1", "pass"]


def test_prophecy_reorder_by_drag(app):
    session = make_session(players=2, humans=(0,), setup=PROPHECY_SETUP, actions=PROPHECY_ACTIONS)
    drv = open_table(app, session, "mouse")
    drv.settle()
    table = drv.table
    assert table.mode == "prophecy"
    seen = list(table.prophecy_order)
    assert seen == ["G7X", "R7X", "B7P", "G6P", "R6X"]
    drv.drag(drv.center("prophecy:0"), drv.center("prophecy:2"))
    assert table.prophecy_order == ["R7X", "B7P", "G7X", "G6P", "R6X"]
    drv.click("btn:where")
    drv.click("btn:confirm")
    assert session.actions[-1] == "prophecy bottom R7X B7P G7X G6P R6X"


def test_prophecy_reorder_by_controller(app):
    session = make_session(players=2, humans=(0,), setup=PROPHECY_SETUP, actions=PROPHECY_ACTIONS)
    drv = open_table(app, session, "pad")
    drv.settle()
    table = drv.table
    drv.pad_focus("prophecy:0")
    drv.pad(A)                    # pick up
    drv.pad(RIGHT)
    drv.pad(RIGHT)
    drv.pad(RIGHT)
    drv.pad(A)                    # drop
    assert table.prophecy_order == ["R7X", "B7P", "G6P", "G7X", "R6X"]
    drv.pad(X)                    # top -> bottom
    assert table.prophecy_where == "bottom"
    drv.pad(X)
    drv.pad_press("btn:confirm")
    assert session.actions[-1] == "prophecy top R7X B7P G6P G7X R6X"


DEALER_SETUP = fixed_setup([["R2P", "R5P", "B1X", "G2X", "Y3X"], ["G1P", "Y2X", "B2X", "G3X", "R1X"],
                            ["B3P", "Y4X", "B4X", "G4X", "R3X"]],
                           first=0, deck_top=["B8X", "Y8X", "G7X", "R7X", "B7P", "G6P", "R6X"])
DEALER_ACTIONS = ["direction cw", "draw 1", "play R2P R5P", "draw 1", "pass", "draw 1", "pass"]


def test_dealer_take_by_mouse(app):
    session = make_session(players=3, humans=(0,), setup=DEALER_SETUP, actions=DEALER_ACTIONS)
    drv = open_table(app, session, "mouse")
    drv.settle()
    assert drv.table.mode == "dealer"
    assert not drv.table.widget_enabled("btn:take")
    drv.click("seat:2")
    assert drv.table.widget_enabled("btn:take")
    drv.click("btn:take")
    assert session.actions[-1] == "dealer take 2"


def test_dealer_prompt_says_one_thing_at_a_time(app):
    """Stranger 2: with a cat picked, the Dealer's prompt showed "Dealer! Choose a cat, then take a
    random card or give one of yours" over "Dealer with Miso: take a random card, or pick a card
    of yours to give". Before the pick, what to do; after it, with whom: one line each time."""
    session = make_session(players=3, humans=(0,), setup=DEALER_SETUP, actions=DEALER_ACTIONS)
    drv = open_table(app, session, "mouse")
    drv.settle()
    table = drv.table
    shown = []
    table.draw_prompt_box = lambda surface, rect, line, sub, *a, **k: shown.append((line[0], sub))
    table.draw(pygame.Surface(app.size))
    assert shown[-1] == (app.t("hm.prompt.dealer"), None), shown
    drv.click("seat:2")
    table.draw(pygame.Surface(app.size))
    assert shown[-1] == (app.t("hm.prompt.dealer_seat", name=table.seat_name(2)), None), shown


def test_dealer_give_by_controller(app):
    session = make_session(players=3, humans=(0,), setup=DEALER_SETUP, actions=DEALER_ACTIONS)
    drv = open_table(app, session, "pad")
    drv.settle()
    drv.pad_press("seat:1")
    card = next(n for n in drv.table.widgets() if n.startswith("card:B1X"))
    drv.pad_press(card)
    assert drv.table.widget_enabled("btn:give")
    # a card picked: Give is the main action (K, pad Y), not Take (stranger 40e, defect 19)
    drv.table.refresh_mode()
    assert drv.table.main_button() is drv.table.buttons["give"]
    drv.pad_press("btn:give")
    assert session.actions[-1] == "dealer give 1 B1X"


def test_curtain_with_two_humans_hides_hands(app):
    session = make_session(players=3, humans=(0, 1), seed=3)
    drv = open_table(app, session, "mouse")
    drv.settle()
    table = drv.table
    assert table.curtain_for == 0 and table.viewer is None
    assert not [n for n in table.widgets() if n.startswith("card:")]
    assert all(c is None for c in table.presenter.board.hands[0])      # nothing secret drawn
    drv.click_at((10, 10))                                               # lift the curtain
    assert table.viewer == 0 and table.curtain_for is None
    assert sorted(c for c in table.presenter.board.hands[0]) == sorted(session.game.view(0)["hand"])
    for name in choose(table, 0):                                        # direction
        drv.click(name)
    drv.settle()
    for name in choose(table, 0):                                        # draw
        drv.click(name)
    drv.settle()
    drv.click("btn:pass")
    drv.settle()
    assert table.curtain_for == 1 and table.viewer is None
    public = session.game.view(1)["known"][0]
    shown0 = [c for c in table.presenter.board.hands[0] if c is not None]
    assert sorted(shown0) == sorted(public)                              # only what seat 1 may know
    drv.click_at((10, 10))
    assert table.viewer == 1 and table.position(1) == 0                  # seat 1 now sits at the bottom
    for name in choose(table, 1):
        drv.click(name)
    drv.settle()
    drv.click("btn:pass")
    for _ in range(300):                                                 # the computer cat's turn
        if session.game.current_player == 2 and not table.presenter.busy:
            break
        drv.step()
    drv.step(frames=2)
    assert table.viewer is None
    for seat in (0, 1):                                                  # no human hand left face up
        public = session.game.view(2)["known"][seat]
        assert sorted(c for c in table.presenter.board.hands[seat] if c) == sorted(public)


def run_bots(app, speed: str, hurry: bool, actions: int) -> list[str]:
    app.settings.animation_speed = speed
    session = make_session(players=4, humans=(), seed=99, level="heuristic")
    drv = open_table(app, session, "keyboard", attract=True)
    for _ in range(6000):
        if len(session.actions) >= actions or session.game.over:
            break
        busy = drv.table.presenter.busy
        if hurry and busy:
            before = json.dumps(session.game.dump(), sort_keys=True)
            drv.step(drv.hurry_events())
            assert json.dumps(session.game.dump(), sort_keys=True) == before   # skip changes no state
        else:
            drv.step()
    app.stack.clear()
    return list(session.actions)


def test_faster_and_skip_do_not_change_the_game(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    slow = run_bots(app, "normal", False, 14)
    fast = run_bots(app, "faster", True, 14)
    assert slow[:14] == fast[:14]


def test_attract_plays_to_the_end_without_results(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    session = make_session(players=2, humans=(), seed=8, level="random")
    drv = open_table(app, session, "keyboard", attract=True)
    for _ in range(20000):
        if drv.table.finished:
            break
        drv.step(drv.hurry_events() if drv.table.presenter.busy else [])
    assert drv.table.finished and session.game.over
    assert drv.app.stack.top is drv.table


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_level_has_every_anchor(players):
    level = load_level("hungry-meow", (1920, 1080))
    anchors = level.anchors(players, require=ANCHOR_NAMES)
    assert anchors["seat0"].kind == "anchor"
    assert any(getattr(layer, "data", None) for layer in level.tmx.visible_layers)   # the tile layer
    assert (level.tmx.width * level.tmx.tilewidth, level.tmx.height * level.tmx.tileheight) == (1920, 1080)


def test_every_table_string_exists_in_both_languages():
    from game.runtime.i18n import load_language

    en, zh = load_language("en"), load_language("zh_TW")
    assert {k for k in en if k.startswith("hm.")} == {k for k in zh if k.startswith("hm.")}
    import re

    from scenes.hungry_meow import draw, presenter, table
    for module in (table, draw, presenter):
        source = open(module.__file__, encoding="utf-8").read()
        for name in set(re.findall(r'"(hm\.[a-z_.]+[a-z0-9])"', source)) - set(table.WHY):   # engine codes
            assert name in en, name


def test_a_card_taken_from_the_person_stays_told_until_their_next_move(app):
    """Stranger 6, defect 1: "Tofu took your Green 2" showed only until the next key press (a
    keyboard player's hurry released it at once), and then nothing on the table said it. Now it
    stays under the status line, beside the person's hand, until the person moves again."""
    setup = fixed_setup([["R2P", "R5P", "B1X", "G2X", "Y3X"], ["G1P", "Y2X", "B2X", "G3X", "R1X"]],
                        first=0, deck_top=["B8X", "Y8X", "G7X", "R7X", "B7P", "G6P", "R6X"])
    session = make_session(players=2, humans=(1,), setup=setup,
                           actions=["direction cw", "draw 1", "play R2P R5P", "draw 1", "pass"])
    drv = open_table(app, session, "keyboard")
    table = drv.table
    table.apply("dealer take 1")                  # the computer cat's Dealer takes from the person
    shown = []
    table.draw_prompt_box = lambda surface, rect, line, sub, *a, **k: shown.append(sub and sub[0])
    took = app.t("hm.log.dealer_took_yours", name=table.seat_name(0), card="")
    drv.settle()                                  # K presses hurry every moment, the held one too
    for _ in range(40):                           # and the computer cat plays on for seconds
        drv.step()
    assert table.news is not None and table.news[1].startswith(took[:-1].strip()), table.news
    assert shown and shown[-1] == table.news[1], shown[-5:]
    before = len(session.actions)
    drv.settle()
    table.send(table.legal[0])                    # the person's own move: read, gone
    if table.tools.pending is not None:
        table.tools.yes()
    assert len(session.actions) > before and table.news is None


def test_the_persons_own_dealer_take_names_the_card_until_their_next_move(app):
    """Stranger 6, defect 1: "The card: Red paw 4" of the person's own take showed for about a
    second; now "You took Red paw 4 from Tofu" stays until their next move."""
    session = make_session(players=3, humans=(0,), setup=DEALER_SETUP, actions=DEALER_ACTIONS)
    drv = open_table(app, session, "mouse")
    drv.settle()
    drv.click("seat:2")
    drv.click("btn:take")
    drv.settle()
    for _ in range(60):
        drv.step()
    news = drv.table.news
    assert news is not None and news[0] == 0, news
    assert news[1].startswith("You took ") and news[1].endswith(" from " + drv.table.seat_name(2)), news
    assert news[2] in drv.table.display_hand(0)          # the card that came is marked in the hand


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_win_banner_leaves_the_pile_and_discard_counts_readable(tmp_path, size, players):
    """Stranger 6, defect 13: "Mochi is full and wins!" lay over "Pile 35" and "Discard 22" for
    seconds."""
    app = App(size=size, home=str(tmp_path), audio=False, speed="faster", lang="zh_TW")
    try:
        drv = open_table(app, make_session(players=players, humans=(0,)), "mouse")
        drv.settle()
        table = drv.table
        table.presenter.board.winner = 0
        table.presenter.banner = (app.t("hm.ev.win_meals", name=table.seat_name(0)), (255, 214, 90), 3.0)
        table.draw(app.screen)
        banner = next(d.rect for d in table.boxes.overlays() if d.name == "banner")
        counts = [d.rect for d in table.boxes.items if d.name in ("label:pile", "label:discard")]
        assert len(counts) == 2 and not any(banner.colliderect(r) for r in counts), (banner, counts)
    finally:
        app.shutdown()


def test_focus_selection_and_the_coach_look_different(app, monkeypatch):
    """Stranger 6, defect 12: keyboard focus, selected cards and the coach's pointing were all cyan.
    Focus: a white-and-jade outline with an arrow over a hand card; selected: lifted, gold edge;
    the coach: its pulsing cyan frame."""
    import scenes.hungry_meow.draw as hm_draw
    from game.art import palette as P

    assert len({tuple(hm_draw.FOCUS_COLOURS[0]), tuple(hm_draw.SELECTED_EDGE), tuple(P.CYAN)}) == 3
    assert tuple(P.CYAN) not in map(tuple, hm_draw.FOCUS_COLOURS)
    setup = fixed_setup([["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"]])
    session = make_session(players=2, humans=(0,), setup=setup, actions=["direction cw", "draw 1"])
    drv = open_table(app, session, "keyboard")
    drv.settle()
    table = drv.table
    cards = table.hand_widgets
    table._press_card(cards[0])
    table.focus.set_focus(cards[1])
    outlines, pointers, edges = [], [], []
    monkeypatch.setattr(hm_draw, "focus_outline", lambda *a, **k: outlines.append(k.get("colours")))
    monkeypatch.setattr(hm_draw, "focus_pointer", lambda *a, **k: pointers.append(a[1]))
    real_rect = pygame.draw.rect
    monkeypatch.setattr(hm_draw.pygame.draw, "rect", lambda s, c, *a, **k: (edges.append(tuple(c)[:3]),
                                                                            real_rect(s, c, *a, **k))[1])
    table._paint_hand(pygame.Surface(app.size), 0, table.display_hand(0), True, None)
    table.draw_focus(pygame.Surface(app.size))
    assert outlines == [hm_draw.FOCUS_COLOURS] and pointers == [cards[1].rect]
    assert tuple(hm_draw.SELECTED_EDGE)[:3] in edges and tuple(P.CYAN)[:3] not in edges


def test_the_focus_arrow_never_sits_on_the_sum_line(app, monkeypatch):
    """Stranger 40r-zh: over a selected (raised) card the focus arrow covered a character of the
    prompt's running sum ("貓掌 ▼ = 14"): there it is left out (the outline still marks the focus)."""
    import scenes.hungry_meow.draw as hm_draw

    setup = fixed_setup([["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"]])
    session = make_session(players=2, humans=(0,), setup=setup, actions=["direction cw", "draw 1"])
    drv = open_table(app, session, "keyboard")
    drv.settle()
    table = drv.table
    prompt = table.anchors["prompt"].rect
    drawn = []
    monkeypatch.setattr(hm_draw, "focus_pointer", lambda surface, rect, *a, **k: drawn.append(rect.copy()))
    for selected in (False, True):
        card = table.hand_widgets[2]
        if selected:
            table._press_card(card)
            for _ in range(20):
                app.step(1 / 30, [])
        table.focus.set_focus(table.hand_widgets[2])
        drawn.clear()
        table.draw_focus(pygame.Surface(app.size))
        reach = hm_draw.pointer_reach(app.scale)
        assert all(r.top - reach >= prompt.bottom for r in drawn), (selected, drawn, prompt)
        if not selected:
            assert drawn                                   # a resting card keeps its arrow
