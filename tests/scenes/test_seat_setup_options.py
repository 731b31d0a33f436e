"""Seat setup's generic options row (``TableInfo.options``): yes/no engine options the host picks
before starting; an option that needs another is greyed out and off until that one is on."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from game.ui.textfit import fit_text
from scenes.seat_setup import OptionField, SeatSetupScene
from scenes.tables import table_info


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, lang="en")
    yield app
    app.shutdown()


def click(app, rect) -> None:
    pos = pygame.Rect(rect).center
    app.step(1 / 30, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(1 / 30, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                      pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def key(k: int, text: str) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0)


def fields(scene) -> dict[str, OptionField]:
    return {w.option.key: w for w in scene.widgets if isinstance(w, OptionField)}


def test_meow_dice_options_are_chosen_in_seat_setup(app):
    scene = SeatSetupScene(app, table_info("meow-dice"))
    app.stack.push(scene)
    app.step(1 / 30)
    opts = fields(scene)
    assert list(opts) == ["advanced", "specials", "one_bite"]
    assert not opts["specials"].enabled                      # MD-12: specials need advanced
    assert scene.make_session(seed=1).options == {}
    click(app, opts["specials"].rect)                         # greyed out: nothing happens
    assert scene.chosen_options() == {}
    click(app, opts["advanced"].rect)
    click(app, opts["specials"].rect)
    click(app, opts["one_bite"].rect)
    assert scene.chosen_options() == {"advanced": True, "specials": True, "one_bite": True}
    session = scene.make_session(seed=1)
    assert session.options == {"advanced": True, "specials": True, "one_bite": True}
    assert session.game.view(0)["enthusiasm"] == [2] * len(scene.seats)
    click(app, opts["advanced"].rect)                         # advanced off: specials count as off
    assert scene.chosen_options() == {"one_bite": True}
    screen = pygame.Rect((0, 0), app.size)
    for w in opts.values():
        assert screen.contains(w.rect)
        assert not any(w.rect.colliderect(b.rect) for b in scene.widgets if not isinstance(b, OptionField))


def test_keyboard_reaches_the_options(app):
    scene = SeatSetupScene(app, table_info("meow-dice"))
    app.stack.push(scene)
    app.step(1 / 30)
    target = fields(scene)["one_bite"]
    for _ in range(40):
        if scene.focus.focused is target:
            break
        app.step(1 / 30, [key(pygame.K_TAB, "\t")])
    assert scene.focus.focused is target
    app.step(1 / 30, [key(pygame.K_RETURN, "\r")])
    assert scene.chosen_options() == {"one_bite": True}


def test_a_table_without_options_has_no_row(app):
    scene = SeatSetupScene(app, table_info("hungry-meow"))
    app.stack.push(scene)
    app.step(1 / 30)
    assert not fields(scene) and scene.chosen_options() == {}


def test_zodiac_short_match_option_sets_the_target_and_round_trips(app):
    scene = SeatSetupScene(app, table_info("zodiac"))
    app.stack.push(scene)
    app.step(1 / 30)
    # issue 21: one default, ZC-6's match to 10; the short match is ticked by choice
    assert scene.chosen_options() == {}
    click(app, fields(scene)["short_match"].rect)
    assert scene.chosen_options() == {"target": 5}
    assert "10" in app.t("zodiac.opt.short_match")           # the box says what the normal match is
    again = SeatSetupScene(app, table_info("zodiac"), options={"target": 5})
    assert again.options["short_match"] is True
    assert SeatSetupScene(app, table_info("zodiac"), options={}).options["short_match"] is False


def test_options_row_stands_clear_and_each_option_says_what_it_does(app):
    """Issue 21: the option row sat on the backing's bottom border right above the buttons;
    "One bite" was not explained on screen; a person's empty "—" level slot looked like a broken
    button. Now the row has room under it, the line under the seats explains the option in focus
    (its table's ``<label>.note`` text) and a person's level place says it needs none."""
    scene = SeatSetupScene(app, table_info("meow-dice"))
    app.stack.push(scene)
    app.step(1 / 30)
    s = app.s
    opts = fields(scene)
    buttons = [scene.remove_btn, scene.add_btn, scene.back_btn, scene.start_btn]
    lowest = max(w.rect.bottom for w in opts.values())
    assert min(b.rect.y for b in buttons) - lowest >= s(40)
    status_y = scene.status_y()
    assert all(w.rect.y >= status_y + s(50) for w in opts.values())        # under the line, not on it
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        for option in opts.values():
            assert app.i18n.has(option.option.label_key + ".note"), (lang, option.option.key)
        scene.focus.set_focus(opts["one_bite"])
        text, _ = scene.status_text()
        assert app.t("md.opt.one_bite.note") in text and app.t("md.opt.one_bite") in text
    app.set_language("en")
    # a person's level place: words on the backing, no empty button's frame
    person = next(w for w in scene.widgets if getattr(w, "part", None) == "level" and w.seat.human)
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    r = person.rect
    edge = surface.get_at((r.x + s(2), r.centery))[:3]
    outside = surface.get_at((r.x - s(8), r.centery))[:3]
    assert sum(abs(a - b) for a, b in zip(edge, outside, strict=True)) < 24, (edge, outside)


def test_md2_the_cat_a_person_picks_is_the_cat_that_scores_and_each_seat_has_its_own(app):
    """MD-2 (issue 36): a person could take a computer seat's cat: the portrait changed but the
    +1 cat token and the score used the seat's old cat, and two seats showed the same cat. Now a
    coat press steps through the four cats of the rules only; the computer seat holding the cat
    picked takes the person's old one; the game scores the cat drawn."""
    from scenes.seat_setup import SeatField

    scene = SeatSetupScene(app, table_info("meow-dice"))
    app.stack.push(scene)
    app.step(1 / 30)
    person = next(i for i, s in enumerate(scene.seats) if s.human)
    coat = next(w for w in scene.widgets if isinstance(w, SeatField) and w.seat_index == person
                and w.part == "coat")
    cats = ("tabby", "calico", "tuxedo", "siamese")
    seen = set()
    for _ in range(4):
        before = [s.coat for s in scene.seats]
        click(app, coat.rect)
        after = [s.coat for s in scene.seats]
        seen.add(after[person])
        assert set(after) <= set(cats) and len(set(after)) == len(after), after
        taken_from = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if i != person and a != b]
        assert all(after[i] == before[person] for i in taken_from), (before, after)
    assert seen == set(cats)
    session = scene.make_session(seed=2)
    assert session.game.view(None)["cats"] == [s.coat for s in session.seats]


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_line_under_the_seats_stays_on_its_panel(tmp_path, lang, size):
    """Seat setup's phone tip ("A person may hold their cards on a phone…") ran past its panel:
    every line the focus can bring stays inside the dim backing."""
    from scenes.seat_setup import STATUS, SeatField

    app = App(size=size, home=str(tmp_path), audio=False, lang=lang)
    for game in ("hungry-meow", "zodiac", "meow-dice"):
        scene = SeatSetupScene(app, table_info(game))
        app.stack.clear_to(scene)
        app.step(1 / 20, [])
        del scene.seats[2:]                   # two seats: the narrowest panel
        scene.layout()
        app.step(1 / 20, [])
        for widget in [w for w in scene.widgets if isinstance(w, (SeatField, OptionField))]:
            scene.focus.set_focus(widget)
            app.step(1 / 20, [])
            text = scene.status_text()[0]
            width = min(app.s(STATUS.w), fit_text(app, text, STATUS).width)
            line = pygame.Rect(0, 0, width, 10)
            line.midtop = (app.size[0] // 2, scene.status_y())
            assert scene.backing_rect.left <= line.left and line.right <= scene.backing_rect.right, \
                (game, text, line, scene.backing_rect)
    app.shutdown()


@pytest.mark.parametrize("game", ["zodiac", "meow-dice"])
def test_the_arrow_keys_reach_every_control(app, game):
    """Stranger 6, defect 6: in Zodiac the arrows never reached the centred "Short game" box (Down
    from a seat's level and Up from Back jumped over it to the buttons); only Tab did."""
    scene = SeatSetupScene(app, table_info(game))
    app.stack.push(scene)
    app.step(1 / 30)
    arrows = [(pygame.K_UP, ""), (pygame.K_DOWN, ""), (pygame.K_LEFT, ""), (pygame.K_RIGHT, "")]
    usable = [w for w in scene.widgets if scene.focus.usable(w)]
    seen, todo = {id(scene.start_btn)}, [scene.start_btn]
    while todo:
        here = todo.pop()
        for k, text in arrows:
            scene.focus.set_focus(here)
            app.step(1 / 30, [key(k, text)])
            there = scene.focus.focused
            if there is not None and id(there) not in seen:
                seen.add(id(there))
                todo.append(there)
    missed = [getattr(w, "label", None) or getattr(getattr(w, "option", None), "key", w)
              for w in usable if id(w) not in seen]
    assert not missed, missed
    for option in fields(scene).values():               # and Up from the buttons comes back to them
        if scene.focus.usable(option):
            scene.focus.set_focus(scene.back_btn)
            app.step(1 / 30, [key(pygame.K_UP, "")])
            assert isinstance(scene.focus.focused, OptionField)
            break
