"""Issue 12: the Meow Meow Dice buttons keep their places between phases. Seeded games are played
through the table with the mouse, every pre-roll choice opened and left again on the way; every
button's rect is recorded in every phase reached."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from game.ui.textfit import fit_text
from scenes.meow_dice.table import SLOT_LINE
from tests.scenes.hm_driver import UNSEEN
from tests.scenes.md_driver import choose, make_session
from tests.scenes.test_meow_dice_table import open_table

SPENDS = ("token", "condition", "lock", "change")
OPTIONS = [{}, {"one_bite": True}, {"advanced": True}, {"advanced": True, "one_bite": True}]


def _record(table, seen: dict, places: dict, phases: set) -> None:
    table.app.show_now()            # the buttons as shown now (the test thins the drawing)
    if table.presenter.busy or table.mode is None:
        return
    phases.add(table.mode)
    for b in table.active_buttons:
        key = next(k for k, v in table.buttons.items() if v is b)
        slot = table.button_slot[key]
        seen.setdefault((key, slot), set()).add(tuple(b.rect))
        places.setdefault(tuple(b.rect), set()).add(slot)


def _open_and_leave_choices(drv, record) -> None:
    """Open each pre-roll choice the person can afford, pick a card where it asks for cards, then
    leave it again (unpick, Cancel)."""
    table = drv.table
    for verb in SPENDS:
        if table.mode != "pre" or not table.widget_enabled(f"btn:{verb}"):
            continue
        drv.click(f"btn:{verb}")
        record()
        if table.mode == "discard":
            slot = next((n for n in table.widgets()
                         if n.startswith("slot:") and table.widget_enabled(n)), None)
            if slot:
                drv.click(slot)
                drv.step()
                record()
                # Cancel stays where it was; the confirm has its own place (issue 21)
                assert "btn:discard" in table.widgets() and "btn:cancel" in table.widgets()
                drv.click(slot)                        # unpick
                drv.step()
                record()
        assert "btn:cancel" in table.widgets()
        drv.click("btn:cancel")
        drv.step()
        record()
        assert table.mode == "pre"


@pytest.mark.parametrize("options", OPTIONS, ids=["basic", "bite", "advanced", "advanced-bite"])
def test_every_button_keeps_its_place_in_every_phase(tmp_path, options):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    app.draw_every(UNSEEN)          # the places are read at each moment recorded (drawn then)
    try:
        session = make_session(players=2, humans=(0,), seed=5, options=options)
        drv = open_table(app, session, "mouse")
        table = drv.table
        seen: dict = {}
        places: dict = {}
        phases: set = set()

        def record():
            _record(table, seen, places, phases)
        for _ in range(400):
            drv.settle()
            if app.stack.top is not table or session.game.over:
                break
            record()
            if table.mode == "pre":
                _open_and_leave_choices(drv, record)
            for name in choose(table):
                drv.click(name)
                drv.step()
                record()
        assert session.game.over
        assert {"pre", "rolling"} <= phases
        assert phases & {"discard", "cond_slot", "lock_die"}, phases
        # each action, whenever shown, in one place
        moved = {k: rects for k, rects in seen.items() if len(rects) != 1}
        assert not moved, moved
        # and one place never holds the buttons of two slots
        shared = {r: slots for r, slots in places.items() if len(slots) != 1}
        assert not shared, shared
        rects = [next(iter(r)) for r in seen.values()]
        for a in rects:
            for b in rects:
                assert a == b or not pygame.Rect(a).colliderect(pygame.Rect(b)), (a, b)
        # an action keeps to its own slot (Cancel and its confirm live in the choice's slot)
        for (key, slot) in seen:
            if key not in ("cancel", "discard"):
                assert [s for (k, s) in seen if k == key] == [slot], key
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "zh_TW"])
@pytest.mark.parametrize("advanced", [False, True])
def test_every_label_fits_its_fixed_place(tmp_path, size, lang, advanced):
    from scenes.meow_dice.table import MeowDiceTable, action_slots
    app = App(size=size, home=str(tmp_path), audio=False, lang=lang)
    try:
        session = make_session(players=2, humans=(0,), seed=5, options={"advanced": advanced})
        table = MeowDiceTable(app, session)
        app.stack.push(table)
        app.step(1 / 30, [])
        row = table.action_row()
        rects = row.rects(app, table.actions_rect())
        assert list(rects) == [name for name, _ in action_slots(advanced)]
        area = table.actions_rect()
        sizes: dict = {}
        for (name, texts), rect in zip(action_slots(advanced), rects.values(), strict=True):
            assert area.contains(rect), name
            for text in texts(app):
                fit = fit_text(app, text, row.box(app, rect))
                # one line, never under the table's tool buttons' size (issue 21: "Lock / a die")
                assert not fit.overflow and len(fit.lines) == 1 and fit.px >= 30, (name, text, fit)
                sizes.setdefault(rect.y, set()).add((rect.h, fit.px))
        assert all(len(line) == 1 for line in sizes.values()), sizes   # a line: one height, one size
        places = list(rects.values())
        assert not any(a.colliderect(b) for i, a in enumerate(places) for b in places[i + 1:]), places
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_footer_fits_its_one_line_place(tmp_path, size):
    """The footer's place is one line (44 design px) so the button row has two lines' room
    (issue 21): every footer the table may show fits it, in both languages, for every device
    ("D-pad moves · Ⓐ picks…" did not even fit the old two-line place)."""
    from game.runtime.i18n import catalogue
    from game.ui.textfit import Box
    from scenes.meow_dice.table import MeowDiceTable
    app = App(size=size, home=str(tmp_path), audio=False, lang="en")
    try:
        table = MeowDiceTable(app, make_session(players=4, humans=(0,), seed=5, options={"advanced": True}))
        place = table.anchors["hints"].rect
        box = Box(place.w / app.scale, place.h / app.scale, 28, ("shrink", "wrap"), min_px=22)
        keys = [k for k in catalogue("en").entries if k.startswith(("md.hint.", "table.hint.wait."))]
        assert len(keys) > 10
        bad = []
        for lang in ("en", "zh_TW"):
            app.set_language(lang)
            for key in keys:
                fit = fit_text(app, app.t(key, name="Sir Whiskers"), box)
                if fit.overflow:
                    bad.append((lang, key, fit))
        assert not bad, bad
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_slot_line_is_whole_in_its_place(tmp_path, size):
    """Issue 21 (stranger21c defect 2): a slot's line was cut with an ellipsis ("No paw print
    allo…", "Reroll first: a bite is…"). Every line a slot may show (its pattern, "Take it!", each
    reason it cannot be taken) stands whole on one line in its place, in both languages."""
    from game.rules.meow_dice_data import FACES
    from scenes.meow_dice.table import MeowDiceTable
    app = App(size=size, home=str(tmp_path), audio=False, lang="en")
    try:
        table = MeowDiceTable(app, make_session(players=4, humans=(0,), seed=5, options={"advanced": True}))
        bad = []
        for lang in ("en", "zh_TW"):
            app.set_language(lang)
            t = app.t
            lines = [t("md.pattern." + s) for s in table.slot_spots]
            lines += [t("md.why.line.pattern", pattern=t("md.pattern." + s)) for s in table.slot_spots]
            for key in ("md.why.need", "md.why.no"):     # (their lines: md.why.line.*)
                lines += [table.say_why(SLOT_LINE.get(key, key), {"face": ("md.face." + f,)}) for f in FACES]
            lines += [t(SLOT_LINE.get(k, k)) for k in ("md.why.take", "md.why.empty", "md.why.roll_first",
                                                       "md.why.not_now", "md.why.after_bite")]
            font = app.font(28)
            for slot in table.slot_spots:
                place = table.slot_line_rect(slot)
                bad += [(lang, slot, line) for line in lines if font.size(line)[0] > place.w]
        assert not bad, bad
    finally:
        app.shutdown()
