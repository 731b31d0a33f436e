"""The Zodiac Catchers table, played headless through posted mouse and controller events.

The tests decide what to press from the human seat's own view (its hand, what has been turned
up) and the widget rects the table reports; every rules action reaches the engine through the
table scene (no test calls ``session.apply``).
"""
from __future__ import annotations

from collections import defaultdict

import pygame
import pytest

from game.play.session import GameSession, Seat
from game.runtime.app import App
from game.runtime.layout import load_level
from scenes.zodiac.table import ANCHOR_NAMES, ZodiacTable
from tests.peek import engine_of, session_of
from tests.scenes.hm_driver import COATS, NAMES, UNSEEN, Driver, key

A, B = pygame.CONTROLLER_BUTTON_A, pygame.CONTROLLER_BUTTON_B
RB, LEFT = pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, pygame.CONTROLLER_BUTTON_DPAD_LEFT
HUMAN_HAND_2P = ["RAT", "RAT", "TIGER", "DRAGON", "HORSE", "MONKEY", "MERMAID", "MERMAID"]


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def make_session(players=2, humans=(0,), seed=5, options=None, setup=None) -> GameSession:
    seats = [Seat(NAMES[i], "human" if i in humans else "bot", "heuristic", COATS[i]) for i in range(players)]
    return GameSession("zodiac", seats, seed, dict({"rounds": 1} if options is None else options),
                       dict(setup or {}))


class ZDriver(Driver):
    def hurry_events(self) -> list:
        if self.device == "mouse":                 # a click on bare floor hurries the animation
            pos = self.table.anchors["hints"].rect.midright
            return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                    pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        return [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=4242,
                                   button=pygame.CONTROLLER_BUTTON_Y),
                pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=4242,
                                   button=pygame.CONTROLLER_BUTTON_Y)]

    def settle(self, limit: int = 3000, hurry: bool = True) -> None:
        self.step()
        for _ in range(limit):
            t = self.table
            if self.app.stack.top is not t or t.my_turn() or (
                    t.curtain_for is not None and not t.presenter.busy and not t.hands_waiting()):
                self.step()
                return
            self.step(self.hurry_events() if hurry and t.presenter.busy else [])
        raise AssertionError("the table never became ready for the human")

    def click(self, name: str) -> None:
        self.click_at(self.table.click_point(name))
        self.answer()

    def pad_press(self, name: str) -> None:
        self.pad_focus(name)
        self.pad(A)
        self.answer()


def open_table(app, session, device="mouse", attract=False) -> ZDriver:
    table = ZodiacTable(app, session, attract=attract)
    app.stack.push(table)
    return ZDriver(app, table, device=device)


def place_name(where: str, seat, pos: int) -> str:
    return f"hand:{seat}:{pos}" if where == "hand" else f"centre:{pos}"


def choose_point(table, seat: int) -> str:
    """The widget a careful player points at next, from what the seat knows: finish a known
    triple, else try a card it has not seen."""
    view = engine_of(table).view(seat)
    known: dict[str, str] = {}                      # place name -> kind, for face-down cards
    for p, kind in enumerate(view["hand"]):
        known[place_name("hand", seat, p)] = kind
    for r in view["reveals"]:
        if r["now"] is not None:
            now = r["now"]
            known[place_name(now["where"], now["seat"], now["pos"])] = r["kind"]
    legal = set()
    for action in table.legal:
        words = action.split()
        legal.add(place_name(words[1], int(words[2]) if words[1] == "hand" else None, int(words[-1])))
    pointed = view["pointed"]
    by_kind = defaultdict(list)
    for name, kind in known.items():
        if name in legal:
            by_kind[kind].append(name)
    if pointed:
        want = pointed[0]["kind"]
        if all(p["kind"] == want for p in pointed) and by_kind[want]:
            return by_kind[want][0]
    else:
        for names in by_kind.values():
            if len(names) >= 3:
                return names[0]
    unknown = sorted(n for n in legal if n not in known)
    return unknown[0] if unknown else sorted(legal)[0]


