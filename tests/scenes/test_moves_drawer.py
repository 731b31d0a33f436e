"""Issue 21: the moves drawer has a scrollbar when its lines overflow, scrolls by keys and pads
too, and offers "Jump to latest" while scrolled back."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from game.runtime.input import Intent
from tests.scenes.test_table_pace import bot_table


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    yield app
    app.shutdown()


def played_to_lines(app, game: str, players: int, lines: int):
    """A table of computer cats played on (unseen: only the drawer is looked at, below) until its
    moves list holds more than ``lines`` lines, the drawer opened."""
    from tests.scenes.hm_driver import UNSEEN
    app.draw_every(UNSEEN)
    table = bot_table(app, game, players=players)
    for _ in range(3000):
        table.presenter.skip()
        table.runner.wait_ready()
        app.step(1 / 30, [])
        if len(table.tools.lines()) > lines:
            break
    table.tools.on = True
    table.tools.history_open = True
    return table


def test_scrollbar_and_jump_to_latest(app):
    table = played_to_lines(app, "zodiac", 3, 40)         # enough moves to overflow the drawer
    surface = pygame.Surface(app.size)
    table.tools._draw_drawer(surface)
    assert table.tools.bar_rect is not None and table.tools.latest_rect is None
    shown = table.tools.shown_lines
    assert 0 < shown < len(table.tools.lines())
    assert table.tools.handle(Intent("move", direction="up"))           # a key scrolls back
    assert table.tools.scroll == 1
    table.tools.handle(Intent("wheel", amount=5))
    table.tools._draw_drawer(surface)
    latest = table.tools.latest_rect
    assert latest is not None and table.tools.drawer_rect().contains(latest)
    table.tools.handle(Intent("click", pos=latest.center))
    assert table.tools.scroll == 0
    bar = table.tools.bar_rect
    table.tools.handle(Intent("click", pos=(bar.centerx, bar.top + 2)))   # the top: the oldest
    assert table.tools.scroll > shown


@pytest.mark.parametrize("game,n,keep", [("hungry-meow", 4, "deck"), ("meow-dice", 4, "slot:TL"),
                                         ("zodiac", 3, "trump")])
def test_the_drawer_is_a_side_panel_that_leaves_part_of_the_board_in_sight(app, game, n, keep):
    """Issue 21 (stranger21, drawer rated 7): open during one's own turn it hid the whole market
    (Meow Meow Dice) or the whole table (Hungry Meow). It is now a side panel of about half the
    board's place: the seats, the hand or dice, the buttons and one side of the board (the pile,
    the market's left column, the trump) stay in sight; the overlap audit checks the rest."""
    from tests.scenes.overlap_audit import problems
    from tests.scenes.test_overlap_audit import person_turn

    table = person_turn(app, game, n)
    table.tools.history_open = True
    app.step(1 / 20, [])
    drawer = next(d.rect for d in table.boxes.items if d.name == "drawer")
    zone = table.zone("drawer")
    assert drawer.w <= max(zone.w * 0.6, table.s(560)), (drawer, zone)
    pieces = {d.name: d.rect for d in table.boxes.items if d.layer == "piece"}
    assert keep in pieces and not drawer.colliderect(pieces[keep]), (keep, pieces.get(keep), drawer)
    found = [line for line in problems(table, f"{game} drawer") if " drawer " in line]
    assert not found, "\n".join(found)


def test_the_drawer_stays_under_a_top_seats_badge(app):
    """A top seat's "Meal?" badge hangs under its plate into the board's place: the open drawer
    starts below it (the audit fails on two overlays meeting)."""
    from tests.scenes.overlap_audit import problems
    from tests.scenes.test_overlap_audit import person_turn

    table = person_turn(app, "hungry-meow", 4)
    for seat in range(1, 4):
        table.presenter.meals_unsure[seat] = 1
    table.tools.history_open = True
    for _ in range(2):
        app.step(1 / 20, [])
    assert any(d.name == "badge:seat2" for d in table.boxes.items)
    found = [line for line in problems(table, "hungry-meow drawer and badges") if "drawer" in line]
    assert not found, "\n".join(found)


def test_scrolled_back_the_jump_chip_stands_at_the_newest_end_not_on_the_lines(app, monkeypatch):
    """At 4 seats the drawer showed two lines and "Jump to latest" overlapped them; then it stood at
    the top while the newest line shows at the bottom (stranger 40r-en). Scrolled back, the chip
    stands at the bottom, under every line, in the close line's place; the title stays."""
    import scenes.table.tools as tools_module
    from tests.scenes.test_overlap_audit import person_turn, settle_to_turn

    table = person_turn(app, "hungry-meow", 4)
    for _ in range(6):
        if table.feed.over:
            break
        table.send(next((a for a in table.legal if a in ("pass", "draw 1", "direction cw")), table.legal[0]))
        if table.tools.pending is not None:
            table.tools.yes()
        settle_to_turn(app, table, "hungry-meow", 4)
    table.tools.on = table.tools.history_open = True
    surface = pygame.Surface(app.size)
    table.tools._draw_drawer(surface)
    latest_shown = table.tools.shown_lines
    table.tools.handle(Intent("wheel", amount=1))
    drawn = []
    real = tools_module.draw_fitted

    def spy(app_, surf, text, *a, **k):
        drawn.append((text, real(app_, surf, text, *a, **k)))
        return drawn[-1][1]

    monkeypatch.setattr(tools_module, "draw_fitted", spy)
    table.tools._draw_drawer(surface)
    chip = table.tools.latest_rect
    lines = [r for text, r in drawn if text in table.tools.lines()]
    drawer = table.tools.drawer_rect()
    assert chip is not None and drawer.contains(chip) and chip.bottom > drawer.bottom - table.s(40)
    assert lines and not any(r.colliderect(chip) for r in lines)
    assert all(r.bottom <= chip.top for r in lines)
    texts = [text for text, _ in drawn]
    assert app.t("table.history.title") in texts and app.t("table.history.close") not in texts
    assert table.tools.shown_lines >= latest_shown - 1
    assert table.tools.shown_lines >= latest_shown - 1


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_hungry_meow_drawer_shows_more_lines_and_plays_name_their_colours(app, lang):
    """Stranger 6, defect 14: at 4 seats the drawer showed about 4 lines, and play lines dropped
    the cards' colours ("plays punch 4 + punch 5") where draw lines named them."""
    app.set_language(lang)
    table = played_to_lines(app, "hungry-meow", 4, 30)
    table.tools._draw_drawer(pygame.Surface(app.size))
    assert table.tools.shown_lines >= 7, table.tools.shown_lines
    colours = [app.t("hm.colour." + c) for c in "RYBG"]
    plays = [line for line in table.tools.lines() if " + " in line or "=" in line]
    assert plays and all(any(c in line for c in colours) for line in plays), plays[:3]
