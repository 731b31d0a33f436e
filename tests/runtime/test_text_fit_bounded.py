"""Issue 20.4: fitting a text takes a bounded number of measurements whatever its length (a seat
name of 2,000,000 characters froze ``_abbreviate`` for 13+ minutes, one character per pass)."""
import pygame
import pytest

from game.ui import textfit
from game.ui.textfit import Box, abbreviate_line, fit_text

MAX_CHARS = getattr(textfit, "MAX_CHARS", 10_000)     # (main before issue 20 had no such bound)

LIMIT = 2000         # measurements allowed per fit (a normal one takes a few dozen)


class CountingFont:
    """A real font that counts what it measures, and refuses to go on past ``LIMIT`` (so a
    per-character loop fails at once instead of running for minutes)."""

    def __init__(self, px: int):
        self.font = pygame.font.Font(None, px)
        self.calls = 0
        self.longest = 0

    def size(self, text: str):
        self.calls += 1
        self.longest = max(self.longest, len(text))
        if self.calls > LIMIT:
            raise AssertionError(f"more than {LIMIT} measurements")
        if len(text) > MAX_CHARS + 1:      # (SDL_ttf takes seconds over such a string)
            raise AssertionError(f"measured a text of {len(text):,} characters")
        return self.font.size(text)

    def get_linesize(self):
        return self.font.get_linesize()


class FakeApp:
    def __init__(self):
        self.fonts = {}

    def s(self, v):
        return round(v * 720 / 1080)

    def font(self, px):
        return self.fonts.setdefault(px, CountingFont(self.s(px)))


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    textfit._FITS.clear()
    yield
    textfit._FITS.clear()


@pytest.mark.parametrize("text", ["W" * 2_000_000, ("Mochi " * 400_000).strip(), "貓" * 2_000_000])
@pytest.mark.parametrize("steps", [("shrink", "abbrev"), ("shrink", "wrap", "abbrev")])
def test_a_two_million_character_name_is_fitted_in_a_bounded_number_of_measurements(text, steps):
    app = FakeApp()
    fit = fit_text(app, text, Box(300, 50, 36, steps))
    assert 1 <= len(fit.lines) <= 2 and fit.lines[-1].endswith("…")
    assert all(app.font(fit.px).size(line)[0] <= app.s(300) for line in fit.lines)
    assert not fit.overflow


def test_abbreviate_line_cuts_a_huge_text_by_binary_search():
    font = CountingFont(28)
    line = abbreviate_line(font, "Mochi" * 400_000, 200)
    assert line.endswith("…") and font.size(line)[0] <= 200
    assert font.calls < 40


def test_the_cut_is_the_longest_start_that_fits():
    font = CountingFont(28)
    line = abbreviate_line(font, "Mochi the brave tabby cat", 150)
    assert font.size(line)[0] <= 150
    longer = "Mochi the brave tabby cat"[:len(line)] + "…"       # one character more
    assert font.size(longer)[0] > 150
