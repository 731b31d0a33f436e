"""Meow Meow Dice cards and tokens (the butler's parlour: bottle green velvet, cream paper, brass
and deep red), put together from the picture files under ``assets/pictures/meow-dice/``
(game/art/pictures.py).

A butler card (RULES.md MD-4, notation ``type/cat/points/condition``) shows, with no words:
its points big in a brass coin (top left), the bonus cat's head (top right), the item type as a
big picture at the top (food: a bowl, nest: a cushion bed, style: a bow tie, each toy its own
picture; each type on its own colour), its name on a ribbon (given in the reader's language)
and its condition(s) big along the bottom as icons a child can read: the face in a green square
(some die shows it) or the face inside a red "no" ring (no die shows it). Golden cards are
gilded; special cards (MD-12) carry an ability badge; fish bones are slate-blue skeletons with
0-3 flames. ``card_face(notation, width, ability=None)``, ``card_back(width, kind)``.

Files: ``cards/regular.svg``, ``golden``, ``special`` (a butler card's paper, frame, ribbon,
coin, cat disc and condition plate), ``cards/fishbone-<flames>.svg``, ``cards/back.svg``,
``back-fishbone``; ``items/<type>.svg`` and ``items/<toy>.svg`` (on their disc), ``heads/<cat>``,
``abilities/<ability>``, ``tokens/cat-<cat>``, ``cat-used``, ``flame``, ``flame-unlit``,
``condition`` (the token's disc; its condition is ``conditions/`` of the dice). The points and the
name are the game's text.

Tokens: ``condition_token(cond, size)`` (a brass disc with the condition), ``cat_token(cat, size,
face_up)``, ``enthusiasm_icon(size, lit)`` (a flame), ``type_icon(type, size)``,
``cat_head(cat, size)``. Cached by their parameters.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from game.art import palette as P
from game.art import pictures
from game.art.cache import art_cache, window_format
from game.art.dice_meow_dice import CONDITION_SHARE, draw_condition
from game.art.fonts import shipped_font_path
from game.rules.meow_dice_data import read_card

C = P.colours("meow-dice")

RATIO = 1.4
FOLDER = "meow-dice"
TOYS = {             # a shipped toy card's own picture (items/<name>.svg); other toys: items/toy.svg
    "toy/calico/2/!C": "draw_wand",        # Feather wand (also the toy type's picture)
    "toy/tuxedo/1/XC": "yarn_ball",
    "toy/siamese/1/XF": "laser_dot",
    "toy/tabby/2/!Y": "toy_mouse",
    "toy/calico/1/XY": "jingle_ball",
    "toy/tuxedo/1/XM": "cardboard_box",
    "toy/siamese/2/!P": "paper_bag",
    "toy/tabby/1/XP": "spring_coil",
    "toy/calico/1/XB": "kicker_fish",
    "toy/calico/4/!F": "robot_mouse",      # golden
    "toy/tuxedo/4/!B": "cat_tree",         # golden
    "toy/tabby/1/!Y": "catnip_sprig",      # special: Catnip sprig
}

_font_path: str | None = None


def _find_font() -> str | None:
    if _font_path:
        return _font_path
    return shipped_font_path()          # None when missing or damaged: pygame's default font


# a few sizes kept: each open size holds its glyphs (at 4K and supersampled, about 0.5 MiB);
# 32 kept (and 64 for Hungry Meow's) held about 20 MiB in a 4K kiosk (a card is made at many
# widths); opening one: 0.3 ms
@lru_cache(maxsize=4)
def _font(px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    path = _find_font()
    try:
        return pygame.font.Font(path, px)
    except (OSError, ValueError, pygame.error):
        return pygame.font.Font(None, px)


def parse(notation: str) -> dict:
    """``"food/tabby/2/!C"`` -> {type, cat, points, conds, kind}; ``fishbone/N`` -> flames."""
    f = read_card(notation)
    return {"kind": f.kind, "type": f.type, "cat": f.cat, "points": f.points, "conds": f.conds,
            "flames": f.flames}


# A butler card's parts, as fractions of its height (issue 21: the condition plate is the
# biggest thing after the points, its icon >= 40 px on a slot card at 1280x720; the name on a
# ribbon between the picture and the plate)
PICTURE_Y, PICTURE_D = 0.225, 0.34
RIBBON = (0.41, 0.595)
PLATE_H, PLATE_GAP = 0.36, 0.05      # plate height (of h), its bottom margin (of w)


def condition_box(w: int, h: int, n: int = 1) -> pygame.Rect:
    """The card-relative box of one of the card's ``n`` condition icons (the floor test reads it)."""
    plate = pygame.Rect(0, 0, round(w * 0.88), round(h * PLATE_H))
    plate.midbottom = (round(w * 0.5), round(h - w * PLATE_GAP))
    icon = round(min(plate.h * 0.96, plate.w * 0.9 / max(1, n)))
    return pygame.Rect(plate.centerx - icon // 2, plate.centery - icon // 2, icon, icon)


def _put(surf: pygame.Surface, rel: str, center, size: float, middle=(0.5, 0.5)) -> None:
    """The square picture file ``rel`` at ``size`` px, ``middle`` (a share of it) on ``center``."""
    side = max(1, round(size))
    pic = pictures.picture(f"{FOLDER}/{rel}.svg", (side, side), keep=False)    # (the card is kept)
    surf.blit(pic, (round(center[0] - side * middle[0]), round(center[1] - side * middle[1])))


def _coin_number(surf, text: str, center, r: float) -> None:
    label = _font(max(8, round(r * 1.55))).render(text, True, C.INK)
    label = label.subsurface(label.get_bounding_rect())
    surf.blit(label, label.get_rect(center=(center[0] - r * 0.04, center[1] - r * 0.04)))


def _name(surf, name: str | None, w: int, h: int) -> None:
    """The card's name on its ribbon, one line or two, as big as the ribbon lets it be."""
    if not name:
        return
    band = pygame.Rect(0, round(h * RIBBON[0]), w, round(h * (RIBBON[1] - RIBBON[0])))
    room = band.w - 2 * round(w * 0.05)
    for px, lines in [(round(band.h * k), [name]) for k in (0.62, 0.54)] + \
            [(round(band.h * k), _two_lines(name)) for k in (0.46, 0.4)]:
        font = _font(max(6, px))
        if all(font.size(line)[0] <= room for line in lines):
            break
    step = band.h * 0.47                    # two lines share the band: each its own half
    y0 = band.centery - step * (len(lines) - 1) / 2
    for i, line in enumerate(lines):
        label = font.render(line, True, C.PAPER)
        label = label.subsurface(label.get_bounding_rect()) if label.get_bounding_rect().w else label
        if label.get_width() > room:
            label = pygame.transform.smoothscale(label, (room, label.get_height()))
        surf.blit(label, label.get_rect(center=(band.centerx, round(y0 + i * step))))


def _two_lines(name: str) -> list[str]:
    """A long name on two lines: at the space nearest its middle, else half way (Chinese)."""
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if spaces:
        cut = min(spaces, key=lambda i: abs(i - len(name) / 2))
        return [name[:cut], name[cut + 1:]]
    half = (len(name) + 1) // 2
    return [name[:half], name[half:]]


def _butler(notation: str, w: int, h: int, ability: str | None, name: str | None = None) -> pygame.Surface:
    info = parse(notation)
    golden = info["points"] >= 3 and ability is None
    kind = "golden" if golden else ("special" if ability is not None else "regular")
    surf = pictures.picture(f"{FOLDER}/cards/{kind}.svg", (w, h), keep=False)
    # the item's own picture (each toy its own), on the type's colour
    item = TOYS.get(notation, info["type"]) if info["type"] == "toy" else info["type"]
    _put(surf, f"items/{item}", (w * 0.5, h * PICTURE_Y), h * PICTURE_D)
    # the points (the biggest thing on the card) on its coin, and the bonus cat
    _coin_number(surf, str(info["points"]), (w * 0.18, w * 0.18), w * 0.155)
    _put(surf, f"heads/{info['cat']}", (w * 0.82, w * 0.16), w * 0.25 / 0.92, (0.5, 0.52))
    if ability is not None:
        _put(surf, f"abilities/{ability}", (w * 0.16, h * 0.33), w * 0.125 * 2 * 1.1)
    _name(surf, name, w, h)
    conds = info["conds"]
    n = max(1, len(conds))
    box = condition_box(w, h, n)
    x0 = box.centerx - box.w * (n - 1) / 2
    for i, cond in enumerate(conds):
        draw_condition(surf, cond, (x0 + i * box.w, box.centery), box.w * 0.98)
    pictures.round_corners(surf, round(w * 0.09))
    return surf


def card_size(width: int) -> tuple[int, int]:
    return width, round(width * RATIO)


def face_files(notation: str, width: int, ability: str | None = None) -> list[tuple[str, tuple[int, int]]]:
    """The picture files ``card_face(notation, width, ability)`` rasterises, each with its size
    (for ``pictures.ahead``): the card's frame, its item, its cat's head, its ability, its
    conditions; as ``_butler`` places them."""
    w, h = card_size(max(8, int(width)))
    info = parse(notation)
    if info["kind"] == "fishbone":
        return [(f"{FOLDER}/cards/fishbone-{info['flames']}.svg", (w, h))]
    golden = info["points"] >= 3 and ability is None
    kind = "golden" if golden else ("special" if ability is not None else "regular")
    item = TOYS.get(notation, info["type"]) if info["type"] == "toy" else info["type"]

    def square(rel, size):
        side = max(1, round(size))
        return f"{FOLDER}/{rel}.svg", (side, side)
    out = [(f"{FOLDER}/cards/{kind}.svg", (w, h)), square(f"items/{item}", h * PICTURE_D),
           square(f"heads/{info['cat']}", w * 0.25 / 0.92)]
    if ability is not None:
        out.append(square(f"abilities/{ability}", w * 0.125 * 2 * 1.1))
    box = condition_box(w, h, max(1, len(info["conds"])))
    for cond in info["conds"]:
        side = round(box.w * 0.98 / CONDITION_SHARE)
        out.append((f"{FOLDER}/conditions/{'must' if cond[0] == '!' else 'not'}-{cond[1]}.svg", (side, side)))
    return out


@art_cache("cards_meow_dice.card_face")
def card_face(notation: str, width: int, ability: str | None = None,
              name: str | None = None) -> pygame.Surface:
    """The face of a butler card or fish bone at ``width`` px (height = width * RATIO), a butler
    card's ``name`` (in the reader's language) on its ribbon. Cached."""
    w, h = card_size(max(8, int(width)))
    info = parse(notation)
    if info["kind"] == "fishbone":
        surf = pictures.picture(f"{FOLDER}/cards/fishbone-{info['flames']}.svg", (w, h), keep=False)
        pictures.round_corners(surf, round(w * 0.09))
        return surf
    return _butler(notation, w, h, ability, name)


@art_cache("cards_meow_dice.card_back")
def card_back(width: int, kind: str = "regular") -> pygame.Surface:
    """The back of the regular deck (green velvet, a golden bell) or of a fish bone."""
    w, h = card_size(max(8, int(width)))
    rel = f"{FOLDER}/cards/back{'-fishbone' if kind == 'fishbone' else ''}.svg"
    surf = pictures.picture(rel, (w, h), keep=False)
    pictures.round_corners(surf, round(w * 0.09))
    return surf


def _icon(rel: str, size: int) -> pygame.Surface:
    return pictures.picture(f"{FOLDER}/{rel}.svg", (size, size))


@art_cache("cards_meow_dice.condition_token")
def condition_token(cond: str, size: int) -> pygame.Surface:
    """A condition token (MD-11 A): a brass disc with the face in a square frame (must show) or
    in a round no-sign (must not show)."""
    surf = _icon("tokens/condition", size).copy()
    draw_condition(surf, cond, (size / 2, size / 2), size * 0.66)
    return surf


@art_cache("cards_meow_dice.cat_token")
def cat_token(cat: str, size: int, face_up: bool = True) -> pygame.Surface:
    """The MD-10 cat token: the cat's head on brass (face up) or a plain grey disc (used)."""
    return _icon(f"tokens/cat-{cat}" if face_up else "tokens/cat-used", size)


@art_cache("cards_meow_dice.enthusiasm_icon")
def enthusiasm_icon(size: int, lit: bool = True) -> pygame.Surface:
    return _icon("tokens/flame" if lit else "tokens/flame-unlit", size)


@art_cache("cards_meow_dice.type_icon")
def type_icon(ctype: str, size: int) -> pygame.Surface:
    """The item type on its disc (the file fills its square; the icon is 0.96 of it)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    _put(surf, f"items/{ctype}", (size / 2, size / 2), size * 0.96)
    return window_format(surf)


@art_cache("cards_meow_dice.cat_head")
def cat_head(cat: str, size: int) -> pygame.Surface:
    return _icon(f"heads/{cat}", size)


def bite_mark(width: int) -> pygame.Surface:
    """Laid over a turned (bitten, MD-13) food card: a dimming veil and a bite out of its right
    edge in the table's colour (``cards/bite.svg``)."""
    return pictures.picture(f"{FOLDER}/cards/bite.svg", card_size(width))


def rules_picture(kind: str, item: str, width: int, t=None) -> pygame.Surface:
    """A piece a rules help page shows (its kit's ``picture``): a card, die, condition, cat
    token or slot pattern (``t``, the reader's translator, is not used here)."""
    from game.art.dice_meow_dice import die_face, pattern_icon

    if kind == "card" and not item.startswith("fishbone/"):
        return card_face(item, width, _ability(item))     # a special with its badge, as on the table
    draw = {"card": card_face, "die": die_face, "cond": condition_token, "cat_token": cat_token,
            "pattern": pattern_icon}[kind]
    return draw(item, width)


def _ability(notation: str) -> str | None:
    """The shipped special card's ability of a notation (None for any other card)."""
    from game.rules.meow_dice_data import DEFAULT_CARDS

    try:
        return next((c.ability for c in DEFAULT_CARDS.cards if c.notation == notation and c.ability), None)
    except Exception:           # a damaged card file: the picture without its badge
        return None
