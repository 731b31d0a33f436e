"""Fish Pond, the fourth game: a whole game kept outside the program, written the way a new game
is (docs/ARCHITECTURE.md, "A fourth game") and registered by the tests only (``register()``), so
the shipped program never lists it. Its kit's ``home`` is this folder: its level, texts and palette
live here, laid out as the program's own (levels/, assets/palettes/, assets/locale/), nothing
borrowed from another game. tests/scenes/test_fourth_game.py proves the shared layers give it
undo, a hint, rules help, a results breakdown, a report and attract mode."""
