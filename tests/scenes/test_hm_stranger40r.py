"""Strangers 40r-en (report 7) and 40r-zh (report 8): what the Hungry Meow table and the results
still did wrong, each checked here the way the stranger met it."""
from __future__ import annotations

import math
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.art import palette as P  # noqa: E402
from game.rules.base import Event  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.hungry_meow.table import HungryMeowTable  # noqa: E402
from tests.scenes.hm_driver import Driver, fixed_setup, key, make_session  # noqa: E402

DT = 1 / 30


@pytest.fixture(params=["en", "zh_TW"])
def app(request, tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang=request.param)
    yield app
    app.stack.clear()
    app.shutdown()


def ready_table(app, players=3) -> HungryMeowTable:
    setup = fixed_setup([["R1P", "R2P", "R3P", "R4P", "R5P"], ["B1X", "B2X", "B3X", "B4X", "B5X"],
                         ["G1P", "G2P", "G3P", "G4P", "G5P"]][:players])
    session = make_session(players=players, humans=(0,), setup=setup, actions=["direction cw", "draw 1"])
    table = HungryMeowTable(app, session)
    app.stack.push(table)
    Driver(app, table, device="keyboard").settle()
    return table


def run_until(app, table, ok, seconds=20.0) -> None:
    for _ in range(round(seconds / DT)):
        if ok():
            return
        app.step(DT, [])
    raise AssertionError("never came")


def knock_out(table, seat: int, card: str) -> None:
    table.presenter.present([Event("DeathDrawn", {"seat": seat, "returned": 5}),
                             Event("DeathShuffle", {"seat": seat, "draw_pile": 60}),
                             Event("CardDrawn", {"seat": seat, "card": card, "reason": "death",
                                                 "draw_pile": 59}),
                             Event("Eliminated", {"seat": seat, "card": card})], table.viewer)


# ---- report 7 #4, report 8 #3: your own knock-out ---------------------------------------------------
def test_your_knock_out_names_the_card_and_stays_until_you_press(app):
    table = ready_table(app)
    said = app.t("hm.ev.out_card", name=table.seat_name(0), card=table.card_label("G6X"))
    assert table.card_label("G6X") in said and said != app.t("hm.ev.eliminated", name=table.seat_name(0))
    if app.i18n.lang == "zh_TW":
        assert said == "Mochi 翻出 綠色貓拳\u00a06，不是餐點：出局！"
    else:
        assert said == "Mochi turned up green\u00a0punch\u00a06, not a Meal: out!"
    knock_out(table, 0, "G6X")
    presenter = table.presenter
    run_until(app, table, lambda: presenter.banner is not None and presenter.banner[0] == said)
    # the line under the banner no longer promises a second chance ("…draws…"): the banner says it
    assert presenter.caption == said
    assert table.waiting_line()[0] in ("", said)
    assert app.t("hm.ev.death_draw", name=table.seat_name(0)) not in table.waiting_line()[0]
    for _ in range(round(12 / DT)):                 # long after any timed banner had faded
        app.step(DT, [])
    assert presenter.banner is not None and presenter.banner[0] == said and presenter.banner[2] > 0.3
    assert presenter.holding is not None            # whole (no fade), until a press
    table.draw(app.screen)
    banner = next(d.rect for d in table.boxes.overlays() if d.name == "banner")
    assert banner.w > 0
    app.step(DT, [key(pygame.K_RETURN)])
    run_until(app, table, lambda: presenter.banner is None or presenter.banner[0] != said)
    # then kept under the status line, with the other "what happened to you" lines
    assert table.news is not None and table.news[:2] == (0, said)


def test_a_computer_cats_knock_out_is_short_and_names_the_card(app):
    table = ready_table(app)
    knock_out(table, 1, "B7P")
    presenter = table.presenter
    short = app.t("hm.ev.eliminated", name=table.seat_name(1))
    run_until(app, table, lambda: presenter.banner is not None and presenter.banner[0] == short)
    assert presenter.caption == app.t("hm.ev.out_card", name=table.seat_name(1), card=table.card_label("B7P"))
    assert presenter.banner[2] != math.inf and table.news is None


def test_the_moves_list_says_a_knock_out_once_with_its_card(app):
    """Report 7, moves list: "Mochi drew Death! / Mochi drew green paw 8 / Mochi draws Death,
    turns up green paw 8: knocked out!"; the middle line said again what the last one says."""
    table = ready_table(app)
    line = table.presenter.log_line
    assert line(Event("CardDrawn", {"seat": 0, "card": "G8P", "reason": "death", "draw_pile": 5})) is None
    assert line(Event("CardDrawn", {"seat": 0, "card": "G8P", "reason": "draw", "draw_pile": 5}))
    assert table.card_label("G8P") in line(Event("Eliminated", {"seat": 0, "card": "G8P"}))