def play_whole_game(drv: ZDriver, human: int, press, arrange) -> None:
    table = drv.table
    for _ in range(600):
        drv.settle()
        if drv.app.stack.top is not table:
            break
        if engine_of(table).over:
            continue
        before = len(session_of(table).actions)
        if table.curtain_for is not None:
            press(None)
            continue
        if table.mode == "arrange":
            arrange()
        else:
            press(choose_point(table, human))
        assert len(session_of(table).actions) > before, f"nothing sent in mode {table.mode}"
    for _ in range(600):
        if drv.app.stack.top is not table:
            break
        drv.step(drv.hurry_events() if table.presenter.busy else [])
    from scenes.results import ResultsScene
    assert isinstance(drv.app.stack.top, ResultsScene)
    assert engine_of(table).over


def test_level_has_every_anchor():
    level = load_level("zodiac", (1920, 1080))
    for players in range(2, 7):
        level.require(players, ANCHOR_NAMES)


def test_whole_game_by_mouse(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    session = make_session(players=2, humans=(0,), seed=11, options={"rounds": 2})
    drv = open_table(app, session, "mouse")
    played = []
    play = app.audio.play

    def record(cue, *args, **kw):
        played.append(cue)
        play(cue, *args, **kw)
    app.audio.play = record

    def arrange():                                  # drag the last mermaid to the far left
        t = drv.table
        last = max(i for i, k in enumerate(t.arr) if k == "MERMAID")
        drv.drag(t.click_point(f"arr:{last}"), t.widgets()["arr:0"].center)
        drv.click("btn:done")

    play_whole_game(drv, 0, drv.click, arrange)
    assert session.game.view(0)["round"] == 2 and session.game.end_reason == "rounds"
    assert sum(a.startswith("arrange 0") for a in session.actions) >= 1
    assert sum(a.startswith("point") for a in session.actions) >= 9
    for cue in ("deal", "shuffle", "card_flip", "card_slide", "pass_tap", "power", "win_fanfare"):
        assert cue in played, cue


def test_whole_game_by_controller(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    session = make_session(players=3, humans=(0,), seed=4)
    drv = open_table(app, session, "pad")

    def arrange():                                  # pick a mermaid up, carry it left, drop it
        t = drv.table
        last = max(i for i, k in enumerate(t.arr) if k == "MERMAID")
        drv.pad_press(f"arr:{last}")
        assert t.held == last
        drv.pad(LEFT)
        drv.pad(A)
        assert t.held is None
        drv.pad_press("btn:done")

    play_whole_game(drv, 0, drv.pad_press, arrange)


def test_arrange_by_drag_moves_only_mermaids(app):
    setup = {"first": 0, "hands": [HUMAN_HAND_2P, ["RAT", "TIGER", "TIGER", "DRAGON", "DRAGON", "HORSE",
                                                   "MONKEY", "ROOSTER"]]}
    session = make_session(players=2, humans=(0,), seed=3, setup=setup)
    drv = open_table(app, session, "mouse")
    drv.settle()
    table = drv.table
    assert table.mode == "arrange"
    # the bot placed its mermaids (it holds none here) but nobody pointed yet
    assert not session.game.view(0)["started"]
    # a number cannot be picked up: explained, nothing moves
    drv.click("arr:2")
    assert table.held is None and "numbers stay in order" in table.explanation()
    drv.drag(table.click_point("arr:7"), table.widgets()["arr:1"].center)
    assert table.arr == ["RAT", "MERMAID", "RAT", "TIGER", "DRAGON", "HORSE", "MONKEY", "MERMAID"]
    assert not any(a.startswith("arrange 0") for a in session.actions)       # nothing sent yet
    drv.click("btn:done")
    assert session.actions[-1] == "arrange 0 RAT MERMAID RAT TIGER DRAGON HORSE MONKEY MERMAID"
    assert session.game.view(0)["hand"][1] == "MERMAID"
    drv.settle()
    assert table.mode == "point"


def test_pointing_a_face_up_card_or_the_trump_explains_and_sends_nothing(app):
    mine = ["RAT", "RAT", "TIGER", "DRAGON", "HORSE", "MONKEY", "ROOSTER", "ROOSTER"]
    setup = {"first": 0, "hands": [mine, ["RAT", "TIGER", "TIGER", "DRAGON", "DRAGON", "HORSE", "MONKEY",
                                          "ROOSTER"]]}
    session = make_session(players=2, humans=(0,), seed=3, setup=setup)
    drv = open_table(app, session, "mouse")
    drv.settle()
    table = drv.table
    assert table.mode == "point"                    # no mermaids: no arrange step
    drv.click("centre:0" if "centre:0" in table.widgets() else "centre:1")
    first = session.actions[-1]
    assert first.startswith("point centre")
    drv.settle()
    name = "centre:" + first.split()[-1]
    count = len(session.actions)
    drv.click(name)                                 # the same card again: it is face up now
    assert len(session.actions) == count
    assert "already face up" in table.explanation()
    drv.click("trump")
    assert len(session.actions) == count
    assert "set aside" in table.explanation()
    # the controller sees the reason while the card has the focus, before pressing
    drv.device = "pad"
    drv.pad_focus(name)
    assert "already face up" in table.explanation()


def test_back_opens_pause_and_the_table_waits(app):
    from scenes.pause import PauseScene

    session = make_session(players=2, humans=(0,), seed=9)
    drv = open_table(app, session, "pad")
    drv.settle()
    count = len(session.actions)
    drv.pad(B)
    assert isinstance(app.stack.top, PauseScene)
    drv.step(frames=40)
    assert len(session.actions) == count


def test_two_humans_get_a_curtain_each(app):
    setup = {"first": 0, "hands": [HUMAN_HAND_2P, ["RAT", "TIGER", "TIGER", "DRAGON", "DRAGON", "HORSE",
                                                   "MONKEY", "MERMAID"]]}
    session = make_session(players=2, humans=(0, 1), seed=3, setup=setup)
    drv = open_table(app, session, "mouse")
    drv.settle()
    table = drv.table
    assert table.curtain_for == 0 and table.viewer is None
    drv.click_at(table.anchors["grid"].rect.center)
    drv.settle()
    assert table.mode == "arrange" and table.viewer == 0
    drv.click("btn:done")
    drv.settle()
    assert table.curtain_for == 1                   # seat 1 arranges behind its own curtain
    drv.click_at(table.anchors["grid"].rect.center)
    drv.settle()
    assert table.mode == "arrange" and table.viewer == 1 and table.arr[-1] == "MERMAID"


def test_attract_runs_to_finished(app):
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    seats = [Seat(NAMES[i], "bot", "heuristic", COATS[i]) for i in range(3)]
    session = GameSession("zodiac", seats, 8)
    table = ZodiacTable(app, session, attract=True)
    assert session.options == {"rounds": 1} and not table.human_game
    app.stack.push(table)
    skip = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0)]
    for i in range(6000):
        app.step(1 / 20, skip if i % 3 == 0 else [])
        if table.finished:
            break
    assert table.finished and session.game.over
    assert app.stack.top is table                   # no results screen in attract mode


