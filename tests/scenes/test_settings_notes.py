"""Settings: a line under the rows says what the focused (or pointed at) row does, in every
language, inside the panel and clear of the rows and of Done, at the smallest and largest window
(strangers 7 and 8: no row explained itself; reduce motion, colour-blind patterns, odds and
"ask first" most of all)."""
from __future__ import annotations

import pygame
import pytest

from game.runtime.app import App
from game.ui.textfit import fit_text
from scenes.settings import NOTE, NOTES, SettingRow, SettingsScene


@pytest.fixture(params=[((1280, 720), "en"), ((1280, 720), "zh_TW"), ((1920, 1080), "en"),
                        ((1920, 1080), "zh_TW")])
def app(request, tmp_path):
    size, lang = request.param
    app = App(size=size, home=str(tmp_path), audio=False, lang=lang)
    yield app
    app.shutdown()


def rows(scene) -> list[SettingRow]:
    return [w for w in scene.widgets if isinstance(w, SettingRow)]


def test_every_row_says_what_it_does_in_its_own_words(app):
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step(1 / 30)
    seen = set()
    for row in rows(scene):
        scene.focus.set_focus(row)
        key = scene.note_key()
        assert key == NOTES[row.key] and app.i18n.has(key), row.key
        text = app.t(key)
        assert text not in seen, row.key           # each row its own line, not one shared text
        seen.add(text)
        assert not fit_text(app, text, NOTE).overflow, (row.key, text)
        app.step(1 / 30)
    scene.focus.set_focus(next(w for w in scene.widgets if not isinstance(w, SettingRow)))
    assert scene.note_key() == "settings.done.note"


def test_the_line_stands_between_the_rows_and_done(app):
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step(1 / 30)
    note = scene.note_rect()
    assert scene.panel_rect().contains(note)
    for w in scene.widgets:
        assert not note.colliderect(w.rect), w
    assert pygame.Rect((0, 0), app.size).contains(scene.panel_rect())


def test_pointing_at_a_row_explains_it(app):
    scene = SettingsScene(app)
    app.stack.push(scene)
    app.step(1 / 30)
    row = next(r for r in rows(scene) if r.key == "reduce_motion")
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=row.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 30, [moved])
    assert scene.note_key() == "settings.reduce_motion.note"



def test_the_colour_blind_line_says_what_turning_it_on_changes(app):
    """Stranger 9 #4: the line promised patterns on cards and shapes on dice faces, which are there
    with the setting off too; on, red turns pink and the dots above dice cards turn to shapes."""
    text = app.t(NOTES["colorblind"])
    pink, shapes, either_way = ("pink", "shapes", "either way") if app.i18n.lang == "en" \
        else ("粉紅", "形狀", "本來就有")
    assert pink in text and shapes in text and either_way in text, text