# ---- report 7 #8: focus, selection and the coach's pointing ------------------------------------------
def test_the_coach_points_with_corner_brackets_not_a_ring(app, monkeypatch):
    """The coach's cyan frame was a full ring like the focus outline, at the same distance (the
    focus hid under it): now cyan corners outside the focus outline, and no cyan ring."""
    import scenes.table.lesson as lesson
    from scenes.table.lesson import lesson_scene, table_lessons
    from scenes.tables import table_info

    scene = lesson_scene(app, table_info("hungry-meow"), table_lessons(app, "hungry-meow")[0])
    app.stack.push(scene)
    rects, corners = [], []
    real_rect = pygame.draw.rect
    monkeypatch.setattr(lesson.pygame.draw, "rect", lambda s, c, *a, **k: (rects.append(tuple(c)[:3]),
                                                                          real_rect(s, c, *a, **k))[1])
    real = lesson.corner_brackets
    monkeypatch.setattr(lesson, "corner_brackets", lambda *a, **k: (corners.append(a[1]), real(*a, **k))[1])
    target = pygame.Rect(500, 500, 100, 140)
    frame = scene.draw_target(app.screen, target)
    assert corners == [frame] and tuple(P.CYAN)[:3] not in rects
    # outside the focus outline (which reaches 12 design px and its width out)
    assert frame.left <= target.left - app.s(16) and frame.top <= target.top - app.s(16)


def test_a_selected_card_wears_a_tick(app, monkeypatch):
    """Selected: lifted, gold edge and a gold tick, a shape of its own (colour-blind or not)."""
    import scenes.hungry_meow.draw as hm_draw

    for blind in (False, True):
        app.settings.colorblind = blind
        P.set_colourblind(blind)
        table = ready_table(app)
        cards = table.hand_widgets
        table._press_card(cards[0])
        discs = []
        real = pygame.draw.circle

        def spy(s, c, *a, _d=discs, _r=real, **k):
            _d.append(tuple(c)[:3])
            return _r(s, c, *a, **k)
        monkeypatch.setattr(hm_draw.pygame.draw, "circle", spy)
        table._paint_hand(pygame.Surface(app.size), 0, table.display_hand(0), True, None)
        monkeypatch.setattr(hm_draw.pygame.draw, "circle", real)
        assert tuple(hm_draw.SELECTED_EDGE)[:3] in discs
        assert tuple(hm_draw.SELECTED_EDGE)[:3] not in [tuple(c)[:3] for c in hm_draw.FOCUS_COLOURS]
        app.stack.clear()
    P.set_colourblind(False)


# ---- report 7 #10: a stream of presses never reaches "Play again" ------------------------------------
def finished_hungry_meow():
    from game.play.match import Match
    from game.play.session import Seat

    seats = [Seat(f"Cat{i}", "bot", "heuristic") for i in range(3)]
    match = Match.new("hungry-meow", seats, 5)
    match.play_out()
    session = match.session
    session.seats[0] = Seat("Mochi", "human", "heuristic")      # a person watched it end
    return session