def test_skip_hurries_but_never_changes_the_game(app):
    """The same all-computer match, once watched and once hurried with skip on every frame, plays
    the same actions; hurrying takes fewer frames."""
    app.draw_every(UNSEEN)  # checks state, not pixels: each screen is still drawn
    def run(hurry: bool) -> tuple[list[str], int]:
        seats = [Seat(NAMES[i], "bot", "heuristic", COATS[i]) for i in range(2)]
        session = GameSession("zodiac", seats, 17, {"rounds": 1})
        table = ZodiacTable(app, session)
        app.stack.clear_to(table)
        skip = [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_k, mod=0, unicode="k", scancode=0)]
        for frame in range(8000):
            app.step(1 / 20, skip if hurry else [])
            if table.finished:
                return list(session.actions), frame
        raise AssertionError("the match did not end")
    watched, slow = run(False)
    hurried, fast = run(True)
    assert watched == hurried
    assert fast < slow


def test_every_table_string_exists_in_both_languages():
    import re

    from game.runtime.i18n import load_language
    from scenes.zodiac import draw, presenter, table

    en = {k for k in load_language("en") if k.startswith("zc.")}
    zh = {k for k in load_language("zh_TW") if k.startswith("zc.")}
    assert en == zh
    shared = [f"zc.{k}" for k in ("why.not_now", "prompt.wait", "you", "curtain.pass_to", "curtain.press",
                                   "curtain.others", "hint.mouse", "hint.keyboard", "hint.pad")]
    for module in (table, draw, presenter):
        source = open(module.__file__, encoding="utf-8").read()
        for name in re.findall(r'"(zc\.[a-z_]+\.[a-z_.]*[a-z0-9])"', source) + shared:
            assert name in en, name


