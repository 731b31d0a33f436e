"""Stranger 43, defect 6: at Meow Meow Dice the tiger's words lay over the prompt and hid its
second line ("Roll N · next reroll: up to N dice"), the rule a person needs at roll 3. The
bubble now has the level's ``zone:hint``: it never meets the prompt, at any seat count, and the
overlap audit counts a hint over the prompt as a problem wherever a level gives it a zone."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.runtime.app import App  # noqa: E402
from tests.scenes.overlap_audit import problems  # noqa: E402
from tests.scenes.test_overlap_audit import DT, person_turn, unseen  # noqa: E402


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = App(size=(1280, 720), home=str(tmp_path_factory.mktemp("bubble")), audio=False,
              speed="faster", lang="en")
    yield app
    app.stack.clear()
    app.shutdown()


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_dice_tigers_words_keep_off_the_prompt(app, n):
    table = person_turn(app, "meow-dice", n)
    table.advice.ask()
    with unseen(app):
        for _ in range(200):
            table.advice.runner.wait_ready()
            app.step(DT, [])
            if table.advice.hint is not None:
                break
    app.step(DT, [])
    bubbles = [d.rect for d in table.boxes.overlays() if d.name == "hint"]
    assert bubbles, "no hint drawn"
    prompt = table.anchors["prompt"].rect
    assert not any(pygame.Rect(b).colliderect(prompt) for b in bubbles), (bubbles, prompt)
    assert problems(table, f"meow-dice {n} seats hint") == []