@pytest.mark.parametrize("every", [0.1, 0.25, 0.5])
def test_a_stream_of_enter_presses_passes_neither_the_end_nor_the_results(app, every):
    from scenes.results import CALM, ResultsScene

    table = HungryMeowTable(app, finished_hungry_meow())
    app.stack.clear_to(table)
    t, next_press, down = 0.0, 0.0, False
    for _ in range(round(12 / DT)):                 # 12 s of Enter, down and up, again and again
        events = []
        if t >= next_press:
            events.append(pygame.event.Event(pygame.KEYUP if down else pygame.KEYDOWN,
                                             key=pygame.K_RETURN, mod=0))
            down = not down
            next_press += every / 2
        app.step(DT, events)
        t += DT
    results = app.stack.top
    assert isinstance(results, ResultsScene), "the stream went past the results"
    assert results.focus.focused is None
    if down:
        app.step(DT, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    for _ in range(round(CALM / DT) + 2):           # the hands still: then a press shows the focus
        app.step(DT, [])
    app.step(DT, [key(pygame.K_RETURN), pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    assert app.stack.top is results and results.focus.focused is results.primary
    app.step(DT, [key(pygame.K_RETURN), pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    app.step(DT, [])
    assert app.stack.top is not results              # and the next one plays again


def test_a_key_held_down_from_the_table_is_not_a_press_on_the_results(app):
    from scenes.results import CALM, ResultsScene

    results = ResultsScene(app, finished_hungry_meow())
    app.stack.clear_to(results)
    app.step(DT, [key(pygame.K_RETURN)])             # down, and held
    for _ in range(round(3 * CALM / DT)):
        app.step(DT, [])
    assert not results.calm()
    app.step(DT, [pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0)])
    for _ in range(round(CALM / DT) + 2):
        app.step(DT, [])
    assert results.calm() and results.focus.focused is None


# ---- report 7 #7, report 8 #8: the tiger's lead names why --------------------------------------------
def test_the_tigers_lead_says_why(app):
    from game.bots.advice import render
    from game.bots.hungry_meow_hint import words

    view = {"hand": ["B3P", "R5P", "G7X", "LOAF"], "table": []}
    text, targets = words(view, "play B3P", ["play B3P"])
    said = render(text, app.t)
    assert said != app.t("hm.tiger.lead") and "{" not in said and ("：" in said or ": " in said)
    assert text.args["why"].key == "hm.tiger.why_low"
    text, _ = words(view, "play R5P", ["play R5P"])
    assert text.args["why"].key == "hm.tiger.why_bar" and "5" in render(text, app.t)
    if app.i18n.lang == "zh_TW":
        assert app.t("hm.tiger.pass") == "過：留著牌，等湊得出能贏能力的組合"


# ---- report 8 #4: a card's name stays on one line ------------------------------------------------------
def test_a_card_name_is_never_broken_across_lines(app):
    from game.art.linebreak import break_lines

    table = ready_table(app)
    font = app.font(28)
    names = [table.card_label(c) for c in ("Y7P", "B2X", "G6X", "R8P")]
    line = app.t("hm.ev.plays", name="味噌" if app.i18n.lang == "zh_TW" else "Miso",
                 expr=" + ".join(names), total=33)
    for width in range(60, 400, 7):
        lines = break_lines(lambda part: font.size(part)[0], line, width)
        for name in names:
            assert name in "".join(lines)
            assert any(name in part for part in lines), (width, lines)


# ---- report 8 #8: the Meals pill and the take line -----------------------------------------------------
def test_the_meals_pill_says_what_it_means(app):
    table = ready_table(app)
    words = app.t("hm.meals_unsure", name="Nori")
    if app.i18n.lang == "zh_TW":
        assert words == "餐點：？\n（Nori 拿走了一張）"
        assert table.card_label("B2X") == "藍色貓拳\u00a02"
        assert app.t("hm.ev.dealer_took_yours", name="味噌", card=table.card_label("B2X")) == \
            "味噌 拿走了你的藍色貓拳\u00a02！"
    else:
        assert words == "Meals: ?\n(Nori took a card)"


# ---- report 7 #14: "Miso / thinking…" ------------------------------------------------------------------
def test_a_thinking_cats_plate_keeps_its_card_count(app, monkeypatch):
    table = ready_table(app)
    monkeypatch.setattr(table, "pose_of", lambda seat: "thinking")
    statuses = []
    monkeypatch.setattr(table, "_draw_plate", lambda surface, seat, plate, edge, status, *a:
                        statuses.append(status))
    table._draw_seat(app.screen, 1)
    assert statuses == [app.t("hm.cards", n=len(table.presenter.board.hands[1]))]


def test_the_coach_stops_pointing_at_a_card_once_it_is_picked(app):
    """Report 7 #8: a picked card kept the coach's cyan frame and read as a cyan selection."""
    from scenes.table.lesson import lesson_scene, table_lessons
    from scenes.tables import table_info
    from tests.lessons.driver import LessonDriver

    scene = lesson_scene(app, table_info("hungry-meow"), table_lessons(app, "hungry-meow")[0])
    app.stack.clear_to(scene)
    for _ in LessonDriver(app, scene, "keyboard").steps():
        step = scene.lesson.step
        cards = [p for p in (step.point if step is not None else ()) if p.startswith("card:")]
        if len(cards) >= 2:
            break
    else:
        raise AssertionError("no step points at two cards")
    picked = scene.widget(cards[0])
    before = len(scene.targets())
    picked.on_press()
    assert scene.pointed_done(picked)
    targets = scene.targets()
    assert pygame.Rect(scene.widgets()[cards[0]]) not in targets and len(targets) == before - 1