def test_the_third_card_question_preselects_what_the_person_pressed_for(app):
    """Issue 21 playtest: the third card's question preselected Cancel. Turning the third card
    up is how every pointing ends and gives nothing up (it is only past undo), so Yes comes
    first and Enter, Enter turns it up. A question whose yes gives something up (Hungry Meow's
    or Meow Meow Dice's turn-ending choices) keeps Cancel first: the shared default."""
    from scenes.table.base import TableScene
    drv = open_table(app, make_session(), device="keyboard")
    table = drv.table
    for _ in range(40):
        drv.settle()
        if table.mode == "arrange":
            table._arrange_done()
            continue
        if not table.my_turn():
            continue
        name = choose_point(table, 0)
        if engine_of(table).view(None)["step"] < 2:
            drv.click(name)
            continue
        asked = [a.split()[1:] for a in table.legal if table.confirm_text(a)]
        if not asked:              # no catch at stake this turn: no question (try the next turn)
            drv.click(name)
            continue
        name = ":".join(asked[0])
        table.focus.set_focus(table.widget(name))
        before = len(session_of(table).actions)
        drv.step([key(pygame.K_RETURN)])
        assert table.tools.pending is not None                 # it still asks first
        assert table.tools.choice is table.tools.yes_btn
        drv.step([key(pygame.K_RETURN)])
        assert table.tools.pending is None and len(session_of(table).actions) == before + 1
        assert not TableScene.confirm_yes_first(table, "pass")
        return
    raise AssertionError("never reached a third card")


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_the_1_and_12_marks_say_what_they_mean_on_hover(tmp_path, lang):
    """Issue 21 playtest: the round "12" … "1" marks at each hand's ends had no words. Resting
    the pointer on one shows a tip: sorted by number, which end holds which."""
    from scenes.table.tooltip import DELAY
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang=lang)
    try:
        drv = open_table(app, make_session(players=3))
        table = drv.table
        drv.settle()
        if table.mode == "arrange":
            table._arrange_done()
            drv.settle()
        table.focus.index = -1
        marks = table.sort_marks(1)
        assert marks
        for text, centre in marks:
            pos = (round(centre[0]), round(centre[1]))
            drv.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))])
            drv.step(frames=int(DELAY / drv.dt) + 4)
            tip = table.tooltip.tip
            assert table.tooltip.shown and tip.title == app.t("zc.tip.sort_title")
            end = "zc.tip.sort_low" if text == "1" else "zc.tip.sort_high"
            assert tip.lines[0] == app.t(end) and app.t(end) != end
            assert not table.boxes.clipped, table.boxes.clipped
    finally:
        app.shutdown()


def test_the_footer_follows_ones_own_placing_not_the_starters_turn(app, monkeypatch):
    """Stranger 3, item 4: in round 2 (another seat starts) the prompt said "Place your mermaids
    …, then press Done" while the footer said "Tofu's turn: just watch • K: hurry". While you
    place your mermaids, the footer says what to press for that, like the prompt."""
    from scenes.table import frame

    said = []
    real = frame.fitted
    monkeypatch.setattr(frame, "fitted", lambda log, app_, surface, words, *a, **k:
                        said.append(words) or real(log, app_, surface, words, *a, **k))
    setup = {"first": 1, "hands": [HUMAN_HAND_2P, ["RAT", "TIGER", "TIGER", "DRAGON", "DRAGON", "HORSE",
                                                   "MONKEY", "ROOSTER"]]}
    session = make_session(players=2, humans=(0,), seed=3, setup=setup)
    drv = open_table(app, session, "mouse")
    drv.settle()
    table = drv.table
    assert table.mode == "arrange" and session.game.current_player == 1
    said.clear()
    table.draw(pygame.Surface(app.size))
    assert app.t("zc.hint.arrange.mouse") in said, said
    assert app.t("table.hint.wait.mouse", name=table.seat_name(1)) not in said, said


def test_focus_stays_on_the_card_just_pointed_at(app):
    """After a card was pointed at, the focus moved by itself to the next face-down card, so
    Left + Enter skipped one (a lost round). It stays on the card chosen; Left goes to the card
    beside it."""
    drv = open_table(app, make_session(players=3, seed=4), device="keyboard")
    table = drv.table
    drv.past_arrange()
    table.focus.set_focus(table.widget("centre:5"))
    drv.step([key(pygame.K_RETURN)])
    drv.settle()
    assert engine_of(table).view(None)["step"] == 1
    assert table.focus.focused is table.widget("centre:5")
    drv.step([key(pygame.K_LEFT)])
    assert table.focus.focused is table.widget("centre:4")
