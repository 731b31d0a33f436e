"""Widgets and spatial focus for every screen (menus and tables)."""
from game.ui.focus import FocusGroup, FocusRing, direction_score
from game.ui.widgets import Button, draw_hints, glyph

__all__ = ["Button", "FocusGroup", "FocusRing", "direction_score", "draw_hints", "glyph"]
