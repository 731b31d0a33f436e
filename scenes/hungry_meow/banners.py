"""Hungry Meow's banners made before they show (issue 23)."""
from __future__ import annotations

from game.art.cache import ART


def banners_ahead(table) -> None:
    """The picture of a banner to come (its panel with its words: ``TableLook.banner_picture``)
    made in a frame before it shows, one a frame (``table.warm_up``): at 4K the direction's shout
    (1376x234 px and its words, ~2.5 ms) was made in the frame the ring first turns, already the
    busiest of the deal's end. The way of play is shouted in the very frame the host's choice
    arrives: while the game waits for it, both ways are made, then kept fresh by their keys (no
    lookups: ~0.1 ms a frame of the deal)."""
    presenter, look, made = table.presenter, table._banner_look(), ART.made
    shouts = presenter.shouts
    while shouts and ART.made == made:
        table.banner_picture(*shouts.pop(0), *look)
    held, now = table.__dict__.get("_ways"), (table.app.size, table.app.i18n.lang)
    if table.game.phase != "direction" or ART.made != made or held and held[0] == now and ART.touch(held[1]):
        return
    outer, ART.noting = ART.noting, []
    try:
        for way in ("cw", "ccw"):
            table.banner_picture(*presenter.direction_shout(way), *look)
            if ART.made != made:
                break
    finally:
        noted, ART.noting = ART.noting, outer
    if ART.made == made:                        # both there: what they are made of, noted
        table._ways = (now, tuple(dict.fromkeys(noted)))
