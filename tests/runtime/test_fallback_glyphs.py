"""A damaged font leaves pygame's default font, which lacks the arrows and controller buttons of
the control hints: the keycaps and hints must draw them (as shapes, or words in wrapped text),
never as the font's empty missing-glyph box. ``Font.metrics`` cannot tell a lacked glyph (it
gives the box's metrics), so the check looks for the box itself: the pixels the font draws for
a private-use character, searched for in every text surface the hints draw."""
import pygame
import pytest

from game.art import glyphs
from game.runtime import assets
from game.runtime.i18n import all_strings
from game.ui.widgets import draw_hints, glyph

DEVICES = ("keyboard", "pad", "mouse", "touch")
KINDS = ("confirm", "back", "move", "pause", "next", "alt", "skip", "help", "text", "delete", "any")
COLOUR = (40, 30, 20)


def box_in(surface: pygame.Surface, font: pygame.font.Font, colour=COLOUR) -> bool:
    """Whether ``surface`` (drawn by ``font`` in ``colour``) shows the font's missing-glyph box."""
    notdef = font.render(glyphs.NOTDEF, True, colour)
    ink = notdef.get_bounding_rect()
    mark = pygame.image.tobytes(notdef.subsurface(ink), "RGBA")
    if surface.get_height() < ink.bottom:
        return False
    return any(pygame.image.tobytes(surface.subsurface((x, ink.y, ink.w, ink.h)), "RGBA") == mark
               for x in range(surface.get_width() - ink.w + 1))


@pytest.fixture
def default_font():
    pygame.font.init()
    return pygame.font.Font(None, 30)


def test_the_box_finder_sees_the_boxes_of_the_plain_font(default_font):
    """The positive control: the default font draws these as boxes, and the finder says so."""
    for text in ("← ↑ ↓ →", "Ⓐ", "D-pad moves · Ⓐ picks"):
        assert box_in(default_font.render(text, True, COLOUR), default_font), text
    assert not box_in(default_font.render("Enter", True, COLOUR), default_font)
    assert glyphs.missing(default_font, "← ↑ ↓ → Ⓐ Ⓑ Ⓧ Ⓨ ▶ ◀ A–Z") == list("←↑↓→ⒶⒷⓍⓎ▶◀")


@pytest.mark.parametrize("px", [14, 30, 46])
def test_every_keycap_and_hint_draws_without_a_box_in_the_default_font(px):
    pygame.font.init()
    font = pygame.font.Font(None, px)
    from game.runtime.i18n import Translator

    t = Translator("en")
    texts = {t.t(f"glyph.{d}.{k}") for d in DEVICES for k in KINDS}
    texts |= {s for s in all_strings("en") if any(c in s for c in "←↑→↓ⒶⒷⓍⓎ▶◀")}
    assert "← ↑ ↓ →" in texts and any("Ⓐ" in s for s in texts)
    for text in sorted(texts):
        drawn = glyphs.render_text(font, text, COLOUR)
        assert not box_in(drawn, font), text
        for kind, value in glyphs.pieces(font, text):      # what the font itself draws: no lacked
            assert kind == "shape" or not glyphs.missing(font, value), (text, value)
        wrapped = glyphs.render_text(font, text, COLOUR, wrap=10 * px)
        assert not box_in(wrapped, font), text


def test_the_shapes_are_drawn_not_left_out(default_font):
    arrows = glyphs.render_text(default_font, "← ↑ ↓ →", COLOUR)
    spaces = default_font.render("   ", True, COLOUR)
    assert arrows.get_width() > spaces.get_width() + 4 * 8     # four shapes wider than the gaps
    ink = pygame.mask.from_surface(arrows).count()
    assert ink > 4 * 20                                         # each arrow has ink
    assert glyphs.plain(default_font, "← ↑ ↓ → Ⓐ") == "Left Up Down Right A"


def test_the_shipped_font_draws_its_own_symbols():
    font = pygame.font.Font(assets.shipped_font_path(), 30)
    assert glyphs.missing(font, "← ↑ ↓ → Ⓐ Ⓑ Ⓧ Ⓨ") == []
    assert glyphs.pieces(font, "← ↑ Ⓐ") == [("text", "← ↑ Ⓐ")]


def test_hints_bar_with_a_damaged_font_shows_no_box(tmp_path, monkeypatch):
    """The real hints bar of an App whose font file does not load: every text surface it draws."""
    monkeypatch.setattr(assets, "shipped_font_path", lambda rel=assets.FONT_FILE: None)
    from game.runtime.app import App

    app = App(size=(1280, 720), home=tmp_path, audio=False, lang="en")
    drawn = []
    real = app.text_cache.render

    def render(font, text, color, wrap=0, align=pygame.FONT_LEFT):
        surf = real(font, text, color, wrap, align)
        drawn.append((font, text, tuple(color), surf))
        return surf
    monkeypatch.setattr(app.text_cache, "render", render)
    try:
        surface = pygame.Surface(app.size)
        for device in DEVICES:
            app.input.device = device
            draw_hints(surface, app, [(k, "hint.select") for k in KINDS])
        keycaps = [d for d in drawn if d[1] in {glyph(app, k) for k in KINDS} or "←" in d[1]]
        assert any("←" in text for _f, text, _c, _s in keycaps)
        for font, text, colour, surf in drawn:
            assert not box_in(surf, font, colour), text
    finally:
        app.stack.clear()


def test_the_glyph_checks_do_not_keep_a_font_alive():
    """What a font lacks is remembered per font, weakly: a size the app's font cache let go is
    freed with its glyphs (kept here for good, they held every size a 4K kiosk ever opened)."""
    import gc
    import weakref

    import pygame

    from game.art import glyphs

    pygame.font.init()
    font = pygame.font.Font(None, 31)
    assert glyphs.lacks(font, "←") in (True, False)
    gone = weakref.ref(font)
    del font
    gc.collect()
    assert gone() is None
