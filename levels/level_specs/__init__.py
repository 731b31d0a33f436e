"""What levels/level_tool.py makes a first version of, one module per game: ``GAME``, ``TILESET``
(the tileset's name), ``TILE_COUNT``, ``BACKGROUND``, ``paint_tiles()`` (the tile images in index
order), ``tile_grid()`` (tile indexes, row by row), ``COMMON`` (anchors every player count shares)
and ``seat_objects(players)`` (the players-N group as (name, rect, properties) rows). A name
``zone:*`` is written as a Tiled ``zone`` (room a table keeps for something it draws), any other
as an ``anchor``. The specs say what the edited maps hold: a forced run makes today's maps
(tests/runtime/test_level_specs_match.py), so an edit saved in Tiled belongs in the spec too.
Every map is COLS x ROWS tiles of TILE px: 1920 x 1080 design pixels."""
TILE = 60
COLS, ROWS = 32, 18

