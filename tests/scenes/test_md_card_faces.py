"""Issue 21 item 6, Meow Meow Dice readability on the cards themselves: a slot card's condition
icon and the condition tokens beside it are at least 40 px on a 1280x720 window (and grow with
the window); a banned face stays recognisable under its red ring; every toy has its own
picture; a card big enough to read prints its name, in the reader's language."""
from __future__ import annotations

import itertools

import pygame
import pytest

from game.art import pictures
from game.art.cards_meow_dice import RATIO, TOYS, card_face, condition_box
from game.art.dice_meow_dice import condition_icon
from game.rules.meow_dice_data import DEFAULT_CARDS, FACES
from game.runtime.app import App
from tests.scenes import md_driver
from tests.scenes.test_meow_dice_table import open_table


@pytest.fixture(params=[(1280, 720), (1920, 1080)], ids=["720", "1080"])
def table(request, tmp_path):
    app = App(size=request.param, home=str(tmp_path), audio=False, speed="faster", lang="en")
    drv = open_table(app, md_driver.make_session(players=4, humans=(0,), options={"advanced": True}))
    drv.settle()
    yield drv.table
    app.shutdown()


def test_slot_card_conditions_and_tokens_are_40_px_at_720p(table):
    floor = 40 * table.app.size[1] / 720
    for slot in ("TL", "TR", "BL", "BR"):
        card = table.slot_card_rect(slot)
        assert condition_box(card.w, round(card.w * RATIO)).w >= floor - 1, (slot, card)
    assert table.token_size() >= floor - 1
    # two columns of tokens stay inside their slot
    for slot in ("TL", "TR", "BL", "BR"):
        room = table.slot_rect(slot)
        last = table.token_pos(slot, 5)
        assert last[0] + table.token_size() / 2 <= room.right, (slot, last, room)


def _centre(surf: pygame.Surface, frac: float = 0.34) -> list[int]:
    w, h = surf.get_size()
    box = pygame.Rect(0, 0, round(w * frac), round(h * frac))
    box.center = (w // 2, h // 2)
    raw = pygame.image.tobytes(surf.subsurface(box), "RGB")
    return list(raw)


def _distance(a: list[int], b: list[int]) -> float:
    return sum(abs(x - y) for x, y in zip(a, b, strict=True)) / len(a)


def test_a_banned_face_stays_recognisable(table):
    """The middle of "no yarn" looks like the yarn, not like the paw (they looked alike)."""
    size = 120
    for face in FACES:
        banned = _centre(condition_icon("X" + face, size))
        shown = _centre(condition_icon("!" + face, size))
        for other in FACES:
            if other != face:
                unlike = _distance(banned, _centre(condition_icon("X" + other, size)))
                assert _distance(banned, shown) < unlike, (face, other)


def _picture(notation: str, ctype: str) -> bytes:
    surf = pictures.picture(f"meow-dice/items/{TOYS.get(notation, ctype)}.svg", (150, 150))
    return pygame.image.tobytes(surf, "RGBA")


def test_every_toy_has_its_own_picture():
    toys = [c for c in DEFAULT_CARDS.cards if c.type == "toy" and c.kind != "fishbone"]
    assert len(toys) >= 10
    assert {c.notation for c in toys} <= set(TOYS), "a shipped toy without its own picture"
    pictures = {c.name: _picture(c.notation, "toy") for c in toys}
    for (a, pa), (b, pb) in itertools.combinations(pictures.items(), 2):
        assert pa != pb, f"{a} and {b} look the same"


def test_a_slot_card_prints_its_name_in_the_readers_language(table):
    app = table.app
    card = next(c for c in DEFAULT_CARDS.cards if c.name == "Tuna can")
    w = table.slot_card_rect("TL").w
    assert table.name_on_card(card.notation, w) == "Tuna can"
    named = card_face(card.notation, w, None, "Tuna can")
    bare = card_face(card.notation, w, None, None)
    assert pygame.image.tobytes(named, "RGB") != pygame.image.tobytes(bare, "RGB")
    app.set_language("zh_TW")
    assert table.name_on_card(card.notation, w) == "鮪魚罐頭"
    # a hand's card is too small to read a name: none is printed there
    assert table.name_on_card(card.notation, table.w("hand")) is None


def test_the_rules_page_shows_each_special_with_its_badge():
    """The specials page pictures the four cards as the table does: each with its power's badge
    (the lesson says "a round badge means a special card")."""
    from game.art.cards_meow_dice import rules_picture

    specials = [c for c in DEFAULT_CARDS.cards if c.ability]
    assert len(specials) == 4
    for card in specials:
        shown = pygame.image.tobytes(rules_picture("card", card.notation, 120), "RGB")
        assert shown == pygame.image.tobytes(card_face(card.notation, 120, card.ability), "RGB")
        assert shown != pygame.image.tobytes(card_face(card.notation, 120), "RGB"), card.name


@pytest.mark.parametrize("count", [1, 2, 4])
def test_a_slots_odds_chip_misses_its_condition_tokens(tmp_path, count):
    """The % beside a card and the condition tokens placed on it share the slot's right side:
    the tokens fill it two a row from the top, the chip moves to the card's foot."""
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    try:
        app.settings.show_odds = True
        drv = open_table(app, md_driver.make_session(players=2, humans=(0,), options={"advanced": True}))
        drv.settle()
        table = drv.table
        table.send("roll")
        drv.settle()
        board = table.presenter.board
        for slot in ("TL", "TR", "BL", "BR"):
            board.slot_tokens[slot] = ["!C", "XF", "!Y", "XM"][:count]
        app.step(1 / 30, [])
        chips = {d.name[5:]: d.rect for d in table.boxes.items if d.name.startswith("odds:")}
        assert chips, "no odds chip drawn"
        for slot, chip in chips.items():
            room = table.slot_rect(slot)
            assert room.contains(chip), (slot, chip, room)
            for k in range(count):
                r = pygame.Rect(0, 0, table.token_size(), table.token_size())
                r.center = tuple(round(v) for v in table.token_pos(slot, k))
                assert not r.colliderect(chip), (slot, k, r, chip)
    finally:
        app.shutdown()


def test_the_condition_picker_shows_its_tokens_40_px_at_720p(table):
    """Twelve tokens in one row of the tray were ~30 px: two rows of six now, each >= 40 px."""
    assert table.mode == "pre" and any(a.startswith("condition") for a in table.legal)
    table._start_condition()
    table.app.step(1 / 30, [])
    table._press_slot(next(s for s, spot in table.slot_spots.items() if spot.enabled))
    table.app.step(1 / 30, [])
    spots = table.pick_spots
    assert len(spots) == 12
    floor = 40 * table.app.size[1] / 720
    for i, a in enumerate(spots):
        assert min(a.rect.size) >= floor - 1, (a.key, a.rect)
        assert table.anchors["tray"].rect.inflate(table.s(8), table.s(8)).contains(a.rect), a.rect
        assert not any(a.rect.colliderect(b.rect) for b in spots[i + 1:]), a.key
