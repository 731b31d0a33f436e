"""Table layouts from Tiled maps (``levels/<name>.tmx``, 1920x1080 design pixels).

Anchors are objects in object groups named ``players-2`` … ``players-6`` (one set per player
count) plus ``common`` (shared by every count). An anchor's kind is Tiled's ``type`` (Tiled ≤1.8)
or ``class`` (Tiled ≥1.9), whichever is set. ``level.anchors(players)`` returns them scaled to the
window: by ``height / 1080`` and centred horizontally, the same rule as ``app.s``.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from xml.etree import ElementTree

import pygame

from game.files.jsonfile import short
from game.runtime.assets import resource_path

DESIGN_SIZE = (1920, 1080)
MAX_LEVEL_BYTES = 4 * 1024 * 1024      # a level is ~30 KB


class LayoutError(ValueError):
    """A level that does not load or lacks an anchor; the message names the map and the anchor."""


@dataclass(frozen=True)
class Anchor:
    name: str
    rect: pygame.Rect
    properties: dict = field(default_factory=dict)
    kind: str = ""

    @property
    def center(self) -> tuple[int, int]:
        return self.rect.center

    @property
    def rotation(self) -> float:
        return float(self.properties.get("rotation", 0) or 0)


def _kind(obj) -> str:
    for attr in ("type", "class", "class_"):
        value = getattr(obj, attr, None)
        if isinstance(value, str) and value:
            return value
    value = obj.properties.get("class") if hasattr(obj, "properties") else None
    return value if isinstance(value, str) else ""


def design_scale(size: tuple[int, int]) -> float:
    """Window pixels per design pixel: height / 1080, or width / 1920 on windows narrower than
    16:9 (so nothing falls off the sides of a 4:3 screen)."""
    w, h = size
    return min(h / DESIGN_SIZE[1], w / DESIGN_SIZE[0])


def scale_for(size: tuple[int, int]) -> tuple[float, float, float]:
    """(scale, x offset, y offset) that maps design pixels to a window of ``size``."""
    w, h = size
    scale = design_scale(size)
    return scale, (w - DESIGN_SIZE[0] * scale) / 2, (h - DESIGN_SIZE[1] * scale) / 2


class Level:
    def __init__(self, name: str, label: str, groups: dict[str, list[Anchor]], tmx=None,
                 size: tuple[int, int] = DESIGN_SIZE):
        self.name = name
        self.label = label          # "levels/hungry-meow.tmx" (for messages)
        self.groups = groups        # group name -> anchors in design pixels
        self.tmx = tmx
        self.size = size

    def player_counts(self) -> list[int]:
        out = []
        for g in self.groups:
            if g.startswith("players-") and g[8:].isdigit():
                out.append(int(g[8:]))
        return sorted(out)

    def _scaled(self, anchor: Anchor, size) -> Anchor:
        scale, ox, oy = scale_for(size)
        r = anchor.rect
        rect = pygame.Rect(round(ox + r.x * scale), round(oy + r.y * scale),
                           max(1, round(r.w * scale)), max(1, round(r.h * scale)))
        return Anchor(anchor.name, rect, anchor.properties, anchor.kind)

    def anchors(self, players: int, size: tuple[int, int] | None = None,
                require=()) -> dict[str, Anchor]:
        """Anchors of ``common`` and ``players-<players>`` (the latter win), scaled to the window
        (``size``, default the window this level was loaded for). ``require``: names (``{i}`` is
        expanded for each seat) that must exist, else ``LayoutError``."""
        group = f"players-{players}"
        if group not in self.groups:
            raise LayoutError(f"{self.label}: no object group '{group}' for {players} players")
        merged = {a.name: a for a in self.groups.get("common", [])}
        merged.update({a.name: a for a in self.groups[group]})
        for name in expand(require, players):
            if name not in merged:
                raise LayoutError(f"{self.label}: no anchor '{name}' for {players} players")
        size = size or self.size
        return {name: self._scaled(a, size) for name, a in merged.items()}

    def anchor(self, name: str, players: int, size=None) -> Anchor:
        found = self.anchors(players, size)
        if name not in found:
            raise LayoutError(f"{self.label}: no anchor '{name}' for {players} players")
        return found[name]

    def require(self, players: int, names) -> None:
        self.anchors(players, require=names)


def expand(names, players: int) -> list[str]:
    out = []
    for name in names:
        if "{i}" in name:
            out.extend(name.replace("{i}", str(i)) for i in range(players))
        else:
            out.append(name)
    return out


def _window_size() -> tuple[int, int]:
    try:
        surf = pygame.display.get_surface()
    except pygame.error:
        surf = None
    return surf.get_size() if surf is not None else DESIGN_SIZE


def load_level(name: str, size: tuple[int, int] | None = None, path=None) -> Level:
    """Load ``levels/<name>.tmx`` (or ``path``). Any failure is a ``LayoutError`` naming the map."""
    import pytmx

    file = resource_path(f"levels/{name}.tmx") if path is None else path
    label = f"levels/{name}.tmx" if path is None else str(path)
    if not file.exists():
        raise LayoutError(f"{label}: no such level file")
    try:
        length = file.stat().st_size
        if length > MAX_LEVEL_BYTES:
            raise ValueError(f"{length:,} bytes, more than the {MAX_LEVEL_BYTES:,} a level may have")
        tmx = pytmx.TiledMap(str(file))
    except (ElementTree.ParseError, ValueError, KeyError, TypeError, AttributeError, OSError,
            IndexError, RecursionError) as exc:
        raise LayoutError(f"{label}: not a valid Tiled map ({short(exc)})") from exc
    groups: dict[str, list[Anchor]] = {}
    for layer in tmx.layers:
        if not isinstance(layer, pytmx.TiledObjectGroup):
            continue
        anchors = []
        for obj in layer:
            if not obj.name:
                continue
            rect = pygame.Rect(round(obj.x), round(obj.y), max(1, round(obj.width or 1)),
                               max(1, round(obj.height or 1)))
            props = dict(obj.properties)
            if getattr(obj, "rotation", 0):
                props.setdefault("rotation", float(obj.rotation))
            anchors.append(Anchor(obj.name, rect, props, _kind(obj)))
        groups.setdefault(layer.name or "", []).extend(anchors)
    return Level(name, label, groups, tmx, size or _window_size())
