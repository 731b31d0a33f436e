"""The little town at dusk behind the menus: sky, stars, rooftops, the street, lit doorways,
from the picture files under ``assets/pictures/town/`` (game/art/pictures.py):
``backdrop.svg`` (and ``backdrop-no-street.svg``), ``door-<game>.svg`` and ``door-<game>-dark.svg``
(lit and closed), ``door-light-<game>.svg`` (the warm pool in front of a lit door) and
``street-light-<game>.svg`` (its oval on the street); ``<game>`` is ``plain`` for a table
without its own.

Each piece is rasterised once per window size and kept; the menus blit them.
"""

from __future__ import annotations

import math

import pygame

from game.art import pictures
from game.art.cache import art_cache, window_format
from game.rules.registry import KITS


def _own(game: str) -> str:
    return game if game in KITS and pictures.exists(f"town/door-{game}.svg") else "plain"


@art_cache("town.backdrop")
def backdrop(size: tuple[int, int], street: bool = True) -> pygame.Surface:
    """Opaque full-window background: gradient sky, stars, moon, far rooftops, wet street."""
    art = pictures.picture(f"town/backdrop{'' if street else '-no-street'}.svg", size, fill=True, keep=False)
    return window_format(art, alpha=False)


def doorway(size: tuple[int, int], game: str, lit: bool) -> pygame.Surface:
    """A house front with a door; lit doors glow warm with the table's colours."""
    return pictures.picture(f"town/door-{_own(game)}{'' if lit else '-dark'}.svg", size)


def door_light(size: tuple[int, int], game: str) -> pygame.Surface:
    """The warm pool of light in front of a lit door (blitted with a pulsing alpha), square."""
    side = (max(size) // 2) * 2
    return pictures.picture(f"town/door-light-{_own(game)}.svg", (side, side))


@art_cache("town.street_light")
def street_light(size: tuple[int, int], game: str) -> pygame.Surface:
    """An oval pool of door light on the street: the round picture squeezed to ``size``."""
    side = (max(size) // 2) * 2
    # the round picture it is squeezed from is not kept (only this one is drawn)
    round_light = pictures.unkept(f"town/street-light-{_own(game)}.svg", (side, side))
    return window_format(pygame.transform.smoothscale(round_light, size))


def walk_offset(t: float, speed: float) -> float:
    """Vertical hop of a walking cat."""
    return -abs(math.sin(t * speed)) * 10
