"""Cover art for the table select screen: each game's kit names its picture file (``cover``,
e.g. ``covers/zodiac.svg`` under assets/pictures/); a game without one gets
``covers/plain.svg``, a lamp-lit table. Cached per size, the corners rounded."""

from __future__ import annotations

import pygame

from game.art import pictures
from game.art.cache import art_cache, window_format

PLAIN = "covers/plain.svg"


@art_cache("covers.cover")
def cover(game: str, size: tuple[int, int]) -> pygame.Surface:
    from game.rules.registry import KITS

    kit = KITS.get(game)
    rel = kit.cover if kit is not None and kit.cover and pictures.exists(kit.cover) else PLAIN
    out = pictures.picture(rel, size, fill=True, keep=False)
    pictures.round_corners(out, int(18 * size[0] / 480))
    return window_format(out)
