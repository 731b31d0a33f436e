"""Hungry Meow's banners made before they show (issue 23)."""
from __future__ import annotations

from game.art.cache import ART


def banners_ahead(table) -> None:
    """The picture of a banner to come (its panel with its words: ``TableLook.banner_picture``)
    made in a frame before it shows, one a frame (``table.warm_up``): at 4K the direction's shout
    (1376x234 px and its words, ~2.5 ms) was made in the frame the ring first turns, already the
    busiest of the deal's end. The way of play is shouted in the very frame the host's choice
    arrives: while the game waits for it, both ways are made, then kept fresh by their keys (no
    lookups: ~0.1 ms a frame of the deal); once chosen, the other way's are let go (~3.6 MiB at
    4K that lingered in the art budget, pushing out the pictures still drawn)."""
    presenter, look, made = table.presenter, table._banner_look(), ART.made
    shouts = presenter.shouts
    while shouts and ART.made == made and table.banner_ahead(*shouts[0], *look):
        shouts.pop(0)                           # (made a step a frame: its words, then the panel)
    held, now = table.__dict__.get("_ways"), (table.app.size, table.app.i18n.lang)
    if table.feed.public["phase"] != "direction":
        if held is not None:                    # chosen: the other way's pictures are let go
            table._ways = None
            chosen = table.feed.public["direction"]
            keep = {full for way, noted in held[1] if way == chosen for full in noted}
            for full in {full for way, noted in held[1] if way != chosen for full in noted} - keep:
                ART.forget(*full)
        return
    if ART.made != made or held and held[0] == now and ART.touch([f for _, noted in held[1] for f in noted]):
        return                                  # (made: kept fresh by their keys, no lookups)
    ways = []
    for way in ("cw", "ccw"):
        outer, ART.noting = ART.noting, []
        try:
            table.banner_picture(*presenter.direction_shout(way), *look)
        finally:
            noted, ART.noting = ART.noting, outer
        ways.append((way, tuple(dict.fromkeys(noted))))
        if ART.made != made:
            return
    table._ways = (now, tuple(ways))            # both there: what each is made of, noted
